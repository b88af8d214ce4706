"""The Elfenland heuristic bot: plan a tour through unvisited towns, then act to make it real.

The bot sees only what its seat may know (E43): the public table (boots, collected pieces,
counters and obstacles on the roads, the display, everyone's open counters) plus its own hand
and its own secret counters. `seat_view` copies exactly that out of the state, and every
decision is made from the copy, so another seat's hand or secrets, the draw pile and the
supply never reach the heuristics.

The core is a tour planner: a depth-first search over the steps the seat can pay for,
memoised on (town, hand, counters still to lay, towns visited), with a cap on the positions
it expands (`Weights.node_limit`, or a `Budget`'s iterations). It maximises, in points,

    PIECE per new town piece
    + where the tour ends: POSITION × Σ DECAY^distance over the towns still unvisited
      (not in the last round, when only the cards count)
    + the cards kept: all of them in the last round (the tie-break, E41), else up to 4 (E35)

In phases 3 and 4 the planner may also lay the seat's own held counters on empty roads, so
its tour tells what the counters are for:

- phase 3 (pick): the counter whose kind most improves the tour; a blind draw is valued at the
  average over the kinds that may still be in the supply (counted from public information);
- phase 4 (place): the first counter the tour lays; once the tour needs nothing more, the
  obstacle goes on a counter-carrying road next to a rival's boot that leads to a town the
  rival still lacks (never on the bot's own tour), else the bot passes;
- phase 5 (move): the first step of the best tour, re-planned after every step, or `end`;
- phase 6 (keep): the counter, then the 4 cards, that fit the roads and rivers next to the
  boot leading to unvisited towns ("needs"), the kept counter's own cards counting extra.

Ties go to the first action in the engine's stable order: the bot never draws from `rng`, so
its choices depend on nothing but what the seat knows.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, NamedTuple

from ludoteca.core.game import Game, Seat
from ludoteca.games.elfenland.actions import (
    END_ACTION,
    KEPT_CARDS,
    PASS_ACTION,
    ElfAction,
    Verb,
    move,
    obstacle,
    place,
)
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
from ludoteca.games.elfenland.moves import CARAVAN_CARDS, OBSTACLE_SURCHARGE
from ludoteca.games.elfenland.rules import ElfenlandGame
from ludoteca.games.elfenland.state import (
    NONE,
    ElfenlandState,
    Phase,
)

Held = tuple[int, ...]
"""Counters held per kind P E C U T D, open and secret together."""
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


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know (E43) that the bot uses; built only by `seat_view`."""

    seat: Seat
    rivals: tuple[Seat, ...]
    phase: int
    final_round: bool
    card_cap: int | None
    """How many cards still count after moving (None: all of them, E41)."""
    boots: tuple[Town, ...]
    visited: tuple[int, ...]
    hand: Cards
    open_held: Held
    secret_held: Held
    has_obstacle: bool
    road_counter: tuple[Kind, ...]
    road_obstacle: tuple[Seat, ...]
    display: tuple[Kind, ...]
    unseen_counters: Held
    """Per kind, counters not visible anywhere: what a blind draw may bring."""
    legal: tuple[ElfAction, ...]

    @property
    def held(self) -> Held:
        """Return the seat's unplaced counters per kind, open and secret together."""
        return tuple(a + b for a, b in zip(self.open_held, self.secret_held, strict=True))

    @property
    def boot(self) -> Town:
        """Return the town of the seat's boot."""
        return self.boots[self.seat]


def seat_view(game: ElfenlandGame, state: ElfenlandState, seat: Seat) -> SeatView:
    """Return what `seat` may know of `state`: the public table, its own hand and secrets."""
    n = game.num_players
    final_round = state.round >= game.settings.rounds
    after_move = game.settings.hand_limit_timing == "after_move"
    visible = [0] * len(COUNTER_KINDS)
    for held in (*state.open_counters, state.secret_counters[seat], state.set_aside_open):
        for kind, number in enumerate(held):
            visible[kind] += number
    for kind in (*state.display, *state.road_counter):
        if kind != NONE:
            visible[kind] += 1
    unseen = tuple(
        max(total - seen, 0)
        for total, seen in zip(game.map.counter_counts, visible, strict=True)
    )
    return SeatView(
        seat=seat,
        rivals=tuple(other for other in range(n) if other != seat),
        phase=state.phase,
        final_round=final_round,
        card_cap=KEPT_CARDS if after_move or not final_round else None,
        boots=state.boots,
        visited=state.visited,
        hand=state.hands[seat],
        open_held=state.open_counters[seat],
        secret_held=state.secret_counters[seat],
        has_obstacle=state.has_obstacle[seat],
        road_counter=state.road_counter,
        road_obstacle=state.road_obstacle,
        display=state.display,
        unseen_counters=unseen,
        legal=game.legal_actions(state),
    )


