"""Training positions for a value network: heuristic self-play, seat views at turn boundaries.

Every seat is played by the game's heuristic bot, which now and then (`EXPLORE`) plays a random
legal move instead, so that the positions cover some of what a search tries and the heuristic
never would. A position is taken where a turn begins (the seat to move is not the one that moved
last: where the search evaluates), and gives one example per seat: that seat's own encoding,
labelled with that seat's final result (a win 1, a loss 0, a first place shared by k teams 1/k).

Game i of a run depends on the run's seed and i alone, so any number of processes gives the same
positions in the same order; runs stop after the game that reaches the number asked for.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.bots.random_bot import RandomBot
from ludoteca.core.game import Game
from ludoteca.core.players import Bot
from ludoteca.core.registry import game_spec, load

EXPLORE = 0.05
"""The chance that a self-play move is a random legal move instead of the heuristic's."""
HELD_OUT_EVERY = 10
"""Every tenth game, from the first, is held out for validation (it never trains the net)."""
Array = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Positions:
    """Examples from whole games: features (one row per seat view), labels, their game's index."""

    features: Array
    labels: Array
    games: npt.NDArray[np.int64]
    players: int
    seconds: float
    """How long the self-play took."""

    @property
    def positions(self) -> int:
        """Return the number of positions (states at turn boundaries): one row per seat each."""
        return len(self.labels) // self.players

    def split(self) -> tuple[Positions, Positions]:
        """Return the training games' examples and the held-out games' examples."""
        held = self.games % HELD_OUT_EVERY == 0
        return self._subset(~held), self._subset(held)

    def _subset(self, mask: npt.NDArray[np.bool_]) -> Positions:
        return Positions(
            self.features[mask], self.labels[mask], self.games[mask], self.players, self.seconds
        )


def final_labels(returns: Sequence[float], teams: Sequence[tuple[int, ...]]) -> list[float]:
    """Return each seat's training label: its team's win, split among the winning teams."""
    winners = sum(1 for team in teams if returns[team[0]] > 0)
    return [value / winners if winners else 0.0 for value in returns]


def game_positions(name: str, players: int, seed: int, index: int) -> tuple[Array, Array]:
    """Play game `index` of a run seeded `seed`; return its seat views and their labels."""
    game = load(name, players)
    rng = random.Random(f"value-net:{seed}:{index}")
    spec = game_spec(name)
    encoder = spec.observation_encoder(game) if spec.observation_encoder else None
    if encoder is None:
        raise ValueError(f"{name} has no observation encoder to train a value network on")
    heuristic = spec.bot("heuristic")
    bot: Bot = heuristic.make() if heuristic is not None else RandomBot()
    state = game.initial_state(seed=rng.getrandbits(32))
    views: list[list[float]] = []
    last = None
    while (seat := game.current_player(state)) is not None:
        if seat != last:
            views.extend(encoder.encode(state, viewer) for viewer in range(players))
        state = game.apply(state, _move(game, bot, state, seat, rng))
        last = seat
    labels = final_labels(game.returns(state), spec.teams(players))
    features = np.array(views, dtype=np.float32).reshape(-1, encoder.layout.size)
    return features, np.tile(np.array(labels, dtype=np.float32), len(views) // players)


def _move(game: Game[Any, Any], bot: Bot, state: Any, seat: int, rng: random.Random) -> Any:
    if rng.random() < EXPLORE:
        return rng.choice(game.legal_actions(state))
    return bot.choose(game, state, seat, rng)


def _play(job: tuple[str, int, int, int]) -> tuple[Array, Array]:
    return game_positions(*job)


def self_play(
    name: str, players: int, positions: int, seed: int = 0, processes: int = 1
) -> Positions:
    """Play heuristic games until they give at least `positions` positions; return them all."""
    if positions < 1 or processes < 1:
        raise ValueError("positions and processes must be at least 1")
    started = time.perf_counter()
    features: list[Array] = []
    labels: list[Array] = []
    games: list[npt.NDArray[np.int64]] = []
    found = index = 0
    batch = 4 * processes
    pool = multiprocessing.get_context().Pool(processes) if processes > 1 else None
    try:
        while found < positions:
            jobs = [(name, players, seed, index + i) for i in range(batch)]
            results = pool.map(_play, jobs) if pool is not None else map(_play, jobs)
            for game_features, game_labels in results:
                if found >= positions:
                    break
                features.append(game_features)
                labels.append(game_labels)
                games.append(np.full(len(game_labels), index, dtype=np.int64))
                found += len(game_labels) // players
                index += 1
    finally:
        if pool is not None:
            pool.terminate()
    return Positions(
        np.concatenate(features), np.concatenate(labels), np.concatenate(games), players,
        time.perf_counter() - started,
    )


def cached_self_play(
    name: str, players: int, positions: int, seed: int, processes: int, path: Path | None,
    layout: str,
) -> Positions:
    """Return `self_play`'s positions, read from `path` if it holds these, else kept there.

    The file names what it holds (game, players, positions, seed, the encoder's layout and
    `EXPLORE`), so a cache made for other arguments is played again, not reused.
    """
    key = json.dumps({"game": name, "players": players, "positions": positions, "seed": seed,
                      "layout": layout, "explore": EXPLORE}, sort_keys=True)
    if path is not None and path.is_file():
        with np.load(path, allow_pickle=False) as cached:
            if str(cached["key"]) == key:
                return Positions(cached["features"], cached["labels"], cached["games"], players,
                                 float(cached["seconds"]))
    data = self_play(name, players, positions, seed, processes)
    if path is not None:
        with path.open("wb") as out:
            np.savez(out, key=np.array(key), features=data.features, labels=data.labels,
                     games=data.games, seconds=np.array(data.seconds))
    return data
