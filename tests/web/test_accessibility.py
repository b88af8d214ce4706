"""axe-core finds no violation on any page, in English and in Chinese: the lobby, a Keezen, an
Elfenland and a Thurn und Taxis match against bots, a Suitors' Paths match on one screen (its
auction and building), the hot-seat screen on a phone (under the pass-the-device cover, after
it, the board zoomed), the replay, a spectator's view, the waiting room of an open match and
the rules pages."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.axe import assert_no_violations
from tests.web.support import (
    YOUR_TURN,
    api_match_with_moves,
    create_match,
    http,
    open_as_seat,
    state_id,
)
from tests.web.test_elfenland_browser import create_elfenland_match
from tests.web.test_suitors_paths_browser import create_sp_match, take_over
from tests.web.test_thurn_und_taxis_browser import create_tnt_match

LANGUAGES = ["en", "zh"]
REPLAY_MOVES = 8
ELFENLAND_TURNS = 12  # phase 3 takes a counter per turn, then phase 4 places them


def open_in(open_page: Callable[..., Page], language: str, width: int = 1280,
            height: int = 900) -> Page:
    """Return a page on the lobby in `language` (stored as the player's choice)."""
    page = open_page(width, height)
    page.goto("/")
    page.evaluate("code => localStorage.setItem('ludoteca.language', code)", language)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_test_id("create-match")).to_be_visible()
    return page


