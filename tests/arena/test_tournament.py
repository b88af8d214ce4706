"""Arena runs: seat-balanced games, the same results in any number of processes, replayable
records, and the chart and progress bar."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest

import ludoteca
from ludoteca.arena import (
    ArenaConfig,
    ArenaGame,
    ArenaResult,
    parse_contestants,
    plan_arena,
    run_arena,
)
from ludoteca.arena.chart import save_ratings_chart
from ludoteca.arena.progress import progress_bar
from ludoteca.arena.ratings import BotTally
from ludoteca.arena.report import arena_text
from ludoteca.core import JSON

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def config(
    bots: str = "heuristic,random",
    games: int = 4,
    players: int = 2,
    seed: int = 3,
    options: dict[str, JSON] | None = None,
) -> ArenaConfig:
    return ArenaConfig("keezen", players, parse_contestants(bots), games, seed, options or {})


@pytest.fixture(scope="module")
def three_bots() -> ArenaResult:
    # 'random:1' is the random bot under another label (it ignores budgets): a third contestant.
    return run_arena(config("heuristic,random,random:1", games=6))


def test_games_follow_the_seat_schedule(three_bots: ArenaResult) -> None:
    assert three_bots.cycle == 6 and len(three_bots.games) == 6
    assert [game.index for game in three_bots.games] == list(range(6))
    seats = Counter(
        (seat, bot) for game in three_bots.games for seat, bot in enumerate(game.seating)
    )
    assert seats == {(seat, bot): 2 for seat in (0, 1) for bot in three_bots.bots}
    assert len({game.seating for game in three_bots.games}) == 6


def test_every_seating_of_a_cycle_plays_the_same_deal() -> None:
    result = run_arena(config(games=4))
    seeds = [game.result.record["seed"] for game in result.games]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]
    assert [game.seating for game in result.games] == [
        ("heuristic", "random"), ("random", "heuristic"),
    ] * 2


def test_results_are_the_same_in_one_process_and_two() -> None:
    def run(processes: int) -> tuple[list[dict[str, JSON]], list[BotTally], list[int]]:
        seen: list[int] = []
        result = run_arena(config(games=6), processes, on_game=lambda game: seen.append(game.index))
        return [game.record for game in result.games], result.tallies, seen

    assert run(1) == run(2)
    assert run(2)[2] == list(range(6))  # results arrive in index order from the pool too


@pytest.mark.parametrize("processes", [1, 2])
def test_progress_counts_every_game(processes: int) -> None:
    calls: list[tuple[int, int]] = []
    run_arena(config(games=4), processes, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(done, 4) for done in range(5)]


def test_the_seed_fixes_the_run() -> None:
    first = run_arena(config(games=2))
    again = run_arena(config(games=2))
    assert [g.record for g in again.games] == [g.record for g in first.games]
    assert run_arena(config(games=2)).tallies == first.tallies
    other = run_arena(config(games=2, seed=4))
    assert [g.record for g in other.games] != [g.record for g in first.games]


def test_records_replay_to_the_results(three_bots: ArenaResult, tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(game.record) + "\n" for game in three_bots.games))
    from ludoteca.cli_text import read_record

    for game in three_bots.games:
        record = read_record(path, game.index)
        assert record["bots"] == list(game.seating) and record["index"] == game.index
        final = ludoteca.replay(record)[-1]
        assert ludoteca.load("keezen", 2).returns(final) == game.result.returns


def test_teams_and_more_players_are_rated() -> None:
    result = run_arena(config(players=4, games=2))
    assert result.teams == ((0, 2), (1, 3))
    assert [game.seating for game in result.games] == [
        ("heuristic", "random", "heuristic", "random"),
        ("random", "heuristic", "random", "heuristic"),
    ]
    assert sum(line.games for line in result.tallies) == 4
    assert result.pairings == []


@pytest.mark.parametrize(
    ("changes", "processes", "message"),
    [
        ({}, 0, "processes must be at least 1"),
        ({"bots": "heuristic"}, 1, "at least two bots"),
        ({"bots": "random,heuristic,random"}, 1, "named once"),
        ({"bots": "random,nobody"}, 1, "no bot 'nobody'"),
        ({"games": 0}, 1, "at least 1"),
        ({"players": 7}, 1, "not 7"),
        ({"options": {"colour": 1}}, 1, "unknown Keezen option"),
    ],
)
def test_bad_runs_fail_before_any_game(
    changes: dict[str, object], processes: int, message: str
) -> None:
    played: list[ArenaGame] = []
    bad = config(**changes)  # type: ignore[arg-type]  # each case changes one field
    with pytest.raises(ValueError, match=message):
        run_arena(bad, processes, on_game=played.append)
    assert played == []
    with pytest.raises(ValueError, match=message):
        plan_arena(bad, processes)


def test_the_table_shows_ratings_and_the_head_to_head(three_bots: ArenaResult) -> None:
    text = arena_text(three_bots, asked=5, seed=3)
    assert text.startswith("keezen, 2 players, 6 games (5 asked, rounded up to whole cycles")
    assert "heuristic vs random " in text and "heuristic vs random:1" in text
    assert "95% Wilson interval" in text and "mu -/+ 1.96 sigma" in text
    rows = [line.split()[0] for line in text.splitlines()[3:6]]
    assert rows == [line.bot for line in three_bots.tallies]


def test_the_chart_is_a_png(three_bots: ArenaResult, tmp_path: Path) -> None:
    path = tmp_path / "ratings.png"
    save_ratings_chart(three_bots.tallies, path, "three bots")
    assert path.read_bytes().startswith(PNG_SIGNATURE)
    with pytest.raises(ValueError, match="at least one bot"):
        save_ratings_chart([], tmp_path / "empty.png", "none")


def test_the_progress_bar_draws_on_a_terminal_only() -> None:
    drawn = io.StringIO()
    with progress_bar("keezen", drawn, enabled=True) as bar:
        for done in range(1, 5):
            bar(done, 4)
    assert "keezen" in drawn.getvalue() and "4/4" in drawn.getvalue()
    quiet = io.StringIO()  # not a terminal: silent by default
    with progress_bar("keezen", quiet) as bar:
        bar(1, 1)
    assert quiet.getvalue() == ""
