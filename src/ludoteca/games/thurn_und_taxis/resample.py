"""Determinization: a full state that one seat cannot tell from the true one (T8)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from ludoteca.core.chance import fresh_seed
from ludoteca.core.game import Seat
from ludoteca.games.thurn_und_taxis.state import UNKNOWN, ActionEvent, Event, TntState

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame


def resampled(
    game: TntGame, state: TntState, seat: Seat | None, rng: random.Random
) -> TntState:
    """Return `state` with the deck order and the blind cards `seat` has not seen redrawn.

    The pool is the deck plus the other seats' blind cards; each of those seats gets back as
    many blind cards as it had. The blind takes of the other seats are masked out of the log,
    and future chance gets the new `seed`.
    """
    seed = fresh_seed(rng)  # drawn first: the redraws below use `rng` after it
    others = [other for other in range(game.num_players) if other != seat]
    pool = list(state.deck)
    for other in others:
        pool.extend(city for city, count in enumerate(state.blind[other]) for _ in range(count))
    rng.shuffle(pool)
    hands = list(state.hands)
    blinds = list(state.blind)
    for other in others:
        size = sum(state.blind[other])
        if not size:
            continue
        drawn, pool = pool[:size], pool[size:]
        blind = [0] * game.board.num_cities
        for city in drawn:
            blind[city] += 1
        hands[other] = tuple(h - old + new for h, old, new
                             in zip(state.hands[other], state.blind[other], blind, strict=True))
        blinds[other] = tuple(blind)
    log = state.log
    if game.settings.blind_draw:
        log = tuple(_masked_round(events, seat) for events in state.log)
    return replace(state, seed=seed, deck=tuple(pool), hands=tuple(hands), blind=tuple(blinds),
                   log=log)


def _masked_round(events: tuple[Event, ...], seat: Seat | None) -> tuple[Event, ...]:
    """Return a round's events with other seats' blind cards masked; the same tuple if none is.

    Keeping the very tuple lets the log renderer reuse what it rendered for the true state.
    """
    masked = tuple(_masked(event, seat) for event in events)
    return events if masked == events else masked


def _masked(event: Event, seat: Seat | None) -> Event:
    """Return `event` without the card of another seat's blind take."""
    if isinstance(event, ActionEvent) and event.text == "TD" and event.seat != seat:
        return event._replace(city=UNKNOWN)
    return event
