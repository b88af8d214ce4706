"""Hard-bot abuse: how long another player waits for a quick bot while one address keeps many
hard (ISMCTS) bots busy (issue 23, finding 4).

A real server is started (`ludoteca serve`, as bench/server.py starts it, with the server's own
bot delay and thinking time). One client address, the abuser, creates `--abusive-matches`
Keezen matches of one person and three ISMCTS bots with a 5 s clock per move, and never moves:
the hard bots think on every other turn, and once the person's turn comes and their time runs
out, a bot takes the seat and only bots play the match. After `--warmup-seconds`, another
address, the victim, plays a match against the heuristic bot (or `--victim-bot`): it posts a
move and measures the time until the bot's answer is stored (polling the match), `--samples`
times. The addresses are told to the server in X-Forwarded-For, which uvicorn trusts from
127.0.0.1.

    .venv/bin/python bench/bot_abuse.py                        # this tree's scheduler
    .venv/bin/python bench/bot_abuse.py --source /tmp/base     # the server of another tree

`--source` runs the server from another checkout's `src` (e.g. `git worktree add /tmp/base
f9e27a5`, the scheduler before the fix); `--abusive-matches 0` measures the victim alone.
The output is plain text meant to be pasted into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from engine import header
from server import percentile, start_server

ABUSER = "10.0.0.66"
VICTIM = "10.0.0.7"
PER_MOVE_CLOCK = {"mode": "move", "seconds": 5}
ABUSIVE_SEATS = [{"type": "human"}] + [{"type": "bot", "bot": "ismcts"}] * 3
POLL_SECONDS = 0.02
WAIT_SECONDS = 600.0
"""Longest wait for anything (the abuse to set in, a bot's reply) before the run fails."""


def as_address(address: str) -> dict[str, str]:
    """Return the headers that make the server see the request come from `address`."""
    return {"X-Forwarded-For": address}


def summary(http: httpx.Client, base: str, match_id: str) -> dict[str, Any]:
    """Return the summary of a match."""
    response = http.get(f"{base}/api/matches/{match_id}", headers=as_address(VICTIM))
    response.raise_for_status()
    result: dict[str, Any] = response.json()
    return result


def wait_until(what: str, condition: Any) -> Any:
    """Poll `condition` until it returns something true; RuntimeError after WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not (result := condition()):
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        time.sleep(POLL_SECONDS)
    return result


def start_abuse(http: httpx.Client, base: str, count: int) -> list[str]:
    """Create the abuser's stalling matches; return their ids."""
    match_ids = []
    for _ in range(count):
        response = http.post(f"{base}/api/matches", headers=as_address(ABUSER), json={
            "game": "keezen", "players": 4, "seats": ABUSIVE_SEATS, "clock": PER_MOVE_CLOCK,
        })
        response.raise_for_status()
        match_ids.append(response.json()["match_id"])
    return match_ids


def bots_only(http: httpx.Client, base: str, match_ids: list[str]) -> int:
    """Return how many of the matches bots alone play now (their person's time ran out)."""
    return sum(
        bool(summary(http, base, match_id)["seats"][0]["replaced"]) for match_id in match_ids
    )


def victim_latencies(http: httpx.Client, base: str, samples: int, bot: str) -> list[float]:
    """Play the victim's match against the server's `bot`; return the seconds from each of its
    moves (the answer to the POST) to the bot's reply being stored."""
    created = http.post(f"{base}/api/matches", headers=as_address(VICTIM), json={
        "game": "keezen", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "bot": bot}],
    })
    created.raise_for_status()
    match_id, token = created.json()["match_id"], created.json()["tokens"]["0"]
    auth = {**as_address(VICTIM), "Authorization": f"Bearer {token}"}
    latencies: list[float] = []
    while len(latencies) < samples:
        view = wait_until("the victim's turn", lambda: _own_turn(http, base, match_id, auth))
        if view["match"]["status"] != "running":  # the game ended: a new one
            return latencies + victim_latencies(http, base, samples - len(latencies), bot)
        legal = view["observation"]["legal_actions"]
        moved = http.post(f"{base}/api/matches/{match_id}/actions", headers=auth, json={
            "token": token, "state_id": view["state_id"], "action": legal[0],
        })
        moved.raise_for_status()
        after = moved.json()
        if after["match"]["current_player"] != 1:
            continue  # the victim moves again (or the game ended): no bot reply to time
        posted = time.monotonic()
        reply = functools.partial(_summary_past, http, base, match_id, after["state_id"])
        wait_until("the bot's reply", reply)
        latencies.append(time.monotonic() - posted)
    return latencies


