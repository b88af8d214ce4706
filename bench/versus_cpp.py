"""Random-playout decisions/s of every game beside OpenSpiel's C++ card games, in one run.

Issue 25 asks each engine to come within 3x of OpenSpiel's C++ `hearts` and `crazy_eights`
(4 players). A decision is one player's move: OpenSpiel's chance nodes (shuffles, deals) are
played but not counted; our engines draw chance from the state's seed, so every action is a
decision. The C++ games are timed twice: played inside C++ (`evaluate_bots`, as a C++ search's
playouts run) and moved one call at a time from Python (as a Python search drives them).
Each side is measured in rounds taken in turn (ours, C++, ours, …) on one core, and the median
round is reported, so that a machine that drifts affects both alike.

    .venv/bin/python bench/versus_cpp.py [--seconds 2] [--rounds 5]

Needs the research extra (open_spiel). The output is plain text for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import pyspiel

import ludoteca
from engine import header, playout

OURS = (("keezen", 4), ("elfenland", 4), ("suitors_paths", 3), ("thurn_und_taxis", 3))
"""The tables of the issue's measurement: each game at a usual player count."""
CPP = (("hearts", 4), ("crazy_eights", 4))
WITHIN = 3.0
"""How far behind the slower C++ game an engine may be (issue 25)."""


def cpp_playout(name: str, players: int, seconds: float) -> float:
    """Return player decisions/s of random OpenSpiel `name` games played for `seconds`.

    The games run inside C++ (`evaluate_bots` with uniform random bots), as a C++ search's
    playouts would; their mean length in decisions is counted on SAMPLE_GAMES games played
    through the Python API, which is far slower per move.
    """
    game = _cpp_game(name, players)
    bots = [pyspiel.make_uniform_random_bot(seat, seat + 1) for seat in range(players)]
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
        games += 1
    return games * _mean_decisions(game) / (time.perf_counter() - started)


def _cpp_game(name: str, players: int) -> pyspiel.Game:
    """Return OpenSpiel's game `name` for `players` (hearts is for four and takes no count)."""
    return pyspiel.load_game(name) if name == "hearts" else pyspiel.load_game(
        name, {"players": players})


SAMPLE_GAMES = 50


def _mean_decisions(game: pyspiel.Game) -> float:
    """Return the mean number of player decisions in SAMPLE_GAMES random games of `game`."""
    decisions, games, _ = _python_api_games(game, games=SAMPLE_GAMES)
    return decisions / games


def cpp_python_api_playout(name: str, players: int, seconds: float) -> float:
    """Return player decisions/s of random OpenSpiel `name` games driven from Python, move by
    move, as a Python search over a C++ game would."""
    decisions, _, elapsed = _python_api_games(_cpp_game(name, players), seconds=seconds)
    return decisions / elapsed


def _python_api_games(
    game: pyspiel.Game, games: int | None = None, seconds: float | None = None,
) -> tuple[int, int, float]:
    """Play random games of `game` through the Python API, `games` of them or for `seconds`;
    return the decisions, the games and the time taken."""
    rng = random.Random(f"cpp:{game}")
    decisions = played = 0
    started = time.perf_counter()
    while (played < games) if games is not None else (
            time.perf_counter() - started < (seconds or 0.0)):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        played += 1
    return decisions, played, time.perf_counter() - started


def ours_playout(name: str, players: int, seconds: float) -> float:
    """Return decisions/s of random `name` games played for `seconds`."""
    actions, _, elapsed = playout(name, players, seconds)
    return actions / elapsed


Table = tuple[str, int, Callable[[str, int, float], float]]
"""A game, its player count and the function that measures its decisions/s."""


def median_rates(
    tables: list[Table],
    seconds: float, rounds: int,
) -> dict[tuple[str, int], float]:
    """Return each table's median rate over `rounds` rounds, the tables taken in turn."""
    samples: dict[tuple[str, int], list[float]] = {(n, p): [] for n, p, _ in tables}
    for _ in range(rounds):
        for name, players, run in tables:
            samples[name, players].append(run(name, players, seconds))
    return {table: statistics.median(rates) for table, rates in samples.items()}


def main() -> None:
    """Print the comparison table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="measurements per table")
    parser.add_argument("--game", choices=ludoteca.available_games(),
                        help="only this one of our games (default: all four)")
    args = parser.parse_args()
    ours: list[Table] = [(n, p, ours_playout) for n, p in OURS if args.game in (None, n)]
    cpp: list[Table] = [(n, p, cpp_playout) for n, p in CPP]
    cpp_from_python: list[Table] = [(n, p, cpp_python_api_playout) for n, p in CPP]
    rates = median_rates(ours + cpp, args.seconds, args.rounds)
    from_python = median_rates(cpp_from_python, args.seconds, args.rounds)
    slowest_cpp = min(rates[n, p] for n, p in CPP)
    print(header())
    print(f"seconds   {args.seconds:g} per measurement, median of {args.rounds}, one core\n")
    print(f"| engine | players | decisions/s | C++ / this | within {WITHIN:g}x |")
    print("|---|---|---|---|---|")
    for name, players, _ in ours + cpp:
        rate = rates[name, players]
        ratio = slowest_cpp / rate
        verdict = "yes" if ratio <= WITHIN else "no"
        kind = "OpenSpiel C++ " if (name, players) in CPP else ""
        print(f"| {kind}{name} | {players} | {rate:,.0f} | {ratio:.2f} | {verdict} |")
    for name, players in CPP:
        rate = from_python[name, players]
        print(f"| OpenSpiel C++ {name}, moved from Python | {players} | {rate:,.0f} "
              f"| {slowest_cpp / rate:.2f} | - |")


if __name__ == "__main__":
    main()
