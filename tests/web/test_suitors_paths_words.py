"""Suitors' Paths speaks in words: the log, the auction and the controls name places by their
terrain and where they lie (never "2,1" or "NE→SE"), a log line lights its hex up on the board,
disabled cards say why, paying one card asks for one card, and the match page is clean for axe
at desktop and phone size (and holds no stray "null" text); the rules page has no empty table
header."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.server.support import bearer
from tests.web.axe import assert_no_violations
from tests.web.support import api_get, open_as_seat

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
EN = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
SEED = 5
MAX_MOVES = 60
PHONE = (390, 844)
# Engine notation a player should never read: a hex "2,1", a compass corner or an arrow.
NOTATION = re.compile(r"\d+,\d+|→|\b(?:NE|SE|SW|NW)\b")
# Every text a player reads or hears in the log, the table and the controls: the text of log
# lines, panels and buttons, and the names, tooltips and labels on the board and the controls.
READ_TEXTS = """() => {
  const texts = [];
  for (const el of document.querySelectorAll(
      "[data-testid=log-entry], [data-testid=sp-table], [data-testid=controls]")) {
    texts.push(el.textContent);
  }
  const scopes = "[data-testid=board], [data-testid=sp-table], [data-testid=controls]";
  for (const scope of document.querySelectorAll(scopes)) {
    for (const el of scope.querySelectorAll("title")) texts.push(el.textContent);
    for (const el of scope.querySelectorAll("[aria-label], [title]")) {
      texts.push(el.getAttribute("aria-label") ?? "", el.getAttribute("title") ?? "");
    }
  }
  return texts.filter(Boolean);
}"""
NULL_TEXTS = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  while (walker.nextNode()) {
    if (/\\bnull\\b/.test(walker.currentNode.textContent)) {
      found.push(walker.currentNode.parentNode.outerHTML.slice(0, 120));
    }
  }
  return found;
}"""


def _fill(key: str, **params: Any) -> str:
    """Return an English message with its {placeholders} filled, as i18n.js t() does."""
    text = EN[key]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def _create(client: httpx.Client) -> tuple[str, dict[str, str]]:
    """Create a seeded 2-player match of human seats held by the test; return id and tokens."""
    created = client.post("/api/matches", json={
        "game": "suitors_paths", "players": 2, "seats": [{"type": "human"}] * 2,
        "claim": [0, 1], "seed": SEED,
    }).json()
    return created["match_id"], created["tokens"]


def _view(client: httpx.Client, match_id: str, tokens: dict[str, str]) -> tuple[int, Any]:
    """Return the seat to move and its view of the match."""
    seat = client.get(f"/api/matches/{match_id}").json()["current_player"]
    return seat, client.get(f"/api/matches/{match_id}/view",
                            headers=bearer(tokens[str(seat)])).json()


def _play(client: httpx.Client, match_id: str, tokens: dict[str, str], action: str) -> None:
    """Play `action` as the seat to move."""
    seat, view = _view(client, match_id, tokens)
    client.post(f"/api/matches/{match_id}/actions", json={
        "token": tokens[str(seat)], "state_id": view["state_id"], "action": action,
    }).raise_for_status()


@pytest.fixture(scope="module")
def building(server_url: str) -> tuple[str, dict[str, str], int, list[dict[str, Any]]]:
    """A match some rounds in (auctions, routes built and ended, girls moved), at a seat that may
    build a segment in more than one way: its id, tokens, the seat to move and the log."""
    with httpx.Client(base_url=server_url, timeout=10) as client:
        match_id, tokens = _create(client)
        for moves in range(MAX_MOVES):
            seat, view = _view(client, match_id, tokens)
            legal = view["observation"]["legal_actions"]
            kinds = {entry["kind"] for entry in view["observation"]["log"]}
            segments = [text.split()[1] for text in legal if text.startswith("build ")]
            if moves > 20 and {"build", "end_build", "girl"} <= kinds \
                    and len(set(segments)) < len(segments):
                return match_id, tokens, seat, view["observation"]["log"]
            _play(client, match_id, tokens, legal[0])
    raise AssertionError(f"no build step with a full log within {MAX_MOVES} moves")


def _assert_in_words(page: Page, where: str) -> None:
    """Fail if any text the player reads in the log, table or controls holds notation."""
    notation = [text for text in page.evaluate(READ_TEXTS) if NOTATION.search(text)]
    assert notation == [], f"notation {where}: {notation[:5]}"