def _own_turn(
    http: httpx.Client, base: str, match_id: str, auth: dict[str, str]
) -> dict[str, Any] | None:
    response = http.get(f"{base}/api/matches/{match_id}/view", headers=auth)
    response.raise_for_status()
    view: dict[str, Any] = response.json()
    match = view["match"]
    return view if match["current_player"] == 0 or match["status"] != "running" else None


def _summary_past(http: httpx.Client, base: str, match_id: str, state_id: int) -> bool:
    return bool(summary(http, base, match_id)["state_id"] > state_id)


def source_commit(source: Path) -> str:
    """Return the short commit of the tree the server runs from."""
    result = subprocess.run(["git", "-C", str(source), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False)
    return result.stdout.strip() or "unknown"


def parse_arguments() -> argparse.Namespace:
    """Return the command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--abusive-matches", type=int, default=15,
                        help="stalling matches of hard bots from one address (15)")
    parser.add_argument("--samples", type=int, default=20, help="victim bot replies timed (20)")
    parser.add_argument("--victim-bot", default="heuristic",
                        help="the bot the victim plays against (heuristic; ismcts: a hard one)")
    parser.add_argument("--warmup-seconds", type=float, default=30.0,
                        help="wait this long after the abuse starts before measuring (30)")
    parser.add_argument("--source", type=Path, default=None, metavar="TREE",
                        help="run the server from TREE/src (default: this tree)")
    parser.add_argument("--max-bot-matches", type=int, default=None,
                        help="passed to ludoteca serve (default: the server's own)")
    return parser.parse_args()


def main() -> None:
    """Run the benchmark and print its report."""
    args = parse_arguments()
    source = (args.source or Path(__file__).resolve().parent.parent).resolve()
    if args.source is not None:
        # The server process imports ludoteca from that tree, ahead of the installed one.
        os.environ["PYTHONPATH"] = str(source / "src")
    options = ["--bot-delay", "0.4"]  # the server's default (bench/server.py passes 0)
    if args.max_bot_matches is not None:
        options += ["--max-bot-matches", str(args.max_bot_matches)]
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="ludoteca-abuse-") as name:
        folder = Path(name)
        process, base = start_server(
            f"sqlite:///{folder}/abuse.sqlite3", None, folder / "server.log", options, None
        )
        try:
            with httpx.Client(timeout=60) as http:
                abusive = start_abuse(http, base, args.abusive_matches)
                time.sleep(args.warmup_seconds)  # every match's hard bots are thinking by now
                bot_only_before = bots_only(http, base, abusive)
                latencies = victim_latencies(http, base, args.samples, args.victim_bot)
                bot_only_after = bots_only(http, base, abusive)
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(header())
    print(f"server    {source} at {source_commit(source)}, ludoteca serve (SQLite), "
          f"bot delay 0.4 s, bot thinking 1 s, 1 bot process"
          + ("" if args.max_bot_matches is None else f", --max-bot-matches "
             f"{args.max_bot_matches}"))
    print(f"machine   load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after "
          "(1 minute)")
    print(f"abuse     {args.abusive_matches} matches (1 person who never moves + 3 ISMCTS bots, "
          f"5 s per move) from {ABUSER}; measured from {args.warmup_seconds:g} s after their "
          f"creation, when {bot_only_before} were played by bots only ({bot_only_after} at "
          "the end)")
    print(f"victim    {len(latencies)} {args.victim_bot} bot replies in a 2-player Keezen match, "
          f"from {VICTIM}")
    print()
    print("| victim's bot reply (s) | mean | p50 | p90 | max |")
    print("|---|---|---|---|---|")
    print(f"| {args.abusive_matches} abusive matches | {statistics.fmean(latencies):.2f} "
          f"| {percentile(latencies, 0.5):.2f} | {percentile(latencies, 0.9):.2f} "
          f"| {max(latencies):.2f} |")


if __name__ == "__main__":
    sys.exit(main())
