"""'Confirm each move' (issue 10): with the setting on, a chosen move is shown in words with
Confirm and Cancel before it is sent; the setting is remembered in this browser."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.support import YOUR_TURN, api_get, create_match, open_as_seat
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


def test_a_keezen_move_is_asked_in_words(open_page):
    page = open_page()
    create_match(page, 2, ["human", "bot:random"], name="Ann")
    match_page = page.get_by_test_id("match-page")
    page.get_by_test_id("confirm-moves").check()
    expect(page.locator(YOUR_TURN)).to_be_visible()
    before = match_page.get_attribute("data-state-id")
    cards = page.locator("[data-testid=hand-card][data-playable=true]")
    cards.first.click()
    choices = page.locator("[data-testid=board] [data-choice]")
    question = page.get_by_test_id("confirm-move")
    for _ in range(4):  # the most clicks a move needs (a split 7)
        if question.count():
            break
        choices.first.click()
    expect(question).to_be_visible()
    asked = question.locator("p").inner_text()
    assert page.get_by_test_id("match-page").get_attribute("data-last-action") is None
    # In words ("K: a pawn out of the start area onto …"), not in notation ("K: s-0").
    assert asked.startswith("Play ") and "pawn" in asked and "undefined" not in asked, asked
    page.get_by_test_id("confirm-yes").click()
    expect(match_page).not_to_have_attribute("data-state-id", before)
