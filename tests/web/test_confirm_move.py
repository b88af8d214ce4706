"""'Confirm each move' (issue 10): with the setting on, a chosen move is shown in words with
Confirm and Cancel before it is sent; the setting is remembered in this browser."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import httpx
from playwright.sync_api import expect

from ludoteca.bots.base import make_bot
from ludoteca.core.registry import load
from tests.web.support import YOUR_TURN, api_get, api_play_until, create_match, open_as_seat
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
    expect(page.get_by_test_id("move-hint")).to_have_text("Nothing is sent until you confirm.")
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


I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
EN = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
# A move of one pawn along the track with a plain card (not a split 7, not a swap with a J).
PLAIN_MOVE = re.compile(r"^[^7J]\w*: \d+-\d+x?$")


def test_the_question_speaks_to_the_player_and_the_panel_sends_nothing_meanwhile(
        open_page, server_url):
    match_id, tokens, seat, legal = api_play_until(
        server_url, lambda texts: any(PLAIN_MOVE.match(text) for text in texts), players=2)
    move = next(text for text in legal if PLAIN_MOVE.match(text))
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    match_page = page.get_by_test_id("match-page")
    start = match_page.get_attribute("data-state-id")
    page.get_by_test_id("confirm-moves").check()
    question = page.get_by_test_id("confirm-move")
    hint = page.get_by_test_id("move-hint")
    for code in ["en", "nl", "zh", "de", "es", "fi"]:  # switched in place, on one page
        words = json.loads((I18N / f"{code}.json").read_text(encoding="utf-8"))
        page.get_by_test_id("language").select_option(code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        page.locator(f"[data-testid=hand-card][data-card='{move.split(':')[0]}']").click()
        page.locator(f"[data-testid=candidate-action][data-action='{move}']").click()
        expect(question).to_be_visible()
        # The player's own pawn is "your pawn", not "Red's pawn".
        yours = words["keezen.action.moveOwn"].split("{from}")[0].strip()
        expect(question.locator("p")).to_contain_text(yours)
        # Nothing is sent while the question is open, and the panel says so.
        expect(hint).to_have_text(words["confirm.waiting"])
        page.get_by_test_id("confirm-no").click()
        expect(question).to_have_count(0)
        expect(hint).not_to_have_text(words["confirm.waiting"])
        expect(match_page).to_have_attribute("data-state-id", start)


# A move of one pawn along the track with a number card: "3: 22-25".
NUMBER_MOVE = re.compile(r"^(\d+): (\d+)-(\d+)$")
COLOURS = ["red", "blue", "yellow", "green"]  # the seats' colours (boards/keezen.js)


def _until_a_partners_pawn_moves(seed: int, max_moves: int = 400) -> tuple[list[str], int, str]:
    """Play a seeded 4-player Keezen game with the heuristic bot in every seat (in the engine,
    as the server deals it) until the seat to move has all its pawns home and may move its
    partner's pawn with a number card; return the actions played, that seat and that move."""
    game = load("keezen", players=4)
    bot = make_bot("heuristic", game)
    rng = random.Random(seed)
    state = game.initial_state(seed)
    played: list[str] = []
    for _ in range(max_moves):
        seat = game.current_player(state)
        legal = [game.action_to_text(state, action) for action in game.legal_actions(state)]
        moves = [text for text in legal if NUMBER_MOVE.match(text)]
        if game.moves.controlled_colour(state.pawns, seat) != seat and moves:
            return played, seat, moves[0]
        action = bot.choose(game, state, seat, rng, None)
        played.append(game.action_to_text(state, action))
        state = game.apply(state, action)
    raise AssertionError(f"no seat moves its partner's pawn within {max_moves} moves")


def test_moving_the_partners_pawn_names_it_by_its_colour_not_your_pawn(open_page, server_url):
    seed = 2
    played, seat, move = _until_a_partners_pawn_moves(seed)
    with httpx.Client(base_url=server_url, timeout=10) as client:
        created = client.post("/api/matches", json={
            "game": "keezen", "players": 4, "seats": [{"type": "human"}] * 4,
            "claim": [0, 1, 2, 3], "seed": seed}).json()
        match_id, tokens = created["match_id"], created["tokens"]
        for state_id, action in enumerate(played):
            mover = client.get(f"/api/matches/{match_id}").json()["current_player"]
            client.post(f"/api/matches/{match_id}/actions", json={
                "token": tokens[str(mover)], "state_id": state_id, "action": action,
            }).raise_for_status()
    view = api_get(server_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
    partner = view["observation"]["controlled_colour"][seat]
    assert partner != seat and move in view["observation"]["legal_actions"]
    page = open_page()
    open_as_seat(page, match_id, seat, tokens[str(seat)])
    page.get_by_test_id("confirm-moves").check()
    parts = NUMBER_MOVE.match(move)
    assert parts is not None
    card, start, end = parts.groups()
    page.locator(f"[data-testid=hand-card][data-card='{card}']").first.click()
    page.locator(f"[data-testid=candidate-action][data-action='{move}']").click()
    question = page.get_by_test_id("confirm-move")
    expect(question).to_be_visible()
    # The partner's pawn is named by its colour, as the board shows it: it is not "your pawn".
    colour = EN[f"colour.{COLOURS[partner]}"]
    expect(question.locator("p")).to_have_text(
        f"Play {card}: {colour}'s pawn from square {start} to square {end}?")
