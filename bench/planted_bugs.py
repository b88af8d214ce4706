"""Planted bugs: does the default test tier (`pytest -m "not soak"`) still find real defects?

Each bug below is a small, realistic edit of one source file of a game: a literal replacement
of `old_text` by `new_text`, which must occur exactly once. For each bug the script

1. makes a throwaway copy of a commit (`git worktree add --detach /tmp/planted/<commit>/<id>`),
2. plants the bug there (it fails loudly if `old_text` is not found exactly once),
3. checks that the copy's sources are the ones imported (`PYTHONPATH=<copy>/src:<copy>` with
   the main venv's interpreter, and a print of `ludoteca.__file__`),
4. runs `python -m pytest -q -x -p no:cacheprovider -m "not soak"` in the copy on
   (a) the game's conformance tests: `tests/games/<game>/test_conformance.py` plus
       `tests/plugin/test_conformance_every_game.py`, with `-k <game>`;
   (b) with `--selection all`, also the game's whole folder `tests/games/<game>` and
       `tests/plugin` (the conformance modules last, so a rule test that fails is named
       first), on `--workers` pytest-xdist workers,
5. removes the copy, and records whether the run failed (the bug was caught), the first
   failing test and, from the harness's message `<game> game N (check seed S, …), step K`,
   how many games of that test it took (N is 0-based).

It prints a Markdown table and, with `--json`, writes the outcomes to a file. Runs are serial
(one bug at a time) and capped with `timeout`. A failure that is no ConformanceError (the
harness before 6bc2548 let other exceptions through) names no game.

The bug sites were chosen at b8e17ed (the harness before the scheduled deep checks, whose
default tier still ran the 300-game tests) and still match 6bc2548 (the new harness); the
games are being refactored, so a later commit may no longer hold an `old_text`. Examples:

    .venv/bin/python bench/planted_bugs.py --commit b8e17ed --selection conformance
    .venv/bin/python bench/planted_bugs.py --commit 6bc2548 --selection all
    .venv/bin/python bench/planted_bugs.py --commit 6bc2548 --selection all --only tnt-blind-log
    .venv/bin/python bench/planted_bugs.py --only baseline      # no bug: every run must pass
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PYTHON = REPO / ".venv" / "bin" / "python"
WORKTREES = Path("/tmp/planted")
PYTEST = ["-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not soak"]
HARNESS_MESSAGE = re.compile(
    r"\b(?P<game>\w+) game (?P<index>\d+) \(check seed (?P<seed>-?\d+)"
    r"(?:, game seed (?P<game_seed>\d+))?\), step (?P<step>\d+)"
)
FIRST_FAILURE = re.compile(r"^(?:FAILED|ERROR) (.+?)(?: - |$)", re.MULTILINE)
TIMED_OUT = 124
"""The exit status of `timeout` when it had to stop the run."""


@dataclass(frozen=True)
class Bug:
    """One planted bug: replace `old_text` by `new_text` in `path` (relative to the repository)."""

    id: str
    game: str
    kind: str
    description: str
    path: str
    old_text: str
    new_text: str


KEEZEN = "src/ludoteca/games/keezen"
ELFENLAND = "src/ludoteca/games/elfenland"
TNT = "src/ludoteca/games/thurn_und_taxis"
SUITORS = "src/ludoteca/games/suitors_paths"

BUGS: tuple[Bug, ...] = (
    Bug("keezen-spectator-deal", "keezen", "spectator leak",
        "a deal's log line is rendered omniscient for seat None: spectators read every hand",
        f"{KEEZEN}/observe.py",
        "    text = event_line(board, event, viewer)\n",
        "    text = event_line(board, event, viewer, omniscient=viewer is None)\n"),
    Bug("keezen-split7-capture", "keezen", "notation parse",
        "copy-paste slip: a split 7's second part takes its capture mark from the first part, "
        "so `7: a-b, c-dx` no longer parses (round trip breaks for that rare action only)",
        f"{KEEZEN}/actions.py",
        '            cap2 == "x",\n',
        '            cap == "x",\n'),
    Bug("keezen-jack-protected", "keezen", "missed rule",
        "K48: the Jack may swap with another colour's pawn standing protected on its start "
        "square",
        f"{KEEZEN}/moves.py",
        "for loc in locs if loc < length and loc != self.starts[other]",
        "for loc in locs if loc < length"),
    Bug("tnt-blind-log", "thurn_und_taxis", "blind-draw leak",
        "blind_draw: the log hides the card of a `TD` in its token but keeps it in the entry's "
        "`city` field for every seat",
        f"{TNT}/observe.py",
        '                    token = f"TD:{city}"\n'
        "                else:\n"
        "                    city = None\n",
        '                    token = f"TD:{city}"\n'),
    Bug("tnt-drop-parse", "thurn_und_taxis", "notation parse",
        "a hand-limit discard `X[...]` keeps each remaining city once: a discard that keeps two "
        "cards of one city no longer parses (rare action kind)",
        f"{TNT}/rules.py",
        "kept = tuple(city for city, count in enumerate(hand) for _ in range(count))",
        "kept = tuple(city for city, count in enumerate(hand) if count)"),
    Bug("tnt-second-official", "thurn_und_taxis", "missed rule",
        "T10: after a play, the Postal Carrier and the Cartwright are offered although the "
        "turn's official (Administrator or Postmaster) was already used",
        f"{TNT}/moves.py",
        "if point == Point.AFTER_PLAY and free:",
        "if point == Point.AFTER_PLAY:"),
    Bug("elfenland-secret-counter", "elfenland", "blind-draw leak",
        "E12: the log entry of a face-down counter draw carries the counter for every seat "
        "(only its text hides it)",
        f"{ELFENLAND}/observe.py",
        "counter = _letter(event.counter) if own else None",
        "counter = _letter(event.counter)"),
    Bug("elfenland-caravan-obstacle", "elfenland", "missed rule",
        "E27: a caravan across a road with an obstacle costs 3 cards instead of 4",
        f"{ELFENLAND}/moves.py",
        "caravan = CARAVAN_CARDS + surcharge",
        "caravan = CARAVAN_CARDS"),
    Bug("suitors-spectator-deck", "suitors_paths", "spectator leak",
        "a card taken from the deck is hidden from the other seats' logs but shown to seat None",
        f"{SUITORS}/observe.py",
        'if kind == "take_deck" and viewer != result["seat"]:',
        'if kind == "take_deck" and viewer is not None and viewer != result["seat"]:'),
    Bug("suitors-bid-zero", "suitors_paths", "notation parse",
        "P16: the bid reader accepts 1 to 6, so the legal opening `open <hex> 0` does not parse",
        f"{SUITORS}/actions.py",
        'word not in "0123456"',
        'word not in "123456"'),
    Bug("suitors-three-hex-rule", "suitors_paths", "missed rule",
        "P53 off by one: a girl at path distance exactly 3 from the girl just connected may "
        "step towards her",
        f"{SUITORS}/moves.py",
        "if before <= GIRL_RULE_DISTANCE and",
        "if before < GIRL_RULE_DISTANCE and"),
)
BASELINE = Bug("baseline", "", "none", "no bug planted: every run must pass", "", "", "")
GAMES = ("keezen", "elfenland", "thurn_und_taxis", "suitors_paths")


@dataclass
class Outcome:
    """What one pytest run of one selection said about one bug."""

    status: str
    """`caught` (a test failed), `missed` (all passed), `timeout` or `error` (pytest's own)."""
    test: str | None
    """The first failing test's node id."""
    harness_game: int | None
    """N of the harness's `game N`: the failing game's 0-based index in its test."""
    harness_step: int | None
    seconds: float
    log: str
    """The file holding the run's whole output."""


# -- the copy ------------------------------------------------------------------------------------


def git(*args: str) -> str:
    """Run git in the main repository and return its output."""
    return subprocess.run(["git", "-C", str(REPO), *args], check=True, capture_output=True,
                          text=True).stdout


@contextmanager
def worktree(commit: str, name: str, keep: bool = False) -> Iterator[Path]:
    """Yield a detached worktree of `commit` at /tmp/planted/<commit>/<name>, removed afterwards.

    The commit's short hash in the path lets runs on two commits go side by side.
    """
    path = WORKTREES / git("rev-parse", "--short", commit).strip() / name
    if path.exists():
        git("worktree", "remove", "--force", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    git("worktree", "add", "--detach", str(path), commit)
    try:
        yield path
    finally:
        if not keep:
            git("worktree", "remove", "--force", str(path))


def plant(copy: Path, bug: Bug) -> None:
    """Apply the bug's replacement in the copy; fail unless `old_text` occurs exactly once."""
    if not bug.path:
        return
    target = copy / bug.path
    source = target.read_text()
    found = source.count(bug.old_text)
    if found != 1:
        raise SystemExit(f"{bug.id}: old_text occurs {found} times in {bug.path}, not once")
    target.write_text(source.replace(bug.old_text, bug.new_text))


def environment(copy: Path) -> dict[str, str]:
    """Return the environment that makes the main venv's Python import the copy's sources."""
    return {**os.environ, "PYTHONPATH": f"{copy / 'src'}:{copy}", "PYTHONDONTWRITEBYTECODE": "1"}


def check_imports_copy(copy: Path) -> None:
    """Print `ludoteca.__file__` as the copy's interpreter sees it; fail if it is elsewhere."""
    where = subprocess.run(
        [str(PYTHON), "-c", "import ludoteca; print(ludoteca.__file__)"], cwd=copy,
        env=environment(copy), check=True, capture_output=True, text=True,
    ).stdout.strip()
    print(f"  ludoteca imported from {where}", flush=True)
    if not Path(where).resolve().is_relative_to(copy.resolve()):
        raise SystemExit(f"ludoteca comes from {where}, not from the copy {copy}")


# -- the selections ------------------------------------------------------------------------------


def conformance_selection(game: str) -> list[str]:
    """Return selection (a): the game's conformance tests and its part of the plugin's."""
    return [f"tests/games/{game}/test_conformance.py",
            "tests/plugin/test_conformance_every_game.py", "-k", game]


def whole_selection(copy: Path, game: str) -> list[str]:
    """Return selection (b): the game's folder and tests/plugin, conformance modules last."""
    files = sorted((copy / "tests" / "games" / game).glob("test_*.py"))
    files += sorted((copy / "tests" / "plugin").glob("test_*.py"))
    files.sort(key=lambda file: "conformance" in file.name)  # stable: folders keep their order
    return [str(file.relative_to(copy)) for file in files]


def run_pytest(copy: Path, selection: list[str], workers: int, seconds: int,
               log: Path) -> Outcome:
    """Run pytest on `selection` in the copy, capped at `seconds`; return what it found."""
    command = ["timeout", "-k", "30", str(seconds), str(PYTHON), *PYTEST]
    if workers > 1:
        command += ["-n", str(workers), "--dist", "worksteal"]
    start = time.monotonic()
    done = subprocess.run([*command, *selection], cwd=copy, env=environment(copy),
                          capture_output=True, text=True)
    elapsed = time.monotonic() - start
    output = done.stdout + done.stderr
    log.write_text(" ".join(command + selection) + "\n\n" + output)
    return outcome_of(done.returncode, output, elapsed, log)


def outcome_of(returncode: int, output: str, seconds: float, log: Path) -> Outcome:
    """Read pytest's exit status and output: caught, missed, timeout or error."""
    failure = FIRST_FAILURE.search(output)
    message = HARNESS_MESSAGE.search(output)
    if returncode == TIMED_OUT:
        status = "timeout"
    elif returncode == 0:
        status = "missed"
    elif returncode == 1 or failure:
        status = "caught"
    else:
        status = "error"
    return Outcome(
        status=status,
        test=failure.group(1) if failure else None,
        harness_game=int(message["index"]) if message and status == "caught" else None,
        harness_step=int(message["step"]) if message and status == "caught" else None,
        seconds=round(seconds, 1),
        log=str(log),
    )


# -- one bug, the table ---------------------------------------------------------------------------


def run_bug(bug: Bug, commit: str, selection: str, workers: int, seconds: int,
            keep: bool) -> dict[str, Outcome]:
    """Plant `bug` in a copy of `commit` and run the selections; return their outcomes."""
    games = (bug.game,) if bug.game else GAMES
    outcomes: dict[str, Outcome] = {}
    label = git("rev-parse", "--short", commit).strip()
    with worktree(commit, bug.id, keep) as copy:
        plant(copy, bug)
        check_imports_copy(copy)
        for game in games:
            suffix = "" if bug.game else f":{game}"
            log = WORKTREES / f"{label}-{bug.id}{suffix.replace(':', '-')}-a.log"
            print(f"  (a) {game} ...", flush=True)
            found = run_pytest(copy, conformance_selection(game), 1, seconds, log)
            outcomes["a" + suffix] = found
            print(f"      {describe(found)}", flush=True)
            if selection == "all":
                log = WORKTREES / f"{label}-{bug.id}{suffix.replace(':', '-')}-b.log"
                print(f"  (b) {game} ...", flush=True)
                found = run_pytest(copy, whole_selection(copy, game), workers, seconds, log)
                outcomes["b" + suffix] = found
                print(f"      {describe(found)}", flush=True)
    return outcomes


def describe(outcome: Outcome | None) -> str:
    """Return one table cell: caught or not, by which test, in which game of the harness."""
    if outcome is None:
        return "–"
    text = outcome.status
    if outcome.status == "caught":
        if outcome.harness_game is not None:
            text += f" in game {outcome.harness_game} (step {outcome.harness_step})"
        text += f" by `{outcome.test}`"
    return f"{text}, {outcome.seconds:.0f} s"


def table(results: dict[str, dict[str, Outcome]], bugs: dict[str, Bug]) -> str:
    """Return the Markdown table of every bug's outcomes."""
    columns = sorted({key for outcomes in results.values() for key in outcomes})
    lines = ["| bug | game | kind | description | " + " | ".join(columns) + " |",
             "|---|---|---|---|" + "---|" * len(columns)]
    for bug_id, outcomes in results.items():
        bug = bugs[bug_id]
        cells = [describe(outcomes.get(key)) for key in columns]
        lines.append(f"| {bug.id} | {bug.game or 'all'} | {bug.kind} | {bug.description} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines)


def stop_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit, so that a stopped run still removes its copy."""
    def stop(signum: int, frame: object) -> None:
        raise SystemExit(f"stopped by signal {signum}")
    signal.signal(signal.SIGTERM, stop)


def main(argv: list[str] | None = None) -> int:
    """Plant the chosen bugs one at a time, run the selections, print the table."""
    stop_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commit", default="HEAD", help="the commit to copy (default HEAD)")
    parser.add_argument("--only", action="append", metavar="ID",
                        help="run only this bug (repeatable); `baseline` plants none")
    parser.add_argument("--selection", choices=("conformance", "all"), default="conformance",
                        help="conformance: (a) only; all: (a) then (b)")
    parser.add_argument("--workers", type=int, default=2, help="xdist workers for (b)")
    parser.add_argument("--timeout", type=int, default=900, help="cap of each pytest run, s")
    parser.add_argument("--json", type=Path, help="also write the outcomes to this file")
    parser.add_argument("--keep", action="store_true", help="keep the copies for inspection")
    args = parser.parse_args(argv)

    bugs = {bug.id: bug for bug in (*BUGS, BASELINE)}
    chosen = args.only or [bug.id for bug in BUGS]
    unknown = [bug_id for bug_id in chosen if bug_id not in bugs]
    if unknown:
        parser.error(f"unknown bug(s) {unknown}; known: {sorted(bugs)}")
    commit = git("rev-parse", args.commit).strip()
    print(f"commit {commit}, selection {args.selection}", flush=True)
    results: dict[str, dict[str, Outcome]] = {}
    for bug_id in chosen:
        print(f"{bug_id}:", flush=True)
        results[bug_id] = run_bug(bugs[bug_id], commit, args.selection, args.workers,
                                  args.timeout, args.keep)
        if args.json:
            args.json.write_text(json.dumps(
                {"commit": commit, "selection": args.selection,
                 "results": {key: {part: asdict(found) for part, found in value.items()}
                             for key, value in results.items()}}, indent=1))
    print()
    print(table(results, bugs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
