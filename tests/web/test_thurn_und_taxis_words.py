"""Thurn und Taxis speaks in words (issue 24): a page opened mid-game names every city in its log,
buttons and hint, in English and German; the turn help offers only what is possible (the forced
Postmaster of the first turn, a route no card extends); a disabled card or official says why; the
players table and list show the points earned so far, not the final score's −20 of the start."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.support import YOUR_TURN, api_get, http, open_as_seat, state_id

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
CATALOGUES = {language: json.loads((I18N / f"{language}.json").read_text(encoding="utf-8"))
              for language in ("en", "de")}
ENGLISH = CATALOGUES["en"]
MAX_ACTIONS = 120  # the human's actions before the wanted positions have all been seen
# Besides the log, what a player reads: the hint, the status line, the table, every control.
READ = ("[data-testid=move-hint], [data-testid=round-info], "
        "[data-testid=controls] button, [data-testid=tnt-table] button, "
        "[data-testid=seat-table], [data-testid=own-route]")


def _message(words: dict[str, str], key: str, **params: Any) -> str:
    """Return a catalogue message with its {placeholders} filled, as i18n.js t() does."""
    text = words[f"thurn_und_taxis.{key}"]
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def _offer(words: dict[str, str], key: str) -> str:
    """Return the turn help when one thing is on offer: its phrase as a sentence."""
    phrase = _message(words, f"can.{key}")
    return _message(words, "can.sentence", choices=phrase[0].upper() + phrase[1:])


def _new_match(server_url: str, seed: int) -> tuple[str, str]:
    """Create a 2-player match, the human in seat 0 against the heuristic bot; return the match
    id and seat 0's token."""
    created = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": "thurn_und_taxis", "players": 2, "claim": [0], "seed": seed,
        "seats": [{"type": "human"}, {"type": "bot", "bot": "heuristic"}],
    })
    created.raise_for_status()
    return created.json()["match_id"], created.json()["tokens"]["0"]


def _ready(page: Page) -> None:
    """Wait until it is the seat's turn and nothing is being sent."""
    page.locator(YOUR_TURN).wait_for()
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()


def _act(page: Page, click: Any) -> None:
    """Click (a locator) and wait for the next state."""
    before = state_id(page)
    click.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", str(before))


def test_first_turn_offers_only_the_forced_postmaster_and_says_why_and_scores_start_at_zero(
    open_page, server_url
):
    match_id, token = _new_match(server_url, seed=5)
    page = open_page()
    open_as_seat(page, match_id, 0, token)
    _ready(page)
    hint = page.get_by_test_id("move-hint")
    status = page.get_by_test_id("round-info")
    # An empty hand: no Administrator (T20), and the second card is announced.
    expect(hint).to_have_text(_offer(ENGLISH, "takeForced"))
    expect(status).to_contain_text(_offer(ENGLISH, "takeForced"))
    expect(status).not_to_contain_text(ENGLISH["thurn_und_taxis.official.AD"])
    administrator = page.locator("[data-testid=official][data-official=AD]")
    expect(administrator).to_be_disabled()
    expect(administrator).to_have_accessible_description(_message(ENGLISH, "why.forced"))
    deck = page.get_by_test_id("draw-card")  # the blind draw is an option, off by default
    expect(deck).to_be_disabled()
    expect(deck).to_have_accessible_description(_message(ENGLISH, "why.blindDrawOff"))
    # Nobody has earned a point yet: 0, not the −20 that the houses left would cost at the end.
    for seat in (0, 1):
        row = page.locator(f"[data-testid=seat-row][data-seat='{seat}']")
        expect(row.get_by_test_id("score")).to_have_text("0")
    expect(page.get_by_test_id("seat-table").locator("thead")).to_contain_text(
        _message(ENGLISH, "col.points"))
    expect(page.get_by_test_id("seats")).to_contain_text(_message(ENGLISH, "seat.points", n=0))

    _act(page, page.locator("[data-testid=display-card][data-playable=true]").first)
    _ready(page)
    # After the first card only the Postmaster: no "or play a card", and the card says why.
    expect(hint).to_have_text(_offer(ENGLISH, "PMforced"))
    expect(status).to_contain_text(_offer(ENGLISH, "PMforced"))
    card = page.get_by_test_id("hand-card").first
    expect(card).to_be_disabled()
    expect(card).to_have_attribute("title", _message(ENGLISH, "why.forcedSecondCard"))
    expect(card).to_have_accessible_description(_message(ENGLISH, "why.forcedSecondCard"))
    deck_slot = page.locator("[data-testid=display-card]").first
    expect(deck_slot).to_be_disabled()
    expect(deck_slot).to_have_accessible_description(_message(ENGLISH, "why.takeWithPostmaster"))

    page.get_by_test_id("language").select_option("de")
    german = CATALOGUES["de"]
    expect(page.get_by_test_id("move-hint")).to_have_text(_offer(german, "PMforced"))
    expect(page.get_by_test_id("hand-card").first).to_have_attribute(
        "title", _message(german, "why.forcedSecondCard"))


