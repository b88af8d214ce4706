"""The bot scheduler: every server bot's decisions share one small executor, taken in turns.

Hundreds of all-bot matches must not take the machine from the people playing. So a bot move is
a *turn*: the match queues, and when its turn comes it decides (in the scheduler's own worker
thread, never the default pool the hub commits in) and commits its move. At most `turns` bot
turns run at once, and the queue is first come, first served; since a match's bot loop queues
again only after its turn ends, the matches are served round-robin: one move each before any
match makes its next.

Human actions never enter this queue. They find the event loop busy with at most `turns` bot
commits, and the database with at most `turns` bot writes, whatever the number of bot matches.

    match A ──► [ C B A ] ──► turn: decide (bot thread) ──► commit ──► back of the queue

A searching bot (ISMCTS, the "hard" level) decides in a worker process instead of the thread
(server/bot_pool.py), so its seconds of thinking never hold the GIL; with `processes` workers,
that many turns run at once.
"""

from __future__ import annotations

import asyncio
import random
from collections import deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from ludoteca.bots import Budget, make_bot
from ludoteca.core import JSON, Game, Seat
from ludoteca.server.bot_pool import ANSWER_MARGIN_SECONDS, BotPool, fallback_bot

T = TypeVar("T")

BOT_TURNS = 1
"""Bot moves under way at once (deciding or committing), over all matches."""
BOT_THREADS = 1
"""Worker threads that run bot decisions."""


class BotScheduler:
    """Serves bot turns first come, first served, `turns` at a time (at least one per worker
    process), deciding on its own threads or, for searching bots, in its process pool."""

    def __init__(
        self,
        turns: int = BOT_TURNS,
        threads: int = BOT_THREADS,
        processes: int = 1,
        answer_margin_seconds: float = ANSWER_MARGIN_SECONDS,
    ) -> None:
        self.pool = BotPool(processes, answer_margin_seconds)
        self._free = max(turns, processes)
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="ludoteca-bot")

    @property
    def waiting(self) -> int:
        """Return the number of matches queued for a turn."""
        return sum(not future.done() for future in self._waiting)

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Wait for this match's turn (behind every match queued before it); hold it inside."""
        if self._free > 0 and not self._waiting:
            self._free -= 1
        else:
            granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.append(granted)
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

    def _pass_on(self) -> None:
        """Give a finished turn to the first match still waiting, or free it."""
        while self._waiting:
            granted = self._waiting.popleft()
            if not granted.done():
                granted.set_result(None)
                return
        self._free += 1
