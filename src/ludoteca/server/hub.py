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
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging
import random
import secrets
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from ludoteca.bots import Budget, bot_specs
from ludoteca.core import (
    Game,
    IllegalActionError,
    InvalidActionError,
    Seat,
    available_games,
    load,
)
from ludoteca.core.chance import SEED_BITS
from ludoteca.core.registry import game_spec
from ludoteca.server import absence, catch_up, leases, storage, undo
from ludoteca.server.bot_pool import searches
from ludoteca.server.bots import BotScheduler
from ludoteca.server.clocks import TimeControl, new_clock
from ludoteca.server.errors import ApiError
from ludoteca.server.fanout import Event, Fanout
from ludoteca.server.live import (
    RECENT_MESSAGES,
    LiveMatch,
    MatchInfo,
    SeatState,
    Subscriber,
    iso,
    message_of_row,
)
from ludoteca.server.match_start import (
    NotOpen,
    store_start,
    waiting_columns,
    with_bots_in_empty_seats,
)
from ludoteca.server.schemas import (
    CreateMatchRequest,
    GameInfo,
    MatchSummary,
    Message,
)
from ludoteca.server.seats import Tokens, claim_seats, new_seats, rematch_seat
from ludoteca.server.settings import ServerLimits

log = logging.getLogger("ludoteca.server")

