"""Legal actions of each phase (E14–E29, E35–E37): the hot path of random playouts."""

from __future__ import annotations

from functools import cache
from itertools import compress

from ludoteca.games.elfenland.actions import (
    DRAW_ACTION,
    END_ACTION,
    KEPT_CARDS,
    PASS_ACTION,
    ElfAction,
    action_ids,
    keep_cards,
    keep_counter,
    obstacle,
    place,
    take,
)
from ludoteca.games.elfenland.board import CARD_KINDS, COUNTER_KINDS, RAFT, EdgeId, ElfMap, Town
from ludoteca.games.elfenland.cards import MAX_PAYMENT, Cards, single, sub_multisets
from ludoteca.games.elfenland.state import (
    NONE,
    ElfenlandState,
    Phase,
)

CARAVAN_CARDS = 3
OBSTACLE_SURCHARGE = 1
KEEP_CARDS_CACHE = 20_000
"""Hands whose `keep-cards` actions are kept (there are 6,435 hands of up to 8 cards)."""
SINGLES = tuple(tuple(single(kind, number) for number in range(MAX_PAYMENT + 1))
                for kind in CARD_KINDS)
"""SINGLES[kind][n]: n cards of one kind, the payments of a normal step or a plain caravan."""


class MoveGenerator:
    """Builds the legal actions of a state; the action tuples are made once and reused."""

    def __init__(self, elf_map: ElfMap, caravan_any: bool) -> None:
        self.map = elf_map
        self.caravan_any = caravan_any
        # Per visibility and counter kind: (road, placement) for each road it may lie on, in
        # road order (E17).
        self.placements = tuple(
            tuple(tuple((e, place(kind, e, secret)) for e in elf_map.roads_for[kind])
                  for kind in COUNTER_KINDS)
            for secret in (False, True)
        )
        self.road_count = len(elf_map.road_ids)
        assert elf_map.road_ids == tuple(range(1, self.road_count + 1)), "roads come first"
        self.obstacles = tuple(obstacle(e) for e in elf_map.road_ids)
        self.takes = tuple(take(slot) for slot in range(1, 6))
        # Per edge: its terrain, and for each town it touches the Rafts to cross it (E28; 0 for
        # a road); the move of every payment, shared with the id table.
        self.terrain = (NONE, *(elf_map.edge(e).terrain for e in elf_map.edge_ids))
        self.rafts = ({}, *(
            {town: elf_map.water_cost(edge, town) if not edge.is_road else 0
             for town in (edge.a, edge.b)}
            for edge in map(elf_map.edge, elf_map.edge_ids)
        ))
        ids = action_ids(elf_map)
        per_edge = len(ids.payments)
        self.moves = ({}, *(
            dict(zip(ids.payments, ids.actions[ids.move_base + (e - 1) * per_edge :][:per_edge],
                     strict=True))
            for e in elf_map.edge_ids
        ))
        self._keep_cards: dict[Cards, tuple[ElfAction, ...]] = {}

    def legal_actions(self, state: ElfenlandState) -> tuple[ElfAction, ...]:
        """Return the legal actions of the seat to act, in a stable order."""
        seat = state.current
        if seat is None:
            return ()
        phase = state.phase
        if phase == Phase.PLACEMENT:
            return self.placement_actions(state, seat)
        if phase == Phase.OPEN_PICKS:
            picks = [self.takes[slot] for slot, kind in enumerate(state.display) if kind != NONE]
            if state.supply:
                picks.append(DRAW_ACTION)
            return tuple(picks)
        if phase == Phase.MOVEMENT:
            if state.discarding:
                return self.keep_cards_actions(state.hands[seat])
            return (*self.steps(state, seat, state.boots[seat], state.hands[seat]), END_ACTION)
        if phase == Phase.ROUND_END:
            if sum(state.hands[seat]) > KEPT_CARDS:
                return self.keep_cards_actions(state.hands[seat])
            return self.keep_counter_actions(state, seat)
        raise AssertionError(f"no decisions in phase {phase}")

    def placement_actions(self, state: ElfenlandState, seat: int) -> tuple[ElfAction, ...]:
        """Return phase 4's placements, obstacles and the pass (E16–E20)."""
        occupied = state.road_counter
        actions: list[ElfAction] = []
        for held, tables in ((state.open_counters[seat], self.placements[0]),
                             (state.secret_counters[seat], self.placements[1])):
            # The placements of each kind held (count > 0), on the free roads.
            for placements in compress(tables, held):
                actions += [action for e, action in placements if occupied[e] == NONE]
        if state.has_obstacle[seat]:
            end = self.road_count + 1
            actions += [
                action for action, kind, blocker
                in zip(self.obstacles, occupied[1:end], state.road_obstacle[1:end], strict=True)
                if kind != NONE and blocker == NONE
            ]
        actions.append(PASS_ACTION)
        return tuple(actions)

    def steps(
        self, state: ElfenlandState, seat: int, town: Town, hand: Cards
    ) -> list[ElfAction]:
        """Return every paid step from `town` with `hand`, by edge id then payment (E24–E29)."""
        actions: list[ElfAction] = []
        for e in self.map.incident[town]:
            actions.extend(map(self.moves[e].__getitem__, self.payments(state, e, town, hand)))
        return actions

    def payments(self, state: ElfenlandState, e: EdgeId, town: Town, hand: Cards) -> list[Cards]:
        """Return the distinct legal payments for crossing edge `e` from `town` with `hand`."""
        rafts = self.rafts[e][town]
        if rafts:
            return [SINGLES[RAFT][rafts]] if hand[RAFT] >= rafts else []
        counter = state.road_counter[e]
        if counter == NONE:
            return []
        surcharge = OBSTACLE_SURCHARGE if state.road_obstacle[e] != NONE else 0
        cost = self.map.chart[counter][self.terrain[e]]
        assert cost is not None, "a counter only lies on a terrain it can cross"
        found: list[Cards] = []
        normal = cost + surcharge
        if hand[counter] >= normal:
            found.append(SINGLES[counter][normal])
        caravan = CARAVAN_CARDS + surcharge
        if self.caravan_any:
            if sum(hand) >= caravan:
                found.extend(sub_multisets(hand, caravan))
        else:
            found.extend(SINGLES[kind][caravan] for kind in CARD_KINDS if hand[kind] >= caravan)
        return found

    def keep_cards_actions(self, hand: Cards) -> tuple[ElfAction, ...]:
        """Return one `keep-cards` per distinct set of 4 cards in `hand` (E35)."""
        found = self._keep_cards.get(hand)
        if found is None:
            if len(self._keep_cards) > KEEP_CARDS_CACHE:
                self._keep_cards.clear()  # a crude bound; recomputing is always correct
            found = tuple(keep_cards(cards) for cards in sub_multisets(hand, KEPT_CARDS))
            self._keep_cards[hand] = found
        return found

    def keep_counter_actions(self, state: ElfenlandState, seat: int) -> tuple[ElfAction, ...]:
        """Return one `keep-counter` per distinct held counter, open before secret (E36)."""
        return tuple(
            keep_counter(kind, secret)
            for held, secret in ((state.open_counters[seat], False),
                                 (state.secret_counters[seat], True))
            for kind in COUNTER_KINDS if held[kind]
        )


@cache
def move_generator(elf_map: ElfMap, caravan_any: bool) -> MoveGenerator:
    """Return the move generator of `elf_map` under one caravan rule, shared by every game.

    It keeps no state between calls: its tables of prebuilt actions never change.
    """
    return MoveGenerator(elf_map, caravan_any)
