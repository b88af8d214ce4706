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


class PostgresServer:
    """A throwaway PostgreSQL on a free port of 127.0.0.1 that a test may stop and start again
    (its data folder and port stay): `url` is that of its database `ludoteca`."""

    def __init__(self, tmp_path: Path) -> None:
        self.binaries = postgres_bin()
        self.user = _server_user()
        self.home = Path(tempfile.mkdtemp(prefix="ludoteca-postgres-"))
        self.data, self.sockets = self.home / "data", self.home / "sockets"
        self.sockets.mkdir()
        if self.user is not None:
            for path in (self.home, self.sockets):
                shutil.chown(path, self.user)
        self.port = free_port()
        self.log_path = tmp_path / "postgres.log"
        self.url = f"postgresql+psycopg://{ROLE}@127.0.0.1:{self.port}/{DATABASE}"
        self.process: subprocess.Popen[bytes] | None = None

    def create(self) -> None:
        """Make the data folder, start the server and create the database `ludoteca`."""
        with self.log_path.open("ab") as log:
            subprocess.run(
                [self.binaries / "initdb", "-D", self.data, "-U", ROLE, "--auth=trust",
                 "-E", "UTF8", "--no-sync"],
                user=self.user, stdout=log, stderr=subprocess.STDOUT, check=True,
            )
        self.start()
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=ROLE, dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(f"CREATE DATABASE {DATABASE} OWNER {ROLE}")

    def start(self) -> None:
        """Start the server on its data folder and port; return once it accepts connections."""
        settings = {
            "port": str(self.port), "listen_addresses": "127.0.0.1",
            "unix_socket_directories": str(self.sockets), "max_connections": "200",
            # A test database is thrown away: durability only costs time here.
            "fsync": "off", "synchronous_commit": "off", "full_page_writes": "off",
        }
        options = [part for key, value in settings.items() for part in ("-c", f"{key}={value}")]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [self.binaries / "postgres", "-D", self.data, *options],
                user=self.user, stdout=log, stderr=subprocess.STDOUT,
            )
        _wait_for_postgres(self.binaries, self.port, self.process, self.log_path)

    def stop(self) -> None:
        """Stop the server as `pg_ctl stop -m fast` does (SIGINT): connections are cut."""
        if self.process is not None:
            _stop(self.process, signal.SIGINT)
            self.process = None

    def remove(self) -> None:
        """Stop the server and remove its data folder."""
        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)


@contextmanager
def postgres_server(tmp_path: Path) -> Iterator[str]:
    """Run a throwaway PostgreSQL; yield the URL of its database `ludoteca` (role `ludoteca`).

    The log goes to `tmp_path`; the data folder is a new one under the system's temporary
    folder (a root-owned pytest folder is closed to the unprivileged server user), removed at
    the end with the server, also when the test fails.
    """
    server = PostgresServer(tmp_path)
    try:
        server.create()
        yield server.url
    finally:
        server.remove()


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


class RedisServer:
    """A throwaway redis-server without persistence on a free port of 127.0.0.1, which a test
    may stop and start again on the same port: `url` is that of its database 0."""

    def __init__(self, tmp_path: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise ServiceMissing(f"redis-server is not found: {INSTALL_HINT}")
        self.binary, self.tmp_path = binary, tmp_path
        self.port = free_port()
        self.log_path = tmp_path / "redis.log"
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server; return once it answers PING."""
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(self.tmp_path)],
                stdout=log, stderr=subprocess.STDOUT,
            )
        _wait_for_redis(self.url, self.process, self.log_path)

    def stop(self) -> None:
        """Stop the server (SIGTERM): every client loses its connection."""
        if self.process is not None:
            _stop(self.process, signal.SIGTERM)
            self.process = None


@contextmanager
def redis_server(tmp_path: Path) -> Iterator[str]:
    """Run a throwaway redis-server without persistence; yield its URL (database 0)."""
    server = RedisServer(tmp_path)
    try:
        server.start()
        yield server.url
    finally:
        server.stop()


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
