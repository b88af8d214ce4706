"""The Elfenland tour planner: the best tour a seat can pay for, from what it may know.

A bot sees only what its seat may know (E43): the planner reads a `SeatView` (known.py), never
the state.

The planner is a depth-first search over the steps the seat can pay for, memoised on (town,
hand, counters still to lay, towns visited), with a cap on the positions it expands
(`Weights.node_limit`, or a `Budget`'s iterations). A position's worth depends only on the
position and the board it is searched on (counters, obstacles, the round), so the worths
found before the cap was reached are kept per board and serve the next searches on it: the
next step of a journey, the other seats' decisions and a search bot's rollouts mostly read
them instead of searching again. It maximises, in points,

    PIECE per new town piece
    + where the tour ends: POSITION × Σ DECAY^distance over the towns still unvisited
      (not in the last round, when only the cards count)
    + the cards kept: all of them in the last round (the tie-break, E41), else up to 4 (E35)

In phases 3 and 4 the planner may also lay the seat's own held counters on empty roads, so
its tour tells what the counters are for (`bots` turns the tour into decisions).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import NamedTuple

from ludoteca.core.game import Seat
from ludoteca.games.elfenland.board import (
    CARD_KINDS,
    COUNTER_KINDS,
    RAFT,
    RIVER,
    EdgeId,
    ElfMap,
    Kind,
    Town,
)
from ludoteca.games.elfenland.cards import Cards
from ludoteca.games.elfenland.known import Held, SeatView
from ludoteca.games.elfenland.moves import CARAVAN_CARDS, OBSTACLE_SURCHARGE
from ludoteca.games.elfenland.state import NONE

SearchKey = tuple[Town, int, int, int]
"""A search position: town, packed hand, packed counters still to lay, towns visited so far."""

TIE_MARGIN = 1e-9
NO_COUNTERS: Held = (0,) * len(COUNTER_KINDS)


@dataclass(frozen=True, slots=True)
class Weights:
    """The planner's and the keeper's knobs, in points (a town piece is worth `piece`)."""

    piece: float = 100.0
    position: float = 8.0
    """Worth of ending a non-final round next to unvisited towns, per unit of nearness."""
    decay: float = 0.5
    """Nearness of an unvisited town at distance d is decay**d."""
    kept_card: float = 1.0
    """Worth of a card still held after moving, up to the 4 that survive the round (E35)."""
    final_card: float = 1.0
    """Worth of a card held at the end of the last round (the tie-break, E41)."""
    need_radius: int = 2
    """How far from the boot the keeper looks for roads and rivers to unvisited towns."""
    kept_counter_bonus: float = 1.0
    """Extra need, per card, for the kind of the counter the bot keeps (its own road next round)."""
    pick_need: float = 0.01
    """Weight of the needs when picking: a tie-break between counters the tour values alike."""
    repeat_decay: float = 0.6
    """A second card of a kind is worth this share of the first, a third this share again."""
    node_limit: int = 20_000
    """Search positions expanded per decision; beyond it, a position is where the tour stops."""


DEFAULT_WEIGHTS = Weights()


class Step(NamedTuple):
    """One paid step of a tour, possibly after laying one of the seat's counters on the road."""

    edge: EdgeId
    cards: Cards
    town: Town
    """The town the step arrives at."""
    placed: Kind
    """The kind of own counter laid on the (empty) road first, or NONE."""


class Tour(NamedTuple):
    """The best tour found: its worth in points, its steps and the pieces it collects."""

    value: float
    steps: tuple[Step, ...]
    pieces: int


class Exit(NamedTuple):
    """An edge seen from one of its towns."""

    edge: EdgeId
    town: Town
    """The far end."""
    terrain: int
    rafts: int
    """Rafts to cross this way if the edge is water (E28); 0 for a road."""


@dataclass(frozen=True, slots=True)
class Ending:
    """What the worth of stopping depends on besides town, hand and pieces."""

    final_round: bool
    card_cap: int | None


