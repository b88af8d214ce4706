"""Elfenland in the browser: the map from the board data, a whole game played by clicking, the
click paths of every legal action, and the page in Chinese."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import Page, Route, expect

import ludoteca
from tests.web.support import (
    YOUR_TURN,
    api_get,
    create_match,
    open_replay_at_first_step,
    state_id,
)

GAME_SECONDS = 420.0
MAX_TURNS = 600  # human actions; a 3-player game has at most 4 × 3 × 34 actions in all
MOVES = "/static/js/games/elfenland-moves.js"
GEOMETRY = "/static/js/boards/elfenland-geometry.js"
BOARD = "[data-testid=board]"
EDGE_CHOICES = f"{BOARD} [data-testid=edge-handle][data-choice]"


def create_elfenland_match(page: Page, seats: list[str], seed: int | None = None) -> str:
    """Start an Elfenland match from the lobby (`seats`: "human" or "bot:<name>"); return its id.

    `seed` is added to the lobby's request (the form has no field for it), so that the deal and
    the bots' choices repeat. Waits until the map is drawn from the board data.
    """
    if seed is not None:
        def add_seed(route: Route) -> None:
            if route.request.method != "POST":
                route.continue_()
                return
            body = json.loads(route.request.post_data or "{}")
            route.continue_(post_data=json.dumps({**body, "seed": seed}))

        page.route("**/api/matches", add_seed)
    match_id = create_match(page, len(seats), seats, game="elfenland")
    page.unroute("**/api/matches")
    expect(page.locator(f"{BOARD}[data-towns='21']")).to_be_visible()
    return match_id


def _click_random(page: Page, selector: str, rng: random.Random) -> None:
    targets = page.locator(selector)
    count = targets.count()
    assert count, f"nothing to click: {selector}"
    targets.nth(rng.randrange(count)).click()


def play_elfenland_turn(page: Page, rng: random.Random) -> str:
    """Make one action by clicks only, as a person would; return the action text sent.

    The controls show what the seat can do: face-up counters or "draw blind" (phase 3); own
    counters, the obstacle and "pass" (phase 4); highlighted edges and "end" (phase 5); cards to
    keep or a counter to keep (phase 6). Choices among them are random (`rng`).
    """
    before = state_id(page)
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    own = "[data-testid=own-counter][data-playable=true]"
    keep = page.get_by_test_id("keep-cards-confirm")
    if keep.count():
        cards = page.locator("[data-testid=hand-card][data-playable=true]")
        for index in rng.sample(range(cards.count()), 4):
            cards.nth(index).click()
        expect(keep).to_be_enabled()
        keep.click()
    elif page.locator("[data-testid=display-counter][data-playable=true]").count():
        _click_random(page, "[data-testid=display-counter][data-playable=true], "
                            "[data-testid=draw-counter]", rng)
    elif page.get_by_test_id("pass-button").count():  # phase 4: place, obstacle or pass
        roll = rng.random()
        obstacle = page.get_by_test_id("obstacle-button")
        if roll < 0.6 and page.locator(own).count():
            _click_random(page, own, rng)
            _click_random(page, EDGE_CHOICES, rng)
        elif roll < 0.7 and obstacle.count():
            obstacle.click()
            _click_random(page, EDGE_CHOICES, rng)
        else:
            page.get_by_test_id("pass-button").click()
    elif page.get_by_test_id("end-button").count():  # phase 5: one step of the journey or end
        # Travel only while the hand is full enough that cards are left to keep at the round end.
        cards = page.get_by_test_id("hand-card").count()
        if page.locator(EDGE_CHOICES).count() and cards >= 7 and rng.random() < 0.85:
            _click_random(page, EDGE_CHOICES, rng)
            dialog = page.get_by_test_id("payment-dialog")
            if dialog.count():
                _click_random(page, "[data-testid=payment-option]", rng)
        else:
            page.get_by_test_id("end-button").click()
    else:  # phase 6: the counter to keep
        _click_random(page, own, rng)
    match_page = page.get_by_test_id("match-page")
    expect(match_page).not_to_have_attribute("data-state-id", str(before))
    action = match_page.get_attribute("data-last-action")
    assert action
    return action


# A whole game by clicks, 11-40 s: in `make soak` (each page's controls have their own tests).
@pytest.mark.soak
def test_human_plays_elfenland_against_two_bots_to_the_end(open_page, server_url):
    page = open_page()
    match_id = create_elfenland_match(page, ["human", "bot:random", "bot:random"], seed=2024)
    assert page.get_by_test_id("match-page").get_attribute("data-mode") == "player"
    board = page.get_by_test_id("board")
    expect(board.locator("[data-testid=town]")).to_have_count(21)
    expect(board.locator("[data-testid=edge]")).to_have_count(48)
    expect(board.locator("[data-testid=edge][data-kind=river] [data-testid=flow-arrow]")) \
        .to_have_count(14)
    expect(board.locator("[data-town=Elvenhold][data-capital=true]")).to_have_count(1)
    expect(board.locator("[data-testid=boot][data-town=Elvenhold]")).to_have_count(3)
    rng = random.Random(5)
    result = page.get_by_test_id("result")
    deadline = time.monotonic() + GAME_SECONDS
    verbs: set[str] = set()
    for _ in range(MAX_TURNS):
        assert time.monotonic() < deadline, f"no result after {len(verbs)} kinds of action"
        page.locator(f"{YOUR_TURN}, [data-testid=result]").first.wait_for()
        if result.is_visible():
            break
        verbs.add(play_elfenland_turn(page, rng).split(" ")[0])
    else:
        raise AssertionError("the game did not end")
    expect(result).to_be_visible()
    assert {"take", "place", "pass", "move", "end", "keep-cards"} <= verbs, verbs
    # The match is over: the final observation is terminal, and the board shows the journeys.
    final = api_get(server_url, f"/matches/{match_id}/view")
    assert final["observation"]["terminal"] is True
    assert final["match"]["status"] == "finished"
    expect(page.get_by_test_id("round-info")).to_have_attribute("data-phase", "0")
    assert board.locator("[data-testid=visited]").count() == sum(
        len(towns) for towns in final["observation"]["visited"])
    # A spectator sees the table but no cards and no secret counters.
    watcher = open_page()
    watcher.goto(f"/#/watch/{match_id}")
    expect(watcher.locator(f"{BOARD}[data-towns='21']")).to_be_visible()
    expect(watcher.get_by_test_id("seat-counters")).to_have_count(3)
    expect(watcher.get_by_test_id("hand-card")).to_have_count(0)
    expect(watcher.get_by_test_id("own-counter")).to_have_count(0)
    # The replay shows the same map at any step.
    open_replay_at_first_step(page)
    expect(page.locator("[data-testid=board] [data-testid=boot][data-town=Elvenhold]")) \
        .to_have_count(3)


def _legal_sets(games: int, seed: int) -> list[list[str]]:
    """Return the legal action texts of every position of some random 3-player games."""
    game = ludoteca.load("elfenland", 3)
    rng = random.Random(seed)
    sets = []
    for index in range(games):
        state = game.initial_state(seed=seed + index)
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            texts = [game.action_to_text(state, action) for action in legal]
            sets.append(texts)
            # Pass often, so that counters are left over for keep-counter at the round end.
            passing = "pass" in texts and rng.random() < 0.7
            state = game.apply(state, legal[texts.index("pass")] if passing else rng.choice(legal))
    return sets


# Each action is reached by its clicks: every click on offer, and the action complete exactly
# after its last one (a payment without alternatives needs no click); keep-cards by its cards.
CLICK_EVERY_ACTION = """async ([url, sets]) => {
  const { ElfPicker, parseAction } = await import(url);
  const problems = [];
  for (const legal of sets) {
    for (const text of legal) {
      const picker = new ElfPicker(legal);
      const { verb, path, cards } = parseAction(text);
      if (verb === "keep-cards") {
        const shuffled = [...cards].reverse().join("");
        if (picker.keepText(shuffled) !== text) problems.push(`${text}: keepText`);
        continue;
      }
      let done = null;
      for (const [i, target] of path.entries()) {
        if (!picker.offered().has(target) && !(i === 0 && picker.starts().has(target))) {
          problems.push(`${text}: ${target} not offered`);
          break;
        }
        done = picker.pick(target);
        if (done !== null) {
          const onlyPayment = i === path.length - 2 && path[i + 1].startsWith("pay:");
          if (i < path.length - 1 && !onlyPayment) problems.push(`${text}: done early`);
          break;
        }
      }
      if (done !== text) problems.push(`${text}: clicks gave ${done}`);
    }
  }
  return problems.slice(0, 10);
}"""


def test_every_legal_elfenland_action_is_one_click_path(open_page):
    sets = _legal_sets(games=2, seed=31)
    texts = {text.split(" ")[0] for legal in sets for text in legal}
    assert {"take", "draw", "place", "obstacle", "pass", "move", "end", "keep-cards",
            "keep-counter"} <= texts
    page = open_page()
    page.goto("/")
    assert page.evaluate(CLICK_EVERY_ACTION, [MOVES, sets]) == []


# Edge handles (the click targets in the middle of each edge) keep apart from each other.
HANDLE_GAPS = """async ([url, board]) => {
  const { elfenlandLayout } = await import(url);
  const layout = elfenlandLayout(board);
  const middles = [...layout.edges.values()].map((c) => ({ id: c.edge.id, ...c.middle }));
  let nearest = Infinity;
  for (const [i, p] of middles.entries()) {
    for (const q of middles.slice(i + 1)) {
      nearest = Math.min(nearest, Math.hypot(p.x - q.x, p.y - q.y));
    }
  }
  return nearest;
}"""


def test_edge_handles_do_not_overlap(open_page, server_url):
    board = api_get(server_url, "/games/elfenland/board")  # the map the page draws
    page = open_page()
    page.goto("/")
    assert page.evaluate(HANDLE_GAPS, [GEOMETRY, board]) >= 5.0


def test_elfenland_page_in_chinese_on_a_phone(open_page):
    page = open_page(390, 844)
    page.goto("/")
    page.get_by_test_id("language").select_option("zh")
    expect(page.locator("html")).to_have_attribute("lang", "zh")
    expect(page.get_by_test_id("create-match")).to_have_text("开始对局")
    create_elfenland_match(page, ["human", "bot:random", "bot:random"])
    expect(page.get_by_test_id("round-info")).to_contain_text("第 1 回合")
    expect(page.get_by_test_id("controls")).to_contain_text("你的旅行票")
    expect(page.get_by_test_id("log-entry").last).to_contain_text("回合开始")
    # The page fits the phone: only the map scrolls sideways, inside its frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A face-up counter is taken by a click and named in Chinese in the log.
    page.locator(YOUR_TURN).wait_for()
    before = state_id(page)
    page.locator("[data-testid=display-counter][data-playable=true]").first.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute(
        "data-state-id", str(before))
    expect(page.locator("[data-testid=log-entry][data-kind=take]").last) \
        .to_contain_text("拿取了翻开的")
