"""Hard bots think in worker processes (server/bot_pool.py): the same choice as in-process for
the same seed, also when a decision is split into parts, a stand-in bot when the pool breaks,
and `--bot-processes` and `--bot-root-parallel` bounded."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import random
import signal
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

import ludoteca
from ludoteca.bots import Budget, ISMCTSBot, make_bot
from ludoteca.bots.root_parallel import RootSummary, merge
from ludoteca.cli import main
from ludoteca.core.registry import available_games
from ludoteca.server import bot_pool
from ludoteca.server.app import create_app
from ludoteca.server.bot_pool import (
    MAX_BOT_PROCESSES,
    MAX_ROOT_PARALLEL,
    BotPool,
    fallback_bot,
    search_part_in_worker,
    searches,
)
from ludoteca.server.bots import BotScheduler
from tests.server.support import (
    POLL_SECONDS,
    TestClient,
    create,
    play_turn,
    serve,
    view,
    wait_for,
)

T = TypeVar("T")
ITERATIONS = Budget(iterations=40)
HARD_BOT_FIRST = [{"type": "bot", "bot": "ismcts"}, {"type": "human"}]


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run `coroutine` to its end on an event loop of its own thread (see test_bot_scheduler)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as runner:
        return runner.submit(asyncio.run, coroutine).result()


@pytest.fixture(scope="module")
def pool() -> Iterator[BotPool]:
    """Yield one worker process for the module's decisions (spawning one takes a moment; on a
    loaded machine more than the server's margin, so the test's patience bounds the answer)."""
    shared = BotPool(1, answer_margin_seconds=POLL_SECONDS)
    yield shared
    shared.close()


def started(game_name: str, moves: int, seed: int) -> tuple[ludoteca.Game[Any, Any], Any]:
    """Return a 2-player game and its state after `moves` seeded random moves."""
    game = ludoteca.load(game_name, 2)
    state = game.initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return game, state


def in_process(game: ludoteca.Game[Any, Any], state: Any, seed: int, bot: str) -> str:
    """Return the text of what a new `bot` chooses here, seeded with `seed`."""
    seat = game.current_player(state)
    action = make_bot(bot, game).choose(game, state, seat, random.Random(seed), ITERATIONS)
    return game.action_to_text(state, action)


def human_turn(client: TestClient, match_id: str) -> dict[str, Any]:
    """Wait until the human (seat 1) is to move in a running match; return the spectator view."""

    def human_to_move() -> dict[str, Any] | None:
        current = view(client, match_id)
        match = current["match"]
        return current if match["current_player"] == 1 and match["status"] == "running" else None

    return wait_for(human_to_move, "the human's turn")


def client_hub(client: TestClient) -> Any:
    """Return the MatchHub behind a test client's app."""
    return client.app.state.hub


@pytest.mark.parametrize("game_name", available_games())
def test_a_decision_in_the_pool_equals_the_same_decision_in_process(pool, game_name):
    for moves, seed in ((3, 11), (12, 29)):
        game, state = started(game_name, moves, seed)
        seat = game.current_player(state)
        options = dict(game.options)
        text = run(pool.choose(game, options, state, seat, seed, "ismcts", ITERATIONS))
        assert text == in_process(game, state, seed, "ismcts")
        assert text in {game.action_to_text(state, a) for a in game.legal_actions(state)}


def test_only_the_hard_level_searches_in_the_pool():
    for game_name in available_games():
        assert searches(game_name, "ismcts")
        assert not searches(game_name, "random")
        assert not searches(game_name, fallback_bot(game_name))
    assert fallback_bot("keezen") == "heuristic"


def test_a_server_hard_bot_moves_through_the_pool(tmp_path: Path):
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=HARD_BOT_FIRST)
        match_id, tokens = created["match_id"], created["tokens"]
        after_human, bot_moves = 0, 0  # Keezen deals the first turn to either seat
        for _ in range(40):
            bot_moves += human_turn(client, match_id)["state_id"] - after_human
            if bot_moves >= 2:
                break
            after_human = play_turn(client, match_id, tokens, lambda legal: legal[0])["state_id"]
        assert bot_moves >= 2
        assert client_hub(client).bots.pool.worker_ids()  # they were decided in a worker


def test_a_killed_worker_makes_the_stand_in_bot_move_and_a_new_pool_follows(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.ERROR, logger="ludoteca.server.bot_pool")
    with serve(tmp_path) as client:
        created = create(client, players=2, seats=HARD_BOT_FIRST)
        match_id, tokens = created["match_id"], created["tokens"]
        pool = client_hub(client).bots.pool
        human_turn(client, match_id)
        for _ in range(40):  # until the bot has moved once (its worker has started)
            if pool.worker_ids():
                break
            play_turn(client, match_id, tokens, lambda legal: legal[0])
            human_turn(client, match_id)
        killed = pool.worker_ids()
        assert killed
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda: not set(killed) & set(pool.worker_ids()), "the worker's death")

        for _ in range(40):  # until the bot has to move again, and does
            after_human = play_turn(client, match_id, tokens, lambda legal: legal[0])["state_id"]
            moved = human_turn(client, match_id)
            if "failed in its worker process" in caplog.text:
                break
        assert "failed in its worker process" in caplog.text
        assert moved["state_id"] > after_human  # the stand-in bot moved

        for _ in range(40):  # and the next hard bot move is made in a new pool
            play_turn(client, match_id, tokens, lambda legal: legal[0])
            human_turn(client, match_id)
            if pool.worker_ids():
                break
        renewed = pool.worker_ids()
        assert renewed and not set(renewed) & set(killed)


