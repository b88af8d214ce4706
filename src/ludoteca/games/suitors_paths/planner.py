"""What the Suitors' Paths heuristic bot plans with: the table as one seat's observation shows
it, cheapest paths priced in that seat's cards, how a hand pays a path, and what a marker gains.

Everything here reads the public table and one hand, never another hand or the deck (S3):
`Table.of` reads only those fields of a state.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

from ludoteca.core.game import Seat
from ludoteca.games.suitors_paths.actions import COLOURS, MULTI
from ludoteca.games.suitors_paths.board import NO_GIRL, NO_HEX, Board, Hex, PointId, SegmentId
from ludoteca.games.suitors_paths.moves import MARKERS, MAX_STACK, markers_used
from ludoteca.games.suitors_paths.state import NONE, SpState

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

UNREACHED = float("inf")
Payment = tuple[int, int]
"""(colour, number of cards): one card of the requirement, or a pair of another colour."""


@dataclass(frozen=True, slots=True)
class OpenRoute:
    """A seat's unfinished route as the table shows it: its points and segments in build order."""

    points: tuple[PointId, ...]
    segments: tuple[SegmentId, ...]

    @property
    def head(self) -> PointId:
        """Return the route's head (its last point)."""
        return self.points[-1]

    @property
    def visited(self) -> int:
        """Return the route's points as a mask (P37: a route never revisits one)."""
        mask = 0
        for point in self.points:
            mask |= 1 << point
        return mask


@dataclass(frozen=True, slots=True)
class Table:
    """The public table plus the viewer's hand, in the board's numbering."""

    board: Board
    needs: tuple[int, ...]
    """Per segment, the colour one card of which pays it (P28–P30)."""
    occupied: int
    """Segments holding a route, as a mask."""
    suitors: tuple[Hex | None, ...]
    girls: dict[int, tuple[int, ...]]
    """Per path index where a girl stands, her stack (bottom first)."""
    unfinished: tuple[OpenRoute | None, ...]
    markers: tuple[int, ...]
    connections: tuple[int, ...]
    hand: tuple[int, ...]
    """The viewer's hand as counts per colour."""

    @classmethod
    def of(cls, game: SpGame, state: SpState, seat: Seat) -> Table:
        """Return the table of `state` as `seat` sees it: its public fields and `seat`'s hand."""
        board = game.board
        between = board.segment_between
        unfinished: list[OpenRoute | None] = []
        for routes in state.routes:
            route = routes[-1] if routes and routes[-1].girl == NONE else None
            if route is None:
                unfinished.append(None)
                continue
            segments = tuple(between[(a, b) if a < b else (b, a)]
                             for a, b in pairwise(route.points))
            unfinished.append(OpenRoute(route.points, segments))
        used = [markers_used(state, other) for other in range(game.num_players)]
        return cls(
            board=board,
            needs=game.needs(state.terrain),
            occupied=state.occupied,
            suitors=tuple(h if h != NONE else None for h in state.starts),
            girls={i: stack for i, stack in enumerate(state.girls) if stack is not None},
            unfinished=tuple(unfinished),
            markers=tuple(MARKERS - count - (route is not None)
                          for count, route in zip(used, unfinished, strict=True)),
            connections=tuple(used),
            hand=state.hands[seat],
        )

    def suitor_hexes(self) -> frozenset[Hex]:
        """Return the hexes with a suitor."""
        return frozenset(h for h in self.suitors if h is not None)

    def without(self, route: OpenRoute) -> Table:
        """Return the table with `route` scrapped (its segments free again, P40)."""
        occupied = self.occupied
        for segment in route.segments:
            occupied &= ~(1 << segment)
        return replace(self, occupied=occupied)


class Paths(NamedTuple):
    """The cheapest ways from some start points to every point (Dijkstra's result)."""

    cost: tuple[float, ...]
    back: tuple[tuple[PointId, SegmentId] | None, ...]


def cheapest_paths(
    table: Table, sources: Iterable[PointId], visited: int, price: Sequence[float],
    suitors: frozenset[Hex],
) -> Paths:
    """Return the cheapest paths from `sources` over free segments, a segment of colour c
    costing `price[c]`, that a route may take (P34–P37) short of its connecting spoke."""
    return _cheapest_paths(table.board, table.needs, table.occupied, tuple(sources), visited,
                           tuple(price), suitors)


