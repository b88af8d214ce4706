"""Suitors' Paths: routes to the girls on the path of a hexagonal board, for 2 to 5 players.

Rules: docs/rules/suitors_paths.md.
"""

from ludoteca.games.suitors_paths.actions import (
    BuildSegment,
    Discard,
    EndBuild,
    MoveGirl,
    OpenAuction,
    PassBid,
    PayBid,
    RaiseBid,
    ScrapRoute,
    SpAction,
    TakeAllColour,
    TakeDeck,
    TakeDisplay,
)
from ludoteca.games.suitors_paths.board import Board, board_for
from ludoteca.games.suitors_paths.options import SpOptions
from ludoteca.games.suitors_paths.rules import SpGame
from ludoteca.games.suitors_paths.spec import SPEC
from ludoteca.games.suitors_paths.state import SpState, Step

__all__ = [
    "SPEC", "Board", "BuildSegment", "Discard", "EndBuild", "MoveGirl", "OpenAuction", "PassBid",
    "PayBid", "RaiseBid", "ScrapRoute", "SpAction", "SpGame", "SpOptions", "SpState", "Step",
    "TakeAllColour", "TakeDeck", "TakeDisplay", "board_for",
]
