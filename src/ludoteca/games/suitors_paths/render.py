"""Suitors' Paths as plain text: the table and the log lines a spectator sees. Seats are the
rules' seats 1..n here, as in the notation's prefix (§8.2).

A table reads:

    Suitors' Paths, 4 players: round 3, seat 3 to act (build)
    board  r0   G G B Y
           r1  Y G G R R
           ...
    seat  suitor  hand        markers  routes
       1  3,3     GY??                    5  2,3/NE…3 segments (open)
    girls 2,0 [] | 5,0 [2,4,1] | ...
    display G Y M G K B; deck 30; discards 7; supply 101
"""

from __future__ import annotations

from ludoteca.core.render import Renderer
from ludoteca.games.suitors_paths.actions import COLOURS, cards_text
from ludoteca.games.suitors_paths.moves import MARKERS, markers_used
from ludoteca.games.suitors_paths.observe import entry
from ludoteca.games.suitors_paths.rules import SpGame
from ludoteca.games.suitors_paths.state import NONE, Event, SpState


def board_text(game: SpGame, state: SpState) -> str:
    """Return a plain-text picture of the public table of `state` (unseen cards as ?)."""
    board = game.board
    lines = [_header(game, state)]
    rows: dict[int, list[str]] = {}
    for h, (_, r) in enumerate(board.coords):
        rows.setdefault(r, []).append(COLOURS[state.terrain[h]])
    width = max(len(row) for row in rows.values())
    for r, row in rows.items():
        lines.append(f"  r{r} " + " " * (width - len(row)) + " ".join(row))
    lines.append("seat  suitor  hand              markers  routes")
    for seat in range(game.num_players):
        start = state.starts[seat]
        hand = cards_text(state.known[seat]) + "?" * (sum(state.hands[seat])
                                                      - sum(state.known[seat]))
        reserve = MARKERS - markers_used(state, seat)
        routes = []
        for route in state.routes[seat]:
            end = board.hex_names[board.path[route.girl]] if route.girl != NONE else "open"
            routes.append(f"{board.point_names[route.points[0]]}…{len(route.points) - 1} "
                          f"segments ({end})")
        lines.append(f"{seat + 1:>4}  {board.hex_names[start] if start != NONE else '-':<6}  "
                     f"{hand or '-':<16}  {reserve:>7}  {'; '.join(routes) or '-'}")
    girls = " | ".join(f"{board.hex_names[board.path[i]]} [{','.join(str(s + 1) for s in stack)}]"
                       for i, stack in enumerate(state.girls) if stack is not None)
    lines.append(f"girls {girls}")
    display = " ".join(COLOURS[c] if c != NONE else "_" for c in state.display)
    lines.append(f"display {display}; deck {len(state.deck)}; discards {len(state.discards)}; "
                 f"supply {state.supply}")
    return "\n".join(lines)


def _header(game: SpGame, state: SpState) -> str:
    title = f"Suitors' Paths, {game.num_players} players: round {state.round}"
    if state.current is None:
        scores = ", ".join(f"seat {s + 1} {p}" for s, p in enumerate(game.scores(state)))
        return f"{title}, game over ({state.end_reason}): {scores}; seat {state.winner + 1} wins"
    return f"{title}, seat {state.current + 1} to act ({state.step.name.lower()})"


class SpRenderer(Renderer[SpGame, SpState]):
    """The text renderer the Suitors' Paths descriptor offers (`core.spec.TextRenderer`)."""

    def board_text(self, state: SpState) -> str:
        """Return the public table of `state` as text."""
        return board_text(self.game, state)

    def event_line(self, event: Event, omniscient: bool) -> str:
        """Return one event's log line: a spectator's, or with every deck card shown."""
        shown = entry(event, None)
        seat = shown.get("seat")
        text = str(shown["text"])
        if event[0] == "take_deck" and omniscient:
            text += f" ({event[3]})"
        # An action's line carries the notation's seat prefix, the rules' seat (§8.2).
        return text if text.startswith("#") or not isinstance(seat, int) else f"{seat + 1}: {text}"

    def snapshot_lines(self, before: SpState | None, state: SpState) -> list[str]:
        """Return the public table whenever a round begins, else nothing."""
        if before is not None and before.round == state.round and not state.is_over:
            return []
        return self.table_lines(state)
