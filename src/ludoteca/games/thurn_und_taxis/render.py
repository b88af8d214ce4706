"""Thurn und Taxis as plain text: the table and the log lines a spectator sees.

A table reads:

    Thurn und Taxis, 2 players: round 2, seat 0 to act (play a card)
    seat  hand         route        houses  carriage  tiles
       0  ING,STU      ULM             20   -         -
       1  MUE          AUG             20   -         -
    display [NUE WUE KEM ZUE LOD PAS]; deck 53; discards -
    stacks route_7 4,3,2,1 | route_6 3,2,1 | ...
"""

from __future__ import annotations

from ludoteca.games.thurn_und_taxis.rules import TntGame
from ludoteca.games.thurn_und_taxis.state import NONE, POINT_WORDS, TntState


def board_text(game: TntGame, state: TntState) -> str:
    """Return a plain-text picture of the public table of `state` (blind cards as ?)."""
    board = game.board
    lines = [_header(game, state),
             f"seat  {'hand':<22} {'route':<30} houses  carriage  tiles"]
    for seat in range(game.num_players):
        seen = tuple(h - b for h, b in zip(state.hands[seat], state.blind[seat], strict=True))
        hand = board.cards_text(seen) + "?" * sum(state.blind[seat])
        tiles = ",".join(f"{board.stacks[s].id}:{v}" for s, v in state.tiles[seat]) or "-"
        lines.append(
            f"{seat:>4}  {hand or '-':<22} {board.route_text(state.routes[seat]):<30} "
            f"{state.supply[seat]:>6}  {state.carriages[seat] or '-':<8}  {tiles}"
        )
    display = " ".join("_" if c == NONE else board.city_codes[c] for c in state.display)
    lines.append(f"display [{display}]; deck {len(state.deck)}; "
                 f"discards {board.cards_text(state.discards) or '-'}")
    lines.append("stacks " + " | ".join(
        f"{stack.id} {','.join(map(str, stack.values[state.taken[i]:])) or '-'}"
        for i, stack in enumerate(board.stacks)))
    return "\n".join(lines)


def _header(game: TntGame, state: TntState) -> str:
    title = f"Thurn und Taxis, {game.num_players} players: round {state.round}"
    if state.current is None:
        ranks = ", ".join(f"seat {seat} #{rank}" for seat, rank in enumerate(state.ranks))
        return f"{title}, game over ({state.end_reason}): {ranks}"
    return f"{title}, seat {state.current} to act ({POINT_WORDS[state.point]})"


def new_log_lines(
    game: TntGame, before: TntState | None, after: TntState, omniscient: bool = False
) -> list[str]:
    """Return the log lines of the events from `before` to `after`: a spectator's, or with
    every blind card shown. With `before` None, every line of `after`'s log."""
    seen = 0 if before is None else sum(len(events) for events in before.log)
    lines = []
    for event in after.events()[seen:]:
        viewer = getattr(event, "seat", None) if omniscient else None
        text = game.log_renderer.entry(event, viewer)["text"]
        assert isinstance(text, str)
        lines.append(text)
    return lines


class TntRenderer:
    """The text renderer the Thurn und Taxis descriptor offers (`core.spec.TextRenderer`)."""

    def __init__(self, game: TntGame) -> None:
        self.game = game

    def board_text(self, state: TntState) -> str:
        """Return the public table of `state` as text."""
        return board_text(self.game, state)

    def new_log_lines(self, before: TntState | None, after: TntState) -> list[str]:
        """Return the spectator's log lines that `after` adds to `before`."""
        return new_log_lines(self.game, before, after)

    def omniscient_log_lines(self, before: TntState | None, after: TntState) -> list[str]:
        """Return the log lines `after` adds to `before`, every blind card shown."""
        return new_log_lines(self.game, before, after, omniscient=True)

    def snapshot_lines(self, before: TntState | None, state: TntState) -> list[str]:
        """Return the public table whenever a round begins, else nothing."""
        if before is not None and before.round == state.round and not state.is_over:
            return []
        return [f"  {line}" for line in board_text(self.game, state).splitlines()]
