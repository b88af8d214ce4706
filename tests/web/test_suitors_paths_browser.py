"""Suitors' Paths in the browser: a whole 2-player game against the heuristic bot played to its
end by clicking (opening the auction and paying the bid with chosen cards, building segments,
once choosing a pair in the payment chooser, moving girls by their arrows, taking cards), the
score table with the tie-break order, a spectator's view and the replay; three auctions on one
screen (open, raise, pass, pay); the page on a phone; the auction and a turn from the keyboard;
and the match page in Finnish. The controls of every legal action: test_suitors_paths_controls."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from playwright.sync_api import Page, Route, expect

from tests.web.support import (
    YOUR_TURN,
    api_get,
    create_match,
    open_replay_at_first_step,
    state_id,
)

GAME_SECONDS = 420.0
MAX_ACTIONS = 800  # human actions; a 2-player game of random play takes some 250 in all
BOARD = "[data-testid=board]"
HEXES = {2: 14, 3: 19, 4: 24, 5: 30}
PHONE = (390, 844)
MIN_TARGET_PX = 40
CONTROLS_READY = "[data-testid=controls][data-busy=false]"


def create_sp_match(page: Page, seats: list[str], seed: int | None = None,
                    hotseat: bool = False) -> str:
    """Start a Suitors' Paths match from the lobby (`seats`: "human" or "bot:<name>"); return
    its id. `seed` is added to the lobby's request; `hotseat`: this page holds every human
    seat. Waits until the board is drawn (in a hot-seat match, behind the cover)."""
    if seed is not None:
        def add_seed(route: Route) -> None:
            if route.request.method != "POST":
                route.continue_()
                return
            body = json.loads(route.request.post_data or "{}")
            route.continue_(post_data=json.dumps({**body, "seed": seed}))

        page.route("**/api/matches", add_seed)
    match_id = create_match(page, len(seats), seats, hotseat=hotseat, game="suitors_paths")
    page.unroute("**/api/matches")
    expect(page.locator(f"{BOARD}[data-hexes='{HEXES[len(seats)]}']")).to_be_attached()
    return match_id


def kind_of(text: str) -> str:
    """Return what an action text does: its first word ("take all" and "take deck" apart)."""
    if text.startswith("take "):
        return "take " + text.split()[1] if text.split()[1] in ("all", "deck") else "take"
    return text.split()[0]


def _click_random(page: Page, selector: str, rng: random.Random) -> None:
    targets = page.locator(selector)
    count = targets.count()
    assert count, f"nothing to click: {selector}"
    targets.nth(rng.randrange(count)).click()


def _choose_cards(page: Page, rng: random.Random) -> None:
    """Pay a bid or discard to ten: click as many random hand cards as asked, then confirm."""
    hint = page.get_by_test_id("move-hint").text_content() or ""
    hand = page.get_by_test_id("hand-card")
    confirm = page.get_by_test_id("cards-confirm")
    needed = int(re.search(r"\d+", confirm.text_content() or "").group())  # type: ignore[union-attr]
    assert hint, "no hint while choosing cards"
    for index in rng.sample(range(hand.count()), needed):
        hand.nth(index).click()
        expect(hand.nth(index)).to_have_attribute("aria-pressed", "true")
    expect(confirm).to_be_enabled()
    confirm.click()


def play_sp_action(page: Page, rng: random.Random, build_bias: float = 0.85,
                   used: set[str] | None = None, open_bid: int | None = None) -> str:
    """Make one action by clicks only, as a person would; return the action text sent.

    Auction: open a random highlighted hex with a random bid (or `open_bid`), raise (or now
    and then pass); paying and discarding: random cards. Building: a connecting segment when
    one is offered, else a random segment (with probability `build_bias`), its payment chosen
    at random when the page asks, else end (now and then scrap). Girls: a random arrow. Cards:
    a random face-up card, colour or the deck. `used` collects "payment chooser" when the
    chooser was used.
    """
    before = state_id(page)
    expect(page.locator(CONTROLS_READY)).to_be_visible()
    segments = page.locator(f"{BOARD} [data-testid=segment-choice]")
    connecting = page.locator(f"{BOARD} [data-testid=segment-choice][data-connects=true]")
    takes = "[data-testid=display-card][data-playable=true], " \
            "[data-testid=take-deck][data-playable=true], [data-testid=take-all]"
    if page.get_by_test_id("cards-confirm").count():
        _choose_cards(page, rng)
    elif page.locator(f"{BOARD} [data-testid=hex-choice]").count():
        _click_random(page, f"{BOARD} [data-testid=hex-choice]", rng)
        if open_bid is None:
            _click_random(page, "[data-testid=open-bid]", rng)
        else:
            page.locator(f"[data-testid=open-bid][data-bid='{open_bid}']").click()
    elif page.get_by_test_id("pass-button").count():
        raises = page.get_by_test_id("raise")
        if raises.count() and rng.random() < 0.7:
            raises.first.click()
        else:
            page.get_by_test_id("pass-button").click()
    elif segments.count() and (connecting.count() or rng.random() < build_bias):
        # Until the chooser was used once, a stretch with several ways to pay comes first.
        several = f"{BOARD} [data-testid=segment-choice]:not([data-ways='1'])"
        if used is not None and "payment chooser" not in used and page.locator(several).count():
            _click_random(page, several, rng)
        else:
            _click_random(page, f"{BOARD} [data-testid=segment-choice]"
                          + ("[data-connects=true]" if connecting.count() else ""), rng)
        if page.get_by_test_id("payment").count():
            pairs = "[data-testid=payment]:not([data-payment=G]):not([data-payment=Y])" \
                    ":not([data-payment=R]):not([data-payment=K]):not([data-payment=B])" \
                    ":not([data-payment=M])"
            if used is not None and "payment chooser" not in used and page.locator(pairs).count():
                _click_random(page, pairs, rng)  # the first time, a pair
            else:
                _click_random(page, "[data-testid=payment]", rng)
            if used is not None:
                used.add("payment chooser")
    elif page.get_by_test_id("end-button").count():
        if page.get_by_test_id("scrap-button").count() and rng.random() < 0.05:
            page.get_by_test_id("scrap-button").click()
        else:
            page.get_by_test_id("end-button").click()
    elif page.locator(f"{BOARD} [data-testid=girl-arrow]").count():
        _click_random(page, f"{BOARD} [data-testid=girl-arrow]", rng)
    else:
        _click_random(page, takes, rng)
    match_page = page.get_by_test_id("match-page")
    expect(match_page).not_to_have_attribute("data-state-id", str(before))
    action = match_page.get_attribute("data-last-action")
    assert action
    return action


# A whole game by clicks, 11-40 s: in `make soak` (each page's controls have their own tests).
@pytest.mark.soak
def test_human_plays_suitors_paths_against_the_heuristic_bot_to_the_end(open_page, server_url):
    page = open_page()
    match_id = create_sp_match(page, ["human", "bot:heuristic"], seed=2027)
    board = page.get_by_test_id("board")
    expect(board.locator("[data-testid=hex]")).to_have_count(14)
    expect(board.locator("[data-testid=girl]")).to_have_count(4)
    expect(page.get_by_test_id("display-card")).to_have_count(6)
    expect(page.get_by_test_id("auction")).to_be_visible()
    rng = random.Random(7)
    result = page.get_by_test_id("result")
    deadline = time.monotonic() + GAME_SECONDS
    actions: list[str] = []
    used: set[str] = set()
    for _ in range(MAX_ACTIONS):
        assert time.monotonic() < deadline, f"no result after {len(actions)} actions"
        page.locator(f"{YOUR_TURN}, [data-testid=result]").first.wait_for()
        if result.is_visible():
            break
        # Opening at 6 ends the auction at once (P18): the human wins it and pays six cards.
        actions.append(play_sp_action(page, rng, used=used, open_bid=6))
    else:
        raise AssertionError("the game did not end")
    kinds = {kind_of(action) for action in actions}
    assert {"open", "pay", "build", "end", "girl", "take"} <= kinds, kinds
    assert actions[0].startswith("open ") and actions[0].endswith(" 6"), actions[:2]
    assert re.fullmatch(r"pay [GYRKBM]{6}", actions[1]), actions[:2]
    assert "payment chooser" in used, "no segment's payment was ever chosen in the chooser"
    assert any(kind_of(a) == "build" and len(a.split()[-1]) == 2 for a in actions), \
        "no segment was ever paid with a pair"
    assert len(actions) > 20, actions  # a game, not a few moves
    final = api_get(server_url, f"/matches/{match_id}/view")
    observation = final["observation"]
    assert observation["terminal"] is True and final["match"]["status"] == "finished"
    # The board shows every route segment built, the table every seat's score and tie order.
    expect(board.locator("[data-testid=route-segment]")).to_have_count(
        sum(len(route["points"]) - 1 for routes in observation["routes"] for route in routes))
    table = page.get_by_test_id("score-table")
    expect(table).to_be_visible()
    expect(table.get_by_test_id("score-row")).to_have_count(2)
    for seat, score in enumerate(observation["scores"]):
        row = table.locator(f"[data-testid=score-row][data-seat='{seat}']")
        expect(row.get_by_test_id("score")).to_have_text(str(score))
        expect(row.get_by_test_id("tie-order")).to_have_text(
            str(observation["tie_order"].index(seat) + 1))
    expect(page.get_by_test_id("end-reason")).not_to_be_empty()
    # The log is in words: no record notation such as "build 1,1/SE-S Y" (a one-word action
    # such as "pass" is also an English word).
    in_notation = page.locator("[data-testid=log-entry]").evaluate_all(
        "els => els.filter((el) => el.dataset.text.includes(' ')"
        " && el.textContent.includes(el.dataset.text)).map((el) => el.dataset.text)")
    assert in_notation == []
    # A spectator sees the board and the table but no hand and no controls.
    watcher = open_page()
    watcher.goto(f"/#/watch/{match_id}")
    expect(watcher.locator(f"{BOARD}[data-hexes='14']")).to_be_visible()
    expect(watcher.get_by_test_id("seat-row")).to_have_count(2)
    expect(watcher.get_by_test_id("hand-card")).to_have_count(0)
    expect(watcher.get_by_test_id("controls")).to_have_count(0)
    # The replay shows the same board at any step: at the start no suitor and no route.
    open_replay_at_first_step(page)
    expect(page.locator(f"{BOARD}[data-hexes='14']")).to_be_visible()
    expect(page.locator(f"{BOARD} [data-testid=suitor]")).to_have_count(0)
    expect(page.locator(f"{BOARD} [data-testid=route-segment]")).to_have_count(0)


def take_over(page: Page, keyboard: bool = False) -> str:
    """In a hot-seat match, let the seat to act take the screen (confirming the cover if one
    shows, by Enter when `keyboard`); return that seat."""
    page.locator(f"{YOUR_TURN}, [data-testid=pass-device]").first.wait_for()
    cover = page.get_by_test_id("pass-device")
    if cover.count():
        confirm = page.get_by_test_id("pass-device-confirm")
        if keyboard:
            confirm.focus()
            page.keyboard.press("Enter")
        else:
            confirm.click()
        expect(cover).to_have_count(0)
    page.locator(YOUR_TURN).wait_for()
    expect(page.locator(CONTROLS_READY)).to_be_visible()
    return page.get_by_test_id("match-page").get_attribute("data-seat") or ""


def _sent(page: Page, before: int, text: str) -> None:
    """Wait until the page shows the state after `before`, reached by the action `text`."""
    match_page = page.get_by_test_id("match-page")
    expect(match_page).not_to_have_attribute("data-state-id", str(before))
    expect(match_page).to_have_attribute("data-last-action", text)


def test_suitors_paths_auctions_by_clicks(open_page):
    """Three players on one screen (seed 1: seat 1 opens): open 2,1 at 1, a raise to 2, two
    passes, the winner pays two cards of its choice; then an opening at 0 that nobody raises,
    and the last hex given to the last player."""
    page = open_page()
    create_sp_match(page, ["human", "human", "human"], seed=1, hotseat=True)
    auction = page.get_by_test_id("auction")
    assert take_over(page) == "1"
    expect(auction.get_by_test_id("auction-hex")).to_contain_text("not yet chosen")
    hexes = page.locator(f"{BOARD} [data-testid=hex-choice]")
    expect(hexes).to_have_count(6)  # any ring-2 hex opens the first auction
    before = state_id(page)
    page.locator(f"{BOARD} [data-testid=hex-choice][data-hex='2,1']").click()
    expect(page.get_by_test_id("open-bid")).to_have_count(7)
    page.locator("[data-testid=open-bid][data-bid='1']").click()
    _sent(page, before, "open 2,1 1")
    assert take_over(page) == "2"
    expect(page.get_by_test_id("raise")).to_have_count(5)  # 2 to 6
    before = state_id(page)
    page.locator("[data-testid=raise][data-bid='2']").click()
    _sent(page, before, "raise 2")
    for seat in ("0", "1"):
        assert take_over(page) == seat
        before = state_id(page)
        page.get_by_test_id("pass-button").click()
        _sent(page, before, "pass")
    # Seat 2 won at 2 and pays exactly two cards of its choice.
    assert take_over(page) == "2"
    expect(auction.get_by_test_id("auction-high")).to_contain_text(
        page.locator("[data-testid=seat-row][data-seat='2'] th").inner_text())
    expect(auction.get_by_test_id("auction-to-pay")).to_contain_text("2")
    hand = page.get_by_test_id("hand-card")
    confirm = page.get_by_test_id("cards-confirm")
    expect(hand).to_have_count(6)
    expect(confirm).to_be_disabled()
    for index, ready in ((0, False), (3, True)):
        hand.nth(index).click()
        expect(hand.nth(index)).to_have_attribute("aria-pressed", "true")
        expect(confirm).to_be_enabled() if ready else expect(confirm).to_be_disabled()
    # A third card is one too many: it cannot be chosen (test_suitors_paths_words says why).
    expect(hand.nth(5)).to_be_disabled()
    expect(confirm).to_be_enabled()
    chosen = sorted((hand.nth(0).get_attribute("data-card") or "")
                    + (hand.nth(3).get_attribute("data-card") or ""), key="GYRKBM".index)
    before = state_id(page)
    confirm.click()
    _sent(page, before, "pay " + "".join(chosen))
    # The second auction: seat 0 opens a hex two steps round ring 2, at 0; nobody raises.
    assert take_over(page) == "0"
    expect(hexes).to_have_count(2)
    assert sorted(hexes.evaluate_all("els => els.map((el) => el.dataset.hex)")) == ["1,3", "3,2"]
    before = state_id(page)
    page.locator(f"{BOARD} [data-testid=hex-choice][data-hex='3,2']").click()
    page.locator("[data-testid=open-bid][data-bid='0']").click()
    _sent(page, before, "open 3,2 0")
    assert take_over(page) == "1"
    before = state_id(page)
    page.get_by_test_id("pass-button").click()
    _sent(page, before, "pass")
    # Seat 1 is left 1,3 and the last turn; the first turn is the first auction's winner's.
    assert take_over(page) == "2"
    expect(page.get_by_test_id("auction")).to_have_count(0)
    suitors = page.locator(f"{BOARD} [data-testid=suitor]")
    expect(suitors).to_have_count(3)
    assert dict(zip(suitors.evaluate_all("els => els.map((el) => el.dataset.seat)"),
                    suitors.evaluate_all("els => els.map((el) => el.dataset.hex)"),
                    strict=True)) == {"2": "2,1", "0": "3,2", "1": "1,3"}
    positions = page.locator("[data-testid=seat-row] [data-testid=position]")
    assert positions.all_inner_texts() == ["2", "3", "1"]
    expect(page.get_by_test_id("round-info")).to_have_attribute("data-step", "build")
    expect(page.locator(f"{BOARD} [data-testid=segment-choice]").first).to_be_visible()


def test_suitors_paths_is_played_from_the_keyboard(open_page):
    """Two players on one screen, everything from the keyboard: the cover, a hex and the opening
    bid (the focus goes on to the bids), a pass; then the first turn, the focus following each
    action to the next choice: segments (and a chooser's payments), ending the build, a girl's
    arrow, two cards."""
    page = open_page()
    create_sp_match(page, ["human", "human"], seed=2027, hotseat=True)  # seat 0 opens
    match_page = page.get_by_test_id("match-page")

    def press(target, key="Enter"):
        before = state_id(page)
        target.focus()
        page.keyboard.press(key)
        expect(match_page).not_to_have_attribute("data-state-id", str(before))

    assert take_over(page, keyboard=True) == "0"
    tip = page.locator(f"{BOARD} [data-testid=hex-choice]").first
    expect(tip).to_have_attribute("role", "button")
    expect(tip).to_have_attribute("aria-label", re.compile("Open the auction for"))
    tip.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=open-bid][data-bid='0']")).to_be_focused()
    press(page.locator("[data-testid=open-bid][data-bid='0']"))
    expect(match_page).to_have_attribute("data-last-action", re.compile(r"^open \d,\d 0$"))
    assert take_over(page, keyboard=True) == "1"
    press(page.get_by_test_id("pass-button"))
    # Seat 0 won at 0 and takes the first turn. After each action the focus goes on to the first
    # thing to choose next: a segment, a girl's arrow, a face-up card.
    assert take_over(page, keyboard=True) == "0"
    info = page.get_by_test_id("round-info")
    segments = page.locator(f"{BOARD} [data-testid=segment-choice]")
    for _ in range(2):
        expect(segments.first).to_be_focused()
        before = state_id(page)
        page.keyboard.press(" ")
        if page.get_by_test_id("payment").count():
            expect(page.get_by_test_id("payment").first).to_be_focused()
            page.keyboard.press("Enter")
        expect(match_page).not_to_have_attribute("data-state-id", str(before))
        expect(match_page).to_have_attribute("data-last-action", re.compile(r"^build "))
        expect(page.locator(CONTROLS_READY)).to_be_visible()
        if info.get_attribute("data-step") != "build":
            break  # the route reached a girl
    if info.get_attribute("data-step") == "build":
        press(page.get_by_test_id("end-button"))
        expect(match_page).to_have_attribute("data-last-action", "end")
    expect(info).to_have_attribute("data-step", "girl")
    arrow = page.locator(f"{BOARD} [data-testid=girl-arrow]").first
    expect(arrow).to_be_focused()
    before = state_id(page)
    page.keyboard.press("Enter")
    expect(match_page).not_to_have_attribute("data-state-id", str(before))
    expect(match_page).to_have_attribute("data-last-action", re.compile(r"^girl \d,\d c?cw$"))
    for _ in range(2):
        expect(page.locator(CONTROLS_READY)).to_be_visible()
        expect(page.locator("[data-testid=display-card][data-playable=true]").first) \
            .to_be_focused()
        before = state_id(page)
        page.keyboard.press("Enter")
        expect(match_page).not_to_have_attribute("data-state-id", str(before))
        expect(match_page).to_have_attribute("data-last-action", re.compile(r"^take [1-6]$"))
    expect(page.get_by_test_id("pass-device")).to_have_attribute("data-seat", "1")


def test_suitors_paths_on_a_phone(open_page):
    page = open_page(*PHONE)
    create_sp_match(page, ["human", "bot:random", "bot:random", "bot:random", "bot:random"],
                    seed=5)
    board = page.locator(BOARD)
    expect(board.locator("[data-testid=hex]")).to_have_count(30)
    # The page fits the phone, and the whole largest board too: a hex is wide enough to read.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    box = board.bounding_box()
    assert box and box["width"] <= PHONE[0], box
    hex_box = board.locator("[data-testid=hex] .tile").first.bounding_box()
    assert hex_box and hex_box["width"] >= 40, hex_box
    # Play through the auctions to the first build step; zoomed, a segment's card label and
    # the buttons are big enough to touch, and a touch builds it.
    rng = random.Random(3)
    segments = board.locator("[data-testid=segment-choice]")
    for _ in range(40):
        page.locator(YOUR_TURN).wait_for()
        expect(page.locator(CONTROLS_READY)).to_be_visible()
        if segments.count():
            break
        play_sp_action(page, rng)
    else:
        raise AssertionError("no build step within the auctions and the first turns")
    page.get_by_test_id("board-zoom").click()
    expect(page.get_by_test_id("board-zoom-frame")).to_have_attribute("data-zoomed", "true")
    label = segments.first.locator(".cost")
    label.scroll_into_view_if_needed()
    for target in (label, page.get_by_test_id("end-button"),
                   page.locator("[data-testid=display-card]").first):
        target_box = target.bounding_box()
        assert target_box and min(target_box["width"], target_box["height"]) >= MIN_TARGET_PX, \
            target_box
    before = state_id(page)
    label.click()
    if page.get_by_test_id("payment").count():
        page.get_by_test_id("payment").first.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", str(before))
    expect(page.get_by_test_id("match-page")).to_have_attribute(
        "data-last-action", re.compile(r"^build "))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]


def test_the_suitors_paths_match_page_in_finnish(open_page):
    page = open_page()
    page.goto("/")
    page.evaluate("code => localStorage.setItem('ludoteca.language', code)", "fi")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    create_sp_match(page, ["human", "bot:random"], seed=2027)
    page.locator(YOUR_TURN).wait_for()
    expect(page.get_by_test_id("auction").locator("h2")).to_have_text("Huutokauppa")
    expect(page.get_by_test_id("move-hint")).to_contain_text("huutokauppaan")
    expect(page.locator(f"{BOARD} [data-testid=hex-choice]").first).to_have_attribute(
        "aria-label", re.compile("^Aloita huutokauppa: (metsä|aukio|talo|kivikko|vesi) "))
    # Each hex is named by its terrain and where it lies on the board.
    terrains = page.locator(f"{BOARD} [data-testid=hex] title").evaluate_all(
        "els => els.map((el) => el.textContent)")
    assert all(re.match(r"^(metsä|aukio|talo|kivikko|vesi) \w+reunalla$", text)
               or re.search(r"(metsä|aukio|talo|kivikko|vesi) (sisempänä|keskellä)", text)
               for text in terrains), terrains
    expect(page.locator("[data-testid=log-entry][data-kind=girls_placed]")).to_have_text(
        re.compile(r"^Tytöt asettuvat polulle: ([^,]+reunalla, )+[^,]+ ja [^,]+reunalla\.$"))
    expect(page.locator("[data-testid=log-entry][data-kind=opener]")).to_contain_text(
        "aloittaa ensimmäisen huutokaupan")
    # A face-up card is named by its colour, and says why it cannot be taken in the auctions.
    display_card = page.get_by_test_id("display-card").first
    expect(display_card).to_have_attribute("aria-label", re.compile(
        "^Ota paikan 1 kortti: (vihreä|keltainen|punainen|musta|sininen|moniväri)$"))
    expect(display_card).to_have_attribute(
        "title", "Kortteja otetaan huutokauppojen jälkeisillä kierroksilla.")
