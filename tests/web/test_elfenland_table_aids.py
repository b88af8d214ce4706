"""Elfenland's aids at the table (issue 10): the transport-cost chart, the last move and this
round's routes on the map, a legend that stays open, the prompt when only passing is left, and
the controls near the map on a phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.server.support import bearer
from tests.web.support import api_get, open_as_seat, state_id
from tests.web.test_elfenland_browser import BOARD, create_elfenland_match

PHONE = (390, 844)
MAX_ACTIONS = 300
CHART_TEXT = {"en": "Transport costs", "nl": "Reiskosten", "zh": "交通费用表"}
Observation = dict[str, Any]


def _preferred(legal: list[str]) -> str:
    """Return the action a test player takes: place a counter, else travel, else the first."""
    for verb in ("place", "move"):
        chosen = [text for text in legal if text.startswith(f"{verb} ")]
        if chosen:
            return chosen[0]
    return legal[0]


def api_elfenland_until(base_url: str, wanted: Callable[[Observation], bool],
                        seed: int = 3) -> tuple[str, int, str]:
    """Play a 3-seat all-human Elfenland match by `_preferred` until `wanted(observation)` holds
    for the seat to move; return the match id, that seat and its token."""
    with httpx.Client(base_url=base_url, timeout=10) as client:
        created = client.post("/api/matches", json={
            "game": "elfenland", "players": 3, "seats": [{"type": "human"}] * 3,
            "claim": [0, 1, 2], "seed": seed,
        })
        created.raise_for_status()
        match_id, tokens = created.json()["match_id"], created.json()["tokens"]
        for _ in range(MAX_ACTIONS):
            seat = client.get(f"/api/matches/{match_id}").json()["current_player"]
            view = client.get(f"/api/matches/{match_id}/view",
                              headers=bearer(tokens[str(seat)])).json()
            observation = view["observation"]
            if wanted(observation):
                return match_id, seat, tokens[str(seat)]
            client.post(f"/api/matches/{match_id}/actions", json={
                "token": tokens[str(seat)], "state_id": view["state_id"],
                "action": _preferred(observation["legal_actions"]),
            }).raise_for_status()
    raise AssertionError(f"no wanted position within {MAX_ACTIONS} actions")


def this_round(observation: Observation) -> list[dict[str, Any]]:
    """Return the log entries since the current round began."""
    log = observation["log"]
    starts = [index for index, entry in enumerate(log) if entry["kind"] == "round"]
    return log[starts[-1]:] if starts else log


def only_pass_or_obstacle(observation: Observation) -> bool:
    """Phase 4 and no counter can be placed."""
    legal = observation["legal_actions"]
    return observation["phase"] == 4 and "pass" in legal \
        and not any(text.startswith("place ") for text in legal)


def travelled(observation: Observation) -> bool:
    """Phase 5 and at least three steps travelled this round."""
    moves = [entry for entry in this_round(observation) if entry["kind"] == "move"]
    return observation["phase"] == 5 and len(moves) >= 3


RAFT_TEXT = {
    "en": "1 downstream, 2 upstream, 2 to cross a lake",
    "nl": "1 stroomafwaarts, 2 stroomopwaarts, 2 om een meer",
    "zh": "顺流 1 张，逆流 2 张，渡湖 2 张",
}


def test_transport_cost_chart_shows_the_board_data_in_each_language(open_page, server_url):
    chart = api_get(server_url, "/games/elfenland/board")["chart"]
    match_id, seat, token = api_elfenland_until(server_url, lambda o: o["phase"] == 3)
    for code, title in CHART_TEXT.items():
        page = open_page()
        page.goto("/")
        page.get_by_test_id("language").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)  # the choice is stored
        open_as_seat(page, match_id, seat, token)
        panel = page.get_by_test_id("cost-chart")
        expect(panel.locator("summary")).to_have_text(title)
        panel.locator("summary").click()
        cells = panel.locator("[data-testid=cost-cell]")
        expect(cells.first).to_be_visible()
        for letter, costs in chart.items():
            for terrain, cost in costs.items():
                cell = panel.locator(
                    f"[data-testid=cost-cell][data-counter={letter}][data-terrain={terrain}]")
                expect(cell).to_have_text("—" if cost is None else str(cost))
        assert cells.count() == sum(len(costs) for costs in chart.values())
        # Raft cards on water, from the board data: 1 downstream, 2 upstream, 2 across a lake.
        expect(panel.get_by_test_id("raft-costs")).to_contain_text(RAFT_TEXT[code])


def test_last_move_and_each_route_of_this_round_are_drawn(open_page, server_url):
    match_id, seat, token = api_elfenland_until(server_url, travelled)
    observation = api_get(server_url, f"/matches/{match_id}/view", token=token)["observation"]
    entries = this_round(observation)
    page = open_page()
    open_as_seat(page, match_id, seat, token)
    board = page.locator(f"{BOARD}[data-towns='21']")
    expect(board).to_be_visible()
    last = [entry for entry in entries if "edge" in entry][-1]
    marked = board.locator("[data-testid=edge][data-last-move=true]")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-edge", str(last["edge"]))
    placed = [entry for entry in entries if entry["kind"] == "place"][-1]
    counter = board.locator("[data-testid=road-counter][data-last-placed=true]")
    expect(counter).to_have_count(1)
    expect(counter.locator("xpath=ancestor::*[@data-testid='edge-handle']")) \
        .to_have_attribute("data-edge", str(placed["edge"]))
    for player in range(3):
        steps = sorted(str(entry["edge"]) for entry in entries
                       if entry["kind"] == "move" and entry["seat"] == player)
        route = board.locator(f"[data-testid=route][data-seat='{player}']")
        expect(route).to_have_count(len(steps))
        assert sorted(route.evaluate_all("els => els.map((e) => e.dataset.edge)")) == steps


def test_legend_and_chart_stay_open_while_the_game_goes_on(open_page):
    page = open_page()
    create_elfenland_match(page, ["human", "bot:random", "bot:random"], seed=7)
    legend = page.get_by_test_id("legend")
    chart = page.get_by_test_id("cost-chart")
    legend.locator("summary").click()
    chart.locator("summary").click()
    expect(legend).to_have_attribute("open", "")
    expect(chart).to_have_attribute("open", "")
    page.locator("[data-testid=turn][data-your-turn=true]").wait_for()
    before = state_id(page)
    page.locator("[data-testid=display-counter][data-playable=true]").first.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute(
        "data-state-id", str(before))
    expect(legend).to_have_attribute("open", "")
    expect(chart).to_have_attribute("open", "")


def test_no_counter_prompt_when_no_counter_can_be_placed(open_page, server_url):
    match_id, seat, token = api_elfenland_until(server_url, only_pass_or_obstacle)
    page = open_page()
    open_as_seat(page, match_id, seat, token)
    expect(page.get_by_test_id("pass-button")).to_be_visible()
    hint = page.get_by_test_id("move-hint")
    expect(hint).not_to_be_empty()
    expect(hint).not_to_contain_text("counters")
    expect(page.locator("[data-testid=own-counter][data-playable=true]")).to_have_count(0)
    if page.get_by_test_id("obstacle-button").count():
        expect(hint).to_have_text("Place your obstacle on a highlighted road, or pass.")
    else:
        expect(hint).to_have_text("No counter can be placed: you can only pass.")


def _top(page: Page, test_id: str) -> float:
    box = page.get_by_test_id(test_id).first.bounding_box()
    assert box, test_id
    return box["y"]


def _controls_within_a_screen_of_the_map(page: Page, control: str) -> None:
    expect(page.get_by_test_id(control).first).to_be_visible()
    gap = _top(page, control) - _top(page, "board")
    assert 0 < gap <= PHONE[1], f"{control} is {gap:.0f} px below the map's top"


def test_phone_shows_the_controls_within_a_screen_of_the_map(open_page, server_url):
    for wanted, controls in ((lambda o: o["phase"] == 3, ["display", "move-hint"]),
                             (only_pass_or_obstacle, ["move-hint", "move-buttons"])):
        match_id, seat, token = api_elfenland_until(server_url, wanted)
        page = open_page(*PHONE)
        open_as_seat(page, match_id, seat, token)
        expect(page.locator(f"{BOARD}[data-towns='21']")).to_be_visible()
        expect(page.get_by_test_id("move-hint")).not_to_be_empty()
        for control in controls:
            _controls_within_a_screen_of_the_map(page, control)
        # The open legend and chart fit the phone too; only the map and the chart scroll inside.
        for toggle in ("legend", "cost-chart"):
            page.get_by_test_id(toggle).locator("summary").click()
        expect(page.get_by_test_id("cost-cell").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
