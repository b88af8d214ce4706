"""`ludoteca serve`'s settings from LUDOTECA_* environment variables, `--workers`, and
`ludoteca migrate`, called in-process through `main(argv)`."""

from __future__ import annotations

import sqlite3
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory

from ludoteca.cli import _parser, main
from ludoteca.server import serving
from ludoteca.server.environment import options, variable_name
from ludoteca.server.serving import AppSettings

DEPLOY_DOC = Path(__file__).parents[1] / "docs" / "deploy.md"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Return the arguments of every `serve` call, which returns at once instead of serving."""
    calls: list[dict[str, Any]] = []

    def record(settings: AppSettings, host: str, port: int, workers: int, log_level: str,
               log_format: str) -> None:
        calls.append({"settings": settings, "host": host, "port": port, "workers": workers,
                      "log_level": log_level, "log_format": log_format})

    monkeypatch.setattr(serving, "serve", record)
    return calls


def test_every_serve_option_can_come_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    served: list[dict[str, Any]],
) -> None:
    environment = {
        "LUDOTECA_DATABASE_URL": "postgresql+psycopg://db.example/ludoteca",
        "LUDOTECA_REDIS_URL": "redis://cache.example:6379/0",
        "LUDOTECA_WORKERS": "4", "LUDOTECA_HOST": "0.0.0.0", "LUDOTECA_PORT": "9000",
        "LUDOTECA_BOT_DELAY": "0.1", "LUDOTECA_BOT_PROCESSES": "2",
        "LUDOTECA_BOT_ROOT_PARALLEL": "2",
        "LUDOTECA_MAX_BODY_BYTES": "1024", "LUDOTECA_CREATE_RATE": "5/minute",
        "LUDOTECA_BOT_LEASE_SECONDS": "30", "LUDOTECA_API_DOCS": "true",
        "LUDOTECA_LOG_FORMAT": "json",
    }
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    code, _, err = run(capsys, "serve")
    assert code == 0, err
    [call] = served
    settings = call["settings"]
    assert settings.database_url == "postgresql+psycopg://db.example/ludoteca"
    assert settings.redis_url == "redis://cache.example:6379/0"
    assert (call["workers"], call["host"], call["port"]) == (4, "0.0.0.0", 9000)
    assert (settings.bot_delay, settings.bot_processes, settings.bot_root_parallel) == (0.1, 2, 2)
    assert settings.limits.max_body_bytes == 1024
    assert settings.limits.create_rate == "5/minute"
    assert settings.limits.bot_lease_seconds == 30.0
    assert settings.limits.api_docs is True
    assert call["log_format"] == "json"


def test_the_command_line_wins_over_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    served: list[dict[str, Any]],
) -> None:
    monkeypatch.setenv("LUDOTECA_PORT", "9000")
    monkeypatch.setenv("LUDOTECA_MAX_BODY_BYTES", "1024")
    monkeypatch.setenv("LUDOTECA_API_DOCS", "false")
    code, _, err = run(capsys, "serve", "--port", "9001", "--api-docs")
    assert code == 0, err
    [call] = served
    assert call["port"] == 9001
    assert call["settings"].limits.api_docs is True
    assert call["settings"].limits.max_body_bytes == 1024  # not on the command line


def test_without_variables_the_defaults_hold(
    capsys: pytest.CaptureFixture[str], served: list[dict[str, Any]]
) -> None:
    code, _, err = run(capsys, "serve")
    assert code == 0, err
    [call] = served
    assert call["settings"].redis_url is None
    assert call["settings"].database_url == "sqlite:///ludoteca.sqlite3"
    assert (call["workers"], call["port"], call["settings"].limits.api_docs) == (1, 8000, False)


@pytest.mark.parametrize(("variable", "text", "reason"), [
    ("LUDOTECA_PORT", "eighty", "not a valid int"),
    ("LUDOTECA_WORKERS", "65", "expected 1 to 64"),
    ("LUDOTECA_WORKERS", "many", "not a whole number"),
    ("LUDOTECA_BOT_DELAY", "soon", "not a valid float"),
    ("LUDOTECA_API_DOCS", "maybe", "expected one of"),
    ("LUDOTECA_LOG_FORMAT", "xml", "expected one of text, json"),
])
def test_a_bad_value_names_its_variable(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    served: list[dict[str, Any]], variable: str, text: str, reason: str,
) -> None:
    monkeypatch.setenv(variable, text)
    code, _, err = run(capsys, "serve")
    assert code == 2
    assert f"{variable}={text!r}" in err and reason in err
    assert served == []


def test_a_bad_variable_of_serve_does_not_break_other_commands(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LUDOTECA_PORT", "eighty")
    code, out, _ = run(capsys, "games")
    assert code == 0 and "keezen" in out


@pytest.mark.parametrize("count", ["0", "65"])
def test_workers_out_of_range_are_refused(
    capsys: pytest.CaptureFixture[str], served: list[dict[str, Any]], count: str
) -> None:
    code, _, err = run(capsys, "serve", "--workers", count)
    assert code == 2
    assert "expected 1 to 64" in err
    assert served == []


def test_several_workers_without_redis_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = tmp_path / "matches.sqlite3"
    code, out, err = run(capsys, "serve", "--workers", "2", "--port", "0",
                         "--database-url", f"sqlite:///{database}")
    assert code == 2
    assert "--workers 2 needs --redis-url" in err
    assert "serving" not in out
    assert not database.exists()  # refused before anything was done


def test_app_settings_travel_to_the_workers_as_json() -> None:
    settings = AppSettings(
        database_url="sqlite:///x.sqlite3", bot_delay=0.2, bot_seconds=1.5, bot_processes=3,
        redis_url="redis://localhost:6379/0",
        limits=serving.ServerLimits(max_body_bytes=2048, api_docs=True),
    )
    assert AppSettings.from_json(settings.to_json()) == settings


def test_docs_deploy_lists_every_variable() -> None:
    serve = _parser()._subparsers._group_actions[0].choices["serve"]  # type: ignore[union-attr]
    table = DEPLOY_DOC.read_text(encoding="utf-8")
    for action in options(serve):
        assert f"| `{variable_name(action)}` | `{action.option_strings[0]}` |" in table


def head_revision() -> str | None:
    """Return the newest revision among the package's migrations."""
    scripts = ScriptDirectory(str(resources.files("ludoteca.server.migrations")))
    return scripts.get_current_head()


def test_migrate_brings_a_fresh_sqlite_file_to_the_newest_revision(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = tmp_path / "fresh.sqlite3"
    url = f"sqlite:///{database}"
    head = head_revision()
    assert head is not None
    code, out, err = run(capsys, "migrate", "--database-url", url)
    assert code == 0, err
    assert out.strip() == f"{url}: schema at revision {head}"
    with sqlite3.connect(database) as connection:
        stamped = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    assert stamped == [(head,)]
    code, again, _ = run(capsys, "migrate", "--database-url", url)  # nothing left to do
    assert (code, again) == (0, out)


def test_printed_database_urls_hide_the_password() -> None:
    shown = serving.shown_url("postgresql+psycopg://ludoteca:s3cret@db.example/ludoteca")
    assert shown == "postgresql+psycopg://ludoteca:***@db.example/ludoteca"


def test_migrate_reads_the_database_url_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    database = tmp_path / "from-environment.sqlite3"
    monkeypatch.setenv("LUDOTECA_DATABASE_URL", f"sqlite:///{database}")
    code, out, err = run(capsys, "migrate")
    assert code == 0, err
    assert f"schema at revision {head_revision()}" in out
    assert database.exists()
