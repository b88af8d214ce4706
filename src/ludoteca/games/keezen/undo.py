"""Which Keezen actions may be taken back (the engine's `undoable`, issue 10): none.

Every Keezen action plays a card out of a hidden hand (K12): the others see a card they did
not know the seat held. A play may also close the deal, and the next hand comes from the
shuffled pack (chance), or leave the next seat unable to play, whose hand is then handed in face
up (K18). And a card is the whole turn (K13): the turn passes with every action, so there is
never a second decision of one turn to correct.
"""

from __future__ import annotations

from ludoteca.games.keezen.actions import KeezenAction
from ludoteca.games.keezen.state import KeezenState


def undoable(game: object, state: KeezenState, action: KeezenAction) -> bool:
    """Return False: every Keezen action shows a card from a hidden hand (see the module)."""
    return False
