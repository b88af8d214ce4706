"""Test tiers: `make test` runs everything; `make test-fast` leaves out `slow` and `browser`."""

from __future__ import annotations

from pathlib import Path

import pytest

WEB_TESTS = Path(__file__).parent / "web"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/web as `browser` (they drive Chromium against a server)."""
    for item in items:
        if WEB_TESTS in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
