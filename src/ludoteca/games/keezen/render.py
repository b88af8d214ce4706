"""Keezen as plain text: the board and the log lines a spectator sees (never hand contents).

A 4-player board reads (one row per seat segment, G = 16 squares, from the seat's start square):

    Keezen, 4 players: deal 2 (2 of 3 in its cycle), dealer 1, seat 2 to move
    seat  squares  track                              home lane  start  cards
       0     0-15  [0] . . . 1 . . . . . . . . . . .  [. . 0 0]      1      4
       1    16-31  [.] . . . . . . . . . . . . . . .  [. . . .]      3      4  dealer
       2    32-47  [2] . . . . . . . . . . . . . . .  [. . . .]      3      4  to move
       3    48-63  [.] . . . . . . . . . . . . . . .  [. . . .]      4      4
    teams 0+2, 1+3; pack 16 cards

A cell shows the colour of the pawn on it or '.'; `[ ]` is the row's start square. Segments of
more than 16 squares (the 64-square 2-player track) continue on a second row.
"""

from __future__ import annotations

from ludoteca.core.game import Seat
from ludoteca.core.render import Renderer
from ludoteca.games.keezen.board import EMPTY, HOME_SLOTS, Board, Colour, Loc
from ludoteca.games.keezen.observe import event_line
from ludoteca.games.keezen.positions import position_text
from ludoteca.games.keezen.rules import KeezenGame
from ludoteca.games.keezen.state import Event, KeezenState

CELLS_PER_ROW = 16
LEGEND = (
    "[ ] start square of the row's seat; pawns run left to right, row after row,\n"
    "and turn into their home lane after the square before their own start square"
)


def board_text(game: KeezenGame, state: KeezenState) -> str:
    """Return a plain-text picture of the board, the turn and the hand sizes of `state`."""
    board = game.board
    lines = [_header(game, state), _column_titles(board)]
    for seat in range(board.num_players):
        lines.extend(_seat_rows(game, state, seat))
    footer = [f"pack {len(state.pack)} cards"]
    if board.num_players > 2:
        footer.insert(0, "teams " + ", ".join("+".join(map(str, t)) for t in board.teams()))
    lines.append("; ".join(footer))
    lines.append(LEGEND)
    return "\n".join(lines)


def _header(game: KeezenGame, state: KeezenState) -> str:
    board = game.board
    title = f"Keezen, {board.num_players} players"
    if board.num_players == 2:
        title += f", {board.track_length}-square track"
    if state.current is None:
        if state.winners:
            seats = " and ".join(map(str, state.winners))
            won = f"seat{_plural(state.winners)} {seats} won"
            return f"{title}: game over in deal {state.deal}, {won}"
        return f"{title}: game over in deal {state.deal}, a draw"
    place = (state.deal - 1) % 3 + 1
    return (
        f"{title}: deal {state.deal} ({place} of 3 in its cycle), dealer {state.dealer}, "
        f"seat {state.current} to move"
    )


def _column_titles(board: Board) -> str:
    width = 2 * min(board.segment, CELLS_PER_ROW) + 1
    return f"seat  squares  {'track':<{width}}  home lane  start  cards"


def _seat_rows(game: KeezenGame, state: KeezenState, seat: Seat) -> list[str]:
    board = game.board
    first = board.start_square(seat)
    rows = []
    for offset in range(0, board.segment, CELLS_PER_ROW):
        low = first + offset
        high = low + min(CELLS_PER_ROW, board.segment - offset) - 1
        cells = _track_cells(board, state.squares, low, high)
        squares = f"{low}-{high}"
        if offset == 0:
            rows.append(
                f"{seat:>4}  {squares:>7}  {cells}  {_home_lane(board, state.squares, seat)}"
                f"  {_in_start_area(board, state.pawns[seat]):>5}"
                f"  {len(state.hands[seat]):>5}{_notes(game, state, seat)}"
            )
        else:
            rows.append(f"{'':>4}  {squares:>7}  {cells}".rstrip())
    return rows


def _track_cells(board: Board, squares: tuple[Colour, ...], low: Loc, high: Loc) -> str:
    cells = []
    for loc in range(low, high + 1):
        mark = _occupant(squares[loc])
        is_start = loc % board.segment == 0
        cells.append(f"[{mark}]" if is_start else mark)
    text = " ".join(cells)
    # Rows that begin without a start square get a blank margin so every row's cells align.
    return text if text.startswith("[") else f" {text} "


def _home_lane(board: Board, squares: tuple[Colour, ...], colour: Colour) -> str:
    slots = (_occupant(squares[board.home_slot(colour, k)]) for k in range(HOME_SLOTS))
    return "[" + " ".join(slots) + "]"


def _in_start_area(board: Board, locs: tuple[Loc, ...]) -> int:
    return sum(1 for loc in locs if board.is_start_area(loc))


def _notes(game: KeezenGame, state: KeezenState, seat: Seat) -> str:
    notes = []
    if seat == state.dealer:
        notes.append("dealer")
    if seat == state.current:
        notes.append("to move")
    if seat in state.winners:
        notes.append("won")
    colour = game.controlled_colour(state, seat)
    if state.current is not None and colour is not None and colour != seat:
        notes.append(f"plays colour {colour}")
    return "  " + ", ".join(notes) if notes else ""


def _occupant(colour: Colour) -> str:
    return "." if colour == EMPTY else str(colour)


def _plural(items: tuple[Seat, ...]) -> str:
    return "s" if len(items) > 1 else ""


class KeezenRenderer(Renderer[KeezenGame, KeezenState]):
    """The text renderer the Keezen descriptor offers (`core.spec.TextRenderer`)."""

    def board_text(self, state: KeezenState) -> str:
        """Return the board, the turn and the hand sizes of `state` as text."""
        return board_text(self.game, state)

    def event_line(self, event: Event, omniscient: bool) -> str:
        """Return one event's log line (section 7.3): a spectator's, or with every hand shown."""
        return event_line(self.game.board, event, None, omniscient)

    def snapshot_lines(self, before: KeezenState | None, state: KeezenState) -> list[str]:
        """Return the position after every step (section 7.2)."""
        return [f"  {position_text(self.game.board, state.pawns)}"]
