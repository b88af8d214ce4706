"""Absent players: a seat whose clock ran out, or whose player left and the others voted so, is
played by the game's default bot until its person takes it back.

    deadline passed (the clock sweep) ─┐
                                       ├─► seat type "bot", `replaced` ─► POST return ─► human
    every other present player voted ──┘   (name and token hash kept)

The database decides, so this works after a restart and for matches not in memory: the sweep
asks it for running matches whose `deadline` has passed, and every change is conditional on
the match still being at the state the hub saw (a late action and a time-out cannot both win).

A return never hands the person a turn the bot is playing: while their seat is to move the
return is refused, and accepted once the turn has passed (a return that restarted the clock
let a staller run out of time, come back in the bot's delay and start the turn afresh, for
ever). A seat out of time clocks.MAX_TIMEOUTS times in a match stays the bot's to the end.

Which seats are present is server/seat_presence.py's; a vote asks server/presence.py, which
reads every process's open seats from the database. The stored changes, each one transaction,
are server/seat_records.py's; the time-outs, server/clock_sweep.py's.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ludoteca.core import Seat
from ludoteca.core.registry import game_spec
from ludoteca.server import clocks, presence, storage
from ludoteca.server.bot_play import kick_bots
from ludoteca.server.errors import ApiError
from ludoteca.server.expiry import expired_error
from ludoteca.server.following import level
from ludoteca.server.listeners import broadcast
from ludoteca.server.live import LiveMatch, SeatState
from ludoteca.server.seat_presence import seats_here
from ludoteca.server.seat_records import SeatChanged, store_seat, store_vote

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub


async def vote(hub: MatchHub, live: LiveMatch, voter: Seat, target: Seat) -> None:
    """Count `voter`'s vote to give the absent `target` seat to a bot; replace it when every
    other present player has voted."""
    async with live.lock:
        if not hub.cache.is_current(live):
            return await vote(hub, await hub.cache.get(live.match_id), voter, target)
        _check_playing(hub, live)
        if live.info.status != "running":
            raise ApiError("cannot_vote", "votes are taken only while the match is running")
        seats = live.info.seats
        if not 0 <= target < len(seats):
            raise ApiError("bad_request", f"this match has seats 0 to {len(seats) - 1}")
        seat = seats[target]
        present = await _present_now(hub, live)
        _check_vote(seats[voter], seat, present)
        try:
            votes = await asyncio.to_thread(
                store_vote, hub.db.engine, live.match_id, target, voter
            )
        except SeatChanged as error:
            await level(hub, live)
            raise ApiError("cannot_vote", f"seat {target} changed meanwhile") from error
        seat.votes = votes
        live.changed()
        needed = {
            s.seat for s in seats
            if s.seat != target and s.type == "human" and s.claimed and s.seat in present
        }
        decided = needed <= set(votes)
        if decided:
            try:
                await replace_by_bot(hub, live, seat, stopped(live.clock()))
            except SeatChanged as error:
                await level(hub, live)
                raise ApiError("stale_state", "the match changed meanwhile; try again") from error
        else:
            await broadcast(hub, live)
    by = seats[voter]
    if decided:
        await notice(hub, live, "replaced", seat, f"the players gave {called(seat)}'s seat to "
                      "a bot")
        kick_bots(hub, live)
    else:
        await notice(hub, live, "vote", seat, f"{called(by)} votes to give {called(seat)}'s "
                      "seat to a bot", by=by, votes=len(votes), needed=len(needed))


async def _present_now(hub: MatchHub, live: LiveMatch) -> set[Seat]:
    """Return the seats with a socket open now, here or on another process (the caller holds
    the lock); ApiError cannot_vote if another process's cannot be known now."""
    if live.info.hotseat:
        return set()
    # A page that reloads is away for a moment: the seats announced a moment ago count too.
    return {*seats_here(live), *live.announced, *await presence.present_elsewhere(hub, live)}


def _check_vote(voter: SeatState, seat: SeatState, present: set[Seat]) -> None:
    """Raise ApiError cannot_vote unless `voter` may vote to give `seat` to a bot (`present`:
    the seats with a socket open)."""
    if voter.seat == seat.seat:
        raise ApiError("cannot_vote", "you cannot vote to give your own seat to a bot")
    if voter.type != "human":
        raise ApiError("cannot_vote", "a bot plays your seat: take it back before you vote")
    if voter.seat not in present:
        raise ApiError("cannot_vote", "only players who have the match open may vote")
    if seat.type != "human":
        raise ApiError("cannot_vote", f"a bot plays seat {seat.seat} already")
    if not seat.claimed:
        raise ApiError("cannot_vote", f"nobody holds seat {seat.seat}")
    if seat.seat in present:
        raise ApiError("cannot_vote", f"the player of seat {seat.seat} is here")


