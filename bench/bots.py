"""ISMCTS search speed of every registered game: iterations/s per player count and rollout.

An iteration is one determinization (`resample`), a descent of the tree, one expansion, a
rollout to the depth cutoff and the back-up. It is measured at a few positions of each game
(after 5, 25 and 60 random actions, so opening, middle and later play all count); the rate is
the iterations over the time of all of them. Run from the project root:

    .venv/bin/python bench/bots.py [--seconds 2] [--game keezen] [--rollout random] [--profile]

The output is plain text meant to be pasted into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
from typing import Any

import ludoteca
from engine import PLAYER_COUNTS, header
from ludoteca.bots import Budget, ISMCTSBot
from ludoteca.bots.ismcts import DEFAULT_DEPTH
from ludoteca.core.game import Game
from ludoteca.core.registry import game_spec

DEPTHS = (5, 25, 60)
"""Random actions played before each measured decision."""
PROFILE_TOP = 15


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


def rate(game_name: str, players: int, rollout: str, seconds: float, depth: int) -> float:
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


def profile(game_name: str, rollout: str, seconds: float, depth: int) -> str:
    """Return the top functions by own time of ISMCTS searches in 2-player `game_name`."""
    profiler = cProfile.Profile()
    profiler.runcall(rate, game_name, 2, rollout, seconds, depth)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(PROFILE_TOP)
    return out.getvalue().strip()


def main() -> None:
    """Print the benchmark report (and, with --profile, the profiles) to stdout."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="search seconds per game, player count and rollout")
    parser.add_argument("--game", choices=ludoteca.available_games(),
                        help="measure only this game (default: every game)")
    parser.add_argument("--rollout", choices=("random", "heuristic"),
                        help="measure only this rollout policy (default: both)")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=f"rollout depth cutoff (default {DEFAULT_DEPTH})")
    parser.add_argument("--profile", action="store_true", help="profile 2-player searches")
    args = parser.parse_args()
    games = [args.game] if args.game else list(ludoteca.available_games())
    print(header())
    print(f"seconds   {args.seconds:g} of search per row, depth cutoff {args.depth}, "
          f"positions after {', '.join(map(str, DEPTHS))} random actions\n")
    print(f"{'game':<18} {'players':>7} {'rollout':>10} {'iterations/s':>13}")
    for name in games:
        rollouts = [args.rollout] if args.rollout else ["random", "heuristic"]
        if game_spec(name).bot("heuristic") is None:
            rollouts = [r for r in rollouts if r == "random"]
        for players in PLAYER_COUNTS.get(name, (game_spec(name).default_players,)):
            for rollout in rollouts:
                per_second = rate(name, players or 2, rollout, args.seconds, args.depth)
                print(f"{name:<18} {players:>7} {rollout:>10} {per_second:>13,.0f}", flush=True)
    if args.profile:
        for name in games:
            for rollout in rollouts:
                print(f"\nprofile: {name}, 2 players, {rollout} rollouts, {args.seconds:g} s\n")
                print(profile(name, rollout, args.seconds, args.depth))


if __name__ == "__main__":
    main()
