"""Fixtures of the server tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.support import TestClient, serve


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """Yield a client of a fresh app on a temporary database (tests/server/support.py `serve`);
    a test module that needs other limits defines its own `client`."""
    with serve(tmp_path) as client:
        yield client
