"""How a search bot scores a Suitors' Paths position it stops short of the end.

Each seat is worth its points (P66), plus what the heuristic bot's best plan still promises
(the gain of its next connection less the cards it costs and lacks), plus its hand at the
bot's price of a card: the points a route will bring are mostly in the cards and the plan.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.evaluation import relative_values
from ludoteca.core.game import Game
from ludoteca.core.spec import Evaluator
from ludoteca.games.suitors_paths.bots import CARD_WEIGHT, Choice
from ludoteca.games.suitors_paths.rules import SpGame

SCALE = 3.0
"""A lead of this many points makes a seat about 73% to win (a connection scores 2 to 4)."""


def plan_evaluator() -> Evaluator:
    """Return an evaluator scoring each seat by points, best plan and hand (see above)."""

    def evaluate(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
        assert isinstance(game, SpGame)
        scores = game.scores(state)
        estimates = []
        for seat in range(game.num_players):
            choice = Choice(game, state, seat)
            plan = choice.future()
            promise = max(0.0, choice.later(plan)) if plan is not None else 0.0
            estimates.append(scores[seat] + promise + CARD_WEIGHT * sum(choice.hand))
        return relative_values(estimates, SCALE)

    return evaluate
