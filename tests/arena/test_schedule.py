"""The seat schedule: every bot in every seat equally often, and fair match-ups."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from ludoteca.arena.schedule import seatings, whole_cycles

SHAPES = [(2, 2), (3, 2), (4, 2), (3, 3), (4, 4), (2, 3), (2, 4), (3, 4), (3, 6), (5, 3)]


@pytest.mark.parametrize(("bots", "seats"), SHAPES)
def test_every_bot_sits_in_every_seat_equally_often(bots: int, seats: int) -> None:
    cycle = seatings(bots, seats)
    assert len(set(cycle)) == len(cycle)
    assert all(len(seating) == seats for seating in cycle)
    counts = Counter((seat, bot) for seating in cycle for seat, bot in enumerate(seating))
    assert set(counts) == {(seat, bot) for seat in range(seats) for bot in range(bots)}
    assert len(set(counts.values())) == 1


@pytest.mark.parametrize(("bots", "seats"), [shape for shape in SHAPES if shape[0] >= shape[1]])
def test_with_enough_bots_every_pair_meets_in_every_pair_of_seats(bots: int, seats: int) -> None:
    cycle = seatings(bots, seats)
    assert all(len(set(seating)) == seats for seating in cycle)  # no bot twice in a game
    meetings = Counter(
        (first, second, seating[first], seating[second])
        for seating in cycle
        for first, second in permutations(range(seats), 2)
    )
    expected = {
        (first, second, a, b)
        for first, second in permutations(range(seats), 2)
        for a, b in permutations(range(bots), 2)
    }
    assert set(meetings) == expected
    assert len(set(meetings.values())) == 1


def test_known_schedules() -> None:
    assert seatings(2, 2) == ((0, 1), (1, 0))
    assert seatings(3, 2) == ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
    assert seatings(2, 4) == ((0, 1, 0, 1), (1, 0, 1, 0))
    assert seatings(3, 6) == ((0, 1, 2, 0, 1, 2), (1, 2, 0, 1, 2, 0), (2, 0, 1, 2, 0, 1))
    assert len(seatings(4, 4)) == 24


def test_games_round_up_to_whole_cycles() -> None:
    assert whole_cycles(200, 6) == 204
    assert whole_cycles(200, 2) == 200
    assert whole_cycles(1, 24) == 24
    with pytest.raises(ValueError, match="at least 1"):
        whole_cycles(0, 2)
    with pytest.raises(ValueError, match="needs bots and seats"):
        seatings(0, 2)
