"""Keezen actions: small value objects, their canonical text (section 7.1) and dense ids."""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from ludoteca.core.errors import InvalidActionError
from ludoteca.games.keezen.board import Board, Colour, Loc
from ludoteca.games.keezen.cards import (
    ACE,
    JACK,
    KING,
    RANK_OF_TEXT,
    RANK_TEXT,
    SEVEN,
    Rank,
)

NO_LOC: Loc = -1


class KeezenAction(NamedTuple):
    """One card played with its effect: a move, a split 7 (two moves) or a Jack swap.

    `src`/`dst` are locations (see `board`); for a Jack they are the squares of the controlled
    pawn and of the other pawn. A single move has `src2 == dst2 == NO_LOC`. `capture` and
    `capture2` say whether each part's landing captures, as the `x` of the notation does.
    """

    card: Rank
    src: Loc
    dst: Loc
    capture: bool = False
    src2: Loc = NO_LOC
    dst2: Loc = NO_LOC
    capture2: bool = False

    @property
    def is_split(self) -> bool:
        """Return True for a 7 split over two pawns."""
        return self.src2 != NO_LOC


def make_action(
    card: Rank, src: Loc, dst: Loc, capture: bool,
    src2: Loc = NO_LOC, dst2: Loc = NO_LOC, capture2: bool = False,
) -> KeezenAction:
    """Return an action built without NamedTuple's keyword machinery (hot path)."""
    return tuple.__new__(KeezenAction, (card, src, dst, capture, src2, dst2, capture2))


def action_text(board: Board, action: KeezenAction) -> str:
    """Return the canonical text of `action`, e.g. `7: 10-12, 7-12x` or `J: 20<>32`."""
    card = RANK_TEXT[action.card]
    if action.card == JACK:
        return f"{card}: {action.src}<>{action.dst}"
    text = f"{card}: {_move_text(board, action.src, action.dst, action.capture)}"
    if action.src2 != NO_LOC:
        text += ", " + _move_text(board, action.src2, action.dst2, action.capture2)
    return text


def _move_text(board: Board, src: Loc, dst: Loc, capture: bool) -> str:
    texts = board.loc_texts
    return f"{texts[src]}-{texts[dst]}{'x' if capture else ''}"


_LOC = r"(s|0|[1-9][0-9]*|h[0-9]+\.[0-3])"
_MOVE = _LOC + r"-" + _LOC + r"(x?)"
_ACTION_RE = re.compile(
    r"(A|[2-9]|10|J|Q|K): (?:(0|[1-9][0-9]*)<>(0|[1-9][0-9]*)|" + _MOVE + r"(?:, " + _MOVE + r")?)"
)