@lru_cache(maxsize=1024)
def _cheapest_paths(
    board: Board, needs: tuple[int, ...], occupied: int, sources: tuple[PointId, ...],
    visited: int, price: tuple[float, ...], suitors: frozenset[Hex],
) -> Paths:
    """`cheapest_paths` of the table's parts it reads. Kept: a search's rollouts and
    evaluations ask for the same paths again and again (three times in four, measured), and
    the result is immutable."""
    cost = [UNREACHED] * board.num_points
    back: list[tuple[PointId, SegmentId] | None] = [None] * board.num_points
    heap: list[tuple[float, PointId]] = []
    for source in sources:
        cost[source] = 0.0
        heap.append((0.0, source))
    heapq.heapify(heap)
    links = board.links
    while heap:
        here, point = heapq.heappop(heap)
        if here > cost[point]:
            continue
        for other, segment, _, h, centre, girl in links[point]:
            if occupied >> segment & 1 or visited >> other & 1:
                continue
            # P34, P35: no suitor's spokes (but from the suitor's own centre, where option
            # `route_start` begins routes); a perimeter spoke only as the final connection.
            if h != NO_HEX and (girl != NO_GIRL or (h in suitors and point != centre)):
                continue
            there = here + price[needs[segment]]
            if there < cost[other]:
                cost[other] = there
                back[other] = (point, segment)
                heapq.heappush(heap, (there, other))
    return Paths(tuple(cost), tuple(back))


class Target(NamedTuple):
    """The cheapest connection to one girl: its price, points and segments in build order."""

    path_index: int
    cost: float
    points: tuple[PointId, ...]
    segments: tuple[SegmentId, ...]


def connections(table: Table, paths: Paths, price: Sequence[float]) -> list[Target]:
    """Return, per girl who can take a marker, the cheapest connection `paths` lead to (P41)."""
    board = table.board
    targets = []
    for i, stack in sorted(table.girls.items()):
        if len(stack) >= MAX_STACK:
            continue  # P42
        h = board.path[i]
        centre = board.centres[h]
        best: tuple[float, PointId, SegmentId] | None = None
        for corner in board.corners[h]:
            segment = board.segment_between[(corner, centre) if corner < centre
                                             else (centre, corner)]
            if table.occupied >> segment & 1 or paths.cost[corner] == UNREACHED:
                continue
            total = paths.cost[corner] + price[table.needs[segment]]
            if best is None or total < best[0]:
                best = (total, corner, segment)
        if best is not None:
            points, segments = trace(paths, best[1])
            targets.append(Target(i, best[0], (*points, centre), (*segments, best[2])))
    return targets


def trace(paths: Paths, point: PointId) -> tuple[tuple[PointId, ...], tuple[SegmentId, ...]]:
    """Return the points and segments of the cheapest path to `point`, from its start."""
    points = [point]
    segments: list[SegmentId] = []
    step = paths.back[point]
    while step is not None:
        point, segment = step
        points.append(point)
        segments.append(segment)
        step = paths.back[point]
    return tuple(reversed(points)), tuple(reversed(segments))


def reach_costs(table: Table, paths: Paths, price: Sequence[float]) -> dict[int, float]:
    """Return per path index the cheapest connection to its hex's centre, girl or not."""
    board = table.board
    result = {}
    for i, h in enumerate(board.path):
        centre = board.centres[h]
        best = UNREACHED
        for corner in board.corners[h]:
            if paths.cost[corner] == UNREACHED:
                continue
            segment = board.segment_between[(corner, centre) if corner < centre
                                             else (centre, corner)]
            best = min(best, paths.cost[corner] + price[table.needs[segment]])
        result[i] = best
    return result


def payment_plan(hand: Sequence[int], colours: Sequence[int]) -> list[Payment | None]:
    """Return how `hand` pays requirements `colours` in order: single cards first, the rest
    in identical pairs of the most plentiful other colour (P32); None where it cannot."""
    left = list(hand)
    singles = [0] * len(COLOURS)
    for colour in colours:
        if left[colour]:
            left[colour] -= 1
            singles[colour] += 1
    plan: list[Payment | None] = []
    for colour in colours:
        if singles[colour]:
            singles[colour] -= 1
            plan.append((colour, 1))
            continue
        pair = max((c for c in range(len(COLOURS)) if c != colour and left[c] >= 2),
                   key=lambda c: (left[c], c != MULTI, -c), default=None)
        if pair is None:
            plan.append(None)
        else:
            left[pair] -= 2
            plan.append((pair, 2))
    return plan


def shortfall(plan: Sequence[Payment | None], colours: Sequence[int]) -> list[int]:
    """Return per colour how many requirements of `plan` the hand cannot pay."""
    short = [0] * len(COLOURS)
    for payment, colour in zip(plan, colours, strict=True):
        if payment is None:
            short[colour] += 1
    return short


def points_on(stack: Sequence[int], seat: int) -> int:
    """Return what `seat` scores on one girl with `stack` (P66)."""
    mine = sum(1 for s in stack if s == seat)
    if not mine:
        return 0
    return mine + (stack[0] != seat) + (stack[-1] == seat)


def marker_gain(stack: Sequence[int], seat: int) -> tuple[int, int | None]:
    """Return what `seat` gains by topping `stack`, and whom it takes the top bonus from."""
    gain = points_on((*stack, seat), seat) - points_on(stack, seat)
    loser = stack[-1] if stack and stack[-1] != seat else None
    return gain, loser