async def take_back(hub: MatchHub, live: LiveMatch, seat: Seat) -> None:
    """Give the person who held `seat` their seat back from the bot that played it."""
    async with live.lock:
        if not hub.cache.is_current(live):
            return await take_back(hub, await hub.cache.get(live.match_id), seat)
        _check_playing(hub, live)
        state = live.info.seats[seat]
        clock = live.clock()
        _check_return(live, state, clock)
        if clock is not None:
            clock = clocks.grant_return(clock, seat)
        values = {"type": "human", "bot": None, "replaced": False, "votes": None}
        try:
            await store_change(hub, live, seat, values, clock, replaced=True)
        except SeatChanged as error:
            await level(hub, live)
            raise ApiError("cannot_return", f"seat {seat} changed meanwhile; try again") from error
        state.type, state.bot, state.replaced, state.votes = "human", None, False, []
        live.changed()
        await broadcast(hub, live)
    await notice(hub, live, "returned", state, f"{called(state)} is back and plays on")


def _check_return(live: LiveMatch, state: SeatState, clock: clocks.Clock | None) -> None:
    """Raise ApiError cannot_return unless the person of `state` may take it back now."""
    seat = state.seat
    if not state.replaced:
        raise ApiError("cannot_return", f"seat {seat} is yours already: no bot plays it")
    if clock is not None and clock.kept_by_bot(seat):
        raise ApiError(
            "cannot_return",
            f"seat {seat} ran out of time {clock.timeouts_of(seat)} times: a bot plays it to "
            "the end of the match",
        )
    if live.to_move() == seat:
        raise ApiError(
            "cannot_return",
            f"the bot plays this turn of seat {seat} (its time ran out, or the others voted): "
            "take your seat back once the turn has passed",
        )


def _check_playing(hub: MatchHub, live: LiveMatch) -> None:
    """Raise the refusal of a match that is over or expired."""
    if live.info.status == "expired":
        raise expired_error(hub.limits)
    if live.finished:
        raise ApiError("game_over", "the match is over")



# -- shared steps (server/clock_sweep.py uses them too) ------------------------------------


def stopped(clock: clocks.Clock | None) -> clocks.Clock | None:
    """Return the match's clock with the running turn stopped (None: no time control)."""
    return None if clock is None else clocks.stop(clock, storage.utc_now())


async def replace_by_bot(
    hub: MatchHub, live: LiveMatch, seat: SeatState, clock: clocks.Clock | None
) -> None:
    """Give a person's seat to the game's default bot, with the match's clock now `clock` (the
    caller holds the lock); SeatChanged if the database holds another state of the match."""
    bot = game_spec(live.game.name).default_bot
    values = {"type": "bot", "bot": bot, "replaced": True, "votes": None}
    await store_change(hub, live, seat.seat, values, clock)
    seat.type, seat.bot, seat.replaced, seat.votes = "bot", bot, True, []
    live.changed()
    await broadcast(hub, live)


async def store_change(
    hub: MatchHub,
    live: LiveMatch,
    seat: Seat,
    values: dict[str, Any],
    clock: clocks.Clock | None,
    replaced: bool = False,
) -> None:
    """Store a seat's new `values` and the match's `clock`, then put the clock in memory."""
    columns = live.clock_columns(clock)
    await asyncio.to_thread(
        store_seat, hub.db.engine, live.match_id, live.state_id, seat, values, columns,
        replaced=replaced,
    )
    for key, value in columns.items():
        setattr(live.info, key, value)


async def notice(
    hub: MatchHub, live: LiveMatch, kind: str, seat: SeatState, text: str,
    by: SeatState | None = None, **params: Any,
) -> None:
    """Post a notice about `seat` (`by`: the player who acted on it)."""
    params = {"seat": seat.seat, "name": seat.name, **params}
    if by is not None:
        params.update(by=by.seat, by_name=by.name)
    await hub.post_message(live, kind, text, seat=seat.seat, name=seat.name, params=params)


def called(seat: SeatState) -> str:
    """Return how the English notices call a seat."""
    return seat.name or f"seat {seat.seat}"


def check_may_act(live: LiveMatch, seat: Seat, by_bot: bool) -> None:
    """Raise the refusal of an action of `seat` by a person (or by the bot, `by_bot`) now: a
    bot plays the seat, the person took it back from the bot, or its time ran out."""
    state = live.info.seats[seat]
    if by_bot and state.type != "bot":
        raise ApiError("stale_state", f"seat {seat} is a person's again")
    if not by_bot and state.type == "bot":
        raise ApiError(
            "seat_replaced",
            f"a bot plays seat {seat} since its player was away; take the seat back first",
        )
    deadline = live.info.deadline  # that of the seat to move
    if (
        not by_bot and deadline is not None and seat == live.to_move()
        and storage.utc_now() >= deadline
    ):
        raise ApiError("out_of_time", f"seat {seat} ran out of time; a bot takes the seat")
