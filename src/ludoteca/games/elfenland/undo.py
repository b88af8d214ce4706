"""Which Elfenland actions may be taken back (the engine's `undoable`, issue 10).

An action may be taken back when it drew nothing from a hidden pile and turned nothing face up
but what its seat chose to spend of its own hand. By verb:

- `take`, `draw` (E14, E15): never. A counter comes out of the supply: the display's refill, or
  the drawn counter itself, is shown to everyone.
- `place` of a secret counter (E17): never. The counter is turned face up on the road.
- `move` (E24, a journey step): yes. The payment goes face up to the discard pile (E29), but it
  is the mover's own choice from the mover's own hand; the boot's arrival and the town piece
  follow from the map (E30). Taking the step back gives the mover nothing it did not know.
- `keep-cards` (E35): never. It names the 4 cards kept; the rest of the hidden hand goes face up
  to the discard pile, so what everyone sees depends on the hand, not on the action.
- `place` of an open counter, `obstacle`, `pass`, `end`, `keep-counter`: yes; they show nothing
  hidden (a secret counter kept stays secret, those set aside are only counted, E36).

Any of these is still refused when what follows it by itself draws cards or counters: the end
of a round deals cards and secret counters and shuffles the supply (E9–E12, E38). That is read
from the state after the action: the draw pile, the supply and the reshuffle count unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.elfenland.actions import ElfAction, Verb
from ludoteca.games.elfenland.state import ElfenlandState

if TYPE_CHECKING:
    from ludoteca.games.elfenland.rules import ElfenlandGame

SHOWS_HIDDEN = frozenset({Verb.TAKE, Verb.DRAW, Verb.KEEP_CARDS})
"""Verbs that always show something hidden: a counter from the supply, or the cards not kept."""


def undoable(game: ElfenlandGame, state: ElfenlandState, action: ElfAction) -> bool:
    """Return True if the legal `action` in `state` may be taken back (see the module)."""
    if action.verb in SHOWS_HIDDEN:
        return False
    if action.verb == Verb.PLACE and action.secret:
        return False
    return draws_nothing(state, game.tried_apply(state, action))


def draws_nothing(before: ElfenlandState, after: ElfenlandState) -> bool:
    """Return True if no card or counter left a hidden pile between `before` and `after`."""
    return (
        after.draw_pile == before.draw_pile
        and after.supply == before.supply
        and after.reshuffles == before.reshuffles
    )
