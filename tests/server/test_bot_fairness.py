"""Bot turns are fair between clients (server/bots.py): one address with many matches delays
another's bot by a bounded number of turns, a quick bot never waits behind searches, and
matches that only bots play hold one of `max_bot_matches` places while they run (also those
that became bot-only when a person's seat was given to a bot).

The scheduler's tests drive the turns by hand, with futures: no clock, no threads."""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import itertools
import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import pytest

from ludoteca.core import Game, Seat
from ludoteca.server.bots import BotScheduler
from ludoteca.server.live import LiveMatch
from tests.server.support import assert_error, create, serve, view, wait_for
from tests.server.test_clocks import FakeTime
from tests.server.test_clocks import fake_time as fake_time  # a fixture of these tests too

T = TypeVar("T")
ABUSED_MATCHES = 15
ROUNDS = 3
"""Turns each of the abusing owner's matches asks for, one after the other, as a bot loop."""
STEPS = 10_000
"""Most passes of the event loop a test waits for something that needs a few."""


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run `coroutine` on an event loop of its own thread (see test_bot_scheduler.run_hub)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as runner:
        return runner.submit(asyncio.run, coroutine).result()


async def until(condition: Callable[[], bool]) -> None:
    """Let the other tasks run until `condition()` holds (at most STEPS passes: no clock)."""
    for _ in range(STEPS):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never came true")


class Turns:
    """Bot loops that queue for turns of a scheduler and hold each turn until the test ends it."""

    def __init__(self, scheduler: BotScheduler) -> None:
        self.scheduler = scheduler
        self.granted: list[str] = []
        """The matches in the order they got their turns."""
        self.holding: list[asyncio.Future[None]] = []
        self.tasks: list[asyncio.Task[None]] = []

    def start(self, owner: str, match: str, rounds: int = 1, searching: bool = False) -> None:
        """Start the bot loop of `match`, made by `owner`: `rounds` turns, one after the other."""

        async def loop() -> None:
            for _ in range(rounds):
                async with self.scheduler.turn(owner, searching):
                    self.granted.append(match)
                    done = asyncio.get_running_loop().create_future()
                    self.holding.append(done)
                    await done

        self.tasks.append(asyncio.get_running_loop().create_task(loop()))

    def settled(self) -> bool:
        """Return True if every loop not done holds a turn or waits for one (none between)."""
        running = sum(not task.done() for task in self.tasks)
        return running == len(self.holding) + self.scheduler.waiting

    async def end_one(self) -> None:
        """End the oldest turn under way, and wait until the turns have settled again."""
        await until(lambda: bool(self.holding))
        self.holding.pop(0).set_result(None)
        await until(self.settled)

    async def finish(self) -> None:
        """End every turn until every loop is done."""
        while not all(task.done() for task in self.tasks):
            await self.end_one()


def test_one_owner_with_fifteen_matches_delays_another_owners_turn_by_one_turn() -> None:
    async def scenario() -> list[str]:
        scheduler = BotScheduler()
        turns = Turns(scheduler)
        try:
            for number in range(ABUSED_MATCHES):
                turns.start("abuser", f"a{number}", rounds=ROUNDS)
            await until(lambda: scheduler.waiting == ABUSED_MATCHES - 1)
            for _ in range(5):  # the abuser's matches have been playing a while
                await turns.end_one()
            queued_at = len(turns.granted) - 1  # the turn under way
            turns.start("victim", "v")
            await until(lambda: scheduler.waiting == ABUSED_MATCHES)
            await turns.finish()
            return turns.granted[queued_at:]
        finally:
            scheduler.close()

    after = run(scenario())
    # The turn under way when the victim queued is at index 0 of `after`; then at most one turn
    # of the owner ahead in the rotation (first come, first served, it waited for 14).
    assert after.index("v") <= 2, after
    assert len(after) == ABUSED_MATCHES * ROUNDS - 5 + 1


def test_owners_take_turns_round_robin_each_owners_matches_in_order() -> None:
    async def scenario() -> list[str]:
        scheduler = BotScheduler()
        turns = Turns(scheduler)
        try:
            turns.start("first", "f0")  # holds the turn while the others queue
            await until(lambda: len(turns.granted) == 1)
            for owner, matches in (("a", 3), ("b", 1), ("c", 2)):
                for number in range(matches):
                    turns.start(owner, f"{owner}{number}")
            await until(lambda: scheduler.waiting == 6)
            await turns.finish()
            return turns.granted
        finally:
            scheduler.close()

    assert run(scenario()) == ["f0", "a0", "b0", "c0", "a1", "c1", "a2"]


def test_a_quick_bot_does_not_wait_behind_searching_bots() -> None:
    async def scenario() -> tuple[list[str], int]:
        scheduler = BotScheduler(processes=1)
        turns = Turns(scheduler)
        try:
            for number in range(ABUSED_MATCHES):
                turns.start("abuser", f"hard{number}", searching=True)
            await until(lambda: scheduler.waiting == ABUSED_MATCHES - 1)
            turns.start("victim", "quick")
            # Granted at once: one search still holds its turn, fourteen wait.
            await until(lambda: "quick" in turns.granted)
            searches_waiting = scheduler.waiting
            await turns.finish()
            return turns.granted, searches_waiting
        finally:
            scheduler.close()

    granted, searches_waiting = run(scenario())
    assert granted[:2] == ["hard0", "quick"]
    assert searches_waiting == ABUSED_MATCHES - 1