# -- the tour planner ---------------------------------------------------------------------------


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

    def search(self, view: SeatView, node_limit: int | None = None) -> _Search:
        """Return a search over the seat's board, able to plan many tours."""
        return _Search(
            self, Ending(view.final_round, view.card_cap), view.road_counter, view.road_obstacle,
            node_limit or self.weights.node_limit,
        )

    def plan(self, view: SeatView, held: Held, node_limit: int | None = None) -> Tour:
        """Return the best tour from the seat's boot with its hand, laying `held` on roads."""
        search = self.search(view, node_limit)
        return search.tour(view.boot, view.hand, held, view.visited[view.seat])


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
    ) -> None:
        self.planner = planner
        self.ending = ending
        self.counters = counters
        self.obstacles = obstacles
        self.node_limit = node_limit
        self.nodes = 0
        self.piece_bit = planner.piece_bit
        self.piece_value = planner.weights.piece
        self.memo: dict[SearchKey, tuple[float, Choice | None]] = {}
        self._moves: dict[tuple[Town, int, int], list[Move]] = {}

    def tour(self, town: Town, hand: Cards, held: Held, visited: int) -> Tour:
        """Return the best tour from `town` for a seat that has collected `visited`."""
        assert sum(hand) < PACK_MODULUS, "a hand never exceeds 8 cards (E9)"
        key: SearchKey = (town, _pack(hand), _pack(held), visited)
        value = self.best(key)
        steps: list[Step] = []
        choice = self.memo[key][1]
        while choice is not None:
            (edge, dest, laid, paid, _, _), key = choice
            steps.append(Step(edge, _unpack(paid, len(CARD_KINDS)), dest, laid))
            choice = self.memo[key][1]
        return Tour(value, tuple(steps), (key[3] & ~visited).bit_count())

    def best(self, key: SearchKey) -> float:
        """Return the worth of the best tour continuing from the search position `key`."""
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        town, hand, held, visited = key
        value = self.planner.end_value(self.ending, town, hand % PACK_MODULUS, visited)
        choice: Choice | None = None
        if self.nodes < self.node_limit:
            self.nodes += 1
            for move in self.moves(town, hand, held):
                dest = move[1]
                bit = self.piece_bit[dest]
                next_key = (dest, move[4], move[5], visited | bit)
                total = self.best(next_key)
                if bit and not visited & bit:
                    total += self.piece_value
                if total > value + TIE_MARGIN:
                    value, choice = total, (move, next_key)
        self.memo[key] = (value, choice)
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
        for exit_ in self.planner.exits[town]:
            edge, dest = exit_.edge, exit_.town
            if exit_.rafts:
                if _has(hand, RAFT) >= exit_.rafts:
                    paid = _cards(RAFT, exit_.rafts)
                    found.append((edge, dest, NONE, paid, hand - paid, held))
                continue
            kind = self.counters[edge]
            if kind != NONE:
                blocked = self.obstacles[edge] != NONE
                for paid in self.payments(kind, exit_.terrain, blocked, hand):
                    found.append((edge, dest, NONE, paid, hand - paid, held))
            elif held:
                for laid, paid in self.placements(exit_.terrain, hand, held):
                    found.append((edge, dest, laid, paid, hand - paid, held - _cards(laid, 1)))
        self._moves[key] = found
        return found

    def payments(self, kind: Kind, terrain: int, blocked: bool, hand: int) -> list[int]:
        """Return the packed payments worth trying on a road of `terrain` with a `kind` counter."""
        cost = self.planner.map.chart[kind][terrain]
        assert cost is not None, "a counter only lies on a terrain it can cross"
        surcharge = OBSTACLE_SURCHARGE if blocked else 0
        if _has(hand, kind) >= cost + surcharge:
            # A caravan takes more cards than the normal payment; trying it as well would
            # rarely pay off and would double the positions to explore.
            return [_cards(kind, cost + surcharge)]
        return self.caravans(hand, CARAVAN_CARDS + surcharge)

    def placements(self, terrain: int, hand: int, held: int) -> list[tuple[Kind, int]]:
        """Return (kind laid, packed payment) for laying a held counter on an empty road."""
        fitting = [(kind, cost) for kind, cost in self.planner.fits[terrain] if _has(held, kind)]
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
        if self.planner.caravan_any and hand % PACK_MODULUS >= size:
            mixed = _pack(_commonest(_unpack(hand, len(CARD_KINDS)), size))
            if mixed not in found:
                found.append(mixed)
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


