"""Toy Pile as text: the pile, the takes, and (omniscient) the secret cards."""

from __future__ import annotations

from tests.plugin.toy_pile.rules import PileState, ToyPileGame


class PileRenderer:
    """Plain-text pictures of Toy Pile states for the CLI, replays and golden files."""

    def __init__(self, game: ToyPileGame) -> None:
        self.game = game

    def board_text(self, state: PileState) -> str:
        """Return the pile and who is to move (or who won)."""
        turn = (f"seat {state.current} to move" if state.current is not None
                else f"seat {state.winner} wins")
        return f"pile {state.pile}; {turn}"

    def new_log_lines(self, before: PileState | None, after: PileState) -> list[str]:
        """Return one line per take `after` adds to `before` (the start: the full pile)."""
        lines = [] if before is not None else [f"a pile of {after.pile} counters"]
        start = 0 if before is None else len(before.takes)
        for index in range(start, len(after.takes)):
            lines.append(f"seat {index % self.game.num_players} takes {after.takes[index]}")
        return lines

    def omniscient_log_lines(self, before: PileState | None, after: PileState) -> list[str]:
        """Return the new log lines with the secret cards shown at the start."""
        secrets = [] if before is not None else [f"secret cards {list(after.secrets)}"]
        return secrets + self.new_log_lines(before, after)

    def snapshot_lines(self, before: PileState | None, state: PileState) -> list[str]:
        """Return the table at the start and after every take."""
        return [self.board_text(state)]
