"""Memory per cached match: what one more idle match costs a server that holds it in memory.

A server match holds its own game (`ludoteca.load`), its states and the views it has sent. This
loads N games of each kind, makes each one's initial state and every seat's and the spectator's
observation, keeps them all, and reports the growth of the process's resident set and the memory
they hold (tracemalloc: Python allocations), each game in a fresh process. Run from the project
root:

    .venv/bin/python bench/memory.py [--matches 200]

The output is plain text meant to be pasted into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import ludoteca
from engine import header

GAMES = (("elfenland", 4), ("elfenland", 6), ("keezen", 4), ("keezen", 6))


def resident_bytes() -> int:
    """Return the resident set size of this process."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE")


def idle_matches(name: str, players: int, count: int) -> list[tuple[Any, Any]]:
    """Return `count` games of `name` with their initial states, every observation made once."""
    kept = []
    for seed in range(count):
        game = ludoteca.load(name, players)
        state = game.initial_state(seed)
        for seat in (None, *range(players)):
            game.observation(state, seat)
        kept.append((game, state))
    return kept


def measure(name: str, players: int, count: int) -> tuple[float, float]:
    """Return the KiB per idle match: resident set growth, then held Python allocations."""
    idle_matches(name, players, 1)  # imports and module-level tables are not per match
    gc.collect()
    resident = resident_bytes()
    kept = idle_matches(name, players, count)
    gc.collect()
    resident = resident_bytes() - resident
    del kept
    tracemalloc.start()
    held = tracemalloc.get_traced_memory()[0]
    kept = idle_matches(name, players, count)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - held
    tracemalloc.stop()
    assert len(kept) == count  # held until measured
    return resident / count / 1024, held / count / 1024


def main() -> None:
    """Measure every game and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="idle matches per game (200)")
    parser.add_argument("--game", nargs=2, metavar=("NAME", "PLAYERS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.game:
        name, players = args.game[0], int(args.game[1])
        resident, held = measure(name, players, args.matches)
        print(f"| {name} ({players} players) | {resident:,.1f} | {held:,.1f} |")
        return
    print(header())
    print(f"load      {args.matches} idle matches per game: game, initial state, every view\n")
    print("| game | KiB per match (RSS growth) | KiB per match (tracemalloc) |")
    print("|---|---|---|", flush=True)
    for name, players in GAMES:
        command = [sys.executable, __file__, "--matches", str(args.matches),
                   "--game", name, str(players)]
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
