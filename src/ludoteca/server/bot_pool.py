"""Searching bots think in worker processes, so the server's event loop never waits on the GIL.

A hard bot (level SEARCH_LEVEL and up: ISMCTS) spends its whole time budget in pure Python. On
the scheduler's thread it would hold the GIL for that long, slowing every request and every other
match. So its decision goes to a process pool: what is sent is small and picklable (the game's
name, players and options, the state, the seat, a seed, the bot's name and budget), and what comes
back is the action's canonical text, which the hub plays like any text a person sends.

    scheduler ──► BotPool.choose ──► worker: load game (cached) ──► make_bot ──► choose ──► text
                        │ the pool broke, or no answer within budget + margin
                        └──► None: the fallback bot decides on the scheduler's thread instead,
                             and the next decision starts a new pool

With `root_parallel` above 1, a decision of the search is split into min(root_parallel,
processes) parts, each searching in its own worker for the whole budget with its own random
stream; the parts' root statistics come back and are merged here (bots/root_parallel.py). Parts
that failed or did not answer in time cost the pool as above, but the parts that did answer
still decide; only when none did does the fallback bot move.

The pool starts its processes with "spawn": forking a server that runs threads can copy a lock
held by another thread into the child, which then waits on it forever.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ludoteca.bots import Budget, ISMCTSBot, bot_specs, make_bot
from ludoteca.bots.root_parallel import RootSummary, merge
from ludoteca.core import JSON, Game, Seat, load

log = logging.getLogger(__name__)

SEARCH_LEVEL = 2
"""Bots of this level and above decide in the process pool; weaker ones are quick enough for the
scheduler's thread."""
MAX_BOT_PROCESSES = 16
"""The most worker processes `--bot-processes` may ask for."""
MAX_ROOT_PARALLEL = 16
"""The most parts `--bot-root-parallel` may split one decision into."""
ANSWER_MARGIN_SECONDS = 5.0
"""Time a worker has beyond the bot's budget: a fresh process must start and import first."""
CACHED_GAMES = 32
"""Games (by name, players and options) a worker keeps built between decisions."""


def check_bot_processes(processes: int) -> int:
    """Return `processes` if it is a valid pool size; ValueError saying the range if not."""
    if isinstance(processes, bool) or not isinstance(processes, int) or not (
        1 <= processes <= MAX_BOT_PROCESSES
    ):
        raise ValueError(
            f"bot processes must be a whole number from 1 to {MAX_BOT_PROCESSES}, "
            f"not {processes!r}"
        )
    return processes


def check_root_parallel(parts: int) -> int:
    """Return `parts` if it is a valid number of parts per decision; ValueError if not."""
    if isinstance(parts, bool) or not isinstance(parts, int) or not (
        1 <= parts <= MAX_ROOT_PARALLEL
    ):
        raise ValueError(
            f"bot root parallel must be a whole number from 1 to {MAX_ROOT_PARALLEL}, "
            f"not {parts!r}"
        )
    return parts


def searches(game_name: str, bot_name: str) -> bool:
    """Return True if bot `bot_name` of `game_name` searches (it decides in the pool)."""
    return any(
        spec.name == bot_name and spec.level >= SEARCH_LEVEL for spec in bot_specs(game_name)
    )


def fallback_bot(game_name: str) -> str:
    """Return the strongest bot of `game_name` below SEARCH_LEVEL (it stands in for a search)."""
    quick = [spec for spec in bot_specs(game_name) if spec.level < SEARCH_LEVEL]
    return quick[-1].name  # bot_specs is sorted weakest first


def decide_in_worker(
    game_name: str, players: int, options: dict[str, JSON], state: Any, seat: Seat,
    rng_seed: int, bot_name: str, budget: Budget,
) -> str:
    """Return the canonical text of the action that a new `bot_name` chooses (in a worker).

    A new bot each time: a worker may serve any match next, so no bot keeps a tree between
    decisions here, and the choice depends only on the arguments.
    """
    game = _game(game_name, players, json.dumps(options, sort_keys=True))
    action = make_bot(bot_name, game).choose(game, state, seat, random.Random(rng_seed), budget)
    return game.action_to_text(state, action)


def search_part_in_worker(
    game_name: str, players: int, options: dict[str, JSON], state: Any, seat: Seat,
    rng_seed: int, bot_name: str, budget: Budget, part: int,
) -> RootSummary:
    """Return the root statistics of part `part` of the decision of a new `bot_name` (in a
    worker); TypeError if that bot is not a search that can be split."""
    game = _game(game_name, players, json.dumps(options, sort_keys=True))
    bot = make_bot(bot_name, game)
    if not isinstance(bot, ISMCTSBot):
        raise TypeError(f"the {bot_name} bot of {game_name} cannot search in parts")
    return bot.search_part(game, state, seat, random.Random(rng_seed), budget, part)


def _splits(bot_name: str, game: Game[Any, Any]) -> bool:
    """Return True if bot `bot_name` of `game` is a search that can decide in parts."""
    try:
        return isinstance(make_bot(bot_name, game), ISMCTSBot)
    except ValueError:
        return False  # no such bot: the worker says so, as for any decision


