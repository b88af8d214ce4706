"""The seat-balanced schedule of an arena: which bot sits in which seat in each game.

A schedule is a cycle of seatings, played over and over; each seating gives one bot index per
seat. With B bots and N seats:

- B >= N: every ordered choice of N different bots (all N-permutations, B!/(B-N)! seatings).
  Each bot sits in each seat equally often, and each pair of bots meets in each pair of seats
  equally often, so pairwise win rates and partnerships are fair too. 2 bots, 2 seats:
  (0, 1), (1, 0); 3 bots, 2 seats: (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1).
- B < N: the bots repeat round the table and the B rotations of that order make the cycle,
  seat s holding bot (s + r) mod B in seating r. 2 bots, 4 seats: (0, 1, 0, 1), (1, 0, 1, 0)
  (in 4-player Keezen, whose teams are seats 0+2 and 1+3, one bot's team against the other's).

A run plays whole cycles only (the number of games is rounded up), so the balance is exact.
All seatings of one cycle play the same deal (game seed), which cancels the luck of the deal
from the comparison, like duplicate bridge.
"""

from __future__ import annotations

from itertools import permutations

Seating = tuple[int, ...]
"""One bot index per seat."""


def seatings(num_bots: int, num_seats: int) -> tuple[Seating, ...]:
    """Return the cycle of seatings of `num_bots` bots at `num_seats` seats (scheme above)."""
    if num_bots < 1 or num_seats < 1:
        raise ValueError(f"a schedule needs bots and seats, got {num_bots} and {num_seats}")
    if num_bots >= num_seats:
        return tuple(permutations(range(num_bots), num_seats))
    return tuple(
        tuple((seat + shift) % num_bots for seat in range(num_seats))
        for shift in range(num_bots)
    )


def whole_cycles(games: int, cycle: int) -> int:
    """Return `games` rounded up to a whole number of `cycle`-long cycles."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    return -(-games // cycle) * cycle
