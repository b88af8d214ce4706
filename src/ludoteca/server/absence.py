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

Presence is the seats with an open socket (`LiveMatch.subscribers`), on this process or, told
through Redis, on another one (`LiveMatch.elsewhere`): that is what the pages show. A vote does
not trust it, since a process hears nothing of the sockets opened before it loaded the match:
it asks server/presence.py, which reads every process's open seats from the database. When a
seat's player comes back, the votes against it lapse. Hot-seat pages listen as spectators, so
a hot-seat match has nobody present and no votes.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from ludoteca.core import Seat
from ludoteca.core.registry import game_spec
from ludoteca.server import clocks, outages, presence, storage
from ludoteca.server.bot_play import kick_bots
from ludoteca.server.errors import ApiError
from ludoteca.server.expiry import expired_error
from ludoteca.server.following import level
from ludoteca.server.listeners import broadcast, tell_others
from ludoteca.server.live import LiveMatch, SeatState

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

log = logging.getLogger("ludoteca.server")

PRESENCE_SECONDS = 0.3
"""How long a change of presence waits before it is published: a reloading page leaves and
comes back within it, and nobody sees it blink."""
PRESENCE_REPEAT_SECONDS = 10.0
"""With other processes: how often each repeats which seats have a socket open on it (a process
that loads a match later learns it so); one silent for three times this has died."""


class SeatChanged(storage.Refused):
    """The match or the seat changed since the hub looked (an action, a return, another
    process): nothing was stored."""


# -- storage (each function one transaction) ---------------------------------------------------


def matches_out_of_time(session: Session, now: dt.datetime) -> list[str]:
    """Return the ids of running matches whose seat to move ran out of time before `now`."""
    query = select(storage.MatchRow.id).where(
        storage.MatchRow.status == "running", storage.MatchRow.deadline <= now
    )
    return list(session.scalars(query).all())


def store_seat(
    engine: Engine,
    match_id: str,
    state_id: int,
    seat: Seat,
    values: dict[str, Any],
    clock: dict[str, Any],
    *,
    replaced: bool,
) -> None:
    """Store `values` (if any) in a claimed seat that is a replaced one (`replaced` True) or a
    person's, and the match's clock columns `clock`, if the match is still unfinished at
    `state_id`.

    Raise SeatChanged otherwise; nothing is stored then.
    """
    seats, matches = storage.SeatRow, storage.MatchRow
    was = seats.replaced.is_(True) if replaced else seats.type == "human"
    with engine.begin() as connection:
        changed = 1
        if values:  # none: only the clock changes
            changed = storage.changed_rows(connection.execute(
                update(seats)
                .where(
                    seats.match_id == match_id, seats.seat == seat, seats.claimed.is_(True), was
                )
                .values(**values)
            ))
        changed += storage.changed_rows(connection.execute(
            update(matches)
            .where(
                matches.id == match_id, matches.status.in_(storage.UNFINISHED),
                matches.state_id == state_id,
            )
            .values(**clock)
        ))
        if changed != 2:  # leaving the block by an exception rolls back
            raise SeatChanged(f"seat {seat} of match {match_id} changed meanwhile")


def clear_votes(engine: Engine, match_id: str, seats: list[Seat]) -> bool:
    """Drop the votes against the person's seats `seats` (their player came back); return
    True if there were any."""
    seat_rows = storage.SeatRow
    those = (
        (seat_rows.match_id == match_id) & seat_rows.seat.in_(seats) & (seat_rows.type == "human")
    )
    with engine.begin() as connection:
        stored = connection.execute(select(seat_rows.votes).where(those)).scalars().all()
        if not any(stored):
            return False
        connection.execute(update(seat_rows).where(those).values(votes=None))
    return True


def store_vote(engine: Engine, match_id: str, seat: Seat, voter: Seat) -> list[Seat]:
    """Add `voter` to the seats that voted to give `seat` to a bot; return them all.

    The stored votes are read with a row lock (PostgreSQL): votes cast through two processes
    at once are both kept. SeatChanged if the seat is no person's.
    """
    seats = storage.SeatRow
    mine = (seats.match_id == match_id) & (seats.seat == seat) & (seats.type == "human")
    with engine.begin() as connection:
        stored = connection.execute(select(seats.votes).where(mine).with_for_update()).first()
        if stored is None:
            raise SeatChanged(f"seat {seat} of match {match_id} is no person's seat")
        votes = sorted({*(stored[0] or []), voter})
        connection.execute(update(seats).where(mine).values(votes=votes))
    return votes


# -- the clock sweep ----------------------------------------------------------------------------


async def sweep_forever(hub: MatchHub) -> None:
    """Give every seat out of time to a bot: at once (deadlines that passed while the server was
    down), then every `limits.clock_sweep_seconds`; with other processes, keep this one's
    presence known to them meanwhile (`presence_forever`)."""
    if hub.fanout is None:
        return await _sweep_forever(hub)
    async with asyncio.TaskGroup() as group:  # neither ends: both are cancelled together
        group.create_task(_sweep_forever(hub))
        group.create_task(presence_forever(hub))


