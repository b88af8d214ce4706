"""Server bots take turns (server/bots.py): round-robin over matches, never ahead of people, and
at most `max_bot_matches` matches without people at once (429 too_busy). A bot loop
(server/bot_play.py) goes on through a race with another process and a database outage."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from ludoteca.core import Game, Seat
from ludoteca.server import bot_play, leases, outages, storage
from ludoteca.server.app import create_app
from ludoteca.server.bots import BotScheduler
from ludoteca.server.hub import MatchHub
from ludoteca.server.live import LiveMatch
from ludoteca.server.schemas import CreateMatchRequest
from ludoteca.server.settings import ServerLimits
from tests.server.support import FOUR_HUMANS, POLL_SECONDS, TestClient, assert_error, create

ALL_BOTS = [{"type": "bot", "bot": "random"}] * 4


class RecordingBot:
    """Plays the first legal action and notes the seed (one per match) of every decision.

    Each decision waits until the gate is open: a bot that thinks for as long as the test wants.
    """

    name = "recording"

    def __init__(self) -> None:
        self.decisions: list[int] = []
        self.gate = threading.Event()
        self.started = 0

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, rng: Any, budget: Any = None
    ) -> Any:
        self.started += 1
        self.gate.wait(POLL_SECONDS)
        self.decisions.append(state.seed)
        return game.legal_actions(state)[0]


def run_hub(
    tmp_path: Path, bot: RecordingBot, scenario: Callable[[MatchHub], Awaitable[None]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Run `scenario` on a hub over a fresh database whose every bot is `bot`."""
    monkeypatch.setattr(LiveMatch, "bot", lambda live, seat: bot)

    async def main() -> None:
        hub = MatchHub(
            storage.Database(f"sqlite:///{tmp_path / 'bots.sqlite3'}"), bot_delay=0,
            bot_seconds=1.0,
        )
        try:
            await asyncio.wait_for(scenario(hub), POLL_SECONDS)
        finally:
            bot.gate.set()
            await hub.close()
            hub.db.dispose()

    # A thread of its own: on a pytest worker that has run the browser tests, Playwright's sync
    # API keeps an event loop running in the main thread, and asyncio.run refuses to nest.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as runner:
        runner.submit(asyncio.run, main()).result()


async def new_match(hub: MatchHub, seed: int, seats: list[dict[str, Any]]) -> LiveMatch:
    """Create a 4-player Keezen match with these seats and seed (every human seat claimed)."""
    request = CreateMatchRequest.model_validate(
        {"game": "keezen", "players": 4, "seats": seats, "seed": seed, "hotseat": True}
    )
    with hub.db.session() as session:
        live, _ = await hub.create(session, request)
    return live


async def until(condition: Callable[[], bool]) -> None:
    """Yield to the event loop until `condition()` holds (the caller bounds the wait)."""
    while not condition():
        await asyncio.sleep(0.001)


def test_bot_matches_are_served_round_robin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = RecordingBot()
    matches, rounds = 6, 8
    stored: list[int] = []

    async def scenario(hub: MatchHub) -> None:
        lives = [await new_match(hub, seed, ALL_BOTS) for seed in range(1, matches + 1)]
        # The first match's bot thinks until every match has come; then the queue runs.
        await until(lambda: bot.started == 1 and hub.bots.waiting == matches - 1)
        bot.gate.set()
        await until(lambda: len(bot.decisions) >= matches * rounds)
        stored.extend(live.state_id for live in lives)

    run_hub(tmp_path, bot, scenario, monkeypatch)
    seeds = bot.decisions
    # After every decision, no match has made two moves more than another: one move each per
    # turn of the queue.
    for end in range(1, len(seeds) + 1):
        made = [seeds[:end].count(seed) for seed in range(1, matches + 1)]
        assert max(made) - min(made) <= 1, seeds[:end]
    assert min(stored) >= rounds - 1


def test_a_human_action_does_not_wait_behind_busy_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = RecordingBot()
    answered: list[int] = []

    async def scenario(hub: MatchHub) -> None:
        people = await new_match(hub, 99, FOUR_HUMANS)
        for seed in range(1, 21):
            await new_match(hub, seed, ALL_BOTS)
        # One bot is thinking (held at the gate), the 19 other matches queue for their turn.
        await until(lambda: bot.started == 1 and hub.bots.waiting == 19)
        state = people.state
        text = people.game.action_to_text(state, people.game.legal_actions(state)[0])
        await hub.act(people, people.game.current_player(state), 0, text)
        answered.append(len(bot.decisions))
        bot.gate.set()
        await until(lambda: len(bot.decisions) >= 20)

    run_hub(tmp_path, bot, scenario, monkeypatch)
    assert answered == [0]  # the person's move was stored and shown before any bot's


