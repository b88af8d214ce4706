"""A match that expired (no action for --idle-hours) says so and offers no move."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.server.test_resume_and_expiry import backdate
from tests.web.support import api_match_with_moves, open_as_seat, serve_app


def test_an_expired_match_says_so_and_offers_no_move(browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "expiry.sqlite3"
    with serve_app(database) as url:
        match_id, tokens = api_match_with_moves(url, moves=2)
    backdate(f"sqlite:///{database}", match_id, hours=1000)
    with serve_app(database) as url:  # start-up sweeps idle matches first
        context = browser.new_context(base_url=url)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        open_as_seat(page, match_id, 0, tokens["0"])
        expect(page.get_by_test_id("match-page")).to_have_attribute("data-status", "expired")
        expect(page.get_by_test_id("turn")).to_have_text(
            "This match expired after a long pause without moves."
        )
        expect(page.locator("[data-choice]")).to_have_count(0)
        context.close()
    assert not errors