@pytest.mark.parametrize("language", LANGUAGES)
def test_lobby(open_page, language):
    page = open_in(open_page, language)
    assert_no_violations(page, f"the lobby ({language})")
    page.get_by_test_id("game").select_option("elfenland")  # its options and seats
    expect(page.get_by_test_id("players")).to_be_visible()
    assert_no_violations(page, f"the lobby with Elfenland chosen ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_keezen_match_against_bots(open_page, language):
    page = open_in(open_page, language)
    create_match(page, 4, ["human", "bot:random", "bot:random", "bot:random"])
    expect(page.locator(YOUR_TURN)).to_be_visible()
    expect(page.get_by_test_id("hand-card").first).to_be_visible()
    assert_no_violations(page, f"a Keezen match, choosing a card ({language})")
    page.get_by_test_id("confirm-moves").check()  # a chosen move is asked about first
    page.locator("[data-testid=hand-card][data-playable=true]").first.click()
    expect(page.locator("[data-testid=board] [data-choice]").first).to_be_attached()
    assert_no_violations(page, f"a Keezen match, choosing a pawn ({language})")
    page.get_by_test_id("candidate-action").first.click()
    expect(page.get_by_test_id("confirm-move")).to_be_visible()
    assert_no_violations(page, f"a Keezen match, confirming a move ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_elfenland_match_against_bots(open_page, language):
    page = open_in(open_page, language)
    create_elfenland_match(page, ["human", "bot:random", "bot:random"], seed=7)
    expect(page.locator(YOUR_TURN)).to_be_visible()
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    assert_no_violations(page, f"an Elfenland match ({language})")
    # Take counters until one can be placed; then the roads for it are choices on the map.
    own = page.locator("[data-testid=own-counter][data-playable=true]")
    for _ in range(ELFENLAND_TURNS):
        expect(page.locator(YOUR_TURN)).to_be_visible()
        expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
        if own.count():
            break
        before = state_id(page)
        page.locator("[data-testid=display-counter][data-playable=true], "
                     "[data-testid=draw-counter]").first.click()
        expect(page.get_by_test_id("match-page")).not_to_have_attribute(
            "data-state-id", str(before))
    own.first.click()
    expect(page.locator("[data-testid=edge-handle][data-choice]").first).to_be_attached()
    assert_no_violations(page, f"an Elfenland match, choosing a road ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_elfenland_on_a_phone(open_page, server_url, language):
    created = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": "elfenland", "players": 3, "seed": 7, "claim": [0],
        "seats": [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 2,
    })
    created.raise_for_status()
    page = open_in(open_page, language, 390, 844)
    open_as_seat(page, created.json()["match_id"], 0, created.json()["tokens"]["0"])
    expect(page.locator("[data-testid=board][data-towns='21']")).to_be_visible()
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    assert_no_violations(page, f"an Elfenland match on a phone ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_thurn_und_taxis_match_against_a_bot(open_page, language):
    page = open_in(open_page, language)
    create_tnt_match(page, ["human", "bot:heuristic"], seed=7)
    expect(page.locator(YOUR_TURN)).to_be_visible()
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    assert_no_violations(page, f"a Thurn und Taxis match ({language})")
    # Take cards until one can be played; then the route's ends are choices, also on the map.
    card = page.locator("[data-testid=hand-card][data-playable=true]")
    for _ in range(4):
        if card.count():
            break
        before = state_id(page)
        page.locator("[data-testid=display-card][data-playable=true], "
                     "[data-testid=official][data-playable=true]").first.click()
        expect(page.get_by_test_id("match-page")).not_to_have_attribute(
            "data-state-id", str(before))
        expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    card.first.click()
    expect(page.locator("[data-testid=board] [data-choice]").first).to_be_attached()
    assert_no_violations(page, f"a Thurn und Taxis match, choosing an end ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_suitors_paths_match(open_page, language):
    page = open_in(open_page, language)
    # Two seats on one screen (seed 2027: seat 0 opens), so that every step is known.
    create_sp_match(page, ["human", "human"], seed=2027, hotseat=True)
    take_over(page)
    assert_no_violations(page, f"a Suitors' Paths match, the auction ({language})")
    page.locator("[data-testid=board] [data-testid=hex-choice]").first.click()
    expect(page.get_by_test_id("open-bid").first).to_be_visible()
    assert_no_violations(page, f"a Suitors' Paths match, the opening bid ({language})")
    match_page = page.get_by_test_id("match-page")
    for control in (page.locator("[data-testid=open-bid][data-bid='0']"),
                    page.get_by_test_id("pass-button")):
        before = state_id(page)
        control.click()
        expect(match_page).not_to_have_attribute("data-state-id", str(before))
        take_over(page)  # then seat 0, who won at 0, builds with its six cards
    expect(page.locator("[data-testid=board] [data-testid=segment-choice]").first).to_be_visible()
    assert_no_violations(page, f"a Suitors' Paths match, building ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_hotseat_under_the_cover_and_after_it(open_page, language):
    page = open_in(open_page, language, 390, 844)
    create_match(page, 2, ["human", "human"], hotseat=True)
    cover = page.get_by_test_id("pass-device")
    expect(cover).to_be_visible()
    assert_no_violations(page, f"the hot-seat cover ({language})")
    page.get_by_test_id("pass-device-confirm").click()
    expect(cover).to_have_count(0)
    expect(page.get_by_test_id("hand-card").first).to_be_visible()
    assert_no_violations(page, f"the hot-seat match after the cover ({language})")
    page.get_by_test_id("board-zoom").click()  # a phone's zoomed board scrolls in its frame
    expect(page.get_by_test_id("board-zoom-frame")).to_have_attribute("data-zoomed", "true")
    assert_no_violations(page, f"the hot-seat match, board zoomed ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_and_spectator(open_page, server_url, language):
    match_id, _ = api_match_with_moves(server_url, moves=REPLAY_MOVES)
    page = open_in(open_page, language)
    page.goto(f"/#/replay/{match_id}")
    expect(page.get_by_test_id("replay-step")).to_have_attribute(
        "data-step", str(REPLAY_MOVES))
    assert_no_violations(page, f"the replay ({language})")
    page.goto(f"/#/watch/{match_id}")  # the same match, watched live
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-mode", "spectator")
    expect(page.get_by_test_id("board")).to_be_visible()
    assert_no_violations(page, f"a match watched by a spectator ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_waiting_room_of_an_open_match(open_page, language):
    page = open_in(open_page, language)
    page.get_by_test_id("players").select_option("2")
    page.locator("[data-testid=seat-type][data-seat='1']").select_option("human")
    page.get_by_test_id("create-match").click()
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-status", "open")
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    assert_no_violations(page, f"the waiting room of an open match ({language})")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["keezen", "elfenland"])
def test_rules_page(open_page, language, game):
    page = open_page()
    page.goto(f"/rules/{game}?lang={language}")
    expect(page.locator("h1")).to_be_visible()
    assert_no_violations(page, f"the rules of {game} ({language})")
