"""The numeric observation of Toy Pile: the pile, the own card, the turn and the winner,
seats counted from the observer."""

from __future__ import annotations

from ludoteca.core.encoding import EncodingLayout, Segment, fraction
from ludoteca.core.game import Seat
from tests.plugin.toy_pile.rules import CARDS, PileState, ToyPileGame


class PileEncoder:
    """Encodes a Toy Pile state for one seat."""

    def __init__(self, game: ToyPileGame) -> None:
        self.game = game
        n = game.num_players
        self.layout = EncodingLayout((
            Segment("pile", 1, "counters left, over the starting pile"),
            Segment("secret", CARDS, "the own secret card, one-hot"),
            Segment("turn", n, "the seat to move, relative to the observer"),
            Segment("winners", n, "the winner, relative to the observer"),
        ))

    def encode(self, state: PileState, seat: Seat) -> list[float]:
        """Return what `seat` may know of `state` as floats in [0, 1]."""
        n = self.game.num_players
        vector = self.layout.blank()
        vector[self.layout.offset("pile")] = fraction(state.pile, self.game.pile)
        vector[self.layout.offset("secret") + state.secrets[seat]] = 1.0
        if state.current is not None:
            vector[self.layout.offset("turn") + (state.current - seat) % n] = 1.0
        if state.winner is not None:
            vector[self.layout.offset("winners") + (state.winner - seat) % n] = 1.0
        return vector
