"""Clocks and absent players in the browser: a player who lets the clock run out is replaced by
a bot that moves, and takes the seat back; a player who leaves is replaced after a vote."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import page_opener
from tests.web.support import http, open_as_seat, serve_app

TURN_SECONDS = 8
"""The per-move clock: short, so the time-out comes soon; long enough for the test's steps
(the other player does not move either: their seat may time out too, a turn later)."""
TIME_OUT_MS = 30_000
"""Generous bound for the time-out to be shown (the clock, the sweep, a loaded machine)."""


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app with a quick clock sweep and bots that take their time (so a match of
    bots does not run to its end while the test looks)."""
    database = tmp_path_factory.mktemp("clocks") / "clocks.sqlite3"
    with serve_app(database, bot_delay=0.3, clock_sweep_seconds=0.1) as url:
        yield url


@pytest.fixture
def person(browser: Browser, clock_server: str) -> Iterator[Callable[..., Page]]:
    """Yield `person()`: a page of a new browser context (its own storage) on the clock server."""
    with page_opener(browser, clock_server) as open_new:
        yield open_new


def create_timed_match(page: Page) -> str:
    """Create a 2-player online Keezen match of two people with the lobby's per-move clock."""
    page.goto("/")
    page.get_by_test_id("game").select_option("keezen")
    page.get_by_test_id("players").select_option("2")
    for seat in (0, 1):
        page.locator(f"[data-testid=seat-type][data-seat='{seat}']").select_option("human")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("clock-mode").select_option("move")
    expect(page.get_by_test_id("clock-minutes")).to_be_hidden()
    page.get_by_test_id("clock-seconds").fill(str(TURN_SECONDS))
    page.get_by_test_id("create-match").click()
    match_page = page.get_by_test_id("match-page")
    expect(match_page).to_be_visible()
    match_id = match_page.get_attribute("data-match-id")
    assert match_id
    return match_id


def join(base_url: str, page: Page, match_id: str, name: str) -> None:
    """Take the free seat 1 for `page`'s person (through the API) and open the match there."""
    joined = http().post(f"{base_url}/api/matches/{match_id}/join", timeout=10,
                        json={"seat": 1, "name": name})
    joined.raise_for_status()
    open_as_seat(page, match_id, 1, joined.json()["token"])


def test_a_player_who_lets_the_clock_run_out_is_replaced_by_a_bot_and_takes_the_seat_back(
    person, clock_server: str
) -> None:
    ann = person()
    match_id = create_timed_match(ann)
    bo = person()
    bo.goto("/")  # the lobby lists the match with its time control
    row = bo.locator(f"[data-testid=match-row][data-match-id='{match_id}']")
    expect(row.get_by_test_id("match-clock")).to_have_text(f"{TURN_SECONDS} s per turn")
    join(clock_server, bo, match_id, "Bo")
    expect(ann.get_by_test_id("match-page")).to_have_attribute("data-status", "running")
    pages = {0: ann, 1: bo}
    seat = int(ann.get_by_test_id("turn").get_attribute("data-current-player") or "-1")
    assert seat in pages
    player, other = pages[seat], pages[1 - seat]

    # The clock of the seat to move counts down on both pages.
    clock = other.locator(f"[data-testid=seat-clock][data-seat='{seat}']")
    expect(clock).to_have_attribute("data-running", "true")
    expect(clock).to_have_text(re.compile(r"^0:0[0-8]$"))
    first = int(clock.get_attribute("data-seconds") or "0")
    expect(clock).not_to_have_attribute("data-seconds", str(first))
    assert int(clock.get_attribute("data-seconds") or "99") < first
    before = int(other.get_by_test_id("match-page").get_attribute("data-state-id") or "-1")

    # Nobody moves: the seat runs out of time and a bot takes it, for everyone to see.
    for page in (player, other):
        badge = page.locator(f"[data-testid=seat-replaced][data-seat='{seat}']")
        expect(badge).to_have_attribute("data-reason", "timeout", timeout=TIME_OUT_MS)
    expect(other.locator(f"[data-testid=seat-replaced][data-seat='{seat}']")).to_have_text(
        "out of time: a bot plays for now")
    seat_row = f"[data-testid=seats] li[data-seat='{seat}']"
    expect(other.locator(f"{seat_row} [data-testid=take-seat-back]")).to_have_count(0)
    expect(player.locator(f"{seat_row} [data-testid=take-seat-back]")).to_be_visible()
    expect(other.locator("[data-testid=notice][data-kind=timeout]").first).to_be_visible()
    # The bot moves for the absent player.
    expect(other.get_by_test_id("match-page")).not_to_have_attribute(
        "data-state-id", str(before), timeout=TIME_OUT_MS)

    # The person takes the seat back.
    player.locator(f"{seat_row} [data-testid=take-seat-back]").click()
    for page in (player, other):
        expect(page.locator(f"[data-testid=seat-replaced][data-seat='{seat}']")).to_have_count(0)
    expect(player.locator(f"{seat_row} [data-testid=take-seat-back]")).to_have_count(0)
    expect(other.locator("[data-testid=notice][data-kind=returned]")).to_have_count(1)
    seats = http().get(f"{clock_server}/api/matches/{match_id}", timeout=10).json()["seats"]
    assert (seats[seat]["type"], seats[seat]["replaced"]) == ("human", False)


def test_a_player_who_left_is_replaced_by_a_bot_after_the_others_vote(
    person, clock_server: str
) -> None:
    ann = person()
    ann.goto("/")
    created = http().post(f"{clock_server}/api/matches", timeout=10, json={
        "game": "keezen", "players": 2, "seats": [{"type": "human"}] * 2, "claim": [0],
        "name": "Ann",
    })
    created.raise_for_status()
    match_id = created.json()["match_id"]
    open_as_seat(ann, match_id, 0, created.json()["tokens"]["0"])
    bo = person()
    join(clock_server, bo, match_id, "Bo")
    expect(ann.get_by_test_id("match-page")).to_have_attribute("data-status", "running")
    expect(ann.get_by_test_id("seat-away")).to_have_count(0)  # both are here
    bo.context.close()  # Bo leaves

    vote = ann.locator("[data-testid=vote-replace][data-seat='1']")
    expect(vote).to_be_visible()
    expect(ann.locator("[data-seat='1'] [data-testid=seat-away]")).to_be_visible()
    vote.click()
    badge = ann.locator("[data-testid=seat-replaced][data-seat='1']")
    expect(badge).to_have_attribute("data-reason", "replaced")
    expect(vote).to_have_count(0)
    expect(ann.get_by_test_id("take-seat-back")).to_have_count(0)
