"""Structured logs: `ludoteca serve --log-format json` writes one JSON object per line."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

from ludoteca.server.logs import JsonFormatter
from tests.processes import Server


def test_a_record_is_one_line_of_json_with_its_extra_fields() -> None:
    logger = logging.getLogger("ludoteca.test")
    record = logger.makeRecord("ludoteca.test", logging.WARNING, __file__, 1,
                               "bot of match %s fell back", ("m1",), None,
                               extra={"match_id": "m1", "seat": 2})
    line = JsonFormatter().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["level"] == "warning" and entry["logger"] == "ludoteca.test"
    assert entry["message"] == "bot of match m1 fell back"
    assert entry["match_id"] == "m1" and entry["seat"] == 2
    assert entry["time"].endswith("+00:00")


def test_an_exception_is_kept_in_its_entry() -> None:
    try:
        raise ValueError("broken")
    except ValueError:
        record = logging.getLogger("x").makeRecord("x", logging.ERROR, __file__, 1, "failed",
                                                   (), sys.exc_info())
    entry = json.loads(JsonFormatter().format(record))
    assert "ValueError: broken" in entry["exception"]


def test_serve_writes_its_access_log_as_json_lines(tmp_path: Path) -> None:
    server = Server(tmp_path, log_level="info", extra_args=("--log-format", "json"))
    server.start()
    try:
        assert server.http.get(f"{server.base}/healthz").status_code == 200
    finally:
        server.close()
    lines = (tmp_path / "server-1.log").read_text().splitlines()
    entries = [json.loads(line) for line in lines if line.startswith("{")]
    assert any(entry["logger"] == "uvicorn.access" and "GET /healthz" in entry["message"]
               for entry in entries), lines
    # everything but the URL line printed for people is JSON
    assert all(line.startswith("{") for line in lines if "is serving on" not in line)
