"""How long Suitors' Paths lasts when heuristic bots play it: rounds, route lengths, connections,
end reasons and ties for first, per player count. Run from the project root:

    .venv/bin/python bench/suitors_paths_length.py [--games 200] [--option start_ring=inner]

Game i of each player count is played from seed i, every seat by the heuristic bot. The output
is plain text meant to be pasted into docs/rules/suitors_paths.md ("Play length").
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ludoteca
from engine import header
from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.bots import SpHeuristicBot

PLAYER_COUNTS = (2, 3, 4, 5)


@dataclass
class Tally:
    """What the games of one player count came to."""

    rounds: list[int] = field(default_factory=list)
    route_lengths: list[int] = field(default_factory=list)
    connections: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    ties: int = 0

    def add(self, state: SpState, scores: tuple[int, ...]) -> None:
        """Count one finished game."""
        self.rounds.append(state.round)
        for routes in state.routes:
            connected = [route for route in routes if route.girl >= 0]
            self.connections.append(len(connected))
            self.route_lengths += [len(route.points) - 1 for route in connected]
        self.reasons[state.end_reason] += 1
        self.ties += scores.count(max(scores)) > 1

    def row(self, players: int) -> str:
        """Return the table row of this player count."""
        games = len(self.rounds)
        reasons = ", ".join(f"{reason} {count}" for reason, count in self.reasons.most_common())
        return (f"{players:>7} {games:>5} {statistics.mean(self.rounds):>6.1f} "
                f"{statistics.median(self.rounds):>6g} "
                f"{min(self.rounds):>3}-{max(self.rounds):<3} "
                f"{statistics.mean(self.route_lengths or [0]):>6.2f} "
                f"{statistics.mean(self.connections):>6.2f} "
                f"{100 * self.ties / games:>5.1f}%  {reasons}")


def play(game: SpGame, seed: int) -> SpState:
    """Return the end of one game from `seed` between heuristic bots."""
    bot = SpHeuristicBot()
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while (seat := game.current_player(state)) is not None:
        state = game.apply(state, bot.choose(game, state, seat, rng))
    return state


def measure(players: int, games: int, options: dict[str, Any]) -> Tally:
    """Return the tally of `games` seeded games for `players` players."""
    game = ludoteca.load("suitors_paths", players, **options)
    assert isinstance(game, SpGame)
    tally = Tally()
    for seed in range(games):
        state = play(game, seed)
        tally.add(state, game.scores(state))
    return tally


def parse_option(text: str) -> tuple[str, Any]:
    """Return (name, value) of `KEY=VALUE`, the value read as JSON if it parses."""
    name, _, value = text.partition("=")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def main() -> None:
    """Print the play-length report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYER_COUNTS))
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option; repeatable")
    args = parser.parse_args()
    options = dict(parse_option(text) for text in args.option)
    print(header())
    print(f"games     {args.games} per player count, seeds 0..{args.games - 1}, "
          f"heuristic bots; options {json.dumps(options) if options else 'default'}\n")
    print("players games rounds median range  route  conn/p  tied1  end reasons")
    print("                mean                 segs   (mean)")
    for players in args.players:
        print(measure(players, args.games, options).row(players), flush=True)


if __name__ == "__main__":
    main()
