"""Ludoteca: exact rules engines, bots and research APIs for four tabletop games."""

from ludoteca.core import (
    Game,
    IllegalActionError,
    InvalidActionError,
    LudotecaError,
    StateFormatError,
    available_games,
    check_game,
    load,
    make_record,
    replay,
)

__all__ = [
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "LudotecaError",
    "StateFormatError",
    "available_games",
    "check_game",
    "load",
    "make_record",
    "replay",
]