T = TypeVar("T")
MAX_BACKLOG = 64
"""Views queued for one socket before the older ones are dropped."""
RESUME_AT_ONCE = 4
"""Matches waiting for a bot that start-up loads at a time, in the background."""
SWEEP_SECONDS = 600.0
"""Longest time between two expiry sweeps (a tenth of idle_hours when that is shorter)."""


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """Return `function(*args)` run in a worker thread (database work, replays; not bots)."""
    return await asyncio.to_thread(function, *args)


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
    ) -> None:
        self.db = db
        self.fanout = fanout
        """The other processes serving this database (None: this process is the only one)."""
        self.bot_delay = bot_delay
        self.bot_seconds = bot_seconds
        self.limits = limits or ServerLimits()
        self._live: OrderedDict[str, LiveMatch] = OrderedDict()
        # The load in progress of each match not in memory: every request for it waits for it.
        self._loads: dict[str, asyncio.Future[LiveMatch | None]] = {}
        self._committing: Counter[str] = Counter()
        """Commits under way per match (one may outlive its request: see `act`)."""
        self._background: list[asyncio.Task[None]] = []
        self._closing = False
        self._crowd_logged = 0
        self._games: list[GameInfo] | None = None
        self._commits: set[asyncio.Future[str]] = set()
        self.bots = BotScheduler(processes=bot_processes)
        self._starting_bot_matches = 0
        self._announcements: set[asyncio.Task[None]] = set()
        if fanout is not None and self.limits.bot_lease_seconds <= bot_delay + bot_seconds:
            raise ValueError(
                f"bot_lease_seconds ({self.limits.bot_lease_seconds:g}) must be longer than a "
                f"bot's move (bot delay {bot_delay:g} s plus thinking {bot_seconds:g} s)"
            )

    # -- life cycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the background work and return at once: the expiry sweeps, bots resuming."""
        loop = asyncio.get_running_loop()
        if self.fanout is not None:
            await self.fanout.start(self.on_event, self.catch_up_all)
        bots = self._resume_bots() if self.fanout is None else self._attend_bots_forever()
        self._background = [
            loop.create_task(bots), loop.create_task(self._sweep_forever()),
            loop.create_task(absence.sweep_forever(self)),
        ]

    async def _resume_bots(self) -> None:
        """Expire idle matches, then load the others whose seat to move is a bot, a few at once.

        A request for one of them meanwhile loads it on demand, as any match.
        """

        def waiting() -> list[str]:
            with self.db.session() as session:
                return storage.matches_waiting_for_bots(session)

        await self._sweep()
        await self._resume(await in_thread(waiting))

    async def _attend_bots_forever(self) -> None:
        """With other processes: every third of a lease, take up the matches whose bots nobody
        plays (their process died, or stopped) and resume them here if this process gets the
        lease (server/leases.py)."""

        def unattended() -> list[str]:
            with self.db.session() as session:
                return leases.unattended(session, storage.utc_now())

        await self._sweep()
        while True:
            await self._resume(await in_thread(unattended))
            await asyncio.sleep(max(0.2, self.limits.bot_lease_seconds / 3))

    async def _resume(self, match_ids: list[str]) -> None:
        """Load (or catch up) the matches `match_ids`, a few at once, and start their bots."""
        to_resume = iter(match_ids)

        async def resume() -> None:
            for match_id in to_resume:  # shared: each match is taken by one worker
                try:
                    live = self._live.get(match_id)
                    if live is None:
                        await self.get(match_id)  # loading starts its bots
                    else:
                        await self._follow(live)
                except Exception:  # one broken record must not stop the others
                    log.exception("cannot resume match %s", match_id)

        await asyncio.gather(*(resume() for _ in range(RESUME_AT_ONCE)))

    async def _sweep_forever(self) -> None:
        """Expire idle matches every SWEEP_SECONDS (sooner for a short idle_hours)."""
        period = max(1.0, min(SWEEP_SECONDS, self.limits.idle_hours * 3600 / 10))
        while True:
            await asyncio.sleep(period)
            await self._sweep()

    async def _sweep(self) -> None:
        """Expire idle matches; a failure is logged (and the sweep tried again next time)."""
        try:
            await self.expire_idle()
        except Exception:
            log.exception("the expiry sweep failed")

    async def expire_idle(self) -> list[str]:
        """Expire every open or running match with no action for `idle_hours`; return their ids.

        The database decides (one conditional UPDATE); a copy in memory then follows: it shows
        status "expired", refuses actions and claims, and its bots stop.
        """
        idle_since = storage.utc_now() - dt.timedelta(hours=self.limits.idle_hours)

        def expire() -> list[str]:
            with self.db.session() as session:
                return storage.expire_idle(session, idle_since)

        expired = await in_thread(expire)
        for match_id in expired:
            loading = self._loads.get(match_id)
            if loading is not None:  # it may have read the match before it expired
                await asyncio.wait([loading])
            live = self._live.get(match_id)
            if live is None:
                self._announce(match_id)  # (a copy here announces it by broadcasting)
            else:
                if live.bot_task is not None:
                    live.bot_task.cancel()
                async with live.lock:
                    await self._mark_expired(live)
        if expired:
            log.info("%d matches expired after %g idle hours", len(expired), self.limits.idle_hours)
        return expired

    async def _mark_expired(self, live: LiveMatch) -> None:
        """Show the match as expired in memory (the caller holds its lock)."""
        if live.info.status != "expired":
            live.info.status = "expired"
            live.changed()
            await self._broadcast(live)

    def _expired_error(self) -> ApiError:
        return ApiError(
            "expired",
            f"the match expired after {self.limits.idle_hours:g} hours without an action; "
            "it can be viewed but not played",
        )

    async def close(self) -> None:
        """Stop the bots (their next move is made after a restart, or by another process) and
        finish every commit."""
        self._closing = True
        if self.fanout is not None:
            await self.fanout.close()
        for task in self._background:
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        # A load reads the database in a worker thread: it must not be closed under it.
        await asyncio.gather(*self._loads.values(), return_exceptions=True)
        tasks = [
            task for live in self._live.values() for task in (live.bot_task, live.presence_task)
            if task is not None
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        # A cancelled bot may leave its shielded commit running in a worker thread: the
        # database must not be closed under it.
        await asyncio.gather(*self._commits, return_exceptions=True)
        if self.fanout is not None:  # the other processes take this one's bots at once
            await in_thread(leases.give_up_all, self.db.engine, self.fanout.origin)

    # -- games ----------------------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        """Return the games on offer: each published GameSpec with every bot that can sit in."""
        if self._games is None:
            self._games = [_game_info(name) for name in available_games()]
        return self._games

    # -- finding matches ------------------------------------------------------------------------

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

    async def _load_and_remember(self, match_id: str) -> LiveMatch | None:
        """Load a match into memory and start its bots; return it (None if there is none)."""
        try:
            live = await in_thread(self._load, match_id)
            if live is not None:
                self._remember(live)
                if not self._closing:
                    self._kick_bots(live)
            return live
        finally:
            del self._loads[match_id]

    def _remember(self, live: LiveMatch) -> None:
        """Cache a match; beyond `max_cached_matches`, drop the least recently used idle ones.

        Never `live` itself, nor a busy match (`_busy`): if every other one is busy, the cache
        grows past its bound (and says so in the log) rather than let a second copy in.
        """
        self._live[live.match_id] = live
        bound = self.limits.max_cached_matches
        excess = len(self._live) - bound
        if excess <= 0:
            self._crowd_logged = 0
            return
        idle = [
            match_id for match_id, old in self._live.items()
            if old is not live and not self._busy(old)
        ]
        for match_id in idle[:excess]:
            del self._live[match_id]
        if len(self._live) > max(bound, self._crowd_logged):
            self._crowd_logged = len(self._live)
            log.warning(
                "%d matches in memory, more than max_cached_matches=%d: all of them are busy",
                len(self._live), bound,
            )

    def _busy(self, live: LiveMatch) -> bool:
        """Return True if the match is in use: listened to, locked, committing or playing bots."""
        bots = live.bot_task is not None and not live.bot_task.done()
        return (
            bool(live.subscribers) or live.lock.locked() or bots
            or live.match_id in self._committing
        )

    def _committed(self, match_id: str) -> None:
        """Count one commit of the match as over."""
        self._committing[match_id] -= 1
        if self._committing[match_id] <= 0:
            del self._committing[match_id]

    def _load(self, match_id: str) -> LiveMatch | None:
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

    def summaries(
        self, session: Session, status: str | None, limit: int
    ) -> list[MatchSummary]:
        """Return the summaries of stored matches (see `storage.list_matches`)."""
        return [
            MatchInfo.from_row(row).summary()
            for row in storage.list_matches(session, status, limit)
        ]

    # -- creating and joining -------------------------------------------------------------------

    async def create(
        self, session: Session, request: CreateMatchRequest
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
        tokens = claim_seats(seats, sorted(set(claim)), request.name)
        seed = secrets.randbits(SEED_BITS) if request.seed is None else request.seed
        with self._bot_match_slot(bots_only=not humans):
            control = None if request.clock is None else TimeControl.from_json(
                request.clock.model_dump()
            )
            live = await self._new_match(
                session, game, seed, seats, request.hotseat, control=control
            )
        return live, tokens

    async def _new_match(
        self,
        session: Session,
        game: Game[Any, Any],
        seed: int,
        seats: list[SeatState],
        hotseat: bool,
        previous: LiveMatch | None = None,
        control: TimeControl | None = None,
    ) -> LiveMatch:
        now = storage.utc_now()
        info = MatchInfo(
            match_id=self._new_id(), game=game.name, players=game.num_players,
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
        row = storage.MatchRow(
            id=info.match_id, game=info.game, players=info.players, options=info.options,
            seed=seed, rules_version=info.rules_version, hotseat=hotseat,
            created_at=now, rematch_id=None,
            seats=[
                storage.SeatRow(
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
        self._remember(live)
        self._kick_bots(live)
        return live

    def _new_id(self) -> str:
        while True:
            match_id = secrets.token_urlsafe(6)
            if match_id not in self._live:
                return match_id

    async def join(
        self, session: Session, live: LiveMatch, seat: Seat | None, name: str | None
    ) -> tuple[Seat, str]:
        """Claim a free human seat (the first one if `seat` is None); return it and its token."""
        async with live.lock:
            if self._live.get(live.match_id) is not live:  # see act
                return await self.join(session, await self.get(live.match_id), seat, name)
            if live.info.status == "expired":
                raise self._expired_error()
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
            tokens = await self._store_claims(session, live, [seat], name)
            await self._broadcast(live)
        self._kick_bots(live)  # the last seat taken started the match: a bot may open it
        return seat, tokens[seat]

    async def _store_claims(
        self, session: Session, live: LiveMatch, seats: Sequence[Seat], name: str | None
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
            await self._catch_up(live)  # another process took it
            raise ApiError("seat_taken", f"seat {', '.join(map(str, seats))} was taken") from error
        except storage.MatchClosed as error:
            await self._mark_expired(live)
            raise self._expired_error() from error
        info.seats, info.status, info.updated_at = staged, status, now
        if start is not None:
            live.begin(state, start)
        live.changed()
        return tokens

    async def start_match(self, session: Session, live: LiveMatch) -> None:
        """Start an open match now (a seated player asked): its empty human seats become seats
        of the game's default bot; 409 already_started or expired otherwise."""
        async with live.lock:
            if self._live.get(live.match_id) is not live:  # see act
                return await self.start_match(session, await self.get(live.match_id))
            info = live.info
            if info.status == "expired":
                raise self._expired_error()
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
                await self._catch_up(live)
                raise ApiError(
                    "seat_taken", "a seat was taken meanwhile; look at the match again"
                ) from error
            except NotOpen as error:
                if error.status == "expired":
                    await self._mark_expired(live)
                    raise self._expired_error() from error
                await self._catch_up(live)  # another process started it
                raise ApiError("already_started", "the match has started already") from error
            info.seats = seats
            live.begin(state, columns)
            await self._broadcast(live)
        self._kick_bots(live)

    # -- playing --------------------------------------------------------------------------------

    async def act(
        self, live: LiveMatch, seat: Seat, state_id: int, text: str, by_bot: bool = False
    ) -> str:
        """Apply `seat`'s action `text` at `state_id`; return that seat's new view as JSON.

        `by_bot`: the server's bot plays it (a person's token cannot act for a bot's seat).
        """
        async with live.lock:
            if self._live.get(live.match_id) is not live:
                # This copy left the cache (idle) while the request waited for its lock: only
                # the copy in memory may change the match, so act on that one.
                return await self.act(
                    await self.get(live.match_id), seat, state_id, text, by_bot
                )
            if live.info.status == "expired":
                raise self._expired_error()
            if state_id > live.state_id or not live.started:
                await self._catch_up(live)  # the client saw a newer state on another process
            absence.check_may_act(live, seat, by_bot)
            state = live.state
            game = live.game
            if game.is_terminal(state):
                raise ApiError("game_over", "the match is over")
            if state_id != live.state_id:
                raise ApiError(
                    "stale_state",
                    f"the match is at state {live.state_id}, not {state_id}; "
                    "reload the view and try again",
                )
            to_move = game.current_player(state)
            if seat != to_move:
                raise ApiError(
                    "not_your_turn", f"it is seat {to_move}'s turn, not seat {seat}'s"
                )
            try:
                action = game.action_from_text(state, text)
                after = game.apply(state, action)
            except InvalidActionError as error:
                raise ApiError("invalid_action", str(error)) from error
            except IllegalActionError as error:
                raise ApiError("illegal_action", str(error)) from error
            canonical = game.action_to_text(state, action)
            now = storage.utc_now()
            index = live.state_id
            columns = live.columns_after(after, index + 1, now)

            async def commit_then_show() -> str:
                await in_thread(functools.partial(
                    storage.append_action, self.db.engine, live.match_id, index, seat,
                    canonical, columns, undos=live.info.undos,
                ))
                live.push(after, canonical, columns)
                # The others get the action itself: a copy one behind need not read it back.
                self._announce(
                    live.match_id, "action", index=index, undos=live.info.undos,
                    text=canonical, columns=catch_up.columns_to_json(columns),
                )
                await self._broadcast(live, first=seat, announce=False)
                return live.view_json(seat)

            try:
                view = await self._commit_shielded(live, commit_then_show())
            except storage.ActionAlreadyStored as error:
                # Only a commit outliving its cancelled request, or another process on this
                # database, can be there first: nothing was stored; memory catches up.
                await self._catch_up(live)
                raise ApiError(
                    "stale_state",
                    f"the match moved on from state {index}; reload the view and try again",
                ) from error
            except storage.MatchClosed as error:
                await self._mark_expired(live)
                raise self._expired_error() from error
        self._kick_bots(live)
        return view

    async def _commit_shielded(self, live: LiveMatch, commit_then_show: Awaitable[str]) -> str:
        """Run a commit-then-update-memory step of the match to its end; return its view.

        Shielded: once the commit has started, memory follows it even if the request (or the
        bot loop) is cancelled, so the two never disagree; `close` waits for it.
        """
        commit = asyncio.ensure_future(commit_then_show)
        self._commits.add(commit)
        commit.add_done_callback(self._commits.discard)
        live.commits.add(commit)
        commit.add_done_callback(live.commits.discard)
        self._committing[live.match_id] += 1
        commit.add_done_callback(lambda _: self._committed(live.match_id))
        return await asyncio.shield(commit)

    async def undo(self, live: LiveMatch, seat: Seat, state_id: int) -> str:
        """Take back `seat`'s last action at `state_id` (server/undo.py); return its new view.

        As `act`: checked in memory, committed, then memory follows (shielded), the views are
        broadcast and an "undo" notice is posted.
        """
        async with live.lock:
            if self._live.get(live.match_id) is not live:  # see act
                return await self.undo(await self.get(live.match_id), seat, state_id)
            if state_id > live.state_id:
                await self._catch_up(live)  # see act
            taken = undo.check_undo(live, seat, state_id)
            columns = live.columns_after(live.states[-2], taken.state_id, storage.utc_now())
            undos = live.info.undos

            async def commit_then_show() -> str:
                await in_thread(functools.partial(
                    storage.remove_last_action, self.db.engine, live.match_id, taken.state_id,
                    columns, undos=undos,
                ))
                columns["undos"] = undos + 1
                undo.take_back(live, columns)
                await self._broadcast(live, first=seat)
                return live.view_json(seat)

            try:
                view = await self._commit_shielded(live, commit_then_show())
            except storage.NotLastAction as error:
                await self._catch_up(live)
                raise ApiError(
                    "stale_state", "the match changed meanwhile; reload the view and try again"
                ) from error
            name = live.info.seats[seat].name
            await self.post_message(
                live, "undo", undo.notice_text(name or f"seat {seat}", taken.action), seat=seat,
                name=name, params={"seat": seat, "action": taken.action},
            )
        return view

    async def rematch(
        self, session: Session, live: LiveMatch, held: Sequence[Seat]
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
                new = await self._new_match(
                    session, live.game, seed, seats, old.hotseat, previous=live,
                    control=None if control is None else control.control,
                )
                old.rematch_id = new.match_id
                live.changed()
                await self._broadcast(live)
                return new, tokens
            rematch_id = old.rematch_id
        new = await self.get(rematch_id)
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
                tokens.update(await self._store_claims(session, new, [free_seat], names[free_seat]))
            await self._broadcast(new)
        self._kick_bots(new)  # the last seat claimed started the rematch: a bot may open it
        return new, tokens

    # -- messages -------------------------------------------------------------------------------

    async def post_message(
        self,
        live: LiveMatch,
        kind: str,
        text: str,
        seat: Seat | None = None,
        name: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Message:
        """Store a message of the match, then send it to every listener; return it.

        `kind` "chat" is a person's line; any other kind is a notice (see `schemas.Message`).
        Callers bound `text` (storage.MAX_MESSAGE_TEXT) and hold no lock they need meanwhile.
        """
        now, step = storage.utc_now(), live.state_id
        values = {
            "match_id": live.match_id, "step": step, "kind": kind, "seat": seat,
            "name": name, "text": text, "params": params, "created_at": now,
        }
        message_id = await in_thread(storage.add_message, self.db.engine, values)
        message = Message(
            id=message_id, kind=kind, seat=seat, name=name, text=text, params=params,
            step=step, at=iso(now),
        )
        self._show_message(live, message)
        self._announce(live.match_id, "message", message=message.model_dump(mode="json"))
        return message

    def _show_message(self, live: LiveMatch, message: Message) -> None:
        """Remember a stored message and send it to every listener."""
        live.add_message(message)
        payload = message.model_dump_json()
        for subscriber in live.subscribers:
            _queue(subscriber.queue, payload)

    async def seat_of_token(self, live: LiveMatch, token: str) -> Seat:
        """Return the seat a token plays (ApiError bad_token if none); with other processes, a
        token this copy does not know first makes it catch up (the seat may have been claimed
        through another process a moment ago)."""
        try:
            return live.seat_of_token(token)
        except ApiError:
            if self.fanout is None:
                raise
        await self._follow(live)
        return live.seat_of_token(token)

    # -- the other processes --------------------------------------------------------------------

    def _announce(self, match_id: str, kind: str = "change", **fields: Any) -> None:
        """Tell the other processes (if any) that a match changed, without waiting for Redis."""
        if self.fanout is None:
            return
        task = asyncio.get_running_loop().create_task(
            self.fanout.publish(match_id, kind, **fields)
        )
        self._announcements.add(task)
        task.add_done_callback(self._announcements.discard)

    async def on_event(self, event: Event) -> None:
        """Follow another process's change of a match this process holds a copy of."""
        match_id = str(event.get("match"))
        loading = self._loads.get(match_id)
        if loading is not None:  # it may have read the match before this change
            await asyncio.wait([loading])
        live = self._live.get(match_id)
        if live is None:
            return  # loaded from the database when asked for: up to date then
        kind = event.get("kind")
        if kind == "message":
            self._show_message(live, Message.model_validate(event["message"]))
        elif kind == "presence":
            await absence.heard_presence(self, live, str(event["origin"]), event.get("seats"))
        elif kind == "action":
            await self._follow_action(live, event)
        else:
            await self._follow(live)

    async def _follow_action(self, live: LiveMatch, event: Event) -> None:
        """Take an action another process stored into the copy if it is the copy's next one
        (else catch up from the database), and start the bots if one is to move."""
        async with live.lock:
            if self._live.get(live.match_id) is not live:
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
                    await self._catch_up(live)
                else:
                    live.push(after, text, columns)
                    await self._broadcast(live, announce=False)
            else:
                await self._catch_up(live)
        self._kick_bots(live)

    async def catch_up_all(self) -> None:
        """Catch up every copy in memory (after events may have been lost)."""
        for live in list(self._live.values()):
            await self._follow(live)

    async def _follow(self, live: LiveMatch) -> None:
        """Catch up a copy with the database and start its bots if one is to move."""
        async with live.lock:
            if self._live.get(live.match_id) is not live:
                return  # dropped from the cache meanwhile: a later request loads it afresh
            await self._catch_up(live)
        self._kick_bots(live)

    async def _catch_up(self, live: LiveMatch) -> bool:
        """Bring the copy in memory level with the database (the caller holds its lock), and
        show the change to its listeners; return True if anything changed."""
        # A commit of this copy that outlived its request updates memory when it ends: let it,
        # or the copy would take that action from the database and then once more.
        # (asyncio.wait, not gather: a cancelled caller must not cancel the commit.)
        if live.commits:
            await asyncio.wait(set(live.commits))
        stored = await in_thread(
            catch_up.caught_up, self.db, live.game, live.match_id, live.info.undos,
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
        await self._broadcast(live, announce=False)
        return True

    # -- listeners ------------------------------------------------------------------------------

    def subscribe(self, live: LiveMatch, seat: Seat | None) -> Subscriber:
        """Register a listener; queue at once the current view, then the recent messages if any
        (`{"type": "messages", "messages": [...]}`)."""
        subscriber = Subscriber(seat)
        subscriber.queue.put_nowait(live.view_json(seat))
        if live.messages:
            subscriber.queue.put_nowait(live.messages_json())
        live.subscribers.add(subscriber)
        absence.presence_changed(self, live)
        return subscriber

    def unsubscribe(self, live: LiveMatch, subscriber: Subscriber) -> None:
        """Forget a listener."""
        live.subscribers.discard(subscriber)
        absence.presence_changed(self, live)

    async def _broadcast(
        self, live: LiveMatch, first: Seat | None = None, announce: bool = True
    ) -> None:
        """Queue the current view for every listener (the caller holds the match's lock), and
        with `announce` tell the other processes that the match changed.

        The views of seat `first` (the actor) are made and queued first, and the socket
        writers get a turn before the other views are made, so the actor waits for one
        observation, not for all of them.
        """
        if announce:
            self._announce(live.match_id)
        actor = [s for s in live.subscribers if first is not None and s.seat == first]
        others = [s for s in live.subscribers if first is None or s.seat != first]
        for subscriber in actor:
            self._queue_view(live, subscriber)
        if actor and others:
            await asyncio.sleep(0)
        for subscriber in others:
            self._queue_view(live, subscriber)

    def _queue_view(self, live: LiveMatch, subscriber: Subscriber) -> None:
        _queue(subscriber.queue, live.view_json(subscriber.seat))

    # -- bots -----------------------------------------------------------------------------------

    @contextmanager
    def _bot_match_slot(self, bots_only: bool) -> Iterator[None]:
        """Hold a place for a new match while it is made; 429 too_busy if it has only bots and
        `limits.max_bot_matches` such matches are already playing (or being made)."""
        if not bots_only:
            yield
            return
        playing = sum(
            1 for live in self._live.values()
            if all(seat.type == "bot" for seat in live.info.seats)
            and live.bot_task is not None and not live.bot_task.done()
        )
        if playing + self._starting_bot_matches >= self.limits.max_bot_matches:
            raise ApiError(
                "too_busy",
                f"the server already plays {self.limits.max_bot_matches} matches without "
                "people; try again when one has finished, or take a seat yourself",
            )
        self._starting_bot_matches += 1
        try:
            yield
        finally:
            self._starting_bot_matches -= 1

    def _kick_bots(self, live: LiveMatch) -> None:
        """Start the match's bot loop if a bot is to move and none is running."""
        if live.bot_to_move() is None:
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._play_bots(live))

    async def _play_bots(self, live: LiveMatch) -> None:
        """Play bot moves until a human is to move or the game ends (or, with other processes,
        until another process holds the match's lease); then give up the lease."""
        await self._play_bot_moves(live)
        if self.fanout is not None and not self._closing:
            await in_thread(leases.give_up, self.db.engine, live.match_id, self.fanout.origin)

    async def _holds_lease(self, live: LiveMatch) -> bool:
        """Take or renew this process's lease of the match's bots (True without other
        processes); False if another process holds it."""
        if self.fanout is None:
            return True
        return await in_thread(
            leases.take, self.db.engine, live.match_id, self.fanout.origin,
            self.limits.bot_lease_seconds,
        )

    async def _play_bot_moves(self, live: LiveMatch) -> None:
        """Play bot moves, one per turn of the bot scheduler (server/bots.py), so that every
        bot match takes its turn in order."""
        budget = Budget(seconds=self.bot_seconds)
        while (seat := live.bot_to_move()) is not None:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            try:
                async with self.bots.turn():
                    if (seat := live.bot_to_move()) is None:
                        return  # the game ended while the match waited for its turn
                    if not await self._holds_lease(live):
                        return  # another process plays this match's bots
                    state_id, state = live.state_id, live.state
                    rng = random.Random(f"{live.match_id}:{live.info.seed}:{state_id}")
                    bot_name = live.bot_name(seat)
                    if searches(live.game.name, bot_name):
                        text = await self.bots.search(
                            live.game, live.info.options, state, seat, rng.getrandbits(64),
                            bot_name, budget,
                        )
                    else:
                        action = await self.bots.decide(
                            live.bot(seat).choose, live.game, state, seat, rng, budget
                        )
                        text = live.game.action_to_text(state, action)
                    await self.act(live, seat, state_id, text, by_bot=True)
            except asyncio.CancelledError:
                raise
            except ApiError as error:
                if error.code != "stale_state":
                    log.error("bot of seat %s in %s refused: %s", seat, live.match_id, error)
                    return
            except Exception:
                log.exception("bot of seat %s in %s failed", seat, live.match_id)
                return


def _queue(queue: asyncio.Queue[str], payload: str) -> None:
    """Put `payload` in a listener's outbox; a listener far behind loses what it had queued
    (each view is complete, and it reads the messages it missed with GET messages)."""
    if queue.qsize() >= MAX_BACKLOG:
        while not queue.empty():
            queue.get_nowait()
    queue.put_nowait(payload)


def _game_info(name: str) -> GameInfo:
    """Return what a client needs to offer game `name`: its published `GameSpec`."""
    published = game_spec(name).published()
    published["bots"] = [
        {"name": bot.name, "level": bot.level, "description": bot.description}
        for bot in bot_specs(name)
    ]
    return GameInfo.model_validate(published)
