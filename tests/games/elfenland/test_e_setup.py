"""Rules E1–E7 of the Elfenland specification: players, seats, setup, piles and rounds."""

from __future__ import annotations

import pytest

from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import (
    NONE,
    ActionEvent,
    Phase,
    PickEvent,
    RefillEvent,
    RoundEvent,
    SecretDrawEvent,
)
from tests.games.elfenland.helpers import (
    CARD_TOTALS,
    COUNTER_TOTALS,
    elfenland,
    events_of,
    legal_texts,
    play,
    random_game,
)


def card_total(state) -> list[int]:
    totals = [0] * 7
    for kind in state.draw_pile:
        totals[kind] += 1
    for hand in (*state.hands, state.discards):
        for kind, number in enumerate(hand):
            totals[kind] += number
    return totals


def counter_total(state) -> list[int]:
    totals = [0] * 6
    for kind in (*state.supply, *state.display, *state.set_aside_secret):
        if kind != NONE:
            totals[kind] += 1
    for kind in state.road_counter:
        if kind != NONE:
            totals[kind] += 1
    for held in (*state.open_counters, *state.secret_counters, state.set_aside_open):
        for kind, number in enumerate(held):
            totals[kind] += number
    return totals


# -- E1 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_e1_two_to_six_players_play_a_whole_game(players: int) -> None:
    game = elfenland(players)
    assert game.num_players == players
    states = random_game(game, seed=100 + players)
    final = states[-1]
    assert final.is_over
    assert len(final.ranks) == players
    assert len(game.returns(final)) == players


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_e1_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError):
        elfenland(players)


# -- E2 -------------------------------------------------------------------------------------------


def test_e2_clockwise_is_ascending_seat_number_wrapping_round() -> None:
    game = elfenland(4, start_seat=2)
    state = game.initial_state(5)
    seen = []
    for _ in range(4):
        seen.append(state.current)
        state = play(game, state, "draw")
    assert seen == [2, 3, 0, 1]


def test_e2_turn_order_starts_with_the_start_player_in_every_phase() -> None:
    game = elfenland(3, start_seat=1)
    state = game.initial_state(8)
    assert [e.seat for e in events_of(state, RefillEvent)] == [1, 2, 0]
    assert [e.seat for e in events_of(state, SecretDrawEvent)] == [1, 2, 0]
    order = []
    while state.phase == Phase.OPEN_PICKS:
        order.append(state.current)
        state = play(game, state, "draw")
    assert order == [1, 2, 0] * 3
    placement = []
    for _ in range(3):
        placement.append(state.current)
        state = play(game, state, "pass")
    assert placement == [1, 2, 0]
    movement = []
    for _ in range(3):
        movement.append(state.current)
        state = play(game, state, "end")
    assert movement == [1, 2, 0]


# -- E3 -------------------------------------------------------------------------------------------


def test_e3_default_start_seat_is_zero() -> None:
    game = elfenland(4)
    state = game.initial_state(1)
    assert game.options["start_seat"] == 0
    assert state.start == 0
    assert state.current == 0
    assert state.log[0][0] == RoundEvent(1, 0)


@pytest.mark.parametrize("start_seat", [1, 2, 3])
def test_e3_start_seat_parameter_is_the_first_start_player(start_seat: int) -> None:
    game = elfenland(4, start_seat=start_seat)
    state = game.initial_state(1)
    assert state.start == start_seat
    assert state.current == start_seat
    assert state.log[0][0] == RoundEvent(1, start_seat)
    assert events_of(state, RefillEvent)[0].seat == start_seat


@pytest.mark.parametrize("start_seat", [-1, 3, 4])
def test_e3_start_seat_must_be_a_seat(start_seat: int) -> None:
    with pytest.raises(ValueError):
        elfenland(3, start_seat=start_seat)


# -- E4 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_e4_boots_at_elvenhold_no_pieces_one_obstacle_each(players: int) -> None:
    game = elfenland(players)
    state = game.initial_state(3)
    elvenhold = game.map.town("Elvenhold")
    assert state.boots == (elvenhold,) * players
    assert state.visited == (0,) * players
    assert game.scores(state) == (0,) * players
    assert state.has_obstacle == (True,) * players
    assert all(kind == NONE for kind in state.road_counter)
    assert all(seat == NONE for seat in state.road_obstacle)


