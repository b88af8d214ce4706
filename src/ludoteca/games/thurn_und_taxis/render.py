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

from ludoteca.core.render import Renderer
from ludoteca.games.thurn_und_taxis.rules import TntGame
from ludoteca.games.thurn_und_taxis.state import NONE, POINT_WORDS, Event, TntState


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


class TntRenderer(Renderer[TntGame, TntState]):
    """The text renderer the Thurn und Taxis descriptor offers (`core.spec.TextRenderer`)."""

    def board_text(self, state: TntState) -> str:
        """Return the public table of `state` as text."""
        return board_text(self.game, state)

    def event_line(self, event: Event, omniscient: bool) -> str:
        """Return one event's record line: a spectator's, or with every blind card shown."""
        viewer = getattr(event, "seat", None) if omniscient else None
        text = self.game.log_renderer.entry(event, viewer)["text"]
        assert isinstance(text, str)
        return text

    def snapshot_lines(self, before: TntState | None, state: TntState) -> list[str]:
        """Return the public table whenever a round begins, else nothing."""
        if before is not None and before.round == state.round and not state.is_over:
            return []
        return self.table_lines(state)
