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
