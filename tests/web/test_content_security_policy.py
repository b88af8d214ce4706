"""The page works under the server's Content-Security-Policy: nothing it does is blocked."""

from __future__ import annotations

import random

from playwright.sync_api import ConsoleMessage, Page, expect

from tests.web.support import YOUR_TURN, create_match, play_random_move


def record_violations(page: Page) -> list[str]:
    """Return a list that fills with the browser's reports of blocked content on `page`."""
    violations: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    page.on("console", on_console)
    return violations


def test_a_keezen_match_runs_without_policy_violations(open_page):
    page = open_page()
    violations = record_violations(page)
    assert "frame-ancestors 'none'" in (page.goto("/").headers["content-security-policy"])
    create_match(page, 4, ["human"] + ["bot:random"] * 3)
    page.locator(YOUR_TURN).wait_for()
    play_random_move(page, random.Random(3))
    expect(page.get_by_test_id("last-card")).to_be_visible()  # its label has a style attribute
    page.goto("/")  # the lobby again, with the match listed
    expect(page.get_by_test_id("create-match")).to_be_visible()
    assert violations == []


def test_an_elfenland_match_runs_without_policy_violations(open_page):
    page = open_page()
    violations = record_violations(page)
    create_match(page, 3, ["human", "bot:random", "bot:random"], game="elfenland")
    expect(page.locator("[data-testid=board][data-towns='21']")).to_be_visible()
    expect(page.get_by_test_id("hand-card").first).to_be_visible()  # cards set CSS variables
    assert violations == []
