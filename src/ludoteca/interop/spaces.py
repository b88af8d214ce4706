"""What the PettingZoo and Gymnasium environments share: their spaces, masks and observations.

An observation is the game's numeric encoding (`core.encoding`) of what one seat may know, as a
float32 vector in [0, 1]; an action is the dense id of a game action (`Game.action_to_id`); the
action mask has a 1 at the id of each legal action.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ludoteca.core.encoding import ObservationEncoder
from ludoteca.core.game import Game, Seat
from ludoteca.core.registry import game_spec


def observation_encoder(game: Game[Any, Any]) -> ObservationEncoder:
    """Return the game's numeric observation encoder; ValueError if the game offers none."""
    build = game_spec(game.name).observation_encoder
    if build is None:
        raise ValueError(f"{game.name} has no numeric observation encoding yet")
    return build(game)


def observation_box(encoder: ObservationEncoder) -> spaces.Box:
    """Return the space of encoded observations: float32 values in [0, 1]."""
    return spaces.Box(0.0, 1.0, shape=(encoder.layout.size,), dtype=np.float32)


def action_space(game: Game[Any, Any]) -> spaces.Discrete:
    """Return the space of action ids: every distinct action of the game."""
    return spaces.Discrete(game.num_distinct_actions)


def mask_box(game: Game[Any, Any]) -> spaces.Box:
    """Return the space of action masks: one 0/1 int8 per distinct action."""
    return spaces.Box(0, 1, shape=(game.num_distinct_actions,), dtype=np.int8)


def encode(encoder: ObservationEncoder, state: Any, seat: Seat) -> npt.NDArray[np.float32]:
    """Return a new float32 array of what `seat` may know of `state`."""
    return np.asarray(encoder.encode(state, seat), dtype=np.float32)


def action_mask(game: Game[Any, Any], state: Any) -> npt.NDArray[np.int8]:
    """Return a new int8 array with a 1 at the id of each legal action of `state`."""
    # Fancy indexing, not a loop over the ids: a game may have millions of distinct actions.
    mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
    ids = [game.action_to_id(action) for action in game.legal_actions(state)]
    mask[ids] = 1
    return mask


def no_actions(game: Game[Any, Any]) -> npt.NDArray[np.int8]:
    """Return the mask of a seat that is not to move: all zeros."""
    return np.zeros(game.num_distinct_actions, dtype=np.int8)
