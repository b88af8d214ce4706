"""Elfenland: the travel and route game for 2 to 6 players (docs/rules/elfenland.md)."""

from ludoteca.games.elfenland.actions import ElfAction
from ludoteca.games.elfenland.board import ElfMap, elfenland_map
from ludoteca.games.elfenland.options import ElfenlandOptions
from ludoteca.games.elfenland.rules import ElfenlandGame
from ludoteca.games.elfenland.spec import SPEC
from ludoteca.games.elfenland.state import ElfenlandState

__all__ = [
    "SPEC",
    "ElfAction",
    "ElfMap",
    "ElfenlandGame",
    "ElfenlandOptions",
    "ElfenlandState",
    "elfenland_map",
]
