"""Keezen states a seat cannot tell apart (the engine's `resample`): unseen cards redealt."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.core.chance import fresh_seed
from ludoteca.core.draft import thaw
from ludoteca.core.game import Seat
from ludoteca.games.keezen.cards import Rank
from ludoteca.games.keezen.state import DealEvent, KeezenState, cards_spent

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame

RESAMPLE_ATTEMPTS = 1000


def resampled(
    game: KeezenGame, state: KeezenState, seat: Seat | None, rng: random.Random
) -> KeezenState:
    """Return a state `seat` cannot tell apart: unseen cards redealt, future chance re-seeded.

    The unseen cards are the pack and the other seats' hands. They are redrawn until the
    seat to move holds a playable card, as it must (K18); the true cards are kept in the
    vanishingly rare case that no draw succeeds within RESAMPLE_ATTEMPTS.
    """
    hidden = [other for other in range(game.num_players) if other != seat]
    pool = list(state.pack) + [card for other in hidden for card in state.hands[other]]
    candidate = state
    for _ in range(RESAMPLE_ATTEMPTS):
        rng.shuffle(pool)
        hands = list(state.hands)
        position = 0
        for other in hidden:
            size = len(state.hands[other])
            hands[other] = tuple(sorted(pool[position : position + size]))
            position += size
        candidate = _redealt(game, state, hands, tuple(pool[position:]))
        if state.current is None or game.legal_actions(candidate):
            break
    else:
        candidate = state
    draft = thaw(candidate)
    draft.seed = fresh_seed(rng)
    draft.legal = candidate.legal  # the seed plays no part in the legal actions
    return draft.freeze()


def _redealt(
    game: KeezenGame, state: KeezenState, hands: list[tuple[Rank, ...]], pack: tuple[Rank, ...]
) -> KeezenState:
    """Return `state` with new hands and pack, the current deal's log entry made to match."""
    current_deal = state.log[-1]
    spent = cards_spent(current_deal, game.num_players)
    opening = current_deal[0]
    assert isinstance(opening, DealEvent)
    dealt = tuple(
        tuple(sorted(hands[seat] + tuple(spent[seat]))) for seat in range(game.num_players)
    )
    draft = thaw(state)
    draft.hands, draft.pack = tuple(hands), pack
    draft.log = (
        *state.log[:-1], (DealEvent(opening.deal, opening.dealer, dealt), *current_deal[1:])
    )
    return draft.freeze()
