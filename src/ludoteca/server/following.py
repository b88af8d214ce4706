"""A copy in memory follows the database: after another process's change (told through Redis,
MatchHub.on_event), a refused commit, or a client that saw a newer state elsewhere.

    event "action", the copy's next one ─► follow_action: apply it here, no database read
    anything else                        ─► follow ─► level: read what the copy lacks
                                                      (server/catch_up.py, in a worker thread)

Either way the listeners get the new views and, if a bot is to move, the bots start.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ludoteca.server import catch_up
from ludoteca.server.bot_play import kick_bots
from ludoteca.server.fanout import Event
from ludoteca.server.listeners import broadcast
from ludoteca.server.live import LiveMatch
from ludoteca.server.match_cache import in_thread

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

log = logging.getLogger("ludoteca.server")


async def level(hub: MatchHub, live: LiveMatch) -> bool:
    """Bring the copy in memory level with the database (the caller holds its lock), and
    show the change to its listeners; return True if anything changed."""
    # A commit of this copy that outlived its request updates memory when it ends: let it,
    # or the copy would take that action from the database and then once more.
    # (asyncio.wait, not gather: a cancelled caller must not cancel the commit.)
    if live.commits:
        await asyncio.wait(set(live.commits))
    stored = await in_thread(
        catch_up.caught_up, hub.db, live.game, live.match_id, live.info.undos,
        live.actions, live.states,  # read only (copied there); the caller holds the lock
    )
    if stored is None:
        return False
    present = {seat.seat: seat.present for seat in live.info.seats}
    for seat in stored.info.seats:  # presence is this process's own knowledge
        seat.present = present.get(seat.seat, False)
    if stored.info == live.info and stored.actions == live.actions:
        return False
    live.info, live.actions, live.states = stored.info, stored.actions, stored.states
    live.changed()
    await broadcast(hub, live, announce=False)
    return True


async def follow(hub: MatchHub, live: LiveMatch) -> None:
    """Catch up a copy with the database and start its bots if one is to move."""
    async with live.lock:
        if not hub.cache.is_current(live):
            return  # dropped from the cache meanwhile: a later request loads it afresh
        await level(hub, live)
    kick_bots(hub, live)


async def follow_action(hub: MatchHub, live: LiveMatch, event: Event) -> None:
    """Take an action another process stored into the copy if it is the copy's next one
    (else catch up from the database), and start the bots if one is to move."""
    async with live.lock:
        if not hub.cache.is_current(live):
            return
        index, undos = event.get("index"), event.get("undos")
        if undos == live.info.undos and isinstance(index, int) and index < live.state_id:
            return  # the copy has it already
        if undos == live.info.undos and index == live.state_id and live.started and (
            not live.commits
        ):
            state, game = live.state, live.game
            text = str(event["text"])
            try:
                after = game.apply(state, game.action_from_text(state, text))
                columns = catch_up.columns_from_json(event["columns"])
            except Exception:  # not what this process stores: the database decides
                log.exception("cannot take action %s of match %s", index, live.match_id)
                await level(hub, live)
            else:
                live.push(after, text, columns)
                await broadcast(hub, live, announce=False)
        else:
            await level(hub, live)
    kick_bots(hub, live)
