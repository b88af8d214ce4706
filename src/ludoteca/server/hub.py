"""The match hub: creates, loads, plays and broadcasts matches; drives the server's bots.

Every change to a match follows one path under the match's `asyncio.Lock`: check it against the
in-memory state, commit it to the database (in a worker thread), then update memory and put the
new views in every listener's outbox. So an action is stored before anybody sees it, and the
views leave in the order of the actions.

The database decides, not the lock: it stores one action per (match, index), so when several
processes serve one database (`fanout`, server/fanout.py) the one whose commit comes second is
refused, answers stale_state and catches up (server/catch_up.py). Each process tells the others
of its changes through Redis, and plays a match's bots only while it holds the match's lease
(server/leases.py).

The hub holds the process's state and its life cycle; the work is done by one module per role,
each a set of functions of the hub:

    match_cache  the copies in memory, loading, commit bookkeeping
    joining      create, join, start now, rematch, the seat of a token
    playing      actions and undo
    listeners    views and messages to the sockets; word to the other processes
    following    a copy catching up with the database (another process's change)
    bot_play     the bot loop of a match, its lease, the bound on bot-only matches
    expiry       idle matches expire
    absence      votes and return: a bot in a person's seat (seat_records: their storage)
    clock_sweep  a seat out of time goes to a bot
    seat_presence  which seats' players are here, as the pages show it
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from ludoteca.bots import bot_specs
from ludoteca.core import Seat, available_games
from ludoteca.core.registry import game_spec
from ludoteca.server import (
    clock_sweep,
    expiry,
    following,
    joining,
    leases,
    listeners,
    outages,
    playing,
    presence,
    seat_presence,
    storage,
)
from ludoteca.server.bot_play import kick_bots
from ludoteca.server.bots import BotScheduler
from ludoteca.server.fanout import Event, Fanout
from ludoteca.server.live import LiveMatch, MatchInfo, Subscriber
from ludoteca.server.match_cache import MatchCache, in_thread
from ludoteca.server.schemas import CreateMatchRequest, GameInfo, MatchSummary, Message
from ludoteca.server.seats import Tokens
from ludoteca.server.settings import ServerLimits

log = logging.getLogger("ludoteca.server")

RESUME_AT_ONCE = 4
"""Matches waiting for a bot that start-up loads at a time, in the background."""


class MatchHub:
    """All matches of one server process: the in-memory cache over the database."""

    def __init__(
        self,
        db: storage.Database,
        bot_delay: float,
        bot_seconds: float,
        limits: ServerLimits | None = None,
        bot_processes: int = 1,
        fanout: Fanout | None = None,
        bot_root_parallel: int = 1,
    ) -> None:
        self.db = db
        self.fanout = fanout
        """The other processes serving this database (None: this process is the only one)."""
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.limits = limits or ServerLimits()
        self.cache = MatchCache(db, self.limits, on_loaded=self._loaded)
        self.bots = BotScheduler(processes=bot_processes, root_parallel=bot_root_parallel)
        self.closing = False
        """True once `close` began: no bot starts, and no lease is given up one by one."""
        self.bot_matches_starting = 0
        """Bot-only matches being made now (server/bot_play.py `bot_match_slot`)."""
        self.presence_book = None if fanout is None else presence.Book(fanout.origin)
        """What this process stored of its sockets for the others' votes (server/presence.py)."""
        self.announcements: set[asyncio.Task[None]] = set()
        """Messages to the other processes on their way to Redis (server/listeners.py)."""
        self._background: list[asyncio.Task[None]] = []
        self._games: list[GameInfo] | None = None
        if fanout is not None and self.limits.bot_lease_seconds <= bot_delay + bot_seconds:
            raise ValueError(
                f"bot_lease_seconds ({self.limits.bot_lease_seconds:g}) must be longer than a "
                f"bot's move (bot delay {bot_delay:g} s plus thinking {bot_seconds:g} s)"
            )

    # -- life cycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the background work and return at once: expiry checks, the clock sweep, bots
        resuming."""
        loop = asyncio.get_running_loop()
        if self.fanout is not None:
            await self.fanout.start(self.on_event, self.catch_up_all)
        bots = self._resume_bots() if self.fanout is None else self._attend_bots_forever()
        self._background = [
            loop.create_task(bots), loop.create_task(expiry.check_forever(self)),
            loop.create_task(clock_sweep.sweep_forever(self)),
        ]

    async def _resume_bots(self) -> None:
        """Expire idle matches, then load the others whose seat to move is a bot, a few at once;
        while the database is unreachable, try again (outages.py).

        A request for one of them meanwhile loads it on demand, as any match.
        """

        def waiting() -> list[str]:
            with self.db.session() as session:
                return storage.matches_waiting_for_bots(session)

        await expiry.check(self)
        for failures in itertools.count(1):
            try:
                match_ids = await in_thread(waiting)
            except Exception as error:
                outages.log_failure("resuming the bots", error)
                await asyncio.sleep(outages.backoff(failures))
            else:
                await self._resume(match_ids)
                return

    async def _attend_bots_forever(self) -> None:
        """With other processes: every third of a lease, take up the matches whose bots nobody
        plays (their process died, or stopped) and resume them here if this process gets the
        lease (server/leases.py). A database outage only delays a round (outages.py)."""

        def unattended() -> list[str]:
            with self.db.session() as session:
                return leases.unattended(session, storage.utc_now())

        async def attend() -> None:
            await self._resume(await in_thread(unattended))

        await expiry.check(self)
        period = max(0.2, self.limits.bot_lease_seconds / 3)
        await outages.keep_running("taking up unattended bot matches", attend, period)

    async def _resume(self, match_ids: list[str]) -> None:
        """Load (or catch up) the matches `match_ids`, a few at once, and start their bots."""
        to_resume = iter(match_ids)

        async def resume() -> None:
            for match_id in to_resume:  # shared: each match is taken by one worker
                try:
                    live = self.cache.cached(match_id)
                    if live is None:
                        await self.get(match_id)  # loading starts its bots
                    else:
                        await following.follow(self, live)
                except Exception:  # one broken record must not stop the others
                    log.exception("cannot resume match %s", match_id)

        await asyncio.gather(*(resume() for _ in range(RESUME_AT_ONCE)))

    def _loaded(self, live: LiveMatch) -> None:
        """Start the bots of a match just loaded on demand (not once the hub is closing)."""
        if not self.closing:
            kick_bots(self, live)

    async def close(self) -> None:
        """Stop the bots (their next move is made after a restart, or by another process) and
        finish every commit."""
        self.closing = True
        if self.fanout is not None:
            await self.fanout.close()
        for task in self._background:
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        # A load reads the database in a worker thread: it must not be closed under it.
        await self.cache.finish_loads()
        tasks = [
            task for live in self.cache.copies() for task in (live.bot_task, live.presence_task)
            if task is not None
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        # A cancelled bot may leave its shielded commit running in a worker thread: the
        # database must not be closed under it.
        await self.cache.finish_commits()
        if self.fanout is not None:  # the other processes take this one's bots at once
            try:
                await in_thread(leases.give_up_all, self.db.engine, self.fanout.origin)
            except Exception as error:  # the leases run out by themselves instead
                outages.log_failure("giving up this process's bot leases", error)

    async def expire_idle(self) -> list[str]:
        """Expire every open or running match with no action for `idle_hours`; return their ids
        (server/expiry.py)."""
        return await expiry.expire_idle(self)

    # -- games and matches ----------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        """Return the games on offer: each published GameSpec with every bot that can sit in."""
        if self._games is None:
            self._games = [_game_info(name) for name in available_games()]
        return self._games

    async def get(self, match_id: str) -> LiveMatch:
        """Return the match's one copy in memory, rebuilt from its record if absent; 404 if unknown
        (server/match_cache.py)."""
        return await self.cache.get(match_id)

    def summaries(
        self, session: Session, status: str | None, limit: int
    ) -> list[MatchSummary]:
        """Return the summaries of stored matches (see `storage.list_matches`)."""
        return [
            MatchInfo.from_row(row).summary()
            for row in storage.list_matches(session, status, limit)
        ]

    # -- seats (server/joining.py) --------------------------------------------------------------

    async def create(
        self, session: Session, request: CreateMatchRequest
    ) -> tuple[LiveMatch, Tokens]:
        """Create a match as requested; return it and the tokens of the claimed seats."""
        return await joining.create(self, session, request)

    async def join(
        self, session: Session, live: LiveMatch, seat: Seat | None, name: str | None
    ) -> tuple[Seat, str]:
        """Claim a free human seat (the first one if `seat` is None); return it and its token."""
        return await joining.join(self, session, live, seat, name)

    async def start_match(self, session: Session, live: LiveMatch) -> None:
        """Start an open match now, bots in its empty human seats (server/joining.py)."""
        await joining.start_match(self, session, live)

    async def rematch(
        self, session: Session, live: LiveMatch, held: Sequence[Seat]
    ) -> tuple[LiveMatch, Tokens]:
        """Return the match after this one (made now, or joined) and the caller's new tokens."""
        return await joining.rematch(self, session, live, held)

    async def seat_of_token(self, live: LiveMatch, token: str) -> Seat:
        """Return the seat a token plays (ApiError bad_token if none)."""
        return await joining.seat_of_token(self, live, token)

    # -- playing (server/playing.py) ------------------------------------------------------------

    async def act(
        self, live: LiveMatch, seat: Seat, state_id: int, text: str, by_bot: bool = False
    ) -> str:
        """Apply `seat`'s action `text` at `state_id`; return that seat's new view as JSON.

        `by_bot`: the server's bot plays it (a person's token cannot act for a bot's seat).
        """
        return await playing.act(self, live, seat, state_id, text, by_bot)

    async def undo(self, live: LiveMatch, seat: Seat, state_id: int) -> str:
        """Take back `seat`'s last action at `state_id`; return its new view."""
        return await playing.take_back_last(self, live, seat, state_id)

    async def post_message(
        self,
        live: LiveMatch,
        kind: str,
        text: str,
        seat: Seat | None = None,
        name: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Message:
        """Store a message of the match, then send it to every listener; return it."""
        return await listeners.post_message(self, live, kind, text, seat, name, params)

    # -- listeners and the other processes ------------------------------------------------------

    def subscribe(self, live: LiveMatch, seat: Seat | None) -> Subscriber:
        """Register a listener; queue at once the current view, then the recent messages if any
        (`{"type": "messages", "messages": [...]}`)."""
        subscriber = Subscriber(seat)
        subscriber.put_view(live.view_json(seat))
        if live.messages:
            subscriber.put(live.messages_json())
        self.cache.listen(live, subscriber)
        seat_presence.presence_changed(self, live)
        return subscriber

    def unsubscribe(self, live: LiveMatch, subscriber: Subscriber) -> None:
        """Forget a listener (of `live`, or of the match's copy since: server/match_cache.py)."""
        current = self.cache.unlisten(live, subscriber)
        if current is not None:  # a match that was not in memory has no presence to publish
            seat_presence.presence_changed(self, current)

    async def on_event(self, event: Event) -> None:
        """Follow another process's change of a match this process holds a copy of."""
        match_id = str(event.get("match"))
        await self.cache.loaded(match_id)  # a load may have read the match before this change
        live = self.cache.cached(match_id)
        if live is None:
            return  # loaded from the database when asked for: up to date then
        kind = event.get("kind")
        if kind == "message":
            listeners.show_message(live, Message.model_validate(event["message"]))
        elif kind == "presence":
            await seat_presence.heard_presence(self, live, str(event["origin"]), event.get("seats"))
        elif kind == "action":
            await following.follow_action(self, live, event)
        else:
            await following.follow(self, live)

    async def catch_up_all(self) -> None:
        """Catch up every copy in memory (after events may have been lost); one that cannot
        is logged and catches up at its next event or request."""
        for live in self.cache.copies():
            try:
                await following.follow(self, live)
            except Exception as error:
                outages.log_failure(f"catching up match {live.match_id}", error)


def _game_info(name: str) -> GameInfo:
    """Return what a client needs to offer game `name`: its published `GameSpec`."""
    published = game_spec(name).published()
    published["bots"] = [
        {"name": bot.name, "level": bot.level, "description": bot.description}
        for bot in bot_specs(name)
    ]
    return GameInfo.model_validate(published)
