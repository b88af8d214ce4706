"""Why an action is illegal, in words a player understands (only computed on the error path)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.keezen.actions import NO_LOC, KeezenAction, action_text, forward_distance
from ludoteca.games.keezen.board import EMPTY, Colour, Loc
from ludoteca.games.keezen.cards import ACE, FORWARD_STEPS, FOUR, JACK, KING, RANK_NAMES, SEVEN
from ludoteca.games.keezen.state import KeezenState

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame

Squares = tuple[Colour, ...]
Pawns = tuple[tuple[Loc, ...], ...]


def explain_illegal(game: KeezenGame, state: KeezenState, action: object) -> str:
    """Return a sentence saying what `action` tried and why the rules refuse it here."""
    if not isinstance(action, KeezenAction):
        return (
            f"expected a Keezen action, got {type(action).__name__}; "
            "use action_from_text to read notation"
        )
    try:
        text = action_text(game.board, action)
    except (KeyError, IndexError, ValueError):
        return f"{action!r} does not describe a Keezen action on this board"
    if state.current is None:
        return f"{text}: the game is over"
    seat = state.current
    if action.card not in state.hands[seat]:
        return f"{text}: seat {seat} holds no {RANK_NAMES.get(action.card, action.card)}"
    colour = game.moves.controlled_colour(state.pawns, seat)
    assert colour is not None  # the game would be over
    explainer = _Explainer(game, state.squares, state.pawns)
    reason = explainer.reason(action, colour) or "it is not one of the legal actions here"
    return f"{text} is not legal: {reason}"


class _Explainer:
    """Replays an action step by step on a position and reports the first rule it breaks."""

    def __init__(self, game: KeezenGame, squares: Squares, pawns: Pawns) -> None:
        self.game = game
        self.board = game.board
        self.squares = squares
        self.pawns = pawns

    def where(self, loc: Loc) -> str:
        board = self.board
        if board.is_track(loc):
            return f"square {loc}"
        if board.is_home(loc):
            return f"home slot {board.loc_text(loc)}"
        return "the start area"

    def reason(self, action: KeezenAction, colour: Colour) -> str | None:
        if action.card == JACK:
            return self.swap_reason(action, colour)
        if action.src2 == NO_LOC:
            steps = 7 if action.card == SEVEN else FORWARD_STEPS.get(action.card)
            return self.move_reason(
                action.card, action.src, action.dst, action.capture, colour, steps
            )
        return self.split_reason(action, colour)

    def swap_reason(self, action: KeezenAction, colour: Colour) -> str | None:
        board, squares = self.board, self.squares
        own, other = action.src, action.dst
        if squares[own] != colour:
            return f"the Jack swaps one of colour {colour}'s pawns, and none stands on square {own}"
        if (
            own == board.start_square(colour)
            and not self.game.settings.owner_may_swap_from_start
        ):
            return f"your pawn on {own} stands on its own start square and may not be swapped (K51)"
        if squares[other] == EMPTY:
            return f"no pawn stands on square {other}"
        if squares[other] == colour:
            return "both pawns are the same colour; a Jack swaps with another colour (K48)"
        if board.protected_owner(other, squares) is not None:
            return f"the pawn on {other} is protected on its own start square (K49)"
        return None

    def move_reason(
        self, card: int, src: Loc, dst: Loc, capture: bool, colour: Colour, steps: int | None
    ) -> str | None:
        board, squares = self.board, self.squares
        if board.is_start_area(src):
            return self.enter_reason(card, src, dst, capture, colour)
        if card == KING:
            return "a King only brings a pawn onto the board (K35)"
        if squares[src] != colour:
            return f"you move colour {colour}'s pawns, and none stands on {self.where(src)}"
        if card == FOUR:
            return self.backward_reason(src, dst, capture)
        assert steps is not None
        return self.forward_reason(src, dst, capture, colour, steps)

    def enter_reason(
        self, card: int, src: Loc, dst: Loc, capture: bool, colour: Colour
    ) -> str | None:
        board = self.board
        start = board.start_square(colour)
        if card not in (ACE, KING):
            return "only an Ace or a King brings a pawn onto the board (K34, K35)"
        if src != board.start_area(colour) or board.start_area(colour) not in self.pawns[colour]:
            return f"colour {colour} has no pawn waiting in its start area (K36)"
        if dst != start:
            return f"a pawn of colour {colour} enters on its start square {start} (K36)"
        if self.squares[start] == colour:
            return f"colour {colour}'s own pawn protects square {start}: nobody enters there (K37)"
        return self.capture_reason(dst, capture, self.squares)

    def backward_reason(self, src: Loc, dst: Loc, capture: bool) -> str | None:
        board = self.board
        if not board.is_track(src):
            return "a pawn in its home lane never moves backward (K26)"
        length = board.track_length
        target = (src - 4) % length
        if dst != target:
            return f"a 4 moves the pawn exactly 4 squares backward, from {src} to {target} (K25)"
        for back in range(1, 5):
            square = (src - back) % length
            if board.protected_owner(square, self.squares) is not None:
                verb = "land on" if back == 4 else "pass"
                return (
                    f"the pawn on {src} cannot {verb} the protected pawn on square {square} (K28)"
                )
        return self.capture_reason(dst, capture, self.squares)

    def forward_reason(
        self, src: Loc, dst: Loc, capture: bool, colour: Colour, steps: int
    ) -> str | None:
        board = self.board
        squares = self.squares
        route = board.routes[colour]
        progress = board.progress(colour, src)
        last = board.last_progress
        if progress + steps > last:
            return (
                f"the pawn on {board.loc_text(src)} would go beyond the last home slot: "
                f"it may move at most {last - progress} squares (K24)"
            )
        for step in range(1, steps + 1):
            loc = route[progress + step]
            verb = "land on" if step == steps else "pass"
            if board.protected_owner(loc, squares) is not None:
                return f"the pawn on {src} cannot {verb} the protected pawn on square {loc} (K28)"
            if board.is_home(loc) and squares[loc] != EMPTY:
                return (
                    f"the pawn on {board.loc_text(src)} cannot {verb} the pawn in "
                    f"{board.loc_text(loc)} (K29, K30)"
                )
        target = route[progress + steps]
        if dst != target:
            return (
                f"{steps} squares forward from {board.loc_text(src)} is "
                f"{board.loc_text(target)}, not {board.loc_text(dst)}"
            )
        return self.capture_reason(dst, capture, squares)

    def capture_reason(self, dst: Loc, capture: bool, squares: Squares) -> str | None:
        occupied = self.board.is_track(dst) and squares[dst] != EMPTY
        if occupied and not capture:
            return f"the move captures the pawn on {dst}: write it with 'x' (K32)"
        if capture and not occupied:
            return f"no pawn stands on {self.where(dst)} to capture: leave out the 'x'"
        return None

    def split_reason(self, action: KeezenAction, colour: Colour) -> str | None:
        board = self.board
        if action.card != SEVEN:
            return "only a 7 may be split over two pawns (K43)"
        if not board.is_track(action.src) and not board.is_home(action.src):
            return "a 7 moves pawns that are on the board; it cannot bring one in"
        steps = self._steps(action.src, action.dst)
        first = self.move_reason(SEVEN, action.src, action.dst, action.capture, colour, steps)
        if first is not None:
            return f"first part: {first}"
        if not 1 <= steps <= 6:
            return "the two parts of a split 7 move 1 to 6 squares each (K43)"
        game = self.game
        squares, pawns, _, _ = game.moves.carry_out(
            self.squares, self.pawns, KeezenAction(SEVEN, action.src, action.dst, action.capture)
        )
        second_colour: Colour | None = colour
        if game.moves.is_finished(pawns, colour):
            second_colour = board.partner(colour)
            if second_colour is None or not game.settings.seven_partner_remainder:
                return (
                    f"the first part brings colour {colour}'s last pawn home and the remaining "
                    "steps cannot be used (K46, K47)"
                )
        assert second_colour is not None
        if action.src2 == action.dst:
            return "a split 7 moves two different pawns, not the same one twice (K45)"
        if action.src2 not in pawns[second_colour]:
            return (
                f"second part: you move colour {second_colour}'s pawns, and none stands on "
                f"{self.where(action.src2)}"
            )
        second = _Explainer(game, squares, pawns).move_reason(
            SEVEN, action.src2, action.dst2, action.capture2, second_colour, 7 - steps
        )
        return None if second is None else f"second part: {second}"

    def _steps(self, src: Loc, dst: Loc) -> int:
        """Return the forward steps from `src` to `dst`, or 0 if no route joins them."""
        try:
            return forward_distance(self.board, src, dst)
        except ValueError:
            return 0
