"""Keezen's own invariants (property tests): actions built from any parts are refused with a
reason, a text that reads is the action's canonical text and is refused unless legal, cards are
conserved within a cycle of deals, pawns are conserved and agree with the squares, and a seat's
view shows its own hand and no other.

The contract's properties (any text read or refused, resampling invisible to the seat, JSON and
replay exact) are checked on every game in tests/plugin/test_properties.py."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.keezen import KeezenAction, KeezenGame, KeezenState
from ludoteca.games.keezen.cards import RANK_TEXT, full_deck
from ludoteca.games.keezen.positions import squares_of
from ludoteca.games.keezen.state import DealEvent, DiscardEvent, PlayEvent
from tests.games.keezen.helpers import keezen
from tests.games.support import assert_refused_unchanged, reached_positions

GAMES = {players: keezen(players) for players in (2, 4, 6)}
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None)


positions = reached_positions(GAMES, max_steps=250)


def any_action(game: KeezenGame) -> st.SearchStrategy[KeezenAction]:
    locs = st.integers(0, game.board.num_locations - 1)
    return st.builds(
        KeezenAction, st.integers(1, 13), locs, locs, st.booleans(),
        st.one_of(st.just(-1), locs), st.one_of(st.just(-1), locs), st.booleans(),
    )


@PROPERTY_SETTINGS
@given(positions, st.data())
def test_illegal_actions_raise_with_a_reason_and_change_nothing(
    position: tuple[KeezenGame, KeezenState], data: st.DataObject
) -> None:
    game, state = position
    action = data.draw(any_action(game))
    assert_refused_unchanged(game, state, action, ("not legal", "holds no", "over"))


@PROPERTY_SETTINGS
@given(positions, st.text(max_size=24))
def test_malformed_text_raises_invalid_action_and_changes_nothing(
    position: tuple[KeezenGame, KeezenState], text: str
) -> None:
    game, state = position
    before = game.to_json(state)
    legal_texts = {game.action_to_text(state, a) for a in game.legal_actions(state)}
    try:
        action = game.action_from_text(state, text)
    except ludoteca.InvalidActionError as error:
        assert str(error)
    else:
        assert game.action_to_text(state, action) == text.strip()
        if text.strip() not in legal_texts:
            try:
                game.apply(state, action)
            except ludoteca.IllegalActionError:
                pass
            else:
                raise AssertionError(f"{text!r} was accepted although not legal")
    assert game.to_json(state) == before


@PROPERTY_SETTINGS
@given(positions)
def test_cards_are_conserved_within_a_cycle(position: tuple[KeezenGame, KeezenState]) -> None:
    game, state = position
    cycle_start = (state.deal - 1) // 3 * 3 + 1
    spent: Counter[int] = Counter()
    for deal in state.log:
        opening = deal[0]
        if isinstance(opening, DealEvent) and opening.deal >= cycle_start:
            for event in deal:
                if isinstance(event, PlayEvent):
                    spent[event.action.card] += 1
                elif isinstance(event, DiscardEvent):
                    spent.update(event.cards)
    held = Counter(card for hand in state.hands for card in hand) + Counter(state.pack)
    assert held + spent == Counter(full_deck(game.num_players))


@PROPERTY_SETTINGS
@given(positions)
def test_pawns_are_conserved_and_squares_agree(position: tuple[KeezenGame, KeezenState]) -> None:
    game, state = position
    assert all(len(locs) == 4 for locs in state.pawns)
    assert squares_of(game.board, state.pawns) == state.squares


@PROPERTY_SETTINGS
@given(positions, st.integers(0, 5), st.integers(0, 2**31))
def test_observation_is_blind_to_what_the_seat_cannot_see(
    position: tuple[KeezenGame, KeezenState], seat_index: int, rng_seed: int
) -> None:
    game, state = position
    seat = seat_index % game.num_players
    observation = game.observation(state, seat)
    redrawn = game.resample(state, seat, random.Random(rng_seed))
    assert game.observation(redrawn, seat) == observation
    assert observation["hand"] == [RANK_TEXT[card] for card in state.hands[seat]]
    assert "pack" not in observation
    for entry in observation["log"]:
        if entry["kind"] == "deal":
            assert [hand is None for hand in entry["hands"]] == [
                other != seat for other in range(game.num_players)
            ]
