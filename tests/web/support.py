"""Helpers of the browser tests: launching Chromium and playing through the page like a person."""

from __future__ import annotations

import functools
import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, Playwright, expect

from tests.server.support import bearer


@functools.cache
def http() -> httpx.Client:
    """Return this process's client for the test servers' API.

    One for all: each new httpx client builds an SSL context from the CA bundle, 50–120 ms of
    CPU, and the browser tests make thousands of plain-HTTP calls to their local servers.
    """
    return httpx.Client(timeout=10)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
STARTUP_SECONDS = 20.0
YOUR_TURN = "[data-testid=turn][data-your-turn=true]"
MAX_CLICKS_PER_MOVE = 6  # card, pawn, hole, and for a split 7 a second pawn and hole


def launch_browser(playwright: Playwright) -> Browser:
    """Return headless Chromium from Debian's package."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def free_port() -> int:
    """Return a TCP port that is free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serve_app(database: Path, bot_delay: float = 0.0, port: int | None = None,
              bot_seconds: float = 0.05, **settings: Any) -> Iterator[str]:
    """Run the app in a uvicorn thread until the block ends; yield its base URL.

    Bots answer at once (`bot_delay` 0) with a small time budget (`bot_seconds`: the hard bot's
    thinking time); `port` defaults to a free one.
    Every test browses from 127.0.0.1, so the rate limits are far above the defaults.
    `settings` are more ServerLimits fields (`clock_sweep_seconds=0.1`: time-outs come soon).
    """
    import uvicorn

    from ludoteca.server.app import create_app
    from ludoteca.server.settings import ServerLimits

    limits = ServerLimits(create_rate="100000/minute", request_rate="1000000/minute", **settings)
    app = create_app(f"sqlite:///{database}", bot_delay=bot_delay, bot_seconds=bot_seconds,
                     limits=limits)
    config = uvicorn.Config(app, host="127.0.0.1", port=port or free_port(), log_level="warning",
                            ws="websockets-sansio")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="ludoteca-web-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=STARTUP_SECONDS)


def create_match(page: Page, players: int, seats: list[str], hotseat: bool = False,
                 name: str | None = None, game: str = "keezen") -> str:
    """Fill in the lobby's new-game form and start; return the new match id.

    `seats` holds per seat "human" or "bot:<name>", as the seat selects offer them.
    """
    page.goto("/")
    page.get_by_test_id("game").select_option(game)
    page.get_by_test_id("players").select_option(str(players))
    for seat, kind in enumerate(seats):
        page.locator(f"[data-testid=seat-type][data-seat='{seat}']").select_option(kind)
    if name is not None:
        page.get_by_test_id("player-name").fill(name)
    if hotseat:
        page.get_by_test_id("hotseat").check()
    page.get_by_test_id("create-match").click()
    match_page = page.get_by_test_id("match-page")
    expect(match_page).to_be_visible()
    # A match with seats left for others to join waits for them: the waiting room, no board.
    board = page.get_by_test_id("board")
    expect(board.or_(page.get_by_test_id("waiting-room"))).to_be_visible()
    match_id = match_page.get_attribute("data-match-id")
    assert match_id
    return match_id


def open_replay_at_first_step(page: Page) -> None:
    """From a finished match's end screen, open its replay and go to step 0."""
    page.get_by_test_id("result-replay").click()
    replay = page.get_by_test_id("replay-page")
    # The replay's buttons step through the record once it has loaded, which sets data-step.
    expect(replay).to_have_attribute("data-step", re.compile(r"\d+"))
    page.get_by_test_id("replay-first").click()
    expect(page.get_by_test_id("replay-page")).to_have_attribute("data-step", "0")


def state_id(page: Page) -> int:
    """Return the state shown on the match page."""
    return int(page.get_by_test_id("match-page").get_attribute("data-state-id") or "-1")


