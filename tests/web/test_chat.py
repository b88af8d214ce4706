"""Chat per match: three players of an online Elfenland match and a spectator talk to each other
from their own browsers; what they write is shown as text, never as markup."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.web.support import http, open_as_seat

MARKUP = "<img src=x onerror=alert(1)>"
PLAYERS = ("Ann", "Bo", "Cy")


def online_elfenland(base_url: str) -> tuple[str, dict[int, str]]:
    """Create a 3-player Elfenland match as Ann; Bo and Cy join it. Return the id and tokens."""
    created = http().post(f"{base_url}/api/matches", timeout=10, json={
        "game": "elfenland", "players": 3, "seats": [{"type": "human"}] * 3, "name": PLAYERS[0],
    })
    created.raise_for_status()
    match_id: str = created.json()["match_id"]
    tokens = {0: created.json()["tokens"]["0"]}
    for seat, name in enumerate(PLAYERS[1:], start=1):
        joined = http().post(f"{base_url}/api/matches/{match_id}/join", timeout=10,
                            json={"seat": seat, "name": name})
        joined.raise_for_status()
        tokens[seat] = joined.json()["token"]
    return match_id, tokens


def say(page: Page, text: str) -> None:
    """Type a line into the chat and send it with Enter, as a person does."""
    box = page.get_by_test_id("chat-input")
    box.fill(text)
    box.press("Enter")
    expect(box).to_have_value("")  # cleared once the server took it


def line(page: Page, text: str) -> Any:
    """Return the chat line that reads `text`."""
    return page.get_by_test_id("chat-line").filter(
        has=page.get_by_test_id("chat-text").get_by_text(text, exact=True))


def test_players_and_a_spectator_chat_in_a_three_player_elfenland_match(open_page, server_url):
    match_id, tokens = online_elfenland(server_url)
    pages = []
    for seat in range(3):
        page = open_page(390, 844) if seat == 2 else open_page()  # Cy is on a phone
        open_as_seat(page, match_id, seat, tokens[seat])
        expect(page.get_by_test_id("chat")).to_be_visible()
        pages.append(page)
    dialogs: list[str] = []
    for page in pages:
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    ann, bo, cy = pages

    say(ann, "Good luck, all!")
    for page in pages:
        expect(line(page, "Good luck, all!")).to_contain_text("Ann")
        expect(line(page, "Good luck, all!")).to_have_attribute("data-seat", "0")

    say(bo, MARKUP)
    for page in pages:
        expect(line(page, MARKUP)).to_contain_text("Bo")
        expect(page.get_by_test_id("chat").locator("img")).to_have_count(0)
    # Newest at the bottom, in the order the server took them.
    expect(cy.get_by_test_id("chat-text")).to_have_text(["Good luck, all!", MARKUP])

    watcher = open_page(390, 844)
    watcher.goto(f"/#/watch/{match_id}")
    expect(watcher.get_by_test_id("match-page")).to_have_attribute("data-mode", "spectator")
    expect(watcher.get_by_test_id("chat-text")).to_have_text(["Good luck, all!", MARKUP])
    watcher.get_by_test_id("chat-name").fill("Dee")
    say(watcher, "Nice opening")
    for page in pages:
        expect(line(page, "Nice opening")).to_contain_text("Dee")
        expect(line(page, "Nice opening")).to_have_attribute("data-seat", "")
    # The spectator is asked for a name once: it is remembered for the next line.
    expect(watcher.get_by_test_id("chat-name")).to_be_hidden()
    say(watcher, "And again")
    expect(line(ann, "And again")).to_contain_text("Dee")
    assert dialogs == []


def test_a_spectator_cannot_chat_under_a_players_name(open_page, server_url):
    match_id, _ = online_elfenland(server_url)
    watcher = open_page()
    watcher.goto(f"/#/watch/{match_id}")
    watcher.get_by_test_id("chat-name").fill("ann")
    say_box = watcher.get_by_test_id("chat-input")
    say_box.fill("I am Ann")
    say_box.press("Enter")
    expect(watcher.get_by_test_id("toast")).to_contain_text("A player of this match has that name")
    expect(say_box).to_have_value("I am Ann")  # kept, to send under another name
    expect(watcher.get_by_test_id("chat-line")).to_have_count(0)
