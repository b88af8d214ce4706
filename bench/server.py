"""Web server load: concurrent Keezen matches played by client-side random bots over HTTP + WS.

The server runs as a subprocess (`ludoteca serve`, a temporary SQLite file, bot delay 0). Every
seat of every match is a client: it listens on its own WebSocket and, when a view shows it legal
actions, posts a random one. Measured: actions per second over all matches, and the latency from
posting an action to receiving, on the actor's socket, the view with the new state_id. Run from
the project root:

    .venv/bin/python bench/server.py [--matches 50] [--players 4] [--think-ms 0]

Abuse mode (issue 9) adds matches played by the server's own bots, every seat a bot, that run
beside the client-paced ones; it reports how many the server accepted and the bot moves per
second it made, read from the database:

    .venv/bin/python bench/server.py --think-ms 1000 --bot-matches 300 [--max-bot-matches 1000]

The output is plain text meant to be pasted into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from engine import header

URL_LINE = re.compile(r"serving on (http://\S+)")
START_SECONDS = 30.0
MAX_MESSAGE = 1 << 24


@dataclass
class Totals:
    """What all seat clients measured."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    messages: int = 0
    finished: int = 0
    bot_matches: list[str] = field(default_factory=list)
    bot_refused: dict[str, int] = field(default_factory=dict)
    """Refused creations of all-bot matches, by error code."""
    bot_moves: int = 0


def start_server(
    database: Path, log: Path, options: list[str]
) -> tuple[subprocess.Popen[bytes], str]:
    """Start `ludoteca serve` on a free port; return the process and its base URL."""
    # The benchmark is one client address creating hundreds of matches: no rate limits.
    unlimited = ["--create-rate", "1000000/minute", "--request-rate", "1000000/minute"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "ludoteca.cli", "serve", "--port", "0",
             "--database-url", f"sqlite:///{database}", "--bot-delay", "0",
             *unlimited, *options],
            stdout=out, stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + START_SECONDS
    while not (found := URL_LINE.search(log.read_text())):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the server did not start:\n{log.read_text()}")
        time.sleep(0.05)
    base = found.group(1).rstrip("/")
    while True:
        try:
            if httpx.get(f"{base}/api/games").status_code == 200:
                return process, base
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the server does not answer")
        time.sleep(0.05)


async def play_seat(
    http: httpx.AsyncClient,
    base: str,
    match_id: str,
    token: str,
    rng: random.Random,
    think: float,
    deadline: float,
    totals: Totals,
) -> None:
    """Play one seat until the game or the time ends: act on every view with legal actions."""
    ws_url = base.replace("http://", "ws://") + f"/api/matches/{match_id}/ws"
    posted_at: dict[int, float] = {}  # state_id the action should produce -> time posted
    acted: set[int] = set()
    posts: set[asyncio.Task[None]] = set()

    async def post(state_id: int, action: str) -> None:
        if think > 0:
            await asyncio.sleep(rng.expovariate(1 / think))
        posted_at[state_id + 1] = time.perf_counter()
        body = {"token": token, "state_id": state_id, "action": action}
        try:
            response = await http.post(f"/api/matches/{match_id}/actions", json=body)
            accepted = response.status_code == 200
        except httpx.TransportError:  # a kept-alive connection the server closed meanwhile
            accepted = False
        if not accepted:
            totals.refused += 1
            posted_at.pop(state_id + 1, None)

    loop = asyncio.get_running_loop()
    stop = loop.time() + (deadline - time.perf_counter())
    async with connect(ws_url, max_size=MAX_MESSAGE) as socket:
        await socket.send(json.dumps({"token": token}))  # the hello: the seat, not in the URL
        try:
            async with asyncio.timeout_at(stop):
                async for raw in socket:
                    arrived = time.perf_counter()
                    totals.messages += 1
                    view: dict[str, Any] = json.loads(raw)
                    state_id = view["state_id"]
                    for target in [t for t in posted_at if t <= state_id]:
                        totals.latencies.append(arrived - posted_at.pop(target))
                    observation = view["observation"]
                    if observation["terminal"]:
                        totals.finished += 1
                        break
                    legal = observation["legal_actions"]
                    if legal and state_id not in acted:
                        acted.add(state_id)
                        totals.actions += 1
                        task = asyncio.create_task(post(state_id, rng.choice(legal)))
                        posts.add(task)
                        task.add_done_callback(posts.discard)
        except TimeoutError:
            pass  # the measured time is over
    await asyncio.gather(*posts)


def stored_actions(database: Path, match_ids: list[str]) -> int:
    """Return the number of actions stored so far for the matches `match_ids`."""
    if not match_ids:
        return 0
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=60) as connection:
        marks = ",".join("?" * len(match_ids))
        query = f"SELECT count(*) FROM actions WHERE match_id IN ({marks})"
        count: int = connection.execute(query, match_ids).fetchone()[0]
    return count


async def create_bot_matches(
    http: httpx.AsyncClient, count: int, players: int, bot: str, seed: int, totals: Totals
) -> None:
    """Create `count` matches whose every seat is a server bot; count the refusals by code."""
    seats = [{"type": "bot", "bot": bot}] * players
    for index in range(count):
        body = {"game": "keezen", "players": players, "seats": seats,
                "seed": seed * 100_000 + 50_000 + index}
        response = await http.post("/api/matches", json=body)
        if response.status_code == 201:
            totals.bot_matches.append(response.json()["match_id"])
        else:
            code = response.json().get("error", {}).get("code", str(response.status_code))
            totals.bot_refused[code] = totals.bot_refused.get(code, 0) + 1