class TourPlanner:
    """Finds the most valuable sequence of paid steps; shared by every decision of a bot."""

    def __init__(self, elf_map: ElfMap, caravan_any: bool, weights: Weights) -> None:
        self.map = elf_map
        self.caravan_any = caravan_any
        self.weights = weights
        self.distance = _all_distances(elf_map)
        self.piece_towns = tuple(t for t in range(elf_map.num_towns) if elf_map.has_pieces[t])
        # piece_bit[town]: the town's bit in a visited mask, 0 for Elvenhold (no pieces, E30).
        self.piece_bit = tuple(
            1 << t if elf_map.has_pieces[t] else 0 for t in range(elf_map.num_towns)
        )
        self.exits = tuple(
            tuple(_exit(elf_map, e, town) for e in elf_map.incident[town])
            for town in range(elf_map.num_towns)
        )
        # fits[terrain]: (kind, cards) for every counter kind that may lie on that terrain.
        self.fits = tuple(
            tuple((kind, cost) for kind in COUNTER_KINDS
                  for cost in (elf_map.chart[kind][terrain],) if cost is not None)
            for terrain in range(RIVER)
        )
        self._nearness: dict[tuple[Town, int], float] = {}
        self._boards: dict[BoardKey, _Board] = {}
        self._options: dict[tuple[Kind, int, bool, int, int], list[Option]] = {}

    def nearness(self, town: Town, visited: int) -> float:
        """Return Σ decay**distance over the towns with a piece not yet in `visited`."""
        key = (town, visited)
        found = self._nearness.get(key)
        if found is None:
            if len(self._nearness) > 100_000:
                self._nearness.clear()  # a crude bound; recomputing is always correct
            decay = self.weights.decay
            row = self.distance[town]
            found = sum(decay ** row[t] for t in self.piece_towns if not visited >> t & 1)
            self._nearness[key] = found
        return found

    def end_value(self, ending: Ending, town: Town, cards: int, visited: int) -> float:
        """Return the worth of stopping in `town` with `cards` cards left (pieces aside)."""
        if ending.card_cap is not None:
            cards = min(cards, ending.card_cap)
        if ending.final_round:
            return self.weights.final_card * cards
        return self.weights.position * self.nearness(town, visited) + self.weights.kept_card * cards

    def options(
        self, kind: Kind, terrain: int, blocked: bool, hand: int, held: int
    ) -> list[Option]:
        """Return the ways worth trying to cross a road of `terrain` that holds a `kind` counter
        (NONE: an empty road, where a held counter is laid first), with the packed `hand` and
        `held`: (kind laid or NONE, payment, hand after, held after)."""
        key = (kind, terrain, blocked, hand, held)
        found = self._options.get(key)
        if found is None:
            if len(self._options) > OPTIONS_KEPT:
                self._options.clear()  # a crude bound; recomputing is always correct
            if kind == NONE:
                found = [(laid, paid, hand - paid, held - _cards(laid, 1))
                         for laid, paid in self.placements(terrain, hand, held)]
            else:
                found = [(NONE, paid, hand - paid, held)
                         for paid in self.payments(kind, terrain, blocked, hand)]
            self._options[key] = found
        return found

    def payments(self, kind: Kind, terrain: int, blocked: bool, hand: int) -> list[int]:
        """Return the packed payments worth trying on a road of `terrain` with a `kind` counter."""
        cost = self.map.chart[kind][terrain]
        assert cost is not None, "a counter only lies on a terrain it can cross"
        surcharge = OBSTACLE_SURCHARGE if blocked else 0
        if _has(hand, kind) >= cost + surcharge:
            # A caravan takes more cards than the normal payment; trying it as well would
            # rarely pay off and would double the positions to explore.
            return [_cards(kind, cost + surcharge)]
        return self.caravans(hand, CARAVAN_CARDS + surcharge)

    def placements(self, terrain: int, hand: int, held: int) -> list[tuple[Kind, int]]:
        """Return (kind laid, packed payment) for laying a held counter on an empty road."""
        fitting = [(kind, cost) for kind, cost in self.fits[terrain] if _has(held, kind)]
        found = [(kind, _cards(kind, cost)) for kind, cost in fitting if _has(hand, kind) >= cost]
        if fitting and not found:
            # As on a road with a counter, a caravan only when no normal payment fits. Its
            # counter's kind does not matter: lay the one whose own cards are scarcest.
            spare = min(fitting, key=lambda fit: (_has(hand, fit[0]), fit[0]))[0]
            found = [(spare, paid) for paid in self.caravans(hand, CARAVAN_CARDS)]
        return found

    def caravans(self, hand: int, size: int) -> list[int]:
        """Return identical caravans, and under caravan='any' one mix of the commonest cards."""
        found = [_cards(kind, size) for kind in CARD_KINDS if _has(hand, kind) >= size]
        if self.caravan_any and hand % PACK_MODULUS >= size:
            mixed = _pack(_commonest(_unpack(hand, len(CARD_KINDS)), size))
            if mixed not in found:
                found.append(mixed)
        return found

    def search(
        self, view: SeatView, node_limit: int | None = None, reuse: bool = True
    ) -> _Search:
        """Return a search over the seat's board, able to plan many tours.

        With `reuse` it starts from the worths earlier searches on the same board found in
        full (so it finds what a fresh search would whenever that one stays under its cap);
        without, it searches afresh, as a search whose cap matters must (the cut positions
        then depend on what was searched before).
        """
        ending = Ending(view.final_round, view.card_cap)
        board = self.board(ending, view.road_counter, view.road_obstacle)
        return _Search(
            self, ending, view.road_counter, view.road_obstacle,
            node_limit or self.weights.node_limit, board, reuse,
        )

    def plan(
        self, view: SeatView, held: Held, node_limit: int | None = None, reuse: bool = True
    ) -> Tour:
        """Return the best tour from the seat's boot with its hand, laying `held` on roads."""
        search = self.search(view, node_limit, reuse)
        return search.tour(view.boot, view.hand, held, view.visited[view.seat])

    def board(self, ending: Ending, counters: tuple[Kind, ...], obstacles: tuple[Seat, ...]
              ) -> _Board:
        """Return the tables kept for searches on this board (a bounded number of them)."""
        boards = self._boards
        if len(boards) >= KEPT_BOARDS or sum(
            len(board.worths) + len(board.moves) for board in boards.values()
        ) > KEPT_ENTRIES:
            boards.clear()  # a crude bound; searching again is always correct
        key = (ending, counters, obstacles)
        board = boards.get(key)
        if board is None:
            board = boards[key] = _Board()
        return board


