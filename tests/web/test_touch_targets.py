"""On a phone the Keezen board zooms so that every pawn and hole that can be chosen is a touch
target of at least 40×40 CSS px; a chosen target still plays the move."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.support import YOUR_TURN, http, open_as_seat

PHONE = (390, 844)
MIN_TARGET_PX = 40
SEED = 4
CHOICES = "[data-testid=board] [data-choice]"


def boxes(page: Page) -> list[dict[str, float]]:
    """Return the bounding boxes (CSS px) of the board's choosable pawns and holes."""
    return page.evaluate("""selector => [...document.querySelectorAll(selector)].map((el) => {
      const box = el.getBoundingClientRect();
      return { loc: el.dataset.loc, width: box.width, height: box.height };
    })""", CHOICES)


@pytest.mark.parametrize("players", [4, 6])
def test_zoomed_keezen_board_has_touch_targets_of_40_px(open_page, server_url, players):
    created = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": "keezen", "players": players, "seed": SEED, "claim": [0],
        "seats": [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * (players - 1),
    })
    created.raise_for_status()
    page = open_page(*PHONE)
    open_as_seat(page, created.json()["match_id"], 0, created.json()["tokens"]["0"])
    expect(page.locator(YOUR_TURN)).to_be_visible()
    page.locator("[data-testid=hand-card][data-playable=true]").first.click()
    expect(page.locator(CHOICES).first).to_be_attached()
    small = min(min(b["width"], b["height"]) for b in boxes(page))
    assert small < MIN_TARGET_PX, "the whole board fits the phone: this test measures nothing"

    zoom = page.get_by_test_id("board-zoom")
    zoom.click()
    expect(zoom).to_have_attribute("aria-pressed", "true")
    too_small = [b for b in boxes(page)
                 if b["width"] < MIN_TARGET_PX or b["height"] < MIN_TARGET_PX]
    assert not too_small, f"touch targets under {MIN_TARGET_PX} px: {too_small}"
    # The page itself stays phone-wide: only the board scrolls, inside its frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]

    match_page = page.get_by_test_id("match-page")
    before = match_page.get_attribute("data-state-id")
    for _ in range(6):  # pawn and hole, twice for a split 7
        if match_page.get_attribute("data-last-action"):
            break
        target = page.locator(CHOICES).first
        target.scroll_into_view_if_needed()
        target.click()
    expect(match_page).not_to_have_attribute("data-state-id", before or "")
