"""The arena's results as plain text: one line per bot, then the 2-player head-to-head records."""

from __future__ import annotations

from ludoteca.arena.tournament import ArenaResult


def arena_text(result: ArenaResult, asked: int, seed: int) -> str:
    """Return the table of a run: per bot games, wins, draws, win rate and rating interval."""
    played = len(result.games)
    rounded = (
        f" ({asked} asked, rounded up to whole cycles of {result.cycle} seatings)"
        if played != asked else ""
    )
    lines = [
        f"{result.game}, {result.num_players} players, {played} games{rounded}, seed {seed}, "
        f"{result.elapsed:.1f} s",
        "",
        f"  {'bot':<16} {'games':>6} {'wins':>6} {'draws':>6} {'win rate':>9}"
        f" {'rating':>7}  {'95% interval':<15}",
    ]
    for line in result.tallies:
        low, high = line.rating.interval
        lines.append(
            f"  {line.bot:<16} {line.games:>6} {line.wins:>6} {line.draws:>6}"
            f" {line.win_rate:>9.1%} {line.rating.mu:>7.2f}  [{low:.2f}, {high:.2f}]"
        )
    lines.append("  (rating: OpenSkill Plackett-Luce mu; interval mu -/+ 1.96 sigma)")
    if heads := result.pairings:
        lines += [
            "",
            f"  {'head to head':<34} {'games':>6} {'won-lost-drawn':>15} {'win rate':>9}"
            f"  {'95% Wilson interval':<19}",
        ]
        for pairing in heads:
            low, high = pairing.interval
            score = f"{pairing.first_wins}-{pairing.second_wins}-{pairing.draws}"
            lines.append(
                f"  {pairing.first + ' vs ' + pairing.second:<34} {pairing.games:>6}"
                f" {score:>15} {pairing.win_rate:>9.1%}  [{low:.1%}, {high:.1%}]"
            )
    return "\n".join(lines)
