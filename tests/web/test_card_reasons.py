"""A Keezen card the player cannot play now says why, as a tooltip and to screen readers."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from tests.web.support import api_play_until, open_as_seat

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
ENGLISH = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
DUTCH = json.loads((I18N / "nl.json").read_text(encoding="utf-8"))


def _one_rank_playable(legal: list[str]) -> bool:
    return all(": " in text for text in legal) and len({t.split(": ")[0] for t in legal}) == 1


def test_a_card_without_a_legal_move_says_so(open_page, server_url):
    match_id, tokens, seat, legal = api_play_until(server_url, _one_rank_playable, players=2)
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    playable_rank = legal[0].split(": ")[0]
    stuck = page.locator("[data-testid=hand-card][data-playable=false]").first
    expect(stuck).to_be_disabled()
    assert stuck.get_attribute("data-card") != playable_rank
    expect(stuck).to_have_attribute("title", ENGLISH["keezen.card.noMove"])
    expect(stuck).to_have_accessible_description(ENGLISH["keezen.card.noMove"])
    playable = page.locator(f"[data-testid=hand-card][data-card='{playable_rank}']").first
    expect(playable).not_to_have_attribute("title", ENGLISH["keezen.card.noMove"])

    page.get_by_test_id("language").select_option("nl")
    expect(stuck).to_have_attribute("title", DUTCH["keezen.card.noMove"])


def test_the_hand_of_a_player_waiting_for_their_turn_says_to_wait(open_page, server_url):
    match_id, tokens, seat, _ = api_play_until(server_url, _one_rank_playable, players=2)
    other = 1 - seat
    page = open_page()
    open_as_seat(page, match_id, other, tokens[str(other)])
    card = page.get_by_test_id("hand-card").first
    expect(card).to_be_disabled()
    expect(card).to_have_accessible_description(ENGLISH["keezen.card.notYourTurn"])
