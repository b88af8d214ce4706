"""Why a card in the hand of the seat to move has no legal action, as structured reasons.

`explain.py` says why one refused action is illegal; this module says why *no* action uses a
card, from the same knowledge the move generator uses (`MoveGenerator.movers`: each pawn's
reach). A reason is JSON: a `code` the front end translates, its `params`, and the English
`text`. Only cards without a legal action get reasons, so a card that can be played never has
one. A seat that holds no playable card at all never is the seat to move: it hands its cards in
at once (K18), which is why no reason says so.

Reason codes and their params (`colour` is the colour the seat moves, K20/K21):
  no_pawn_waiting {colour}            Ace/King: no pawn is left in the start area (K36)
  own_pawn_on_start {colour, square}  Ace/King: the own pawn on the start square bars entry (K37)
  no_pawn_on_board {colour}           forward card or 7: every pawn is still in the start area
  no_room {colour, steps, pawns}      forward card: no pawn can go `steps` squares (K24, K28-K30)
  seven_no_room {colour, pawns}       7: neither whole nor split over two pawns (K43-K47)
  no_pawn_on_track {colour}           4: no pawn on the track to move backward (K25, K26)
  backward_blocked {colour, pawns}    4: a protected pawn bars every pawn's way back (K28)
  jack_no_own_pawn {colour}           Jack: none of the pawns it moves is on the track (K48)
  jack_own_protected {colour, square} Jack: its only track pawn is protected on its start (K51)
  jack_no_other_pawn {colour}         Jack: no unprotected pawn of another colour (K48, K49)

`pawns` lists, per pawn on the board, what stops it: {pawn, code, at, room} with code
"protected" (a protected pawn on square `at` is in the way, K28), "home_pawn" (a pawn in home
slot `at` is in the way, K29/K30) or "home_end" (the home lane ends, K24); `room` is how far the
pawn may still go, `at` is None for "home_end".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.game import JSON
from ludoteca.games.keezen.board import Colour, Loc
from ludoteca.games.keezen.cards import ACE, FORWARD_STEPS, FOUR, JACK, KING, RANK_TEXT, SEVEN
from ludoteca.games.keezen.moves import Mover
from ludoteca.games.keezen.state import KeezenState

if TYPE_CHECKING:
    from ludoteca.games.keezen.rules import KeezenGame

Reason = dict[str, JSON]


def card_reasons(game: KeezenGame, state: KeezenState) -> dict[str, list[Reason]]:
    """Return, per card text in the hand of the seat to move, why it has no legal action.

    Cards with a legal action are left out; a finished game gives an empty dict.
    """
    seat = state.current
    if seat is None:
        return {}
    playable = {action.card for action in game.legal_actions(state)}
    stuck = sorted(set(state.hands[seat]) - playable)
    if not stuck:
        return {}
    colour = game.moves.controlled_colour(state.pawns, seat)
    assert colour is not None  # the game would be over
    reasoner = _Reasoner(game, state, colour)
    return {RANK_TEXT[card]: reasoner.reasons(card) for card in stuck}


class _Reasoner:
    """Finds the reasons of one position for the colour the seat to move controls."""

    def __init__(self, game: KeezenGame, state: KeezenState, colour: Colour) -> None:
        self.game = game
        self.board = game.board
        self.squares = state.squares
        self.pawns = state.pawns
        self.colour = colour
        self.movers = game.moves.movers(state.squares, state.pawns, colour)

    def reasons(self, card: int) -> list[Reason]:
        """Return why `card` has no action; the Ace has two (it could enter or move 1)."""
        if card == KING:
            return [self.enter_reason()]
        if card == ACE:
            return [self.enter_reason(), self.forward_reason(FORWARD_STEPS[ACE])]
        if card == JACK:
            return [self.jack_reason()]
        if card == FOUR:
            return [self.backward_reason()]
        if card == SEVEN:
            return [self.seven_reason()]
        return [self.forward_reason(FORWARD_STEPS[card])]

    def reason(self, code: str, text: str, **params: JSON) -> Reason:
        return {"code": code, "params": {"colour": self.colour, **params}, "text": text}

    def where(self, loc: Loc) -> str:
        if self.board.is_home(loc):
            return f"home slot {self.board.loc_text(loc)}"
        return f"square {loc}"

    # -- entering (Ace, King) ----------------------------------------------------------------

    def enter_reason(self) -> Reason:
        board, colour = self.board, self.colour
        start = board.start_square(colour)
        if board.start_area(colour) not in self.pawns[colour]:
            return self.reason(
                "no_pawn_waiting",
                f"no pawn of colour {colour} is waiting in the start area to come in (K36)",
            )
        # Entering is refused only when the own pawn protects the start square (K37).
        return self.reason(
            "own_pawn_on_start",
            f"colour {colour}'s own pawn stands on its start square {start}, "
            "so no pawn can come in (K37)",
            square=start,
        )

    # -- forward moves -----------------------------------------------------------------------

    def forward_reason(self, steps: int) -> Reason:
        if not self.movers:
            return self.no_pawn_on_board()
        pawns, texts = zip(*(self.obstacle(mover) for mover in self.movers), strict=True)
        return self.reason(
            "no_room",
            f"no pawn of colour {self.colour} can move {_squares(steps)} forward: "
            + "; ".join(texts),
            steps=steps, pawns=list(pawns),
        )

    def seven_reason(self) -> Reason:
        if not self.movers:
            return self.no_pawn_on_board()
        pawns, texts = zip(*(self.obstacle(mover) for mover in self.movers), strict=True)
        return self.reason(
            "seven_no_room",
            f"the pawns of colour {self.colour} cannot move 7 squares, neither one pawn nor "
            "two pawns sharing them (K43-K47): " + "; ".join(texts),
            pawns=list(pawns),
        )

    def no_pawn_on_board(self) -> Reason:
        return self.reason(
            "no_pawn_on_board",
            f"no pawn of colour {self.colour} is on the board: all wait in the start area",
        )

    def obstacle(self, mover: Mover) -> tuple[JSON, str]:
        """Return what ends this pawn's way forward, and in words: the blocker just past its
        reach, or the end of the home lane when its reach is the last home slot."""
        board = self.board
        loc, progress, reach = mover
        start = f"from {self.where(loc)}"
        pawn, room = board.loc_text(loc), reach - progress
        if reach == board.last_progress:
            about: JSON = {"pawn": pawn, "code": "home_end", "at": None, "room": room}
            if room == 0:
                return about, f"{start} the home lane ends (K24)"
            return about, f"{start} at most {_squares(room)} are left (K24)"
        blocker = board.routes[self.colour][reach + 1]
        if board.is_home(blocker):
            code, text = "home_pawn", f"the pawn in {self.where(blocker)} is in the way (K29, K30)"
        else:
            code, text = "protected", f"the protected pawn on square {blocker} is in the way (K28)"
        about = {"pawn": pawn, "code": code, "at": board.loc_text(blocker), "room": room}
        return about, f"{start} {text}"

    # -- backward (4) ------------------------------------------------------------------------

    def backward_reason(self) -> Reason:
        board, squares = self.board, self.squares
        length = board.track_length
        pawns: list[JSON] = []
        texts = []
        for loc in self.pawns[self.colour]:
            if not board.is_track(loc):
                continue
            for back in range(1, 5):
                square = (loc - back) % length
                if board.protected_owner(square, squares) is not None:
                    break
            else:  # pragma: no cover - the 4 would be legal
                raise AssertionError(f"the pawn on {loc} can move 4 squares backward")
            pawns.append({"pawn": board.loc_text(loc), "code": "protected", "at": str(square),
                          "room": back - 1})
            texts.append(f"from square {loc} the protected pawn on square {square} is in the way")
        if not pawns:
            return self.reason(
                "no_pawn_on_track",
                f"no pawn of colour {self.colour} is on the track; a 4 only moves a pawn on the "
                "track backward (K25, K26)",
            )
        return self.reason(
            "backward_blocked",
            f"no pawn of colour {self.colour} can move 4 squares backward (K28): "
            + "; ".join(texts),
            pawns=pawns,
        )

    # -- swapping (Jack) ---------------------------------------------------------------------

    def jack_reason(self) -> Reason:
        board, colour = self.board, self.colour
        own_track = [loc for loc in self.pawns[colour] if board.is_track(loc)]
        if not own_track:
            return self.reason(
                "jack_no_own_pawn",
                f"a Jack swaps a pawn of colour {colour} on the track, and none is there (K48)",
            )
        start = board.start_square(colour)
        if own_track == [start] and not self.game.settings.owner_may_swap_from_start:
            return self.reason(
                "jack_own_protected",
                f"colour {colour}'s only pawn on the track stands on its own start square "
                f"{start} and may not be swapped (K51)",
                square=start,
            )
        return self.reason(
            "jack_no_other_pawn",
            "no pawn of another colour stands on the track outside its own start square "
            "(K48, K49)",
        )


def _squares(count: int) -> str:
    return "1 square" if count == 1 else f"{count} squares"
