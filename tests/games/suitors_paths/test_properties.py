"""Property tests: bad input changes nothing, cards, blocks and markers are conserved,
resampling is invisible to the seat, JSON is exact."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.actions import (
    COLOURS,
    END,
    PASS,
    SCRAP,
    TAKE_DECK,
    BuildSegment,
    Discard,
    MoveGirl,
    OpenAuction,
    PayBid,
    RaiseBid,
    TakeAllColour,
    TakeDisplay,
)
from tests.games.support import assert_refused_unchanged, reached_positions

GAMES = {
    2: ludoteca.load("suitors_paths", 2),
    4: ludoteca.load("suitors_paths", 4, boundary_side_cost="adjacent"),
    5: ludoteca.load("suitors_paths", 5),
}
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None)

positions = reached_positions(GAMES, max_steps=500)
hexes = st.sampled_from(["2,1", "0,2", "5,0", "1,3", "3,3", "2,0", "4,3"])
keys = st.tuples(st.integers(0, 12), st.integers(0, 16))
cards = st.text(alphabet=COLOURS, min_size=1, max_size=4)
any_action = st.one_of(
    st.builds(OpenAuction, hexes, st.integers(0, 6)),
    st.builds(RaiseBid, st.integers(0, 6)),
    st.builds(PayBid, cards), st.builds(Discard, cards),
    st.builds(BuildSegment, keys, keys, cards),
    st.builds(MoveGirl, hexes, st.sampled_from(["cw", "ccw"])),
    st.builds(TakeDisplay, st.integers(1, 6)),
    st.builds(TakeAllColour, st.sampled_from(list(COLOURS))),
    st.sampled_from([PASS, SCRAP, END, TAKE_DECK]),
)


@PROPERTY_SETTINGS
@given(positions, any_action)
def test_illegal_actions_raise_with_a_reason_and_change_nothing(
    position: tuple[SpGame, SpState], action: object
) -> None:
    game, state = position
    assert_refused_unchanged(game, state, action, ("is refused", "game is over"))


@PROPERTY_SETTINGS
@given(positions, st.text(max_size=24))
def test_malformed_text_raises_and_changes_nothing(
    position: tuple[SpGame, SpState], text: str
) -> None:
    game, state = position
    before = game.to_json(state)
    try:
        action = game.action_from_text(state, text)
    except ludoteca.InvalidActionError:
        pass
    except ludoteca.IllegalActionError as error:
        assert "seat" in str(error)  # a prefix naming another seat
    else:
        if action in game.legal_actions(state):
            assert game.action_from_text(state, game.action_to_text(state, action)) == action
    assert game.to_json(state) == before


@PROPERTY_SETTINGS
@given(positions)
def test_cards_blocks_and_markers_are_conserved(position: tuple[SpGame, SpState]) -> None:
    game, state = position
    counts = [0] * len(COLOURS)
    for colour in (*state.deck, *state.discards, *(c for c in state.display if c >= 0)):
        counts[colour] += 1
    for hand in state.hands:
        for colour, count in enumerate(hand):
            counts[colour] += count
    assert counts == [12, 10, 10, 8, 8, 12]
    blocks = sum(route.blocks for routes in state.routes for route in routes)
    assert state.supply + blocks == 120
    observation = game.observation(state, None)
    for seat in range(game.num_players):
        on_girls = sum(stack.count(seat) for stack in state.girls if stack)
        assert on_girls == observation["connections"][seat]
        assert on_girls + (observation["heads"][seat] is not None) \
            + observation["markers"][seat] == 6
        assert sum(route.girl >= 0 for route in state.routes[seat]) == on_girls


@PROPERTY_SETTINGS
@given(positions, st.integers(0, 2**31))
def test_resampling_is_invisible_to_the_seat_and_json_is_exact(
    position: tuple[SpGame, SpState], seed: int
) -> None:
    game, state = position
    for seat in (None, *range(game.num_players)):
        twin = game.resample(state, seat, random.Random(seed))
        assert game.observation(twin, seat) == game.observation(state, seat)
        if seat is not None:
            assert twin.hands[seat] == state.hands[seat]
    data = game.to_json(state)
    assert game.from_json(json.loads(json.dumps(data))) == state
