"""One match between bots, and many of them with aggregated statistics.

Everything is seeded: a match is fixed by the game seed (chance) and the bots' seed (their
choices), so the same arguments replay the same games in any process.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.arena.specs import Contestant
from ludoteca.bots import Bot
from ludoteca.core import JSON, Game, Seat, load, make_record
from ludoteca.core.chance import event_rng, fresh_seed
from ludoteca.core.registry import available_games, game_spec
from ludoteca.core.spec import Teams, solo_teams

WIN = 1.0

Progress = Callable[[int, int], None]
"""Called after each game with (games done, games in total)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of one game: returns and scores per seat, the actions and the record."""

    returns: tuple[float, ...]
    scores: tuple[int, ...]
    num_actions: int
    actions: tuple[str, ...]
    record: dict[str, JSON]

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Return the seats that won (none for a draw)."""
        return tuple(seat for seat, value in enumerate(self.returns) if value == WIN)


@dataclass(frozen=True, slots=True)
class SimulationStats:
    """What `simulate` played: totals, speed, and wins per seat and per team."""

    game: str
    bots: tuple[str, ...]
    games: int
    total_actions: int
    elapsed: float
    wins: tuple[int, ...]
    teams: tuple[tuple[Seat, ...], ...]
    team_wins: tuple[int, ...]
    draws: int

    @property
    def num_players(self) -> int:
        """Return the number of seats."""
        return len(self.bots)

    @property
    def games_per_second(self) -> float:
        """Return the games played per second of wall-clock time."""
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def actions_per_second(self) -> float:
        """Return the actions played per second of wall-clock time."""
        return self.total_actions / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def mean_actions(self) -> float:
        """Return the mean number of actions per game."""
        return self.total_actions / self.games if self.games else 0.0

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Return per seat the fraction of games it won."""
        return tuple(self._rate(count) for count in self.wins)

    @property
    def team_win_rates(self) -> tuple[float, ...]:
        """Return per team (in `teams` order) the fraction of games it won."""
        return tuple(self._rate(count) for count in self.team_wins)

    def _rate(self, count: int) -> float:
        return count / self.games if self.games else 0.0


def seat_bot_names(names: Sequence[str], num_players: int) -> tuple[str, ...]:
    """Return one bot name per seat: a single name fills every seat; ValueError on a mismatch."""
    if len(names) == 1:
        return tuple(names) * num_players
    if len(names) != num_players:
        raise ValueError(
            f"give one bot name or one per seat ({num_players}), got {len(names)}: "
            f"{','.join(names)}"
        )
    return tuple(names)


def game_teams(game: Game[Any, Any]) -> Teams:
    """Return the teams its `GameSpec` declares; one team per seat for an unregistered game."""
    if game.name in available_games():
        return game_spec(game.name).teams(game.num_players)
    return solo_teams(game.num_players)


def play_match(game: Game[Any, Any], bots: Sequence[Bot], seed: int, rng_seed: int) -> MatchResult:
    """Return the result of one game from `seed`, seat i played by `bots[i]`.

    Decision k gets its own generator derived from `rng_seed` and k, so a bot's choices do not
    depend on how much randomness the other bots used.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} has {game.num_players} seats, got {len(bots)} bots")
    state = game.initial_state(seed)
    texts: list[str] = []
    while (seat := game.current_player(state)) is not None:
        if len(texts) >= game.max_game_length:
            raise RuntimeError(f"{game.name} seed {seed} exceeds {game.max_game_length} actions")
        rng = event_rng(rng_seed, "decision", len(texts))
        action = bots[seat].choose(game, state, seat, rng)
        texts.append(game.action_to_text(state, action))
        state = game.apply(state, action)
    return MatchResult(
        returns=tuple(game.returns(state)),
        scores=tuple(game.scores(state)),
        num_actions=len(texts),
        actions=tuple(texts),
        record=make_record(game, seed, texts),
    )


def simulate(
    game_name: str,
    players: int | None,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
) -> SimulationStats:
    """Return the stats of `games` seeded games of `game_name` between the bots named.

    A bot is named `name[:budget]` (`parse_bot_spec`): `heuristic`, `ismcts:500`, `ismcts:0.2s`.
    Game i is played from seeds derived from `seed` and i; `on_result` sees every result
    (e.g. to write its record) and `progress` is told how many games are done.
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    game = load(game_name, players, **dict(options or {}))
    names = seat_bot_names(bot_names, game.num_players)
    bots = [Contestant.parse(name).make(game) for name in names]
    teams = game_teams(game)
    wins = [0] * game.num_players
    team_wins = [0] * len(teams)
    total_actions = draws = 0
    started = time.perf_counter()
    for index in range(games):
        result = play_match(
            game,
            bots,
            seed=fresh_seed(event_rng(seed, "game", index)),
            rng_seed=fresh_seed(event_rng(seed, "bots", index)),
        )
        total_actions += result.num_actions
        winners = result.winners
        for seat in winners:
            wins[seat] += 1
        for team_index, team in enumerate(teams):
            if all(seat in winners for seat in team):
                team_wins[team_index] += 1
        if not winners:
            draws += 1
        if on_result is not None:
            on_result(result)
        if progress is not None:
            progress(index + 1, games)
    return SimulationStats(
        game=game.name,
        bots=names,
        games=games,
        total_actions=total_actions,
        elapsed=time.perf_counter() - started,
        wins=tuple(wins),
        teams=teams,
        team_wins=tuple(team_wins),
        draws=draws,
    )
