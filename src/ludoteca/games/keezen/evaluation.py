"""How a search bot scores a Keezen position it stops short of the end.

With the heuristic bot's own pawn values (`ValueTables`, in squares of progress): a pawn is
worth more the nearer it is to landing in its home lane, and a team is worth the sum over its
colours. The risks of capture are left out: they depend on the cards in hand, which the search
draws anew in every rollout anyway.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.evaluation import relative_values
from ludoteca.core.game import Game
from ludoteca.core.spec import Evaluator
from ludoteca.games.keezen.bots import DEFAULT_WEIGHTS, ValueTables
from ludoteca.games.keezen.rules import KeezenGame

SCALE = 40.0
"""A lead worth this many squares makes a team about 73% to win (a pawn entered is 20)."""


def pawn_evaluator() -> Evaluator:
    """Return an evaluator scoring each seat by its team's pawn values (see above)."""
    tables: dict[tuple[int, int], ValueTables] = {}

    def evaluate(game: Game[Any, Any], state: Any) -> tuple[float, ...]:
        assert isinstance(game, KeezenGame)
        board = game.board
        key = (board.num_players, board.track_length)
        table = tables.get(key)
        if table is None:
            table = tables[key] = ValueTables(board, DEFAULT_WEIGHTS)
        colour_value = table.colour_value
        worth = [colour_value(colour, locs)[0] for colour, locs in enumerate(state.pawns)]
        return relative_values(
            [sum(worth[colour] for colour in board.team(seat)) for seat in range(game.num_players)],
            SCALE,
        )

    return evaluate