# -- the bot ------------------------------------------------------------------------------------


class ElfenlandHeuristicBot:
    """Plans a tour through unvisited towns and picks, places, moves and keeps to serve it."""

    name = "heuristic"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights
        self._planners: dict[tuple[ElfMap, bool], TourPlanner] = {}

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: object | None = None,
    ) -> ElfAction:
        """Return the action of `seat` that best serves its planned tour."""
        action = self.decide(game, state, seat, budget)
        legal = game.legal_actions(state)
        # The planner mirrors the rules (E24-E29); should it ever disagree, stay legal anyway.
        return action if action in legal else legal[-1]

    def decide(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: object | None = None
    ) -> ElfAction:
        """Return the action the bot prefers, before `choose` checks that it is legal."""
        if not isinstance(game, ElfenlandGame) or not isinstance(state, ElfenlandState):
            raise TypeError("the Elfenland heuristic bot plays Elfenland only")
        if state.current != seat:
            raise ValueError(f"seat {seat} is not to act (to act: {state.current})")
        view = seat_view(game, state, seat)
        if len(view.legal) == 1:
            return view.legal[0]
        return _Decider(view, self._planner(game), self.weights, _node_limit(budget)).decide()

    def _planner(self, game: ElfenlandGame) -> TourPlanner:
        key = (game.map, game.settings.caravan == "any")
        planner = self._planners.get(key)
        if planner is None:
            planner = self._planners[key] = TourPlanner(game.map, key[1], self.weights)
        return planner


def _node_limit(budget: object | None) -> int | None:
    """Return the search nodes a `Budget` with iterations allows, else None (the default)."""
    iterations = getattr(budget, "iterations", None)
    return iterations if isinstance(iterations, int) and iterations > 0 else None


