"""The server's bots at the table: a match whose seat to move is a bot gets a bot loop, which
plays one move per turn of the bot scheduler (server/bots.py) until a person is to move.

    kick_bots ─► play_bots ─► [ place ─► turn ─► lease? ─► decide (thread or pool) ─► act ]*
                             └► give up the lease (with other processes), and the place

A match that only bots play (bots from the start, or every person's seat given to a bot after a
time-out or a vote) needs one of `limits.max_bot_matches` places while it plays; without one
its bots pause, and the match waits, until a place frees or a person takes a seat back. (The
bot finishes the turn of a person's seat first when no other person could come back meanwhile:
a person takes a seat back only once its turn has passed.)

The loop goes on through what is not the bots' fault: a move refused because the match moved on
meanwhile (another process, a person) makes it look again at who is to move, and an outage of
the database or Redis makes it try again after a pause (server/outages.py). With other
processes, a match's bots are played only by the process that holds its lease
(server/leases.py).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ludoteca.bots import Budget
from ludoteca.server import leases, outages
from ludoteca.server.bot_pool import searches
from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveMatch
from ludoteca.server.match_cache import in_thread

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

log = logging.getLogger("ludoteca.server")

MOVED_ON = frozenset({"stale_state", "not_your_turn", "game_over"})
"""Refusals of a bot's move that mean the match moved on while the bot decided: not the end."""
OUTAGE_CODES = frozenset({"unavailable"})
"""Refusals of a bot's move that mean the database or Redis is unreachable: tried again."""
PAUSE_CHECK_SECONDS = 1.0
"""How often a bot-only match paused for a place looks again whether only bots play it (a
person may have taken a seat back); a freed place wakes it at once."""


class MovedOn(Exception):
    """The match moved on while its bot decided (the decision was for an older state)."""


def bots_only(live: LiveMatch) -> bool:
    """Return True if every seat of the match is played by a bot (a person's replaced seat too)."""
    return all(seat.type == "bot" for seat in live.info.seats)


def owner_key(live: LiveMatch) -> str:
    """Return the key its bots queue under: the address that made the match, else its id."""
    return live.owner or f"match:{live.match_id}"


@contextmanager
def bot_match_slot(hub: MatchHub, bots_only: bool) -> Iterator[None]:
    """Hold a place for a new match while it is made; 429 too_busy if it has only bots and
    `limits.max_bot_matches` such matches are already playing (or being made)."""
    if not bots_only:
        yield
        return
    playing = len(hub.bots.bot_only.holders)
    if playing + hub.bot_matches_starting >= hub.limits.max_bot_matches:
        raise ApiError(
            "too_busy",
            f"the server already plays {hub.limits.max_bot_matches} matches without "
            "people; try again when one has finished, or take a seat yourself",
        )
    hub.bot_matches_starting += 1
    try:
        yield
    finally:
        hub.bot_matches_starting -= 1


def kick_bots(hub: MatchHub, live: LiveMatch) -> None:
    """Start the match's bot loop if a bot is to move and none is running (a bot-only match
    takes its place at once if one is free: a new match uses the place held for it)."""
    if live.bot_to_move() is None:
        return
    if live.bot_task is None or live.bot_task.done():
        if bots_only(live):
            hub.bots.bot_only.take(live.match_id, hub.limits.max_bot_matches)
        live.bot_task = asyncio.get_running_loop().create_task(_play_bots(hub, live))


async def _play_bots(hub: MatchHub, live: LiveMatch) -> None:
    """Play bot moves until a human is to move or the game ends (or, with other processes,
    until another process holds the match's lease); then give up the lease and the place."""
    try:
        await _play_bot_moves(hub, live)
        if hub.fanout is not None and not hub.closing:
            await _give_up_lease(hub, live)
    finally:
        hub.bots.bot_only.give_back(live.match_id, hub.limits.max_bot_matches)


async def _give_up_lease(hub: MatchHub, live: LiveMatch) -> None:
    """Give up this process's lease of the match's bots; if the database cannot be reached,
    the lease runs out by itself (another process then takes the match up)."""
    assert hub.fanout is not None
    try:
        await in_thread(leases.give_up, hub.db.engine, live.match_id, hub.fanout.origin)
    except Exception as error:
        outages.log_failure(f"giving up the bot lease of match {live.match_id}", error)


async def _holds_lease(hub: MatchHub, live: LiveMatch) -> bool:
    """Take or renew this process's lease of the match's bots (True without other
    processes); False if another process holds it."""
    if hub.fanout is None:
        return True
    return await in_thread(
        leases.take, hub.db.engine, live.match_id, hub.fanout.origin,
        hub.limits.bot_lease_seconds,
    )


