"""On a phone (390×844) the Elfenland and Thurn und Taxis maps fit the width at first (no
sideways scrolling of the page or of the map's frame), zoom with buttons that are touch targets of
at least 40 px, and "show my pieces" brings the player's own pieces (Elfenland: the boot;
Thurn und Taxis: the route and houses) into view on the map, zoomed so that roads and cities are
touch targets of at least 40 px."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.support import api_get, http, open_as_seat

PHONE = (390, 844)
MIN_TARGET_PX = 40
FRAME = "[data-testid=map-zoom-frame]"


def tnt_match_with_a_route(base_url: str) -> tuple[str, str]:
    """Create a two-seat Thurn und Taxis match and play until seat 0 has a route on the map."""
    created = http().post(f"{base_url}/api/matches", timeout=10, json={
        "game": "thurn_und_taxis", "players": 2, "seed": 5, "claim": [0, 1],
        "seats": [{"type": "human"}] * 2,
    })
    created.raise_for_status()
    match_id, tokens = created.json()["match_id"], created.json()["tokens"]
    for _ in range(40):
        seat = api_get(base_url, f"/matches/{match_id}")["current_player"]
        view = api_get(base_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
        if view["observation"]["routes"][0]:
            return match_id, tokens["0"]
        http().post(f"{base_url}/api/matches/{match_id}/actions", timeout=10, json={
            "token": tokens[str(seat)], "state_id": view["state_id"],
            "action": view["observation"]["legal_actions"][0],
        }).raise_for_status()
    raise AssertionError("seat 0 started no route")


def elfenland_match(base_url: str) -> tuple[str, str]:
    """Create an Elfenland match of a human (seat 0) and a bot."""
    created = http().post(f"{base_url}/api/matches", timeout=10, json={
        "game": "elfenland", "players": 2, "seed": 3, "claim": [0],
        "seats": [{"type": "human"}, {"type": "bot", "bot": "random"}],
    })
    created.raise_for_status()
    return created.json()["match_id"], created.json()["tokens"]["0"]


def frame_state(page: Page) -> dict[str, Any]:
    """Return the page's and the map frame's scroll widths and the map's rendered width."""
    state: dict[str, Any] = page.evaluate("""() => {
      const frame = document.querySelector('[data-testid=board]').parentElement;
      return { page: document.documentElement.scrollWidth, scroll: frame.scrollWidth,
        client: frame.clientWidth, map: frame.querySelector('svg').getBoundingClientRect().width };
    }""")
    return state


# Whether some element of the selector lies wholly inside the map's frame (found by the map: the
# code before the zoom gave the frame no test id) and the viewport.
IN_VIEW = """selector => {
  const frame = document.querySelector('[data-testid=board]').parentElement;
  const view = frame.getBoundingClientRect();
  const inside = (b, v) => b.left >= v.left && b.right <= v.right && b.top >= v.top
    && b.bottom <= v.bottom;
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  return [...document.querySelectorAll(selector)].some((el) => {
    const box = el.getBoundingClientRect();
    return inside(box, view) && inside(box, screen);
  });
}"""


# Two fingers on the map's frame, 40 px apart, move to `spread` times as far apart; return the
# frame's scale after.
PINCH = """spread => {
  const frame = document.querySelector('[data-testid=map-zoom-frame]');
  const box = frame.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + Math.min(box.height / 2, 100);
  const fingers = (d) => [0, 1].map((i) => new Touch({ identifier: i, target: frame,
    clientX: x + (i ? d : -d), clientY: y }));
  const fire = (type, touches) => frame.dispatchEvent(new TouchEvent(type, {
    touches, changedTouches: touches, bubbles: true, cancelable: true }));
  fire('touchstart', fingers(20));
  fire('touchmove', fingers(20 * spread));
  fire('touchend', []);
  return frame.dataset.scale;
}"""


@pytest.mark.parametrize("game", ["elfenland", "thurn_und_taxis"])
def test_map_fits_a_phone_zooms_and_shows_my_pieces(
        open_page: Callable[..., Page], server_url: str, game: str) -> None:
    if game == "elfenland":
        match_id, token = elfenland_match(server_url)
        mine = "[data-testid=boot][data-seat='0']"
        target = "[data-testid=edge-handle] .ring"  # a road's tap target
    else:
        match_id, token = tnt_match_with_a_route(server_url)
        mine = "[data-testid=map-route][data-seat='0'] circle, [data-testid=house][data-seat='0']"
        target = "[data-testid=city] .ring"  # a city's tap target
    page = open_page(*PHONE)
    open_as_seat(page, match_id, 0, token)
    expect(page.locator(mine).first).to_be_attached()

    # At first the map fits: neither the page nor the map's frame scrolls sideways.
    first = frame_state(page)
    assert first["page"] <= PHONE[0], first
    assert first["scroll"] <= first["client"], first

    zoom_in = page.get_by_test_id("map-zoom-in")
    zoom_out = page.get_by_test_id("map-zoom-out")
    show_mine = page.get_by_test_id("map-show-mine")
    for button in (zoom_in, zoom_out, show_mine):
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box and min(box["width"], box["height"]) >= MIN_TARGET_PX, box
    zoom_in.click()
    expect(page.locator(FRAME)).not_to_have_attribute("data-scale", "1.00")
    zoomed = frame_state(page)
    assert zoomed["map"] > first["map"] * 1.4, (first, zoomed)
    assert zoomed["page"] <= PHONE[0], zoomed  # only the frame scrolls, not the page
    zoom_out.click()
    expect(page.locator(FRAME)).to_have_attribute("data-scale", "1.00")
    # Two fingers pinch the map in and out again.
    assert page.evaluate(PINCH, 2) == "2.00"
    assert page.evaluate(PINCH, 0.5) == "1.00"

    # Zoomed in and scrolled away to the far corner, "show my pieces" brings them back.
    zoom_in.click()
    zoom_in.click()
    page.locator(FRAME).evaluate("el => el.scrollTo(el.scrollWidth, el.scrollHeight)")
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    assert not page.evaluate(IN_VIEW, mine), "the pieces are in view already: nothing to test"
    show_mine.click()
    page.wait_for_function(IN_VIEW, arg=mine)
    # The pieces are shown zoomed in far enough to tap a road or a city.
    box = page.locator(target).first.bounding_box()
    assert box and min(box["width"], box["height"]) >= MIN_TARGET_PX, box
