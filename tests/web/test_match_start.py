"""An online match waits for its players (issue 10): nothing is dealt before the friend arrives,
and the creator can start it with bots in the empty seats."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.support import YOUR_TURN, api_get, create_match, play_random_move

MAX_OWN_MOVES = 10


def test_a_two_player_keezen_match_waits_for_the_friend_who_joins_by_the_invite_link(
    open_page, server_url
):
    ann = open_page()
    match_id = create_match(ann, 2, ["human", "human"], name="Ann")
    ann_page = ann.get_by_test_id("match-page")
    expect(ann.get_by_test_id("waiting-room")).to_be_visible()
    expect(ann_page).to_have_attribute("data-status", "open")
    expect(ann_page).to_have_attribute("data-state-id", "0")
    waiting_seats = ann.get_by_test_id("waiting-seats")
    expect(waiting_seats.locator("li[data-seat='0']")).to_contain_text("Ann")
    expect(waiting_seats.locator("li[data-seat='1']")).to_have_attribute("data-state", "free")
    # Nothing happened in the match: no deal, no forced hand-in, no log line, no hand.
    for testid in ("board", "hand", "log-entry"):
        expect(ann.get_by_test_id(testid)).to_have_count(0)
    summary = api_get(server_url, f"/matches/{match_id}")
    assert (summary["state_id"], summary["current_player"]) == (0, None)

    bo = open_page(390, 844)
    bo.goto(f"/#/match/{match_id}")  # the invite link
    prompt = bo.get_by_test_id("join-offer")
    expect(prompt).to_be_visible()
    expect(bo.get_by_test_id("hand")).to_have_count(0)
    prompt.get_by_test_id("join-name").fill("Bo")
    prompt.get_by_test_id("join-seat").click()

    # Both pages switch to the deal by themselves, with both names.
    for page, seat in ((ann, "0"), (bo, "1")):
        match_page = page.get_by_test_id("match-page")
        expect(match_page).to_have_attribute("data-status", "running")
        expect(match_page).to_have_attribute("data-seat", seat)
        expect(page.get_by_test_id("board")).to_be_visible()
        expect(page.get_by_test_id("hand")).to_have_count(1)  # empty if it was handed in
        expect(page.get_by_test_id("waiting-room")).to_have_count(0)
        for name in ("Ann", "Bo"):
            expect(page.get_by_test_id("seats")).to_contain_text(name)
    started = api_get(server_url, f"/matches/{match_id}")
    assert started["status"] == "running" and started["current_player"] is not None
    assert [s["name"] for s in started["seats"]] == ["Ann", "Bo"]


def test_the_creator_starts_with_bots_in_the_empty_seats_and_a_watcher_follows(
    open_page, server_url
):
    ann = open_page()
    match_id = create_match(ann, 4, ["human"] * 4, name="Ann")
    watcher = open_page()
    watcher.goto(f"/#/watch/{match_id}")
    expect(watcher.get_by_test_id("waiting-room")).to_be_visible()
    expect(watcher.get_by_test_id("start-with-bots")).to_have_count(0)  # only for seated players

    ann.get_by_test_id("start-with-bots").click()
    for page in (ann, watcher):
        expect(page.get_by_test_id("match-page")).to_have_attribute("data-status", "running")
        expect(page.get_by_test_id("board")).to_be_visible()
        expect(page.get_by_test_id("waiting-room")).to_have_count(0)
    seats = api_get(server_url, f"/matches/{match_id}")["seats"]
    assert [s["type"] for s in seats] == ["human", "bot", "bot", "bot"]

    # The bots play: wait for a bot's move in the log, making Ann's moves when it is her turn.
    rng = random.Random(5)
    bot_plays = ", ".join(
        f"[data-testid=log-entry][data-kind={kind}][data-text^='P{seat} ']"
        for seat in (1, 2, 3) for kind in ("play", "swap"))
    for _ in range(MAX_OWN_MOVES):
        ann.locator(f"{YOUR_TURN}, {bot_plays}").first.wait_for()
        if ann.locator(bot_plays).count():
            break
        play_random_move(ann, rng)
    expect(ann.locator(bot_plays).first).to_be_visible()
    expect(watcher.locator(bot_plays).first).to_be_visible()


def test_the_replay_of_a_match_that_has_not_started_says_so_in_the_page_language(open_page):
    ann = open_page()
    match_id = create_match(ann, 2, ["human", "human"], name="Ann")
    expect(ann.get_by_test_id("waiting-room")).to_be_visible()
    ann.goto(f"/#/replay/{match_id}")
    expect(ann.get_by_test_id("replay-page")).to_contain_text("has not started yet")
    ann.get_by_test_id("language").select_option("nl")  # the page is drawn anew in Dutch
    expect(ann.get_by_test_id("replay-page")).to_contain_text("De partij is nog niet begonnen")