def test_a_match_remembers_the_address_that_made_it_as_its_bots_owner(tmp_path: Path) -> None:
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=[{"type": "human"}, {"type": "bot"}])
        live = client.app.state.hub.cache.cached(created["match_id"])
        assert live.owner == "testclient"  # the TestClient's address, as the rate limits see it
        rematch = client.post(f"/api/matches/{created['match_id']}/rematch",
                              json={"token": created["tokens"]["0"]})
        assert rematch.status_code == 200, rematch.text
        assert client.app.state.hub.cache.cached(rematch.json()["match_id"]).owner == "testclient"


# -- the cap on bot-only matches, counted while they run ----------------------------------------


class RecordingBot:
    """Plays a random legal action and notes the seed (one per match) of every decision."""

    name = "recording"

    def __init__(self) -> None:
        self.decisions: list[int] = []

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random, budget: Any = None
    ) -> Any:
        self.decisions.append(state.seed)
        return rng.choice(game.legal_actions(state))


def summary_if(
    client: Any, match_id: str, condition: Callable[[dict[str, Any]], bool]
) -> dict[str, Any] | None:
    """Return the match's summary if `condition` holds for it, else None."""
    summary: dict[str, Any] = view(client, match_id)["match"]
    return summary if condition(summary) else None


def person_to_move(client: Any, match_id: str) -> dict[str, Any] | None:
    """Return the match's summary once its person (seat 0) is to move, else None."""
    return summary_if(client, match_id, lambda summary: summary["current_player"] == 0)


def replaced(summary: dict[str, Any]) -> bool:
    """Return True if a bot plays the person's seat (seat 0)."""
    return bool(summary["seats"][0]["replaced"])


def finished(summary: dict[str, Any]) -> bool:
    """Return True if the match is over."""
    return bool(summary["status"] == "finished")


def test_matches_that_became_bot_only_take_places_and_wait_beyond_the_cap(
    tmp_path: Path, fake_time: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = RecordingBot()
    monkeypatch.setattr(LiveMatch, "bot", lambda live, seat: bot)
    person_and_bot = [{"type": "human"}, {"type": "bot", "bot": "random"}]
    seeds = (1, 2)
    with serve(tmp_path, max_bot_matches=1, clock_sweep_seconds=0.02) as client:
        match_ids = [
            create(client, players=2, seats=person_and_bot, seed=seed,
                   clock={"mode": "move", "seconds": 30})["match_id"]
            for seed in seeds
        ]
        for match_id in match_ids:
            wait_for(functools.partial(person_to_move, client, match_id), "the person's turn")
        before = len(bot.decisions)
        fake_time.advance(31)  # both people let their time run out: both matches only bots
        for match_id in match_ids:
            wait_for(functools.partial(summary_if, client, match_id, replaced), "the time-out")
        # The one place is taken by a match that became bot-only: no bot-only match is made.
        refused = client.post("/api/matches", json={
            "game": "keezen", "players": 2, "seats": [{"type": "bot"}] * 2,
        })
        assert_error(refused, 429, "too_busy")
        for match_id in match_ids:  # the waiting match is not lost: it plays when the place frees
            wait_for(functools.partial(summary_if, client, match_id, finished), "the end")
    after = bot.decisions[before:]
    assert sorted(set(after)) == sorted(seeds)
    # Each bot first plays the turn of the person out of time (who may come back only once it
    # has passed); from then on, one match played to its end, then the other, never both.
    rest = list(after)
    for seed in seeds:
        rest.remove(seed)
    changes = sum(1 for one, two in itertools.pairwise(rest) if one != two)
    assert changes == 1, after


def test_a_bot_only_match_without_a_place_waits_and_plays_on_when_its_person_returns(
    tmp_path: Path, fake_time: FakeTime
) -> None:
    person_and_bot = [{"type": "human"}, {"type": "bot", "bot": "random"}]
    with serve(tmp_path, max_bot_matches=0, clock_sweep_seconds=0.02) as client:
        places = client.app.state.hub.bots.bot_only
        created = create(client, players=2, seats=person_and_bot, seed=3,
                         clock={"mode": "move", "seconds": 30})
        match_id, token = created["match_id"], created["tokens"]["0"]
        wait_for(functools.partial(person_to_move, client, match_id), "the person's turn")
        fake_time.advance(31)  # the person's time runs out: only bots play the match now
        # The bot plays the person's turn, then the other bot waits for a place.
        wait_for(lambda: places.waiting == 1, "the match's bots to wait for a place")
        paused = view(client, match_id, token)
        assert paused["match"]["seats"][0]["replaced"]
        assert paused["match"]["current_player"] == 1

        back = client.post(f"/api/matches/{match_id}/return", json={"token": token})
        assert back.status_code == 200, back.text
        # A person plays again: the bot moves without a place, and the person's turn comes.
        summary = wait_for(functools.partial(person_to_move, client, match_id),
                           "the person's turn after the bot's move")
        assert summary["state_id"] > paused["state_id"]
        assert places.waiting == 0
