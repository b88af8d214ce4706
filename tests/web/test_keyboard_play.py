"""Matches against bots played with the keyboard only (Tab, Shift+Tab and Enter): a Keezen turn,
and Elfenland until the player's counter lies on a road; a keyboard focus that looks unlike the
'playable' mark."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.support import YOUR_TURN, api_play_first_action, create_match, http, open_as_seat

MAX_TABS = 120  # more than every focusable element of the match page
MAX_CLICKS_PER_MOVE = 6  # pawn and hole, twice for a split 7 (as in support.py)
SEED = 4
SENT_OR_CHOOSING = """() => document.querySelector("[data-testid=match-page]")?.dataset.lastAction
    || document.querySelector("[data-testid=board] [data-choice]")"""
ELFENLAND_TURNS = 12  # phase 3 takes a counter per turn (5 each), then phase 4 places them


def start_against_a_bot(base_url: str) -> tuple[str, str]:
    """Create a running 2-player Keezen match, seat 0 held by the test; return id and token."""
    created = http().post(f"{base_url}/api/matches", timeout=10, json={
        "game": "keezen", "players": 2, "seed": SEED, "claim": [0],
        "seats": [{"type": "human"}, {"type": "bot", "bot": "random"}],
    })
    created.raise_for_status()
    return created.json()["match_id"], created.json()["tokens"]["0"]


def focused_matches(page: Page, selector: str) -> bool:
    """Return whether the element with the keyboard focus matches `selector`."""
    return bool(page.evaluate(
        "selector => document.activeElement?.matches(selector) ?? false", selector))


def tab_to(page: Page, selector: str, key: str = "Tab") -> None:
    """Press `key` (Tab or Shift+Tab) until the focus is on an element matching `selector`."""
    for _ in range(MAX_TABS):
        if focused_matches(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector}")


def test_a_keezen_turn_played_with_the_keyboard_only(open_page, server_url):
    match_id, token = start_against_a_bot(server_url)
    page = open_page()
    open_as_seat(page, match_id, 0, token)
    expect(page.locator(YOUR_TURN)).to_be_visible()
    match_page = page.get_by_test_id("match-page")
    before = match_page.get_attribute("data-state-id")

    tab_to(page, "[data-testid=hand-card][data-playable=true]")
    page.keyboard.press("Enter")
    # Escape gives the card up and brings the focus back to it; Enter chooses it again.
    assert focused_matches(page, "[data-testid=board] [data-choice]")
    card = page.locator("[data-testid=hand-card][aria-pressed=true]").get_attribute("data-card")
    page.keyboard.press("Escape")
    assert focused_matches(page, f"[data-testid=hand-card][data-card='{card}']")
    expect(page.locator("[data-testid=board] [data-choice]")).to_have_count(0)
    page.keyboard.press("Enter")
    # Each Enter on a hole chooses it as a click would; the focus goes on to the next holes.
    page.wait_for_function(SENT_OR_CHOOSING)
    for _ in range(MAX_CLICKS_PER_MOVE):
        if match_page.get_attribute("data-last-action"):
            break
        tab_to(page, "[data-testid=board] [data-choice]")
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label, "a hole to choose has no name for screen readers"
        page.keyboard.press("Enter")
        # Either more holes to choose, or the move is sent: wait for one of the two, so that
        # no Enter goes to the next turn's cards (the bot may answer at once).
        page.wait_for_function(SENT_OR_CHOOSING)
    else:
        raise AssertionError("no move was sent after the most choices a move needs")

    action = match_page.get_attribute("data-last-action")
    expect(match_page).not_to_have_attribute("data-state-id", before or "")
    # The log shows the own move (its notation; the words are the page's language).
    expect(page.locator(f"[data-testid=log-entry][data-text='P0 {action}']")).to_have_count(1)


def test_an_elfenland_counter_placed_on_a_road_with_the_keyboard_only(open_page, server_url):
    created = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": "elfenland", "players": 3, "seed": SEED, "claim": [0],
        "seats": [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 2,
    })
    created.raise_for_status()
    page = open_page()
    open_as_seat(page, created.json()["match_id"], 0, created.json()["tokens"]["0"])
    match_page = page.get_by_test_id("match-page")
    own = "[data-testid=own-counter][data-playable=true]"
    for _ in range(ELFENLAND_TURNS):
        expect(page.locator(YOUR_TURN)).to_be_visible()
        expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
        before = match_page.get_attribute("data-state-id")
        if page.locator(own).count():  # phase 4: a counter, then a road for it
            tab_to(page, own)
            page.keyboard.press("Enter")
            assert focused_matches(page, "[data-testid=edge-handle][data-choice]")
            assert page.evaluate("document.activeElement.getAttribute('aria-label')")
            page.keyboard.press("Enter")
            expect(match_page).not_to_have_attribute("data-state-id", before or "")
            break
        # Phase 3: a face-up counter (or the blind draw) for the hand.
        tab_to(page, "[data-testid=display-counter][data-playable=true], "
                     "[data-testid=draw-counter]")
        page.keyboard.press("Enter")
        expect(match_page).not_to_have_attribute("data-state-id", before or "")
    else:
        raise AssertionError(f"no counter to place within {ELFENLAND_TURNS} turns")
    action = match_page.get_attribute("data-last-action") or ""
    assert action.startswith("place "), action
    expect(page.locator(f"[data-testid=log-entry][data-text='0: {action}']")).to_have_count(1)
    expect(page.locator("[data-testid=road-counter][data-placed-by='0']")).to_have_count(1)


def test_the_hot_seat_cover_keeps_the_keyboard_on_it(open_page):
    page = open_page()
    create_match(page, 2, ["human", "human"], hotseat=True)
    cover = page.get_by_test_id("pass-device")
    expect(cover).to_be_visible()
    expect(page.get_by_test_id("pass-device-confirm")).to_be_focused()
    # Tab goes round the cover's button and the top bar, never to the match behind the cover.
    for _ in range(8):
        page.keyboard.press("Tab")
        assert not page.evaluate("""() => {
          const el = document.activeElement;
          return Boolean(el.closest("[data-testid=match-page]"))
            && !el.closest("[data-testid=pass-device]");
        }""")
    tab_to(page, "[data-testid=pass-device-confirm]")
    page.keyboard.press("Enter")
    expect(cover).to_have_count(0)
    tab_to(page, "[data-testid=hand-card][data-playable=true]")  # the match is reachable again


# A panel redrawn while a keyboard player is on one of its buttons: the new button that stands
# for the same thing gets the focus; one that stands for another thing does not.
REDRAW = """async (url) => {
  const { rememberFocus } = await import(url);
  const panel = document.createElement("div");
  document.body.append(panel);
  const draw = (cards) => panel.replaceChildren(...cards.map((card) => {
    const button = document.createElement("button");
    button.dataset.testid = "hand-card";
    button.dataset.card = card;
    return button;
  }));
  draw(["7", "K"]);
  panel.querySelector("[data-card=K]").focus();
  let restore = rememberFocus(panel);
  draw(["3", "K", "A"]);
  restore();
  const kept = document.activeElement.dataset.card ?? null;
  restore = rememberFocus(panel);
  draw(["3", "A"]);
  restore();
  const gone = document.activeElement === document.body;
  panel.remove();
  return { kept, gone };
}"""


def test_a_redrawn_panel_gives_the_focus_back_to_the_same_control(open_page):
    page = open_page()
    page.goto("/")
    answer = page.evaluate(REDRAW, "/static/js/components/focus.js")
    assert answer == {"kept": "K", "gone": True}


def test_the_log_keeps_the_keyboard_focus_while_moves_arrive(open_page, server_url):
    match_id, token = start_against_a_bot(server_url)
    page = open_page()
    open_as_seat(page, match_id, 0, token)
    expect(page.locator(YOUR_TURN)).to_be_visible()
    before = page.get_by_test_id("match-page").get_attribute("data-state-id")
    tab_to(page, "[data-testid=log]")
    api_play_first_action(server_url, match_id, {"0": token})  # the move comes over the socket
    expect(page.get_by_test_id("match-page")).not_to_have_attribute(
        "data-state-id", before or "")
    assert focused_matches(page, "[data-testid=log]")


# The styles that tell a keyboard focus from a 'playable' mark, read in the page.
OUTLINE = """el => {
  const style = getComputedStyle(el);
  return { style: style.outlineStyle, colour: style.outlineColor, border: style.borderColor };
}"""
RING = """el => {
  const style = getComputedStyle(el.querySelector(".ring"));
  return { stroke: style.stroke, dashes: style.strokeDasharray };
}"""


def test_the_focus_ring_differs_from_the_playable_mark(open_page, server_url):
    match_id, token = start_against_a_bot(server_url)
    page = open_page()
    open_as_seat(page, match_id, 0, token)
    expect(page.locator(YOUR_TURN)).to_be_visible()
    playable = "[data-testid=hand-card][data-playable=true]"
    expect(page.locator(playable).first).to_be_visible()

    tab_to(page, playable)
    focused_card = page.evaluate(f"() => ({OUTLINE})(document.activeElement)")
    unfocused_card = page.evaluate(f"""() => {{
      const other = [...document.querySelectorAll("{playable}")]
        .find((el) => el !== document.activeElement);
      return other ? ({OUTLINE})(other) : null;
    }}""")
    page.keyboard.press("Enter")  # the card is chosen; the focus goes on to a hole to choose
    assert focused_matches(page, "[data-testid=board] [data-choice]")
    hole = page.evaluate_handle("document.activeElement")
    focused_hole = page.evaluate(f"hole => ({RING})(hole)", hole)
    page.evaluate("hole => hole.blur()", hole)  # still a choice, no longer focused
    playable_hole = page.evaluate(f"hole => ({RING})(hole)", hole)

    assert focused_card["style"] == "dashed", focused_card
    assert focused_card["colour"] != focused_card["border"], "the focus has the playable colour"
    if unfocused_card is not None:  # a second playable card (not focused) to compare with
        assert unfocused_card["style"] == "none", unfocused_card
    assert focused_hole["stroke"] != playable_hole["stroke"], (focused_hole, playable_hole)
    assert playable_hole["dashes"] == "none", playable_hole
    assert focused_hole["dashes"] != "none", focused_hole
