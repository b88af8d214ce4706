"""The legal actions at each step (§5), in a stable order, and the tables they read.

Every function here is pure: it reads a state and the game's fixed tables and returns actions.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from ludoteca.games.suitors_paths.actions import (
    COLOURS,
    END,
    MULTI,
    PASS,
    RAISES,
    SCRAP,
    TAKE_ALLS,
    TAKE_DECK,
    TAKES,
    Discard,
    OpenAuction,
    PayBid,
    SpAction,
)
from ludoteca.games.suitors_paths.board import NO_GIRL, NO_HEX, Board, Hex, PointId
from ludoteca.games.suitors_paths.state import NONE, Cards, Route, SpState, Step

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

MAX_BID = 6
HAND_LIMIT = 10
MARKERS = 6
MAX_STACK = 4
GIRL_RULE_DISTANCE = 3


def requirements(board: Board, terrain: tuple[int, ...], adjacent: bool) -> tuple[int, ...]:
    """Return per segment the colour one card of which pays it (P28–P30)."""
    needs = []
    for segment in range(board.num_segments):
        spoke = board.spoke_hex[segment]
        if spoke != NO_HEX:
            needs.append(terrain[spoke])
            continue
        first, second = board.side_hexes[segment]
        if second == NO_HEX:
            needs.append(terrain[first] if adjacent else MULTI)
        else:
            needs.append(terrain[first] if terrain[first] == terrain[second] else MULTI)
    return tuple(needs)


@lru_cache(maxsize=65536)
def payment_options(hand: Cards) -> tuple[tuple[int, ...], ...]:
    """Return per requirement colour the ways `hand` pays it (P31, P32): one card of that
    colour first, then an identical pair of each other colour in order. A way is written as
    its index 2 × colour + number of cards − 1 in a segment's row of `ActionIds.builds`."""
    pairs = [2 * colour + 1 for colour, count in enumerate(hand) if count >= 2]
    return tuple(
        (*((2 * need,) if hand[need] else ()), *(way for way in pairs if way != 2 * need + 1))
        for need in range(len(COLOURS))
    )


@lru_cache(maxsize=65536)
def card_lists(hand: Cards, size: int) -> tuple[str, ...]:
    """Return every list of `size` cards `hand` holds, canonical, in canonical order."""
    results: list[str] = []

    def choose(colour: int, left: int, chosen: str) -> None:
        if left == 0:
            results.append(chosen)
            return
        if colour == len(hand):
            return
        for count in range(min(hand[colour], left), -1, -1):
            choose(colour + 1, left - count, chosen + COLOURS[colour] * count)

    choose(0, size, "")
    return tuple(results)


def markers_used(state: SpState, seat: int) -> int:
    """Return how many of `seat`'s markers sit on girls (its connections)."""
    return sum(stack.count(seat) for stack in state.girls if stack)


def unfinished(state: SpState, seat: int) -> Route | None:
    """Return `seat`'s unfinished route (P39), or None."""
    routes = state.routes[seat]
    if routes and routes[-1].girl == NONE:
        return routes[-1]
    return None


def suitor_mask(state: SpState) -> int:
    """Return the hexes with a suitor, as a mask."""
    return hex_mask(state.starts)


@lru_cache(maxsize=4096)
def hex_mask(hexes: tuple[Hex, ...]) -> int:
    """Return `hexes` (NONE entries left out) as a mask."""
    mask = 0
    for h in hexes:
        if h != NONE:
            mask |= 1 << h
    return mask


@lru_cache(maxsize=65536)
def point_mask(points: tuple[PointId, ...]) -> int:
    """Return `points` as a mask."""
    mask = 0
    for point in points:
        mask |= 1 << point
    return mask


def auction_hexes(board: Board, starts: tuple[Hex, ...]) -> list[Hex]:
    """Return the legal auction hexes in ring-2 order (P21, P22)."""
    placed = [board.ring2_index[h] for h in starts if h != NONE]
    ring = board.ring2
    if not placed:
        if board.players == 2:
            return [h for h in ring if h in board.tips]
        return list(ring)
    return [h for i, h in enumerate(ring) if h not in starts
            and min(board.ring2_distance(i, j) for j in placed) == 2]


