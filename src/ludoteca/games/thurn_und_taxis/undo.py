"""Which Thurn und Taxis actions may be taken back (the engine's `undoable`, issue 10).

A card laid on the route can be taken back, a draw cannot. An action may be taken back when it
drew nothing from the deck and turned nothing face up but what its seat chose to spend of its
own hand. By verb:

- `T<i>`, `TD` (T16, T17): never. The refill turns the deck's top card face up (T13), or the
  blind card itself comes off the deck; either may also reshuffle the discard pile.
- `AD` (T19): never. The display goes to the discard pile and is dealt anew from the deck.
- `X[…]` (T52): never. The cards not kept go face up to the discard pile, so what the others
  see depends on the hand (its blind cards, T8), not on the action alone; and it ends the turn.
- `*c`, `+c`, `c+`, `/c` (T23–T28, a play, the discard-and-restart included): yes. The card is
  the player's own choice from its own hand, and a discarded route was face up already.
- `PM`, `PC`, `CW` (T18, T29, T49): yes. An official only opens a decision; nothing is drawn.
- `C…` (T32–T51, a close): yes. Houses, bonus tiles (stacks lie open, T41) and the carriage
  follow from the route and the houses chosen, and the route goes face up to the discard pile.
- `.` (T12): yes, as far as the engine goes; the server refuses it anyway, since it passes the
  turn, and undo stays within the actor's own turn.

With `blind_draw`, a play and `PC` are refused while the player holds a card the others have not
seen (T8): whether the Postal Carrier can follow, or the turn ends by itself, depends on the whole
hand, so the others would learn something of the unseen cards.

Any of these is still refused when what follows it by itself draws a card or ends the game. A
play, a close or `.` may end the turn (nothing optional left, no hand-limit discard): the next
turn's refill (T14) can turn a deck card face up or reshuffle the discard pile (T13), and after
the last turn the game is scored (T54–T59), which is final. That is read from the state after
the action: the deck and the reshuffle count unchanged, and someone still to act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.thurn_und_taxis.actions import PLAYS, TntAction, Verb
from ludoteca.games.thurn_und_taxis.state import TntState

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame

SHOWS_HIDDEN = frozenset({Verb.TAKE, Verb.BLIND, Verb.ADMINISTRATOR, Verb.DROP})
"""Verbs that always show something hidden: a card from the deck, or the cards not kept."""
HAND_DEPENDENT = frozenset({*PLAYS, Verb.CARRIER})
"""Verbs after which what is legal next depends on the whole hand (a Postal Carrier's play)."""


def undoable(game: TntGame, state: TntState, action: TntAction) -> bool:
    """Return True if the legal `action` in `state` may be taken back (see the module)."""
    if action.verb in SHOWS_HIDDEN:
        return False
    seat = state.current
    if action.verb in HAND_DEPENDENT and seat is not None and any(state.blind[seat]):
        return False
    after = game.tried_apply(state, action)
    return draws_nothing(state, after) and after.current is not None


def draws_nothing(before: TntState, after: TntState) -> bool:
    """Return True if no card left the deck and nothing was reshuffled from `before` to `after`."""
    return after.reshuffles == before.reshuffles and after.deck == before.deck
