"""Differential test of Elfenland's move generator against the plain rules it speeds up.

The move generator reads prebuilt placements and moves and caches the keep-cards sets of a
hand; it must give exactly the legal actions that the rules, computed plainly one at a time,
give, in every phase, under every option and player count.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

import ludoteca
from ludoteca.core.chance import SEED_BITS
from ludoteca.games.elfenland import ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.actions import (
    DRAW_ACTION,
    END_ACTION,
    PASS_ACTION,
    ElfAction,
    keep_cards,
    keep_counter,
    move,
    obstacle,
    place,
    take,
)
from ludoteca.games.elfenland.board import CARD_KINDS, COUNTER_KINDS, RAFT
from ludoteca.games.elfenland.cards import Cards, count, expand, single
from ludoteca.games.elfenland.state import NONE, Phase

OPTION_MIXES: list[dict[str, Any]] = [
    {},
    {"caravan": "any", "hand_limit_timing": "after_move", "rounds": 3, "start_seat": 1},
]


def plain_payments(game: ElfenlandGame, state: ElfenlandState, e: int, town: int,
                   hand: Cards) -> list[Cards]:
    """Return the payments for edge `e` from `town`, straight from E25–E29."""
    edge = game.map.edge(e)
    if not edge.is_road:
        rafts = game.map.water_cost(edge, town)
        return [single(RAFT, rafts)] if hand[RAFT] >= rafts else []
    counter = state.road_counter[e]
    if counter == NONE:
        return []
    surcharge = 1 if state.road_obstacle[e] != NONE else 0
    cost = game.map.chart[counter][edge.terrain]
    assert cost is not None
    found = [single(counter, cost + surcharge)] if hand[counter] >= cost + surcharge else []
    caravan = 3 + surcharge
    if game.settings.caravan == "any":
        found += sorted({count(cards) for cards in combinations(expand(hand), caravan)},
                        reverse=True)
    else:
        found += [single(kind, caravan) for kind in CARD_KINDS if hand[kind] >= caravan]
    return found


def plain_keep_cards(hand: Cards) -> list[ElfAction]:
    """Return one keep-cards per distinct 4-card set of `hand` (E35), canonical order."""
    sets = sorted({count(cards) for cards in combinations(expand(hand), 4)}, reverse=True)
    return [keep_cards(cards) for cards in sets]


def plain_legal(game: ElfenlandGame, state: ElfenlandState) -> tuple[ElfAction, ...]:
    """Return the legal actions of `state` computed plainly, one rule at a time."""
    seat = state.current
    if seat is None:
        return ()
    hand = state.hands[seat]
    if state.phase == Phase.OPEN_PICKS:
        picks = [take(slot + 1) for slot, kind in enumerate(state.display) if kind != NONE]
        return (*picks, *([DRAW_ACTION] if state.supply else []))
    if state.phase == Phase.PLACEMENT:
        actions = [
            place(kind, e, secret)
            for held, secret in ((state.open_counters[seat], False),
                                 (state.secret_counters[seat], True))
            for kind in COUNTER_KINDS if held[kind]
            for e in game.map.roads_for[kind] if state.road_counter[e] == NONE
        ]
        if state.has_obstacle[seat]:
            actions += [obstacle(e) for e in game.map.road_ids
                        if state.road_counter[e] != NONE and state.road_obstacle[e] == NONE]
        return (*actions, PASS_ACTION)
    if state.phase == Phase.MOVEMENT and not state.discarding:
        town = state.boots[seat]
        steps = [move(e, cards) for e in game.map.incident[town]
                 for cards in plain_payments(game, state, e, town, hand)]
        return (*steps, END_ACTION)
    if state.phase == Phase.MOVEMENT or sum(hand) > 4:
        return tuple(plain_keep_cards(hand))
    return tuple(keep_counter(kind, secret)
                 for held, secret in ((state.open_counters[seat], False),
                                      (state.secret_counters[seat], True))
                 for kind in COUNTER_KINDS if held[kind])


@pytest.mark.parametrize("options", OPTION_MIXES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_legal_actions_equal_the_plain_rules_in_random_games(
    players: int, options: dict[str, Any]
) -> None:
    game = ludoteca.load("elfenland", players, **options)
    assert isinstance(game, ElfenlandGame)
    rng = random.Random(f"fast paths {players} {options}")
    for _ in range(2):
        state = game.initial_state(rng.getrandbits(SEED_BITS))
        while True:
            legal = game.legal_actions(state)
            assert legal == plain_legal(game, state)
            if not legal:
                break
            action = legal[rng.randrange(len(legal))]
            seat = state.current
            if action.verb == "move" and seat is not None:  # payments also explain refusals
                town, hand = state.boots[seat], state.hands[seat]
                assert game.moves.payments(state, action.edge, town, hand) \
                    == plain_payments(game, state, action.edge, town, hand)
            state = game.apply(state, action)
