"""Real PostgreSQL and redis-server for the tests, each on a free port of 127.0.0.1.

Both are Debian's packages (.ci/run installs them). A missing binary is an error that says what
to install, never a skip: the tests that need these servers must run.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import redis

INSTALL_HINT = "install Debian's postgresql and redis-server; .ci/run does"
STARTUP_SECONDS = 60.0
DATABASE = "ludoteca"
ROLE = "ludoteca"


class ServiceMissing(RuntimeError):
    """A server binary the tests need is not installed."""


def free_port() -> int:
    """Return a TCP port of 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def postgres_bin() -> Path:
    """Return the folder of PostgreSQL's server binaries (the newest Debian version first)."""
    versions = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if versions:
        newest = max(versions, key=lambda path: int(Path(path).parent.parent.name))
        return Path(newest).parent
    initdb = shutil.which("initdb")
    if initdb is None or shutil.which("postgres") is None:
        raise ServiceMissing(f"PostgreSQL's initdb and postgres are not found: {INSTALL_HINT}")
    return Path(initdb).resolve().parent


def _server_user() -> str | None:
    """Return who runs PostgreSQL: it refuses root, so Debian's `postgres` (else `nobody`)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise ServiceMissing("running as root, and neither the user postgres nor nobody exists")


@contextmanager
def postgres_server(tmp_path: Path) -> Iterator[str]:
    """Run a throwaway PostgreSQL; yield the URL of its database `ludoteca` (role `ludoteca`).

    The log goes to `tmp_path`; the data folder is a new one under the system's temporary
    folder (a root-owned pytest folder is closed to the unprivileged server user), removed at
    the end with the server, also when the test fails.
    """
    binaries = postgres_bin()
    user = _server_user()
    home = Path(tempfile.mkdtemp(prefix="ludoteca-postgres-"))
    data, sockets = home / "data", home / "sockets"
    sockets.mkdir()
    if user is not None:
        for path in (home, sockets):
            shutil.chown(path, user)
    port = free_port()
    log_path = tmp_path / "postgres.log"
    server: subprocess.Popen[bytes] | None = None
    try:
        with log_path.open("ab") as log:
            subprocess.run(
                [binaries / "initdb", "-D", data, "-U", ROLE, "--auth=trust", "-E", "UTF8",
                 "--no-sync"],
                user=user, stdout=log, stderr=subprocess.STDOUT, check=True,
            )
            settings = {
                "port": str(port), "listen_addresses": "127.0.0.1",
                "unix_socket_directories": str(sockets), "max_connections": "200",
                # A test database is thrown away: durability only costs time here.
                "fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
            }
            options = [part for key, value in settings.items() for part in ("-c", f"{key}={value}")]
            server = subprocess.Popen(
                [binaries / "postgres", "-D", data, *options],
                user=user, stdout=log, stderr=subprocess.STDOUT,
            )
        _wait_for_postgres(binaries, port, server, log_path)
        with psycopg.connect(
            host="127.0.0.1", port=port, user=ROLE, dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(f"CREATE DATABASE {DATABASE} OWNER {ROLE}")
        yield f"postgresql+psycopg://{ROLE}@127.0.0.1:{port}/{DATABASE}"
    finally:
        if server is not None:
            _stop(server, signal.SIGINT)  # PostgreSQL's fast shutdown
        shutil.rmtree(home, ignore_errors=True)


def _wait_for_postgres(
    binaries: Path, port: int, server: subprocess.Popen[bytes], log_path: Path
) -> None:
    """Return once the server accepts connections; RuntimeError with its log if it never does."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            break
        ready = subprocess.run(
            [binaries / "pg_isready", "-q", "-h", "127.0.0.1", "-p", str(port)], check=False
        )
        if ready.returncode == 0:
            return
        time.sleep(0.1)
    raise RuntimeError(f"PostgreSQL did not start on port {port}:\n{log_path.read_text()}")


@contextmanager
def redis_server(tmp_path: Path) -> Iterator[str]:
    """Run a throwaway redis-server without persistence; yield its URL (database 0)."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise ServiceMissing(f"redis-server is not found: {INSTALL_HINT}")
    port = free_port()
    log_path = tmp_path / "redis.log"
    with log_path.open("ab") as log:
        server = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(tmp_path)],
            stdout=log, stderr=subprocess.STDOUT,
        )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        _wait_for_redis(url, server, log_path)
        yield url
    finally:
        _stop(server, signal.SIGTERM)


def _wait_for_redis(url: str, server: subprocess.Popen[bytes], log_path: Path) -> None:
    """Return once the server answers PING; RuntimeError with its log if it never does."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline and server.poll() is None:
        client = redis.Redis.from_url(url, socket_connect_timeout=1)
        try:
            if client.ping():
                return
        except redis.ConnectionError:
            time.sleep(0.05)
        finally:
            client.close()
    raise RuntimeError(f"redis-server did not answer at {url}:\n{log_path.read_text()}")


def _stop(server: subprocess.Popen[bytes], how: signal.Signals) -> None:
    """Ask a server to stop with `how`; kill it if it is still running after 30 s."""
    if server.poll() is None:
        server.send_signal(how)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