def _choose(legal: list[str]) -> str:
    """Return the test's move: close, take the first face-up card, extend or start the route,
    end the turn, else the first legal action (the forced Postmaster, a discard)."""
    for wanted in (lambda a: a.startswith("C"), lambda a: a.startswith("T"),
                   lambda a: a[0] in "*+" or a.endswith("+"), lambda a: a == "."):
        chosen = [action for action in legal if wanted(action)]
        if chosen:
            return chosen[0]
    return legal[0]


def _codes_read(page: Page, codes: re.Pattern[str]) -> list[str]:
    """Return every text a player reads that names a city or region by its code: the log's
    lines, and the words, tooltips and names of the hint, the status line and the controls.
    (The log's tooltips are the shared log component's, scanned by test_no_notation.py.)"""
    texts = page.get_by_test_id("log-entry").all_text_contents()
    texts += page.locator(READ).evaluate_all(
        "els => els.map((el) => [el.textContent, el.title, el.getAttribute('aria-label')]"
        ".filter(Boolean).join(' | '))")
    return [text for text in texts if codes.search(text)]


def test_a_page_opened_mid_game_names_every_city_and_a_route_no_card_extends_says_so(
    open_page, server_url
):
    board = api_get(server_url, "/games/thurn_und_taxis/board")
    names = {item["id"]: item["name"] for item in board["cities"] + board["regions"]}
    codes = re.compile(r"\b(?:" + "|".join(names) + r")\b")
    match_id, token = _new_match(server_url, seed=3)
    page = open_page()
    open_as_seat(page, match_id, 0, token)
    page.locator("[data-testid=all-moves] summary").click()
    closed = restart_only = False
    for _ in range(MAX_ACTIONS):
        _ready(page)
        legal = page.get_by_test_id("candidate-action").evaluate_all(
            "els => els.map((el) => el.dataset.action)")
        if legal and all(action.startswith("/") for action in legal) and not restart_only:
            # No card extends the route (T28): a chosen card offers only the discard, and the
            # hint says so instead of pointing at an end that is not highlighted.
            card = page.locator("[data-testid=hand-card][data-playable=true]").first
            city = names[card.get_attribute("data-card") or ""]
            card.click()
            expect(page.get_by_test_id("move-hint")).to_have_text(
                _message(ENGLISH, "hint.restartOnly", city=city))
            expect(page.get_by_test_id("route-end")).to_have_count(0)
            _act(page, page.get_by_test_id("restart-button"))
            restart_only = True
            continue
        action = _choose(legal)
        closed = closed or action.startswith("C")
        _act(page, page.locator(f"[data-testid=candidate-action][data-action='{action}']"))
        if closed and restart_only:
            break
    else:
        raise AssertionError(f"closed: {closed}, a route no card extends: {restart_only}")
    _ready(page)
    kinds = page.get_by_test_id("log-entry").evaluate_all("els => els.map((e) => e.dataset.kind)")
    assert {"close", "refill", "action"} <= set(kinds), kinds

    # Opened anew mid-game: the log is drawn before anything else arrives.
    page.reload()
    _ready(page)
    expect(page.get_by_test_id("log-entry").first).to_be_visible()
    assert _codes_read(page, codes) == []
    page.get_by_test_id("language").select_option("de")
    expect(page.get_by_test_id("round-info")).to_contain_text("Runde")
    _ready(page)
    assert _codes_read(page, codes) == []


