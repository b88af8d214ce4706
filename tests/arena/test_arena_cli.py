"""`ludoteca arena` end to end: records, table and chart written; bad input exits 2 unwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ludoteca.cli import main

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TITLES = ("elfenland", "keezen", "suitors_paths", "thurn_und_taxis")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("title", TITLES)
def test_a_tiny_arena_writes_records_table_and_chart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, title: str
) -> None:
    out_dir = tmp_path / "run"
    code, out, err = run(
        capsys, "arena", title, "--players", "2", "--bots", "random,heuristic", "--games", "2",
        "--seed", "5", "--out", str(out_dir),
    )
    assert code == 0, err
    assert out.startswith(f"{title}, 2 players, 2 games, seed 5")
    assert "heuristic vs random" not in out and "random vs heuristic" in out
    for label in ("games", "wins", "draws", "win rate", "rating", "95% Wilson interval"):
        assert label in out
    lines = (out_dir / "records.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["bots"] for line in lines] == [
        ["random", "heuristic"], ["heuristic", "random"],
    ]
    assert (out_dir / "ratings.png").read_bytes().startswith(PNG_SIGNATURE)
    assert (out_dir / "table.txt").read_text(encoding="utf-8") in out
    code, replayed, err = run(capsys, "replay", str(out_dir / "records.jsonl"), "--index", "1")
    assert code == 0, err
    assert replayed.startswith(
        f"Replay of {out_dir / 'records.jsonl'}, record 1 (heuristic vs random): {title}"
    )
    assert f"{title}, 2 players" in replayed and "Result: " in replayed


def test_the_default_out_dir_names_game_and_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "arena", "keezen", "--players", "2", "--games", "2")
    assert code == 0, err
    assert (tmp_path / "arena-keezen-2p" / "ratings.png").exists()
    assert "2 records written to arena-keezen-2p/records.jsonl" in out


def test_ismcts_plays_in_the_arena(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(
        capsys, "arena", "keezen", "--players", "2", "--bots", "ismcts:20,random",
        "--games", "2", "--processes", "2", "--out", str(tmp_path),
    )
    assert code == 0, err
    assert "ismcts:20 vs random" in out
    records = (tmp_path / "records.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(records) == 2 and json.loads(records[0])["bots"] == ["ismcts:20", "random"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--bots", "ismcts:fast,random"), "bad bot 'ismcts:fast'"),
        (("--bots", "Heuristic,random"), "bad bot 'Heuristic'"),
        (("--bots", "heuristic,,random"), "comma-separated"),
        (("--bots", "heuristic"), "at least two bots"),
        (("--bots", "heuristic,heuristic"), "named once"),
        (("--bots", "heuristic,nobody"), "no bot 'nobody'"),
        (("--processes", "0"), "processes must be at least 1"),
        (("--games", "0"), "at least 1"),
        (("--players", "3"), "not 3"),
        (("--option", "colour=red"), "unknown Keezen option"),
        (("--games", "many"), "invalid int value"),
    ],
)
def test_bad_arguments_exit_2_and_write_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...], message: str
) -> None:
    out_dir = tmp_path / "never"
    code, out, err = run(capsys, "arena", "keezen", "--out", str(out_dir), *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err and out == ""
    assert not out_dir.exists()


def test_an_unknown_game_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "arena", "chess", "--out", str(tmp_path / "never"))
    assert code == 2 and "unknown game 'chess'" in err
