"""Errors a player can see are translated and say what to do; a stale tab refreshes quietly."""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import Page, Route, WebSocketRoute, expect

from tests.web.support import (
    MAX_CLICKS_PER_MOVE,
    api_get,
    api_match_with_moves,
    open_as_seat,
    play_random_move,
    state_id,
)

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
DUTCH = json.loads((I18N / "nl.json").read_text(encoding="utf-8"))
ENGLISH = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
ACTIONS = "**/api/matches/*/actions"


def _open_seat_to_move(page: Page, server_url: str, language: str = "en") -> None:
    """Open a new two-player match as the seat to move, with the UI in `language`."""
    match_id, tokens = api_match_with_moves(server_url, moves=2, players=2, seed=5)
    seat = api_get(server_url, f"/matches/{match_id}")["current_player"]
    page.goto("/")
    page.evaluate("(code) => localStorage.setItem('ludoteca.language', code)", language)
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    expect(page.locator("[data-testid=turn][data-your-turn=true]")).to_be_visible()


def _try_a_move(page: Page) -> None:
    """Choose the first playable card and the first highlighted holes until the page sends."""
    page.locator("[data-testid=hand-card][data-playable=true]").first.click()
    choices = page.locator("[data-testid=board] [data-choice]")
    for _ in range(MAX_CLICKS_PER_MOVE):
        if choices.count() == 0:
            return
        choices.first.click()
    raise AssertionError("no legal action after the most clicks any move needs")


def _refuse(code: str, status: int, message: str = "refused"):
    def answer(route: Route) -> None:
        route.fulfill(status=status, content_type="application/json",
                      body=json.dumps({"error": {"code": code, "message": message}}))
    return answer


def test_a_stale_second_tab_refreshes_itself_without_a_toast(open_page, server_url):
    first = open_page()
    _open_seat_to_move(first, server_url)
    match_id = first.get_by_test_id("match-page").get_attribute("data-match-id")
    # The second tab of the same browser holds the same seat but hears nothing on its socket,
    # like a tab whose connection dropped: it keeps showing the state it loaded.
    second = first.context.new_page()
    errors: list[str] = []
    second.on("pageerror", lambda error: errors.append(str(error)))

    def deaf(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda message: None)

    second.route_web_socket("**/ws", deaf)
    second.goto(f"/#/match/{match_id}")
    expect(second.get_by_test_id("match-page")).to_have_attribute(
        "data-state-id", str(state_id(first)))
    play_random_move(first, random.Random(1))
    _try_a_move(second)
    expect(second.get_by_test_id("match-page")).to_have_attribute(
        "data-state-id", str(state_id(first)))
    expect(second.get_by_test_id("toast")).to_be_empty()
    assert not errors


def test_a_network_failure_says_so_in_dutch_not_failed_to_fetch(open_page, server_url):
    page = open_page()
    _open_seat_to_move(page, server_url, language="nl")
    page.route(ACTIONS, lambda route: route.abort())
    _try_a_move(page)
    expect(page.get_by_test_id("toast")).to_have_text(DUTCH["error.network"])


def test_a_rate_limit_answer_is_translated(open_page, server_url):
    page = open_page()
    _open_seat_to_move(page, server_url, language="nl")
    page.route(ACTIONS, _refuse("rate_limited", 429, "rate limit exceeded: 600 per 1 minute"))
    _try_a_move(page)
    expect(page.get_by_test_id("toast")).to_have_text(DUTCH["error.rate_limited"])


def test_an_illegal_action_keeps_the_engines_reason_after_a_translated_lead_in(
        open_page, server_url):
    page = open_page()
    _open_seat_to_move(page, server_url, language="nl")
    page.route(ACTIONS, _refuse("illegal_action", 400, "no pawn can move 7 spaces"))
    _try_a_move(page)
    expect(page.get_by_test_id("toast")).to_have_text(
        DUTCH["error.illegal_action"].replace("{reason}", "no pawn can move 7 spaces"))


def test_the_lobby_translates_too_busy(open_page):
    page = open_page()
    page.goto("/")
    page.evaluate("() => localStorage.setItem('ludoteca.language', 'nl')")
    page.reload()

    def busy(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        _refuse("too_busy", 429, "too many matches without people")(route)

    page.route("**/api/matches", busy)
    page.get_by_test_id("create-match").click()
    expect(page.get_by_test_id("error")).to_have_text(DUTCH["error.too_busy"])


def test_every_error_code_of_the_api_has_a_message():
    codes = {
        "illegal_action", "invalid_action", "bad_request", "not_your_turn", "bad_token",
        "no_such_match", "no_such_step", "not_found", "method_not_allowed", "too_large",
        "stale_state", "seat_taken", "game_over", "expired", "game_not_over", "malformed",
        "rate_limited", "too_busy", "internal", "network", "unknown",
    }
    assert {f"error.{code}" for code in codes} <= set(ENGLISH)
