"""Elfenland: the travel and route game for 2 to 6 players (docs/rules/elfenland.md)."""

from ludoteca.games.elfenland.actions import ElfAction
from ludoteca.games.elfenland.board import ElfMap, elfenland_map
from ludoteca.games.elfenland.options import ElfenlandOptions
from ludoteca.games.elfenland.rules import ElfenlandGame, make_game
from ludoteca.games.elfenland.state import ElfenlandState

__all__ = [
    "ElfAction",
    "ElfMap",
    "ElfenlandGame",
    "ElfenlandOptions",
    "ElfenlandState",
    "elfenland_map",
    "make_game",
]
