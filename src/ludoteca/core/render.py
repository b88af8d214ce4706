"""The base of a game's text renderer (`core.spec.TextRenderer`): the game writes its table,
one log line per event and what a golden playthrough shows after a step; the log lines of a
stretch of play follow from those."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ludoteca.core.engine import SegmentedState

GameT = TypeVar("GameT")
StateT = TypeVar("StateT", bound=SegmentedState[Any])


class Renderer(Generic[GameT, StateT]):
    """Plain-text pictures of one game's states (see the module)."""

    def __init__(self, game: GameT) -> None:
        self.game = game

    def board_text(self, state: StateT) -> str:
        """Return the public table of `state` as text."""
        raise NotImplementedError

    def event_line(self, event: Any, omniscient: bool) -> str:
        """Return one log event as a record line: a spectator's, or with every hidden part."""
        raise NotImplementedError

    def snapshot_lines(self, before: StateT | None, state: StateT) -> list[str]:
        """Return the lines a golden playthrough shows after a step from `before` to `state`."""
        raise NotImplementedError

    def new_log_lines(self, before: StateT | None, after: StateT) -> list[str]:
        """Return the spectator's log lines that `after` adds to `before` (None: the start)."""
        return self.log_lines(before, after, omniscient=False)

    def omniscient_log_lines(self, before: StateT | None, after: StateT) -> list[str]:
        """Return the log lines `after` adds to `before` with every hidden part shown."""
        return self.log_lines(before, after, omniscient=True)

    def log_lines(self, before: StateT | None, after: StateT, omniscient: bool) -> list[str]:
        """Return the lines of the events from `before` to `after` (None: the whole log)."""
        seen = 0 if before is None else sum(len(segment) for segment in before.log)
        return [self.event_line(event, omniscient) for event in after.events()[seen:]]

    def table_lines(self, state: StateT) -> list[str]:
        """Return the public table of `state`, indented, as snapshot lines."""
        return [f"  {line}" for line in self.board_text(state).splitlines()]
