"""`ludoteca serve` as a real subprocess on a free port, for the tests that need a whole
server (a kill and restart, logs, several processes behind nginx)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from tests.server.support import POLL_SECONDS, bearer, wait_for

URL_LINE = re.compile(r"serving on (http://\S+)")


class Server:
    """A `ludoteca serve` subprocess; restartable. Its matches go to a SQLite file in
    `tmp_path` unless `database_url` names another database; its output to `log`."""

    def __init__(self, tmp_path: Path, log_level: str = "warning",
                 extra_args: tuple[str, ...] = (), database_url: str | None = None,
                 name: str = "server") -> None:
        self.tmp_path = tmp_path
        self.log_level = log_level
        self.extra_args = extra_args
        self.database = tmp_path / "matches.sqlite3"
        self.database_url = database_url or f"sqlite:///{self.database}"
        self.name = name
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.http = httpx.Client(timeout=10)
        self.base = ""

    @property
    def log(self) -> Path:
        """Return the file of the latest start's output."""
        return self.tmp_path / f"{self.name}-{self.starts}.log"

    def start(self) -> None:
        """Start the server and wait until it answers."""
        self.starts += 1
        log = self.log
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "ludoteca.cli", "serve", "--port", "0",
                 "--database-url", self.database_url, "--bot-delay", "0",
                 "--bot-seconds", "0.05", "--log-level", self.log_level, *self.extra_args],
                stdout=out, stderr=subprocess.STDOUT, cwd=self.tmp_path,
            )

        def url() -> str | None:
            assert self.process is not None and self.process.poll() is None, log.read_text()
            found = URL_LINE.search(log.read_text())
            return found.group(1).rstrip("/") if found else None

        self.base = wait_for(url, "the server to print its URL")

        def answers() -> bool:
            try:
                return self.http.get(f"{self.base}/api/games").status_code == 200
            except httpx.TransportError:
                return False

        wait_for(answers, "the server to answer")

    def kill(self) -> None:
        """SIGKILL the server: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=POLL_SECONDS)

    def stop(self) -> None:
        """SIGTERM the server and wait for it: a parent of workers stops them first."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=POLL_SECONDS)
        except subprocess.TimeoutExpired:
            self.kill()

    def close(self) -> None:
        """Stop the server if it runs."""
        if self.process is not None and self.process.poll() is None:
            self.stop()
        self.http.close()

    def get(self, path: str, token: str | None = None) -> Any:
        """Return the JSON answer of GET `path` as `token`'s seat (asserting 200)."""
        response = self.http.get(f"{self.base}{path}", headers=bearer(token))
        assert response.status_code == 200, response.text
        return response.json()

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        """Return the answer of POST `path`."""
        return self.http.post(f"{self.base}{path}", json=body)
