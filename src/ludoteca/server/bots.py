"""The bot scheduler: every server bot's decisions share a small executor, taken in turns that
are shared fairly between the clients who made the matches.

Hundreds of all-bot matches must not take the machine from the people playing. So a bot move is
a *turn*: the match queues, and when its turn comes it decides (in the scheduler's own worker
thread, never the default pool the hub commits in) and commits its move. A match's bot loop
queues again only after its turn ends, so one move each before any match makes its next.

Turns are fair per *owner* (the client address that made the match; the match itself when that
is not known): each owner's matches queue behind each other, and the owners take turns
round-robin. However many matches one address keeps busy, another owner's match waits for at
most one turn of each owner with a match waiting. And there are two lanes of turns, so a quick
reply never waits behind searches:

    quick lane   heuristic and random bots    `turns` at once, on the bot thread
    search lane  searching bots (ISMCTS)      `processes` at once, in the worker processes
                                              (`processes // parts` when a decision is split
                                              into parts, one worker each: root_parallel)

    owner A: [ a3 a2 a1 ] ─┐
    owner B: [ b1 ]       ─┼─► round-robin A, B, C, A, … ─► turn: decide ─► commit ─► queue again
    owner C: [ c2 c1 ]    ─┘

Human actions never enter these queues. They find the event loop busy with at most
`turns + processes` bot commits, whatever the number of bot matches.

A searching bot decides in a worker process instead of the thread (server/bot_pool.py), so its
seconds of thinking never hold the GIL.

Matches that only bots play are bounded too (`BotOnlyPlaces`): at most `max_bot_matches` of them
play at once, counted while they run, not only when they are made (server/bot_play.py).
"""

from __future__ import annotations

import asyncio
import random
from collections import deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

from ludoteca.bots import Budget, make_bot
from ludoteca.core import JSON, Game, Seat
from ludoteca.server.bot_pool import ANSWER_MARGIN_SECONDS, BotPool, fallback_bot

T = TypeVar("T")

BOT_TURNS = 1
"""Quick bot moves under way at once (deciding or committing), over all matches."""
BOT_THREADS = 1
"""Worker threads that run bot decisions."""


