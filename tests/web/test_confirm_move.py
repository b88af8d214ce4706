"""'Confirm each move' (issue 10): with the setting on, a chosen move is shown in words with
Confirm and Cancel before it is sent; the setting is remembered in this browser."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.support import api_get, open_as_seat
from tests.web.test_undo import choose, elfenland_until


def test_a_move_is_sent_only_once_confirmed_and_the_setting_is_remembered(open_page, server_url):
    match_id, tokens, seat = elfenland_until(server_url, "move", seed=7)
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    match_page = page.get_by_test_id("match-page")
    start = int(match_page.get_attribute("data-state-id"))
    view = api_get(server_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
    step = next(text for text in view["observation"]["legal_actions"] if text.startswith("move "))
    setting = page.get_by_test_id("confirm-moves")
    expect(setting).not_to_be_checked()
    setting.check()

    choose(page, step)
    question = page.get_by_test_id("confirm-move")
    expect(question).to_be_visible()
    expect(question).to_contain_text("Play ")
    expect(question).not_to_contain_text(step)  # in words, not in notation
    page.get_by_test_id("confirm-no").click()
    expect(question).to_have_count(0)
    expect(match_page).to_have_attribute("data-state-id", str(start))

    choose(page, step)
    expect(question).to_be_visible()
    page.keyboard.press("Escape")  # the keyboard cancels too
    expect(question).to_have_count(0)
    expect(match_page).to_have_attribute("data-state-id", str(start))

    choose(page, step)
    page.get_by_test_id("confirm-yes").click()
    expect(match_page).to_have_attribute("data-state-id", str(start + 1))
    expect(question).to_have_count(0)

    page.reload()
    expect(page.get_by_test_id("confirm-moves")).to_be_checked()
    page.get_by_test_id("confirm-moves").uncheck()
    page.get_by_test_id("undo").click()  # back to the start of the turn, then without asking
    expect(match_page).to_have_attribute("data-state-id", str(start))
    choose(page, step)
    expect(match_page).to_have_attribute("data-state-id", str(start + 1))
    expect(question).to_have_count(0)
