"""Thurn und Taxis in the browser: the map from the board data, a whole 2-player game against the
heuristic bot played to its end by clicking (take, officials, a card then an end of the route,
the close with its preview, the hand limit, an undo), the score table, a spectator's view and the
replay, the page on a phone, the same moves from the keyboard, and every legal action of many
positions offered by the control that stands for it."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from playwright.sync_api import Page, Route, expect

import ludoteca
from ludoteca.core.registry import game_spec
from tests.web.support import (
    YOUR_TURN,
    api_get,
    create_match,
    open_replay_at_first_step,
    state_id,
)

GAME_SECONDS = 480.0
MAX_ACTIONS = 900  # human actions; the heuristic bot ends a 2-player game in some 20-40 rounds
BOARD = "[data-testid=board]"
MOVES = "/static/js/games/thurn_und_taxis-moves.js"
PHONE = (390, 844)
MIN_TARGET_PX = 40


def create_tnt_match(page: Page, seats: list[str], seed: int | None = None) -> str:
    """Start a Thurn und Taxis match from the lobby (`seats`: "human" or "bot:<name>"); return
    its id. `seed` is added to the lobby's request. Waits until the map is drawn."""
    if seed is not None:
        def add_seed(route: Route) -> None:
            if route.request.method != "POST":
                route.continue_()
                return
            body = json.loads(route.request.post_data or "{}")
            route.continue_(post_data=json.dumps({**body, "seed": seed}))

        page.route("**/api/matches", add_seed)
    match_id = create_match(page, len(seats), seats, game="thurn_und_taxis")
    page.unroute("**/api/matches")
    expect(page.locator(f"{BOARD}[data-cities='22'][data-roads='45']")).to_be_visible()
    return match_id


def _kind(text: str) -> str:
    """Return what an action text does: T (take), C (close), * / + L (plays), X, . or the
    official's code."""
    if text in ("PM", "AD", "PC", "CW"):
        return text
    return "L" if text.endswith("+") else text[0]


def _click_random(page: Page, selector: str, rng: random.Random) -> None:
    targets = page.locator(selector)
    count = targets.count()
    assert count, f"nothing to click: {selector}"
    targets.nth(rng.randrange(count)).click()


def _close_route(page: Page, rng: random.Random) -> None:
    """Open the close panel, choose one of the two placements at random and confirm it after
    checking that the map previews exactly the houses the chosen close places."""
    page.get_by_test_id("close-button").click()
    panel = page.get_by_test_id("close-panel")
    expect(panel).to_be_visible()
    _click_random(page, "[data-testid=close-mode]:enabled", rng)
    confirm = page.get_by_test_id("close-confirm")
    if page.locator("[data-testid=close-mode][data-mode=region][aria-pressed=true]").count():
        _click_random(page, "[data-testid=close-option]", rng)
    else:  # one house per region: change the city of some chosen regions
        for region in {r for r in page.locator("[data-testid=close-city][aria-pressed=true]")
                       .evaluate_all("els => els.map((el) => el.dataset.region)")}:
            cities = page.locator(f"[data-testid=close-city][data-region={region}]")
            choice = cities.nth(rng.randrange(cities.count()))
            if choice.get_attribute("aria-pressed") != "true":
                choice.click()
    expect(confirm).to_be_enabled()
    text = confirm.get_attribute("data-action") or ""
    houses = [city for city in text[text.index("[") + 1:-1].split(",") if city]
    previews = page.locator(f"{BOARD} [data-testid=house-preview]")
    expect(previews).to_have_count(len(houses))
    assert sorted(previews.evaluate_all("els => els.map((el) => el.dataset.city)")) \
        == sorted(houses)
    confirm.click()


def play_tnt_action(page: Page, rng: random.Random) -> str:
    """Make one action by clicks only, as a person would; return the action text sent.

    Closes whenever the page offers it (it keeps the game short); otherwise discards down to
    three, takes a face-up card (now and then an official instead), plays a random playable card
    to a random highlighted end, or ends the turn.
    """
    before = state_id(page)
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    display = "[data-testid=display-card][data-playable=true], " \
              "[data-testid=draw-card][data-playable=true]"
    officials = "[data-testid=official][data-playable=true]"
    cards = "[data-testid=hand-card][data-playable=true]"
    if page.get_by_test_id("drop-confirm").count():
        hand = page.get_by_test_id("hand-card")
        for index in rng.sample(range(hand.count()), hand.count() - 3):
            hand.nth(index).click()
        page.get_by_test_id("drop-confirm").click()
    elif page.get_by_test_id("close-button").count():
        _close_route(page, rng)
    elif page.locator(officials).count() and (rng.random() < 0.15 or not (
            page.locator(display).count() or page.locator(cards).count()
            or page.get_by_test_id("end-button").count())):
        _click_random(page, officials, rng)  # now and then, or when it is forced (T20)
    elif page.locator(display).count():
        _click_random(page, display, rng)
    elif page.locator(cards).count():
        _click_random(page, cards, rng)
        ends = page.locator(f"[data-testid=route-end], {BOARD} [data-choice]")
        if ends.count() and (rng.random() < 0.95 or not page.get_by_test_id("restart-button")
                             .count()):
            ends.nth(rng.randrange(ends.count())).click()
        else:
            page.get_by_test_id("restart-button").click()
    else:
        page.get_by_test_id("end-button").click()
    match_page = page.get_by_test_id("match-page")
    expect(match_page).not_to_have_attribute("data-state-id", str(before))
    action = match_page.get_attribute("data-last-action")
    assert action
    return action


