"""An arena run: seat-rotated games between bots, played in one process or a pool of them.

Game i is fixed by the run seed and i alone: its seating is entry i mod C of the schedule's
cycle of C seatings, its deal comes from the seed and its cycle i div C (every seating of a
cycle plays the same deal) and the bots' choices from the seed and i. So the games, and all
that is computed from them, do not depend on the number of processes - as long as the bots
think by iterations, not by the clock. Results reach `on_game` in index order whatever order
the workers finish in.

Two engines play the games: `local` (this process, or a pool of `processes` processes) and `ray`
(Ray tasks on a cluster or a local Ray instance; see ray_engine.py). Both run `play_job`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import lru_cache
from multiprocessing import get_context
from typing import Any

from ludoteca.arena import ray_engine
from ludoteca.arena.match import MatchResult, Progress, game_teams, play_match
from ludoteca.arena.ratings import BotTally, Outcome, Pairing, pairings, tallies
from ludoteca.arena.schedule import Seating, seatings, whole_cycles
from ludoteca.arena.specs import Contestant
from ludoteca.core import JSON, Game, load
from ludoteca.core.chance import event_rng, fresh_seed
from ludoteca.core.spec import Teams

ENGINES = ("local", "ray")


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """What to play: the game, its seats and options, the bots, how many games, the seed."""

    game: str
    players: int | None
    contestants: tuple[Contestant, ...]
    games: int
    seed: int = 0
    options: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def labels(self) -> tuple[str, ...]:
        """Return the bots' canonical labels, in the order given."""
        return tuple(contestant.label for contestant in self.contestants)


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """One game of a run: its index, the bot label in each seat, and its result."""

    index: int
    seating: tuple[str, ...]
    result: MatchResult

    @property
    def outcome(self) -> Outcome:
        """Return the game as the ratings see it."""
        return Outcome(self.seating, self.result.returns)

    @property
    def record(self) -> dict[str, JSON]:
        """Return its replayable record, with the bot in each seat and the game's index."""
        return {**self.result.record, "bots": list(self.seating), "index": self.index}


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """A finished run: what was played, every game in index order, and the time it took."""

    game: str
    num_players: int
    bots: tuple[str, ...]
    teams: Teams
    cycle: int
    games: tuple[ArenaGame, ...]
    elapsed: float

    @property
    def tallies(self) -> list[BotTally]:
        """Return each bot's games, wins, draws and rating, best first."""
        return tallies([game.outcome for game in self.games], self.bots, self.teams)

    @property
    def pairings(self) -> list[Pairing]:
        """Return the head-to-head records of 2-player games (empty for more players)."""
        return pairings([game.outcome for game in self.games], self.bots)


@dataclass(frozen=True, slots=True)
class GameJob:
    """Everything a worker needs to play game `index` (small and picklable)."""

    game: str
    players: int
    options: str  # JSON text: hashable, so a worker loads each game once
    index: int
    seating: tuple[Contestant, ...]
    seed: int
    bots_seed: int


@dataclass(frozen=True, slots=True)
class ArenaPlan:
    """A checked run: the loaded game, the schedule's cycle and the games to play."""

    game: Game[Any, Any]
    cycle: tuple[Seating, ...]
    total: int


def plan_arena(config: ArenaConfig, processes: int = 1, engine: str = "local") -> ArenaPlan:
    """Return the plan of `config`; ValueError saying why if the run cannot be played, and
    ImportError naming the extra if the engine is not installed."""
    if processes < 1:
        raise ValueError(f"the number of processes must be at least 1, got {processes}")
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: choose {' or '.join(ENGINES)}")
    if engine == "ray":
        ray_engine.require_ray()
    labels = config.labels
    if len(labels) < 2:
        raise ValueError(f"the arena needs at least two bots, got {', '.join(labels)}")
    if len(set(labels)) != len(labels):
        raise ValueError(f"each bot may be named once, got {', '.join(labels)}")
    game = load(config.game, config.players, **dict(config.options))
    for contestant in config.contestants:  # an unknown bot fails here, before any game
        contestant.make(game)
    cycle = seatings(len(labels), game.num_players)
    return ArenaPlan(game, cycle, whole_cycles(config.games, len(cycle)))


