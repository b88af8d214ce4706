"""The ratings chart of an arena run: each bot's OpenSkill skill with its 95% interval (PNG)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ludoteca.arena.ratings import BotTally

ROW_INCHES = 0.45
WIDTH_INCHES = 7.0


def save_ratings_chart(lines: Sequence[BotTally], path: Path, title: str) -> None:
    """Write a PNG of the bots' ratings (mu with its 95% interval), best at the top, to `path`."""
    # The figure is drawn off screen by Agg: no pyplot, so no global state and no display needed.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    if not lines:
        raise ValueError("a ratings chart needs at least one bot")
    rows = list(reversed(lines))  # matplotlib counts rows from the bottom
    figure = Figure(figsize=(WIDTH_INCHES, 1.4 + ROW_INCHES * len(rows)), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    mus = [line.rating.mu for line in rows]
    lows = [line.rating.mu - line.rating.interval[0] for line in rows]
    highs = [line.rating.interval[1] - line.rating.mu for line in rows]
    axes.errorbar(mus, range(len(rows)), xerr=[lows, highs], fmt="o", capsize=4, color="#1f5f8b")
    axes.set_yticks(range(len(rows)), [line.bot for line in rows])
    axes.set_ylim(-0.6, len(rows) - 0.4)
    axes.set_xlabel("OpenSkill rating: mu with its 95% interval (mu ± 1.96 sigma)")
    axes.set_title(title)
    axes.grid(axis="x", alpha=0.3)
    figure.savefig(path, format="png", dpi=100)
