"""Thurn und Taxis: the route-building card game for 2 to 4 players.

Rules: docs/rules/thurn_und_taxis.md.
"""

from ludoteca.games.thurn_und_taxis.actions import TntAction, Verb
from ludoteca.games.thurn_und_taxis.board import Board, tnt_board
from ludoteca.games.thurn_und_taxis.options import TntOptions
from ludoteca.games.thurn_und_taxis.rules import TntGame
from ludoteca.games.thurn_und_taxis.spec import SPEC
from ludoteca.games.thurn_und_taxis.state import TntState

__all__ = ["SPEC", "Board", "TntAction", "TntGame", "TntOptions", "TntState", "Verb", "tnt_board"]
