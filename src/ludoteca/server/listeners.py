"""The fan-out of a match's changes: views and messages into every open socket's outbox here, and
word of the change to the other processes through Redis (server/fanout.py), if there are any.

    change stored ─► broadcast ─► the actor's view first, then every other listener's
                   └► tell_others ─► Redis ─► the other processes (MatchHub.on_event)
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ludoteca.core import Seat
from ludoteca.server import storage
from ludoteca.server.live import LiveMatch, Subscriber, iso
from ludoteca.server.match_cache import in_thread
from ludoteca.server.schemas import Message

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub

def tell_others(hub: MatchHub, match_id: str, kind: str = "change", **fields: Any) -> None:
    """Tell the other processes (if any) that a match changed, without waiting for Redis."""
    if hub.fanout is None:
        return
    task = asyncio.get_running_loop().create_task(hub.fanout.publish(match_id, kind, **fields))
    hub.announcements.add(task)
    task.add_done_callback(hub.announcements.discard)


async def broadcast(
    hub: MatchHub, live: LiveMatch, first: Seat | None = None, announce: bool = True
) -> None:
    """Queue the current view for every listener (the caller holds the match's lock), and
    with `announce` tell the other processes that the match changed.

    The views of seat `first` (the actor) are made and queued first, and the socket
    writers get a turn before the other views are made, so the actor waits for one
    observation, not for all of them.
    """
    if announce:
        tell_others(hub, live.match_id)
    actor = [s for s in live.subscribers if first is not None and s.seat == first]
    others = [s for s in live.subscribers if first is None or s.seat != first]
    for subscriber in actor:
        _queue_view(live, subscriber)
    if actor and others:
        await asyncio.sleep(0)
    for subscriber in others:
        _queue_view(live, subscriber)


async def post_message(
    hub: MatchHub,
    live: LiveMatch,
    kind: str,
    text: str,
    seat: Seat | None = None,
    name: str | None = None,
    params: dict[str, Any] | None = None,
) -> Message:
    """Store a message of the match, then send it to every listener; return it.

    `kind` "chat" is a person's line; any other kind is a notice (see `schemas.Message`).
    Callers bound `text` (tables.MAX_MESSAGE_TEXT) and hold no lock they need meanwhile.
    """
    now, step = storage.utc_now(), live.state_id
    values = {
        "match_id": live.match_id, "step": step, "kind": kind, "seat": seat,
        "name": name, "text": text, "params": params, "created_at": now,
    }
    message_id = await in_thread(storage.add_message, hub.db.engine, values)
    message = Message(
        id=message_id, kind=kind, seat=seat, name=name, text=text, params=params,
        step=step, at=iso(now),
    )
    show_message(live, message)
    tell_others(hub, live.match_id, "message", message=message.model_dump(mode="json"))
    return message


def show_message(live: LiveMatch, message: Message) -> None:
    """Remember a stored message and send it to every listener."""
    # A copy rebuilt to pass another process's message on (match_cache.loaded) read it already.
    if all(known.id != message.id for known in live.messages):
        live.add_message(message)
    payload = message.model_dump_json()
    for subscriber in live.subscribers:
        subscriber.put(payload)


def _queue_view(live: LiveMatch, subscriber: Subscriber) -> None:
    """Put the listener's current view in its outbox."""
    subscriber.put_view(live.view_json(subscriber.seat))
