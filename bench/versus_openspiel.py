"""Our Hard bot against OpenSpiel's `ISMCTSBot`, through our OpenSpiel adapter, at equal time.

Issue 25: Hard must win at least 70% of 100 two-player games per title against OpenSpiel's
information-set MCTS. Both searches get the same time per decision: ours its `seconds` budget;
OpenSpiel's bot counts simulations, so its simulations per second are measured on positions of
the game first, its budget set to match and set again after each game from the rate it showed
in the games so far; the mean time each side actually took per decision is printed beside the
result. OpenSpiel's bot evaluates leaves with the evaluation our
own search uses (`EngineEvaluator`), so the match compares searches. Seats alternate game by
game; every game and every search is seeded.

    .venv/bin/python bench/versus_openspiel.py [--games 100] [--seconds 1] [--game keezen]

Needs the research extra (open_spiel). Prints one table row per game, for docs/bots.md.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot as OpenSpielISMCTS

import ludoteca
from engine import header
from ludoteca.arena.ratings import wilson_interval
from ludoteca.bots import Budget, ISMCTSBot
from ludoteca.interop.openspiel import (
    SEED_BYTES,
    EngineEvaluator,
    LudotecaState,
    make_resampler,
    register_games,
    short_name,
)

PLAYERS = 2
UCT_C = 2.0
CALIBRATION_SIMULATIONS = 20
CALIBRATION_POSITIONS = 5


@dataclass
class Tally:
    """What one title's games gave: our wins, draws and each side's thinking time."""

    games: int = 0
    wins: float = 0.0
    our_seconds: list[float] = field(default_factory=list)
    their_seconds: list[float] = field(default_factory=list)
    their_simulations: int = 0

    def simulations_for(self, seconds: float, calibrated: float) -> int:
        """Return OpenSpiel's simulations per decision that take `seconds` at the rate seen in
        the games so far (`calibrated` simulations/s before the first)."""
        spent = sum(self.their_seconds)
        rate = self.their_simulations / spent if spent > 0 else calibrated
        return max(1, round(rate * seconds))


def dealt(game: pyspiel.Game, seed: int) -> LudotecaState:
    """Return a new state of `game` past the chance nodes that draw the engine's seed."""
    state = game.new_initial_state()
    for value in seed.to_bytes(SEED_BYTES, "big"):
        state.apply_action(value)
    return state


def openspiel_bot(game: pyspiel.Game, simulations: int, seed: int) -> OpenSpielISMCTS:
    """Return OpenSpiel's ISMCTS bot with `simulations` per decision, seeded."""
    bot = OpenSpielISMCTS(game, EngineEvaluator(game), uct_c=UCT_C,
                          max_simulations=simulations, random_state=np.random.RandomState(seed))
    bot.set_resampler(make_resampler(seed))
    return bot


def simulations_per_second(game: pyspiel.Game, seed: int) -> float:
    """Return how many simulations OpenSpiel's bot runs per second on positions of `game`."""
    rng = random.Random(seed)
    bot = openspiel_bot(game, CALIBRATION_SIMULATIONS, seed)
    spent = 0.0
    searched = 0
    for position in range(CALIBRATION_POSITIONS):
        state = dealt(game, seed + position)
        for _ in range(rng.randrange(5, 40)):  # a position some way into the game
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        started = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - started
        searched += 1
    return CALIBRATION_SIMULATIONS * searched / max(spent, 1e-9)


def play(game: pyspiel.Game, seed: int, our_seat: int, seconds: float, simulations: int,
         tally: Tally) -> None:
    """Play one game, our bot in `our_seat`, and add it to `tally`."""
    state = dealt(game, seed)
    engine = state.engine
    ours = ISMCTSBot()
    theirs = openspiel_bot(game, simulations, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        started = time.perf_counter()
        if seat == our_seat:
            action = ours.choose(engine, state.engine_state, seat, rng, Budget(seconds=seconds))
            state.apply_action(engine.action_to_id(action))
            tally.our_seconds.append(time.perf_counter() - started)
        else:
            state.apply_action(int(theirs.step(state)))
            tally.their_seconds.append(time.perf_counter() - started)
            tally.their_simulations += simulations
    returns = state.returns()
    best = max(returns)
    winners = [seat for seat, value in enumerate(returns) if value == best]
    tally.games += 1
    tally.wins += 1 / len(winners) if our_seat in winners else 0.0


def main() -> None:
    """Play the matches and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per title")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per decision")
    parser.add_argument("--game", choices=ludoteca.available_games(), help="only this title")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    register_games()
    print(header())
    print(f"seconds   {args.seconds:g} per decision, {args.games} games per title, "
          f"{PLAYERS} players, seats alternating\n")
    print("| game | OpenSpiel simulations (last) | Hard wins | Wilson 95% "
          "| s/decision ours | theirs |")
    print("|---|---|---|---|---|---|")
    for name in [args.game] if args.game else ludoteca.available_games():
        game = pyspiel.load_game(short_name(name), {"players": PLAYERS})
        calibrated = simulations_per_second(game, args.seed)
        tally = Tally()
        for index in range(args.games):
            play(game, args.seed * 100_000 + index, index % PLAYERS, args.seconds,
                 tally.simulations_for(args.seconds, calibrated), tally)
        simulations = tally.simulations_for(args.seconds, calibrated)
        low, high = wilson_interval(round(tally.wins), tally.games)
        ours = sum(tally.our_seconds) / max(len(tally.our_seconds), 1)
        theirs = sum(tally.their_seconds) / max(len(tally.their_seconds), 1)
        print(f"| {name} | {simulations} | {tally.wins:g} / {tally.games} "
              f"({tally.wins / tally.games:.0%}) | {low:.0%}–{high:.0%} | {ours:.2f} | "
              f"{theirs:.2f} |", flush=True)


if __name__ == "__main__":
    main()
