"""Legal actions of each phase (E14–E29, E35–E37): the hot path of random playouts."""

from __future__ import annotations

from functools import cache

from ludoteca.games.elfenland.actions import (
    DRAW_ACTION,
    END_ACTION,
    KEPT_CARDS,
    PASS_ACTION,
    ElfAction,
    keep_cards,
    keep_counter,
    move,
    obstacle,
    place,
    take,
)
from ludoteca.games.elfenland.board import CARD_KINDS, COUNTER_KINDS, RAFT, EdgeId, ElfMap, Town
from ludoteca.games.elfenland.cards import Cards, single, sub_multisets
from ludoteca.games.elfenland.state import (
    NONE,
    ElfenlandState,
    Phase,
)

CARAVAN_CARDS = 3
OBSTACLE_SURCHARGE = 1


class MoveGenerator:
    """Builds the legal actions of a state; the action tuples are made once and reused."""

    def __init__(self, elf_map: ElfMap, caravan_any: bool) -> None:
        self.map = elf_map
        self.caravan_any = caravan_any
        # (road, action) pairs per counter kind and visibility, in road order (E17).
        self.placements = tuple(
            tuple(tuple((e, place(kind, e, secret)) for e in elf_map.roads_for[kind])
                  for secret in (False, True))
            for kind in COUNTER_KINDS
        )
        self.obstacles = {e: obstacle(e) for e in elf_map.road_ids}
        self.takes = tuple(take(slot) for slot in range(1, 6))

    def legal_actions(self, state: ElfenlandState) -> tuple[ElfAction, ...]:
        """Return the legal actions of the seat to act, in a stable order."""
        seat = state.current
        if seat is None:
            return ()
        phase = state.phase
        if phase == Phase.MOVEMENT:
            if state.discarding:
                return self.keep_cards_actions(state.hands[seat])
            return (*self.steps(state, seat, state.boots[seat], state.hands[seat]), END_ACTION)
        if phase == Phase.PLACEMENT:
            return self.placement_actions(state, seat)
        if phase == Phase.OPEN_PICKS:
            picks = [self.takes[slot] for slot, kind in enumerate(state.display) if kind != NONE]
            if state.supply:
                picks.append(DRAW_ACTION)
            return tuple(picks)
        if phase == Phase.ROUND_END:
            if sum(state.hands[seat]) > KEPT_CARDS:
                return self.keep_cards_actions(state.hands[seat])
            return self.keep_counter_actions(state, seat)
        raise AssertionError(f"no decisions in phase {phase}")

    def placement_actions(self, state: ElfenlandState, seat: int) -> tuple[ElfAction, ...]:
        """Return phase 4's placements, obstacles and the pass (E16–E20)."""
        occupied = state.road_counter
        actions: list[ElfAction] = []
        for held, secret in ((state.open_counters[seat], 0), (state.secret_counters[seat], 1)):
            for kind in COUNTER_KINDS:
                if held[kind]:
                    actions.extend(
                        action for e, action in self.placements[kind][secret]
                        if occupied[e] == NONE
                    )
        if state.has_obstacle[seat]:
            obstacles = state.road_obstacle
            actions.extend(
                action for e, action in self.obstacles.items()
                if occupied[e] != NONE and obstacles[e] == NONE
            )
        actions.append(PASS_ACTION)
        return tuple(actions)

    def steps(
        self, state: ElfenlandState, seat: int, town: Town, hand: Cards
    ) -> list[ElfAction]:
        """Return every paid step from `town` with `hand`, by edge id then payment (E24–E29)."""
        actions: list[ElfAction] = []
        for e in self.map.incident[town]:
            actions.extend(move(e, cards) for cards in self.payments(state, e, town, hand))
        return actions

    def payments(self, state: ElfenlandState, e: EdgeId, town: Town, hand: Cards) -> list[Cards]:
        """Return the distinct legal payments for crossing edge `e` from `town` with `hand`."""
        edge = self.map.edge(e)
        if not edge.is_road:
            rafts = self.map.water_cost(edge, town)
            return [single(RAFT, rafts)] if hand[RAFT] >= rafts else []
        counter = state.road_counter[e]
        if counter == NONE:
            return []
        surcharge = OBSTACLE_SURCHARGE if state.road_obstacle[e] != NONE else 0
        cost = self.map.chart[counter][edge.terrain]
        assert cost is not None, "a counter only lies on a terrain it can cross"
        found: list[Cards] = []
        normal = cost + surcharge
        if hand[counter] >= normal:
            found.append(single(counter, normal))
        caravan = CARAVAN_CARDS + surcharge
        if self.caravan_any:
            if sum(hand) >= caravan:
                found.extend(sub_multisets(hand, caravan))
        else:
            found.extend(single(kind, caravan) for kind in CARD_KINDS if hand[kind] >= caravan)
        return found

    def keep_cards_actions(self, hand: Cards) -> tuple[ElfAction, ...]:
        """Return one `keep-cards` per distinct set of 4 cards in `hand` (E35)."""
        return tuple(keep_cards(cards) for cards in sub_multisets(hand, KEPT_CARDS))

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