def play_random_move(page: Page, rng: random.Random) -> str:
    """Play one move by clicks only: a random playable card, then random highlighted holes.

    Returns the action text the page sent. Waits until the page shows the state after it.
    """
    before = state_id(page)
    cards = page.locator("[data-testid=hand-card][data-playable=true]")
    expect(cards.first).to_be_visible()
    cards.nth(rng.randrange(cards.count())).click()
    choices = page.locator("[data-testid=board] [data-choice]")
    for _ in range(MAX_CLICKS_PER_MOVE):
        count = choices.count()
        if count == 0:  # the last click completed a legal action and the page sent it
            break
        choices.nth(rng.randrange(count)).click()
    else:
        raise AssertionError("no legal action after the most clicks any move needs")
    expect(page.get_by_test_id("match-page")).not_to_have_attribute(
        "data-state-id", str(before))
    action = page.get_by_test_id("match-page").get_attribute("data-last-action")
    assert action
    return action


def api_match_with_moves(base_url: str, moves: int, players: int = 4,
                         seed: int = 11) -> tuple[str, dict[str, str]]:
    """Create a match of human seats, all held by the test, and play `moves` first legal actions.

    Returns the match id and the seat tokens (keys are seat numbers as text).
    """
    created = http().post(f"{base_url}/api/matches", timeout=10, json={
        "game": "keezen", "players": players, "seats": [{"type": "human"}] * players,
        "claim": list(range(players)), "seed": seed,
    })
    created.raise_for_status()
    match_id: str = created.json()["match_id"]
    tokens: dict[str, str] = created.json()["tokens"]
    for _ in range(moves):
        api_play_first_action(base_url, match_id, tokens)
    return match_id, tokens


def api_play_first_action(base_url: str, match_id: str, tokens: dict[str, str]) -> str:
    """Play the first legal action of the seat to move (the test holds every seat); return it."""
    seat = api_get(base_url, f"/matches/{match_id}")["current_player"]
    token = tokens[str(seat)]
    view = api_get(base_url, f"/matches/{match_id}/view", token=token)
    action: str = view["observation"]["legal_actions"][0]
    answer = http().post(f"{base_url}/api/matches/{match_id}/actions", timeout=10, json={
        "token": token, "state_id": view["state_id"], "action": action,
    })
    answer.raise_for_status()
    return action


def api_get(base_url: str, path: str, token: str | None = None) -> Any:
    """Return the JSON of GET /api<path>, as the seat of `token` if given."""
    response = http().get(f"{base_url}/api{path}", headers=bearer(token), timeout=10)
    response.raise_for_status()
    return response.json()


def api_play_until(base_url: str, wanted: Any, players: int = 4, seed: int = 1,
                   max_moves: int = 400) -> tuple[str, dict[str, str], int, list[str]]:
    """Play first legal actions in a new all-human match until `wanted(legal_texts)` is true.

    Returns the match id, the tokens, the seat to move and its legal action texts.
    """
    with httpx.Client(base_url=base_url, timeout=10) as client:
        created = client.post("/api/matches", json={
            "game": "keezen", "players": players, "seats": [{"type": "human"}] * players,
            "claim": list(range(players)), "seed": seed,
        }).json()
        match_id, tokens = created["match_id"], created["tokens"]
        for _ in range(max_moves):
            seat = client.get(f"/api/matches/{match_id}").json()["current_player"]
            view = client.get(f"/api/matches/{match_id}/view",
                              headers=bearer(tokens[str(seat)])).json()
            legal = view["observation"]["legal_actions"]
            if wanted(legal):
                return match_id, tokens, seat, legal
            client.post(f"/api/matches/{match_id}/actions", json={
                "token": tokens[str(seat)], "state_id": view["state_id"], "action": legal[-1],
            }).raise_for_status()
    raise AssertionError(f"no wanted position within {max_moves} moves")


def open_as_seat(page: Page, match_id: str, seat: int, token: str) -> None:
    """Open the match page as the holder of one seat (as if this browser had joined it)."""
    page.goto("/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"ludoteca.tokens.{match_id}", f'{{"{seat}": "{token}"}}'])
    page.goto(f"/#/match/{match_id}")
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-seat", str(seat))
