"""How a search bot scores an Elfenland position it stops short of the end.

Each seat is worth its town pieces plus the tour its heuristic planner finds from where its
boot stands, with its cards and unplaced counters on the roads as they lie: the towns it can
still reach this round, and how well placed and supplied it ends for the next.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.evaluation import relative_values
from ludoteca.core.game import Game
from ludoteca.core.spec import Evaluator
from ludoteca.games.elfenland.known import seat_view
from ludoteca.games.elfenland.planner import DEFAULT_WEIGHTS, TourPlanner
from ludoteca.games.elfenland.rules import ElfenlandGame

NODE_LIMIT = 600
"""Planner positions per seat and evaluation: far fewer than a decision's, as it runs often."""


def tour_evaluator() -> Evaluator:
    """Return an evaluator scoring each seat by its pieces and its best tour (see above)."""
    planners: dict[int, tuple[ElfenlandGame, TourPlanner]] = {}
    piece = DEFAULT_WEIGHTS.piece

    def evaluate(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
        assert isinstance(game, ElfenlandGame)
        known = planners.get(id(game))
        if known is None or known[0] is not game:
            planner = TourPlanner(game.map, game.settings.caravan == "any", DEFAULT_WEIGHTS)
            planners[id(game)] = known = (game, planner)
        planner = known[1]
        estimates = []
        for seat in range(game.num_players):
            view = seat_view(game, state, seat)
            tour = planner.plan(view, view.held, NODE_LIMIT, reuse=False)
            estimates.append(piece * state.visited[seat].bit_count() + tour.value)
        return relative_values(estimates, piece)

    return evaluate