# A whole game by clicks, 11-40 s: in `make soak` (each page's controls have their own tests).
@pytest.mark.soak
def test_human_plays_thurn_und_taxis_against_the_heuristic_bot_to_the_end(open_page, server_url):
    page = open_page()
    match_id = create_tnt_match(page, ["human", "bot:heuristic"], seed=2026)
    board = page.get_by_test_id("board")
    expect(board.locator("[data-testid=city]")).to_have_count(22)
    expect(page.get_by_test_id("display-card")).to_have_count(6)
    expect(page.get_by_test_id("official")).to_have_count(4)
    expect(page.get_by_test_id("stack")).to_have_count(10)
    rng = random.Random(7)
    result = page.get_by_test_id("result")
    deadline = time.monotonic() + GAME_SECONDS
    actions: list[str] = []
    undo = page.get_by_test_id("undo")
    undone = None
    for _ in range(MAX_ACTIONS):
        assert time.monotonic() < deadline, f"no result after {len(actions)} actions"
        page.locator(f"{YOUR_TURN}, [data-testid=result]").first.wait_for()
        if result.is_visible():
            break
        actions.append(play_tnt_action(page, rng))
        if undone is None and actions[-1][0] in "*/+" and undo.is_visible():
            # A card laid while the turn goes on can be taken back (issue 10), once.
            laid = state_id(page)
            undo.click()
            expect(page.get_by_test_id("match-page")).to_have_attribute(
                "data-state-id", str(laid - 1))
            undone = actions[-1]
    else:
        raise AssertionError("the game did not end")
    kinds = {_kind(action) for action in actions}
    assert {"T", "C", "*"} <= kinds, kinds
    assert undone, "no card laid on the route was ever offered to take back"
    final = api_get(server_url, f"/matches/{match_id}/view")
    observation = final["observation"]
    assert observation["terminal"] is True and final["match"]["status"] == "finished"
    # The map shows every house placed, and the score table every seat with its score.
    expect(board.locator("[data-testid=house]")).to_have_count(
        sum(len(houses) for houses in observation["houses"]))
    table = page.get_by_test_id("score-table")
    expect(table).to_be_visible()
    expect(table.get_by_test_id("score-row")).to_have_count(2)
    for seat, score in enumerate(observation["scores"]):
        expect(table.locator(f"[data-testid=score-row][data-seat='{seat}'] "
                             "[data-testid=score]")).to_have_text(str(score))
    expect(page.get_by_test_id("end-reason")).not_to_be_empty()
    # The log is in words: no record notation such as "0: T3:MUE".
    in_notation = page.locator("[data-testid=log-entry]").evaluate_all(
        "els => els.filter((el) => el.textContent.includes(el.dataset.text)).map((el) => "
        "el.dataset.text)")
    assert in_notation == []
    # A spectator sees the map and the table but no hand and no controls.
    watcher = open_page()
    watcher.goto(f"/#/watch/{match_id}")
    expect(watcher.locator(f"{BOARD}[data-cities='22']")).to_be_visible()
    expect(watcher.get_by_test_id("seat-row")).to_have_count(2)
    expect(watcher.get_by_test_id("hand-card")).to_have_count(0)
    expect(watcher.get_by_test_id("controls")).to_have_count(0)
    # The replay shows the same map at any step: at the start no route and no house.
    open_replay_at_first_step(page)
    expect(page.locator(f"{BOARD}[data-cities='22']")).to_be_visible()
    expect(page.locator(f"{BOARD} [data-testid=house]")).to_have_count(0)
    expect(page.get_by_test_id("display-card")).to_have_count(6)


def test_thurn_und_taxis_on_a_phone(open_page):
    page = open_page(*PHONE)
    create_tnt_match(page, ["human", "bot:heuristic"], seed=5)
    page.locator(YOUR_TURN).wait_for()
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    # The page fits the phone: only the map scrolls sideways, inside its frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    # Take two cards (the display, then the Postmaster's second card) and play one: the hand, the
    # route's ends and the buttons are reachable and big enough to touch.
    for target in ("[data-testid=display-card][data-playable=true]",
                   "[data-testid=official][data-official=PM][data-playable=true]",
                   "[data-testid=display-card][data-playable=true]"):
        before = state_id(page)
        page.locator(target).first.click()
        expect(page.get_by_test_id("match-page")).not_to_have_attribute(
            "data-state-id", str(before))
        expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    playable = page.locator("[data-testid=hand-card][data-playable=true]")
    expect(playable.first).to_be_visible()
    index = playable.first.get_attribute("data-index")
    card = page.locator(f"[data-testid=hand-card][data-index='{index}']")
    card.click()  # scrolled into view first, as a person would
    expect(card).to_have_attribute("aria-pressed", "true")
    end = page.get_by_test_id("route-end").first
    # A view arriving meanwhile redraws the row: scroll by a script that finds the end at once.
    end.evaluate("el => el.scrollIntoView({ block: 'center' })")
    expect(end).to_be_in_viewport()
    for target in (card, end, page.locator("[data-testid=display-card]").first):
        box = target.bounding_box()
        assert box and min(box["width"], box["height"]) >= MIN_TARGET_PX, box
    before = state_id(page)
    end.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", str(before))
    expect(page.get_by_test_id("route-card")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]


