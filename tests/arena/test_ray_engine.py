"""`--engine ray`: games played as Ray tasks give the local engine's records and table; a bad or
missing engine is refused before any game."""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from ludoteca.arena import ArenaConfig, ArenaGame, ArenaResult, parse_contestants, run_arena
from ludoteca.arena.ray_engine import init_options
from ludoteca.arena.report import arena_text
from ludoteca.cli import main


def short_temp_dir() -> Path:
    """Return a fresh directory under /tmp: Ray's socket paths inside it must stay short."""
    return Path(tempfile.mkdtemp(prefix="ray-", dir="/tmp"))


def processes_naming(directory: Path) -> list[str]:
    """Return the command lines of the running processes that name `directory`."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone meanwhile, or not a process
            continue
        if str(directory) in command:
            found.append(command)
    return found


NO_USAGE_STATS = {"RAY_USAGE_STATS_ENABLED": "0"}  # a test run reports nothing to Ray's servers


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Path]:
    """Start a 2-CPU Ray instance on the loopback address for this module; stop it after."""
    temp_dir = short_temp_dir()
    with pytest.MonkeyPatch.context() as patch:
        for name, value in NO_USAGE_STATS.items():
            patch.setenv(name, value)
        ray.init(
            num_cpus=2, include_dashboard=False, _temp_dir=str(temp_dir),
            _node_ip_address="127.0.0.1", logging_level=logging.WARNING,
        )
        try:
            yield temp_dir
        finally:
            ray.shutdown()
            shutil.rmtree(temp_dir, ignore_errors=True)


def config(bots: str, games: int) -> ArenaConfig:
    return ArenaConfig("keezen", 2, parse_contestants(bots), games, seed=7)


def table(result: ArenaResult) -> str:
    """Return the printed table, without the wall time (the one line that may differ)."""
    return arena_text(dataclasses.replace(result, elapsed=0.0), asked=result.cycle, seed=7)


@pytest.mark.parametrize(("bots", "games"), [("heuristic,random", 8), ("ismcts:20,random", 2)])
def test_ray_gives_the_local_records_and_table(local_ray: Path, bots: str, games: int) -> None:
    local = run_arena(config(bots, games), processes=2)
    seen: list[int] = []
    progress: list[tuple[int, int]] = []
    on_ray = run_arena(
        config(bots, games), processes=2, engine="ray",
        progress=lambda done, total: progress.append((done, total)),
        on_game=lambda game: seen.append(game.index),
    )
    assert [game.record for game in on_ray.games] == [game.record for game in local.games]
    assert len(on_ray.games) == games
    assert on_ray.tallies == local.tallies and on_ray.pairings == local.pairings
    assert table(on_ray) == table(local)
    assert seen == list(range(games))  # in index order, whatever order the tasks finished in
    assert progress == [(done, games) for done in range(games + 1)]


def test_the_cli_writes_the_local_records_with_ray(
    local_ray: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["arena", "keezen", "--players", "2", "--games", "4", "--seed", "3"]
    assert main([*common, "--out", str(tmp_path / "local")]) == 0
    assert main([*common, "--engine", "ray", "--out", str(tmp_path / "ray")]) == 0
    out = capsys.readouterr().out
    assert "4 records written to" in out
    records = [(tmp_path / run / "records.jsonl").read_text() for run in ("local", "ray")]
    assert records[0] == records[1] and len(records[0].splitlines()) == 4


def test_the_cli_starts_and_stops_its_own_ray(tmp_path: Path) -> None:
    temp_dir = short_temp_dir()  # RAY_TMPDIR: this Ray's files, and a name to find its processes
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env |= NO_USAGE_STATS | {"RAY_TMPDIR": str(temp_dir)}
    argv = ["arena", "keezen", "--players", "2", "--games", "2", "--seed", "3"]
    code = "import sys; from ludoteca.cli import main; raise SystemExit(main(sys.argv[1:]))"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, *argv, "--engine", "ray", "--processes", "2",
             "--out", str(tmp_path / "ray")],
            env=env, capture_output=True, text=True, timeout=120, check=False,
        )
        assert done.returncode == 0, done.stderr
        assert any(temp_dir.iterdir()), "Ray kept its files elsewhere"
        assert processes_naming(temp_dir) == []  # raylet, GCS and workers all stopped
    finally:
        shutil.rmtree(temp_dir, ignore_errors=True)
    assert main([*argv, "--out", str(tmp_path / "local")]) == 0
    records = [(tmp_path / run / "records.jsonl").read_text() for run in ("local", "ray")]
    assert records[0] == records[1]


def test_an_unknown_engine_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played: list[ArenaGame] = []
    with pytest.raises(ValueError, match="unknown engine 'spark': choose local or ray"):
        run_arena(config("heuristic,random", 2), engine="spark", on_game=played.append)
    assert played == []
    code = main(["arena", "keezen", "--engine", "spark", "--out", str(tmp_path / "never")])
    assert code == 2 and "invalid choice: 'spark'" in capsys.readouterr().err
    assert not (tmp_path / "never").exists()


def test_a_missing_ray_is_refused_naming_the_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if not installed
    played: list[ArenaGame] = []
    with pytest.raises(ImportError, match=r"pip install 'ludoteca\[cluster\]'"):
        run_arena(config("heuristic,random", 2), engine="ray", on_game=played.append)
    assert played == []
    code = main(["arena", "keezen", "--engine", "ray", "--out", str(tmp_path / "never")])
    err = capsys.readouterr().err
    assert code == 2 and "the ray engine needs Ray, the cluster extra" in err
    assert "pip install 'ludoteca[cluster]'" in err and "Traceback" not in err
    assert not (tmp_path / "never").exists()


def test_ray_joins_the_given_address_or_starts_a_local_instance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    local = init_options(None, 3)
    assert local["num_cpus"] == 3 and local["include_dashboard"] is False
    assert "address" not in local
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.5:6379")
    assert init_options(None, 3)["address"] == "10.0.0.5:6379"
    joined = init_options("ray://head:10001", 3)
    assert joined["address"] == "ray://head:10001" and "num_cpus" not in joined
