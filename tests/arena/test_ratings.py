"""Ratings and intervals: known answers for Wilson and OpenSkill, tallies and head-to-heads."""

from __future__ import annotations

import pytest

from ludoteca.arena.ratings import (
    Outcome,
    Pairing,
    Rating,
    pairings,
    rate,
    tallies,
    team_ranks,
    wilson_interval,
)

SOLO2 = ((0,), (1,))
PARTNERS4 = ((0, 2), (1, 3))


def test_wilson_interval_known_answers() -> None:
    low, high = wilson_interval(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)
    low, high = wilson_interval(130, 200)
    assert low == pytest.approx(0.5816, abs=1e-4)  # worked by hand: 0.6472 -/+ 0.0655
    assert high == pytest.approx(0.7127, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_rejects_impossible_counts() -> None:
    for successes, trials in ((11, 10), (-1, 10)):
        with pytest.raises(ValueError, match=r"0\.\.trials"):
            wilson_interval(successes, trials)


def test_team_ranks_come_from_returns() -> None:
    assert team_ranks((1.0, 0.0), SOLO2) == [1, 2]
    assert team_ranks((0.0, 1.0, 0.0, 1.0), PARTNERS4) == [2, 1]
    assert team_ranks((0.0, 0.0), SOLO2) == [1, 1]
    assert team_ranks((0.0, 1.0, 0.0), ((0,), (1,), (2,))) == [2, 1, 2]


def test_a_two_player_win_moves_the_ratings_apart_by_the_known_amount() -> None:
    ratings = rate([Outcome(("a", "b"), (1.0, 0.0))], ["a", "b"], SOLO2)
    # OpenSkill Plackett-Luce from mu 25, sigma 25/3: the winner gains what the loser loses.
    assert ratings["a"].mu == pytest.approx(27.6354, abs=1e-4)
    assert ratings["b"].mu == pytest.approx(22.3646, abs=1e-4)
    assert ratings["a"].sigma == ratings["b"].sigma < 25 / 3
    flipped = rate([Outcome(("b", "a"), (1.0, 0.0))], ["a", "b"], SOLO2)
    assert flipped["b"].mu == pytest.approx(ratings["a"].mu)


def test_a_draw_keeps_the_means_and_shrinks_the_doubt() -> None:
    ratings = rate([Outcome(("a", "b"), (0.0, 0.0))], ["a", "b"], SOLO2)
    assert ratings["a"].mu == pytest.approx(25.0) == ratings["b"].mu
    assert ratings["a"].sigma < 25 / 3


def test_ratings_are_deterministic_and_follow_the_evidence() -> None:
    outcomes = [
        Outcome(("a", "b"), (1.0, 0.0)), Outcome(("b", "a"), (0.0, 1.0)),
        Outcome(("a", "b"), (0.0, 1.0)), Outcome(("b", "a"), (0.0, 1.0)),
    ]
    first = rate(outcomes, ["a", "b"], SOLO2)
    assert rate(outcomes, ["a", "b"], SOLO2) == first
    assert first["a"].mu > first["b"].mu
    assert first["a"].interval == pytest.approx(
        (first["a"].mu - 1.96 * first["a"].sigma, first["a"].mu + 1.96 * first["a"].sigma)
    )


def test_partners_share_their_team_result() -> None:
    # 'a' sits in seats 0 and 2 (one team), 'b' in 1 and 3: a team win lifts both seats alike.
    ratings = rate([Outcome(("a", "b", "a", "b"), (1.0, 0.0, 1.0, 0.0))], ["a", "b"], PARTNERS4)
    assert ratings["a"].mu > 25 > ratings["b"].mu
    mixed = rate(
        [Outcome(("a", "b", "c", "d"), (0.0, 1.0, 0.0, 1.0))], ["a", "b", "c", "d"], PARTNERS4
    )
    assert mixed["b"] == mixed["d"] and mixed["a"] == mixed["c"]
    assert mixed["b"].mu > mixed["a"].mu


def test_three_players_rank_the_winner_above_the_rest() -> None:
    ratings = rate(
        [Outcome(("a", "b", "c"), (0.0, 1.0, 0.0))], ["a", "b", "c"], ((0,), (1,), (2,))
    )
    assert ratings["b"].mu > ratings["a"].mu == pytest.approx(ratings["c"].mu)


def test_tallies_count_games_wins_and_draws_best_first() -> None:
    outcomes = [
        Outcome(("a", "b"), (1.0, 0.0)), Outcome(("b", "a"), (0.0, 1.0)),
        Outcome(("a", "b"), (0.0, 0.0)), Outcome(("b", "a"), (1.0, 0.0)),
    ]
    lines = tallies(outcomes, ["b", "a"], SOLO2)
    assert [line.bot for line in lines] == ["a", "b"]
    a, b = lines
    assert (a.games, a.wins, a.draws, a.win_rate) == (4, 2, 1, 0.5)
    assert (b.games, b.wins, b.draws) == (4, 1, 1)
    assert isinstance(a.rating, Rating)


def test_pairings_are_the_head_to_head_records_of_two_player_games() -> None:
    outcomes = [
        Outcome(("a", "b"), (1.0, 0.0)), Outcome(("b", "a"), (0.0, 1.0)),
        Outcome(("a", "b"), (0.0, 0.0)), Outcome(("c", "a"), (1.0, 0.0)),
    ]
    assert pairings(outcomes, ["a", "b", "c"]) == [
        Pairing("a", "b", 3, 2, 0), Pairing("a", "c", 1, 0, 1),
    ]
    pairing = Pairing("a", "b", 10, 7, 2)
    assert pairing.draws == 1 and pairing.win_rate == 0.7
    assert pairing.interval == wilson_interval(7, 10)
    assert pairings([Outcome(("a", "b", "a"), (1.0, 0.0, 0.0))], ["a", "b"]) == []


def test_a_shared_first_place_is_a_draw_head_to_head() -> None:
    # Elfenland's shared first place (E42) gives both seats a win: neither bot won alone.
    outcomes = [Outcome(("a", "b"), (1.0, 1.0)), Outcome(("a", "b"), (1.0, 0.0))]
    (pairing,) = pairings(outcomes, ["a", "b"])
    assert (pairing.first_wins, pairing.second_wins, pairing.draws) == (1, 0, 1)
    assert pairing.win_rate == 0.5