# The search packs a count vector into one int, 4 bits per kind (no count exceeds 8), so that
# paying is a subtraction and positions hash fast. Since 16 ≡ 1 (mod 15), a packed vector's
# total number of cards is its value mod 15 whenever that total is below 15.
BITS = 4
MASK = (1 << BITS) - 1
PACK_MODULUS = MASK


def _pack(counts: tuple[int, ...]) -> int:
    return sum(number << (BITS * kind) for kind, number in enumerate(counts))


def _unpack(packed: int, size: int) -> tuple[int, ...]:
    return tuple(packed >> (BITS * kind) & MASK for kind in range(size))


def _has(packed: int, kind: Kind) -> int:
    return packed >> (BITS * kind) & MASK


def _cards(kind: Kind, number: int) -> int:
    return number << (BITS * kind)


Move = tuple[EdgeId, Town, Kind, int, int, int]
"""A step in packed form: edge, town reached, kind laid (or NONE), payment, hand and held after."""
Choice = tuple[Move, "SearchKey"]
Worth = tuple[float, "Choice | None"]
Option = tuple[Kind, int, int, int]
"""A way to cross a road: the kind laid (or NONE), the packed payment, hand and held after."""
OPTIONS_KEPT = 200_000
"""Ways of crossing a planner keeps, for every board (hands and holdings repeat)."""
"""A position's worth and the first step of its best tour (None: stop there)."""
BoardKey = tuple[Ending, tuple[Kind, ...], tuple[Seat, ...]]
"""What a position's worth depends on besides the position: the round, counters, obstacles."""
KEPT_BOARDS = 32
"""Boards whose tables a planner keeps; more and it forgets them all."""
KEPT_ENTRIES = 100_000
"""Positions and step lists a planner keeps over all boards (some 40 MB); more and it forgets
them all. The boards of one round's picks, all alike, then serve a search's many rollouts."""


class _Board:
    """What searches on one board share: worths found in full, and the steps of positions."""

    __slots__ = ("moves", "worths")

    def __init__(self) -> None:
        self.worths: dict[SearchKey, Worth] = {}
        """Positions whose whole tree was searched (never cut by a node limit)."""
        self.moves: dict[tuple[Town, int, int], list[Move]] = {}


