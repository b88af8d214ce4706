"""What an arena's games say about its bots: tallies, OpenSkill ratings, pairwise win rates.

Ratings are OpenSkill's Plackett-Luce model, which ranks whole teams (Keezen's partners share a
result) among any number of them. They are updated game by game in the order of the games'
indices, so a run gives the same ratings however many processes played it. A bot that fills
several seats of one game (fewer bots than seats) takes the mean of its seats' updates.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.core import Seat
from ludoteca.core.spec import Teams

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""

WIN = 1.0


@dataclass(frozen=True, slots=True)
class Outcome:
    """One finished game as the ratings see it: the bot in each seat and each seat's return."""

    bots: tuple[str, ...]
    returns: tuple[float, ...]

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Return the seats that won (none for a draw)."""
        return tuple(seat for seat, value in enumerate(self.returns) if value == WIN)


@dataclass(frozen=True, slots=True)
class Rating:
    """An OpenSkill rating: mean skill `mu` and its uncertainty `sigma`."""

    mu: float
    sigma: float

    @property
    def interval(self) -> tuple[float, float]:
        """Return the 95% interval of the skill, mu -/+ 1.96 sigma."""
        return self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma


@dataclass(frozen=True, slots=True)
class BotTally:
    """One bot's line of the table: games it sat in, games one of its seats won, draws, rating."""

    bot: str
    games: int
    wins: int
    draws: int
    rating: Rating

    @property
    def win_rate(self) -> float:
        """Return the fraction of its games that it won."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two bots' head-to-head record in 2-player games, from the first bot's side."""

    first: str
    second: str
    games: int
    first_wins: int
    second_wins: int

    @property
    def draws(self) -> int:
        """Return the games neither bot won alone (nobody won, or both shared first place)."""
        return self.games - self.first_wins - self.second_wins

    @property
    def win_rate(self) -> float:
        """Return the fraction of the games the first bot won (a draw is not a win)."""
        return self.first_wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Return the Wilson 95% interval of the first bot's win rate."""
        return wilson_interval(self.first_wins, self.games)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a success rate (95% for the default z)."""
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in 0..trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    shrink = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / shrink
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / shrink
    return max(0.0, centre - half), min(1.0, centre + half)


def team_ranks(returns: Sequence[float], teams: Teams) -> list[int]:
    """Return each team's rank (1 best; equal returns share a rank) from its first seat's return."""
    values = [returns[team[0]] for team in teams]
    return [1 + sum(other > value for other in values) for value in values]


def rate(outcomes: Sequence[Outcome], bots: Sequence[str], teams: Teams) -> dict[str, Rating]:
    """Return each bot's OpenSkill Plackett-Luce rating after `outcomes`, taken in order."""
    from openskill.models import PlackettLuce  # the arena extra: imported only when rating

    model = PlackettLuce()
    current = {bot: Rating(model.mu, model.sigma) for bot in bots}
    for outcome in outcomes:
        lineup = [
            [model.rating(current[outcome.bots[seat]].mu, current[outcome.bots[seat]].sigma)
             for seat in team]
            for team in teams
        ]
        ranks = [float(rank) for rank in team_ranks(outcome.returns, teams)]
        updated = model.rate(lineup, ranks=ranks)
        seat_updates: dict[str, list[Rating]] = defaultdict(list)
        for team, team_update in zip(teams, updated, strict=True):
            for seat, new in zip(team, team_update, strict=True):
                seat_updates[outcome.bots[seat]].append(Rating(new.mu, new.sigma))
        for bot, news in seat_updates.items():
            current[bot] = Rating(
                sum(new.mu for new in news) / len(news),
                sum(new.sigma for new in news) / len(news),
            )
    return current


def tallies(outcomes: Sequence[Outcome], bots: Sequence[str], teams: Teams) -> list[BotTally]:
    """Return every bot's games, wins, draws and rating, best rated (lowest bound) first."""
    ratings = rate(outcomes, bots, teams)
    lines = []
    for bot in bots:
        played = [outcome for outcome in outcomes if bot in outcome.bots]
        drawn = sum(not outcome.winners for outcome in played)
        lines.append(BotTally(bot, len(played), _wins(played, bot), drawn, ratings[bot]))
    return sorted(lines, key=lambda line: -line.rating.interval[0])


def pairings(outcomes: Sequence[Outcome], bots: Sequence[str]) -> list[Pairing]:
    """Return the head-to-head record of every two bots that met in 2-player games."""
    lines = []
    for index, first in enumerate(bots):
        for second in bots[index + 1:]:
            met = [
                outcome for outcome in outcomes
                if len(outcome.bots) == 2 and set(outcome.bots) == {first, second}
            ]
            if met:
                lines.append(Pairing(
                    first, second, len(met),
                    _sole_wins(met, first, second), _sole_wins(met, second, first),
                ))
    return lines


def _sole_wins(outcomes: Sequence[Outcome], bot: str, other: str) -> int:
    """Return how many of `outcomes` `bot` won and `other` did not (a shared first place,
    as Elfenland has, is a draw between them)."""
    return sum(
        any(outcome.bots[seat] == bot for seat in outcome.winners)
        and not any(outcome.bots[seat] == other for seat in outcome.winners)
        for outcome in outcomes
    )


def _wins(outcomes: Sequence[Outcome], bot: str) -> int:
    """Return how many of `outcomes` a seat of `bot` won."""
    return sum(
        any(outcome.bots[seat] == bot for seat in outcome.winners) for outcome in outcomes
    )
