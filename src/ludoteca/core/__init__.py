"""The engine contract shared by every game: protocol, errors, chance, records, conformance."""

from ludoteca.core.conformance import ConformanceError, ConformanceReport, check_game
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidActionError,
    LudotecaError,
    StateFormatError,
)
from ludoteca.core.game import JSON, Game, Seat
from ludoteca.core.observation import CommonObservation
from ludoteca.core.options import OptionSpec
from ludoteca.core.players import Bot, Budget
from ludoteca.core.records import make_record, replay
from ludoteca.core.registry import available_games, game_spec, load
from ludoteca.core.spec import BotSpec, GameSpec

__all__ = [
    "JSON",
    "Bot",
    "BotSpec",
    "Budget",
    "CommonObservation",
    "ConformanceError",
    "ConformanceReport",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "InvalidActionError",
    "LudotecaError",
    "OptionSpec",
    "Seat",
    "StateFormatError",
    "available_games",
    "check_game",
    "game_spec",
    "load",
    "make_record",
    "replay",
]
