"""The `ludoteca` command, called in-process through `main(argv)`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ludoteca
from ludoteca.bots import available_bots
from ludoteca.cli import main
from ludoteca.cli_text import parse_options


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def simulate_records(
    capsys: pytest.CaptureFixture[str], path: Path, *extra: str
) -> list[dict[str, object]]:
    code, _, err = run(capsys, "simulate", "keezen", "--record", str(path), *extra)
    assert code == 0, err
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_games_lists_every_game_with_its_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines() if line and not line[0].isspace()]
    assert names == list(ludoteca.available_games())
    for name in names:
        assert f"bots: {', '.join(available_bots(name))}" in out.split(f"\n{name} ", 1)[-1]
    assert "bots: heuristic, ismcts, random" in out
    assert "--option two_player_track=… (one of 32, 64; default 32)" in out
    assert "players: 2 to 6 (default 4)" in out


def test_simulate_prints_stats_and_writes_replayable_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "out.jsonl"
    code, out, err = run(
        capsys, "simulate", "keezen", "--players", "4", "--games", "3",
        "--bots", "random", "--seed", "1", "--record", str(path),
    )
    assert code == 0, err
    for label in ("games/s", "actions/s", "mean actions/game", "draws", "win rate"):
        assert label in out
    assert "seats 0+2" in out and "seats 1+3" in out
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 3
    for record in records:
        final = ludoteca.replay(record)[-1]
        assert final.current is None


def test_simulate_accepts_per_seat_bots_and_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = simulate_records(
        capsys, tmp_path / "two.jsonl", "--players", "2", "--games", "1",
        "--bots", "random,random", "--option", "two_player_track=64",
    )
    assert records[0]["options"]["two_player_track"] == 64  # type: ignore[index]


def test_replay_prints_the_game_move_by_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = simulate_records(capsys, tmp_path / "games.jsonl", "--players", "2", "--games", "2")
    single = tmp_path / "one.json"
    single.write_text(json.dumps(records[1]), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(single))
    assert code == 0, err
    moves = [line for line in out.splitlines() if re.match(r" *[0-9]+\. P[0-9] ", line)]
    assert len(moves) == len(records[1]["actions"])  # type: ignore[arg-type]
    assert moves[0].strip().startswith("1. P")
    assert "deal 1 dealer" in out
    assert "seat  squares  track" in out and "game over" in out
    assert "Result: seat" in out

    code, from_lines, _ = run(capsys, "replay", str(tmp_path / "games.jsonl"), "--index", "1")
    assert code == 0
    assert from_lines.splitlines()[1:] == out.splitlines()[1:]


def test_replay_of_six_players_shows_every_segment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "six.jsonl"
    simulate_records(capsys, path, "--players", "6", "--games", "1")
    code, out, _ = run(capsys, "replay", str(path), "--board-every", "0")
    assert code == 0
    assert "80-95" in out and "teams 0+3, 1+4, 2+5" in out


def test_demo_prints_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo", "--players", "2", "--seed", "3")
    assert code == 0, err
    assert out.startswith("Demo: ") and "keezen, 2 players, seed 3" in out
    assert "game over" in out
    assert out.rstrip().splitlines()[-1].startswith("Result: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("simulate", "no_such_game"), "unknown game 'no_such_game'"),
        (("simulate", "keezen", "--option", "colour=red"), "unknown Keezen option"),
        (("simulate", "keezen", "--option", "no-equals-sign"), "KEY=VALUE"),
        (("simulate", "keezen", "--bots", "nobody"), "no bot 'nobody'"),
        (("replay", "/no/such/file.json"), "No such file"),
    ],
)
def test_errors_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("ludoteca: error: ")
    assert message in err
    assert "Traceback" not in err


def test_unreadable_records_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert run(capsys, "replay", str(broken))[0] == 2
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"game": "keezen"}), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(wrong))
    assert code == 2 and "record lacks" in err
    code, _, err = run(capsys, "replay", str(wrong), "--index", "3")
    assert code == 2 and "no index 3" in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "no-such-command")
    assert code == 2 and "invalid choice" in err


def test_options_are_json_values_or_text() -> None:
    assert parse_options(["max_deals=3", "first_dealer=null", "dealer_rotation=per_cycle"]) == {
        "max_deals": 3, "first_dealer": None, "dealer_rotation": "per_cycle",
    }


def test_simulate_draws_no_progress_bar_off_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "simulate", "keezen", "--players", "2", "--games", "2")
    assert code == 0 and err == ""
    assert "2 games" in out


def test_simulate_accepts_bot_specs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "simulate", "keezen", "--players", "2", "--games", "1",
        "--bots", "heuristic:50,random",
    )
    assert code == 0, err
    assert "heuristic:50" in out
    code, _, err = run(capsys, "simulate", "keezen", "--bots", "heuristic:soon")
    assert code == 2 and "bad bot 'heuristic:soon'" in err
