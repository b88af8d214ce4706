"""Keezen: the Dutch card-driven race game for 2, 4 or 6 players (docs/rules/keezen.md)."""

from ludoteca.games.keezen.actions import KeezenAction
from ludoteca.games.keezen.board import Board
from ludoteca.games.keezen.options import KeezenOptions
from ludoteca.games.keezen.rules import KeezenGame
from ludoteca.games.keezen.spec import SPEC
from ludoteca.games.keezen.state import KeezenState

__all__ = ["SPEC", "Board", "KeezenAction", "KeezenGame", "KeezenOptions", "KeezenState"]
