"""What the `ludoteca` command reads and prints: game options, records, a replayed game move
by move, a result line and the statistics of a simulation."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from ludoteca.arena import SimulationStats
from ludoteca.core import JSON, Game, replay
from ludoteca.core.records import record_game
from ludoteca.core.registry import game_spec


def parse_options(pairs: Sequence[str]) -> dict[str, JSON]:
    """Return game options from `key=value` texts; a value is JSON if it parses, else text."""
    options: dict[str, JSON] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option expects KEY=VALUE, got {pair!r}")
        try:
            options[key.strip()] = json.loads(text)
        except json.JSONDecodeError:
            options[key.strip()] = text
    return options


def read_record(path: Path, index: int = 0) -> dict[str, JSON]:
    """Return record `index` of a .jsonl file, or the record in a .json file (a list: indexed)."""
    text = path.read_text(encoding="utf-8")
    try:
        if path.suffix == ".jsonl":
            records = [json.loads(line) for line in text.splitlines() if line.strip()]
        else:
            loaded = json.loads(text)
            records = loaded if isinstance(loaded, list) else [loaded]
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not valid JSON: {error}") from error
    if not -len(records) <= index < len(records):
        raise ValueError(f"{path} holds {len(records)} record(s); there is no index {index}")
    record = records[index]
    if not isinstance(record, dict):
        raise ValueError(f"{path}: record {index} is not a JSON object")
    return record


def print_game(
    record: dict[str, JSON], board_every: int, title: str, out: TextIO | None = None
) -> None:
    """Print a recorded game move by move: its log lines, the board every few moves, the result."""
    stream = out or sys.stdout
    game = record_game(record)
    states = replay(record)
    renderer = game_spec(game.name).renderer(game)
    actions = record["actions"]
    print(
        f"{title}: {game.name}, {game.num_players} players, seed {record['seed']}, "
        f"{len(actions)} actions",
        file=stream,
    )
    for line in renderer.new_log_lines(None, states[0]):
        print(f"      {line}", file=stream)
    if board_every > 0:
        print(f"\n{renderer.board_text(states[0])}\n", file=stream)
    last = len(states) - 1
    for step in range(1, len(states)):
        lines = renderer.new_log_lines(states[step - 1], states[step]) or [actions[step - 1]]
        print(f"{step:>4}. {lines[0]}", file=stream)
        for line in lines[1:]:
            print(f"      {line}", file=stream)
        if step == last or (board_every > 0 and step % board_every == 0):
            print(f"\n{renderer.board_text(states[step])}\n", file=stream)
    print(result_text(game, states[-1]), file=stream)


def result_text(game: Game[Any, Any], state: Any) -> str:
    """Return one line with the winners (or a draw), the returns and the scores."""
    returns = game.returns(state)
    winners = [str(seat) for seat, value in enumerate(returns) if value == 1.0]
    outcome = "a draw"
    if winners:
        outcome = f"seat{'s' if len(winners) > 1 else ''} {' and '.join(winners)} won"
    scores = " ".join(map(str, game.scores(state)))
    return f"Result: {outcome}; scores per seat: {scores}"


def stats_text(stats: SimulationStats, seed: int) -> str:
    """Return the simulation statistics as a small plain-text report with per-seat/team tables."""
    lines = [
        f"{stats.game}, {stats.num_players} players, {stats.games} games, seed {seed}",
        f"  games/s             {stats.games_per_second:12.2f}",
        f"  actions/s           {stats.actions_per_second:12.0f}",
        f"  mean actions/game   {stats.mean_actions:12.1f}",
        f"  total actions       {stats.total_actions:12d}",
        f"  elapsed (s)         {stats.elapsed:12.2f}",
        f"  draws               {stats.draws:12d}",
        "",
        f"  {'seat':>4}  {'bot':<12} {'wins':>6}  {'win rate':>8}",
    ]
    seat_rows = zip(stats.bots, stats.wins, stats.win_rates, strict=True)
    for seat, (bot, wins, rate) in enumerate(seat_rows):
        lines.append(f"  {seat:>4}  {bot:<12} {wins:>6}  {rate:>8.1%}")
    if any(len(team) > 1 for team in stats.teams):
        lines += ["", f"  {'team':<12} {'bots':<24} {'wins':>6}  {'win rate':>8}"]
        team_rows = zip(stats.teams, stats.team_wins, stats.team_win_rates, strict=True)
        for team, wins, rate in team_rows:
            seats = "+".join(map(str, team))
            bots = "+".join(stats.bots[seat] for seat in team)
            lines.append(f"  {'seats ' + seats:<12} {bots:<24} {wins:>6}  {rate:>8.1%}")
    return "\n".join(lines)
