"""The lobby at a glance (issue 24): Start in view on a 1366×768 laptop and seat menus that show
their whole text, bots named by their level in words, in every language; and the match lists
offer only what others may join or watch, this browser's own matches apart."""

from __future__ import annotations

import json

from playwright.sync_api import Locator, Page, expect

from tests.web.support import http

LANGUAGES = ("en", "nl", "zh", "de", "es", "fi")
ENGINE_BOT_NAMES = ("random", "heuristic", "ismcts")
LAPTOP = (1366, 768)
SELECT_ARROW_PX = 24  # Chromium draws a select's arrow inside its padding box
# Per seat menu, the option texts wider than the menu's room for text.
CUT_OPTIONS = """(arrow) => {
  const pen = document.createElement("canvas").getContext("2d");
  return [...document.querySelectorAll("[data-testid=seat-type]")].flatMap((select) => {
    const style = getComputedStyle(select);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - arrow;
    return [...select.options].filter((option) => pen.measureText(option.text).width > room)
      .map((option) => option.text);
  });
}"""


def test_start_and_whole_seat_menus_are_in_view_on_a_laptop_in_every_language(open_page):
    page: Page = open_page(*LAPTOP)
    page.goto("/")
    expect(page.get_by_test_id("game-help")).to_be_visible()
    for language in LANGUAGES:
        page.get_by_test_id("language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.get_by_test_id("create-match")).to_be_visible()
        box = page.get_by_test_id("create-match").bounding_box()
        assert box and box["y"] + box["height"] <= LAPTOP[1], f"{language}: Start is at {box}"
        assert page.evaluate(CUT_OPTIONS, SELECT_ARROW_PX) == [], language
        texts = page.locator("[data-testid=seat-type] option").all_text_contents()
        assert not [text for text in texts if any(bot in text for bot in ENGINE_BOT_NAMES)]


def _create(server_url: str, **body: object) -> str:
    """Create a Keezen match; return its id."""
    created = http().post(f"{server_url}/api/matches", timeout=10, json={"game": "keezen", **body})
    created.raise_for_status()
    match_id: str = created.json()["match_id"]
    return match_id


def test_the_lobby_offers_only_online_matches_and_keeps_yours_apart(open_page, server_url):
    human, bot = {"type": "human"}, {"type": "bot", "bot": "random"}
    to_join = _create(server_url, players=2, seats=[human, human], name="Ann")
    against_bots = _create(server_url, players=2, seats=[human, bot])
    hot_seat = _create(server_url, players=2, seats=[human, human], hotseat=True)
    held = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": "keezen", "players": 2, "seats": [human, human], "hotseat": True})
    held.raise_for_status()
    page = open_page()
    page.goto("/")  # this browser now holds the seats of a hot-seat match of its own
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"ludoteca.tokens.{held.json()['match_id']}", json.dumps(held.json()["tokens"])])
    page.reload()

    def row(match_id: str) -> Locator:
        return page.locator(f"[data-testid=match-row][data-match-id='{match_id}']")

    expect(page.get_by_test_id("matches-open").locator(row(to_join))).to_be_visible()
    yours = page.get_by_test_id("matches-yours").locator(row(held.json()["match_id"]))
    expect(yours.get_by_test_id("resume")).to_be_visible()
    # (Other tests' matches between people may be listed as running: they are online.)
    for hidden in (against_bots, hot_seat):
        expect(row(hidden)).to_have_count(0)
