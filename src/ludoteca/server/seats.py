"""The seats of a match: those of a new match from its request, those of a rematch, and claims
with fresh secret tokens (only the token's hash is kept)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from ludoteca.bots import make_bot
from ludoteca.core import Game, Seat
from ludoteca.core.registry import game_spec
from ludoteca.server.errors import ApiError
from ludoteca.server.live import SeatState, hash_token
from ludoteca.server.schemas import BotSeatSpec, SeatSpec

Tokens = dict[Seat, str]


def new_seats(game: Game[Any, Any], specs: Sequence[SeatSpec] | None) -> list[SeatState]:
    """Return the seats of a new match from the request (default: every seat human)."""
    if specs is None:
        return [SeatState(seat, "human") for seat in range(game.num_players)]
    if len(specs) != game.num_players:
        raise ApiError(
            "bad_request",
            f"{game.num_players} players need {game.num_players} seats, not {len(specs)}",
        )
    seats = []
    for seat, spec in enumerate(specs):
        if isinstance(spec, BotSeatSpec):
            name = spec.bot or game_spec(game.name).default_bot
            try:
                make_bot(name, game)
            except ValueError as error:
                raise ApiError("bad_request", f"seat {seat}: {error}") from error
            seats.append(SeatState(seat, "bot", bot=name, name=name))
        else:
            seats.append(SeatState(seat, "human"))
    return seats


def rematch_seat(old: SeatState) -> SeatState:
    """Return a seat of the rematch: the same bot, or a human seat kept for its player here
    (also for a person whose seat a bot took over: they may come back for the rematch)."""
    if old.type == "bot" and not old.replaced:
        return SeatState(old.seat, "bot", old.bot, old.bot)
    if not old.claimed:
        return SeatState(old.seat, "human")
    return SeatState(old.seat, "human", name=old.name, token_hash=old.token_hash)


def claim_seats(seats: list[SeatState], claim: Sequence[Seat], name: str | None) -> Tokens:
    """Claim `claim` among `seats` (in place) with new tokens; return the tokens."""
    tokens: Tokens = {}
    for seat in claim:
        token = secrets.token_urlsafe(16)
        seats[seat].claimed = True
        seats[seat].token_hash = hash_token(token)
        seats[seat].name = name
        tokens[seat] = token
    return tokens