async def run(
    base: str,
    database: Path,
    matches: int,
    players: int,
    think: float,
    seconds: float,
    seed: int,
    bot_matches: int = 0,
    bot: str = "heuristic",
) -> tuple[Totals, float]:
    """Create the matches, play them concurrently for `seconds`; return totals and wall time."""
    totals = Totals()
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=matches * players, max_keepalive_connections=matches)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        # The server's bots start playing at once; the client-paced matches come after them.
        await create_bot_matches(http, bot_matches, players, bot, seed, totals)
        seats = []
        for index in range(matches):
            body = {"game": "keezen", "players": players, "hotseat": True,
                    "seed": seed * 100_000 + index}
            created = (await http.post("/api/matches", json=body)).json()
            for token in created["tokens"].values():
                seats.append((created["match_id"], token, random.Random(rng.getrandbits(64))))
        bot_moves = await asyncio.to_thread(stored_actions, database, totals.bot_matches)
        started = time.perf_counter()
        deadline = started + seconds
        await asyncio.gather(*[
            play_seat(http, base, match_id, token, seat_rng, think, deadline, totals)
            for match_id, token, seat_rng in seats
        ])
        ended = min(time.perf_counter(), deadline)
        bot_moves = await asyncio.to_thread(stored_actions, database, totals.bot_matches) - (
            bot_moves
        )
        # The bots' moves per second over the measured window (counted a little after its end).
        totals.bot_moves = round(bot_moves * (ended - started) / (time.perf_counter() - started))
        return totals, ended - started


def cpu_seconds(pid: int | None = None) -> float:
    """Return the CPU time (user + system) used so far by process `pid` (None: this one)."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], fraction: float) -> float:
    """Return the `fraction` quantile of `values` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def main() -> None:
    """Run the benchmark and print its report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches (50)")
    parser.add_argument("--players", type=int, default=4, help="players per match (4)")
    parser.add_argument(
        "--think-ms", type=float, default=0.0,
        help="mean client thinking time before each action, exponential (default 0: none)",
    )
    parser.add_argument(
        "--seconds", type=float, default=30.0,
        help="stop acting after this many seconds (default 30; games may not finish)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the bots")
    parser.add_argument(
        "--bot-matches", type=int, default=0,
        help="abuse mode: also create this many matches of server bots only (default 0)",
    )
    parser.add_argument(
        "--bot", default="heuristic", help="the server bot of those matches (heuristic)"
    )
    parser.add_argument(
        "--max-bot-matches", type=int, default=None,
        help="passed to ludoteca serve (default: the server's own default)",
    )
    args = parser.parse_args()
    options = [] if args.max_bot_matches is None else [
        "--max-bot-matches", str(args.max_bot_matches)
    ]
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="ludoteca-bench-") as folder:
        database = Path(folder) / "bench.sqlite3"
        process, base = start_server(database, Path(folder) / "server.log", options)
        try:
            server_cpu, client_cpu = cpu_seconds(process.pid), cpu_seconds()
            totals, elapsed = asyncio.run(
                run(base, database, args.matches, args.players, args.think_ms / 1000,
                    args.seconds, args.seed, args.bot_matches, args.bot)
            )
            server_cpu = cpu_seconds(process.pid) - server_cpu
            client_cpu = cpu_seconds() - client_cpu
        finally:
            process.terminate()
            process.wait(timeout=30)
    latencies = [1000 * value for value in totals.latencies]
    load_after = os.getloadavg()[0]
    print(header())
    print("server    ludoteca serve, SQLite (WAL) in a temporary folder, bot delay 0")
    print(f"machine   load average {load_before:.1f} before, {load_after:.1f} after (1 minute)")
    print(f"load      {args.matches} matches x {args.players} seats, client-side random bots, "
          f"think time {args.think_ms:g} ms, {args.seconds:g} s")
    if args.bot_matches:
        refused = ", ".join(f"{n} {code}" for code, n in totals.bot_refused.items()) or "none"
        print(f"abuse     {args.bot_matches} matches of {args.players} server bots "
              f"({args.bot}) asked for: {len(totals.bot_matches)} running, refused: {refused}"
              + ("" if args.max_bot_matches is None else
                 f"; --max-bot-matches {args.max_bot_matches}"))
    print()
    print(f"  games finished         {totals.finished // args.players:10d}")
    print(f"  actions                {totals.actions:10d}")
    print(f"  refused actions        {totals.refused:10d}")
    print(f"  socket messages        {totals.messages:10d}")
    print(f"  elapsed (s)            {elapsed:10.2f}")
    print(f"  actions/s              {totals.actions / elapsed:10.1f}")
    print(f"  messages/s             {totals.messages / elapsed:10.1f}")
    if args.bot_matches:
        print(f"  server bot moves       {totals.bot_moves:10d}")
        print(f"  server bot moves/s     {totals.bot_moves / elapsed:10.1f}")
    per_action = 1000 / max(totals.actions, 1)
    print(f"  server CPU (s)         {server_cpu:10.1f}")
    print(f"  server CPU ms/action   {server_cpu * per_action:10.2f}")
    print(f"  client CPU ms/action   {client_cpu * per_action:10.2f}")
    if latencies:
        print("  action -> own view (ms)")
        print(f"    p50                  {percentile(latencies, 0.50):10.1f}")
        print(f"    p90                  {percentile(latencies, 0.90):10.1f}")
        print(f"    p99                  {percentile(latencies, 0.99):10.1f}")
        print(f"    max                  {max(latencies):10.1f}")
        print(f"    mean                 {statistics.fmean(latencies):10.1f}")


if __name__ == "__main__":
    main()
