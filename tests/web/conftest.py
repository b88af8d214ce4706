"""Fixtures of the browser tests: a live server on a free port and headless Chromium pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.web.support import CHROMIUM, launch_browser, serve_app

DEFAULT_TIMEOUT_MS = 15_000


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve the app (temporary SQLite, no bot delay) in a background thread; yield its URL."""
    with serve_app(tmp_path_factory.mktemp("web") / "web.sqlite3") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Yield headless Chromium (Debian's build); an error saying what to install if it is
    missing (never a skip: the browser tests must run)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is not installed: install Debian's chromium (.ci/run does)")
    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


@contextmanager
def page_opener(browser: Browser, base_url: str) -> Iterator[Callable[..., Page]]:
    """Yield `open_page(width, height)`: a page in a fresh browser context on `base_url`.

    Each call is a separate person: contexts share nothing. JavaScript errors fail the test.
    """
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_new(width: int = 1280, height: int = 900) -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": height}, base_url=base_url)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_new
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def open_page(browser: Browser, server_url: str) -> Iterator[Callable[..., Page]]:
    """Yield `open_page(width, height)` on the session's server (see `page_opener`)."""
    with page_opener(browser, server_url) as open_new:
        yield open_new