def _turn_nobody_can_take_back(live: LiveMatch) -> bool:
    """Return True if the bot plays the turn of a person's seat (out of time, or voted away)
    and no other person's seat could be taken back while the match waited: a person cannot
    take a seat back during its own turn (server/absence.py), so waiting there for a place
    would keep the person out as long as the places are taken."""
    to_move = live.bot_to_move()
    seats = live.info.seats
    return to_move is not None and seats[to_move].replaced and not any(
        seat.replaced for seat in seats if seat.seat != to_move
    )


async def _wait_for_place(hub: MatchHub, live: LiveMatch) -> None:
    """Return once the match may play: a person plays a seat (a place it held is freed), it
    holds a bot-only place, its bot plays a turn no person could end by coming back, or no bot
    is to move any more; meanwhile its bots wait (a freed place wakes them at once)."""
    places, cap = hub.bots.bot_only, hub.limits.max_bot_matches
    paused = False
    while bots_only(live) and live.bot_to_move() is not None:
        if places.take(live.match_id, cap, reserved=hub.bot_matches_starting):
            break
        if _turn_nobody_can_take_back(live):
            break  # one turn: the next one is another seat's, and the person may come back
        if not paused:
            log.info("match %s is played by bots only and all %s places are taken: its bots "
                     "wait", live.match_id, cap)
            paused = True
        await places.wait(live.match_id, PAUSE_CHECK_SECONDS)
    else:
        places.give_back(live.match_id, cap)  # a person took a seat back: the place is free
    if paused:
        log.info("the bots of match %s play on", live.match_id)


async def _play_bot_moves(hub: MatchHub, live: LiveMatch) -> None:
    """Play bot moves, one per turn of the bot scheduler (server/bots.py), until no bot is to
    move, another process holds the lease, or the bot fails; a race or an outage goes on."""
    budget = Budget(seconds=hub.bot_seconds)
    failures = 0
    while live.bot_to_move() is not None:
        await _wait_for_place(hub, live)
        if hub.bot_delay > 0:
            await asyncio.sleep(hub.bot_delay)
        try:
            if not await _play_turn(hub, live, budget):
                return  # another process plays this match's bots
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if _moved_on(error):
                log.info("match %s moved on under its bot's move (%s): it looks again",
                         live.match_id, error)
                continue
            if not _outage(error):  # the bot's own failure: the same seed would fail again
                log.error("the bot of match %s failed: %s", live.match_id, error,
                          exc_info=not isinstance(error, ApiError))
                return
            failures += 1
            outages.log_failure(f"the bot of match {live.match_id}", error)
            await asyncio.sleep(outages.backoff(failures))
            continue
        failures = 0


def _moved_on(error: Exception) -> bool:
    """Return True if `error` refused a bot's move because the match moved on meanwhile."""
    return isinstance(error, MovedOn) or (
        isinstance(error, ApiError) and error.code in MOVED_ON
    )


def _outage(error: Exception) -> bool:
    """Return True if `error` means the database or Redis cannot be reached just now."""
    return outages.is_outage(error) or (
        isinstance(error, ApiError) and error.code in OUTAGE_CODES
    )


async def _play_turn(hub: MatchHub, live: LiveMatch, budget: Budget) -> bool:
    """Play the move of the bot to move in the match's turn of the scheduler; return False if
    another process holds the lease. MovedOn if the match moved on under the decision."""
    seat = live.bot_to_move()
    if seat is None:
        return True
    searching = searches(live.game.name, live.bot_name(seat))
    async with hub.bots.turn(owner_key(live), searching):
        if not await _holds_lease(hub, live):
            return False
        # Who is to move is read again after the lease: another process's action may have
        # moved the copy on meanwhile. The seat and the state are read together.
        seat = live.bot_to_move()
        if seat is None:
            return True  # the game ended, or a person is to move, while the match waited
        state_id, state = live.state_id, live.state
        try:
            text = await _decide(hub, live, seat, state_id, state, budget)
        except Exception as error:
            if live.state_id != state_id:
                raise MovedOn(f"match {live.match_id} moved on from {state_id}") from error
            raise
        await hub.act(live, seat, state_id, text, by_bot=True)
    return True


async def _decide(
    hub: MatchHub, live: LiveMatch, seat: int, state_id: int, state: object, budget: Budget
) -> str:
    """Return the text of the action the bot of `seat` chooses in `state`, the match's state
    `state_id` (a searching bot in the worker processes, any other on the bot thread)."""
    rng = random.Random(f"{live.match_id}:{live.info.seed}:{state_id}")
    bot_name = live.bot_name(seat)
    if searches(live.game.name, bot_name):
        return await hub.bots.search(
            live.game, live.info.options, state, seat, rng.getrandbits(64), bot_name, budget,
        )
    action = await hub.bots.decide(live.bot(seat).choose, live.game, state, seat, rng, budget)
    return live.game.action_to_text(state, action)
