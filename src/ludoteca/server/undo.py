"""Taking back one's own last action within one's own turn (issue 10; docs/web-api.md "Undo").

An undo is allowed when the match is running, the request names the current state, the last
action was made by the requesting seat, that seat is still to move, and the engine says the
action showed nothing hidden (`Game.undoable`). Each undo removes one action, so repeated undos
go back action by action to the start of the turn: the action before is another seat's, or was
not undoable. The hub commits the removal, then changes memory (`take_back`); nothing changes
when a condition fails.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.core import Seat
from ludoteca.server.errors import ApiError

if TYPE_CHECKING:
    from ludoteca.server.live import LiveMatch

# The engine's answer for the last action of each match, with the state it led to: asked once
# per state, however many views are made (a view of the seat to move asks it). The state object,
# not its id: after an undo another action may lead to a state with the same id.
_undoable_cache: weakref.WeakKeyDictionary[LiveMatch, tuple[Any, bool]] = (
    weakref.WeakKeyDictionary()
)


@dataclass(frozen=True, slots=True)
class Undo:
    """An undo that may be made: the state it returns to and the action it takes back."""

    seat: Seat
    state_id: int
    """The state id after the undo (one less than before)."""
    action: str
    """The canonical text of the action taken back (it was public)."""


def refusal(live: LiveMatch, seat: Seat) -> str | None:
    """Return why `seat` may not take back the last action now, or None if it may."""
    if live.info.status == "expired":
        return "the match has expired"
    if not live.started:
        return "the match has not started"
    game = live.game
    if game.is_terminal(live.state):
        return "the match is over"
    if not live.actions:
        return "no action has been made yet"
    before = live.states[-2]
    if game.current_player(before) != seat:
        return "the last action is not yours"
    if game.current_player(live.state) != seat:
        return "your turn is over"
    if live.info.seats[seat].type == "bot":
        return "a bot plays this seat"
    if not _last_undoable(live):
        return "the last action showed something hidden (a card or counter drawn or revealed)"
    return None


def may_undo(live: LiveMatch, seat: Seat | None) -> bool:
    """Return True if `seat` may take back the last action now (a view's `can_undo`)."""
    return seat is not None and refusal(live, seat) is None


def check_undo(live: LiveMatch, seat: Seat, state_id: int) -> Undo:
    """Return the undo `seat` asks for at `state_id`; ApiError stale_state or cannot_undo."""
    if live.started and state_id != live.state_id:
        raise ApiError(
            "stale_state",
            f"the match is at state {live.state_id}, not {state_id}; "
            "reload the view and try again",
        )
    reason = refusal(live, seat)
    if reason is not None:
        raise ApiError("cannot_undo", f"cannot undo: {reason}")
    return Undo(seat=seat, state_id=live.state_id - 1, action=live.actions[-1])


def take_back(live: LiveMatch, columns: dict[str, Any]) -> None:
    """Remove the last action and its state from memory (after the removal is committed)."""
    live.states.pop()
    live.actions.pop()
    for key, value in columns.items():
        setattr(live.info, key, value)
    live.changed()


def notice_text(name: str, action: str) -> str:
    """Return the English wording of an undo notice (clients word it from its params)."""
    return f"{name} took back {action}"


def _last_undoable(live: LiveMatch) -> bool:
    """Return the engine's `undoable` for the last action (cached per state)."""
    cached = _undoable_cache.get(live)
    if cached is not None and cached[0] is live.state:
        return cached[1]
    game, before = live.game, live.states[-2]
    answer = game.undoable(before, game.action_from_text(before, live.actions[-1]))
    _undoable_cache[live] = (live.state, answer)
    return answer
