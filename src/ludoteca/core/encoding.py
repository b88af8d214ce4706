"""The numeric observation encoding a game offers research adapters (DESIGN.md §2a).

A game's encoder turns what one seat may know into a flat vector of floats in [0, 1] with a fixed
length for the game's player count and options. The vector is cut into named segments, each
documented in `docs/research.md`; OpenSpiel's observation tensors, PettingZoo's and Gymnasium's
observations are all this one vector. `check_encoder` holds an encoder to the rule that matters
most: it never encodes what the seat may not see.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ludoteca.core.conformance import ConformanceError
from ludoteca.core.game import Game, Seat


@dataclass(frozen=True, slots=True)
class Segment:
    """A named run of `size` values in an encoding, with what they mean in one line."""

    name: str
    size: int
    description: str


class EncodingLayout:
    """The segments of one encoding, in order, and where each begins in the flat vector."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = tuple(segments)
        self.offsets: dict[str, int] = {}
        position = 0
        for segment in self.segments:
            if segment.name in self.offsets:
                raise ValueError(f"segment {segment.name} is named twice")
            if segment.size <= 0:
                raise ValueError(f"segment {segment.name} must have a positive size")
            self.offsets[segment.name] = position
            position += segment.size
        self.size = position

    def blank(self) -> list[float]:
        """Return a vector of zeros of this layout's size."""
        return [0.0] * self.size

    def offset(self, name: str) -> int:
        """Return where segment `name` begins; KeyError if the layout has none."""
        return self.offsets[name]

    def values(self, vector: Sequence[float], name: str) -> list[float]:
        """Return the values of segment `name` in `vector` (to read an encoding by name)."""
        start = self.offsets[name]
        size = next(segment.size for segment in self.segments if segment.name == name)
        return list(vector[start:start + size])


class ObservationEncoder(Protocol):
    """Encodes states of one loaded game for one seat (built by `GameSpec.observation_encoder`)."""

    layout: EncodingLayout

    def encode(self, state: Any, seat: Seat) -> list[float]:
        """Return what `seat` may know of `state` as `layout.size` floats in [0, 1]."""
        ...


def fraction(count: int, maximum: int) -> float:
    """Return `count / maximum` clipped to [0, 1], the usual way to encode a bounded count."""
    if maximum <= 0:
        return 0.0
    return min(max(count / maximum, 0.0), 1.0)


def check_encoder(game: Game[Any, Any], encoder: ObservationEncoder, games: int = 3,
                  seed: int = 0, positions: int = 40) -> int:
    """Play `games` random games and check `encoder` at up to `positions` states of each.

    At every checked state and for every seat: the vector has the layout's length, every value
    is a finite float in [0, 1], and redrawing what the seat cannot see (`resample`) leaves the
    seat's vector unchanged. Returns the number of vectors checked; ConformanceError names the
    first failure.
    """
    rng = random.Random(seed)
    checked = 0
    for number in range(games):
        state = game.initial_state(seed=rng.getrandbits(32))
        trail = [state]
        while not game.is_terminal(state):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            trail.append(state)
        step = max(1, len(trail) // positions)
        for index in [*range(0, len(trail), step), len(trail) - 1]:
            checked += _check_position(game, encoder, trail[index], rng,
                                       f"game {number}, step {index}")
    return checked


def _check_position(game: Game[Any, Any], encoder: ObservationEncoder, state: Any,
                    rng: random.Random, where: str) -> int:
    for seat in range(game.num_players):
        vector = encoder.encode(state, seat)
        if len(vector) != encoder.layout.size:
            raise ConformanceError(f"{where}: seat {seat}'s vector has {len(vector)} values, "
                                   f"the layout {encoder.layout.size}")
        for index, value in enumerate(vector):
            if not (isinstance(value, float) and math.isfinite(value) and 0.0 <= value <= 1.0):
                raise ConformanceError(f"{where}: seat {seat}'s value {index} "
                                       f"({_segment_at(encoder.layout, index)}) is {value!r}, "
                                       f"not a float in [0, 1]")
        redrawn = encoder.encode(game.resample(state, seat, rng), seat)
        if redrawn != vector:
            index = next(i for i, (a, b) in enumerate(zip(vector, redrawn, strict=True))
                         if a != b)
            raise ConformanceError(f"{where}: seat {seat}'s vector changes when hidden parts "
                                   f"are redrawn, first in {_segment_at(encoder.layout, index)}")
    return game.num_players


def _segment_at(layout: EncodingLayout, index: int) -> str:
    for segment in layout.segments:
        start = layout.offsets[segment.name]
        if start <= index < start + segment.size:
            return f"segment {segment.name}[{index - start}]"
    return f"index {index}"
