"""Thurn und Taxis' own invariants (property tests): actions built from any parts are refused
with a reason, cards and houses are conserved, resampling keeps the deck and hand sizes, and no
view names a blind card it may not see.

The contract's properties (any text read or refused, resampling invisible to the seat, JSON and
replay exact) are checked on every game in tests/plugin/test_properties.py."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.thurn_und_taxis import TntAction, TntGame, TntState, Verb
from ludoteca.games.thurn_und_taxis.board import bits
from tests.games.support import (
    assert_refused_unchanged,
    reached_positions,
)

GAMES = {
    2: ludoteca.load("thurn_und_taxis", 2, blind_draw=True),
    3: ludoteca.load("thurn_und_taxis", 3),
    4: ludoteca.load("thurn_und_taxis", 4, blind_draw=True),
}
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None)

positions = reached_positions(GAMES, max_steps=600)
any_action = st.builds(
    TntAction,
    st.sampled_from(list(Verb)),
    st.integers(1, 6),
    st.integers(0, 21),
    st.integers(0, (1 << 22) - 1),
    st.tuples(*[st.integers(0, 21)] * 3).map(lambda cards: tuple(sorted(cards))),
)


@PROPERTY_SETTINGS
@given(positions, any_action)
def test_illegal_actions_raise_with_a_reason_and_change_nothing(
    position: tuple[TntGame, TntState], action: TntAction
) -> None:
    game, state = position
    assert_refused_unchanged(game, state, action, ("is not allowed for seat", "game is over"))


@PROPERTY_SETTINGS
@given(positions)
def test_cards_and_houses_are_conserved(position: tuple[TntGame, TntState]) -> None:
    game, state = position
    cards = [0] * 22
    for city in (*state.deck, *(c for c in state.display if c >= 0),
                 *(c for route in state.routes for c in route)):
        cards[city] += 1
    for pile in (state.discards, *state.hands):
        for city, count in enumerate(pile):
            cards[city] += count
    assert cards == [3] * 22
    for seat in range(game.num_players):
        assert len(bits(state.houses[seat])) + state.supply[seat] == 20
        assert all(b <= h for b, h in zip(state.blind[seat], state.hands[seat], strict=True))
    assert sum(len(held) for held in state.tiles) == sum(state.taken)


@PROPERTY_SETTINGS
@given(positions, st.integers(0, 2**31))
def test_resampling_is_invisible_to_the_seat(
    position: tuple[TntGame, TntState], rng_seed: int
) -> None:
    game, state = position
    rng = random.Random(rng_seed)
    for seat in (None, *range(game.num_players)):
        other = game.resample(state, seat, rng)
        assert game.observation(other, seat) == game.observation(state, seat)
        assert sorted(other.deck) == sorted(state.deck) or any(map(any, state.blind))
        assert [sum(h) for h in other.hands] == [sum(h) for h in state.hands]
        if seat is not None:
            assert other.hands[seat] == state.hands[seat]


@PROPERTY_SETTINGS
@given(positions)
def test_a_view_names_no_card_it_may_not_see(position: tuple[TntGame, TntState]) -> None:
    game, state = position
    for seat in (None, *range(game.num_players)):
        view = game.observation(state, seat)
        assert "deck" not in view
        for entry in view["log"]:
            if entry["kind"] == "action" and entry["token"].startswith("TD"):
                assert (entry["city"] is None) == (entry["seat"] != seat)
        for other in range(game.num_players):
            assert len(view["hands"][other]) + view["blind_counts"][other] \
                == view["hand_sizes"][other]


def test_an_official_built_with_extra_fields_is_refused_with_a_reason_when_it_may_act() -> None:
    # Found by the property above: a Cartwright carrying a slot, while the real one was legal,
    # reached the reason for a Cartwright that changes nothing, and its assertion failed.
    game = GAMES[3]
    state = game.initial_state(1)
    for _ in range(400):
        legal = game.legal_actions(state)
        official = next((a for a in legal if a.verb in (Verb.CARTWRIGHT, Verb.CARRIER,
                                                          Verb.ADMINISTRATOR, Verb.POSTMASTER)),
                        None)
        if official is not None:
            break
        state = game.apply(state, legal[0])
    assert official is not None
    malformed = TntAction(official.verb, 3, 5)
    assert_refused_unchanged(game, state, malformed, ("takes no slot, city or cards",))
