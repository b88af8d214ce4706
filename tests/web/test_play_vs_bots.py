"""A person plays a whole 4-player Keezen match against three bots, by clicking only."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from tests.web.support import YOUR_TURN, create_match, play_random_move

GAME_SECONDS = 300.0


# A whole game by clicks, 11-40 s: in `make soak` (each page's controls have their own tests).
@pytest.mark.soak
def test_human_plays_keezen_against_three_bots_to_the_end(open_page):
    page = open_page()
    first_match = create_match(page, 4, ["human"] + ["bot:heuristic"] * 3)
    assert page.get_by_test_id("match-page").get_attribute("data-mode") == "player"
    rng = random.Random(7)
    result = page.get_by_test_id("result")
    deadline = time.monotonic() + GAME_SECONDS
    moves = 0
    while not result.is_visible():
        assert time.monotonic() < deadline, f"no result after {moves} moves"
        # Wait for our turn or the end, whichever comes first.
        page.locator(f"{YOUR_TURN}, [data-testid=result]").first.wait_for()
        if result.is_visible():
            break
        play_random_move(page, rng)
        moves += 1
    expect(result).to_contain_text("win")
    assert result.get_attribute("data-winners") in {"0,2", "1,3"}
    assert moves > 5
    # A rematch is a new match with the same seats, this browser again in seat 0.
    page.get_by_test_id("rematch").click()
    match_page = page.get_by_test_id("match-page")
    expect(match_page).not_to_have_attribute("data-match-id", first_match)
    expect(match_page).to_have_attribute("data-seat", "0")
    expect(match_page).to_have_attribute("data-status", "running")
