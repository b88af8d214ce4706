"""Ludoteca: exact rules engines, bots and research APIs for four tabletop games."""

from ludoteca.core import (
    Game,
    GameSpec,
    IllegalActionError,
    InvalidActionError,
    LudotecaError,
    StateFormatError,
    available_games,
    check_game,
    game_spec,
    load,
    make_record,
    replay,
)

__all__ = [
    "Game",
    "GameSpec",
    "IllegalActionError",
    "InvalidActionError",
    "LudotecaError",
    "StateFormatError",
    "available_games",
    "check_game",
    "game_spec",
    "load",
    "make_record",
    "replay",
]
