"""An Elfenland card or counter the player cannot use now says why: as its tooltip and its
accessible description, in the page's language (games/elfenland-reasons.js)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Locator, expect

from tests.web.support import http, open_as_seat

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
ENGLISH = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
DUTCH = json.loads((I18N / "nl.json").read_text(encoding="utf-8"))
REASONS_MODULE = "/static/js/games/elfenland-reasons.js"


def _titled(token: Locator, reason: str, catalogue: dict[str, str] = ENGLISH) -> str:
    """Return the tooltip of a counter with a reason: its name (the aria-label), then why."""
    name = token.get_attribute("aria-label")
    assert name
    return catalogue["elfenland.why.titled"].replace("{name}", name).replace("{reason}", reason)


def test_phase_3_cards_and_own_counters_say_why_and_the_waiting_seat_is_told_to_wait(
    open_page, server_url
):
    created = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": "elfenland", "players": 2, "seats": [{"type": "human"}] * 2,
        "claim": [0, 1], "seed": 3,
    })
    created.raise_for_status()
    match_id, tokens = created.json()["match_id"], created.json()["tokens"]
    summary = http().get(f"{server_url}/api/matches/{match_id}", timeout=10).json()
    mover = summary["current_player"]

    page = open_page()
    open_as_seat(page, match_id, mover, tokens[str(mover)])
    expect(page.get_by_test_id("round-info")).to_have_attribute("data-phase", "3")
    card = page.get_by_test_id("hand-card").first
    expect(card).to_be_disabled()
    expect(card).to_have_attribute("title", ENGLISH["elfenland.why.cardsPay"])
    expect(card).to_have_accessible_description(ENGLISH["elfenland.why.cardsPay"])
    counter = page.get_by_test_id("own-counter").first
    expect(counter).to_be_disabled()
    expected = _titled(counter, ENGLISH["elfenland.why.counterLater"])
    expect(counter).to_have_attribute("title", expected)
    expect(counter).to_have_accessible_description(expected)
    # A face-up counter can be taken now: its tooltip is its name alone.
    display = page.get_by_test_id("display-counter").first
    expect(display).to_be_enabled()
    expect(display).to_have_attribute("title", display.get_attribute("aria-label") or "")

    page.get_by_test_id("language").select_option("nl")
    expect(card).to_have_attribute("title", DUTCH["elfenland.why.cardsPay"])
    expect(counter).to_have_attribute("title", _titled(
        counter, DUTCH["elfenland.why.counterLater"], DUTCH))

    other = 1 - mover
    waiting = open_page()
    open_as_seat(waiting, match_id, other, tokens[str(other)])
    wait = ENGLISH["elfenland.why.notYourTurn"]
    display = waiting.get_by_test_id("display-counter").first
    expect(display).to_be_disabled()
    expect(display).to_have_attribute("title", _titled(display, wait))
    expect(waiting.get_by_test_id("hand-card").first).to_have_accessible_description(wait)


def test_each_phase_gives_its_own_reason(open_page):
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("language")).to_be_visible()
    answers = page.evaluate("""async (url) => {
      const { whyNotUsable } = await import(url);
      const turn = (phase) => ({ seat: 0, current_player: 0, phase, terminal: false });
      const why = (observation, kind, usable = false, active = true) =>
        whyNotUsable(observation, kind, { usable, active });
      return {
        noFreeRoad: why(turn(4), "counter"),
        counterPlaced: why(turn(5), "counter"),
        keepCardsFirst: why(turn(6), "counter"),
        cardsKept: why(turn(6), "card"),
        displayPhase: why(turn(4), "display"),
        notYourTurn: why({ ...turn(4), current_player: 1 }, "counter"),
        usable: why(turn(4), "counter", true),
        sending: why(turn(4), "counter", false, false),
        spectator: why({ ...turn(4), seat: null }, "display"),
        over: why({ ...turn(0), terminal: true, current_player: null }, "card"),
        takeable: why(turn(3), "display"),
      };
    }""", REASONS_MODULE)
    for key in ("noFreeRoad", "counterPlaced", "keepCardsFirst", "cardsKept", "displayPhase",
                "notYourTurn"):
        assert answers[key] == ENGLISH[f"elfenland.why.{key}"], key
    for key in ("usable", "sending", "spectator", "over", "takeable"):
        assert answers[key] is None, key
