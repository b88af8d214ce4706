"""Rules T1–T30: setup, information, officials, display and deck, the draw and play steps."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca import IllegalActionError
from tests.games.thurn_und_taxis.helpers import (
    act,
    deck_to_hand,
    display,
    finish_turn,
    hand,
    legal,
    position,
    route,
    tnt,
)


def test_t1_two_to_four_players_with_the_same_components() -> None:
    for players in (2, 3, 4):
        game = tnt(players)
        state = game.initial_state(3)
        assert len(state.deck) + sum(c >= 0 for c in state.display) == 66
        assert state.supply == (20,) * players
    for players in (1, 5):
        with pytest.raises(ValueError, match="played by 2 to 4 players"):
            ludoteca.load("thurn_und_taxis", players)


def test_t2_seat_0_starts_and_turns_go_round() -> None:
    game = tnt(3)
    state = game.initial_state(11)
    seats = []
    for _ in range(7):
        seats.append((state.round, state.current))
        state = finish_turn(game, state)
    assert seats == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]


def test_t3_starting_supply() -> None:
    game = tnt(4)
    state = game.initial_state(5)
    assert state.supply == (20,) * 4 and state.houses == (0,) * 4
    assert all(not any(cards) for cards in state.hands)
    assert state.routes == ((),) * 4 and state.carriages == (0,) * 4
    assert state.tiles == ((),) * 4


def test_t4_the_deck_is_66_cards_shuffled_by_the_seed() -> None:
    game = tnt()
    state = game.initial_state(9)
    cards = [0] * 22
    for city in (*state.deck, *state.display):
        cards[city] += 1
    assert cards == [3] * 22
    assert game.initial_state(9).deck == state.deck
    assert game.initial_state(10).deck != state.deck


def test_t5_six_cards_are_displayed() -> None:
    game = tnt()
    state = game.initial_state(4)
    assert all(city >= 0 for city in state.display) and len(state.display) == 6
    refills = [e for e in game.observation(state, None)["log"] if e["kind"] == "refill"]
    assert [e["slot"] for e in refills] == [1, 2, 3, 4, 5, 6]


def test_t6_the_supply_on_the_table() -> None:
    game = tnt()
    stacks = game.observation(game.initial_state(1), None)["stacks"]
    assert stacks == {
        "route_7": [4, 3, 2, 1], "route_6": [3, 2, 1], "route_5": [2, 1],
        "region_BAI": [5, 4, 3, 2], "region_BAD": [3, 2, 1], "region_WTB_HOH": [3, 2, 1],
        "region_SCH_TYR": [3, 2, 1], "region_BOE_SBG": [4, 3, 2],
        "outside_baiern": [6, 5, 4, 3], "game_end": [1],
    }


def test_t7_component_values_at_every_player_count() -> None:
    for players in (2, 3, 4):
        board = tnt(players).board
        assert board.carriage_points == {3: 2, 4: 3, 5: 5, 6: 7, 7: 10}
        assert sum(len(stack.values) for stack in board.stacks) == 30


def test_t8_information_hands_public_deck_order_hidden() -> None:
    game = tnt(3)
    state = act(game, game.initial_state(2), "T1", "PM", "T2")
    view = game.observation(state, 1)
    assert view["hands"][0] == hand(game, state, 0).split(",")
    assert view["hand"] == [] and view["deck_size"] == len(state.deck)
    assert "deck" not in view
    other = game.resample(state, 1, random.Random(4))
    assert other.hands == state.hands and sorted(other.deck) == sorted(state.deck)
    assert game.observation(other, 1) == view


def test_t9_three_steps_in_order() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=ULM\nroutes: 0=STU")
    assert all(text.startswith(("T", "AD")) for text in legal(game, state))
    with pytest.raises(IllegalActionError, match="play step"):
        game.apply(state, game.action_from_text(state, "+ULM"))
    taken = act(game, state, "T1")
    assert not any(text.startswith("C") for text in legal(game, taken))


def test_t10_one_official_per_turn_and_never_used_up() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD,LOD\nroutes: 1=AUG")
    after = act(game, state, "AD", "T1")
    assert "PM" not in legal(game, after)
    with pytest.raises(IllegalActionError, match="one official per turn"):
        game.apply(after, game.action_from_text(after, "PM"))
    played = act(game, after, "*LOD")
    assert played.current == 1  # no PC: the Administrator was the turn's official
    again = finish_turn(game, played)
    assert again.current == 0 and "AD" in legal(game, again)


def test_t11_each_official_only_at_its_moment() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=ULM,KEM\nroutes: 0=AUG-MUE")
    assert "PM" not in legal(game, state) and "PC" not in legal(game, state)
    taken = act(game, state, "T1")
    assert "AD" not in legal(game, taken) and "PC" not in legal(game, taken)
    with pytest.raises(IllegalActionError, match="Administrator acts only before"):
        game.apply(taken, game.action_from_text(taken, "AD"))
    played = act(game, taken, "ULM+")
    assert "PM" not in legal(game, played) and "PC" in legal(game, played)


def test_t12_three_ways_a_turn_ends() -> None:
    game = tnt()
    closing = position(game, "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE-ING")
    assert act(game, closing, "C*[AUG]").current == 1
    declined = act(game, closing, ".")
    assert declined.current == 1 and route(game, declined, 0) == "AUG-MUE-ING"
    nothing = position(game, "to move: 0\npoint: play\nhands: 0=LOD\nofficial: PM")
    assert act(game, nothing, "*LOD").current == 1  # no PC (official used), no close


def test_t13_refill_in_slot_order_and_reshuffle() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [MUE AUG ULM MUE LOD BAS]\n"
                           "deck: PAS REG ...")
    assert display(game, act(game, state, "T3")) == "[MUE AUG PAS MUE LOD BAS]"
    dry = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [MUE AUG ULM MUE LOD BAS]\n"
                         "discards: ZUE\ndeck: ...")
    dry = deck_to_hand(game, dry, 1)
    refilled = act(game, dry, "T2")
    assert display(game, refilled) == "[MUE ZUE ULM MUE LOD BAS]"
    assert refilled.reshuffles == 1 and not any(refilled.discards)
    empty = act(game, refilled, "PM", "T1")
    assert display(game, empty) == "[_ ZUE ULM MUE LOD BAS]"


def test_t14_r_runs_at_the_start_of_every_turn() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD\nroutes: 0=AUG-MUE\n"
                           "display: [ZUE ULM MUE LOD BAS KEM]\ndeck: ...")
    state = deck_to_hand(game, state, 1)
    taken = act(game, state, "T1")
    assert display(game, taken).startswith("[_ ")
    restarted = act(game, taken, "/LOD")  # AUG and MUE reach the discard pile
    assert restarted.current == 1
    assert display(game, restarted).split()[0] in ("[AUG", "[MUE")
    assert display(game, restarted).split()[0] != "[_"


def test_t15_what_the_discard_pile_receives() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD,BAS,BAS,BAS,ZUE\nroutes: 0=AUG-MUE-ING\n"
                           "display: [ULM KEM KEM KEM STU STU]")
    replaced = act(game, state, "AD")
    assert game.board.cards_text(replaced.discards) == "KEM,KEM,KEM,STU,STU,ULM"
    restarted = act(game, state, "T1", "/LOD")
    assert game.board.cards_text(restarted.discards) == "AUG,ING,MUE"
    closed = act(game, state, "T1", "+ULM", "C*[AUG,ULM]")
    assert game.board.cards_text(closed.discards) == "AUG,ING,MUE,ULM"
    dropped = act(game, closed, "X[BAS,LOD]")
    assert game.board.cards_text(dropped.discards) == "AUG,BAS,ING,LOD,MUE,ULM"


def test_t16_take_from_a_slot_which_refills_at_once() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [ULM KEM LOD BAS BAS BAS]\n"
                           "deck: SAL ...")
    taken = act(game, state, "T2")
    assert hand(game, taken, 0) == "KEM,LOD" and display(game, taken).startswith("[ULM SAL ")
    with pytest.raises(IllegalActionError, match="slot 1 holds ULM"):
        game.action_from_text(state, "T1:KEM")
    assert "TD" not in legal(game, state)


def test_t17_blind_draw_takes_the_top_of_the_deck() -> None:
    game = tnt(2, blind_draw=True)
    state = position(game, "to move: 0\nhands: 0=LOD\ndeck: SAL PAS ...")
    blind = act(game, state, "TD")
    assert hand(game, blind, 0) == "LOD,SAL" and display(game, blind) == display(game, state)
    assert blind.blind[0][game.board.city("SAL")] == 1
    assert game.observation(blind, 1)["blind_counts"] == [1, 0]
    played = act(game, blind, "*SAL")
    assert not any(played.blind[0])  # once it leaves the hand, everyone has seen it


def test_t18_administrator() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [ULM KEM LOD BAS BAS BAS]\n"
                           "deck: AUG ING MUE NUE PAS REG ...")
    replaced = act(game, state, "AD")
    assert display(game, replaced) == "[AUG ING MUE NUE PAS REG]"
    assert legal(game, replaced) == {"T1:AUG", "T2:ING", "T3:MUE", "T4:NUE", "T5:PAS",
                                     "T6:REG"}
    forced = position(game, "to move: 0")
    assert "AD" not in legal(game, forced)


def test_t19_postmaster_may_take_the_card_just_revealed() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [ULM KEM LOD BAS BAS BAS]\n"
                           "deck: SAL ...")
    after = act(game, state, "T1", "PM", "T1:SAL")
    assert hand(game, after, 0) == "LOD,SAL,ULM"


def test_t20_forced_postmaster() -> None:
    game = tnt()
    state = position(game, "to move: 0\nroutes: 0=AUG-MUE-ING")
    assert state.forced and "AD" not in legal(game, state)
    first = act(game, state, "T1")
    assert legal(game, first) == {"PM"}
    with pytest.raises(IllegalActionError, match="Postmaster"):
        game.apply(first, game.action_from_text(first, "+" + hand(game, first, 0)))
    second = act(game, first, "PM", "T1")
    assert "PC" not in legal(game, second)
    played = act(game, second, sorted(legal(game, second))[0])
    assert played.current == 1 or not {"PC", "CW"} & legal(game, played)


def test_t21_nothing_to_take() -> None:
    game = tnt()
    state = position(game, "to move: 0\nroutes: 0=AUG-MUE\ndisplay: [LOD _ _ _ _ _]\ndeck: ...")
    state = deck_to_hand(game, state, 1)
    first = act(game, state, "T1")
    assert legal(game, first) == {"/LOD"}  # no PM: nothing to take
    skipped = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [_ _ _ _ _ _]\ndeck: ...")
    skipped = deck_to_hand(game, skipped, 1)
    assert legal(game, skipped) == {"*LOD"}


def test_t22_play_is_mandatory() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nhands: 0=LOD\nroutes: 0=AUG-MUE-ING")
    assert legal(game, state) == {"/LOD"}
    with pytest.raises(IllegalActionError):
        game.apply(state, game.action_from_text(state, "."))


def test_t23_starting_a_route() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nhands: 0=LOD,BAS")
    assert legal(game, state) == {"*LOD", "*BAS"}
    assert route(game, act(game, state, "*BAS"), 0) == "BAS"


def test_t24_extending_at_either_end_by_road() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nhands: 0=PAS,ULM,LOD\nroutes: 0=AUG-MUE")
    assert {"ULM+", "+PAS"} <= legal(game, state)
    assert "+LOD" not in legal(game, state) and "LOD+" not in legal(game, state)
    with pytest.raises(IllegalActionError, match="no road joins LOD and MUE"):
        game.apply(state, game.action_from_text(state, "+LOD"))


def test_t25_a_one_card_route_grows_to_the_right() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nhands: 0=STU\nroutes: 0=ULM")
    assert legal(game, state) == {"+STU", "/STU"}
    with pytest.raises(IllegalActionError, match="always written at the right end"):
        game.apply(state, game.action_from_text(state, "STU+"))


def test_t26_no_repeats_in_a_route() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nhands: 0=AUG\nroutes: 0=AUG-MUE-ING")
    assert legal(game, state) == {"/AUG"}
    with pytest.raises(IllegalActionError, match="already on the route"):
        game.apply(state, game.action_from_text(state, "+AUG"))


def test_t27_houses_do_not_restrict_play() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nhands: 0=ING\nroutes: 0=AUG-MUE\n"
                           "houses: 0=ING 1=ING")
    assert {"ING+", "+ING"} <= legal(game, state)


def test_t28_discard_and_restart() -> None:
    game = tnt()
    voluntary = position(game, "to move: 0\npoint: play\nhands: 0=ING,LOD\nroutes: 0=AUG-MUE")
    assert {"/ING", "/LOD", "ING+", "+ING"} == legal(game, voluntary)
    forced = position(game, "to move: 0\npoint: play\nhands: 0=LOD,BAS\nroutes: 0=AUG-MUE")
    assert legal(game, forced) == {"/LOD", "/BAS"}
    after = act(game, forced, "/BAS")
    assert route(game, after, 0) == "BAS" and game.board.cards_text(after.discards) == "AUG,MUE"


def test_t29_postal_carrier_extends_only() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nhands: 0=ZUE,FRE,LOD\nroutes: 0=AUG-MUE")
    restarted = act(game, state, "/ZUE")
    assert "PC" in legal(game, restarted)
    carrier = act(game, restarted, "PC")
    assert legal(game, carrier) == {"+FRE"}
    with pytest.raises(IllegalActionError, match="never restart"):
        game.apply(carrier, game.action_from_text(carrier, "/LOD"))


def test_t30_an_empty_hand_skips_the_play() -> None:
    game = tnt()
    state = position(game, "to move: 0\nroutes: 0=AUG-MUE-ING\ndisplay: [_ _ _ _ _ _]\n"
                           "deck: ...")
    state = deck_to_hand(game, state, 1)
    assert state.point.name == "AFTER_PLAY" and route(game, state, 0) == "AUG-MUE-ING"
    short = position(game, "to move: 0\nroutes: 0=AUG-MUE\ndisplay: [_ _ _ _ _ _]\ndeck: ...")
    short = deck_to_hand(game, short, 1)
    assert short.current == 1 and route(game, short, 0) == "AUG-MUE"