def parse_action(board: Board, controlled: Colour | None, text: str) -> KeezenAction:
    """Return the action written as `text`; `s` means the start area of the controlled colour.

    Raises InvalidActionError when the text is not canonical notation for this board; whether the
    action is legal is for `apply` to judge.
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is written as text, got {type(text).__name__}")
    stripped = text.strip()
    match = _ACTION_RE.fullmatch(stripped)
    if match is None:
        raise InvalidActionError(
            f"{text!r} is not Keezen notation: write the card, ': ' and a move such as "
            "'5: 10-15', 'K: s-0', '7: 10-12, 7-12x' or 'J: 20<>32'"
        )
    card_text, swap_a, swap_b, src, dst, cap, src2, dst2, cap2 = match.groups()
    card = RANK_OF_TEXT[card_text]
    if swap_a is not None:
        if card != JACK:
            raise InvalidActionError(f"{text!r}: only a Jack swaps pawns ('<>')")
        own, other = _square(board, swap_a, text), _square(board, swap_b, text)
        action = make_action(card, own, other, False)
    else:
        if card == JACK:
            raise InvalidActionError(f"{text!r}: a Jack swaps two pawns, write 'J: a<>b'")
        if src2 is not None and card != SEVEN:
            raise InvalidActionError(f"{text!r}: only a 7 may be split over two pawns")
        action = make_action(
            card,
            _location(board, controlled, src, text, origin=True),
            _location(board, controlled, dst, text, origin=False),
            cap == "x",
            NO_LOC if src2 is None else _location(board, controlled, src2, text, origin=True),
            NO_LOC if dst2 is None else _location(board, controlled, dst2, text, origin=False),
            cap2 == "x",
        )
    if action_text(board, action) != stripped:
        raise InvalidActionError(f"{text!r} is not in canonical form")
    return action


def _square(board: Board, token: str, text: str) -> Loc:
    value = int(token)
    if value >= board.track_length:
        raise InvalidActionError(
            f"{text!r}: square {value} does not exist on a {board.track_length}-square track"
        )
    return value


def _location(
    board: Board, controlled: Colour | None, token: str, text: str, origin: bool
) -> Loc:
    if token == "s":
        if not origin:
            raise InvalidActionError(f"{text!r}: a pawn never moves into the start area")
        if controlled is None:
            raise InvalidActionError(f"{text!r}: nobody is to move, so 's' names no start area")
        return board.start_area(controlled)
    if token.startswith("h"):
        seat_text, slot_text = token[1:].split(".")
        seat = int(seat_text)
        if seat >= board.num_players or seat_text != str(seat):
            raise InvalidActionError(f"{text!r}: there is no seat {seat_text} in this game")
        return board.home_slot(seat, int(slot_text))
    return _square(board, token, text)


class ActionIds:
    """The dense id space of one board: every action maps to one int, independent of the state.

    Layout (P = board locations, M = P + N with the start areas):
      [0, 11·M)              one-pawn cards A 2 3 4 5 6 8 9 10 Q K, by card and origin
      [.., + P)              a 7 on one pawn, by origin
      [.., + 6·P·P)          a split 7: origin, steps of the first part (1–6), second origin
      [.., + L·L)            a Jack: own square, other square
    """

    SINGLE_CARDS: tuple[Rank, ...] = (ACE, 2, 3, 4, 5, 6, 8, 9, 10, 12, KING)

    def __init__(self, board: Board) -> None:
        self.board = board
        self.board_locs = board.start_base
        self.all_locs = board.num_locations
        self.card_index = {card: i for i, card in enumerate(self.SINGLE_CARDS)}
        self.seven_base = len(self.SINGLE_CARDS) * self.all_locs
        self.split_base = self.seven_base + self.board_locs
        self.jack_base = self.split_base + 6 * self.board_locs * self.board_locs
        self.size = self.jack_base + board.track_length * board.track_length

    def to_id(self, action: KeezenAction) -> int:
        """Return the dense id of `action`."""
        if action.card == JACK:
            return self.jack_base + action.src * self.board.track_length + action.dst
        if action.card == SEVEN:
            if action.src2 == NO_LOC:
                return self.seven_base + action.src
            if not (self.board.is_track(action.src) or self.board.is_home(action.src)):
                raise InvalidActionError("a split 7 moves two pawns that are on the board")
            first_steps = forward_distance(self.board, action.src, action.dst)
            return self.split_base + (
                (action.src * 6 + first_steps - 1) * self.board_locs + action.src2
            )
        return self.card_index[action.card] * self.all_locs + action.src

    def from_id(self, action_id: int) -> None:
        """Return None: an id fixes card and squares, but a capture and a split 7's second
        destination depend on the state, so the engine finds the action among the legal ones."""
        return None


def forward_distance(board: Board, src: Loc, dst: Loc) -> int:
    """Return the forward steps from `src` to `dst` along the route that ends in `dst`'s lane."""
    length = board.track_length
    if board.is_track(dst):
        return (dst - src) % length
    colour = board.home_owner(dst)
    return board.progress(colour, dst) - board.progress(colour, src)



@cache
def action_ids(board: Board) -> ActionIds:
    """Return the id space of `board`, built once and shared by every game on that board."""
    return ActionIds(board)
