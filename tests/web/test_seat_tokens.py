"""Seat tokens stay out of URLs and console messages, and rematch seats go to their players."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.support import (
    YOUR_TURN,
    api_get,
    api_play_first_action,
    create_match,
    http,
    play_random_move,
)

MAX_MOVES = 400


def record_traffic(page: Page) -> list[str]:
    """Return a list that fills with every URL the page requests and every console message."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    page.on("websocket", lambda socket: seen.append(socket.url))
    page.on("console", lambda message: seen.append(message.text))
    return seen


def held_tokens(page: Page) -> list[str]:
    """Return every seat token this browser holds (of any match)."""
    tokens: list[str] = page.evaluate("""() => Object.keys(localStorage)
        .filter((key) => key.startsWith("ludoteca.tokens."))
        .flatMap((key) => Object.values(JSON.parse(localStorage.getItem(key))))""")
    return tokens


def hold(page: Page, match_id: str, tokens: dict[str, str]) -> None:
    """Give this browser seat tokens of a match, as if it had created or joined it."""
    page.goto("/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"ludoteca.tokens.{match_id}", json.dumps(tokens)])


def finished_match(base_url: str, **body: Any) -> tuple[str, dict[str, str]]:
    """Create a 2-player Keezen match of one deal, holding both seats; play it to the end."""
    # Both seats are claimed at once: a one-deal game can be over as soon as it is dealt (both
    # hands handed in), and a finished match takes no joins.
    created = http().post(f"{base_url}/api/matches", timeout=10, json={
        "game": "keezen", "players": 2, "options": {"max_deals": 1}, "claim": [0, 1], **body,
    }).json()
    match_id, tokens = created["match_id"], dict(created["tokens"])
    for _ in range(MAX_MOVES):
        if api_get(base_url, f"/matches/{match_id}")["status"] == "finished":
            return match_id, tokens
        api_play_first_action(base_url, match_id, tokens)
    raise AssertionError(f"the match did not end within {MAX_MOVES} moves")


def test_no_url_or_console_message_carries_a_seat_token(open_page):
    page = open_page()
    seen = record_traffic(page)
    rng = random.Random(11)
    # One seat against bots: the page's own view, its socket and its actions.
    match_id = create_match(page, 4, ["human"] + ["bot:random"] * 3)
    match_page = page.get_by_test_id("match-page")
    expect(match_page).to_have_attribute("data-mode", "player")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    for _ in range(2):  # the turn after the bots' moves comes over the socket, as seat 0's view
        page.locator(YOUR_TURN).wait_for()
        play_random_move(page, rng)
    expect(match_page).to_have_attribute("data-seat", "0")
    # The replay of that seat, and a hot-seat match (its pages ask for each seat's view).
    page.goto(f"/#/replay/{match_id}")
    expect(page.get_by_test_id("replay-step")).not_to_have_attribute("data-total", "0")
    create_match(page, 2, ["human", "human"], hotseat=True)
    page.get_by_test_id("pass-device-confirm").click()
    play_random_move(page, rng)
    page.locator(f"{YOUR_TURN}, [data-testid=pass-device]").first.wait_for()
    if page.get_by_test_id("pass-device").count():  # none if the other seat handed in
        page.get_by_test_id("pass-device-confirm").click()
    expect(page.get_by_test_id("hand-card").first).to_be_visible()

    tokens = held_tokens(page)
    assert len(tokens) == 3
    assert any("/view" in url for url in seen) and any("/ws" in url for url in seen)
    leaks = [text for text in seen if any(token in text for token in tokens)]
    assert not leaks, f"seat tokens in URLs or console messages: {leaks}"


def test_a_hotseat_rematch_keeps_every_seat_on_this_screen(open_page, server_url):
    match_id, tokens = finished_match(server_url, hotseat=True)
    page = open_page()
    hold(page, match_id, tokens)
    page.goto(f"/#/match/{match_id}")
    expect(page.get_by_test_id("result")).to_be_visible()
    page.get_by_test_id("rematch").click()
    match_page = page.get_by_test_id("match-page")
    expect(match_page).not_to_have_attribute("data-match-id", match_id)
    expect(match_page).to_have_attribute("data-mode", "hotseat")
    # One deal may end at once (both hands handed in), so the new match may already be over:
    # what matters is that this screen holds both of its seats.
    rematch_id = match_page.get_attribute("data-match-id")
    held = page.evaluate("(key) => JSON.parse(localStorage.getItem(key))",
                         f"ludoteca.tokens.{rematch_id}")
    assert sorted(held) == ["0", "1"] and not set(held.values()) & set(tokens.values())


def test_a_rematch_seat_waits_for_the_previous_player(open_page, server_url):
    match_id, tokens = finished_match(server_url, name="Ann")
    ann, bo, stranger = open_page(), open_page(390, 844), open_page()
    hold(ann, match_id, {"0": tokens["0"]})
    hold(bo, match_id, {"1": tokens["1"]})
    for page in (ann, bo):
        page.goto(f"/#/match/{match_id}")
        expect(page.get_by_test_id("result")).to_be_visible()
    ann.get_by_test_id("rematch").click()
    ann_page = ann.get_by_test_id("match-page")
    expect(ann_page).not_to_have_attribute("data-match-id", match_id)
    rematch_id = ann_page.get_attribute("data-match-id")
    expect(ann_page).to_have_attribute("data-status", "open")
    # Whoever else finds the rematch sees Bo's seat kept, with nothing to join.
    stranger.goto("/")
    row = stranger.locator(f"[data-testid=match-row][data-match-id='{rematch_id}']")
    expect(row).to_have_attribute("data-status", "open")
    expect(row.get_by_test_id("join-seat")).to_have_count(0)
    stranger.goto(f"/#/match/{rematch_id}")
    expect(stranger.get_by_test_id("seat-reserved")).to_have_count(1)
    expect(stranger.get_by_test_id("join-offer")).to_have_count(0)
    # Bo's finished match offers to join the rematch, in Bo's own seat.
    bo.get_by_test_id("rematch").click()
    bo_page = bo.get_by_test_id("match-page")
    expect(bo_page).to_have_attribute("data-match-id", rematch_id or "")
    expect(bo_page).to_have_attribute("data-seat", "1")
    # Running, or over already if the rematch's single deal left nobody a playable card.
    expect(ann_page).to_have_attribute("data-status", re.compile("running|finished"))
