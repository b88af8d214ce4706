"""Matches and simulations: seeded determinism and correct aggregation."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import ludoteca
from ludoteca.arena import MatchResult, game_teams, play_match, simulate
from ludoteca.arena.match import seat_bot_names
from ludoteca.bots import make_bot


def random_match(players: int, seed: int, rng_seed: int) -> MatchResult:
    game = ludoteca.load("keezen", players)
    bots = [make_bot("random", game) for _ in range(game.num_players)]
    return play_match(game, bots, seed=seed, rng_seed=rng_seed)


def test_match_is_deterministic_for_a_seed() -> None:
    first = random_match(2, seed=7, rng_seed=3)
    assert random_match(2, seed=7, rng_seed=3) == first
    assert random_match(2, seed=7, rng_seed=4).actions != first.actions


def test_match_result_matches_its_record() -> None:
    result = random_match(2, seed=11, rng_seed=5)
    game = ludoteca.load("keezen", 2)
    final = ludoteca.replay(result.record)[-1]
    assert game.is_terminal(final)
    assert game.returns(final) == result.returns
    assert game.scores(final) == result.scores
    assert result.num_actions == len(result.actions) == len(result.record["actions"])
    assert result.record["actions"] == list(result.actions)
    assert result.record["seed"] == 11


def test_match_needs_one_bot_per_seat() -> None:
    game = ludoteca.load("keezen", 4)
    with pytest.raises(ValueError, match="4 seats"):
        play_match(game, [make_bot("random", game)], seed=0, rng_seed=0)


def test_simulate_aggregates_the_games_it_played() -> None:
    results: list[MatchResult] = []
    progress: list[tuple[int, int]] = []
    stats = simulate(
        "keezen", 4, ["random"], games=4, seed=2,
        progress=lambda done, total: progress.append((done, total)),
        on_result=results.append,
    )
    assert stats.games == len(results) == 4
    assert progress == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert stats.total_actions == sum(result.num_actions for result in results)
    assert stats.mean_actions == stats.total_actions / 4
    assert stats.bots == ("random",) * 4
    assert stats.teams == ((0, 2), (1, 3))
    for seat in range(4):
        assert stats.wins[seat] == sum(result.returns[seat] == 1.0 for result in results)
        assert stats.win_rates[seat] == stats.wins[seat] / 4
    # Every game is won by one team (both mates) or drawn.
    assert sum(stats.team_wins) + stats.draws == 4
    assert sum(stats.wins) == 2 * sum(stats.team_wins)
    assert stats.wins[0] == stats.wins[2] == stats.team_wins[0]
    assert stats.elapsed > 0 and stats.actions_per_second > 0


def test_simulate_is_deterministic_for_a_seed() -> None:
    def records(seed: int) -> list[dict[str, Any]]:
        played: list[MatchResult] = []
        simulate("keezen", 2, ["random", "random"], 3, seed, on_result=played.append)
        return [result.record for result in played]

    assert records(5) == records(5)
    assert records(5) != records(6)


def test_simulate_passes_game_options() -> None:
    played: list[MatchResult] = []
    simulate("keezen", 2, ["random"], 1, 0, {"two_player_track": 64}, on_result=played.append)
    assert played[0].record["options"]["two_player_track"] == 64


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: simulate("no_such_game", None, ["random"], 1, 0), "unknown game"),
        (lambda: simulate("keezen", 4, ["random"], 0, 0), "at least 1"),
        (lambda: simulate("keezen", 4, ["random", "random"], 1, 0), "one per seat"),
        (lambda: simulate("keezen", 4, ["nobody"], 1, 0), "no bot 'nobody'"),
        (lambda: simulate("keezen", 4, ["random"], 1, 0, {"colour": 1}), "unknown Keezen"),
    ],
)
def test_simulate_rejects_bad_arguments(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_one_bot_name_fills_every_seat() -> None:
    assert seat_bot_names(["random"], 3) == ("random", "random", "random")
    assert seat_bot_names(["a", "b"], 2) == ("a", "b")


def test_teams_come_from_the_game_spec_or_default_to_one_per_seat() -> None:
    assert game_teams(ludoteca.load("keezen", 6)) == ((0, 3), (1, 4), (2, 5))
    assert game_teams(ludoteca.load("keezen", 2)) == ((0,), (1,))
    assert game_teams(ludoteca.load("elfenland", 3)) == ((0,), (1,), (2,))
    teamless: Any = SimpleNamespace(name="unregistered", num_players=3)
    assert game_teams(teamless) == ((0,), (1,), (2,))


def test_heuristic_bot_plays_a_match() -> None:
    stats = simulate("keezen", 2, ["heuristic", "random"], 2, 1)
    assert stats.games == 2
    assert sum(stats.wins) + stats.draws == 2
