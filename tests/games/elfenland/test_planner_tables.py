"""The tour planner's kept tables give the decisions of a fresh search.

The planner keeps, per board (counters, obstacles, the round), the worths of the positions
its earlier searches searched in full, and the ways of crossing a road. A bot that keeps them
through a game must decide exactly as a bot that searches afresh every time (as it did before
the tables were kept), and a search cut by its node limit must leave no cut worth behind.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca.games.elfenland import ElfenlandGame
from ludoteca.games.elfenland.bots import ElfenlandHeuristicBot
from ludoteca.games.elfenland.known import seat_view
from ludoteca.games.elfenland.planner import DEFAULT_WEIGHTS, TourPlanner

ANY_RULES: dict[str, Any] = {
    "caravan": "any", "hand_limit_timing": "after_move", "rounds": 3, "start_seat": 1,
}


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, ANY_RULES)])
def test_heuristic_decisions_with_kept_tables_equal_fresh_searches(
    players: int, options: dict[str, Any]
) -> None:
    # One bot keeps its planner's tables through the game; a new bot per decision searches
    # afresh, as the bot did before the tables were kept.
    game = ludoteca.load("elfenland", players, **options)
    kept = ElfenlandHeuristicBot()
    state = game.initial_state(7)
    rng = random.Random(7)
    while (seat := game.current_player(state)) is not None:
        action = kept.choose(game, state, seat, rng)
        assert action == ElfenlandHeuristicBot().choose(game, state, seat, rng)
        state = game.apply(state, action)


def test_a_search_cut_by_its_node_limit_leaves_no_cut_worth_behind() -> None:
    game = ludoteca.load("elfenland", 3)
    assert isinstance(game, ElfenlandGame)
    state = game.initial_state(3)  # round 1's picks: an empty board, a big search
    assert state.current is not None
    view = seat_view(game, state, state.current)
    held = tuple(number + 1 for number in view.held)
    planner = TourPlanner(game.map, False, DEFAULT_WEIGHTS)
    cut = planner.search(view, node_limit=40)
    cut.tour(view.boot, view.hand, held, view.visited[view.seat])
    assert cut.cut
    fresh = TourPlanner(game.map, False, DEFAULT_WEIGHTS).plan(view, held, reuse=False)
    assert planner.plan(view, held) == fresh