class _Decider:
    """The decisions of one seat at one moment, all made from its `SeatView`."""

    def __init__(
        self, view: SeatView, planner: TourPlanner, weights: Weights, node_limit: int | None
    ) -> None:
        self.view = view
        self.planner = planner
        self.weights = weights
        self.node_limit = node_limit
        self.map = planner.map

    def decide(self) -> ElfAction:
        """Return the action for the seat's phase."""
        phase = self.view.phase
        verb = self.view.legal[0].verb
        if verb == Verb.KEEP_CARDS:
            return self.keep_cards()
        if verb == Verb.KEEP_COUNTER:
            return self.keep_counter()
        if phase == Phase.OPEN_PICKS:
            return self.pick()
        if phase == Phase.PLACEMENT:
            return self.place()
        assert phase == Phase.MOVEMENT
        return self.step()

    def tour(self, held: Held) -> Tour:
        """Return the best tour with the seat's hand, laying `held` on empty roads."""
        return self.planner.plan(self.view, held, self.node_limit)

    # -- phase 5 -----------------------------------------------------------------------------

    def step(self) -> ElfAction:
        """Return the first step of the best tour, or `end` when stopping is best."""
        tour = self.tour(NO_COUNTERS)
        if not tour.steps:
            return END_ACTION
        first = tour.steps[0]
        return move(first.edge, first.cards)

    # -- phase 3 -----------------------------------------------------------------------------

    def pick(self) -> ElfAction:
        """Return the `take` or `draw` whose counter improves the tour most."""
        view = self.view
        held = view.held
        needs = self.needs()
        # One search serves all six tours: they share most positions.
        search = self.planner.search(view, node_limit=self.node_limit)
        mine = view.visited[view.seat]
        worth = [search.tour(view.boot, view.hand, _more(held, kind), mine).value
                 + self.weights.pick_need * needs[kind] for kind in COUNTER_KINDS]
        best_action, best_value = view.legal[0], float("-inf")
        for action in view.legal:
            if action.verb == Verb.TAKE:
                value = worth[view.display[action.slot - 1]]
            else:
                value = _average(worth, view.unseen_counters) - TIE_MARGIN
            if value > best_value + TIE_MARGIN:
                best_action, best_value = action, value
        return best_action

    # -- phase 4 -----------------------------------------------------------------------------

    def place(self) -> ElfAction:
        """Return the first counter the tour lays, else a rival-blocking obstacle, else pass."""
        view = self.view
        tour = self.tour(view.held)
        for step in tour.steps:
            if step.placed != NONE:
                secret = not view.open_held[step.placed]  # keep secrets hidden while we can
                return place(step.placed, step.edge, secret)
        if view.has_obstacle:
            target = self.obstacle_target({step.edge for step in tour.steps})
            if target is not None:
                return obstacle(target)
        return PASS_ACTION

    def obstacle_target(self, own_route: set[EdgeId]) -> EdgeId | None:
        """Return a road with a counter that a rival's boot is about to take to a new town."""
        view = self.view
        best, best_score = None, 0.0
        for e in self.map.road_ids:
            if view.road_counter[e] == NONE or view.road_obstacle[e] != NONE or e in own_route:
                continue
            edge = self.map.edge(e)
            score = 0.0
            for rival in view.rivals:
                boot = view.boots[rival]
                if boot not in (edge.a, edge.b):
                    continue
                if self.unvisited(edge.other_end(boot), view.visited[rival]):
                    # Prefer hindering the leaders.
                    score += 1.0 + 0.05 * view.visited[rival].bit_count()
            if score > best_score + TIE_MARGIN:
                best, best_score = e, score
        return best

    def unvisited(self, town: Town, visited: int) -> bool:
        """Return True if `town` still holds the piece of the seat whose mask is `visited`."""
        return self.map.has_pieces[town] and not visited >> town & 1

    # -- phase 6 (and after moving under hand_limit_timing='after_move') ---------------------

    def needs(self) -> list[float]:
        """Return per card kind how well it serves the roads and rivers to nearby new towns.

        Each edge from a town within `need_radius` of the boot to a town the seat still lacks
        counts with weight decay**distance: a river or lake asks for Rafts (and needs no
        counter), a road asks for the counter kinds that may lie there, the cheaper the more.
        """
        view = self.view
        weights = self.weights
        mine = view.visited[view.seat]
        distance = self.planner.distance[view.boot]
        needs = [0.0] * len(CARD_KINDS)
        for town in range(self.map.num_towns):
            if distance[town] > weights.need_radius:
                continue
            weight = weights.decay ** distance[town]
            for e in self.map.incident[town]:
                edge = self.map.edge(e)
                if not self.unvisited(edge.other_end(town), mine):
                    continue
                if not edge.is_road:
                    needs[RAFT] += weight
                    continue
                # One counter will serve the road: share its weight among the kinds that may
                # lie there, in proportion to how few cards each asks.
                fits = self.planner.fits[edge.terrain]
                share = weight / sum(1 / cost for _, cost in fits)
                for kind, cost in fits:
                    needs[kind] += share / cost
        return needs

    def kept_counter(self, needs: list[float]) -> tuple[Kind, bool] | None:
        """Return the held counter (kind, secret) that best serves next round, if any."""
        view = self.view
        best: tuple[Kind, bool] | None = None
        best_need = float("-inf")
        # Secret first: on equal need the hidden counter is kept (rivals cannot plan for it).
        for held, secret in ((view.secret_held, True), (view.open_held, False)):
            for kind in COUNTER_KINDS:
                if held[kind] and needs[kind] > best_need + TIE_MARGIN:
                    best, best_need = (kind, secret), needs[kind]
        return best

    def keep_counter(self) -> ElfAction:
        """Return the `keep-counter` of the counter that best serves next round."""
        chosen = self.kept_counter(self.needs())
        for action in self.view.legal:
            if chosen is not None and (action.counter, action.secret) == chosen:
                return action
        return self.view.legal[0]

    def keep_cards(self) -> ElfAction:
        """Return the `keep-cards` whose cards best fit next round's likely roads and rivers."""
        needs = self.needs()
        kept = self.kept_counter(needs)
        if kept is not None:
            needs[kept[0]] += self.weights.kept_counter_bonus
        best_action, best_value = self.view.legal[0], float("-inf")
        for action in self.view.legal:
            value = self.cards_worth(action.cards, needs)
            if value > best_value + TIE_MARGIN:
                best_action, best_value = action, value
        return best_action

    def cards_worth(self, cards: Cards, needs: list[float]) -> float:
        """Return the worth of keeping `cards`: each kind's need, less for every repeat."""
        repeat = self.weights.repeat_decay
        return sum(needs[kind] * (1 - repeat ** number) / (1 - repeat)
                   for kind, number in enumerate(cards) if number)


def _more(held: Held, kind: Kind) -> Held:
    return (*held[:kind], held[kind] + 1, *held[kind + 1 :])


def _average(values: list[float], weights: Held) -> float:
    """Return the mean of `values` weighted by `weights` (plain mean if they are all 0)."""
    total = sum(weights)
    if total == 0:
        return sum(values) / len(values)
    return sum(value * weight for value, weight in zip(values, weights, strict=True)) / total