@functools.lru_cache(maxsize=CACHED_GAMES)
def _game(game_name: str, players: int, options_json: str) -> Game[Any, Any]:
    """Return the game built once per worker for these options (given as JSON: hashable)."""
    return load(game_name, players, **json.loads(options_json))


class BotPool:
    """The worker processes of searching bots, started on first use and replaced if they fail."""

    def __init__(
        self, processes: int = 1, answer_margin_seconds: float = ANSWER_MARGIN_SECONDS,
        root_parallel: int = 1,
    ) -> None:
        self.processes = check_bot_processes(processes)
        self.answer_margin_seconds = answer_margin_seconds
        """Time a worker has beyond the bot's budget before its decision is given up (a test
        on a loaded machine, where spawning a worker can take longer, raises it)."""
        self.parts = min(check_root_parallel(root_parallel), self.processes)
        """Workers one decision of a search uses at once (1: the whole decision in one)."""
        self._pool: ProcessPoolExecutor | None = None

    async def choose(
        self, game: Game[Any, Any], options: dict[str, JSON], state: Any, seat: Seat,
        rng_seed: int, bot_name: str, budget: Budget,
    ) -> str | None:
        """Return the action text the searching bot chooses in a worker (or, in parts, in
        several); None if the pool failed or did not answer in time (logged; the next
        decision gets a new pool)."""
        if self.parts > 1 and _splits(bot_name, game):
            return await self._choose_in_parts(
                game, options, state, seat, rng_seed, bot_name, budget
            )
        pool = self._pool or self._start()
        limit = (budget.seconds or 0.0) + self.answer_margin_seconds
        try:
            future = pool.submit(
                decide_in_worker, game.name, game.num_players, options, state, seat, rng_seed,
                bot_name, budget,
            )
            return await asyncio.wait_for(asyncio.wrap_future(future), limit)
        except asyncio.CancelledError:
            raise
        except Exception:
            # A dead worker breaks the whole pool, and one that overran its budget may never
            # answer: either way start afresh, and let the match move on without the search.
            log.exception("the %s bot of %s failed in its worker process; a quicker bot moves",
                          bot_name, game.name)
            self._stop(pool)
            return None

    async def _choose_in_parts(
        self, game: Game[Any, Any], options: dict[str, JSON], state: Any, seat: Seat,
        rng_seed: int, bot_name: str, budget: Budget,
    ) -> str | None:
        """Return the action text chosen by merging the parts that answered in time; None if
        none did (a part that failed or overran costs the pool, as in `choose`)."""
        pool = self._pool or self._start()
        limit = (budget.seconds or 0.0) + self.answer_margin_seconds
        waiting: list[asyncio.Future[RootSummary]] = []
        try:
            for part in range(self.parts):
                waiting.append(asyncio.wrap_future(pool.submit(
                    search_part_in_worker, game.name, game.num_players, options, state, seat,
                    rng_seed, bot_name, budget, part,
                )))
            done, _ = await asyncio.wait(waiting, timeout=limit)
        except asyncio.CancelledError:
            for future in waiting:
                future.cancel()
            raise
        except Exception:
            log.exception("the %s bot of %s failed in its worker process; a quicker bot moves",
                          bot_name, game.name)
            for future in waiting:
                future.cancel()
            self._stop(pool)
            return None
        failed = [f for f in waiting if f in done and not f.cancelled() and f.exception()]
        answered = [f.result() for f in waiting if f in done and f not in failed]
        if len(answered) < len(waiting):
            for future in failed:
                log.error("a part of the %s bot of %s failed in its worker process",
                          bot_name, game.name, exc_info=future.exception())
            for future in waiting:
                future.cancel()
            log.error(
                "%d of %d parts of the %s bot of %s failed or overran in their worker "
                "processes; %s", len(waiting) - len(answered), len(waiting), bot_name, game.name,
                "the others decide" if answered else "a quicker bot moves",
            )
            self._stop(pool)
        if not answered:
            return None
        # On the event loop: a merge adds up at most a few hundred actions times a few hundred
        # worlds per part, well under a millisecond (docs/bots.md "In the web app").
        return merge(answered).text

    def close(self) -> None:
        """Stop the workers (decisions under way are dropped)."""
        if self._pool is not None:
            self._stop(self._pool)

    def worker_ids(self) -> list[int]:
        """Return the process ids of the running workers (for tests and diagnostics)."""
        # The executor lists its processes only in a private attribute (see `_stop`).
        processes = getattr(self._pool, "_processes", None) or {}
        return [process.pid for process in processes.values() if process.is_alive()]

    def _start(self) -> ProcessPoolExecutor:
        self._pool = ProcessPoolExecutor(
            self.processes, mp_context=multiprocessing.get_context("spawn")
        )
        return self._pool

    def _stop(self, pool: ProcessPoolExecutor) -> None:
        """Shut `pool` down without waiting, ending its workers (a busy one would run on)."""
        if self._pool is pool:
            self._pool = None
        # The executor has no public way to end a busy worker before Python 3.14
        # (terminate_workers), so end its processes directly.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