def test_the_stand_in_choice_is_the_quick_bots_with_the_same_seed(
    caplog: pytest.LogCaptureFixture,
):
    caplog.set_level(logging.ERROR, logger="ludoteca.server.bot_pool")
    game, state = started("keezen", 5, 3)
    seat = game.current_player(state)
    options = dict(game.options)
    scheduler = BotScheduler(answer_margin_seconds=POLL_SECONDS)

    async def search() -> str:
        return await scheduler.search(game, options, state, seat, 5, "ismcts", ITERATIONS)

    try:
        searched = run(search())
        killed = scheduler.pool.worker_ids()
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda: not set(killed) & set(scheduler.pool.worker_ids()), "the worker's death")
        assert "failed" not in caplog.text
        stand_in = run(search())
        assert "failed in its worker process" in caplog.text
        searched_again = run(search())
    finally:
        scheduler.close()
    assert searched == searched_again == in_process(game, state, 5, "ismcts")
    assert stand_in == in_process(game, state, 5, "heuristic")


@pytest.mark.parametrize("bad", ["0", "-1", str(MAX_BOT_PROCESSES + 1), "two", "1.5"])
def test_bad_bot_process_counts_are_refused(bad, capsys):
    assert main(["serve", "--bot-processes", bad]) == 2
    error = capsys.readouterr().err
    assert "--bot-processes" in error
    assert "bot processes" in error
    assert bad in error


@pytest.mark.parametrize("bad", [0, MAX_BOT_PROCESSES + 1])
def test_the_app_refuses_a_bad_bot_process_count(tmp_path: Path, bad):
    with pytest.raises(ValueError, match=f"from 1 to {MAX_BOT_PROCESSES}, not {bad}"):
        create_app(f"sqlite:///{tmp_path / 'bad.sqlite3'}", bot_processes=bad)


def merged_in_process(game: ludoteca.Game[Any, Any], state: Any, seed: int, parts: int) -> str:
    """Return the text the merged parts 0 .. parts-1 of a new ISMCTS decision choose here."""
    seat = game.current_player(state)
    return merge([
        ISMCTSBot().search_part(game, state, seat, random.Random(seed), ITERATIONS, part)
        for part in range(parts)
    ]).text


def test_a_decision_in_two_parts_merges_them_as_in_process():
    game, state = started("thurn_und_taxis", 12, 29)
    seat = game.current_player(state)
    split = BotPool(2, answer_margin_seconds=POLL_SECONDS, root_parallel=2)
    try:
        assert split.parts == 2
        text = run(split.choose(game, dict(game.options), state, seat, 29, "ismcts", ITERATIONS))
        assert len(split.worker_ids()) == 2
    finally:
        split.close()
    assert text == merged_in_process(game, state, 29, 2)
    assert text in {game.action_to_text(state, a) for a in game.legal_actions(state)}
    assert BotPool(1, root_parallel=4).parts == 1  # never more parts than workers


def failing_parts(failing: set[int]) -> Callable[..., RootSummary]:
    """Return `search_part_in_worker` with the parts numbered in `failing` raising."""

    def search_part(*args: Any) -> RootSummary:
        if args[-1] in failing:
            raise RuntimeError(f"part {args[-1]} fails")
        return search_part_in_worker(*args)

    return search_part


@pytest.mark.parametrize("failing", [{1}, {0, 1}])
def test_parts_that_fail_cost_the_pool_and_the_others_decide(
    failing: set[int], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.ERROR, logger="ludoteca.server.bot_pool")
    monkeypatch.setattr(bot_pool, "search_part_in_worker", failing_parts(failing))
    game, state = started("keezen", 5, 3)
    seat = game.current_player(state)
    split = BotPool(2, root_parallel=2)
    # Threads stand in for the worker processes, which could not see the patched function.
    split._pool = concurrent.futures.ThreadPoolExecutor(2)  # type: ignore[assignment]
    text = run(split.choose(game, dict(game.options), state, seat, 3, "ismcts", ITERATIONS))
    assert "a part of the ismcts bot of keezen failed in its worker process" in caplog.text
    assert split._pool is None  # the next decision starts a new pool
    if failing == {1}:
        assert "1 of 2 parts" in caplog.text and "the others decide" in caplog.text
        assert text == in_process(game, state, 3, "ismcts")  # part 0 alone: the single search
    else:
        assert "a quicker bot moves" in caplog.text
        assert text is None


def test_the_stand_in_moves_when_the_parts_workers_die(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.ERROR, logger="ludoteca.server.bot_pool")
    game, state = started("keezen", 5, 3)
    seat = game.current_player(state)
    options = dict(game.options)
    scheduler = BotScheduler(processes=2, answer_margin_seconds=POLL_SECONDS, root_parallel=2)

    async def search() -> str:
        return await scheduler.search(game, options, state, seat, 5, "ismcts", ITERATIONS)

    try:
        searched = run(search())
        killed = scheduler.pool.worker_ids()
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda: not set(killed) & set(scheduler.pool.worker_ids()), "the workers' death")
        stand_in = run(search())
        assert "a quicker bot moves" in caplog.text
    finally:
        scheduler.close()
    assert searched == merged_in_process(game, state, 5, 2)
    assert stand_in == in_process(game, state, 5, "heuristic")


@pytest.mark.parametrize("bad", ["0", str(MAX_ROOT_PARALLEL + 1), "two"])
def test_bad_root_parallel_counts_are_refused(bad, capsys, tmp_path: Path):
    assert main(["serve", "--bot-root-parallel", bad]) == 2
    error = capsys.readouterr().err
    assert "--bot-root-parallel" in error and "bot root parallel" in error and bad in error
    if bad != "two":
        with pytest.raises(ValueError, match=f"from 1 to {MAX_ROOT_PARALLEL}, not {bad}"):
            create_app(f"sqlite:///{tmp_path / 'bad.sqlite3'}", bot_root_parallel=int(bad))
