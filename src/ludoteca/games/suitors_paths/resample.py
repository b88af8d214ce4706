"""Determinization: a full state that one seat cannot tell from the true one (P14, S3)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from ludoteca.core.chance import fresh_seed
from ludoteca.core.game import Seat
from ludoteca.games.suitors_paths.state import Event, SpState

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame


def resampled(
    game: SpGame, state: SpState, seat: Seat | None, rng: random.Random
) -> SpState:
    """Return `state` with the deck order and the unseen hand cards of the others redrawn.

    The pool is the deck plus every other seat's cards not taken from the display; each of
    those seats gets back as many as it had, beside its known cards. Other seats' deck draws
    are masked out of the log, and future chance gets the new `seed`.
    """
    seed = fresh_seed(rng)  # drawn first: the redraws below use `rng` after it
    others = [other for other in range(game.num_players) if other != seat]
    pool = list(state.deck)
    for other in others:
        for colour, (held, known) in enumerate(zip(state.hands[other], state.known[other],
                                                   strict=True)):
            pool.extend([colour] * (held - known))
    rng.shuffle(pool)
    hands = list(state.hands)
    for other in others:
        hand = list(state.known[other])
        size = sum(state.hands[other]) - sum(hand)
        drawn, pool = pool[:size], pool[size:]
        for colour in drawn:
            hand[colour] += 1
        hands[other] = tuple(hand)
    log = tuple(_masked_round(events, seat) for events in state.log)
    return replace(state, seed=seed, deck=tuple(pool), hands=tuple(hands), log=log)


def _masked_round(events: tuple[Event, ...], seat: Seat | None) -> tuple[Event, ...]:
    """Return a round's events with other seats' deck cards masked; the same tuple if none is.

    Keeping the very tuple lets the log renderer reuse what it rendered for the true state.
    """
    if not any(event[0] == "take_deck" and event[2] != seat and event[3] is not None
               for event in events):
        return events
    return tuple((*event[:3], None) if event[0] == "take_deck" and event[2] != seat else event
                 for event in events)
