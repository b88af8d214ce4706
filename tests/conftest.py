"""Test tiers: `make test` runs everything; `make test-fast` leaves out `slow` and `browser`."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

from tests.services import postgres_server, redis_server

WEB_TESTS = Path(__file__).parent / "web"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/web as `browser` (they drive Chromium against a server)."""
    for item in items:
        if WEB_TESTS in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


# Real PostgreSQL and Redis (tests/services.py): one server of each per xdist worker, started
# the first time a test asks for it.


@pytest.fixture(scope="session")
def postgres_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the URL of the database `ludoteca` of this worker's PostgreSQL."""
    with postgres_server(tmp_path_factory.mktemp("postgres")) as url:
        yield url


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the URL of this worker's redis-server."""
    with redis_server(tmp_path_factory.mktemp("redis")) as url:
        yield url


@pytest.fixture
def fresh_postgres_url(postgres_url: str) -> Iterator[str]:
    """Yield the URL of a new empty database on the worker's PostgreSQL, dropped afterwards."""
    server = make_url(postgres_url)
    name = f"t_{secrets.token_hex(6)}"
    admin = {
        "host": server.host, "port": server.port, "user": server.username, "dbname": "postgres"
    }
    with psycopg.connect(**admin, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    yield server.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(**admin, autocommit=True) as connection:
        # FORCE: a test that failed may have left connections open.
        connection.execute(f"DROP DATABASE {name} WITH (FORCE)")
