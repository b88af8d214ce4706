"""The server's bots at the table: a match whose seat to move is a bot gets a bot loop, which
plays one move per turn of the bot scheduler (server/bots.py) until a person is to move.

    kick_bots ─► play_bots ─► [ turn ─► lease? ─► decide (thread or pool) ─► MatchHub.act ]*
                             └► give up the lease (with other processes)

With other processes, a match's bots are played only by the process that holds its lease
(server/leases.py); bot-only matches are bounded by `limits.max_bot_matches`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ludoteca.bots import Budget
from ludoteca.server import leases
from ludoteca.server.bot_pool import searches
from ludoteca.server.errors import ApiError
from ludoteca.server.live import LiveMatch
from ludoteca.server.match_cache import in_thread

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

log = logging.getLogger("ludoteca.server")


@contextmanager
def bot_match_slot(hub: MatchHub, bots_only: bool) -> Iterator[None]:
    """Hold a place for a new match while it is made; 429 too_busy if it has only bots and
    `limits.max_bot_matches` such matches are already playing (or being made)."""
    if not bots_only:
        yield
        return
    playing = sum(
        1 for live in hub.cache.copies()
        if all(seat.type == "bot" for seat in live.info.seats)
        and live.bot_task is not None and not live.bot_task.done()
    )
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
    """Start the match's bot loop if a bot is to move and none is running."""
    if live.bot_to_move() is None:
        return
    if live.bot_task is None or live.bot_task.done():
        live.bot_task = asyncio.get_running_loop().create_task(_play_bots(hub, live))


async def _play_bots(hub: MatchHub, live: LiveMatch) -> None:
    """Play bot moves until a human is to move or the game ends (or, with other processes,
    until another process holds the match's lease); then give up the lease."""
    await _play_bot_moves(hub, live)
    if hub.fanout is not None and not hub.closing:
        await in_thread(leases.give_up, hub.db.engine, live.match_id, hub.fanout.origin)


async def _holds_lease(hub: MatchHub, live: LiveMatch) -> bool:
    """Take or renew this process's lease of the match's bots (True without other
    processes); False if another process holds it."""
    if hub.fanout is None:
        return True
    return await in_thread(
        leases.take, hub.db.engine, live.match_id, hub.fanout.origin,
        hub.limits.bot_lease_seconds,
    )


async def _play_bot_moves(hub: MatchHub, live: LiveMatch) -> None:
    """Play bot moves, one per turn of the bot scheduler (server/bots.py), so that every
    bot match takes its turn in order."""
    budget = Budget(seconds=hub.bot_seconds)
    while (seat := live.bot_to_move()) is not None:
        if hub.bot_delay > 0:
            await asyncio.sleep(hub.bot_delay)
        try:
            async with hub.bots.turn():
                if (seat := live.bot_to_move()) is None:
                    return  # the game ended while the match waited for its turn
                if not await _holds_lease(hub, live):
                    return  # another process plays this match's bots
                state_id, state = live.state_id, live.state
                rng = random.Random(f"{live.match_id}:{live.info.seed}:{state_id}")
                bot_name = live.bot_name(seat)
                if searches(live.game.name, bot_name):
                    text = await hub.bots.search(
                        live.game, live.info.options, state, seat, rng.getrandbits(64),
                        bot_name, budget,
                    )
                else:
                    action = await hub.bots.decide(
                        live.bot(seat).choose, live.game, state, seat, rng, budget
                    )
                    text = live.game.action_to_text(state, action)
                await hub.act(live, seat, state_id, text, by_bot=True)
        except asyncio.CancelledError:
            raise
        except ApiError as error:
            if error.code != "stale_state":
                log.error("bot of seat %s in %s refused: %s", seat, live.match_id, error)
                return
        except Exception:
            log.exception("bot of seat %s in %s failed", seat, live.match_id)
            return
