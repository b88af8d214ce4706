"""The legal actions at each decision point of a turn (§4.10), and the closes a route allows.

Every function here is pure: it reads a state (or parts of one) and returns actions.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple, TypeVar

from ludoteca.games.thurn_und_taxis.actions import (
    ADMINISTRATOR,
    BLIND,
    CARRIER,
    CARTWRIGHT,
    END,
    POSTMASTER,
    TntAction,
    Verb,
    close,
    drop,
    play,
    take,
)
from ludoteca.games.thurn_und_taxis.board import Board, Cards, City, Region, tnt_board
from ludoteca.games.thurn_und_taxis.state import NONE, Point, TntState

T = TypeVar("T")


def can_take(state: TntState, blind_draw: bool) -> bool:
    """Return True if a card can be taken now (T16, T17, T21)."""
    return (any(city != NONE for city in state.display)
            or (blind_draw and (bool(state.deck) or any(state.discards))))


def takes(state: TntState, blind_draw: bool) -> list[TntAction]:
    """Return the takes: every non-empty display slot, then `TD` if it can be drawn (T16, T17)."""
    actions = [take(slot + 1, city) for slot, city in enumerate(state.display) if city != NONE]
    if blind_draw and (state.deck or any(state.discards)):
        actions.append(BLIND)
    return actions


def extensions(board: Board, route: tuple[City, ...], hand: Cards) -> list[TntAction]:
    """Return the plays that extend a non-empty `route` from `hand` (T24–T26), by city."""
    left, right = route[0], route[-1]
    on_route = 0
    for city in route:
        on_route |= 1 << city
    left_roads = board.neighbours[left] & ~on_route
    right_roads = board.neighbours[right] & ~on_route
    actions = []
    single = len(route) == 1
    for city, count in enumerate(hand):
        if not count:
            continue
        if not single and left_roads >> city & 1:
            actions.append(play(Verb.LEFT, city))
        if right_roads >> city & 1:
            actions.append(play(Verb.RIGHT, city))
    return actions


def plays(board: Board, route: tuple[City, ...], hand: Cards) -> list[TntAction]:
    """Return the first plays of a turn: a start, or the extensions and restarts (T23–T28)."""
    if not route:
        return [play(Verb.START, city) for city, count in enumerate(hand) if count]
    restarts = [play(Verb.RESTART, city) for city, count in enumerate(hand) if count]
    return extensions(board, route, hand) + restarts


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


def closes(state: TntState, seat: int) -> list[TntAction]:
    """Return the legal closes of `seat`'s route (T31–T39); none below three cards."""
    route = state.routes[seat]
    if len(route) < tnt_board().min_route:
        return []
    options = close_options(route, state.houses[seat], state.supply[seat])
    return [close(houses) for houses in options.every()]


def drops(hand: Cards, limit: int) -> list[TntAction]:
    """Return the hand-limit discards (T52): one per multiset of `limit` cards kept."""
    pool = [city for city, count in enumerate(hand) for _ in range(min(count, limit))]
    return [drop(kept) for kept in dict.fromkeys(combinations(pool, limit))]


def legal_at_point(state: TntState, board: Board, blind_draw: bool) -> list[TntAction]:
    """Return the legal actions at `state.point` for the seat to act, in a stable order."""
    point = state.point
    seat = state.current
    if seat is None:
        return []
    free = state.official == NONE and not state.forced
    if point == Point.DRAW:
        actions = takes(state, blind_draw)
        if actions and free and any(city != NONE for city in state.display):
            actions.insert(0, ADMINISTRATOR)
        return actions
    if point in (Point.AFTER_ADMINISTRATOR, Point.AFTER_POSTMASTER):
        return takes(state, blind_draw)
    hand = state.hands[seat]
    route = state.routes[seat]
    if point == Point.AFTER_TAKE:
        if state.official == NONE and can_take(state, blind_draw):
            if state.forced:
                return [POSTMASTER]
            return [POSTMASTER, *plays(board, route, hand)]
        return plays(board, route, hand)
    if point == Point.PLAY:
        return plays(board, route, hand)
    if point == Point.AFTER_CARRIER:
        return extensions(board, route, hand)
    if point == Point.AFTER_CARTWRIGHT:
        return closes(state, seat)
    if point == Point.AFTER_CLOSE:
        return drops(hand, board.hand_limit) if sum(hand) > board.hand_limit else []
    options = closes(state, seat)
    if point == Point.AFTER_PLAY and free:
        if route and extensions(board, route, hand):
            options.insert(0, CARRIER)
        if options and len(route) >= board.min_route and cartwright_matters(
            board, state.carriages[seat], len(route)
        ):
            options.insert(1 if options[0] == CARRIER else 0, CARTWRIGHT)
    return [*options, END] if options else []
