"""A tone and a browser notification call a player when their turn comes, and only then.

The browser's audio and notifications are replaced by counting stubs (an init script), with
notifications granted and the page reported hidden, as if the player were in another tab.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.web.support import api_get, api_play_first_action, http

STUBS = """
window.__tones = 0;
window.__notifications = [];
class FakeParam {
  setValueAtTime() {} exponentialRampToValueAtTime() {} linearRampToValueAtTime() {}
}
class FakeNode {
  constructor() { this.frequency = new FakeParam(); this.gain = new FakeParam(); }
  connect(node) { return node; }
  start() { window.__tones += 1; }
  stop() {}
}
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() { return new FakeNode(); }
  createGain() { return new FakeNode(); }
};
window.Notification = class {
  constructor(title) { window.__notifications.push(title); }
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(Document.prototype, "hidden", { get: () => true });
"""


def keezen_for_two(base_url: str) -> tuple[str, dict[str, str]]:
    """Create a 2-player Keezen match whose seats the test holds; return its id and tokens."""
    created = http().post(f"{base_url}/api/matches", timeout=10, json={
        "game": "keezen", "players": 2, "seats": [{"type": "human"}] * 2,
        "claim": [0, 1], "seed": 5,
    })
    created.raise_for_status()
    return created.json()["match_id"], created.json()["tokens"]


def current_player(base_url: str, match_id: str) -> int:
    """Return the seat to move."""
    seat: int = api_get(base_url, f"/matches/{match_id}")["current_player"]
    return seat


def play_until_turn_of(base_url: str, match_id: str, tokens: dict[str, str], seat: int) -> int:
    """Play first legal actions until `seat` is to move (at least one action); return the state."""
    api_play_first_action(base_url, match_id, tokens)
    while current_player(base_url, match_id) != seat:
        api_play_first_action(base_url, match_id, tokens)
    state_id: int = api_get(base_url, f"/matches/{match_id}")["state_id"]
    return state_id


def open_holding(page: Page, match_id: str, tokens: dict[str, str]) -> None:
    """Open the match page as the holder of `tokens` (one seat: a player; several: hot seat)."""
    page.add_init_script(STUBS)
    page.goto("/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"ludoteca.tokens.{match_id}", json.dumps(tokens)])
    page.goto(f"/#/match/{match_id}")
    expect(page.get_by_test_id("turn-alerts")).to_be_visible()


def shows_state(page: Page, state_id: int) -> None:
    """Wait until the page shows `state_id` (its alerts for that view have run by then)."""
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-state-id", str(state_id))


def calls(page: Page) -> tuple[int, list[str]]:
    """Return the tones played and the notification titles shown so far."""
    tones, notes = page.evaluate("[window.__tones, window.__notifications]")
    return tones, notes


def test_the_turn_coming_plays_a_tone_and_notifies_but_anothers_turn_does_not(
    open_page, server_url
):
    match_id, tokens = keezen_for_two(server_url)
    mine = 1 - current_player(server_url, match_id)  # the page's seat waits for its turn
    page = open_page()
    open_holding(page, match_id, {str(mine): tokens[str(mine)]})
    expect(page.get_by_test_id("turn-sound")).to_be_checked()  # the tone is on by default
    expect(page.get_by_test_id("turn-notify")).not_to_be_checked()
    page.get_by_test_id("turn-notify").check()  # the stub grants the permission
    assert calls(page) == (0, [])

    shows_state(page, play_until_turn_of(server_url, match_id, tokens, mine))
    assert calls(page) == (1, ["Your turn in Keezen"])

    # The other seat's turn calls nobody; the next own turn calls again.
    shows_state(page, play_until_turn_of(server_url, match_id, tokens, 1 - mine))
    assert calls(page) == (1, ["Your turn in Keezen"])
    shows_state(page, play_until_turn_of(server_url, match_id, tokens, mine))
    assert calls(page) == (2, ["Your turn in Keezen"] * 2)


def test_the_settings_are_remembered_and_silence_the_tone(open_page, server_url):
    match_id, tokens = keezen_for_two(server_url)
    mine = 1 - current_player(server_url, match_id)
    page = open_page()
    open_holding(page, match_id, {str(mine): tokens[str(mine)]})
    page.get_by_test_id("turn-sound").uncheck()
    page.get_by_test_id("turn-notify").check()
    page.reload()
    expect(page.get_by_test_id("turn-sound")).not_to_be_checked()
    expect(page.get_by_test_id("turn-notify")).to_be_checked()

    shows_state(page, play_until_turn_of(server_url, match_id, tokens, mine))
    assert calls(page) == (0, ["Your turn in Keezen"])


def test_a_hot_seat_screen_is_not_called_for_each_hand_over(open_page, server_url):
    match_id, tokens = keezen_for_two(server_url)
    page = open_page()
    open_holding(page, match_id, tokens)
    expect(page.get_by_test_id("match-page")).to_have_attribute("data-mode", "hotseat")
    for seat in (0, 1, 0, 1):
        shows_state(page, play_until_turn_of(server_url, match_id, tokens, seat))
    assert calls(page) == (0, [])
