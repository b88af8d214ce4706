"""The base of every rules engine: the bookkeeping that the `Game` contract asks of each game.

A game subclasses `Engine` and writes only what is its own:

    class TntGame(Engine[TntState, TntAction]):
        name = "thurn_und_taxis"
        rules_version = "1"
        codec = codec            # the game's modules, each with the functions named below
        positions = positions
        explain = explain
        chance = resample
        undo = undo
        observe = observe

        def __init__(self, options): ...     # tables; sets ids, log_renderer, max_game_length
        def initial_state(self, seed): ...
        def find_legal(self, state): ...     # the legal actions, computed (cached here)
        def play(self, state, action): ...   # the next state of a legal action
        def returns(self, state): ...
        def scores(self, state): ...
        def action_to_text(self, state, action): ...
        def action_from_text(self, state, text): ...

The engine keeps the legal-action cache on the state (`state.legal`, no part of its value),
checks legality and explains a refusal before `play`, maps dense ids through `ids`, builds the
common part of the observation (`CommonObservation`) and delegates the rest to the modules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import field
from itertools import repeat
from operator import is_
from typing import Any, Generic, Protocol, TypeVar

from ludoteca.core.errors import IllegalActionError, InvalidActionError
from ludoteca.core.game import JSON, Seat
from ludoteca.core.logs import check_action_id

ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)


class EngineState(Protocol):
    """What the engine reads of every state: the seat to act, the legal cache and the log."""

    @property
    def current(self) -> Seat | None:
        """Return the seat to act, None once the game is over."""
        ...

    @property
    def legal(self) -> tuple[Any, ...] | None:
        """Return the cached legal actions, None until computed (no part of the value)."""
        ...

    @property
    def log(self) -> Any:
        """Return the game's events, one tuple per segment (deal, round)."""
        ...


StateT = TypeVar("StateT", bound=EngineState)
EventT = TypeVar("EventT")


class SegmentedState(Generic[EventT]):
    """A base for a game's state class: its log kept in segments (deals, rounds), its `current`
    None once the game is over. It adds no slots, so `core.draft` thaws its subclasses."""

    __slots__ = ()

    current: Seat | None
    log: tuple[tuple[EventT, ...], ...]

    @property
    def is_over(self) -> bool:
        """Return True once the game has ended."""
        return self.current is None

    def events(self) -> tuple[EventT, ...]:
        """Return the whole log as one flat tuple of events."""
        return tuple(event for segment in self.log for event in segment)


def legal_cache() -> Any:
    """Return the dataclass field of a state's legal-action cache (`state.legal`).

    It is no constructor field and no part of the state's value, so a state made by `replace`,
    by a draft or by hand starts without it, and `Engine.legal_actions` fills it on first use.
    """
    return field(default=None, init=False, compare=False, repr=False)


class EngineOptions(Protocol):
    """A game's option values: the player count and their JSON form."""

    @property
    def num_players(self) -> int:
        """Return the number of seats."""
        ...

    def as_dict(self) -> dict[str, Any]:
        """Return every option, defaults included (JSON-safe)."""
        ...


class IdTable(Protocol[ActionT_co]):
    """A game's dense id table: `size` ids, each action's id independent of the state."""

    size: int

    def to_id(self, action: Any) -> int:
        """Return the id of `action`; InvalidActionError if it has none."""
        ...

    def from_id(self, action_id: int) -> ActionT_co | None:
        """Return the action with this id (0 <= id < size), or None when the action depends
        on the state, so that the engine looks for it among the legal actions."""
        ...


class LogView(Protocol):
    """The game's log renderer (a `SegmentedLogRenderer`): the log as a viewer sees it."""

    def entries(self, log: Any, viewer: Seat | None) -> list[dict[str, JSON]]:
        """Return every log entry as `viewer` may see it, oldest first."""
        ...

    def digest(self, log: Any, viewer: Seat | None) -> str:
        """Return the SHA-256 (hex) of `json.dumps(entries(log, viewer))`."""
        ...


class StateCodec(Protocol):
    """A game's `codec` module: lossless JSON of its states."""

    def encode_state(self, game: Any, state: Any) -> dict[str, JSON]:
        """Return `state` as JSON-safe data."""
        ...

    def decode_state(self, game: Any, obj: Mapping[str, JSON]) -> Any:
        """Return the state `encode_state` encoded; StateFormatError if it cannot be read."""
        ...


