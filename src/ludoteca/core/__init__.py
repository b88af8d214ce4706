"""The engine contract shared by every game: protocol, errors, chance, records, conformance."""

from ludoteca.core.conformance import ConformanceError, ConformanceReport, check_game
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidActionError,
    LudotecaError,
    StateFormatError,
)
from ludoteca.core.game import JSON, Game, Seat
from ludoteca.core.records import make_record, replay
from ludoteca.core.registry import available_games, load

__all__ = [
    "JSON",
    "ConformanceError",
    "ConformanceReport",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "LudotecaError",
    "Seat",
    "StateFormatError",
    "available_games",
    "check_game",
    "load",
    "make_record",
    "replay",
]
