"""Hot seat: two people share one screen; each hand stays hidden until its owner takes over."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.support import YOUR_TURN, create_match, play_random_move

MAX_TURNS = 40  # deals are random: a player may hand in and the other move again
COVERS = 3


def test_hotseat_hides_each_hand_until_the_next_player_confirms(open_page):
    page = open_page(390, 844)
    create_match(page, 2, ["human", "human"], hotseat=True)
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-mode", "hotseat")
    rng = random.Random(5)
    cover = page.get_by_test_id("pass-device")
    turn = page.get_by_test_id("turn")
    previous_seat = None
    covers = 0
    for _ in range(MAX_TURNS):
        page.locator(f"{YOUR_TURN}, [data-testid=pass-device]").first.wait_for()
        seat = turn.get_attribute("data-current-player")
        if seat == previous_seat:
            # The other seat handed in its cards: the same player goes on, no need to pass.
            expect(cover).to_have_count(0)
        else:
            expect(cover).to_have_attribute("data-seat", seat)
            # Behind the cover there is no hand at all, not just a hidden one.
            expect(page.get_by_test_id("hand-card")).to_have_count(0)
            page.get_by_test_id("pass-device-confirm").click()
            expect(cover).to_have_count(0)
            covers += 1
        expect(page.get_by_test_id("match-page")).to_have_attribute("data-seat", seat)
        expect(page.get_by_test_id("hand-card").first).to_be_visible()
        play_random_move(page, rng)
        if covers == COVERS or page.get_by_test_id("result").is_visible():
            break
        previous_seat = seat
    assert covers == COVERS


def test_each_person_at_a_hot_seat_screen_has_their_own_name(open_page):
    """Keezen for 4 with people in seats 0 and 2 (partners) and bots in 1 and 3: the lobby asks
    each person's name; the seats, the partner badges and the cover use them, and the bots are
    called by their level in words (issue 24)."""
    page = open_page()
    page.goto("/")
    page.get_by_test_id("game").select_option("keezen")
    page.get_by_test_id("players").select_option("4")
    page.get_by_test_id("player-name").fill("Ann")
    page.get_by_test_id("hotseat").check()
    for seat, kind in enumerate(["human", "bot:random", "human", "bot:random"]):
        page.locator(f"[data-testid=seat-type][data-seat='{seat}']").select_option(kind)
    names = page.get_by_test_id("seat-name")
    expect(names.and_(page.locator("[data-seat='0']"))).to_have_value("Ann")
    expect(names.and_(page.locator("[data-seat='1']"))).to_be_hidden()
    names.and_(page.locator("[data-seat='2']")).fill("Bo")
    page.get_by_test_id("create-match").click()

    seats = page.get_by_test_id("seats")
    for seat, name, partner in ((0, "Ann", "Bo"), (2, "Bo", "Ann")):
        row = seats.locator(f"li[data-seat='{seat}']")
        expect(row.locator(".name")).to_contain_text(f"{name} (you)")
        expect(row.get_by_test_id("seat-partner")).to_have_text(f"partner of {partner}")
    for seat in (1, 3):  # the random bot is the easy level
        expect(seats.locator(f"li[data-seat='{seat}']").get_by_test_id("seat-bot")
               ).to_have_text("Easy")
    cover = page.get_by_test_id("pass-device")
    expect(cover).to_be_visible()
    who = {"0": "Ann", "2": "Bo"}[cover.get_attribute("data-seat") or ""]
    expect(cover.locator("#pass-device-who")).to_have_text(who)
