"""The replay viewer steps through a match and shows the position of each step."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.support import api_get, api_match_with_moves

MOVES = 12


def test_replay_steps_back_and_forward_with_buttons_and_keys(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=MOVES)

    def position(step: int) -> str:
        view = api_get(server_url, f"/matches/{match_id}/history/{step}")
        return str(view["observation"]["position"])

    page = open_page()
    page.goto(f"/#/replay/{match_id}")
    step = page.get_by_test_id("replay-step")
    board = page.get_by_test_id("board")

    def shows(number: int) -> None:
        expect(step).to_have_attribute("data-step", str(number))
        expect(board).to_have_attribute("data-position", position(number))
        assert page.url.endswith(f"#/replay/{match_id}/{number}")

    shows(MOVES)  # opens at the newest step
    expect(step).to_have_attribute("data-total", str(MOVES))
    page.keyboard.press("ArrowLeft")
    shows(MOVES - 1)
    page.get_by_test_id("replay-prev").click()
    shows(MOVES - 2)
    page.get_by_test_id("replay-first").click()
    shows(0)
    page.get_by_test_id("replay-prev").click()  # nothing before the start
    shows(0)
    page.get_by_test_id("replay-next").click()
    shows(1)
    page.keyboard.press("ArrowRight")
    shows(2)
    page.keyboard.press("End")
    shows(MOVES)
    page.get_by_test_id("replay-next").click()  # nothing after the end
    shows(MOVES)
    page.keyboard.press("Home")
    shows(0)
    page.get_by_test_id("replay-last").click()
    shows(MOVES)
    # A spectator's replay shows no hand; the log shows the actions up to that step.
    expect(page.get_by_test_id("hand-card")).to_have_count(0)
    expect(page.get_by_test_id("replay-action")).not_to_be_empty()


def test_replay_link_to_a_step_opens_that_step(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=5, players=2, seed=5)
    page = open_page(390, 844)
    page.goto(f"/#/replay/{match_id}/3")
    expect(page.get_by_test_id("replay-step")).to_have_attribute("data-step", "3")
    expected = api_get(server_url, f"/matches/{match_id}/history/3")["observation"]["position"]
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", expected)


def test_replay_buttons_stay_in_place_while_stepping(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=MOVES)
    for width, height in [(1280, 800), (390, 844)]:
        page = open_page(width, height)
        page.goto(f"/#/replay/{match_id}/0")
        step = page.get_by_test_id("replay-step")
        expect(step).to_have_attribute("data-step", "0")
        next_button = page.get_by_test_id("replay-next")
        place = next_button.bounding_box()
        for number in range(1, 7):
            next_button.click()
            expect(step).to_have_attribute("data-step", str(number))
            assert next_button.bounding_box() == place, (width, number)
