"""The match pages in Dutch: longer words still fit a 1366-pixel screen; cards use Dutch letters."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.support import api_get, api_play_until, http, open_as_seat

WIDTH, HEIGHT = 1366, 768
DUTCH_FACES = {"J": "B", "Q": "V", "K": "H"}


def _match_against_bots(server_url: str, game: str) -> tuple[str, str]:
    """Create a match of one person and three bots (as the lobby does); return id and token."""
    created = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": game, "players": 4, "seats": [{"type": "human"}] + [{"type": "bot"}] * 3,
        "claim": [0], "seed": 3,
    })
    created.raise_for_status()
    return created.json()["match_id"], created.json()["tokens"]["0"]


def _open_in_dutch(page: Page, match_id: str, token: str) -> None:
    page.add_init_script("localStorage.setItem('ludoteca.language', 'nl')")
    open_as_seat(page, match_id, 0, token)
    expect(page.get_by_test_id("seats").locator("li")).to_have_count(4)
    expect(page.get_by_test_id("log-entry").first).to_be_visible()


# What sticks out past the window's right edge, to say in a failure what widened the page.
WIDTH_AND_WIDE_ELEMENTS = """() => [document.documentElement.scrollWidth,
  [...document.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth).slice(0, 5)
    .map((e) => `${e.tagName}.${e.getAttribute("class")}: ${e.textContent.slice(0, 40)}`)]"""


def _assert_fits(page: Page) -> None:
    width, wide = page.evaluate(WIDTH_AND_WIDE_ELEMENTS)
    assert width <= WIDTH, (width, wide)


def test_dutch_keezen_match_page_fits_1366_pixels(open_page, server_url):
    match_id, token = _match_against_bots(server_url, "keezen")
    page = open_page(WIDTH, HEIGHT)
    _open_in_dutch(page, match_id, token)
    _assert_fits(page)


def test_dutch_elfenland_match_page_fits_1366_pixels(open_page, server_url):
    match_id, token = _match_against_bots(server_url, "elfenland")
    page = open_page(WIDTH, HEIGHT)
    _open_in_dutch(page, match_id, token)
    _assert_fits(page)


def test_dutch_centre_pile_shows_the_dutch_card_letter(open_page, server_url):
    match_id, tokens, seat, legal = api_play_until(
        server_url, lambda legal: any(action[0] in DUTCH_FACES for action in legal))
    view = api_get(server_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
    action = next(action for action in legal if action[0] in DUTCH_FACES)
    http().post(f"{server_url}/api/matches/{match_id}/actions", timeout=10, json={
        "token": tokens[str(seat)], "state_id": view["state_id"], "action": action,
    }).raise_for_status()
    page = open_page()
    page.add_init_script("localStorage.setItem('ludoteca.language', 'nl')")
    page.goto(f"/#/watch/{match_id}")
    expect(page.get_by_test_id("last-card")).to_have_text(DUTCH_FACES[action[0]])
