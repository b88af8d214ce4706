"""ISMCTS search speed of every registered game: iterations/s per player count, and pool speed-up.

An iteration is one determinization (`resample`, shared by a few iterations in a row), a
descent of the tree, one expansion, a rollout to the depth cutoff, the evaluation and the
back-up. The bot searches each game as it plays it (the game's `SearchHints`: rollout, depth,
evaluator), unless --rollout or --depth say otherwise. It is measured at a few positions of
each game (after 5, 25 and 60 random actions, so opening, middle and later play all count);
the rate is the iterations over the time of all of them.

The pool row plays the same fixed-iteration decisions in one process and in a pool of
--processes workers (as the web app's hard bots and `ludoteca arena --processes` do) and gives
the speed-up. Run from the project root:

    .venv/bin/python bench/bots.py [--seconds 2] [--game keezen] [--rollout random --depth 40]

The output is plain text meant to be pasted into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import multiprocessing
import pstats
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import ludoteca
from engine import header
from ludoteca.bots import Budget, ISMCTSBot
from ludoteca.core.game import Game
from ludoteca.core.registry import game_spec

DEPTHS = (5, 25, 60)
"""Random actions played before each measured decision."""
PROFILE_TOP = 15
POOL_DECISIONS = 24
"""Decisions per game in the pool measurement (fixed iterations, so the work is the same)."""


def positions(game: Game[Any, Any], seed: int) -> list[Any]:
    """Return decision points of a seeded random game after each of `DEPTHS` actions."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    found = []
    played = 0
    for depth in DEPTHS:
        while played < depth and (legal := game.legal_actions(state)):
            state = game.apply(state, legal[rng.randrange(len(legal))])
            played += 1
        # Skip forced moves: the bot answers those without searching.
        while len(legal := game.legal_actions(state)) == 1:
            state = game.apply(state, legal[0])
        if legal:
            found.append(state)
    return found


def rate(
    game_name: str, players: int, rollout: str | None, seconds: float, depth: int | None
) -> float:
    """Return the iterations per second of searches at the game's sample positions."""
    game = ludoteca.load(game_name, players)
    bot = ISMCTSBot(rollout=rollout, depth=depth)
    states = positions(game, seed=players)
    iterations = 0
    elapsed = 0.0
    for index, state in enumerate(states):
        seat = game.current_player(state)
        result = bot.search(
            game, state, seat, random.Random(index), Budget(seconds=seconds / len(states))
        )
        iterations += result.iterations
        elapsed += result.seconds
    return iterations / elapsed


def decide(job: tuple[str, int, int]) -> str:
    """Return the text of one fixed-iteration decision: (game, position seed, iterations)."""
    game_name, seed, iterations = job
    game = ludoteca.load(game_name, 2)
    state = positions(game, seed)[-1]
    seat = game.current_player(state)
    return ISMCTSBot().search(
        game, state, seat, random.Random(seed), Budget(iterations=iterations)
    ).text


def pool_speedup(game_name: str, iterations: int, processes: int) -> tuple[float, float]:
    """Return the seconds of `POOL_DECISIONS` decisions in one process and in a pool."""
    jobs = [(game_name, seed, iterations) for seed in range(POOL_DECISIONS)]
    started = time.perf_counter()
    alone = [decide(job) for job in jobs]
    one = time.perf_counter() - started
    context = multiprocessing.get_context("spawn")  # as the web app's pool
    with ProcessPoolExecutor(processes, mp_context=context) as pool:
        list(pool.map(decide, jobs[:processes]))  # start the workers before the clock
        started = time.perf_counter()
        pooled = list(pool.map(decide, jobs))
        many = time.perf_counter() - started
    if pooled != alone:
        raise AssertionError("the pool decided differently from one process")
    return one, many


def profile(game_name: str, seconds: float) -> str:
    """Return the top functions by own time of ISMCTS searches in 2-player `game_name`."""
    profiler = cProfile.Profile()
    profiler.runcall(rate, game_name, 2, None, seconds, None)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(PROFILE_TOP)
    return out.getvalue().strip()


def main() -> None:
    """Print the benchmark report (and, with --profile, the profiles) to stdout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="search seconds per game and player count")
    parser.add_argument("--game", choices=ludoteca.available_games(),
                        help="measure only this game (default: every game)")
    parser.add_argument("--rollout", choices=("random", "heuristic"),
                        help="rollout policy (default: the game's)")
    parser.add_argument("--depth", type=int, help="rollout depth cutoff (default: the game's)")
    parser.add_argument("--processes", type=int, default=2, help="pool size (default 2)")
    parser.add_argument("--pool-iterations", type=int, default=200,
                        help="iterations per decision in the pool measurement (default 200)")
    parser.add_argument("--profile", action="store_true", help="profile 2-player searches")
    args = parser.parse_args()
    games = [args.game] if args.game else list(ludoteca.available_games())
    print(header())
    print(f"seconds   {args.seconds:g} of search per row, positions after "
          f"{', '.join(map(str, DEPTHS))} random actions\n")
    print(f"{'game':<18} {'players':>7} {'rollout':>10} {'depth':>5} {'iterations/s':>13}")
    for name in games:
        hints = game_spec(name).search
        rollout = args.rollout or hints.rollout
        depth = hints.depth if args.depth is None else args.depth
        for players in game_spec(name).player_counts:
            per_second = rate(name, players or 2, rollout, args.seconds, depth)
            print(f"{name:<18} {players:>7} {rollout:>10} {depth:>5} {per_second:>13,.0f}",
                  flush=True)
    print(f"\npool: {POOL_DECISIONS} decisions of {args.pool_iterations} iterations, "
          f"2 players, 1 process against {args.processes}\n")
    print(f"{'game':<18} {'1 process s':>11} {f'{args.processes} processes s':>13} "
          f"{'speed-up':>8}")
    for name in games:
        one, many = pool_speedup(name, args.pool_iterations, args.processes)
        print(f"{name:<18} {one:>11.2f} {many:>13.2f} {one / many:>7.2f}x", flush=True)
    if args.profile:
        for name in games:
            print(f"\nprofile: {name}, 2 players, {args.seconds:g} s\n")
            print(profile(name, args.seconds))


if __name__ == "__main__":
    main()