class _Search:
    """Depth-first search for tours, memoised on (town, hand, counters to lay, towns visited).

    Every step spends a card, so the search cannot loop. One search may serve several tours
    from different hands or counters: a position's worth does not depend on how it was reached.
    """

    def __init__(
        self,
        planner: TourPlanner,
        ending: Ending,
        counters: tuple[Kind, ...],
        obstacles: tuple[Seat, ...],
        node_limit: int,
        board: _Board,
        reuse: bool,
    ) -> None:
        self.planner = planner
        self.ending = ending
        self.counters = counters
        self.obstacles = obstacles
        self.node_limit = node_limit
        self.nodes = 0
        self.cut = False
        """True once a position went unexpanded for the node limit: worths found from then
        on may be cut short, so they stay in this search's own `memo`."""
        self.piece_bit = planner.piece_bit
        self.piece_value = planner.weights.piece
        self.exact: dict[SearchKey, Worth] = board.worths if reuse else {}
        self.memo: dict[SearchKey, Worth] = {}
        # The steps of a position are the same whatever was searched before: always shared.
        self._moves = board.moves

    def tour(self, town: Town, hand: Cards, held: Held, visited: int) -> Tour:
        """Return the best tour from `town` for a seat that has collected `visited`."""
        assert sum(hand) < PACK_MODULUS, "a hand never exceeds 8 cards (E9)"
        key: SearchKey = (town, _pack(hand), _pack(held), visited)
        value = self.best(key)
        steps: list[Step] = []
        choice = self.worth(key)[1]
        while choice is not None:
            (edge, dest, laid, paid, _, _), key = choice
            steps.append(Step(edge, _unpack(paid, len(CARD_KINDS)), dest, laid))
            choice = self.worth(key)[1]
        return Tour(value, tuple(steps), (key[3] & ~visited).bit_count())

    def worth(self, key: SearchKey) -> Worth:
        """Return the worth found for the searched position `key`."""
        found = self.exact.get(key)
        return self.memo[key] if found is None else found

    def best(self, key: SearchKey) -> float:
        """Return the worth of the best tour continuing from the search position `key`."""
        found = self.exact.get(key) or self.memo.get(key)
        if found is not None:
            return found[0]
        town, hand, held, visited = key
        value = self.planner.end_value(self.ending, town, hand % PACK_MODULUS, visited)
        choice: Choice | None = None
        if self.nodes < self.node_limit:
            self.nodes += 1
            exact, memo, piece_bit = self.exact, self.memo, self.piece_bit
            for move in self.moves(town, hand, held):
                dest = move[1]
                bit = piece_bit[dest]
                next_key = (dest, move[4], move[5], visited | bit)
                # Known positions are read here, sparing a call (about half the positions).
                found = exact.get(next_key) or memo.get(next_key)
                total = self.best(next_key) if found is None else found[0]
                if bit and not visited & bit:
                    total += self.piece_value
                if total > value + TIE_MARGIN:
                    value, choice = total, (move, next_key)
        else:
            self.cut = True
        (self.memo if self.cut else self.exact)[key] = (value, choice)
        return value

    def moves(self, town: Town, hand: int, held: int) -> list[Move]:
        """Return every step worth trying from `town` with the packed `hand` and `held`.

        A road the tour has already laid a counter on still counts as empty: crossing it again
        lays another. That undervalues a return trip, but keeps the laid roads out of the
        search position, which would otherwise multiply the positions to explore.
        """
        key = (town, hand, held)
        found = self._moves.get(key)
        if found is not None:
            return found
        found = []
        options = self.planner.options
        for edge, dest, terrain, rafts in self.planner.exits[town]:
            if rafts:
                if _has(hand, RAFT) >= rafts:
                    paid = _cards(RAFT, rafts)
                    found.append((edge, dest, NONE, paid, hand - paid, held))
                continue
            kind = self.counters[edge]
            if kind != NONE or held:
                head = (edge, dest)
                blocked = self.obstacles[edge] != NONE
                found += [head + option for option in options(kind, terrain, blocked, hand, held)]
        self._moves[key] = found
        return found


def _exit(elf_map: ElfMap, e: EdgeId, town: Town) -> Exit:
    edge = elf_map.edge(e)
    rafts = 0 if edge.is_road else elf_map.water_cost(edge, town)
    return Exit(e, edge.other_end(town), edge.terrain, rafts)


def _commonest(hand: Cards, size: int) -> Cards:
    """Return `size` cards taken one by one from the kind with most cards left."""
    left = list(hand)
    taken = [0] * len(hand)
    for _ in range(size):
        kind = max(range(len(left)), key=lambda k: (left[k], -k))
        left[kind] -= 1
        taken[kind] += 1
    return tuple(taken)


def _all_distances(elf_map: ElfMap) -> tuple[tuple[int, ...], ...]:
    """Return the number of edges between every two towns (any edge kind counts)."""
    rows = []
    for source in range(elf_map.num_towns):
        dist = [elf_map.num_towns] * elf_map.num_towns
        dist[source] = 0
        queue = deque([source])
        while queue:
            town = queue.popleft()
            for e in elf_map.incident[town]:
                other = elf_map.edge(e).other_end(town)
                if dist[other] > dist[town] + 1:
                    dist[other] = dist[town] + 1
                    queue.append(other)
        rows.append(tuple(dist))
    return tuple(rows)
