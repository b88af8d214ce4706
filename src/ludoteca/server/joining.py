"""Making matches and taking their seats: create, join, start now with bots, rematch, and the seat
a token plays.

A seat's token is shown once, to whoever claims the seat; the match keeps only its hash
(server/seats.py). Claiming the last empty human seat of an open match starts it, in the same
transaction; with other processes the database refuses a seat claimed twice.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from ludoteca.core import Game, Seat, load
from ludoteca.core.chance import SEED_BITS
from ludoteca.server import storage, tables
from ludoteca.server.bot_play import bot_match_slot, kick_bots
from ludoteca.server.clocks import TimeControl, new_clock
from ludoteca.server.errors import ApiError
from ludoteca.server.expiry import expired_error, mark_expired
from ludoteca.server.following import follow, level
from ludoteca.server.listeners import broadcast
from ludoteca.server.live import LiveMatch, MatchInfo, SeatState
from ludoteca.server.match_cache import in_thread
from ludoteca.server.match_start import (
    NotOpen,
    store_start,
    waiting_columns,
    with_bots_in_empty_seats,
)
from ludoteca.server.names import name_key
from ludoteca.server.schemas import CreateMatchRequest
from ludoteca.server.seats import Tokens, claim_seats, new_seats, rematch_seat

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub


async def create(
    hub: MatchHub, session: Session, request: CreateMatchRequest
) -> tuple[LiveMatch, Tokens]:
    """Create a match as requested; return it and the tokens of the claimed seats."""
    # Building a game and its bots runs the engines' set-up code: off the event loop.
    try:
        game = await in_thread(
            lambda: load(request.game, request.players, **request.options)
        )
    except (ValueError, TypeError) as error:
        raise ApiError("bad_request", str(error)) from error
    seats = await in_thread(new_seats, game, request.seats)
    humans = [seat.seat for seat in seats if seat.type == "human"]
    claim = request.claim
    if claim is None:
        claim = humans if request.hotseat else humans[:1]
    for seat in claim:
        if seat not in humans:
            raise ApiError("bad_request", f"seat {seat} is not a human seat of this match")
    if request.seed is not None and set(claim) != set(humans):
        # Whoever fixes the seed can compute every hand: only for a match nobody else joins.
        raise ApiError(
            "bad_request",
            "a fixed seed is only accepted when the creator claims every human seat "
            "(hot seat, or the other seats bots): with it one can work out every hand",
        )
    tokens: Tokens = {}
    for seat, name in _names_of_claims(request, sorted(set(claim)), len(seats)).items():
        # One seat at a time: each name is checked against the bots' and the seats named so far.
        _refuse_a_taken_name(seats, [seat], name)
        tokens.update(claim_seats(seats, [seat], name))
    seed = secrets.randbits(SEED_BITS) if request.seed is None else request.seed
    with bot_match_slot(hub, bots_only=not humans):
        control = None if request.clock is None else TimeControl.from_json(
            request.clock.model_dump()
        )
        live = await _new_match(hub, session, game, seed, seats, request.hotseat, control=control)
    return live, tokens


def _names_of_claims(
    request: CreateMatchRequest, claim: Sequence[Seat], num_seats: int
) -> dict[Seat, str | None]:
    """Return the name of each seat in `claim` (sorted): its own from `request.names`, else
    the creator's `name` for the first and none for the others.

    Hot seat puts several people at one screen: each seat has its own name, so the cover, the
    seat list and a partner are not all "Ann". ApiError bad_request for names of seats the
    creator does not claim.
    """
    names = request.names or []
    if len(names) > num_seats:
        raise ApiError("bad_request", f"names holds {len(names)} seats; the match has {num_seats}")
    for seat, name in enumerate(names):
        if name is not None and seat not in claim:
            raise ApiError(
                "bad_request",
                f"seat {seat} is not one you claim: only your own seats take names here",
            )
    return {
        seat: (names[seat] if seat < len(names) and names[seat] is not None
               else request.name if place == 0 else None)
        for place, seat in enumerate(claim)
    }


async def _new_match(
    hub: MatchHub,
    session: Session,
    game: Game[Any, Any],
    seed: int,
    seats: list[SeatState],
    hotseat: bool,
    previous: LiveMatch | None = None,
    control: TimeControl | None = None,
) -> LiveMatch:
    """Store a new match (started at once if no human seat is empty), cache it and start its
    bots; return it."""
    now = storage.utc_now()
    info = MatchInfo(
        match_id=_new_id(hub), game=game.name, players=game.num_players,
        options=dict(game.options), seed=seed, rules_version=game.rules_version,
        hotseat=hotseat, seats=seats, created_at=now, updated_at=now,
        clock=None if control is None else new_clock(control, game.num_players).to_json(),
    )
    live = LiveMatch(info=info, game=game, states=[], actions=[])
    columns = waiting_columns(now)
    if not info.empty_seats():  # hot seat, one person against bots, bots only: start now
        state = await in_thread(game.initial_state, seed)
        live.states.append(state)
        columns = live.columns_after(state, 0, now)
    for key, value in columns.items():
        setattr(info, key, value)
    row = tables.MatchRow(
        id=info.match_id, game=info.game, players=info.players, options=info.options,
        seed=seed, rules_version=info.rules_version, hotseat=hotseat,
        created_at=now, rematch_id=None,
        seats=[
            tables.SeatRow(
                seat=s.seat, type=s.type, bot=s.bot, name=s.name,
                token_hash=s.token_hash, claimed=s.claimed,
            )
            for s in seats
        ],
        **columns,
    )
    row.clock, row.deadline = info.clock, info.deadline
    previous_id = None if previous is None else previous.match_id
    await in_thread(storage.insert_match, session, row, previous_id)
    hub.cache.remember(live)
    kick_bots(hub, live)
    return live


def _new_id(hub: MatchHub) -> str:
    """Return a new random match id that no copy in memory has."""
    while True:
        match_id = secrets.token_urlsafe(6)
        if hub.cache.cached(match_id) is None:
            return match_id


async def join(
    hub: MatchHub, session: Session, live: LiveMatch, seat: Seat | None, name: str | None
) -> tuple[Seat, str]:
    """Claim a free human seat (the first one if `seat` is None); return it and its token."""
    async with live.lock:
        if not hub.cache.is_current(live):  # see playing.act
            return await join(hub, session, await hub.cache.get(live.match_id), seat, name)
        if live.info.status == "expired":
            raise expired_error(hub.limits)
        if live.finished:
            raise ApiError("game_over", "the match is over; there is no seat to join")
        seats = live.info.seats
        if seat is None:
            free = [
                s.seat for s in seats if s.type == "human" and not s.claimed and not s.reserved
            ]
            if not free:
                raise ApiError(
                    "seat_taken",
                    "every human seat of this match is taken or kept for its player of the "
                    "previous match",
                )
            seat = free[0]
        if not 0 <= seat < len(seats):
            raise ApiError(
                "bad_request", f"this match has seats 0 to {len(seats) - 1}, not {seat}"
            )
        if seats[seat].type == "bot":
            raise ApiError("seat_taken", f"seat {seat} is played by a bot")
        if seats[seat].claimed:
            raise ApiError("seat_taken", f"seat {seat} is already taken")
        if seats[seat].reserved:
            raise ApiError(
                "seat_taken",
                f"seat {seat} is kept for its player of the previous match, who takes it by "
                "asking that match for the rematch",
            )
        _refuse_a_taken_name(seats, [seat], name)
        tokens = await _store_claims(hub, session, live, [seat], name)
        await broadcast(hub, live)
    kick_bots(hub, live)  # the last seat taken started the match: a bot may open it
    return seat, tokens[seat]


def _refuse_a_taken_name(
    seats: Sequence[SeatState], claimed: Collection[Seat], name: str | None
) -> None:
    """Raise ApiError bad_request if `name` reads as the name of a seat outside `claimed`.

    Names are compared by names.name_key, so "Ann" with an invisible mark, in full-width
    letters or in capitals is still Ann: no one joins under a player's (or a bot's) name.
    """
    if name is None:
        return
    key = name_key(name)
    for seat in seats:
        if seat.seat not in claimed and seat.name is not None and name_key(seat.name) == key:
            raise ApiError(
                "bad_request",
                f"seat {seat.seat} of this match is called {seat.name}, which reads as the "
                "same name; choose another",
            )


async def _store_claims(
    hub: MatchHub, session: Session, live: LiveMatch, seats: Sequence[Seat], name: str | None
) -> Tokens:
    """Claim `seats` (caller holds the lock): commit, then update memory.

    Claiming the last empty human seat of an open match starts it, in the same transaction.
    """
    staged = [SeatState(**vars(seat)) for seat in live.info.seats]
    tokens = claim_seats(staged, seats, name)
    info = live.info
    status = info.status
    now = storage.utc_now()
    start, state = None, None
    if not live.started and not any(s.type == "human" and not s.claimed for s in staged):
        state = await in_thread(live.game.initial_state, info.seed)
        start = live.columns_after(state, 0, now)
        status = start.pop("status")
        del start["updated_at"]
    claims = {seat: (staged[seat].token_hash or "", staged[seat].name) for seat in seats}
    try:
        await in_thread(
            storage.claim_seats, session, info.match_id, claims, status, now, start
        )
    except storage.SeatAlreadyClaimed as error:
        await level(hub, live)  # another process took it
        raise ApiError("seat_taken", f"seat {', '.join(map(str, seats))} was taken") from error
    except storage.MatchClosed as error:
        if error.expired:
            await mark_expired(hub, live)
            raise expired_error(hub.limits) from error
        await level(hub, live)  # another process started the match meanwhile
        raise ApiError("already_started", "the match started meanwhile") from error
    info.seats, info.status, info.updated_at = staged, status, now
    if start is not None:
        live.begin(state, start)
    live.changed()
    return tokens


async def start_match(hub: MatchHub, session: Session, live: LiveMatch) -> None:
    """Start an open match now (a seated player asked): its empty human seats become seats
    of the game's default bot; 409 already_started or expired otherwise."""
    async with live.lock:
        if not hub.cache.is_current(live):  # see playing.act
            return await start_match(hub, session, await hub.cache.get(live.match_id))
        info = live.info
        if info.status == "expired":
            raise expired_error(hub.limits)
        if live.started:
            raise ApiError("already_started", "the match has started already")
        seats = with_bots_in_empty_seats(live.game, info.seats)
        bots = {
            s.seat: s.bot for s in seats
            if s.bot is not None and info.seats[s.seat].type == "human"
        }
        state = await in_thread(live.game.initial_state, info.seed)
        now = storage.utc_now()
        columns = live.columns_after(state, 0, now, seats)
        try:
            await in_thread(store_start, session, info.match_id, bots, columns)
        except storage.SeatAlreadyClaimed as error:
            await level(hub, live)
            raise ApiError(
                "seat_taken", "a seat was taken meanwhile; look at the match again"
            ) from error
        except NotOpen as error:
            if error.status == "expired":
                await mark_expired(hub, live)
                raise expired_error(hub.limits) from error
            await level(hub, live)  # another process started it
            raise ApiError("already_started", "the match has started already") from error
        info.seats = seats
        live.begin(state, columns)
        await broadcast(hub, live)
    kick_bots(hub, live)