def test_e4_players_start_with_no_cards_and_no_counters() -> None:
    game = elfenland(4)
    state = game.initial_state(11)
    # The initial state is after phases 1 and 2 of round 1: everything held came from them.
    refills = events_of(state, RefillEvent)
    assert [e.number for e in refills] == [8, 8, 8, 8]
    assert [e.cards for e in refills] == list(state.hands)
    secrets = events_of(state, SecretDrawEvent)
    assert len(secrets) == 4
    for seat in range(4):
        expected = [0] * 6
        expected[secrets[seat].counter] = 1
        assert state.secret_counters[seat] == tuple(expected)
        assert state.open_counters[seat] == (0,) * 6


def test_e4_twenty_towns_with_pieces_and_elvenhold_without() -> None:
    game = elfenland()
    elf_map = game.map
    assert elf_map.num_towns == 21
    assert sum(elf_map.has_pieces) == 20
    assert elf_map.start_town == elf_map.town("Elvenhold")
    assert not elf_map.has_pieces[elf_map.town("Elvenhold")]


# -- E5 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_e5_all_72_travel_cards_and_an_empty_discard_pile(players: int) -> None:
    game = elfenland(players)
    state = game.initial_state(21)
    assert card_total(state) == list(CARD_TOTALS)
    assert sum(CARD_TOTALS) == 72
    assert state.discards == (0,) * 7
    assert len(state.draw_pile) == 72 - 8 * players


def test_e5_the_draw_pile_is_shuffled() -> None:
    game = elfenland(2)
    orders = {game.initial_state(seed).draw_pile for seed in range(6)}
    assert len(orders) == 6


# -- E6 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_e6_48_counters_five_displayed_rest_in_supply(players: int) -> None:
    game = elfenland(players)
    state = game.initial_state(4)
    assert counter_total(state) == list(COUNTER_TOTALS)
    assert len(state.display) == 5
    assert all(kind in range(6) for kind in state.display)
    # Phase 2 has already taken one secret counter per player from the supply.
    assert len(state.supply) == 48 - 5 - players


def test_e6_there_is_no_raft_counter() -> None:
    game = elfenland()
    assert game.map.counter_counts == COUNTER_TOTALS
    state = game.initial_state(9)
    assert all(LETTERS[kind] != "R" for kind in (*state.supply, *state.display))


def test_e6_the_display_is_shuffled() -> None:
    game = elfenland(2)
    displays = {(game.initial_state(seed).display, game.initial_state(seed).supply)
                for seed in range(6)}
    assert len(displays) == 6


def test_e6_display_slots_are_numbered_one_to_five() -> None:
    game = elfenland(3)
    state = game.initial_state(2)
    assert legal_texts(game, state) == {"take 1", "take 2", "take 3", "take 4", "take 5",
                                        "draw"}
    kind = state.display[3]
    after = play(game, state, "take 4")
    assert after.open_counters[0][kind] == 1
    assert events_of(after, PickEvent)[-1].counter == kind


# -- E7 -------------------------------------------------------------------------------------------


def test_e7_round_counter_starts_at_one_and_game_has_four_rounds() -> None:
    game = elfenland(3)
    assert game.options["rounds"] == 4
    states = random_game(game, seed=77)
    assert states[0].round == 1
    rounds = [e.round for e in events_of(states[-1], RoundEvent)]
    assert max(game.scores(states[-1])) < 20  # so only E34 can end it
    assert rounds == [1, 2, 3, 4]


def test_e7_option_rounds_three_ends_after_round_three() -> None:
    game = elfenland(3, rounds=3)
    final = random_game(game, seed=78)[-1]
    assert [e.round for e in events_of(final, RoundEvent)] == [1, 2, 3]
    assert final.is_over
    # The last decision of the game is the last movement `end` of round 3.
    last_action = events_of(final, ActionEvent)[-1]
    assert last_action.action.verb == "end"


@pytest.mark.parametrize("rounds", [2, 5])
def test_e7_other_round_counts_are_refused(rounds: int) -> None:
    with pytest.raises(ValueError):
        elfenland(3, rounds=rounds)