def test_thurn_und_taxis_is_played_from_the_keyboard(open_page):
    page = open_page()
    create_tnt_match(page, ["human", "bot:heuristic"], seed=5)
    match_page = page.get_by_test_id("match-page")
    # A card, the Postmaster and a second card (forced with an empty hand, T20), by Enter.
    for target in ("[data-testid=display-card][data-playable=true]",
                   "[data-testid=official][data-official=PM][data-playable=true]",
                   "[data-testid=display-card][data-playable=true]"):
        page.locator(YOUR_TURN).wait_for()
        expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
        before = state_id(page)
        page.locator(target).first.focus()
        page.keyboard.press("Enter")
        expect(match_page).not_to_have_attribute("data-state-id", str(before))
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    # A card chosen by Enter sends the focus to the route's end; the map offers the same choice
    # as a named button, and Space on it plays the card.
    index = page.locator("[data-testid=hand-card][data-playable=true]").first \
        .get_attribute("data-index")
    page.locator(f"[data-testid=hand-card][data-index='{index}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=route-end][data-end=start]")).to_be_focused()
    city = page.locator(f"{BOARD} [data-testid=city][data-choice]")
    expect(city).to_have_count(1)
    expect(city).to_have_attribute("role", "button")
    expect(city).to_have_attribute("tabindex", "0")
    expect(city).to_have_attribute("aria-label", re.compile("Start a route with"))
    before = state_id(page)
    city.focus()
    page.keyboard.press(" ")
    expect(match_page).not_to_have_attribute("data-state-id", str(before))
    expect(match_page).to_have_attribute("data-last-action", re.compile(r"^\*[A-Z]{3}$"))
    expect(page.get_by_test_id("route-card")).to_have_count(1)


def _legal_sets(games: int, seed: int) -> list[list[str]]:
    """Return the distinct legal action sets of some 2-player games, with and without blind draws:
    the heuristic bot's moves (it grows long routes and uses the Cartwright), in every other game
    mixed half and half with random ones."""
    bot = game_spec("thurn_und_taxis").bots[0].make()
    sets: dict[tuple[str, ...], None] = {}
    for index in range(games):
        game = ludoteca.load("thurn_und_taxis", 2, blind_draw=index in (1, 2), round_limit=40)
        randomness = 0.5 * (index % 2)
        rng = random.Random(seed + index)
        state = game.initial_state(seed=seed + index)
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            sets[tuple(game.action_to_text(state, action) for action in legal)] = None
            seat = game.current_player(state)
            action = (rng.choice(legal) if rng.random() < randomness
                      else bot.choose(game, state, seat, rng))
            state = game.apply(state, action)
    return [list(texts) for texts in sets]


# Each legal action is what the board offers for its click: a slot, the deck, an official, a card
# and an end, a close option or a city per region, the cards to discard, "end the turn".
REACH_EVERY_ACTION = """async ([url, sets, regions]) => {
  const { TntChoices, parseAction } = await import(url);
  const problems = [];
  for (const legal of sets) {
    const choices = new TntChoices(legal);
    for (const text of legal) {
      const action = parseAction(text);
      let found = null;
      switch (action.verb) {
        case "take": found = choices.take(action.slot); break;
        case "draw": found = choices.draw(); break;
        case "official": found = choices.official(action.official); break;
        case "start": case "left": case "right": case "restart":
          found = choices.plays(action.city)[action.verb]; break;
        case "close": {
          const byRegion = new Set(action.cities.map((city) => regions[city]));
          if (action.mode === "each" && byRegion.size !== action.cities.length) break;
          found = choices.closes().find((other) => other.text === text)?.text ?? null;
          break;
        }
        case "drop": found = choices.drop([...action.cities].reverse()); break;
        case "end": found = choices.end(); break;
        default: break;
      }
      if (found !== text) problems.push(`${text}: the board offers ${found}`);
    }
  }
  return problems.slice(0, 10);
}"""


def test_every_legal_thurn_und_taxis_action_is_offered_by_its_click(open_page, server_url):
    sets = _legal_sets(games=10, seed=41)  # some 2,000 distinct legal sets
    kinds = {_kind(text) for legal in sets for text in legal}
    assert {"T", "C", "*", "+", "L", "/", "X", ".", "PM", "AD", "PC", "CW"} <= kinds, kinds
    board = api_get(server_url, "/games/thurn_und_taxis/board")
    regions = {city["id"]: city["region"] for city in board["cities"]}
    page = open_page()
    page.goto("/")
    assert page.evaluate(REACH_EVERY_ACTION, [MOVES, sets, regions]) == []
