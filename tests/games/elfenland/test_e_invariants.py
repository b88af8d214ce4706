"""Elfenland's own invariants (property tests): actions built from any parts are refused with
a reason, a refused text names what was read, cards and counters are conserved (E13), resampling
keeps the pools' sizes, and a spectator's view names no hidden card or counter.

The contract's properties (any text read or refused, resampling invisible to the seat, JSON and
replay exact) are checked on every game in tests/plugin/test_properties.py."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.games.elfenland import ElfAction, ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.actions import (
    Verb,
)
from tests.games.support import assert_refused_unchanged, reached_positions

GAMES = {players: ludoteca.load("elfenland", players) for players in (2, 3, 6)}
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None)


positions = reached_positions(GAMES, max_steps=400)
counts = st.tuples(*[st.integers(0, 4)] * 7)
any_action = st.builds(
    ElfAction,
    st.sampled_from(list(Verb)),
    st.integers(1, 5),
    st.integers(1, 48),
    st.integers(0, 5),
    st.booleans(),
    counts,
)


@PROPERTY_SETTINGS
@given(positions, any_action)
def test_illegal_actions_raise_with_a_reason_and_change_nothing(
    position: tuple[ElfenlandGame, ElfenlandState], action: ElfAction
) -> None:
    game, state = position
    assert_refused_unchanged(game, state, action, ("is not allowed for seat", "game is over"))


@PROPERTY_SETTINGS
@given(positions, st.text(max_size=24))
def test_malformed_text_raises_invalid_action_and_changes_nothing(
    position: tuple[ElfenlandGame, ElfenlandState], text: str
) -> None:
    game, state = position
    before = game.to_json(state)
    try:
        action = game.action_from_text(state, text)
    except ludoteca.InvalidActionError as error:
        assert repr(text)[1:-1][:10] in str(error) or "text" in str(error)
    else:
        # Whatever parses is an action whose canonical text parses back to itself.
        assert game.action_from_text(state, game.action_to_text(state, action)) == action
    assert game.to_json(state) == before


@PROPERTY_SETTINGS
@given(positions)
def test_cards_and_counters_are_conserved(position: tuple[ElfenlandGame, ElfenlandState]) -> None:
    game, state = position
    cards = (len(state.draw_pile) + sum(state.discards)
             + sum(sum(hand) for hand in state.hands))
    counters = (len(state.supply) + sum(kind >= 0 for kind in state.display)
                + sum(kind >= 0 for kind in state.road_counter)
                + sum(sum(held) for held in state.open_counters)
                + sum(sum(held) for held in state.secret_counters)
                + sum(state.set_aside_open) + len(state.set_aside_secret))
    assert (cards, counters) == (72, 48)
    assert all(min(hand) >= 0 for hand in state.hands)
    assert all(state.held_counters(seat) <= 5 for seat in range(game.num_players))  # E13


@PROPERTY_SETTINGS
@given(positions, st.integers(0, 2**31))
def test_no_seat_sees_what_resampling_changes(
    position: tuple[ElfenlandGame, ElfenlandState], rng_seed: int
) -> None:
    game, state = position
    rng = random.Random(rng_seed)
    for seat in (None, *range(game.num_players)):
        other = game.resample(state, seat, rng)
        assert game.observation(other, seat) == game.observation(state, seat)
        # Hidden parts are really redrawn from the same pool: sizes are kept.
        assert [sum(hand) for hand in other.hands] == [sum(hand) for hand in state.hands]
        assert len(other.draw_pile) == len(state.draw_pile)
        assert len(other.supply) == len(state.supply)
        if seat is not None:
            assert other.hands[seat] == state.hands[seat]
            assert other.secret_counters[seat] == state.secret_counters[seat]


@PROPERTY_SETTINGS
@given(positions)
def test_a_spectator_view_names_no_hidden_card(
    position: tuple[ElfenlandGame, ElfenlandState],
) -> None:
    game, state = position
    view = game.observation(state, None)
    assert view["hand"] is None and view["secret_counters"] is None
    for entry in view["log"]:
        assert entry.get("cards") is None or entry["kind"] == "move"
        assert entry.get("kept") is None
        if entry["kind"] == "secret":
            assert entry["counter"] is None
    assert not {"draw_pile", "supply", "hands"} & set(view)  # only their sizes are shown
