"""The legal actions at each decision point of a turn (§4.10), and the closes a route allows.

Every function here is pure: it reads a state (or parts of one) and returns actions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, compress, product
from typing import NamedTuple, TypeVar

from ludoteca.games.thurn_und_taxis.actions import (
    ADMINISTRATOR,
    BLIND,
    CARRIER,
    CARTWRIGHT,
    CITIES,
    END,
    LEFTS,
    POSTMASTER,
    RESTARTS,
    RIGHTS,
    STARTS,
    TAKE_ROWS,
    TntAction,
    close,
    drop,
)
from ludoteca.games.thurn_und_taxis.board import Board, Cards, City, Region, tnt_board
from ludoteca.games.thurn_und_taxis.state import NONE, Point, TntState

T = TypeVar("T")


EMPTY_DISPLAY = (NONE,) * 6
BIT = tuple(1 << city for city in CITIES)
"""`BIT[city]`: the city's bit in a mask of cities."""


def can_take(state: TntState, blind_draw: bool) -> bool:
    """Return True if a card can be taken now (T16, T17, T21)."""
    return (state.display != EMPTY_DISPLAY
            or (blind_draw and (bool(state.deck) or any(state.discards))))


def takes(state: TntState, blind_draw: bool) -> list[TntAction]:
    """Return the takes: every non-empty display slot, then `TD` if it can be drawn (T16, T17)."""
    shown = zip(TAKE_ROWS, state.display, strict=True)
    actions = [row[city] for row, city in shown if city != NONE]
    if blind_draw and (state.deck or any(state.discards)):
        actions.append(BLIND)
    return actions


def route_mask(route: tuple[City, ...]) -> int:
    """Return the cities of `route` as a mask (a route passes each city once)."""
    return sum(map(BIT.__getitem__, route))


def extensions(board: Board, route: tuple[City, ...], hand: Cards) -> list[TntAction]:
    """Return the plays that extend a non-empty `route` from `hand` (T24–T26), by city."""
    on_route = route_mask(route)
    right_roads = board.neighbours[route[-1]] & ~on_route
    # A one-card route has one end: its extensions are all "right" ones.
    left_roads = board.neighbours[route[0]] & ~on_route if len(route) > 1 else 0
    actions = []
    cities = (left_roads | right_roads) & sum(compress(BIT, hand))
    while cities:  # the few cities of the hand a road leads to, in increasing order
        bit = cities & -cities
        cities ^= bit
        city = bit.bit_length() - 1
        if left_roads & bit:
            actions.append(LEFTS[city])
        if right_roads & bit:
            actions.append(RIGHTS[city])
    return actions


def plays(board: Board, route: tuple[City, ...], hand: Cards) -> list[TntAction]:
    """Return the first plays of a turn: a start, or the extensions and restarts (T23–T28)."""
    if not route:
        return list(compress(STARTS, hand))
    return extensions(board, route, hand) + list(compress(RESTARTS, hand))


def next_carriage(board: Board, highest: int) -> int:
    """Return the next carriage of a player holding `highest` (0: none), 0 after the last."""
    if highest >= board.last_carriage:
        return 0
    return board.first_carriage if highest == 0 else highest + 1


def cartwright_matters(board: Board, highest: int, length: int) -> bool:
    """Return True if `CW` changes the carriage a route of `length` earns (T50)."""
    wanted = next_carriage(board, highest)
    return bool(wanted) and wanted - board.cartwright_reduction <= length < wanted


class CloseOptions(NamedTuple):
    """The house sets a close may place, by option (T34–T39), as masks of cities."""

    one_region: tuple[tuple[Region, tuple[int, ...]], ...]
    """Per region of the route, in route order: the sets option "one region" allows."""
    one_per_region: tuple[int, ...]
    """The sets option "one per region" allows."""

    def every(self) -> tuple[int, ...]:
        """Return every distinct house set, "one region" sets first, in a stable order."""
        seen: dict[int, None] = {}
        for _, sets in self.one_region:
            seen.update(dict.fromkeys(sets))
        seen.update(dict.fromkeys(self.one_per_region))
        return tuple(seen)

    def region_of(self, houses: int) -> Region:
        """Return the first region (route order) whose "one region" option places `houses`."""
        return next(region for region, sets in self.one_region if houses in sets)


@lru_cache(maxsize=8192)
def close_options(route: tuple[City, ...], own_houses: int, supply: int) -> CloseOptions:
    """Return the closes of `route` for a player with houses `own_houses` and `supply` left."""
    board = tnt_board()
    eligible: dict[Region, list[City]] = {}
    for city in route:
        region = board.city_region[city]
        cities = eligible.setdefault(region, [])
        if not own_houses >> city & 1:
            cities.append(city)
    one_region = tuple(
        (region, tuple(_mask(chosen) for chosen in _choose(cities, supply)))
        for region, cities in eligible.items()
    )
    regions = [cities for cities in eligible.values() if cities]
    per_region: list[int] = []
    for chosen_regions in _choose(regions, supply):
        per_region.extend(_mask(pick) for pick in product(*chosen_regions))
    return CloseOptions(one_region, tuple(dict.fromkeys(per_region)))