async def _sweep_forever(hub: MatchHub) -> None:
    await outages.keep_running(
        "the clock sweep", functools.partial(sweep, hub), hub.limits.clock_sweep_seconds
    )


async def presence_forever(hub: MatchHub) -> None:
    """With other processes: store the seats with a socket open here every
    presence.REFRESH_SECONDS (for their votes), and repeat them through Redis every
    PRESENCE_REPEAT_SECONDS (for their pages)."""
    repeated = time.monotonic()
    while True:
        await presence.refresh(hub, {
            live.match_id: _seats_open(live) for live in hub.cache.copies()
        })
        if time.monotonic() - repeated >= PRESENCE_REPEAT_SECONDS:
            repeated = time.monotonic()
            try:
                repeat_presence(hub)
            except Exception:  # tried again next time
                log.exception("repeating this process's presence failed")
        await asyncio.sleep(presence.REFRESH_SECONDS)


async def sweep(hub: MatchHub) -> list[str]:
    """Give the seat to move of every match out of time to a bot; return those matches' ids."""
    now = storage.utc_now()

    def due() -> list[str]:
        with hub.db.session() as session:
            return matches_out_of_time(session, now)

    timed_out = []
    for match_id in await asyncio.to_thread(due):
        try:
            if await time_out(hub, await hub.cache.get(match_id)):
                timed_out.append(match_id)
        except Exception:  # one broken record must not stop the others
            log.exception("cannot time out match %s", match_id)
    return timed_out


async def time_out(hub: MatchHub, live: LiveMatch) -> bool:
    """Give the seat whose time ran out to a bot and say so; return False if none ran out."""
    async with live.lock:
        if not hub.cache.is_current(live):
            return await time_out(hub, await hub.cache.get(live.match_id))
        clock, deadline = live.clock(), live.info.deadline
        if (
            clock is None or clock.running is None or deadline is None
            or live.info.status != "running" or storage.utc_now() < deadline
        ):
            return False
        seat = live.info.seats[clock.running]
        try:
            if seat.type != "human":  # a bot's turn has no clock: stop it
                await _store_change(hub, live, seat.seat, {}, clocks.stop(clock, storage.utc_now()))
                return False
            clock = clocks.time_out(clock, seat.seat, storage.utc_now())
            await _replace(hub, live, seat, clock)
        except SeatChanged:  # another process moved the match on: its next sweep decides
            log.info("match %s changed before its time-out was stored", live.match_id)
            await level(hub, live)
            return False
    log.info("seat %s of match %s ran out of time: a bot plays it", seat.seat, live.match_id)
    count = clock.timeouts_of(seat.seat)
    if clock.kept_by_bot(seat.seat):
        await _notice(hub, live, "kept", seat, f"{_called(seat)} ran out of time {count} times; "
                      "a bot plays the seat to the end of the match", timeouts=count)
    else:
        await _notice(hub, live, "timeout", seat,
                      f"{_called(seat)} ran out of time; a bot plays on", timeouts=count)
    kick_bots(hub, live)
    return True


# -- votes and return ---------------------------------------------------------------------------


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
                await _replace(hub, live, seat, _stopped(live.clock()))
            except SeatChanged as error:
                await level(hub, live)
                raise ApiError("stale_state", "the match changed meanwhile; try again") from error
        else:
            await broadcast(hub, live)
    by = seats[voter]
    if decided:
        await _notice(hub, live, "replaced", seat, f"the players gave {_called(seat)}'s seat to "
                      "a bot")
        kick_bots(hub, live)
    else:
        await _notice(hub, live, "vote", seat, f"{_called(by)} votes to give {_called(seat)}'s "
                      "seat to a bot", by=by, votes=len(votes), needed=len(needed))


async def _present_now(hub: MatchHub, live: LiveMatch) -> set[Seat]:
    """Return the seats with a socket open now, here or on another process (the caller holds
    the lock); ApiError cannot_vote if another process's cannot be known now."""
    if live.info.hotseat:
        return set()
    # A page that reloads is away for a moment: the seats announced a moment ago count too.
    return {*_seats_here(live), *live.announced, *await presence.present_elsewhere(hub, live)}


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
            await _store_change(hub, live, seat, values, clock, replaced=True)
        except SeatChanged as error:
            await level(hub, live)
            raise ApiError("cannot_return", f"seat {seat} changed meanwhile; try again") from error
        state.type, state.bot, state.replaced, state.votes = "human", None, False, []
        live.changed()
        await broadcast(hub, live)
    await _notice(hub, live, "returned", state, f"{_called(state)} is back and plays on")


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


# -- presence -----------------------------------------------------------------------------------


def presence_changed(hub: MatchHub, live: LiveMatch) -> None:
    """Publish, a moment later, which seats have an open socket (after one came or went).

    Not in a hot-seat match: one screen holds its seats, so nobody there is ever away.
    """
    if live.info.hotseat:
        return
    if live.presence_task is None or live.presence_task.done():
        live.presence_task = asyncio.get_running_loop().create_task(_publish(hub, live))


