"""Choosing the special Keezen moves on the board: a split 7 in two parts, a Jack swap."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.support import YOUR_TURN, api_play_until, open_as_seat


def _click(page: Page, loc: str) -> None:
    page.locator(f"[data-testid=board] [data-loc='{loc}'][data-choice]").first.click()


def _is_split_seven(text: str) -> bool:
    return text.startswith("7: ") and ", " in text


def test_split_seven_is_chosen_part_by_part_on_the_board(open_page, server_url):
    match_id, tokens, seat, legal = api_play_until(
        server_url, lambda legal: any(_is_split_seven(text) for text in legal), seed=21)
    action = next(text for text in legal if _is_split_seven(text))
    first, second = action[3:].split(", ")
    (from1, to1), (from2, to2) = (part.rstrip("x").split("-") for part in (first, second))
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    expect(page.locator(YOUR_TURN)).to_be_visible()

    page.locator("[data-testid=hand-card][data-card='7']").first.click()
    expect(page.get_by_test_id("move-hint")).to_contain_text("choose a pawn")
    _click(page, from1)
    expect(page.locator(f"[data-loc='{from1}'].selected")).to_have_count(1)
    _click(page, to1)
    # The first part is shown on the board; the second part starts from that position.
    expect(page.locator(f"[data-testid=pawn][data-loc='{to1}']")).to_have_count(1)
    expect(page.get_by_test_id("move-hint")).to_contain_text("second pawn")
    remaining = page.get_by_test_id("candidate-action")
    expect(remaining.first).to_be_visible()
    assert all(text.startswith(f"7: {first}, ") for text in
               (remaining.nth(i).get_attribute("data-action") for i in range(remaining.count())))
    _click(page, from2)
    state_before = page.get_by_test_id("match-page").get_attribute("data-state-id")
    _click(page, to2)
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", state_before)
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-last-action", action)
    plays = "[data-testid=log-entry][data-kind=play]"
    expect(page.locator(plays).first).to_have_attribute("data-text", f"P{seat} {action}")


def test_jack_swap_is_chosen_by_clicking_both_pawns_and_back_undoes_a_click(
        open_page, server_url):
    match_id, tokens, seat, legal = api_play_until(
        server_url, lambda legal: any(text.startswith("J: ") for text in legal), seed=8)
    action = next(text for text in legal if text.startswith("J: "))
    own, other = action[3:].split("<>")
    page = open_page(390, 844)
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    page.locator("[data-testid=hand-card][data-card='J']").first.click()
    expect(page.get_by_test_id("move-hint")).to_contain_text("your own pawn")
    _click(page, own)
    expect(page.get_by_test_id("move-hint")).to_contain_text("swap with")
    page.get_by_test_id("move-back").click()  # take the click back, then make it again
    expect(page.get_by_test_id("move-hint")).to_contain_text("your own pawn")
    _click(page, own)
    state_before = page.get_by_test_id("match-page").get_attribute("data-state-id")
    _click(page, other)
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", state_before)
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-last-action", action)
