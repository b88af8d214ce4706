"""Take docs/screenshot-keezen.png: a 4-player Keezen match in progress, seen by its human player.

Run from the project root: `.venv/bin/python -m tests.web.make_screenshot [--phone]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from tests.web.support import YOUR_TURN, create_match, launch_browser, play_random_move, serve_app

ROOT = Path(__file__).resolve().parents[2]
MOVES_BEFORE_SHOT = 14


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot-keezen.png")
    parser.add_argument("--phone", action="store_true", help="390x844 instead of 1280x860")
    args = parser.parse_args()
    width, height = (390, 844) if args.phone else (1280, 860)
    with tempfile.TemporaryDirectory() as tmp, serve_app(Path(tmp) / "shot.sqlite3") as url, \
            sync_playwright() as playwright:
        browser = launch_browser(playwright)
        page = browser.new_page(viewport={"width": width, "height": height}, base_url=url)
        create_match(page, 4, ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
                     name="Ann")
        rng = random.Random(2024)
        for _ in range(MOVES_BEFORE_SHOT):
            page.locator(YOUR_TURN).wait_for()
            play_random_move(page, rng)
        page.locator(YOUR_TURN).wait_for()
        expect(page.get_by_test_id("board")).not_to_have_attribute("data-animating", "true")
        # Show a choice in progress: a card picked and its pawns highlighted.
        page.locator("[data-testid=hand-card][data-playable=true]").first.click()
        expect(page.locator("[data-choice]").first).to_be_visible()
        page.screenshot(path=str(args.out), full_page=False)
        browser.close()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