async def _publish(hub: MatchHub, live: LiveMatch) -> None:
    """Set every seat's `present` from the sockets now open; broadcast if one changed, and tell
    the other processes if the seats with a socket here changed.

    A seat that came is stored for the other processes' votes at once; one that left only
    after the pause (a reloading page is still there)."""
    await presence.store(hub, live.match_id, _seats_open(live))
    await asyncio.sleep(PRESENCE_SECONDS)
    async with live.lock:
        here = _seats_here(live)
        if here != live.announced:
            live.announced = here
            tell_others(hub, live.match_id, "presence", seats=sorted(here))
        await _show_presence(hub, live)
    await presence.store(hub, live.match_id, _seats_open(live))


async def heard_presence(hub: MatchHub, live: LiveMatch, origin: str, seats: Any) -> None:
    """Take another process's word on which seats of the match have a socket open there."""
    if not isinstance(seats, list):
        return
    there = frozenset(seat for seat in seats if isinstance(seat, int))
    async with live.lock:
        live.elsewhere[origin] = (there, time.monotonic())
        await _show_presence(hub, live)


def repeat_presence(hub: MatchHub) -> None:
    """Tell the other processes again which seats have a socket open here, and forget what
    processes silent for too long said (they died)."""
    silent_since = time.monotonic() - 3 * PRESENCE_REPEAT_SECONDS
    for live in hub.cache.copies():
        if live.info.hotseat:
            continue
        if live.announced:
            tell_others(hub, live.match_id, "presence", seats=sorted(live.announced))
        dead = [name for name, (_, heard) in live.elsewhere.items() if heard < silent_since]
        for name in dead:
            del live.elsewhere[name]
        if dead:
            presence_changed(hub, live)


def _seats_here(live: LiveMatch) -> frozenset[Seat]:
    return frozenset(s.seat for s in live.subscribers if s.seat is not None)


def _seats_open(live: LiveMatch) -> frozenset[Seat]:
    """Return the seats this process stores as open here: those with a socket now or a moment
    ago (none in a hot-seat match)."""
    return frozenset() if live.info.hotseat else _seats_here(live) | live.announced


async def _show_presence(hub: MatchHub, live: LiveMatch) -> None:
    """Set every seat's `present` from the sockets open here and elsewhere (the caller holds
    the lock); broadcast if one changed."""
    here = _seats_here(live)
    present_seats = here.union(*(seats for seats, _ in live.elsewhere.values()))
    changed, back = False, []
    for seat in live.info.seats:
        present = seat.claimed and seat.seat in present_seats
        changed |= present != seat.present
        # The process the player came back to asks the database: votes cast through another
        # process may not have reached this copy (Redis down). Others clear what they know.
        if present and not seat.present and (
            seat.votes or (hub.fanout is not None and seat.seat in here)
        ):
            back.append(seat)
        seat.present = present
    lapsed = await _lapse_votes(hub, live, back)
    if changed or lapsed:
        live.changed()
        # Presence is not stored: the others heard of it already, nothing to catch up with;
        # lapsed votes are, and the other processes read them.
        await broadcast(hub, live, announce=lapsed)


async def _lapse_votes(hub: MatchHub, live: LiveMatch, back: list[SeatState]) -> bool:
    """Drop the votes against the seats whose player came `back` (the caller holds the lock);
    return True if there were any. A failure is logged: the votes stay, in memory too."""
    if not back:
        return False
    try:
        dropped = await asyncio.to_thread(
            clear_votes, hub.db.engine, live.match_id, [seat.seat for seat in back]
        )
    except Exception as error:
        log.warning("cannot drop the votes against seats that came back to match %s: %r",
                    live.match_id, error)
        return False
    dropped |= any(seat.votes for seat in back)
    for seat in back:
        seat.votes = []
    return dropped


# -- shared steps -------------------------------------------------------------------------------


def _stopped(clock: clocks.Clock | None) -> clocks.Clock | None:
    """Return the match's clock with the running turn stopped (None: no time control)."""
    return None if clock is None else clocks.stop(clock, storage.utc_now())


async def _replace(
    hub: MatchHub, live: LiveMatch, seat: SeatState, clock: clocks.Clock | None
) -> None:
    """Give a person's seat to the game's default bot, with the match's clock now `clock` (the
    caller holds the lock); SeatChanged if the database holds another state of the match."""
    bot = game_spec(live.game.name).default_bot
    values = {"type": "bot", "bot": bot, "replaced": True, "votes": None}
    await _store_change(hub, live, seat.seat, values, clock)
    seat.type, seat.bot, seat.replaced, seat.votes = "bot", bot, True, []
    live.changed()
    await broadcast(hub, live)


async def _store_change(
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


async def _notice(
    hub: MatchHub, live: LiveMatch, kind: str, seat: SeatState, text: str,
    by: SeatState | None = None, **params: Any,
) -> None:
    """Post a notice about `seat` (`by`: the player who acted on it)."""
    params = {"seat": seat.seat, "name": seat.name, **params}
    if by is not None:
        params.update(by=by.seat, by_name=by.name)
    await hub.post_message(live, kind, text, seat=seat.seat, name=seat.name, params=params)


def _called(seat: SeatState) -> str:
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
