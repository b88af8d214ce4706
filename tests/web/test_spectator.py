"""A spectator sees the board and the moves, never a hand."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.web.support import api_get, api_match_with_moves


def test_spectator_sees_the_match_but_no_hand(open_page, server_url):
    match_id, tokens = api_match_with_moves(server_url, moves=10)
    hands = [api_get(server_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
             ["observation"]["hand"] for seat in range(4)]
    assert all(hands)

    page = open_page(390, 844)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
    page.goto("/")
    row = page.locator(f"[data-testid=match-row][data-match-id='{match_id}']")
    row.get_by_test_id("spectate").click()

    match_page = page.get_by_test_id("match-page")
    expect(match_page).to_have_attribute("data-mode", "spectator")
    expect(match_page).to_have_attribute("data-state-id", "10")
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    expect(page.get_by_test_id("board").locator("[data-testid=pawn]")).to_have_count(16)
    expect(page.get_by_test_id("log-entry").first).to_be_visible()
    # No hand, no cards, no move controls: only the public facts (cards per seat) are shown.
    expect(page.get_by_test_id("hand")).to_have_count(0)
    expect(page.get_by_test_id("hand-card")).to_have_count(0)
    expect(page.get_by_test_id("controls")).to_have_count(0)
    expect(page.locator("[data-choice]")).to_have_count(0)
    expect(page.get_by_test_id("seats")).to_contain_text("cards")
    # What reached the browser holds no hand either.
    assert frames, "the spectator should get views over the WebSocket"
    for frame in frames:
        observation = json.loads(frame)["observation"]
        assert observation["hand"] is None
        assert observation["legal_actions"] == []
        assert all(entry.get("hands") in (None, [None] * 4) for entry in observation["log"])