def test_matches_without_people_are_capped_with_too_busy(tmp_path: Path) -> None:
    limits = ServerLimits(max_bot_matches=2, create_rate="1000/minute")
    # Bots that wait a minute before each move keep their matches playing during the test.
    app = create_app(
        f"sqlite:///{tmp_path / 'cap.sqlite3'}", bot_delay=60.0, bot_seconds=0.05, limits=limits
    )
    with TestClient(app) as client:
        for _ in range(2):
            create(client, seats=ALL_BOTS)
        refused = client.post("/api/matches", json={"game": "keezen", "seats": ALL_BOTS})
        message = assert_error(refused, 429, "too_busy")
        assert "2 matches" in message
        # A match with a person in it is still welcome.
        create(client, seats=[{"type": "human"}, *ALL_BOTS[1:]])


# -- the bot loop goes on through races and outages ----------------------------------------------


class RandomBot(RecordingBot):
    """Plays a random legal action (seeded per state by the server): games reach their end."""

    def choose(
        self, game: Game[Any, Any], state: Any, seat: Seat, rng: Any, budget: Any = None
    ) -> Any:
        self.decisions.append(state.seed)
        return rng.choice(game.legal_actions(state))


async def bot_only_match(hub: MatchHub) -> LiveMatch:
    """Create a 2-player Keezen match of two bots."""
    request = CreateMatchRequest.model_validate(
        {"game": "keezen", "players": 2, "seats": ALL_BOTS[:2]}
    )
    with hub.db.session() as session:
        live, _ = await hub.create(session, request)
    return live


def outage() -> OperationalError:
    """Return what SQLAlchemy raises when PostgreSQL restarts under a statement."""
    return OperationalError("INSERT INTO actions ...", {}, Exception("server closed connection"))


def bots_finish_a_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    prepare: Callable[[MatchHub], None] = lambda hub: None,
) -> bool:
    """Return True if the bot loop of a new match of two bots played it to its end, on a hub
    first given to `prepare`."""
    bot = RandomBot()
    bot.gate.set()
    finished: list[bool] = []

    async def scenario(hub: MatchHub) -> None:
        prepare(hub)
        live = await bot_only_match(hub)
        await until(lambda: live.bot_task is not None and live.bot_task.done())
        finished.append(live.finished)

    run_hub(tmp_path, bot, scenario, monkeypatch)
    return finished == [True]


def test_the_bot_loop_goes_on_when_another_process_moves_the_match_on_during_the_lease(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raced: list[int] = []
    holds_lease = bot_play._holds_lease

    async def racing_lease(hub: MatchHub, live: LiveMatch) -> bool:
        # Another process's action arrives while this one takes the lease: the copy moves on
        # after the loop looked at who is to move.
        if len(raced) < 3 and (seat := live.bot_to_move()) is not None:
            state = live.state
            text = live.game.action_to_text(state, live.game.legal_actions(state)[0])
            await hub.act(live, seat, live.state_id, text, by_bot=True)
            raced.append(live.state_id)
        return await holds_lease(hub, live)

    monkeypatch.setattr(bot_play, "_holds_lease", racing_lease)
    # The loop does not end at the race: the bots play to the end.
    assert bots_finish_a_match(tmp_path, monkeypatch)
    assert len(raced) == 3


def test_the_bot_loop_waits_out_a_database_outage_and_finishes_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pauses: list[int] = []

    def counted_pause(failures: int) -> float:
        pauses.append(failures)
        return 0.0  # counted, not waited: 0.5 s doubling to 5 s in the server

    monkeypatch.setattr(outages, "backoff", counted_pause)
    holds_lease = bot_play._holds_lease
    lease_failures = [outage(), outage()]

    async def failing_lease(hub: MatchHub, live: LiveMatch) -> bool:
        if lease_failures:
            raise lease_failures.pop()
        return await holds_lease(hub, live)

    monkeypatch.setattr(bot_play, "_holds_lease", failing_lease)
    act_failures = [outage(), outage(), outage()]

    def failing_acts(hub: MatchHub) -> None:
        act = hub.act

        async def failing_act(*args: Any, **keywords: Any) -> str:
            if act_failures:
                raise act_failures.pop()
            return await act(*args, **keywords)

        monkeypatch.setattr(hub, "act", failing_act)

    assert bots_finish_a_match(tmp_path, monkeypatch, failing_acts)
    assert pauses == [1, 2, 3, 4, 5]  # five failed turns in a row, each followed by a pause


def test_the_bot_loop_ends_quietly_when_the_database_cannot_take_back_its_lease(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreachable(*args: Any) -> None:
        raise outage()

    async def no_bot_to_move(hub: Any, live: Any) -> None:
        return None

    monkeypatch.setattr(leases, "give_up", unreachable)
    monkeypatch.setattr(bot_play, "_play_bot_moves", no_bot_to_move)
    scheduler = BotScheduler()
    hub = SimpleNamespace(  # with other processes: the lease is given up at the end
        fanout=SimpleNamespace(origin="this process"), closing=False,
        db=SimpleNamespace(engine=None), bots=scheduler, limits=ServerLimits(),
    )
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as runner:
            ended = runner.submit(asyncio.run, bot_play._play_bots(hub, SimpleNamespace(
                match_id="m")))
            assert ended.result() is None  # the lease runs out by itself: nothing is raised
    finally:
        scheduler.close()
