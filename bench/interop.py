"""Steps/s through each research adapter against the native engine, in one run.

A step is one action of a seeded random game, with what a learning agent needs to choose it:

- native:          `legal_actions` + `apply` on the engine;
- native + encode: the same plus the mover's numeric observation (`core/encoding.py`);
- OpenSpiel:       `legal_actions` + `observation_tensor` + `apply_action` on the pyspiel state;
- PettingZoo:      `last()` (observation and action mask) + `step` on the wrapped AEC env;
- Gymnasium:       `step` with the mask from `action_masks()`; the other seats are random bots,
                   whose moves count as steps too (the env plays them inside `step`).

Run from the project root:

    .venv/bin/python bench/interop.py [--seconds 3]

The overhead is the native steps/s divided by the adapter's; plain text for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import ludoteca
from engine import header, playout
from ludoteca.interop import gymnasium as gym_adapter
from ludoteca.interop import openspiel, pettingzoo

Runner = Callable[[str, int, float], tuple[int, float]]
"""(game, players, seconds) -> (steps, seconds taken)."""


def native(name: str, players: int, seconds: float) -> tuple[int, float]:
    """Play random games on the engine for `seconds` (bench/engine.py); return steps and time."""
    steps, _, taken = playout(name, players, seconds)
    return steps, taken


def native_encoded(name: str, players: int, seconds: float) -> tuple[int, float]:
    """Play random games on the engine, encoding the mover's view at every step."""
    game = ludoteca.load(name, players=players)
    encoder = ludoteca.game_spec(name).observation_encoder(game)
    rng = random.Random(1)
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.initial_state(seed=rng.getrandbits(32))
        while legal := game.legal_actions(state):
            encoder.encode(state, game.current_player(state))
            state = game.apply(state, legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - started


def through_openspiel(name: str, players: int, seconds: float) -> tuple[int, float]:
    """Play random games through OpenSpiel's state API; return steps and time."""
    game = pyspiel.load_game(openspiel.short_name(name), {"players": players})
    rng = random.Random(1)
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(256))
                continue
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - started


def through_pettingzoo(name: str, players: int, seconds: float) -> tuple[int, float]:
    """Play random masked games through the PettingZoo AEC env; return steps and time."""
    table = pettingzoo.env(name, players=players)
    rng = np.random.default_rng(1)
    steps = 0
    started = time.perf_counter()
    episode = 0
    while time.perf_counter() - started < seconds:
        table.reset(seed=episode)
        episode += 1
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps, time.perf_counter() - started


def through_gymnasium(name: str, players: int, seconds: float) -> tuple[int, float]:
    """Play random masked episodes of the Gymnasium env against random bots; return all the
    game's steps (the learner's and the bots', counted as the bots choose) and time."""
    env = gym_adapter.LudotecaEnv(name, players=players, opponents="random")
    bot_moves = [0]
    for bot in env.bots.values():
        bot.choose = _counted(bot.choose, bot_moves)
    rng = np.random.default_rng(1)
    steps = 0
    started = time.perf_counter()
    episode = 0
    while time.perf_counter() - started < seconds:
        env.reset(seed=episode)
        episode += 1
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
            done = terminated or truncated
            steps += 1
    return steps + bot_moves[0], time.perf_counter() - started


def _counted(choose: Callable[..., Any], counter: list[int]) -> Callable[..., Any]:
    def counting(*args: Any, **kwargs: Any) -> Any:
        counter[0] += 1
        return choose(*args, **kwargs)

    return counting


ADAPTERS: dict[str, Runner] = {
    "native": native,
    "native + encode": native_encoded,
    "OpenSpiel": through_openspiel,
    "PettingZoo": through_pettingzoo,
    "Gymnasium": through_gymnasium,
}


def main() -> None:
    """Print steps/s per game and adapter, and each adapter's overhead against the engine."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print(header())
    print(f"seconds per measurement: {args.seconds}; default player count per game\n")
    print(f"{'game':<17}{'players':>8}" + "".join(f"{name:>17}" for name in ADAPTERS))
    for name in ludoteca.available_games():
        players = ludoteca.game_spec(name).default_players
        rates = {}
        for adapter, run in ADAPTERS.items():
            steps, taken = run(name, players, args.seconds)
            rates[adapter] = steps / taken
        print(f"{name:<17}{players:>8}" + "".join(f"{rate:>17,.0f}" for rate in rates.values()))
        print(f"{'':<17}{'overhead':>8}" + "".join(
            f"{rates['native'] / rate:>16.1f}x" for rate in rates.values()))


if __name__ == "__main__":
    main()