async def rematch(
    hub: MatchHub, session: Session, live: LiveMatch, held: Sequence[Seat]
) -> tuple[LiveMatch, Tokens]:
    """Return the match after this one (made now, or joined) and the caller's new tokens.

    `held` are the seats the caller proved with their tokens; only those are claimed for
    them. Every other seat a player held here is kept for that player in the rematch
    (reserved by the hash of their token here) until they ask for the rematch in turn.
    """
    old = live.info
    names = {s.seat: s.name for s in old.seats}
    async with live.lock:
        if old.rematch_id is None:
            seats = [rematch_seat(s) for s in old.seats]
            tokens: Tokens = {}
            for held_seat in held:
                tokens.update(claim_seats(seats, [held_seat], names[held_seat]))
            seed = secrets.randbits(SEED_BITS)
            control = live.clock()
            new = await _new_match(
                hub, session, live.game, seed, seats, old.hotseat, previous=live,
                control=None if control is None else control.control,
            )
            old.rematch_id = new.match_id
            live.changed()
            await broadcast(hub, live)
            return new, tokens
        rematch_id = old.rematch_id
    new = await hub.cache.get(rematch_id)
    async with new.lock:
        free = [
            s for s in held
            if not new.info.seats[s].claimed
            and new.info.seats[s].token_hash in (None, old.seats[s].token_hash)
        ]
        if not free:
            seat_list = ", ".join(str(s) for s in held)
            raise ApiError(
                "seat_taken", f"the rematch seats you held here ({seat_list}) are taken"
            )
        tokens = {}
        for free_seat in free:
            tokens.update(
                await _store_claims(hub, session, new, [free_seat], names[free_seat])
            )
        await broadcast(hub, new)
    kick_bots(hub, new)  # the last seat claimed started the rematch: a bot may open it
    return new, tokens


async def seat_of_token(hub: MatchHub, live: LiveMatch, token: str) -> Seat:
    """Return the seat a token plays (ApiError bad_token if none); with other processes, a
    token this copy does not know first makes it catch up (the seat may have been claimed
    through another process a moment ago)."""
    try:
        return live.seat_of_token(token)
    except ApiError:
        if hub.fanout is None:
            raise
    await follow(hub, live)
    return live.seat_of_token(token)
