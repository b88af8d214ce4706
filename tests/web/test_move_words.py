"""Moves read as words in every language; the engine notation stays in data attributes (for
tests and tools), never in a tooltip a player sees."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.web.support import YOUR_TURN, api_match_with_moves, api_play_until, open_as_seat

NOTATION = re.compile(r"\d+-\d+|: s-|\d+<>\d+")


def _is_split_seven(text: str) -> bool:
    return text.startswith("7: ") and ", " in text


def _open_seven_choice(page: Page, server_url: str, language: str = "en") -> Locator:
    """Open a Keezen match where seat to move holds a split 7, choose the 7; return the list."""
    match_id, tokens, seat, _ = api_play_until(
        server_url, lambda legal: any(_is_split_seven(text) for text in legal), seed=21)
    page.goto("/")
    page.get_by_test_id("language").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    expect(page.locator(YOUR_TURN)).to_be_visible()
    page.locator("[data-testid=hand-card][data-card='7']").first.click()
    choices = page.get_by_test_id("candidate-action")
    expect(choices.first).to_be_visible()
    return choices


def _assert_words_without_notation(element: Locator, notation: str) -> str:
    text = element.inner_text()
    assert notation and not NOTATION.search(text), (text, notation)
    expect(element).not_to_have_attribute("title", re.compile(".*"))
    return text


def test_move_choices_are_words_with_no_notation_in_a_tooltip(open_page, server_url):
    choices = _open_seven_choice(open_page(), server_url)
    texts = []
    for i in range(choices.count()):
        choice = choices.nth(i)
        action = choice.get_attribute("data-action")
        assert action
        texts.append(_assert_words_without_notation(choice, action))
    split = next(text for i, text in enumerate(texts)
                 if _is_split_seven(choices.nth(i).get_attribute("data-action") or ""))
    # The player's own pawns are "your pawn" (issue 24), anyone else's "Blue's pawn".
    pawn = r"(?:your|\w+'s) pawn"
    assert re.match(rf"7: {pawn} from square \d+ to .+, then {pawn} from ", split), split


def test_move_choices_are_dutch_words_in_dutch(open_page, server_url):
    choices = _open_seven_choice(open_page(), server_url, language="nl")
    action = choices.first.get_attribute("data-action")
    assert action
    text = _assert_words_without_notation(choices.first, action)
    assert ("pion van" in text or "jouw pion" in text) and " naar " in text, text


def test_log_and_replay_last_move_keep_the_notation_out_of_the_tooltip(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=6)
    page = open_page()
    page.goto(f"/#/replay/{match_id}/6")
    line = page.get_by_test_id("replay-action")
    expect(line).to_have_attribute("data-text", re.compile(r"\S"))
    _assert_words_without_notation(line, line.get_attribute("data-text") or "")
    play = page.locator("[data-testid=log-entry][data-kind=play]").first
    _assert_words_without_notation(play, play.get_attribute("data-text") or "")