REASONS_MODULE = "/static/js/games/thurn_und_taxis-reasons.js"
MOVES_MODULE = "/static/js/games/thurn_und_taxis-moves.js"


def test_each_point_of_the_turn_gives_its_own_reason(open_page):
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("language")).to_be_visible()
    answers = page.evaluate("""async ([reasonsUrl, movesUrl]) => {
      const { whyNotUsable } = await import(reasonsUrl);
      const { TntChoices } = await import(movesUrl);
      // The city names, as the game's module loads them before any view is drawn.
      await (await import(movesUrl.replace("-moves", "-words"))).loadBoard();
      const at = (point, more = {}) => ({ seat: 0, current_player: 0, terminal: false, point,
        official_used: null, forced_postmaster: false, ...more });
      const why = (observation, kind, thing = {}, legal = [], usable = false, active = true) =>
        whyNotUsable(observation, kind,
          { usable, active, choices: new TntChoices(legal), ...thing });
      return {
        notYourTurn: why({ ...at("draw"), current_player: 1 }, "card", { city: "MUE" }),
        takeFirst: why(at("draw"), "card", { city: "MUE" }),
        noExtend: why(at("after_carrier"), "card", { city: "MUE" }, ["+AUG"]),
        played: why(at("after_second_play"), "card", { city: "MUE" }, ["C*[AUG]", "."]),
        playedCarrier: why(at("after_play"), "card", { city: "MUE" }, ["PC", "."]),
        takeWithPostmaster: why(at("after_take"), "display", {}, ["PM", "*MUE"]),
        drawDone: why(at("after_play"), "display", {}, ["."]),
        officialUsed: why(at("after_play", { official_used: "PM" }), "official", { code: "PM" }),
        oneOfficial: why(at("after_play", { official_used: "AD" }), "official", { code: "PC" }),
        carrierNoCard: why(at("after_play"), "official", { code: "PC" }, ["."]),
        momentAD: why(at("after_take"), "official", { code: "AD" }, ["PM"]),
        momentCW: why(at("draw"), "official", { code: "CW" }, ["T1:MUE"]),
        usable: why(at("draw"), "card", { city: "MUE" }, [], true),
        sending: why(at("draw"), "card", { city: "MUE" }, [], false, false),
        spectator: why({ ...at("draw"), seat: null }, "official", { code: "AD" }),
      };
    }""", [REASONS_MODULE, MOVES_MODULE])
    official = ENGLISH["thurn_und_taxis.official.AD"]
    expected = {
        "notYourTurn": _message(ENGLISH, "why.notYourTurn"),
        "takeFirst": _message(ENGLISH, "why.takeFirst"),
        "noExtend": _message(ENGLISH, "why.noExtend", city="München"),
        "played": _message(ENGLISH, "why.played"),
        "playedCarrier": _message(ENGLISH, "why.playedCarrier"),
        "takeWithPostmaster": _message(ENGLISH, "why.takeWithPostmaster"),
        "drawDone": _message(ENGLISH, "why.drawDone"),
        "officialUsed": _message(ENGLISH, "why.officialUsed"),
        "oneOfficial": _message(ENGLISH, "why.oneOfficial", official=official),
        "carrierNoCard": _message(ENGLISH, "why.carrierNoCard"),
        "momentAD": _message(ENGLISH, "why.moment.AD"),
        "momentCW": _message(ENGLISH, "why.moment.CW"),
        "usable": None, "sending": None, "spectator": None,
    }
    assert answers == expected
