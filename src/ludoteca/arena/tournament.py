"""An arena run: seat-rotated games between bots, played in one process or a pool of them.

Game i is fixed by the run seed and i alone: its seating is entry i mod C of the schedule's
cycle of C seatings, its deal comes from the seed and its cycle i div C (every seating of a
cycle plays the same deal) and the bots' choices from the seed and i. So the games, and all
that is computed from them, do not depend on the number of processes - as long as the bots
think by iterations, not by the clock. Results reach `on_game` in index order whatever order
the workers finish in.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import lru_cache
from multiprocessing import get_context
from typing import Any

from ludoteca.arena.match import MatchResult, Progress, game_teams, play_match
from ludoteca.arena.ratings import BotTally, Outcome, Pairing, pairings, tallies
from ludoteca.arena.schedule import Seating, seatings, whole_cycles
from ludoteca.arena.specs import Contestant
from ludoteca.core import JSON, Game, load
from ludoteca.core.chance import event_rng, fresh_seed
from ludoteca.core.spec import Teams


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


def plan_arena(config: ArenaConfig, processes: int = 1) -> ArenaPlan:
    """Return the plan of `config`; ValueError saying why if the run cannot be played."""
    if processes < 1:
        raise ValueError(f"the number of processes must be at least 1, got {processes}")
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
) -> ArenaResult:
    """Return the run of `config` (games rounded up to whole cycles) over `processes` processes."""
    plan = plan_arena(config, processes)
    jobs = [_job(config, plan, index) for index in range(plan.total)]
    started = time.perf_counter()
    played: list[ArenaGame] = []
    for result in _results(jobs, processes, progress):
        played.append(result)
        if on_game is not None:
            on_game(result)
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


def _results(
    jobs: list[GameJob], processes: int, progress: Progress | None
) -> Iterator[ArenaGame]:
    """Yield the played games in index order, reporting progress as each one finishes."""
    if progress is not None:  # the bar shows the total before the first game ends
        progress(0, len(jobs))
    if processes == 1:
        for done, job in enumerate(jobs, start=1):
            yield play_job(job)
            if progress is not None:
                progress(done, len(jobs))
        return
    # forkserver: workers start from a clean process, not a copy of one running a progress thread
    pool = ProcessPoolExecutor(processes, mp_context=get_context("forkserver"))
    try:
        futures: list[Future[ArenaGame]] = [pool.submit(play_job, job) for job in jobs]
        finished: dict[int, ArenaGame] = {}
        next_index = 0
        for done, future in enumerate(as_completed(futures), start=1):
            result = future.result()
            finished[result.index] = result
            if progress is not None:
                progress(done, len(jobs))
            while next_index in finished:
                yield finished.pop(next_index)
                next_index += 1
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