class PositionText(Protocol):
    """A game's `positions` module: states from and to the rules' position notation."""

    def position_from_text(self, game: Any, text: str) -> Any:
        """Return the state a position text describes; StateFormatError if it is bad."""
        ...

    def position_to_text(self, game: Any, state: Any) -> str:
        """Return the position text of `state`."""
        ...


class Explainer(Protocol):
    """A game's `explain` module: why an action is refused."""

    def explain_illegal(self, game: Any, state: Any, action: Any) -> str:
        """Return, in a player's words, why `action` is not legal in `state`."""
        ...


class Resampler(Protocol):
    """A game's `resample` module: the hidden parts of a state redrawn."""

    def resampled(self, game: Any, state: Any, seat: Seat | None, rng: random.Random) -> Any:
        """Return a full state `seat` cannot tell from `state`, future chance re-seeded."""
        ...


class UndoRule(Protocol):
    """A game's `undo` module: which actions may be taken back."""

    def undoable(self, game: Any, state: Any, action: Any) -> bool:
        """Return True if the legal `action` in `state` may be taken back."""
        ...


class Observer(Protocol):
    """A game's `observe` module: what it adds to the common part of an observation."""

    def observation_part(self, game: Any, state: Any, seat: Seat | None) -> dict[str, JSON]:
        """Return the game's own observation keys for `seat` (its `observation_keys`)."""
        ...

    def hand_sizes(self, state: Any) -> list[int]:
        """Return per seat the number of cards in hand."""
        ...

    def end_reason(self, state: Any) -> str:
        """Return why the finished game ended, in the game's own words."""
        ...