def auction_actions(state: SpState, board: Board, seat: int) -> list[SpAction]:
    """Return the opener's openings, or a bidder's raises and pass (P16–P18)."""
    most = min(MAX_BID, sum(state.hands[seat]))
    if state.auction_hex == NONE:
        return [OpenAuction(board.hex_names[h], bid)
                for h in auction_hexes(board, state.starts) for bid in range(most + 1)]
    return [*RAISES[state.bid + 1: most + 1], PASS]


def build_actions(game: SpGame, state: SpState, seat: int) -> list[SpAction]:
    """Return scrap (first action only), every affordable segment, and end (P34–P48)."""
    actions: list[SpAction] = []
    route = unfinished(state, seat)
    if route is not None and not state.built and not state.scrapped:
        actions.append(SCRAP)
    needs = game.needs(state.terrain)
    options = payment_options(state.hands[seat])
    builds = game.ids.builds
    for directed, segment in open_segments(game, state, seat, route):
        made = builds[directed]
        actions += [made[option] for option in options[needs[segment]]]
    actions.append(END)
    return actions


def open_segments(
    game: SpGame, state: SpState, seat: int, route: Route | None
) -> Iterator[tuple[int, int]]:
    """Yield (directed segment, segment) of every segment the seat may build next, ignoring
    cards; a directed segment is 2 × segment + 1 if it runs from the higher point."""
    if state.connected != NONE or (state.supply == 0 and not state.exhausted):
        return
    if route is None:
        if state.built or MARKERS - markers_used(state, seat) <= 0:
            return  # P46: a route needs a marker; P44: one route per turn
        heads = [(point, 1 << point) for point in game.route_starts(state.starts[seat])]
    else:
        heads = [(route.points[-1], point_mask(route.points))]
    occupied = state.occupied
    suitors = hex_mask(state.starts)
    girls = state.girls
    links = game.board.links
    for head, visited in heads:
        for to, segment, directed, h, centre, girl in links[head]:
            if occupied >> segment & 1 or visited >> to & 1:
                continue
            if h != NO_HEX:
                if suitors >> h & 1 and head != centre:
                    continue  # P34: a suitor's spokes are pre-built (or its own route's start)
                if girl != NO_GIRL and (to != centre or (stack := girls[girl]) is None
                                     or len(stack) >= MAX_STACK):
                    continue  # P35, P42
            yield directed, segment


def girl_moves(game: SpGame, state: SpState) -> list[SpAction]:
    """Return the legal girl moves in path order, cw before ccw (P50–P53)."""
    board = game.board
    girls = state.girls
    length = len(girls)
    target = state.connected
    moves: list[SpAction] = []
    for i, stack in enumerate(girls):
        if stack != ():
            continue
        for d, step in enumerate((1, -1)):
            j = (i + step) % length
            if girls[j] is not None:
                continue  # P52
            if target != NONE:
                before = board.path_distance(i, target)
                if before <= GIRL_RULE_DISTANCE and board.path_distance(j, target) < before:
                    continue  # P53
            moves.append(game.girl_action(i, d))
    return moves


def can_draw(state: SpState) -> bool:
    """Return True if a card can come off the deck, reshuffling if need be (P62)."""
    return bool(state.deck) or bool(state.discards)


def card_actions(state: SpState) -> list[SpAction]:
    """Return the takes of the card step (P57–P59): slots, deck, then whole colours."""
    if state.took_colour or state.taken >= 2:
        return []
    actions: list[SpAction] = [TAKES[slot] for slot, c in enumerate(state.display) if c != NONE]
    if can_draw(state):
        actions.append(TAKE_DECK)
    if not state.taken:
        present = {c for c in state.display if c != NONE}
        actions += [TAKE_ALLS[c] for c in sorted(present)]
    return actions


def legal_now(game: SpGame, state: SpState) -> list[SpAction]:
    """Return the legal actions of the seat to act, in a stable order."""
    seat = state.current
    if seat is None:
        return []
    step = state.step
    if step == Step.BUILD:
        return build_actions(game, state, seat)
    if step == Step.CARDS:
        return card_actions(state)
    if step == Step.GIRL:
        return girl_moves(game, state)
    if step == Step.AUCTION:
        return auction_actions(state, game.board, seat)
    if step == Step.PAY:
        return [PayBid(cards) for cards in card_lists(state.hands[seat], state.bid)]
    hand = state.hands[seat]
    return [Discard(cards) for cards in card_lists(hand, sum(hand) - HAND_LIMIT)]