def test_the_auction_names_its_hex_says_why_cards_wait_and_asks_for_one_card(
    open_page, server_url
):
    with httpx.Client(base_url=server_url, timeout=10) as client:
        match_id, tokens = _create(client)
    page = open_page()
    open_as_seat(page, match_id, 0, tokens["0"])
    # A disabled card says why (tooltip and accessible description): in the auctions the hand
    # pays bids and no card is taken from the display.
    hand_card = page.get_by_test_id("hand-card").first
    expect(hand_card).to_be_disabled()
    expect(hand_card).to_have_accessible_description(EN["suitors_paths.why.hand.auction"])
    display_card = page.get_by_test_id("display-card").first
    expect(display_card).to_be_disabled()
    expect(display_card).to_have_attribute("title", EN["suitors_paths.why.takeAfterAuctions"])
    # The opening bid names the hex by its terrain and where it lies.
    page.get_by_test_id("hex-choice").first.click()
    chooser = page.get_by_test_id("chooser")
    expect(chooser.locator("h3")).to_have_text(re.compile(
        r"^Opening bid for the (forest|clearing|house|rocks|water) "))
    _assert_in_words(page, "in the auction")
    page.locator("[data-testid=open-bid][data-bid='1']").click()
    expect(page.get_by_test_id("auction-hex")).not_to_contain_text(
        EN["suitors_paths.notOpened"])
    _assert_in_words(page, "in the auction panel")
    with httpx.Client(base_url=server_url, timeout=10) as client:
        _play(client, match_id, tokens, "pass")
    # Paying a bid of 1: one card is asked for, and no second card can be chosen.
    hint = page.get_by_test_id("move-hint")
    expect(hint).to_have_text(_fill("suitors_paths.hint.pay.one", n=1, chosen=0))
    confirm = page.get_by_test_id("cards-confirm")
    expect(confirm).to_have_text(_fill("suitors_paths.payConfirm.one", n=1))
    expect(confirm).to_have_accessible_description(
        _fill("suitors_paths.why.chooseExactly.one", n=1, chosen=0))
    cards = page.get_by_test_id("hand-card")
    cards.nth(0).click()
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(1)).to_be_disabled()
    expect(cards.nth(1)).to_have_accessible_description(
        _fill("suitors_paths.why.enoughChosen.one", n=1))
    cards.nth(1).click(force=True)
    expect(page.locator("[data-testid=hand-card][aria-pressed=true]")).to_have_count(1)
    expect(hint).to_have_text(_fill("suitors_paths.hint.pay.one", n=1, chosen=1))
    expect(confirm).to_be_enabled()


def test_log_lines_and_controls_name_places_and_light_their_hex_up(open_page, building):
    match_id, tokens, seat, log = building
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    expect(page.locator("[data-testid=board] [data-testid=segment-choice]").first).to_be_visible()
    expect(page.locator("[data-testid=log-entry][data-kind=build]").first).to_contain_text(
        re.compile(r"builds a path from the (centre|\w+(-\w+)? corner) to "))
    _assert_in_words(page, "in English")
    # Pointing at a log line outlines the hex it names on the board.
    for kind in ("build", "open"):
        line = page.locator(f"[data-testid=log-entry][data-kind={kind}]").first
        entry = log[int(line.get_attribute("data-index") or "-1")]
        hex_name = entry["segment"].split("/")[0] if kind == "build" else entry["hex"]
        line.hover()
        expect(page.get_by_test_id("hex-highlight")).to_have_count(1)
        expect(page.get_by_test_id("hex-highlight")).to_have_attribute("data-hex", hex_name)
    page.get_by_test_id("language").select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("[data-testid=log-entry][data-kind=build]").first).to_contain_text(
        "baut ein Wegstück von der")
    _assert_in_words(page, "in German")


def test_the_match_page_is_clean_for_axe_on_desktop_and_phone(open_page, building):
    match_id, tokens, seat, _ = building
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    # A segment with two ways to pay opens the payment chooser: its buttons are named by what
    # they show.
    page.locator("[data-testid=board] [data-testid=segment-choice]:not([data-ways='1'])").first \
        .click()
    expect(page.get_by_test_id("payment").first).to_be_visible()
    assert page.evaluate(NULL_TEXTS) == []
    assert_no_violations(page, "the Suitors' Paths match page at 1280 px")
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    # On a phone the players table scrolls sideways in its frame, which takes the focus.
    frame = page.locator(".sp-seats-frame")
    expect(frame).to_be_visible()
    assert frame.evaluate("el => el.scrollWidth > el.clientWidth")
    assert_no_violations(page, "the Suitors' Paths match page at 390 px")


def test_the_rules_page_has_no_empty_table_header(open_page):
    page = open_page()
    page.goto("/rules/suitors_paths")
    headers = page.locator("th")
    expect(headers.first).to_be_attached()
    assert [text for text in headers.all_text_contents() if not text.strip()] == []



def _hex_title(page: Page, hex_name: str) -> Locator:
    """Return the title of a board hex: the words it is named by (tooltip and spoken name)."""
    return page.locator(f"[data-testid=board] [data-testid=hex][data-hex='{hex_name}'] title")


def test_the_viewers_own_suitor_is_your_suitor(open_page, server_url, building):
    match_id, tokens, seat, _ = building
    observation = api_get(server_url, f"/matches/{match_id}/view",
                          token=tokens[str(seat)])["observation"]
    terrains = {tile["hex"]: tile["terrain"] for tile in observation["board"]["hexes"]}
    mine, theirs = observation["suitors"][seat], observation["suitors"][1 - seat]
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    # The player's own suitor is "your suitor", never the player's own name; the other's keeps
    # its player's name.
    expect(_hex_title(page, mine)).to_have_text(re.compile(r"^the \w+ of your suitor$"))
    expect(_hex_title(page, mine)).to_have_text(_fill(
        "suitors_paths.place.suitor.yours", terrain=EN[f"suitors_paths.the.{terrains[mine]}"]))
    expect(_hex_title(page, theirs)).to_have_text(re.compile(r"\S's suitor$"))
    # A spectator has no suitor of their own: both are named by their player.
    page.goto(f"/#/watch/{match_id}")
    for hex_name in (mine, theirs):
        expect(_hex_title(page, hex_name)).to_have_text(re.compile(r"\S's suitor$"))
