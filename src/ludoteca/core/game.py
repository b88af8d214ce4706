"""The engine contract: the `Game` protocol every rules engine implements (DESIGN.md §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

Seat: TypeAlias = int
JSON: TypeAlias = Any
"""A value made only of dicts, lists, strings, numbers, booleans and None."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


@runtime_checkable
class Game(Protocol[StateT, ActionT]):
    """A game: data plus pure functions over immutable states.

    States never change; `apply` returns a new one. Chance is drawn from a seed carried in the
    state, so the same seed and the same actions give the same states in any process.
    """

    name: str
    num_players: int
    rules_version: str
    max_game_length: int
    num_distinct_actions: int

    @property
    def options(self) -> Mapping[str, JSON]:
        """Return the full option set of this game, defaults included (JSON-safe)."""
        ...

    def initial_state(self, seed: int) -> StateT:
        """Return the first state of a game whose chance is fixed by `seed`."""
        ...

    def current_player(self, state: StateT) -> Seat | None:
        """Return the seat to act, or None when the game is over."""
        ...

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """Return the legal actions, unique and in a stable order; empty iff terminal."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """Return the state after `action`; IllegalActionError, nothing changed, if illegal."""
        ...

    def is_terminal(self, state: StateT) -> bool:
        """Return True when the game is over."""
        ...

    def returns(self, state: StateT) -> tuple[float, ...]:
        """Return per seat 1.0 for the winners (team mates both) and 0.0 for the others."""
        ...

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Return per seat the game's own points, or progress for race games."""
        ...

    def observation(self, state: StateT, seat: Seat | None, *, log: bool = True
                    ) -> dict[str, JSON]:
        """Return a JSON-safe dict of exactly what `seat` may know (None: a spectator).

        With `log=False` the log is left empty: the rest costs the same at every point of a game,
        while the log grows with it (research adapters keep the log apart, see `log_digest`).
        """
        ...

    def log_digest(self, state: StateT, seat: Seat | None) -> str:
        """Return the SHA-256 (hex) of `json.dumps(observation(state, seat)["log"])`.

        It stands for the whole log where only its identity matters (OpenSpiel's information
        states); finished parts of the log are hashed once, so it costs little late in a game.
        """
        ...

    def action_to_text(self, state: StateT, action: ActionT) -> str:
        """Return the canonical notation of `action` in `state`."""
        ...

    def action_from_text(self, state: StateT, text: str) -> ActionT:
        """Return the action `text` denotes in `state`; InvalidActionError if malformed."""
        ...

    def action_to_id(self, action: ActionT) -> int:
        """Return the dense id of `action`, in 0 .. num_distinct_actions - 1."""
        ...

    def action_from_id(self, state: StateT, action_id: int) -> ActionT:
        """Return the legal action with this id in `state`; InvalidActionError if none."""
        ...

    def to_json(self, state: StateT) -> dict[str, JSON]:
        """Return a lossless JSON-safe encoding of `state`."""
        ...

    def from_json(self, obj: Mapping[str, JSON]) -> StateT:
        """Return the state encoded by `to_json`; StateFormatError if it cannot be read."""
        ...

    def resample(self, state: StateT, seat: Seat | None, rng: random.Random) -> StateT:
        """Return a full state that `seat` cannot tell from `state`, hidden parts redrawn."""
        ...

    def undoable(self, state: StateT, action: ActionT) -> bool:
        """Return True if the legal `action` in `state` may be taken back: it drew no chance
        and showed nobody a hidden thing beyond what its actor chose to spend of its own.

        Taking it back then leaves nobody with an advantage: what the action showed follows
        from the action alone, so its actor learnt nothing by trying it. False is always safe
        (the server refuses the undo); the server adds "within the actor's own turn".
        """
        ...
