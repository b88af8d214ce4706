"""A hard bot thinks in a worker process: while it thinks, another match takes a move and shows
it, and then the hard bot's match reaches its first human turn."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import page_opener
from tests.web.support import (
    YOUR_TURN,
    api_get,
    create_match,
    play_random_move,
    serve_app,
)

BOT_SECONDS = 2.0
"""The hard bot's thinking time per action: long enough for the other match to move meanwhile."""
HUMAN_TURN_MS = 120_000
"""Generous bound for the hard bot's whole first turn (several actions) on a loaded machine."""


@pytest.fixture
def hard_bot_server(tmp_path: Path) -> Iterator[str]:
    """Serve the app with hard bots thinking BOT_SECONDS per action."""
    with serve_app(tmp_path / "hard.sqlite3", bot_seconds=BOT_SECONDS) as url:
        yield url


def create_match_against_hard_bot(page: Page) -> str:
    """Choose, in the new-game form, a 2-player Thurn und Taxis match whose first seat (the
    first to move) is the hard bot, by the words the form shows; return the match id."""
    page.goto("/")
    page.get_by_test_id("game").select_option("thurn_und_taxis")
    page.get_by_test_id("players").select_option("2")
    page.locator("[data-testid=seat-type][data-seat='0']").select_option(label="Bot: Hard")
    page.locator("[data-testid=seat-type][data-seat='1']").select_option("human")
    page.get_by_test_id("create-match").click()
    match_page = page.get_by_test_id("match-page")
    expect(match_page).to_have_attribute("data-seat", "1")
    match_id = match_page.get_attribute("data-match-id")
    assert match_id
    return match_id


def test_another_match_moves_while_the_hard_bot_thinks(browser: Browser, hard_bot_server: str):
    with page_opener(browser, hard_bot_server) as open_page:
        against_bot = open_page()
        bot_match = create_match_against_hard_bot(against_bot)
        expect(against_bot.get_by_test_id("turn")).to_have_attribute("data-current-player", "0")

        other = open_page()
        create_match(other, 2, ["human", "human"], hotseat=True)
        other.locator(f"{YOUR_TURN}, [data-testid=pass-device]").first.wait_for()
        if other.get_by_test_id("pass-device").is_visible():
            other.get_by_test_id("pass-device-confirm").click()
        play_random_move(other, random.Random(3))  # waits until the page shows the new state

        # The other match moved and showed it while the hard bot was still on its first turn.
        still_thinking = api_get(hard_bot_server, f"/matches/{bot_match}/view")["match"]
        assert still_thinking["current_player"] == 0
        assert still_thinking["status"] == "running"

        expect(against_bot.locator(YOUR_TURN)).to_be_visible(timeout=HUMAN_TURN_MS)
        expect(against_bot.get_by_test_id("match-page")).not_to_have_attribute(
            "data-state-id", "0")
