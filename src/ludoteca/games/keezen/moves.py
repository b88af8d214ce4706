"""Keezen movement: the legal actions of a hand (K15–K52) and carrying an action out.

This is the engine's hot path. A pawn's freedom to move forward is summed up by its *reach*:
the furthest progress it may land on, one short of the first blocker ahead of it on its route
(a protected pawn, K28, or a pawn in its own home lane, K29/K30), and never beyond home slot 3
(K24). A forward move of n steps from progress d is then legal exactly when d + n <= reach.
"""

from __future__ import annotations

from functools import cache

from ludoteca.core.game import Seat
from ludoteca.games.keezen.actions import NO_LOC, KeezenAction, make_action
from ludoteca.games.keezen.board import EMPTY, HOME_SLOTS, Board, Colour, Loc
from ludoteca.games.keezen.cards import ACE, FORWARD_STEPS, FOUR, JACK, KING, SEVEN, Rank

Mover = tuple[Loc, int, int]
"""A controlled pawn on the board: its location, its progress and its reach."""


Step = tuple[Loc, KeezenAction, KeezenAction]
"""A forward move built in advance: its destination, the action without and with a capture."""


class MoveGenerator:
    """Legal actions and their effects on one board under one set of options."""

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
        self.alone = tuple((c,) for c in range(n))
        """Per colour, the tuple of that colour alone (what a move usually moves, captures)."""
        # For colour c, every other colour's start square in route order with its progress:
        # a pawn standing on its own start square there blocks c's pawns (K28).
        self.foreign_starts = tuple(
            tuple(
                (self.starts[x], x, (self.starts[x] - self.starts[c]) % length)
                for x in ((c + i) % n for i in range(1, n))
            )
            for c in range(n)
        )

        # For colour c, where a pawn blocks c's pawns, in route order: another colour's pawn
        # on its own start square (K28), then c's own pawns in its home lane (K29, K30). Per
        # square: its progress on c's route, the square and the colour that blocks there.
        self.blockers = tuple(
            (*((progress, square, owner) for square, owner, progress in self.foreign_starts[c]),
             *((length + k, board.home_slot(c, k), c) for k in range(HOME_SLOTS)))
            for c in range(n)
        )
        # For colour c, the progress of every location on c's route, -1 for the start areas.
        self.progress_of = tuple(
            tuple(
                board.progress(c, loc) if board.is_track(loc) or (
                    board.is_home(loc) and board.home_owner(loc) == c
                ) else -1
                for loc in range(board.num_locations)
            )
            for c in range(n)
        )
        # Every action a card can make is built once here, so that generating the legal
        # actions only picks them: building a 7-field tuple costs more than the rules' checks.
        self.forward = tuple(self._forward_moves(c) for c in range(n))
        self.entries = tuple(
            tuple(make_action(card, self.start_base + c, self.starts[c], capture)
                  for capture in (False, True))
            for c in range(n) for card in (ACE, KING)
        )
        self.backward = tuple(self._backward_move(loc) for loc in range(length))
        self.swaps = tuple(
            tuple(make_action(JACK, own, other, False) for other in range(length))
            for own in range(length)
        )

    def _forward_moves(self, colour: Colour) -> dict[Rank, tuple[int, tuple[Step, ...]]]:
        """Return per forward card (a 7 too) its steps and, per progress, the move it makes."""
        route, length, last = self.routes[colour], self.length, self.last
        table = {}
        for card, steps in (*FORWARD_STEPS.items(), (SEVEN, 7)):
            moves = []
            for progress in range(last + 1 - steps):
                src, dst = route[progress], route[progress + steps]
                plain = make_action(card, src, dst, False)
                # A home slot within reach is empty: the move into it never captures.
                moves.append((dst, plain, make_action(card, src, dst, True) if dst < length
                              else plain))
            table[card] = (steps, tuple(moves))
        return table

    def _backward_move(self, loc: Loc) -> tuple[Loc, KeezenAction, KeezenAction, Loc, Colour]:
        """Return the 4 backward from track square `loc`: its destination, the action without
        and with a capture, and the start square passed with the colour that protects it there
        (a square and a colour that never match when no start square is passed)."""
        length, segment = self.length, self.segment
        dst = (loc - 4) % length
        guard, owner = loc, EMPTY - 1
        for back in (1, 2, 3, 4):
            square = (loc - back) % length
            if square % segment == 0:
                guard, owner = square, square // segment
        return (dst, make_action(FOUR, loc, dst, False), make_action(FOUR, loc, dst, True),
                guard, owner)

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
        own = pawns[colour]
        if own[0] >= self.start_base:
            return []  # every pawn waits in the start area
        blockers = []
        for progress, square, occupant in self.blockers[colour]:
            if squares[square] == occupant:
                blockers.append(progress)
        progress_of = self.progress_of[colour]
        last = self.last
        result = []
        for loc in own:
            progress = progress_of[loc]
            if progress < 0:
                break  # the start area, where the rest of the pawns wait
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
        if not hand:
            return ()
        own = pawns[seat]
        colour: Colour | None = seat
        if own[0] >= self.home_base and own[-1] < self.start_base:  # `is_finished`, inlined
            colour = self.partners[seat]
        if colour is None:
            return ()
        movers = self.movers(squares, pawns, colour)
        forward = self.forward[colour]
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
                    occupant = squares[self.starts[colour]]
                    if pawns[colour][-1] >= self.start_base and occupant != colour:
                        plain, capture = self.entries[2 * colour + (card == KING)]
                        out.append(plain if occupant == EMPTY else capture)
                    if card == KING:
                        continue
                steps, moves = forward[card]
                for _loc, progress, reach in movers:
                    if progress + steps <= reach:
                        dst, plain, capture = moves[progress]
                        out.append(plain if squares[dst] == EMPTY else capture)
        return tuple(out)

    def _backward(
        self,
        squares: tuple[Colour, ...],
        pawns: tuple[tuple[Loc, ...], ...],
        colour: Colour,
        out: list[KeezenAction],
    ) -> None:
        """Add the 4-backward moves: track pawns only, never past a protected pawn (K25, K41)."""
        length, backward = self.length, self.backward
        for loc in pawns[colour]:
            if loc >= length:
                break
            dst, plain, capture, guard, owner = backward[loc]
            if squares[guard] != owner:
                out.append(plain if squares[dst] == EMPTY else capture)

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
        swaps = self.swaps
        for own in mine:
            out += map(swaps[own].__getitem__, others)

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
        _, moves = self.forward[colour][SEVEN]
        for _loc, progress, reach in movers:
            if progress + 7 <= reach:
                dst, plain, capture = moves[progress]
                out.append(plain if squares[dst] == EMPTY else capture)
        outside: int | None = None
        partner: tuple[tuple[Loc, ...], list[Mover]] | None = None
        new = tuple.__new__
        for first, (loc1, d1, reach1) in enumerate(movers):
            others = movers[:first] + movers[first + 1 :]  # a split moves two pawns (K45)
            # The values of a below `on_track` keep the first pawn on the track, where it
            # changes nothing ahead of the second pawn: without a second pawn, they make
            # no split.
            on_track = length - d1
            for a in range(1 if others else max(1, on_track), min(6, reach1 - d1) + 1):
                e1 = d1 + a
                dst1 = route[e1]
                b = 7 - a
                if a < on_track:
                    capture1 = squares[dst1] != EMPTY
                    for loc2, d2, reach2 in others:
                        e2 = d2 + b
                        if e2 <= reach2 and not (capture1 and loc2 == dst1):
                            dst2 = route[e2]
                            capture2 = dst2 < length and (
                                dst2 == dst1 or (dst2 != loc1 and squares[dst2] != EMPTY)
                            )
                            out.append(new(KeezenAction, (
                                SEVEN, loc1, dst1, capture1, loc2, dst2, capture2
                            )))
                    continue
                # The first pawn ends in its home lane, where nobody is captured.
                if d1 < length:
                    if outside is None:
                        outside = sum(
                            1 for loc in pawns[colour] if loc < length or loc >= self.start_base
                        )
                    if outside == 1:
                        # The first part finishes this colour: the rest goes to the partner
                        # (K46).
                        if partner is None:
                            partner = self._partner_movers(squares, pawns, colour)
                        partner_route, partner_movers = partner
                        for loc2, d2, reach2 in partner_movers:
                            if d2 + b <= reach2:
                                dst2 = partner_route[d2 + b]
                                capture2 = (
                                    dst2 < length and dst2 != loc1 and squares[dst2] != EMPTY
                                )
                                out.append(new(KeezenAction, (
                                    SEVEN, loc1, dst1, False, loc2, dst2, capture2
                                )))
                        continue
                for loc2, d2, reach2 in others:
                    # The first part may have changed the home lane ahead of this pawn: a
                    # home pawn that blocked it moved deeper, or a pawn newly entered the lane.
                    if (d1 >= length and reach2 == d1 - 1) or d2 < e1 <= reach2:
                        reach2 = e1 - 1
                    e2 = d2 + b
                    if e2 <= reach2:
                        dst2 = route[e2]
                        capture2 = dst2 < length and dst2 != loc1 and squares[dst2] != EMPTY
                        out.append(new(KeezenAction, (
                            SEVEN, loc1, dst1, False, loc2, dst2, capture2
                        )))

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
        colour, victim = self._move(board_squares, pawn_lists, action.src, action.dst)
        if action.src2 == NO_LOC:
            alone = self.alone
            return (
                tuple(board_squares), tuple(pawn_lists), alone[colour],
                () if victim == EMPTY else alone[victim],
            )
        colour2, victim2 = self._move(board_squares, pawn_lists, action.src2, action.dst2)
        captured = tuple(other for other in (victim, victim2) if other != EMPTY)
        return tuple(board_squares), tuple(pawn_lists), (colour, colour2), captured

    def _move(
        self,
        board_squares: list[Colour],
        pawn_lists: list[tuple[Loc, ...]],
        src: Loc,
        dst: Loc,
    ) -> tuple[Colour, Colour]:
        """Move the pawn on `src` to `dst`, sending a pawn standing there home (K32).

        Return the colour moved and the colour captured (EMPTY if none).
        """
        if src >= self.start_base:
            colour = src - self.start_base
        else:
            colour = board_squares[src]
            board_squares[src] = EMPTY
        victim = board_squares[dst]
        if victim != EMPTY:
            pawn_lists[victim] = _relocated(pawn_lists[victim], dst, self.start_base + victim)
        board_squares[dst] = colour
        pawn_lists[colour] = _relocated(pawn_lists[colour], src, dst)
        return colour, victim


def _relocated(locs: tuple[Loc, ...], old: Loc, new: Loc) -> tuple[Loc, ...]:
    """Return `locs` with one `old` replaced by `new`, sorted again."""
    moved = list(locs)
    moved[moved.index(old)] = new
    moved.sort()
    return tuple(moved)


@cache
def move_generator(
    board: Board, owner_may_swap_from_start: bool, seven_partner_remainder: bool
) -> MoveGenerator:
    """Return the move generator of `board` under these rule options, shared by every game.

    It keeps no state between calls: its tables of starts, routes and home lanes never change.
    """
    return MoveGenerator(board, owner_may_swap_from_start, seven_partner_remainder)
