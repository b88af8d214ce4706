"""Undo in the browser (issue 10): an Elfenland journey step is taken back (the elf is back, the
log shows the notice); after a draw there is no Undo button and the API refuses it."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.support import api_get, bearer, http, open_as_seat

MAX_ACTIONS = 300


def preferred(legal: list[str]) -> str:
    """Return an action that brings the match soon to a journey step: open counters placed."""
    for start in ("place ", "take ", "pass", "end"):
        for text in legal:
            if text.startswith(start) and "?" not in text:
                return text
    return legal[0]


def elfenland_until(base_url: str, verb: str, seed: int = 5) -> tuple[str, dict[str, str], int]:
    """Play a 2-seat all-human Elfenland match until the seat to move may `verb`; return the
    match id, the tokens and that seat."""
    with httpx.Client(base_url=base_url, timeout=10) as client:
        created = client.post("/api/matches", json={
            "game": "elfenland", "players": 2, "seats": [{"type": "human"}] * 2,
            "claim": [0, 1], "seed": seed,
        })
        created.raise_for_status()
        match_id, tokens = created.json()["match_id"], created.json()["tokens"]
        for _ in range(MAX_ACTIONS):
            seat = client.get(f"/api/matches/{match_id}").json()["current_player"]
            view = client.get(f"/api/matches/{match_id}/view",
                              headers=bearer(tokens[str(seat)])).json()
            legal = view["observation"]["legal_actions"]
            if any(text.startswith(f"{verb} ") or text == verb for text in legal):
                return match_id, tokens, seat
            client.post(f"/api/matches/{match_id}/actions", json={
                "token": tokens[str(seat)], "state_id": view["state_id"],
                "action": preferred(legal),
            }).raise_for_status()
    raise AssertionError(f"no {verb!r} within {MAX_ACTIONS} actions")


def choose(page: Page, action: str) -> None:
    """Choose `action` from the list of every move, as a player can."""
    moves = page.get_by_test_id("all-moves")
    if moves.get_attribute("open") is None:
        moves.locator("summary").click()
    page.locator(f"[data-testid=candidate-action][data-action='{action}']").click()


def undo(base_url: str, match_id: str, token: str, state_id: int) -> Any:
    """Post an undo and return the raw response."""
    return http().post(f"{base_url}/api/matches/{match_id}/undo", timeout=10,
                      json={"token": token, "state_id": state_id})


def test_a_journey_step_is_undone_and_the_log_says_so(open_page, server_url):
    match_id, tokens, seat = elfenland_until(server_url, "move")
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    view = api_get(server_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
    start = view["state_id"]
    town = view["observation"]["boots"][seat]
    boot = page.locator(f"[data-testid=boot][data-seat='{seat}']")
    expect(boot).to_have_attribute("data-town", town)
    step = next(text for text in view["observation"]["legal_actions"] if text.startswith("move "))

    choose(page, step)
    match_page = page.get_by_test_id("match-page")
    expect(match_page).to_have_attribute("data-state-id", str(start + 1))
    expect(boot).not_to_have_attribute("data-town", town)
    button = page.get_by_test_id("undo")
    expect(button).to_be_visible()

    button.focus()  # keyboard reachable: Enter on the focused button takes the step back
    page.keyboard.press("Enter")
    expect(match_page).to_have_attribute("data-state-id", str(start))
    expect(boot).to_have_attribute("data-town", town)
    notice = page.locator("[data-testid=notice][data-kind=undo]")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("took back")
    expect(notice).to_contain_text(step)
    expect(page.get_by_test_id("undo")).to_be_hidden()  # the turn's first action: nothing to undo


def test_a_draw_leaves_no_undo_button_and_the_api_refuses_it(open_page, server_url):
    match_id, tokens, seat = elfenland_until(server_url, "draw")
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    start = int(page.get_by_test_id("match-page").get_attribute("data-state-id"))
    choose(page, "draw")
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-state-id", str(start + 1))
    expect(page.get_by_test_id("undo")).to_be_hidden()
    refused = undo(server_url, match_id, tokens[str(seat)], start + 1)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "cannot_undo"
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-state-id", str(start + 1))