class Engine(Generic[StateT, ActionT]):
    """The shared part of a rules engine (see the module); a game subclasses it."""

    name: str
    rules_version: str
    codec: StateCodec
    positions: PositionText
    explain: Explainer
    chance: Resampler
    undo: UndoRule
    observe: Observer

    num_distinct_actions: int
    max_game_length: int
    ids: IdTable[ActionT]
    log_renderer: LogView

    def __init__(self, options: EngineOptions) -> None:
        self.settings = options
        self.num_players = options.num_players
        self._tried: tuple[StateT, ActionT, StateT] | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.settings!r})"

    @property
    def options(self) -> Mapping[str, JSON]:
        """Return every option of this game, defaults included."""
        return self.settings.as_dict()

    # -- what a game writes ----------------------------------------------------------------------

    def find_legal(self, state: StateT) -> tuple[ActionT, ...]:
        """Return the legal actions of `state`, computed (`legal_actions` caches them)."""
        raise NotImplementedError

    def play(self, state: StateT, action: ActionT) -> StateT:
        """Return the state after the legal `action` (`apply` has checked it)."""
        raise NotImplementedError

    def returns(self, state: StateT) -> tuple[float, ...]:
        """Return per seat 1.0 for the winners (team mates both) and 0.0 for the others."""
        raise NotImplementedError

    def scores(self, state: StateT) -> tuple[int, ...]:
        """Return per seat the game's own points, or progress for race games."""
        raise NotImplementedError

    def action_to_text(self, state: StateT, action: ActionT) -> str:
        """Return the canonical notation of `action` in `state`."""
        raise NotImplementedError

    # -- play ------------------------------------------------------------------------------------

    def current_player(self, state: StateT) -> Seat | None:
        """Return the seat to act, or None when the game is over."""
        return state.current

    def is_terminal(self, state: StateT) -> bool:
        """Return True once the game is over."""
        return state.current is None

    def legal_actions(self, state: StateT) -> tuple[ActionT, ...]:
        """Return the legal actions of the seat to act, in a stable order; empty iff over."""
        legal: tuple[ActionT, ...] | None = state.legal
        if legal is None:
            legal = self.find_legal(state)
            # The cache is no part of the state's value (compare=False, init=False).
            object.__setattr__(state, "legal", legal)
        return legal

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """Return the state after `action`; IllegalActionError, state untouched, if illegal."""
        # `undoable` may apply the action it is asked about (`tried_apply`), and the caller (the
        # server, the conformance harness) then applies the same action to the same state: that
        # result is kept so the work is done once. States are immutable, so it is the answer.
        tried = self._tried
        if tried is not None and tried[0] is state and tried[1] == action:
            return tried[2]
        legal = self.legal_actions(state)
        # Most callers pass an action object taken from this very list (playouts, bots, the
        # server's parsed text): an identity scan in C finds it without the `==` of every
        # action before it, which costs Elfenland's long lists 13% of a random playout.
        if not any(map(is_, legal, repeat(action))) and action not in legal:
            raise IllegalActionError(self.explain.explain_illegal(self, state, action))
        return self.play(state, action)

    def tried_apply(self, state: StateT, action: ActionT) -> StateT:
        """Return `apply(state, action)`, kept for an `apply` of the same action that follows."""
        after = self.apply(state, action)
        self._tried = (state, action, after)
        return after

    def undoable(self, state: StateT, action: ActionT) -> bool:
        """Return True if the legal `action` in `state` may be taken back (the `undo` module)."""
        return self.undo.undoable(self, state, action)

    # -- ids ---------------------------------------------------------------------------------

    def action_to_id(self, action: ActionT) -> int:
        """Return the dense id of `action`."""
        return self.ids.to_id(action)

    def action_from_id(self, state: StateT, action_id: int) -> ActionT:
        """Return the legal action with this id; InvalidActionError if there is none."""
        action = self.ids.from_id(check_action_id(action_id, self.num_distinct_actions))
        legal = self.legal_actions(state)
        if action is None:
            for candidate in legal:
                if self.ids.to_id(candidate) == action_id:
                    return candidate
        elif action in legal:
            return action
        raise InvalidActionError(f"action id {action_id} is not a legal action here")

    # -- observation ---------------------------------------------------------------------------

    def observation(self, state: StateT, seat: Seat | None, *, log: bool = True
                    ) -> dict[str, JSON]:
        """Return what `seat` may know (None: a spectator): the common part, then the game's.

        With `log=False` the log is left empty (see `Game.observation`).
        """
        current = self.current_player(state)
        over = current is None
        result: dict[str, JSON] = {
            "game": self.name,
            "num_players": self.num_players,
            "seat": seat,
            "current_player": current,
            "terminal": over,
            "end_reason": self.observe.end_reason(state) if over else None,
            "log": self.log_renderer.entries(state.log, seat) if log else [],
            "legal_actions": [self.action_to_text(state, action)
                              for action in self.legal_actions(state)]
            if seat is not None and seat == current else [],
            "hand_sizes": self.observe.hand_sizes(state),
            "scores": list(self.scores(state)),
            "winners": [other for other, value in enumerate(self.returns(state)) if value == 1.0],
        }
        result.update(self.observe.observation_part(self, state, seat))
        return result

    def log_digest(self, state: StateT, seat: Seat | None) -> str:
        """Return the SHA-256 of the log `seat` may see, as JSON (finished parts hashed once)."""
        return self.log_renderer.digest(state.log, seat)

    # -- serialization, positions and hidden information -----------------------------------------

    def to_json(self, state: StateT) -> dict[str, JSON]:
        """Return a lossless JSON-safe encoding of `state`."""
        return self.codec.encode_state(self, state)

    def from_json(self, obj: Mapping[str, JSON]) -> StateT:
        """Return the state `to_json` encoded; StateFormatError if it cannot be read."""
        state: StateT = self.codec.decode_state(self, obj)
        self.legal_actions(state)
        return state

    def position_from_text(self, text: str) -> StateT:
        """Return the state a position text describes (`positions`); StateFormatError if bad."""
        state: StateT = self.positions.position_from_text(self, text)
        return state

    def position_to_text(self, state: StateT) -> str:
        """Return the position text of `state`, which `position_from_text` reads back."""
        return self.positions.position_to_text(self, state)

    def resample(self, state: StateT, seat: Seat | None, rng: random.Random) -> StateT:
        """Return a state `seat` cannot tell apart: hidden parts redrawn, chance re-seeded."""
        resampled: StateT = self.chance.resampled(self, state, seat, rng)
        self.legal_actions(resampled)
        return resampled
