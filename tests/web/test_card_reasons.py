"""A Keezen card the player cannot play now says why, in the engine's words translated, as a
tooltip and to screen readers (observation.card_reasons, games/keezen/unplayable.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.server.support import bearer
from tests.web.support import open_as_seat

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
CATALOGUES = {
    language: json.loads((I18N / f"{language}.json").read_text(encoding="utf-8"))
    for language in ("en", "nl", "zh")
}
ENGLISH = CATALOGUES["en"]
COLOURS = ["red", "blue"]  # the seat colours of boards/keezen.js, two players
REASONS_MODULE = "/static/js/games/keezen-reasons.js"
MAX_MOVES = 400


def _fill(template: str, **params: Any) -> str:
    """Return a catalogue message with its {placeholders} filled, as i18n.js t() does."""
    for name, value in params.items():
        template = template.replace(f"{{{name}}}", str(value))
    return template


def _place(words: dict[str, str], loc: str) -> str:
    """Return a location as keezen-words.js placeText writes it: "square 12" or "home 3"."""
    if loc.startswith("h"):
        return _fill(words["keezen.loc.home"], slot=int(loc.split(".")[1]) + 1)
    return _fill(words["keezen.hole.square"], n=loc)


def _no_room_text(words: dict[str, str], params: dict[str, Any]) -> str:
    """Return the expected words of a "no_room" reason in one language."""
    def pawn_text(pawn: dict[str, Any]) -> str:
        place = _place(words, pawn["pawn"])
        if pawn["code"] == "home_end":
            if pawn["room"] == 0:
                return _fill(words["keezen.why.pawn.laneEnd"], **{"from": place})
            count = "one" if pawn["room"] == 1 else "other"
            return _fill(words[f"keezen.why.pawn.homeEnd.{count}"], n=pawn["room"],
                         **{"from": place})
        return _fill(words[f"keezen.why.pawn.{pawn['code']}"], at=_place(words, pawn["at"]),
                     **{"from": place})

    count = "one" if params["steps"] == 1 else "other"
    return _fill(
        words[f"keezen.why.no_room.{count}"],
        colour=words[f"colour.{COLOURS[params['colour']]}"], steps=params["steps"],
        pawns=words["keezen.why.pawnsJoin"].join(pawn_text(p) for p in params["pawns"]),
    )


def _play_until_stuck(base_url: str, code: str) -> tuple[str, dict[str, str], int, str, Any]:
    """Play the last legal action in a seeded 2-player match until the seat to move holds a card
    whose reason has `code`. Return match id, tokens, that seat, the card and the reason."""
    with httpx.Client(base_url=base_url, timeout=10) as client:
        created = client.post("/api/matches", json={
            "game": "keezen", "players": 2, "seats": [{"type": "human"}] * 2,
            "claim": [0, 1], "seed": 1,
        }).json()
        match_id, tokens = created["match_id"], created["tokens"]
        for _ in range(MAX_MOVES):
            seat = client.get(f"/api/matches/{match_id}").json()["current_player"]
            view = client.get(f"/api/matches/{match_id}/view",
                              headers=bearer(tokens[str(seat)])).json()
            observation = view["observation"]
            for card, reasons in observation["card_reasons"].items():
                if reasons[0]["code"] == code:
                    return match_id, tokens, seat, card, reasons[0]
            client.post(f"/api/matches/{match_id}/actions", json={
                "token": tokens[str(seat)], "state_id": view["state_id"],
                "action": observation["legal_actions"][-1],
            }).raise_for_status()
    raise AssertionError(f"no card stuck for {code!r} within {MAX_MOVES} moves")


def test_a_stuck_card_says_what_stops_each_pawn_in_the_pages_language(open_page, server_url):
    match_id, tokens, seat, card, reason = _play_until_stuck(server_url, "no_room")
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    stuck = page.locator(f"[data-testid=hand-card][data-card='{card}']").first
    expect(stuck).to_be_disabled()
    expect(stuck).to_have_attribute("data-playable", "false")
    english = _no_room_text(ENGLISH, reason["params"])
    assert english != ENGLISH["keezen.card.noMove"] and "{" not in english
    expect(stuck).to_have_attribute("title", english)
    expect(stuck).to_have_accessible_description(english)
    playable = page.locator("[data-testid=hand-card][data-playable=true]").first
    expect(playable).not_to_have_attribute("title", english)

    for language in ("nl", "zh"):
        page.get_by_test_id("language").select_option(language)
        expect(stuck).to_have_attribute("title", _no_room_text(CATALOGUES[language],
                                                               reason["params"]))


def test_a_reason_the_page_does_not_know_falls_back_to_the_engines_sentence(
    open_page, server_url
):
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("language")).to_be_visible()
    texts = page.evaluate("""async (url) => {
      const { cardReasonText } = await import(url);
      return [
        cardReasonText([{ code: "some_new_rule", params: { colour: 0 }, text: "engine words" }]),
        cardReasonText([{ code: "no_pawn_waiting", params: { colour: 1 }, text: "x" },
          { code: "no_pawn_on_board", params: { colour: 1 }, text: "y" }]),
        cardReasonText(undefined),
        cardReasonText([]),
      ];
    }""", REASONS_MODULE)
    blue = ENGLISH["colour.blue"]
    assert texts == [
        "engine words",
        " ".join([_fill(ENGLISH["keezen.why.no_pawn_waiting"], colour=blue),
                  _fill(ENGLISH["keezen.why.no_pawn_on_board"], colour=blue)]),
        None,
        None,
    ]


def test_the_hand_of_a_player_waiting_for_their_turn_says_to_wait(open_page, server_url):
    match_id, tokens, seat, _, _ = _play_until_stuck(server_url, "no_pawn_on_board")
    other = 1 - seat
    page = open_page()
    open_as_seat(page, match_id, other, tokens[str(other)])
    card = page.get_by_test_id("hand-card").first
    expect(card).to_be_disabled()
    expect(card).to_have_accessible_description(ENGLISH["keezen.card.notYourTurn"])
