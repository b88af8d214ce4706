"""The Keezen move generator as it was before its tables (issue 25), kept as a test oracle.

`moves.MoveGenerator` builds every action once and picks them; this copy computes each one
from the rules step by step, as the engine did up to commit 1932774. The differential test
(`test_fast_moves.py`) asks both for the legal actions and the effects of every action in
seeded random games: they must agree exactly. Do not optimize this file.
"""

from __future__ import annotations

from ludoteca.core.game import Seat
from ludoteca.games.keezen.actions import NO_LOC, KeezenAction, make_action
from ludoteca.games.keezen.board import EMPTY, HOME_SLOTS, Board, Colour, Loc
from ludoteca.games.keezen.cards import ACE, FORWARD_STEPS, FOUR, JACK, KING, SEVEN, Rank

Mover = tuple[Loc, int, int]
"""A controlled pawn on the board: its location, its progress and its reach."""


class ReferenceMoves:
    """Legal actions and their effects, computed the straightforward way (the oracle)."""

    def __init__(
        self, board: Board, owner_may_swap_from_start: bool, seven_partner_remainder: bool
    ) -> None:
        self.board = board
        self.owner_may_swap_from_start = owner_may_swap_from_start
        self.seven_partner_remainder = seven_partner_remainder
        n, length = board.num_players, board.track_length
        self.length = length
        self.segment = board.segment
        self.home_base = board.home_base
        self.start_base = board.start_base
        self.last = board.last_progress
        self.routes = board.routes
        self.starts = tuple(board.start_square(c) for c in range(n))
        self.partners = tuple(board.partner(c) for c in range(n))
        # For colour c, every other colour's start square in route order with its progress:
        # a pawn standing on its own start square there blocks c's pawns (K28).
        self.foreign_starts = tuple(
            tuple(
                (self.starts[x], x, (self.starts[x] - self.starts[c]) % length)
                for x in ((c + i) % n for i in range(1, n))
            )
            for c in range(n)
        )

        # For colour c, its home slots with their progress: a pawn there blocks (K29, K30).
        self.home_lanes = tuple(
            tuple((board.home_slot(c, k), length + k) for k in range(HOME_SLOTS))
            for c in range(n)
        )

    # -- control -----------------------------------------------------------------------------

    def controlled_colour(self, pawns: tuple[tuple[Loc, ...], ...], seat: Seat) -> Colour | None:
        """Return the colour `seat` moves: its own, or its partner's once finished (K20, K21)."""
        return self.partners[seat] if self.is_finished(pawns, seat) else seat

    def is_finished(self, pawns: tuple[tuple[Loc, ...], ...], colour: Colour) -> bool:
        """Return True when all four pawns of `colour` are in its home lane."""
        own = pawns[colour]
        return own[0] >= self.home_base and own[-1] < self.start_base

    def movers(
        self, squares: tuple[Colour, ...], pawns: tuple[tuple[Loc, ...], ...], colour: Colour
    ) -> list[Mover]:
        """Return (location, progress, reach) of every pawn of `colour` on the board."""
        length = self.length
        blockers = [
            progress for square, owner, progress in self.foreign_starts[colour]
            if squares[square] == owner
        ]
        blockers += [
            progress for loc, progress in self.home_lanes[colour] if squares[loc] == colour
        ]
        start = self.starts[colour]
        last = self.last
        start_base = self.start_base
        home_offset = length - self.home_base - HOME_SLOTS * colour
        result = []
        for loc in pawns[colour]:
            if loc < length:
                progress = (loc - start) % length
            elif loc < start_base:
                progress = loc + home_offset
            else:
                break
            reach = last
            for blocker in blockers:
                if blocker > progress:
                    reach = blocker - 1
                    break
            result.append((loc, progress, reach))
        return result

    # -- legal actions -----------------------------------------------------------------------

    def legal_actions(
        self,
        squares: tuple[Colour, ...],
        pawns: tuple[tuple[Loc, ...], ...],
        seat: Seat,
        hand: tuple[Rank, ...],
    ) -> tuple[KeezenAction, ...]:
        """Return every legal action of `seat` holding `hand`, by card rank, then by pawn."""
        colour = self.controlled_colour(pawns, seat)
        if colour is None or not hand:
            return ()
        length = self.length
        route = self.routes[colour]
        movers = self.movers(squares, pawns, colour)
        new = tuple.__new__
        out: list[KeezenAction] = []
        previous = 0
        for card in hand:
            if card == previous:
                continue
            previous = card
            if card == SEVEN:
                self._sevens(squares, pawns, colour, movers, out)
            elif card == JACK:
                self._swaps(pawns, colour, out)
            elif card == FOUR:
                self._backward(squares, pawns, colour, out)
            else:
                if card in (ACE, KING):
                    start = self.starts[colour]
                    occupant = squares[start]
                    if pawns[colour][-1] >= self.start_base and occupant != colour:
                        out.append(new(KeezenAction, (
                            card, self.start_base + colour, start, occupant != EMPTY,
                            NO_LOC, NO_LOC, False,
                        )))
                    if card == KING:
                        continue
                steps = FORWARD_STEPS[card]
                for loc, progress, reach in movers:
                    if progress + steps <= reach:
                        dst = route[progress + steps]
                        out.append(new(KeezenAction, (
                            card, loc, dst, dst < length and squares[dst] != EMPTY,
                            NO_LOC, NO_LOC, False,
                        )))
        return tuple(out)

    def _backward(
        self,
        squares: tuple[Colour, ...],
        pawns: tuple[tuple[Loc, ...], ...],
        colour: Colour,
        out: list[KeezenAction],
    ) -> None:
        """Add the 4-backward moves: track pawns only, never past a protected pawn (K25, K41)."""
        length, segment = self.length, self.segment
        for loc in pawns[colour]:
            if loc >= length:
                break
            for back in (1, 2, 3, 4):
                square = (loc - back) % length
                if square % segment == 0 and squares[square] == square // segment:
                    break
            else:
                dst = (loc - 4) % length
                out.append(make_action(FOUR, loc, dst, squares[dst] != EMPTY))

    def _swaps(
        self, pawns: tuple[tuple[Loc, ...], ...], colour: Colour, out: list[KeezenAction]
    ) -> None:
        """Add the Jack swaps: two unprotected track pawns of different colours (K48–K51)."""
        length = self.length
        own_start = self.starts[colour]
        mine = [
            loc for loc in pawns[colour]
            if loc < length and (loc != own_start or self.owner_may_swap_from_start)
        ]
        if not mine:
            return
        others = sorted(
            loc
            for other, locs in enumerate(pawns) if other != colour
            for loc in locs if loc < length and loc != self.starts[other]
        )
        for own in mine:
            for other_loc in others:
                out.append(make_action(JACK, own, other_loc, False))

    def _sevens(
        self,
        squares: tuple[Colour, ...],
        pawns: tuple[tuple[Loc, ...], ...],
        colour: Colour,
        movers: list[Mover],
        out: list[KeezenAction],
    ) -> None:
        """Add the 7s: one pawn 7 forward, or two pawns a + (7 − a) in either order (K43–K47)."""
        length = self.length
        route = self.routes[colour]
        for loc, progress, reach in movers:
            if progress + 7 <= reach:
                dst = route[progress + 7]
                out.append(make_action(SEVEN, loc, dst, dst < length and squares[dst] != EMPTY))
        outside = sum(1 for loc in pawns[colour] if loc < length or loc >= self.start_base)
        partner: tuple[tuple[Loc, ...], list[Mover]] | None = None
        for first, (loc1, d1, reach1) in enumerate(movers):
            for a in range(1, min(6, reach1 - d1) + 1):
                e1 = d1 + a
                dst1 = route[e1]
                capture1 = dst1 < length and squares[dst1] != EMPTY
                b = 7 - a
                if e1 >= length and d1 < length and outside == 1:
                    # The first part finishes this colour: the rest goes to the partner (K46).
                    if partner is None:
                        partner = self._partner_movers(squares, pawns, colour)
                    partner_route, partner_movers = partner
                    for loc2, d2, reach2 in partner_movers:
                        if d2 + b <= reach2:
                            dst2 = partner_route[d2 + b]
                            capture2 = dst2 < length and dst2 != loc1 and squares[dst2] != EMPTY
                            out.append(make_action(
                                SEVEN, loc1, dst1, capture1, loc2, dst2, capture2
                            ))
                    continue
                for second, (loc2, d2, reach2) in enumerate(movers):
                    if second == first or (capture1 and loc2 == dst1):
                        continue  # a split moves two different pawns (K45)
                    # The first part may have changed the home lane ahead of this pawn: a
                    # home pawn that blocked it moved deeper, or a pawn newly entered the lane.
                    if (d1 >= length and reach2 == d1 - 1) or (
                        e1 >= length and d2 < e1 <= reach2
                    ):
                        reach2 = e1 - 1
                    e2 = d2 + b
                    if e2 <= reach2:
                        dst2 = route[e2]
                        capture2 = dst2 < length and (
                            dst2 == dst1 or (dst2 != loc1 and squares[dst2] != EMPTY)
                        )
                        out.append(make_action(SEVEN, loc1, dst1, capture1, loc2, dst2, capture2))

    def _partner_movers(
        self, squares: tuple[Colour, ...], pawns: tuple[tuple[Loc, ...], ...], colour: Colour
    ) -> tuple[tuple[Loc, ...], list[Mover]]:
        """Return the partner's route and movers for the rest of a 7 (none if not allowed)."""
        partner = self.partners[colour]
        if partner is None or not self.seven_partner_remainder:
            return (), []
        return self.routes[partner], self.movers(squares, pawns, partner)

    # -- effects -----------------------------------------------------------------------------

    def carry_out(
        self,
        squares: tuple[Colour, ...],
        pawns: tuple[tuple[Loc, ...], ...],
        action: KeezenAction,
    ) -> tuple[
        tuple[Colour, ...], tuple[tuple[Loc, ...], ...], tuple[Colour, ...], tuple[Colour, ...]
    ]:
        """Return squares and pawns after a legal `action`, the colours it moved and captured."""
        board_squares = list(squares)
        pawn_lists = list(pawns)
        if action.card == JACK:
            a, b = action.src, action.dst
            colour_a, colour_b = board_squares[a], board_squares[b]
            board_squares[a], board_squares[b] = colour_b, colour_a
            pawn_lists[colour_a] = _relocated(pawn_lists[colour_a], a, b)
            pawn_lists[colour_b] = _relocated(pawn_lists[colour_b], b, a)
            return tuple(board_squares), tuple(pawn_lists), (colour_a, colour_b), ()
        moved: list[Colour] = []
        captured: list[Colour] = []
        self._move(board_squares, pawn_lists, action.src, action.dst, moved, captured)
        if action.src2 != NO_LOC:
            self._move(board_squares, pawn_lists, action.src2, action.dst2, moved, captured)
        return tuple(board_squares), tuple(pawn_lists), tuple(moved), tuple(captured)

    def _move(
        self,
        board_squares: list[Colour],
        pawn_lists: list[tuple[Loc, ...]],
        src: Loc,
        dst: Loc,
        moved: list[Colour],
        captured: list[Colour],
    ) -> None:
        """Move the pawn on `src` to `dst`, sending a pawn standing there home (K32)."""
        if src >= self.start_base:
            colour = src - self.start_base
        else:
            colour = board_squares[src]
            board_squares[src] = EMPTY
        victim = board_squares[dst]
        if victim != EMPTY:
            pawn_lists[victim] = _relocated(pawn_lists[victim], dst, self.start_base + victim)
            captured.append(victim)
        board_squares[dst] = colour
        pawn_lists[colour] = _relocated(pawn_lists[colour], src, dst)
        moved.append(colour)


def _relocated(locs: tuple[Loc, ...], old: Loc, new: Loc) -> tuple[Loc, ...]:
    """Return `locs` with one `old` replaced by `new`, sorted again."""
    moved = list(locs)
    moved[moved.index(old)] = new
    moved.sort()
    return tuple(moved)
