"""Determinization: a full state that one seat cannot tell from the true one (E43)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from ludoteca.core.chance import fresh_seed
from ludoteca.core.game import Seat
from ludoteca.games.elfenland.board import COUNTER_KINDS
from ludoteca.games.elfenland.cards import NO_CARDS, count, expand
from ludoteca.games.elfenland.state import (
    UNKNOWN,
    ElfenlandState,
    Event,
    KeepCardsEvent,
    KeepCounterEvent,
    RefillEvent,
    SecretDrawEvent,
)

if TYPE_CHECKING:
    from ludoteca.games.elfenland.rules import ElfenlandGame


def resampled(
    game: ElfenlandGame, state: ElfenlandState, seat: Seat | None, rng: random.Random
) -> ElfenlandState:
    """Return `state` with every card and counter `seat` cannot see redrawn, and a new seed.

    Redrawn: the other seats' hands and secret counters, the draw pile, the supply and the
    secret counters set aside at E36. What the other seats alone know is also masked out of
    the log, so the new state carries no trace of the true hidden cards.
    """
    seed = fresh_seed(rng)  # drawn first: the redraws below use `rng` after it
    others = [other for other in range(game.num_players) if other != seat]
    cards = list(state.draw_pile)
    for other in others:
        cards.extend(expand(state.hands[other]))
    rng.shuffle(cards)
    hands = list(state.hands)
    for other in others:
        size = sum(state.hands[other])
        hands[other], cards = count(cards[:size]), cards[size:]

    counters = list(state.supply) + list(state.set_aside_secret)
    for other in others:
        counters.extend(expand(state.secret_counters[other]))
    rng.shuffle(counters)
    secrets = list(state.secret_counters)
    for other in others:
        size = sum(state.secret_counters[other])
        secrets[other], counters = count(counters[:size], len(COUNTER_KINDS)), counters[size:]
    aside = len(state.set_aside_secret)

    return replace(
        state,
        seed=seed,
        hands=tuple(hands),
        draw_pile=tuple(cards),
        secret_counters=tuple(secrets),
        set_aside_secret=tuple(counters[:aside]),
        supply=tuple(counters[aside:]),
        log=tuple(tuple(_masked(event, seat) for event in events) for events in state.log),
    )


def _masked(event: Event, seat: Seat | None) -> Event:
    """Return `event` without what only a seat other than `seat` saw."""
    if isinstance(event, RefillEvent) and event.seat != seat:
        return event._replace(cards=NO_CARDS)
    if isinstance(event, SecretDrawEvent) and event.seat != seat:
        return event._replace(counter=UNKNOWN)
    if isinstance(event, KeepCardsEvent) and event.seat != seat:
        return event._replace(kept=NO_CARDS)
    if isinstance(event, KeepCounterEvent) and event.secret and event.seat != seat:
        return event._replace(counter=UNKNOWN)
    return event
