"""Random-playout speed of every registered game: actions/s and games/s, 1 and N processes.

One action is `legal_actions` + `apply` of a seeded random choice. Run from the project root:

    .venv/bin/python bench/engine.py [--seconds 5] [--processes 2] [--profile]

The output is plain text meant to be pasted into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import multiprocessing
import platform
import pstats
import random
import subprocess
import time
from pathlib import Path

import ludoteca
from ludoteca.core.chance import SEED_BITS

PROFILE_PLAYERS = 4
"""The player count a profile is taken at, where a game offers it (else its default)."""
PROFILE_TOP = 15


Sample = tuple[int, int, float]
"""Actions played, games finished, seconds taken."""


def playout(game_name: str, players: int | None, seconds: float, worker: int = 0) -> Sample:
    """Return the actions, finished games and time of random playouts run for `seconds`."""
    game = ludoteca.load(game_name, players)
    rng = random.Random(f"bench:{game_name}:{players}:{worker}")
    actions = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.initial_state(rng.getrandbits(SEED_BITS))
        while legal := game.legal_actions(state):
            state = game.apply(state, legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return actions, games, time.perf_counter() - started


def _playout_star(job: tuple[str, int | None, float, int]) -> Sample:
    return playout(*job)


def measure(game_name: str, players: int | None, seconds: float, processes: int) -> str:
    """Return one table row: total actions/s and games/s over `processes` parallel playouts."""
    if processes == 1:
        results = [playout(game_name, players, seconds)]
    else:
        jobs = [(game_name, players, seconds, worker) for worker in range(processes)]
        with multiprocessing.Pool(processes) as pool:
            results = pool.map(_playout_star, jobs)
    # Total throughput: each process's rate over its own time (pool start-up excluded).
    actions_rate = sum(actions / elapsed for actions, _, elapsed in results)
    games_rate = sum(games / elapsed for _, games, elapsed in results)
    per_game = sum(r[0] for r in results) / max(sum(r[1] for r in results), 1)
    label = f"{game_name} ({players if players is not None else 'default'} players)"
    return (
        f"{label:<24} {processes:>9} {actions_rate:>12,.0f} {games_rate:>9.1f} {per_game:>12.1f}"
    )


def header() -> str:
    """Return the machine and code description that heads a benchmark report."""
    return "\n".join([
        f"commit    {_git_commit()}",
        f"date      {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
        f"python    {platform.python_implementation()} {platform.python_version()}",
        f"platform  {platform.platform()}",
        f"cpu       {_cpu_model()} ({multiprocessing.cpu_count()} logical CPUs)",
    ])


def profile_players(game_name: str) -> int:
    """Return the player count `game_name` is profiled at: PROFILE_PLAYERS if offered."""
    spec = ludoteca.game_spec(game_name)
    return PROFILE_PLAYERS if PROFILE_PLAYERS in spec.player_counts else spec.default_players


def profile(game_name: str, seconds: float) -> str:
    """Return the top functions by own time of a cProfiled playout of `game_name`."""
    profiler = cProfile.Profile()
    profiler.runcall(playout, game_name, profile_players(game_name), seconds)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(PROFILE_TOP)
    return out.getvalue().strip()


def _git_commit() -> str:
    try:
        result = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=True, timeout=10,
            cwd=Path(__file__).resolve().parent,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return result.stdout.strip() or "unknown"


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    """Print the benchmark report (and, with --profile, the profile) to stdout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per measurement")
    parser.add_argument("--processes", type=int, default=2, help="parallel processes (default 2)")
    parser.add_argument("--profile", action="store_true",
                        help="profile 4-player playouts (a game without 4 seats: its default)")
    parser.add_argument("--game", choices=ludoteca.available_games(),
                        help="measure only this game (default: every game)")
    args = parser.parse_args()
    games = [args.game] if args.game else list(ludoteca.available_games())
    print(header())
    print(f"seconds   {args.seconds:g} per measurement\n")
    print(f"{'game':<24} {'processes':>9} {'actions/s':>12} {'games/s':>9} {'actions/game':>12}")
    for name in games:
        for players in ludoteca.game_spec(name).player_counts:
            for processes in sorted({1, args.processes}):
                print(measure(name, players, args.seconds, processes), flush=True)
    if args.profile:
        for name in games:
            print(f"\nprofile: {name}, {profile_players(name)} players, {args.seconds:g} s\n")
            print(profile(name, args.seconds))


if __name__ == "__main__":
    main()