class FairTurns:
    """Turns of one lane: `slots` at once, granted round-robin over owners, each owner's
    waiting matches first come, first served."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        # Insertion order is the rotation: an owner served goes to the back (it is re-added).
        self._owners: dict[str, deque[asyncio.Future[None]]] = {}

    @property
    def waiting(self) -> int:
        """Return the number of matches queued for a turn of this lane."""
        return sum(not future.done() for queue in self._owners.values() for future in queue)

    @asynccontextmanager
    async def turn(self, owner: str) -> AsyncIterator[None]:
        """Wait for this match's turn (behind `owner`'s earlier matches, and one turn of each
        other owner waiting); hold it inside."""
        if self._free > 0 and not self._owners:
            self._free -= 1
        else:
            granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._owners.setdefault(owner, deque()).append(granted)
            try:
                await granted
            except asyncio.CancelledError:
                if granted.done() and not granted.cancelled():
                    self._pass_on()  # granted just as it was cancelled: give the turn on
                raise
        try:
            yield
        finally:
            self._pass_on()

    def _pass_on(self) -> None:
        """Give a finished turn to the first match still waiting of the next owner, or free it."""
        while self._owners:
            owner = next(iter(self._owners))
            queue = self._owners.pop(owner)
            while queue and queue[0].done():  # cancelled while waiting
                queue.popleft()
            if not queue:
                continue
            granted = queue.popleft()
            if queue:
                self._owners[owner] = queue  # the back of the rotation
            granted.set_result(None)
            return
        self._free += 1


class BotOnlyPlaces:
    """The places of matches that only bots play: the matches holding one play, the others
    wait for one, first come, first served (the cap is the caller's `max_bot_matches`)."""

    def __init__(self) -> None:
        self.holders: set[str] = set()
        """The ids of the bot-only matches that may play now."""
        self._waiting: dict[str, asyncio.Future[None]] = {}

    @property
    def waiting(self) -> int:
        """Return the number of bot-only matches paused for a place."""
        return sum(not future.done() for future in self._waiting.values())

    def take(self, match_id: str, cap: int, reserved: int = 0) -> bool:
        """Return True if the match holds a place (taken now if one is free beyond `reserved`
        places kept for matches being made). A freed place goes at once to the matches
        waiting, so none waits for a free place but one kept for a match being made."""
        if match_id in self.holders:
            return True
        if len(self.holders) + reserved >= cap:
            return False
        self.holders.add(match_id)
        return True

    async def wait(self, match_id: str, seconds: float) -> bool:
        """Wait at most `seconds` for a place freed for the match; return True if it got one."""
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[match_id] = granted
        try:
            await asyncio.wait_for(asyncio.shield(granted), seconds)
            return True
        except TimeoutError:
            return match_id in self.holders
        finally:
            if self._waiting.get(match_id) is granted:
                del self._waiting[match_id]
            if not granted.done():
                granted.cancel()

    def give_back(self, match_id: str, cap: int) -> None:
        """Free the match's place (if it holds one) and give free places to the matches
        waiting, in order."""
        self.holders.discard(match_id)
        for waiter, granted in list(self._waiting.items()):
            if len(self.holders) >= cap:
                return
            if not granted.done():
                del self._waiting[waiter]
                self.holders.add(waiter)
                granted.set_result(None)


class BotScheduler:
    """Serves bot turns fairly per owner in two lanes, quick (`turns` at once) and search (one
    per worker process), deciding on its own threads or, for searching bots, in its pool."""

    def __init__(
        self,
        turns: int = BOT_TURNS,
        threads: int = BOT_THREADS,
        processes: int = 1,
        answer_margin_seconds: float = ANSWER_MARGIN_SECONDS,
        root_parallel: int = 1,
    ) -> None:
        self.pool = BotPool(processes, answer_margin_seconds, root_parallel)
        self._quick = FairTurns(turns)
        # One search per `parts` workers: more would queue parts behind each other, and a part
        # waiting for a worker spends its answer time before it starts.
        self._search = FairTurns(max(1, self.pool.processes // self.pool.parts))
        self.bot_only = BotOnlyPlaces()
        """The bot-only matches playing now, within `limits.max_bot_matches`."""
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="ludoteca-bot")

    @property
    def waiting(self) -> int:
        """Return the number of matches queued for a turn (both lanes)."""
        return self._quick.waiting + self._search.waiting

    def turn(self, owner: str, searching: bool = False) -> AbstractAsyncContextManager[None]:
        """Return the context of a turn of `owner`'s match in the quick lane or, `searching`,
        the search lane (`async with scheduler.turn(owner): ...`)."""
        return (self._search if searching else self._quick).turn(owner)

    async def decide(self, function: Callable[..., T], *args: Any) -> T:
        """Return `function(*args)` run on the scheduler's bot thread (a bot's `choose`)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)

    async def search(
        self, game: Game[Any, Any], options: dict[str, JSON], state: Any, seat: Seat,
        rng_seed: int, bot_name: str, budget: Budget,
    ) -> str:
        """Return the text of the action searching bot `bot_name` chooses in the process pool;
        if the pool fails, the game's strongest quick bot chooses on the bot thread instead."""
        text = await self.pool.choose(game, options, state, seat, rng_seed, bot_name, budget)
        if text is not None:
            return text
        stand_in = make_bot(fallback_bot(game.name), game)
        action = await self.decide(
            stand_in.choose, game, state, seat, random.Random(rng_seed), budget
        )
        return game.action_to_text(state, action)

    def close(self) -> None:
        """Stop the bot threads once their current decision ends, and the worker processes at
        once (the bots are cancelled)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
        self.pool.close()
