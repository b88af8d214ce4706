"""How a search scores a position it stops short of the end: each seat's value in [0, 1]."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import Game


def score_evaluation(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
    """Return each seat's value from its lead over the mean of `scores`, in (0, 1).

    The game's own points (or progress in race games) say who leads; a lead is worth more the
    larger it is against the spread of the scores, and all seats tie at 0.5. The added point
    keeps a one-point lead from counting as a won game.
    """
    scores = game.scores(state)
    mean = sum(scores) / len(scores)
    scale = 2.0 * (max(scores) - min(scores) + 1)
    return tuple(0.5 + (score - mean) / scale for score in scores)