def run_arena(
    config: ArenaConfig,
    processes: int = 1,
    progress: Progress | None = None,
    on_game: Callable[[ArenaGame], None] | None = None,
    engine: str = "local",
    ray_address: str | None = None,
) -> ArenaResult:
    """Return the run of `config` (games rounded up to whole cycles) over `processes` processes.

    With `engine="ray"` the games are Ray tasks: on the cluster at `ray_address` (default the
    RAY_ADDRESS variable), else on a local Ray instance of `processes` CPUs."""
    plan = plan_arena(config, processes, engine)
    jobs = [_job(config, plan, index) for index in range(plan.total)]
    started = time.perf_counter()
    played: list[ArenaGame] = []
    if engine == "ray":
        finished = ray_engine.play_on_ray(jobs, processes, ray_address)
    elif processes == 1:
        finished = (play_job(job) for job in jobs)
    else:
        finished = _play_in_pool(jobs, processes)
    try:
        for result in _in_index_order(finished, len(jobs), progress):
            played.append(result)
            if on_game is not None:
                on_game(result)
    finally:  # stop the engine now, also after an error, not when `finished` is collected
        finished.close()
    return ArenaResult(
        game=plan.game.name,
        num_players=plan.game.num_players,
        bots=config.labels,
        teams=game_teams(plan.game),
        cycle=len(plan.cycle),
        games=tuple(played),
        elapsed=time.perf_counter() - started,
    )


def _job(config: ArenaConfig, plan: ArenaPlan, index: int) -> GameJob:
    cycle = len(plan.cycle)
    return GameJob(
        game=config.game,
        players=plan.game.num_players,
        options=json.dumps(dict(config.options), sort_keys=True),
        index=index,
        seating=tuple(config.contestants[bot] for bot in plan.cycle[index % cycle]),
        seed=fresh_seed(event_rng(config.seed, "deal", index // cycle)),
        bots_seed=fresh_seed(event_rng(config.seed, "bots", index)),
    )


def _in_index_order(
    finished: Iterator[ArenaGame], total: int, progress: Progress | None
) -> Iterator[ArenaGame]:
    """Yield the games of `finished` (in any order) in index order, reporting progress as each
    one finishes."""
    if progress is not None:  # the bar shows the total before the first game ends
        progress(0, total)
    waiting: dict[int, ArenaGame] = {}
    next_index = 0
    for done, result in enumerate(finished, start=1):
        waiting[result.index] = result
        if progress is not None:
            progress(done, total)
        while next_index in waiting:
            yield waiting.pop(next_index)
            next_index += 1


def _play_in_pool(jobs: Iterable[GameJob], processes: int) -> Generator[ArenaGame, None, None]:
    """Yield the games of `jobs` played by a pool of `processes` processes, as they finish."""
    # forkserver: workers start from a clean process, not a copy of one running a progress thread
    pool = ProcessPoolExecutor(processes, mp_context=get_context("forkserver"))
    try:
        futures: list[Future[ArenaGame]] = [pool.submit(play_job, job) for job in jobs]
        for future in as_completed(futures):
            yield future.result()
    finally:  # after an error or an interruption, drop the games not yet started
        pool.shutdown(cancel_futures=True)


def play_job(job: GameJob) -> ArenaGame:
    """Return game `job.index` played with fresh bots (no bot carries memory between games)."""
    game = _load(job.game, job.players, job.options)
    bots = [contestant.make(game) for contestant in job.seating]
    result = play_match(game, bots, seed=job.seed, rng_seed=job.bots_seed)
    return ArenaGame(job.index, tuple(contestant.label for contestant in job.seating), result)


@lru_cache(maxsize=8)
def _load(name: str, players: int, options: str) -> Game[Any, Any]:
    return load(name, players, **json.loads(options))
