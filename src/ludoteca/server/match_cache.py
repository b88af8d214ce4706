"""The matches of one process in memory: at most one copy of each, over the database.

A match not in memory is loaded on demand, and every request for it meanwhile waits for that one
load: a process never holds two copies of a match (each would have its own lock). Beyond
`max_cached_matches`, the least recently used idle copies are dropped; a busy one (listened to,
locked, committing or playing bots) never is.

A match that is over (finished or expired) is not busy for its sockets: its spectators would
otherwise pin one copy with every state each, past the bound. Its listeners stay here, in
`_listeners`, while the copy may leave; the next copy takes them over, and sends them its view
if it changed (a rematch was made meanwhile, or another process's event made it load again).

A step that changes a match commits first and then updates the copy (`commit_shielded`): the
cache counts those under way, so a copy is not dropped between its commit and its update.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ludoteca.server import catch_up, storage
from ludoteca.server.errors import ApiError
from ludoteca.server.live import RECENT_MESSAGES, LiveMatch, Subscriber, message_of_row
from ludoteca.server.settings import ServerLimits

log = logging.getLogger("ludoteca.server")

T = TypeVar("T")

OVER = ("finished", "expired")
"""The statuses of a match that no move changes any more."""


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """Return `function(*args)` run in a worker thread (database work, replays; not bots)."""
    return await asyncio.to_thread(function, *args)


class MatchCache:
    """The in-memory copies of matches of one process, loaded from the database on demand."""

    def __init__(
        self,
        db: storage.Database,
        limits: ServerLimits,
        on_loaded: Callable[[LiveMatch], None],
    ) -> None:
        self.db = db
        self.limits = limits
        self._on_loaded = on_loaded
        """Called with each match loaded on demand (the hub starts its bots)."""
        self._live: OrderedDict[str, LiveMatch] = OrderedDict()
        # The load in progress of each match not in memory: every request for it waits for it.
        self._loads: dict[str, asyncio.Future[LiveMatch | None]] = {}
        self._committing: Counter[str] = Counter()
        """Commits under way per match (one may outlive its request: see `playing.act`)."""
        self._commits: set[asyncio.Future[str]] = set()
        self._crowd_logged = 0
        self._listeners: dict[str, set[Subscriber]] = {}
        """The sockets open here on each match: the very set its copy holds as `subscribers`,
        kept while a match that is over leaves memory."""

    # -- looking up -----------------------------------------------------------------------------

    def cached(self, match_id: str) -> LiveMatch | None:
        """Return the match's copy in memory, or None (nothing is loaded)."""
        return self._live.get(match_id)

    def is_current(self, live: LiveMatch) -> bool:
        """Return True if `live` is still the match's copy in memory.

        A copy that left the cache (idle) while a request waited for its lock must not change
        the match: only the copy in memory may, so the caller goes on with `get`'s.
        """
        return self._live.get(live.match_id) is live

    def copies(self) -> list[LiveMatch]:
        """Return every copy in memory, least recently used first."""
        return list(self._live.values())

    async def get(self, match_id: str) -> LiveMatch:
        """Return the match's one copy in memory, rebuilt from its record if absent; 404 if unknown.

        Every request for a match being loaded waits for that one load: a process never holds
        two copies of a match (each would have its own lock).
        """
        while True:
            live = self._live.get(match_id)
            if live is not None:
                self._live.move_to_end(match_id)
                return live
            loading = self._loads.get(match_id)
            if loading is None:
                loading = asyncio.ensure_future(self._load_and_remember(match_id))
                self._loads[match_id] = loading
            # Shielded: a request that goes away does not cancel the load others wait for.
            if await asyncio.shield(loading) is None:
                raise ApiError("no_such_match", f"there is no match {match_id!r}")
            # Loaded and cached; dropped again only if idle before this request resumed: loop.

    async def loaded(self, match_id: str) -> None:
        """Wait for the load of `match_id` under way, if any (it may have read an older row).

        A match that sockets here listen to but that left memory (it is over) is loaded now:
        another process's change of it must reach them.
        """
        if match_id in self._listeners and match_id not in self._live:
            try:
                await self.get(match_id)
            except Exception:  # the event is passed on to the sockets with the next one
                log.exception("cannot load match %s for its sockets", match_id)
        loading = self._loads.get(match_id)
        if loading is not None:
            await asyncio.wait([loading])

    # -- listeners ------------------------------------------------------------------------------

    def listen(self, live: LiveMatch, subscriber: Subscriber) -> None:
        """Add a socket's listener to the match (`live`: its copy in memory)."""
        live.subscribers.add(subscriber)
        self._listeners[live.match_id] = live.subscribers
        self._trim(keep=live)  # a match that is over may leave memory now

    def unlisten(self, live: LiveMatch, subscriber: Subscriber) -> LiveMatch | None:
        """Remove a socket's listener; return the match's copy in memory (None: none), which
        still publishes that the socket left even if it leaves memory now."""
        live.subscribers.discard(subscriber)
        listeners = self._listeners.get(live.match_id)
        if listeners is not None:
            listeners.discard(subscriber)
            if not listeners:
                del self._listeners[live.match_id]
        current = self._live.get(live.match_id)
        self._trim()  # the copies this socket kept busy are over the bound no more
        return current

    def _adopt(self, live: LiveMatch) -> None:
        """Give a new copy of a match the sockets that listened here while it was away, and
        send each the view if it changed."""
        listeners = self._listeners.get(live.match_id)
        if listeners is None or listeners is live.subscribers:
            return
        listeners.update(live.subscribers)
        live.subscribers = listeners
        # Presence is this process's own knowledge (as following.level keeps it): the seats
        # with a socket here. Only a match that is over leaves memory with sockets: no vote
        # or clock depends on it.
        here = {subscriber.seat for subscriber in listeners}
        for seat in live.info.seats:
            seat.present = seat.claimed and seat.seat in here and not live.info.hotseat
        live.changed()
        for subscriber in listeners:
            view = live.view_json(subscriber.seat)
            if view != subscriber.last_view:
                subscriber.put_view(view)

    # -- remembering ----------------------------------------------------------------------------

    def remember(self, live: LiveMatch) -> None:
        """Cache a match; beyond `max_cached_matches`, drop the least recently used idle ones.

        Never `live` itself, nor a busy match (`_busy`): if every other one is busy, the cache
        grows past its bound (and says so in the log) rather than let a second copy in.
        """
        self._adopt(live)
        self._live[live.match_id] = live
        self._trim(keep=live)

    def _trim(self, keep: LiveMatch | None = None) -> None:
        """Drop the least recently used idle copies beyond `max_cached_matches`, never `keep`."""
        bound = self.limits.max_cached_matches
        excess = len(self._live) - bound
        if excess <= 0:
            self._crowd_logged = 0
            return
        idle = [
            match_id for match_id, old in self._live.items()
            if old is not keep and not self._busy(old)
        ]
        for match_id in idle[:excess]:
            self._drop(self._live.pop(match_id))
        if len(self._live) > max(bound, self._crowd_logged):
            self._crowd_logged = len(self._live)
            log.warning(
                "%d matches in memory, more than max_cached_matches=%d: all of them are busy",
                len(self._live), bound,
            )

    def _busy(self, live: LiveMatch) -> bool:
        """Return True if the match is in use: listened to (unless it is over), locked,
        committing or playing bots."""
        bots = live.bot_task is not None and not live.bot_task.done()
        listened = bool(live.subscribers) and live.info.status not in OVER
        return (
            listened or live.lock.locked() or bots or live.match_id in self._committing
        )

    @staticmethod
    def _drop(live: LiveMatch) -> None:
        """Forget a copy that left memory: a match that is over publishes no presence from it.

        Its sockets stay (`_listeners`) and the next copy takes them over: a late view of the
        old copy would show them an older match. (Presence in a match that is over decides
        nothing: no turn, no vote.)
        """
        if live.info.status in OVER and live.presence_task is not None:
            live.presence_task.cancel()  # not running: it would hold the lock (busy)

    async def _load_and_remember(self, match_id: str) -> LiveMatch | None:
        """Load a match into memory and start its bots; return it (None if there is none)."""
        try:
            live = await in_thread(self._load, match_id)
            if live is not None:
                self.remember(live)
                self._on_loaded(live)
            return live
        finally:
            del self._loads[match_id]

    def _load(self, match_id: str) -> LiveMatch | None:
        """Return the match rebuilt from its record with its recent messages (None if unknown)."""
        stored = catch_up.rebuild(self.db, match_id)
        if stored is None:
            return None
        with self.db.session() as session:
            rows = storage.load_messages(session, match_id, RECENT_MESSAGES)
        live = LiveMatch(
            info=stored.info, game=stored.game, states=stored.states, actions=stored.actions
        )
        live.messages = [message_of_row(message) for message in rows]
        return live

    # -- commits --------------------------------------------------------------------------------

    async def commit_shielded(self, live: LiveMatch, commit_then_show: Awaitable[str]) -> str:
        """Run a commit-then-update-memory step of the match to its end; return its view.

        Shielded: once the commit has started, memory follows it even if the request (or the
        bot loop) is cancelled, so the two never disagree; `finish_commits` waits for it.
        """
        commit = asyncio.ensure_future(commit_then_show)
        self._commits.add(commit)
        commit.add_done_callback(self._commits.discard)
        live.commits.add(commit)
        commit.add_done_callback(live.commits.discard)
        self._committing[live.match_id] += 1
        commit.add_done_callback(lambda _: self._committed(live.match_id))
        return await asyncio.shield(commit)

    def _committed(self, match_id: str) -> None:
        """Count one commit of the match as over."""
        self._committing[match_id] -= 1
        if self._committing[match_id] <= 0:
            del self._committing[match_id]

    # -- closing --------------------------------------------------------------------------------

    async def finish_loads(self) -> None:
        """Wait for every load under way (it reads the database in a worker thread)."""
        await asyncio.gather(*self._loads.values(), return_exceptions=True)

    async def finish_commits(self) -> None:
        """Wait for every commit under way (one may outlive its cancelled request)."""
        await asyncio.gather(*self._commits, return_exceptions=True)
