"""The Elfenland heuristic bot: plan a tour through unvisited towns, then act to make it real.

The tour comes from `planner`, which sees only what the bot's seat may know (E43). Each
phase's decision follows from it:

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
from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.core.players import Budget, HeuristicBot
from ludoteca.games.elfenland.actions import (
    END_ACTION,
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
    EdgeId,
    ElfMap,
    Kind,
    Town,
)
from ludoteca.games.elfenland.cards import Cards
from ludoteca.games.elfenland.known import Held, SeatView, seat_view
from ludoteca.games.elfenland.planner import (
    DEFAULT_WEIGHTS,
    NO_COUNTERS,
    TIE_MARGIN,
    Tour,
    TourPlanner,
    Weights,
)
from ludoteca.games.elfenland.rules import ElfenlandGame
from ludoteca.games.elfenland.state import (
    NONE,
    ElfenlandState,
    Phase,
)


class ElfenlandHeuristicBot(HeuristicBot[ElfenlandGame, ElfenlandState]):
    """Plans a tour through unvisited towns and picks, places, moves and keeps to serve it."""

    plays = ElfenlandGame
    title = "Elfenland heuristic bot"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights
        self._planners: dict[tuple[ElfMap, bool], TourPlanner] = {}

    def pick(self, game: ElfenlandGame, state: ElfenlandState, seat: Seat, rng: random.Random,
             budget: Budget | None) -> ElfAction:
        """Return the action of `seat` that best serves its planned tour."""
        action = self.decide(game, state, seat, budget)
        legal = game.legal_actions(state)
        # The planner mirrors the rules (E24-E29); should it ever disagree, stay legal anyway.
        return action if action in legal else legal[-1]

    def decide(
        self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget | None = None
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


def _node_limit(budget: Budget | None) -> int | None:
    """Return the search nodes a `Budget` with iterations allows, else None (the default)."""
    iterations = None if budget is None else budget.iterations
    return iterations if iterations is not None and iterations > 0 else None


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

