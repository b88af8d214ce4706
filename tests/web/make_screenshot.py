"""Take docs/screenshot-<scene>.png: a match in progress seen by its human player, or the lobby.

Keezen: 4 players, a card picked and its pawns highlighted, a line in the chat. Elfenland: 3
players in the middle of round 1's placements. Thurn und Taxis: 2 players a few turns in.
Suitors' Paths: 3 players some rounds in, building.
Lobby: the new-game form with Elfenland's help for newcomers. Guide: the Elfenland player's guide
at its first diagram. End: a Thurn und Taxis bot match's end screen with each score's breakdown.
Run from the project root: `.venv/bin/python -m tests.web.make_screenshot
[--game elfenland|thurn_und_taxis|suitors_paths|lobby|guide|end] [--phone]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from tests.web.support import YOUR_TURN, create_match, launch_browser, play_random_move, serve_app
from tests.web.test_elfenland_browser import create_elfenland_match, play_elfenland_turn
from tests.web.test_suitors_paths_browser import create_sp_match, play_sp_action
from tests.web.test_thurn_und_taxis_browser import create_tnt_match, play_tnt_action

ROOT = Path(__file__).resolve().parents[2]
MOVES_BEFORE_SHOT = 14
ELFENLAND_ACTIONS_BEFORE_SHOT = 5
TNT_ACTIONS_BEFORE_SHOT = 9
SP_ROUND_OF_SHOT = 4
SP_MAX_ACTIONS = 200
SP_SEGMENTS_SHOWN = 4  # a build step with a few segments on offer
END_OF_BOT_GAME_MS = 180_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--game", default="keezen",
        choices=("keezen", "elfenland", "thurn_und_taxis", "suitors_paths", "lobby", "guide",
                 "end"),
    )
    parser.add_argument("--out", type=Path, help="default: docs/screenshot-<game>.png")
    parser.add_argument("--phone", action="store_true", help="390x844 instead of 1280x860")
    args = parser.parse_args()
    out = args.out or ROOT / "docs" / f"screenshot-{args.game}.png"
    width, height = (390, 844) if args.phone else (1280, 860)
    with tempfile.TemporaryDirectory() as tmp, serve_app(Path(tmp) / "shot.sqlite3") as url, \
            sync_playwright() as playwright:
        browser = launch_browser(playwright)
        page = browser.new_page(viewport={"width": width, "height": height}, base_url=url)
        if args.game != "keezen":
            SCENES[args.game](page)
            page.screenshot(path=str(out), full_page=False)
            browser.close()
            print(f"wrote {out}")
            return 0
        create_match(page, 4, ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
                     name="Ann")
        rng = random.Random(2024)
        for _ in range(MOVES_BEFORE_SHOT):
            page.locator(YOUR_TURN).wait_for()
            play_random_move(page, rng)
        page.locator(YOUR_TURN).wait_for()
        expect(page.get_by_test_id("board")).not_to_have_attribute("data-animating", "true")
        page.get_by_test_id("chat-input").fill("Good luck, everyone!")
        page.get_by_test_id("chat-input").press("Enter")
        expect(page.get_by_test_id("chat-line")).to_have_count(1)
        # Show a choice in progress: a card picked and its pawns highlighted.
        page.locator("[data-testid=hand-card][data-playable=true]").first.click()
        expect(page.locator("[data-choice]").first).to_be_visible()
        page.screenshot(path=str(out), full_page=False)
        browser.close()
    print(f"wrote {out}")
    return 0


def _elfenland_scene(page: Page) -> None:
    """Play round 1 of a 3-player Elfenland match against two bots into its placements."""
    create_elfenland_match(page, ["human", "bot:heuristic", "bot:heuristic"], seed=11)
    rng = random.Random(7)
    for _ in range(ELFENLAND_ACTIONS_BEFORE_SHOT):
        page.locator(YOUR_TURN).wait_for()
        play_elfenland_turn(page, rng)
    page.locator(YOUR_TURN).wait_for()


def _thurn_und_taxis_scene(page: Page) -> None:
    """Play a 2-player Thurn und Taxis match against the heuristic bot for a few turns."""
    create_tnt_match(page, ["human", "bot:heuristic"], seed=5)
    rng = random.Random(3)
    for _ in range(TNT_ACTIONS_BEFORE_SHOT):
        page.locator(YOUR_TURN).wait_for()
        play_tnt_action(page, rng)
    page.locator(YOUR_TURN).wait_for()


def _suitors_paths_scene(page: Page) -> None:
    """Play a 3-player Suitors' Paths match against two heuristic bots until a build step of the
    human from round SP_ROUND_OF_SHOT on offers a few segments to build."""
    create_sp_match(page, ["human", "bot:heuristic", "bot:heuristic"], seed=8)
    rng = random.Random(4)
    info = page.get_by_test_id("round-info")
    segments = page.locator("[data-testid=board] [data-testid=segment-choice]")
    for _ in range(SP_MAX_ACTIONS):
        page.locator(YOUR_TURN).wait_for()
        expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
        if (int(info.get_attribute("data-round") or 0) >= SP_ROUND_OF_SHOT
                and info.get_attribute("data-step") == "build"
                and segments.count() >= SP_SEGMENTS_SHOWN):
            page.evaluate("window.scrollTo(0, 0)")  # the last click scrolled to the display
            return
        play_sp_action(page, rng, build_bias=0.95)
    raise AssertionError("no build step to show")


def _lobby_scene(page: Page) -> None:
    """Open the lobby's new-game form with Elfenland chosen: its help for newcomers."""
    page.goto("/")
    page.get_by_test_id("game").select_option("elfenland")
    expect(page.get_by_test_id("game-help")).to_have_attribute("data-game", "elfenland")


def _guide_scene(page: Page) -> None:
    """Open the Elfenland player's guide at its first diagram (a real position, drawn by the
    game's own board)."""
    page.goto("/#/guide/elfenland")
    expect(page.get_by_test_id("guide-page")).not_to_have_attribute("aria-busy", "true")
    diagram = page.get_by_test_id("guide-diagram").first
    expect(diagram.locator("svg").first).to_be_visible()
    diagram.evaluate("element => element.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -140)")  # the text the diagram illustrates


def _end_scene(page: Page) -> None:
    """Watch a 3-player Thurn und Taxis match of heuristic bots to its end: the final scores,
    each seat's breakdown and the tie-break."""
    created = page.request.post("/api/matches", data={
        "game": "thurn_und_taxis", "players": 3, "seed": 5,
        "seats": [{"type": "bot", "bot": "heuristic"}] * 3,
    })
    page.goto(f"/#/watch/{created.json()['match_id']}")
    scores = page.get_by_test_id("score-table")
    expect(page.get_by_test_id("breakdown")).to_be_visible(timeout=END_OF_BOT_GAME_MS)
    scores.evaluate("element => element.scrollIntoView({block: 'start'})")


SCENES = {
    "elfenland": _elfenland_scene, "thurn_und_taxis": _thurn_und_taxis_scene,
    "suitors_paths": _suitors_paths_scene, "lobby": _lobby_scene, "guide": _guide_scene,
    "end": _end_scene,
}

if __name__ == "__main__":
    sys.exit(main())
