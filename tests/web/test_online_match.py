"""Two people play one match from two browsers; each sees the other's moves as they happen."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.support import YOUR_TURN, create_match, play_random_move, state_id

MOVES = 16


def test_two_browsers_play_an_online_match_and_see_each_others_moves(open_page):
    ann = open_page()
    match_id = create_match(ann, 2, ["human", "human"], name="Ann")
    bo = open_page(390, 844)  # the second player is on a phone
    bo.goto("/")
    row = bo.locator(f"[data-testid=match-row][data-match-id='{match_id}']")
    expect(row).to_have_attribute("data-status", "open")
    row.locator("[data-testid=join-seat][data-seat='1']").click()
    expect(bo.get_by_test_id("match-page")).to_have_attribute("data-seat", "1")
    expect(ann.get_by_test_id("match-page")).to_have_attribute("data-status", "running")
    expect(ann.get_by_test_id("match-page")).to_have_attribute("data-seat", "0")

    rng = random.Random(3)
    players = {0: ann, 1: bo}
    for _ in range(MOVES):
        if ann.get_by_test_id("result").is_visible():
            break
        ann.locator(f"{YOUR_TURN}, [data-testid=turn][data-current-player='1']").first.wait_for()
        seat = int(ann.get_by_test_id("turn").get_attribute("data-current-player"))
        mover, watcher = players[seat], players[1 - seat]
        expect(mover.locator(YOUR_TURN)).to_be_visible()
        expect(watcher.get_by_test_id("turn")).to_have_attribute("data-your-turn", "false")
        action = play_random_move(mover, rng)
        after = state_id(mover)
        # The other browser gets the new state over its WebSocket and logs the move in words.
        expect(watcher.get_by_test_id("match-page")).to_have_attribute(
            "data-state-id", str(after))
        plays = "[data-testid=log-entry][data-kind=play], [data-testid=log-entry][data-kind=swap]"
        latest_play = watcher.locator(plays).first
        expect(latest_play).to_have_attribute("data-text", f"P{seat} {action}")
        expect(watcher.get_by_test_id("board")).to_have_attribute(
            "data-position", mover.get_by_test_id("board").get_attribute("data-position"))
    assert state_id(ann) >= MOVES or ann.get_by_test_id("result").is_visible()


def test_the_match_link_lets_a_visitor_take_the_free_seat(open_page):
    ann = open_page()
    match_id = create_match(ann, 2, ["human", "human"], name="Ann")
    bo = open_page(390, 844)
    bo.goto(f"/#/match/{match_id}")  # the link Ann sends; Bo holds no seat yet
    expect(bo.get_by_test_id("match-page")).to_have_attribute("data-mode", "spectator")
    expect(bo.get_by_test_id("hand-card")).to_have_count(0)
    expect(ann.get_by_test_id("waiting-room")).to_be_visible()  # no deal before Bo is in
    bo.get_by_test_id("join-offer").get_by_test_id("join-seat").click()  # the name prompt
    expect(bo.get_by_test_id("match-page")).to_have_attribute("data-mode", "player")
    expect(bo.get_by_test_id("match-page")).to_have_attribute("data-seat", "1")
    expect(bo.get_by_test_id("hand")).to_have_count(1)  # empty if the first hand was handed in
    expect(ann.get_by_test_id("match-page")).to_have_attribute("data-status", "running")
    expect(bo.get_by_test_id("join-offer")).to_have_count(0)
