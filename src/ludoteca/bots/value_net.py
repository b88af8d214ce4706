"""Learned leaf values for the search: a small MLP on a seat's own observation encoding.

The network reads one seat's numeric observation (`games/<name>/encoding.py`: only what that
seat may see) and estimates that seat's chance of winning. Inference is plain numpy: two ReLU
layers and a sigmoid, every seat of a position in one matrix product. The weights ship inside
the game's package, one file per player count (`<package>/<SearchHints.value_weights>/<n>p.npz`),
with the layout fingerprint of the encoder they were trained on, so that weights trained on
another encoding are refused with a clear error instead of scoring garbage.

numpy is imported here and only here at play time; `ismcts` imports this module lazily, so the
engines (`core/`, `games/`) never load it.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.core.encoding import EncodingLayout, ObservationEncoder
from ludoteca.core.game import JSON, Game
from ludoteca.core.registry import game_spec
from ludoteca.core.spec import Evaluator

FORMAT = 1
"""The weights file's format; a file of another format is refused."""
Array = npt.NDArray[np.floating[Any]]


class WeightsError(ValueError):
    """A weights file that does not fit the game or its encoder (stale or foreign)."""


def layout_fingerprint(layout: EncodingLayout) -> str:
    """Return a short hash of the layout's segments: names, sizes and what they mean."""
    segments = [[s.name, s.size, s.description] for s in layout.segments]
    return hashlib.sha256(json.dumps(segments).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class ValueNet:
    """The MLP's layers (weights `inputs x outputs`, biases) and what it was trained for."""

    weights: tuple[Array, ...]
    biases: tuple[Array, ...]
    meta: dict[str, JSON]
    """game, players, options, layout (fingerprint), inputs, hidden, version and training."""

    def predict(self, features: npt.ArrayLike) -> Array:
        """Return the win chance of each row of `features` (one row per seat view)."""
        hidden: Array = np.asarray(features, dtype=np.float32)
        last = len(self.weights) - 1
        for index, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            hidden = hidden @ weight + bias
            if index < last:
                np.maximum(hidden, 0.0, out=hidden)
        logits = hidden[:, 0]
        return 1.0 / (1.0 + np.exp(-logits))

    def check(self, game: Game[Any, Any], layout: EncodingLayout, source: str) -> None:
        """Raise WeightsError unless these weights were trained for `game`'s encoding."""
        meta = self.meta
        retrain = f"retrain: ludoteca train-value {game.name} --players {game.num_players}"
        if meta.get("game") != game.name or meta.get("players") != game.num_players:
            raise WeightsError(
                f"{source} holds value weights for {meta.get('game')} with "
                f"{meta.get('players')} players, not {game.name} with {game.num_players}"
            )
        fingerprint = layout_fingerprint(layout)
        if meta.get("layout") != fingerprint or meta.get("inputs") != layout.size:
            raise WeightsError(
                f"{source} is stale: trained on encoding layout {meta.get('layout')} "
                f"({meta.get('inputs')} inputs), but {game.name}'s encoder is now {fingerprint} "
                f"({layout.size} inputs); {retrain}"
            )


def save_net(net: ValueNet, path: Path) -> int:
    """Write `net` to `path` (compressed .npz with its metadata as JSON); return its size."""
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(net.meta, sort_keys=True))}
    for index, (weight, bias) in enumerate(zip(net.weights, net.biases, strict=True)):
        arrays[f"w{index}"] = weight.astype(np.float32)
        arrays[f"b{index}"] = bias.astype(np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        np.savez_compressed(out, **arrays)
    return path.stat().st_size


def load_net(source: Any) -> ValueNet:
    """Read a weights file (a path or an importlib resource); WeightsError if it is not one."""
    try:
        with source.open("rb") as stream, np.load(stream, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            layers = sum(1 for key in data.files if key.startswith("w"))
            weights = tuple(np.array(data[f"w{i}"], dtype=np.float32) for i in range(layers))
            biases = tuple(np.array(data[f"b{i}"], dtype=np.float32) for i in range(layers))
    except (OSError, KeyError, ValueError) as error:
        raise WeightsError(f"{source} is not a value weights file: {error}") from error
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        found = meta.get("format") if isinstance(meta, dict) else None
        raise WeightsError(f"{source} has weights format {found}, this version reads {FORMAT}")
    expected = meta.get("inputs")
    for weight, bias in zip(weights, biases, strict=True):
        if weight.ndim != 2 or weight.shape[0] != expected or bias.shape != weight.shape[1:]:
            raise WeightsError(f"{source}: its layers' shapes do not chain from {expected} inputs")
        expected = weight.shape[1]
    if not weights or weights[-1].shape[1] != 1:
        raise WeightsError(f"{source}: the last layer must have one output")
    return ValueNet(weights, biases, meta)


def weights_resource(game: Game[Any, Any]) -> Any:
    """Return where `game`'s package keeps the weights for its player count (may not exist)."""
    folder = game_spec(game.name).search.value_weights
    return importlib.resources.files(_package(game)).joinpath(folder, f"{game.num_players}p.npz")


def _package(game: Game[Any, Any]) -> str:
    """Return the package of `game`'s engine, which holds its data."""
    return type(game).__module__.rpartition(".")[0]


@cache
def _shipped(package: str, folder: str, players: int) -> ValueNet | None:
    """Return the shipped net of a game's package and player count, read once per process."""
    resource = importlib.resources.files(package).joinpath(folder, f"{players}p.npz")
    return load_net(resource) if resource.is_file() else None


def learned_evaluator(game: Game[Any, Any]) -> Evaluator | None:
    """Return the value-net evaluator of `game`, or None where no weights fit its options.

    Weights exist per player count and are trained with the game's default options; a game
    with other options is searched with its hand-written evaluation instead. Weights that do
    not fit the encoder raise WeightsError.
    """
    spec = game_spec(game.name)
    if spec.observation_encoder is None:
        return None
    net = _shipped(_package(game), spec.search.value_weights, game.num_players)
    if net is None or net.meta.get("options") != _json_options(game.options):
        return None
    encoder = spec.observation_encoder(game)
    net.check(game, encoder.layout, f"{game.name}'s {game.num_players}p value weights")
    return ValueEvaluator(net, encoder, game.num_players)


def _json_options(options: Mapping[str, Any]) -> JSON:
    """Return the options as they read back from a weights file's JSON."""
    loaded: JSON = json.loads(json.dumps(dict(options), sort_keys=True))
    return loaded


class ValueEvaluator:
    """Scores a position for the search: each seat's win chance from its own encoding alone.

    The chances are not scaled to sum to 1: ISMCTS backs up at each node the value of the seat
    that moved there and never compares seats, so they need not; and scaling would make a
    seat's value depend on the other seats' views, that is on their hidden cards.
    """

    def __init__(self, net: ValueNet, encoder: ObservationEncoder, players: int) -> None:
        self.net = net
        self.encoder = encoder
        self.players = players

    def __call__(self, game: Game[Any, Any], state: Any) -> tuple[float, ...]:
        """Return each seat's value in [0, 1] (the evaluator contract of `SearchHints`)."""
        encode = self.encoder.encode
        chances = self.net.predict([encode(state, seat) for seat in range(self.players)])
        return tuple(chances.tolist())
