"""Which Suitors' Paths actions may be taken back (the engine's `undoable`, issue 10).

An action may be taken back when it drew no chance and showed nobody anything hidden. By kind:

- `build`, `scrap`, `end` (P27–P48): yes. The cards paid are the player's own choice and go
  face up; blocks and markers are public.
- `girl` (P50): yes. Girls are public.
- `take <slot>` as the first card of the step (P57): yes. The card lay face up, and the display
  is refilled only when the step is over.
- `take deck` (P57): never. The card comes off the hidden deck (and may reshuffle it).
- `take all`, a second `take`, `discard` (P58–P61): never. They end the card step, and the
  refill turns deck cards face up.
- `open`, `raise`, `pass`, `pay` (P16–P19): never. A bid is a public commitment the others
  answer at once (taking one back after seeing the answers would be a free look), and the
  auction's end can begin play.

Any of these is still refused when what follows it by itself draws a card or ends the game (a
turn whose card step is skipped, P56, passes to the next player; the game may end there): that
is read from the state after the action, the deck and the reshuffle count unchanged and someone
still to act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.suitors_paths.actions import (
    BuildSegment,
    EndBuild,
    MoveGirl,
    ScrapRoute,
    SpAction,
    TakeDisplay,
)
from ludoteca.games.suitors_paths.state import SpState

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

TAKE_BACK = (BuildSegment, ScrapRoute, EndBuild, MoveGirl)


def undoable(game: SpGame, state: SpState, action: SpAction) -> bool:
    """Return True if the legal `action` in `state` may be taken back (see the module)."""
    if isinstance(action, TakeDisplay):
        if state.taken:
            return False
    elif not isinstance(action, TAKE_BACK):
        return False
    after = game.tried_apply(state, action)
    return (after.current is not None and after.deck == state.deck
            and after.reshuffles == state.reshuffles)
