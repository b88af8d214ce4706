"""The encoding layout and `check_encoder` on the toy game: an honest encoder passes, and each
kind of broken encoder is caught with the segment named."""

from __future__ import annotations

import pytest

from ludoteca.core import ConformanceError
from ludoteca.core.encoding import EncodingLayout, Segment, check_encoder, fraction
from tests.core.toy_game import ToyGame, ToyState

LAYOUT = EncodingLayout([Segment("pile", 1, "counters left / 7"),
                         Segment("secret", 3, "one-hot own secret"),
                         Segment("to_move", 2, "one-hot relative seat to move")])


class ToyEncoder:
    """Encodes what a seat of the toy game may know: the pile, its own secret, who moves."""

    layout = LAYOUT

    def encode(self, state: ToyState, seat: int) -> list[float]:
        vector = self.layout.blank()
        vector[0] = fraction(state.pile, 7)
        vector[1 + self.secret(state, seat)] = 1.0
        if state.current is not None:
            vector[4 + (state.current - seat) % 2] = 1.0
        return vector

    def secret(self, state: ToyState, seat: int) -> int:
        return state.secrets[seat]


class LeaksTheOtherSecret(ToyEncoder):
    def secret(self, state: ToyState, seat: int) -> int:
        return state.secrets[1 - seat]


class CountsOutOfRange(ToyEncoder):
    def encode(self, state: ToyState, seat: int) -> list[float]:
        vector = super().encode(state, seat)
        vector[0] = float(state.pile)
        return vector


class TooShort(ToyEncoder):
    def encode(self, state: ToyState, seat: int) -> list[float]:
        return super().encode(state, seat)[:-1]


def test_layout_places_segments_in_order_and_reads_them_back() -> None:
    assert LAYOUT.size == 6
    assert [LAYOUT.offset(name) for name in ("pile", "secret", "to_move")] == [0, 1, 4]
    vector = ToyEncoder().encode(ToyGame().initial_state(seed=3), 0)
    assert LAYOUT.values(vector, "pile") == [1.0]
    assert sum(LAYOUT.values(vector, "secret")) == 1.0
    assert LAYOUT.values(vector, "to_move") == [1.0, 0.0]


def test_layout_refuses_twice_named_or_empty_segments() -> None:
    with pytest.raises(ValueError, match="named twice"):
        EncodingLayout([Segment("a", 1, ""), Segment("a", 2, "")])
    with pytest.raises(ValueError, match="positive size"):
        EncodingLayout([Segment("a", 0, "")])


def test_fraction_clips_to_the_unit_interval() -> None:
    assert fraction(3, 4) == 0.75
    assert fraction(9, 4) == 1.0
    assert fraction(-1, 4) == 0.0
    assert fraction(1, 0) == 0.0


def test_an_honest_encoder_passes() -> None:
    assert check_encoder(ToyGame(), ToyEncoder(), games=4, seed=1) > 0


@pytest.mark.parametrize(
    ("encoder", "message"),
    [
        (LeaksTheOtherSecret(), "changes when hidden parts are redrawn, first in segment secret"),
        (CountsOutOfRange(), r"value 0 \(segment pile\[0\]\) is 7.0, not a float in \[0, 1\]"),
        (TooShort(), "has 5 values, the layout 6"),
    ],
)
def test_a_broken_encoder_is_caught(encoder: ToyEncoder, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_encoder(ToyGame(), encoder, games=4, seed=1)
