"""A progress bar for long runs (rich's), drawn on a terminal only.

rich comes with the arena extra; without it, or when the stream is not a terminal (a pipe, a
log file, a test), the bar is silent and costs nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from ludoteca.arena.match import Progress


def _silent(done: int, total: int) -> None:
    """Draw nothing."""


@contextmanager
def progress_bar(
    description: str, stream: TextIO | None = None, enabled: bool | None = None
) -> Iterator[Progress]:
    """Yield a `(done, total)` callback that draws a bar on `stream` (default stderr).

    The bar is drawn when `enabled`, which defaults to whether `stream` is a terminal.
    """
    stream = stream or sys.stderr
    if enabled is None:
        enabled = stream.isatty()
    try:
        from rich import progress as rich
        from rich.console import Console
    except ImportError:
        enabled = False
    if not enabled:
        yield _silent
        return
    console = Console(file=stream, force_terminal=True)
    columns = (
        rich.TextColumn("{task.description}"),
        rich.BarColumn(),
        rich.MofNCompleteColumn(),
        rich.TextColumn("games"),
        rich.TimeElapsedColumn(),
        rich.TextColumn("left"),
        rich.TimeRemainingColumn(),
    )
    with rich.Progress(*columns, console=console) as bar:
        task = bar.add_task(description, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance
