"""`ludoteca serve --workers 2`: two uvicorn worker processes answer on one port."""

from __future__ import annotations

import re
from pathlib import Path

from tests.processes import Server
from tests.server.support import FOUR_HUMANS, wait_for

WORKER_STARTED = re.compile(r"Started server process \[(\d+)\]")


def test_two_workers_serve_on_one_port(tmp_path: Path, redis_url: str) -> None:
    server = Server(tmp_path, log_level="info", extra_args=("--workers", "2",
                                                            "--redis-url", redis_url))
    server.start()
    try:
        assert "with 2 worker processes" in server.log.read_text()

        def worker_pids() -> set[str] | None:
            pids = set(WORKER_STARTED.findall(server.log.read_text()))
            return pids if len(pids) == 2 else None

        pids = wait_for(worker_pids, "both workers to start")
        assert server.process is not None and str(server.process.pid) not in pids
        created = server.post("/api/matches", {"game": "keezen", "seats": FOUR_HUMANS,
                                               "hotseat": True})
        assert created.status_code == 201, created.text
        match_id = created.json()["match_id"]
        for _ in range(6):  # whichever worker answers, it finds the match in the database
            assert server.get(f"/api/matches/{match_id}/view")["state_id"] == 0
        assert server.get("/readyz")["checks"] == {"database": "ok", "redis": "ok"}
    finally:
        server.close()
    for pid in pids:  # stopping the parent stopped its workers
        assert not Path(f"/proc/{pid}").exists()