def _choose(items: list[T], limit: int) -> list[tuple[T, ...]]:
    """Return all of `items` if at most `limit`, else every choice of `limit` of them (T39)."""
    if len(items) <= limit:
        return [tuple(items)]
    return list(combinations(items, limit))


def _mask(cities: tuple[City, ...]) -> int:
    mask = 0
    for city in cities:
        mask |= 1 << city
    return mask


def closes(state: TntState, seat: int) -> tuple[TntAction, ...]:
    """Return the legal closes of `seat`'s route (T31–T39); none below three cards."""
    route = state.routes[seat]
    if len(route) < tnt_board().min_route:
        return ()
    return close_actions(route, state.houses[seat], state.supply[seat])


@lru_cache(maxsize=8192)
def close_actions(route: tuple[City, ...], own_houses: int, supply: int
                  ) -> tuple[TntAction, ...]:
    """Return the closes of `route` as actions, in the stable order of `CloseOptions.every`."""
    return tuple(close(houses) for houses in close_options(route, own_houses, supply).every())


def drops(hand: Cards, limit: int) -> list[TntAction]:
    """Return the hand-limit discards (T52): one per multiset of `limit` cards kept."""
    pool = [city for city, count in enumerate(hand) for _ in range(min(count, limit))]
    return [drop(kept) for kept in dict.fromkeys(combinations(pool, limit))]


def legal_at_point(state: TntState, board: Board, blind_draw: bool) -> list[TntAction]:
    """Return the legal actions at `state.point` for the seat to act, in a stable order."""
    seat = state.current
    if seat is None:
        return []
    return AT_POINT[state.point](state, seat, board, blind_draw)


def _at_draw(state: TntState, seat: int, board: Board, blind_draw: bool) -> list[TntAction]:
    """D1: take a card, or use the Administrator if no official was used (T16–T18)."""
    actions = takes(state, blind_draw)
    if state.official == NONE and not state.forced and state.display != EMPTY_DISPLAY:
        actions.insert(0, ADMINISTRATOR)
    return actions


def _at_second_take(state: TntState, seat: int, board: Board, blind_draw: bool
                    ) -> list[TntAction]:
    """D2, D4: take a card (after the Administrator, or the Postmaster's second card)."""
    return takes(state, blind_draw)


def _after_take(state: TntState, seat: int, board: Board, blind_draw: bool) -> list[TntAction]:
    """D3: use the Postmaster or play a card; a forced turn must use the Postmaster (T20)."""
    route, hand = state.routes[seat], state.hands[seat]
    if state.official == NONE and can_take(state, blind_draw):
        if state.forced:
            return [POSTMASTER]
        return [POSTMASTER, *plays(board, route, hand)]
    return plays(board, route, hand)


def _at_play(state: TntState, seat: int, board: Board, blind_draw: bool) -> list[TntAction]:
    """D5: play a card (T23–T28)."""
    return plays(board, state.routes[seat], state.hands[seat])


def _after_carrier(state: TntState, seat: int, board: Board, blind_draw: bool
                   ) -> list[TntAction]:
    """D7: the Postal Carrier's card extends the route (T30)."""
    return extensions(board, state.routes[seat], state.hands[seat])


def _after_cartwright(state: TntState, seat: int, board: Board, blind_draw: bool
                      ) -> list[TntAction]:
    """D9: the Cartwright was used for a close, so close (T50)."""
    return list(closes(state, seat))


def _after_close(state: TntState, seat: int, board: Board, blind_draw: bool
                 ) -> list[TntAction]:
    """D10: discard down to the hand limit (T52), if above it."""
    hand = state.hands[seat]
    return drops(hand, board.hand_limit) if sum(hand) > board.hand_limit else []


def _after_play(state: TntState, seat: int, board: Board, blind_draw: bool) -> list[TntAction]:
    """D6, D8: close or end, after the first play also the Carrier or the Cartwright (T29–T31).

    No close and no official: nothing to decide, the turn ends (§4.10).
    """
    options = closes(state, seat)
    officials = []
    if state.point == Point.AFTER_PLAY and state.official == NONE and not state.forced:
        route = state.routes[seat]
        if route and extensions(board, route, state.hands[seat]):
            officials.append(CARRIER)
        if (officials or options) and len(route) >= board.min_route and cartwright_matters(
            board, state.carriages[seat], len(route)
        ):
            officials.append(CARTWRIGHT)
    return [*officials, *options, END] if officials or options else []


AT_POINT: dict[Point, Callable[[TntState, int, Board, bool], list[TntAction]]] = {
    Point.DRAW: _at_draw,
    Point.AFTER_ADMINISTRATOR: _at_second_take,
    Point.AFTER_POSTMASTER: _at_second_take,
    Point.AFTER_TAKE: _after_take,
    Point.PLAY: _at_play,
    Point.AFTER_PLAY: _after_play,
    Point.AFTER_CARRIER: _after_carrier,
    Point.AFTER_SECOND_PLAY: _after_play,
    Point.AFTER_CARTWRIGHT: _after_cartwright,
    Point.AFTER_CLOSE: _after_close,
}
"""The legal actions of each decision point of a turn (§4.10), for the seat to act."""
