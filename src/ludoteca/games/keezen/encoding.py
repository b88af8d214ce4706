"""The numeric observation of Keezen for research adapters (`core.encoding`, docs/research.md).

Everything is seen from the observing seat: seats and colours are rotated so that the observer
is 0, the seat on its left 1, and so on, and the track is rotated so that the observer's start
square is square 0. A colour's plane therefore reads the same for every observer:

    plane of relative colour r:  L track squares (from the observer's start) | 4 home slots
                                 | pawns in the start area / 4

What a seat may know (K12): the whole board, its own hand, every hand's size, the pack's size
and every card played or handed in face up; the cards played this cycle tell what is left.
"""

from __future__ import annotations

from ludoteca.core.encoding import EncodingLayout, Segment, fraction
from ludoteca.core.game import Seat
from ludoteca.games.keezen.board import HOME_SLOTS, PAWNS_PER_COLOUR
from ludoteca.games.keezen.cards import CARDS_PER_DEAL, RANKS
from ludoteca.games.keezen.rules import DEALS_PER_CYCLE, KeezenGame
from ludoteca.games.keezen.state import DiscardEvent, KeezenState, PlayEvent

START_AREA_PAWN = 1.0 / PAWNS_PER_COLOUR
"""What one pawn in a start area adds to its colour's start-area value."""


class KeezenEncoder:
    """Encodes Keezen states of one loaded game for one seat, seat-relative."""

    def __init__(self, game: KeezenGame) -> None:
        board = game.board
        n = self.num_players = game.num_players
        length = board.track_length
        plane = length + HOME_SLOTS + 1
        self.game = game
        # A rank's copies in one hand: at most one per player's share of the pack (K6, K8).
        self.most_of_a_rank = min(n, max(CARDS_PER_DEAL))
        self.layout = EncodingLayout([
            Segment("pawns", n * plane,
                    f"per relative colour (observer first) a plane of {plane}: the {length} "
                    "track squares from the observer's start square (1: a pawn stands there), the "
                    "4 home slots, and the pawns in its start area / 4"),
            Segment("moves_partner", n,
                    "per relative seat: 1 if all its pawns are home and it moves its "
                    "partner's pawns (K20, K21)"),
            Segment("current", n, "one-hot relative seat to play (all 0 once the game is over)"),
            Segment("dealer", n, "one-hot relative seat of the dealer"),
            Segment("deal_in_cycle", DEALS_PER_CYCLE,
                    "one-hot place of the deal in its cycle of three (5, 4, 4 cards, K8)"),
            Segment("deal_progress", 1, "deal number / max_deals (the game is drawn after it)"),
            Segment("hand", len(RANKS),
                    f"own cards per rank Ace..King, count / {self.most_of_a_rank}"),
            Segment("hand_sizes", n, "per relative seat: cards in hand / 5"),
            Segment("pack_size", 1, f"undealt cards of this cycle / {len(game.deck)}"),
            Segment("cycle_spent", len(RANKS),
                    f"cards played or handed in face up this cycle per rank Ace..King, "
                    f"count / {n} (the copies of a rank in the pack)"),
            Segment("winners", n, "per relative seat: 1 if it has won"),
        ])
        offset = self.layout.offset
        self._hand = offset("hand")
        self._spent = offset("cycle_spent")
        # _square[seat][colour][loc]: the index a pawn of `colour` on `loc` sets for `seat`.
        pawns = offset("pawns")
        self._square = tuple(
            tuple(
                tuple(
                    pawns + (colour - seat) % n * plane + self._place(game, seat, colour, loc)
                    for loc in range(board.num_locations)
                )
                for colour in range(n)
            )
            for seat in range(n)
        )
        self._start_base = board.start_base
        # _relative[seat][other]: `other` as seen from `seat`.
        self._relative = tuple(tuple((other - seat) % n for other in range(n)) for seat in range(n))
        self._moves_partner = offset("moves_partner")
        self._current = offset("current")
        self._dealer = offset("dealer")
        self._deal_in_cycle = offset("deal_in_cycle")
        self._deal_progress = offset("deal_progress")
        self._hand_sizes = offset("hand_sizes")
        self._pack_size = offset("pack_size")
        self._winners = offset("winners")

    @staticmethod
    def _place(game: KeezenGame, seat: Seat, colour: int, loc: int) -> int:
        """Return where `loc` lies in a colour's plane as `seat` sees the board."""
        board = game.board
        if board.is_track(loc):
            return (loc - board.start_square(seat)) % board.track_length
        if board.is_home(loc):
            return board.track_length + (loc - board.track_length) % HOME_SLOTS
        return board.track_length + HOME_SLOTS

    def encode(self, state: KeezenState, seat: Seat) -> list[float]:
        """Return what `seat` may know of `state` as `layout.size` floats in [0, 1]."""
        game = self.game
        n = self.num_players
        vector = self.layout.blank()
        relative = self._relative[seat]
        square = self._square[seat]
        start_base = self._start_base
        for colour, locs in enumerate(state.pawns):
            index = square[colour]
            for loc in locs:
                if loc >= start_base:
                    vector[index[loc]] += START_AREA_PAWN
                else:
                    vector[index[loc]] = 1.0
        for other in range(n):
            if game.moves.is_finished(state.pawns, other):
                vector[self._moves_partner + relative[other]] = 1.0
            vector[self._hand_sizes + relative[other]] = fraction(
                len(state.hands[other]), max(CARDS_PER_DEAL)
            )
        if state.current is not None:
            vector[self._current + relative[state.current]] = 1.0
        vector[self._dealer + relative[state.dealer]] = 1.0
        place = (state.deal - 1) % DEALS_PER_CYCLE
        vector[self._deal_in_cycle + place] = 1.0
        vector[self._deal_progress] = fraction(state.deal, game.settings.max_deals)
        held = [0] * (len(RANKS) + 1)  # ranks count from 1
        for rank in state.hands[seat]:
            held[rank] += 1
        hand = self._hand - 1
        for rank in RANKS:
            vector[hand + rank] = fraction(held[rank], self.most_of_a_rank)
        vector[self._pack_size] = fraction(len(state.pack), len(game.deck))
        self._encode_cycle_spent(state, place, vector)
        for winner in state.winners:
            vector[self._winners + relative[winner]] = 1.0
        return vector

    def _encode_cycle_spent(self, state: KeezenState, place: int, vector: list[float]) -> None:
        """Count the cards shown face up in this cycle's deals (the log holds one per deal)."""
        spent = [0] * (len(RANKS) + 1)
        for deal in state.log[-(place + 1):]:
            for event in deal:
                if isinstance(event, PlayEvent):
                    spent[event.action.card] += 1
                elif isinstance(event, DiscardEvent):
                    for rank in event.cards:
                        spent[rank] += 1
        base = self._spent - 1
        for rank in RANKS:
            vector[base + rank] = fraction(spent[rank], self.num_players)
