"""Rules of §5 and safeguards of §6 that the worked examples leave out, one test each."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from ludoteca import IllegalActionError, InvalidActionError, StateFormatError
from ludoteca.games.suitors_paths import actions
from ludoteca.games.suitors_paths.actions import (
    END,
    PASS,
    BuildSegment,
    PayBid,
    RaiseBid,
    TakeDisplay,
)
from ludoteca.games.suitors_paths.board import CORNER, INTERIOR, SIDE
from ludoteca.games.suitors_paths.options import MAX_ROUNDS
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import A, B, C, D, act, example, legal, sp

GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"


def refused(game: object, state: object, text: str, *words: str) -> None:
    """Assert that `text` is refused with a reason naming each of `words`, state unchanged."""
    before = game.to_json(state)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError) as caught:
        game.apply(state, game.action_from_text(state, text))  # type: ignore[attr-defined]
    for word in words:
        assert word in str(caught.value), str(caught.value)
    assert game.to_json(state) == before  # type: ignore[attr-defined]


def to_play(game: object, seed: int) -> object:
    """Return the first state of play after the auctions, everybody passing or bidding 0."""
    state = game.initial_state(seed)  # type: ignore[attr-defined]
    while state.round == 0:
        state = game.apply(state, game.legal_actions(state)[-1])  # type: ignore[attr-defined]
    return state


# -- setup --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_p6_p7_tiles_placed_within_their_category(players: int) -> None:
    game = sp(players)
    for seed in range(5):
        state = game.initial_state(seed)
        board = game.board
        corner = Counter("GYRKB"[state.terrain[h]] for h in range(board.num_hexes)
                         if board.kinds[h] == CORNER)
        assert corner == Counter({"G": 2, "Y": 1, "R": 1, "K": 1, "B": 1})
        sides = Counter("GYRKB"[state.terrain[h]] for h in range(board.num_hexes)
                        if board.kinds[h] == SIDE)
        assert all(count <= 2 for count in sides.values())
        interior = Counter("GYRKB"[state.terrain[h]] for h in range(board.num_hexes)
                           if board.kinds[h] == INTERIOR)
        assert all(interior[t] <= limit for t, limit in zip("GYRKB", (4, 3, 3, 2, 2),
                                                            strict=True))


def test_p7_uniform_terrain_split_on_five_players() -> None:
    game = sp(5, terrain_split="uniform")
    state = game.initial_state(1)
    assert Counter(state.terrain) == Counter({t: 6 for t in range(5)})


@pytest.mark.parametrize(("players", "options", "pairs"),
                         [(2, {}, 0), (3, {}, 0), (4, {}, 0), (5, {}, 2),
                          (5, {"five_player_girls": 8}, 0)])
def test_p9_p10_girls_placed_with_fewest_adjacent_pairs(
    players: int, options: dict[str, object], pairs: int
) -> None:
    game = sp(players, **options)
    seen = set()
    for seed in range(30):
        girls = game.initial_state(seed).girls
        places = tuple(i for i, stack in enumerate(girls) if stack is not None)
        assert len(places) == game.settings.girls
        assert sum(girls[(i + 1) % len(girls)] is not None for i in places) == pairs
        seen.add(places)
    assert len(seen) > 1  # drawn at random


def test_p13_s2_deal_and_determinism() -> None:
    game = sp(3)
    state = game.initial_state(42)
    assert [sum(hand) for hand in state.hands] == [6, 6, 6]
    assert len(state.deck) == 60 - 18 - 6 and state.discards == ()
    assert game.to_json(game.initial_state(42)) == game.to_json(state)
    assert game.to_json(game.initial_state(43)) != game.to_json(state)
    assert state.step == Step.AUCTION and state.current == state.opener


# -- auctions -----------------------------------------------------------------------------------

AUCTION = "step: auction\nto move: A\nhands: A=GGGGGG B=YYYYYY C=RRRRRR D=KKKKKK\n"


def test_p16_p17_opening_raising_and_passing() -> None:
    game = sp()
    state = game.position_from_text(AUCTION)
    assert len([t for t in legal(game, state) if t.startswith("open")]) == 8 * 7
    state = act(game, state, "open 3,1 2")
    assert legal(game, state) == {"raise 3", "raise 4", "raise 5", "raise 6", "pass"}
    refused(game, state, "raise 2", "more than the bid of 2", "P17")
    refused(game, state, "open 2,1 3", "P17")


def test_p18_an_auction_ends_as_soon_as_the_bid_is_6() -> None:
    game = sp()
    state = act(game, game.position_from_text(AUCTION), "open 3,1 6")
    assert state.step == Step.PAY and state.current == A
    assert len(legal(game, state)) == 1  # the whole hand
    state = act(game, state, "pay GGGGGG")
    assert state.current == B and game.observation(state, None)["suitors"][A] == "3,1"


def test_p18_p19_everybody_passes_on_the_opening_bid() -> None:
    game = sp()
    state = act(game, game.position_from_text(AUCTION), "open 2,1 0", "pass", "pass", "pass")
    assert state.current == B and state.step == Step.AUCTION
    assert state.turn_order == (A,) and sum(state.hands[A]) == 6


def test_p19_pay_exactly_the_bid_from_the_hand() -> None:
    game = sp()
    state = act(game, game.position_from_text(AUCTION), "open 2,1 2", "pass", "pass", "pass")
    assert legal(game, state) == {"pay GG"}
    refused(game, state, "pay G", "exactly 2 cards", "P19")
    refused(game, state, "pay YY", "does not hold")


def test_p20_p23_p25_next_openers_last_place_and_turn_order() -> None:
    game = sp()
    state = act(game, game.position_from_text(AUCTION), "open 2,1 1", "raise 2", "pass", "pass",
                "pass", "pay YY")
    # B won; the next opener is the first placeless seat after the last opener A (P20)
    assert state.current == C and state.step == Step.AUCTION
    state = act(game, state, "open 4,1 0", "pass", "pass")
    assert state.current == D  # the first placeless seat after C
    state = act(game, state, "open 1,3 0", "pass")
    observation = game.observation(state, None)
    assert observation["suitors"] == ["3,3", "2,1", "4,1", "1,3"]  # A's hex is automatic
    assert observation["turn_order"] == [B, C, D, A]
    assert state.round == 1 and state.current == B and state.step == Step.BUILD
    assert sum(state.hands[A]) == 6


# -- building -----------------------------------------------------------------------------------

def test_p38_p44_one_route_per_turn_from_its_head() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=YYYY\nto move: C\n")
    state = act(game, state, "build 1,1/SE-S Y")
    texts = legal(game, state)
    assert all(t.startswith("build 1,1/S-") or t.startswith("build 0,2/") or t == "end"
               or t.startswith("build 1,2/") for t in texts)
    refused(game, state, "build 2,1/NE-SE G", "head 1,1/S", "P38")
    assert "scrap" not in texts  # P40: only as the first action


def test_p45_an_unfinished_route_keeps_its_head_marker() -> None:
    game = sp()
    state = act(game, example(game, GIRLS + "hands: C=YY\nto move: C\n"), "build 1,1/SE-S Y",
                "end")
    observation = game.observation(state, None)
    assert observation["heads"][C] == [3, 5] and observation["markers"][C] == 5
    assert observation["routes"][C][0]["connected"] is False
    assert [e["kind"] for e in observation["log"]][:2] == ["build", "end_build"]


def test_p46_no_route_without_a_marker() -> None:
    game = sp()
    state = example(game, "girls: 2,0=C 4,0=C 5,1=C 4,3=C 2,4=C 0,4=C 0,2\nhands: C=YYYY\n"
                          "to move: C\n")
    assert legal(game, state) == {"end"}
    refused(game, state, "build 1,1/SE-S Y", "P46")


def test_p48_the_supply_reaching_zero_keeps_only_the_same_route() -> None:
    game = sp()
    state = act(game, example(game, GIRLS + "supply: 1\nhands: C=YYYY\nto move: C\n"),
                "build 1,1/SE-S Y")
    assert state.supply == 0 and state.exhausted
    assert "build 0,2/NE-C G" not in legal(game, state)  # C holds no G
    state = act(game, state, "build 1,1/S-SW YY")
    assert game.observation(state, None)["routes"][C][0]["blocks"] == 1
    state = act(game, state, "end")
    assert game.is_terminal(state) and state.end_reason == "blocks_exhausted"


# -- girls and cards ----------------------------------------------------------------------------

def test_p54_the_girl_move_is_compulsory() -> None:
    game = sp()
    state = act(game, example(game, GIRLS + "to move: C\n"), "end")
    assert state.step == Step.GIRL and "end" not in legal(game, state)
    assert all(t.startswith("girl ") for t in legal(game, state))


def test_p56_p63_the_card_step_is_skipped_in_the_final_round() -> None:
    game = sp()
    state = example(game, GIRLS + "final round: D 2\nto move: B\n")
    state = act(game, state, "end", "girl 2,0 cw")
    assert state.current == A and sum(state.hands[B]) == 0
    assert game.observation(state, None)["final_round"] == {"trigger": D, "turns_left": 1}
    state = act(game, state, "end", "girl 3,0 ccw")
    assert game.is_terminal(state) and state.end_reason == "sixth_connection"
    assert state.last_turn == A


def test_p57_p59_the_second_card_is_compulsory_and_cannot_mix() -> None:
    game = sp()
    state = example(game, "display: GYMGKB\ndeck: RYB ...\nstep: cards\nto move: C\n")
    assert legal(game, state) == {"take 1", "take 2", "take 3", "take 4", "take 5", "take 6",
                                  "take deck", "take all G", "take all Y", "take all K",
                                  "take all B", "take all M"}
    state = act(game, state, "take 1")
    assert legal(game, state) == {"take 2", "take 3", "take 4", "take 5", "take 6",
                                  "take deck"}


def test_p62_take_deck_is_illegal_with_no_card_left() -> None:
    game = sp()
    state = example(game, "display: GYRKB_\ndeck:\ndiscards:\nstep: cards\nto move: C\n"
                          "hands: A=GGGGGGGGGGG B=YYYYYYYYYRRRRRRRRR C=KKKKKKKBBBBBBB "
                          "D=MMMMMMMMMMMM\n")
    assert "take deck" not in legal(game, state)
    refused(game, state, "take deck", "P62")


# -- end and safeguards -------------------------------------------------------------------------

def test_s1_stall_guard_ends_the_game_after_idle_rounds() -> None:
    game = sp(2, stall_guard_rounds=1)
    state = to_play(game, 5)
    turns = 0
    while not game.is_terminal(state):
        legal_actions = game.legal_actions(state)
        if END in legal_actions:
            state = game.apply(state, END)
            turns += 1
        else:
            state = game.apply(state, legal_actions[0])
    assert state.end_reason == "stall_guard" and turns == 2
    assert game.observation(state, None)["end_reason"] == "stall_guard"


def test_s1_round_cap() -> None:
    game = sp(2, stall_guard_rounds=None)
    state = to_play(game, 5)
    state = game.from_json({**game.to_json(state), "turns": MAX_ROUNDS * 2 - 1})
    while not game.is_terminal(state):
        legal_actions = game.legal_actions(state)
        state = game.apply(state, END if END in legal_actions else legal_actions[0])
    assert state.end_reason == "round_cap" and state.turns == MAX_ROUNDS * 2


def test_max_game_length_is_a_hard_bound() -> None:
    for players in (2, 5):
        game = sp(players)
        assert game.max_game_length == 12 * (players - 1) + 16 * MAX_ROUNDS * players


# -- notation -----------------------------------------------------------------------------------

def test_s8_seat_prefix_alias_and_card_order() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=GGYY\nto move: C\n")
    assert game.action_from_text(state, "3: build 2,1/N-NE G") == \
        game.action_from_text(state, "build 3,0/SW-S G")
    assert game.action_to_text(state, game.action_from_text(state, "build 2,1/N-NE G")) == \
        "build 3,0/SW-S G"
    with pytest.raises(IllegalActionError, match="seat 3"):
        game.action_from_text(state, "1: end")
    auction = act(game, game.position_from_text(AUCTION), "open 2,1 3", "pass", "pass", "pass")
    assert game.action_from_text(auction, "pay GGG") == PayBid("GGG")
    pay = game.position_from_text("step: auction\nto move: C\nhands: C=GYKMGG\n")
    pay = act(game, pay, "open 2,1 4", "pass", "pass", "pass")
    assert game.action_from_text(pay, "pay MKYG") == PayBid("GYKM")
    assert game.action_to_text(pay, PayBid("GYKM")) == "pay GYKM"


@pytest.mark.parametrize("text", [
    "open 9,9 1", "open 2,1 7", "raise", "raise 10", "build 2,1/N-SE G", "build 2,1/N-NE",
    "build 2,1/X-C G", "build 2,1 G", "girl 2,0 left", "take 7", "take all X", "take all",
    "discard", "pay 3", "Build 2,1/N-NE G", "take  3",
])
def test_s8_malformed_text_is_invalid(text: str) -> None:
    game = sp()
    state = example(game, GIRLS + "to move: C\n")
    with pytest.raises(InvalidActionError):
        game.action_from_text(state, text)


def test_s8_action_reprs_paste_back() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=GGYY\nto move: C\n")
    for action in game.legal_actions(state):
        assert eval(repr(action), vars(actions)) == action  # the repr's promise
    assert RaiseBid(3) != TakeDisplay(3) and PASS != END
    assert repr(BuildSegment((4, 4), (3, 5), "Y")) == "BuildSegment((4, 4), (3, 5), 'Y')"


def test_ids_round_trip_for_every_kind_of_action() -> None:
    game = sp(5)
    rng = random.Random(3)
    seen = set()
    for seed in range(4):
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            for action in game.legal_actions(state):
                action_id = game.action_to_id(action)
                assert game.action_from_id(state, action_id) == action
                seen.add(type(action).__name__)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert len(seen) >= 11


# -- information --------------------------------------------------------------------------------

def test_p14_s3_observations_hide_hands_and_deck_order() -> None:
    game = sp(3)
    state = game.initial_state(9)
    for seat in (None, 0, 1, 2):
        observation = game.observation(state, seat)
        assert observation["hand"] == (None if seat is None else
                                       "".join(c * n for c, n in zip("GYRKBM", state.hands[seat],
                                                                     strict=True)))
        assert observation["unseen_counts"] == [6, 6, 6]
        assert "deck" not in observation
    twin = game.resample(state, 0, random.Random(1))
    assert twin.hands[0] == state.hands[0]
    assert game.observation(twin, 0) == game.observation(state, 0)


def test_undoable_actions() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=YY\ndisplay: GYMGKB\nto move: C\n")
    assert game.undoable(state, game.action_from_text(state, "build 1,1/SE-S Y"))
    assert game.undoable(state, END)
    state = act(game, state, "end", "girl 2,0 cw")
    assert state.step == Step.CARDS
    assert game.undoable(state, TakeDisplay(1))
    assert not game.undoable(state, game.action_from_text(state, "take deck"))
    assert not game.undoable(state, game.action_from_text(state, "take all G"))
    assert not game.undoable(act(game, state, "take 2"), TakeDisplay(1))
    auction = game.position_from_text(AUCTION)
    assert not game.undoable(auction, game.legal_actions(auction)[0])


# -- codec and positions ------------------------------------------------------------------------

def test_from_json_refuses_inconsistent_states() -> None:
    game = sp()
    state = to_play(game, 1)
    data = game.to_json(state)
    assert game.from_json(data) == state
    for change in ({"supply": 121}, {"hands": [[9, 0, 0, 0, 0, 0]] * 4},
                   {"step": 9}, {"current": 7}, {"terrain": [0] * 3}, {"occupied": [3]}):
        with pytest.raises(StateFormatError):
            game.from_json({**data, **change})
    with pytest.raises(StateFormatError):
        game.from_json({k: v for k, v in data.items() if k != "girls"})


@pytest.mark.parametrize("text", [
    "board: GGBY", "suitors: Z=2,1", "suitors: C=9,9", "girls: 2,1", "hands: C=XX",
    "step: flying", "routes: C=1,1/SE-S", "hands: A=GGGGGGGGGGGGG", "nonsense: 1",
    "suitors: C=2,1 D=4,1 B=1,3 A=3,3\nroutes: C=0,2/NE-C",
])
def test_positions_refuse_bad_text(text: str) -> None:
    with pytest.raises(StateFormatError):
        sp().position_from_text(text)


def test_positions_read_the_example_board() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: B=GY\nknown: B=G\nto move: B\n")
    observation = game.observation(state, A)
    assert [h["terrain"] for h in observation["board"]["hexes"]][:4] == ["G", "G", "B", "Y"]
    assert observation["known_cards"][B] == "G" and observation["unseen_counts"][B] == 1
    assert observation["current_player"] == B and observation["step"] == "build"
    assert replace(state, seed=state.seed) == state


def test_position_text_round_trip_during_play() -> None:
    game = sp(4)
    rng = random.Random(2)
    checked = 0
    for seed in range(3):
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            if state.round and not (state.scrapped or state.took_colour or state.exhausted):
                back = game.position_from_text(game.position_to_text(state))
                for name in ("terrain", "step", "current", "round", "starts", "turn_order",
                             "girls", "hands", "known", "display", "deck", "discards",
                             "supply", "routes", "occupied", "built", "connected", "taken",
                             "final_trigger", "turns_left", "last_turn", "seed"):
                    assert getattr(back, name) == getattr(state, name), name
                checked += 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert checked > 300


def test_positions_read_the_rules_fixture_row_strings() -> None:
    game = sp()
    fixture = game.position_from_text(
        'board: r0 "GGBY", r1 "YGGRR", r2 "GYBKYR", r3 "KRGRB", r4 "BYGK"\n' + GIRLS)
    assert fixture.terrain == example(game, GIRLS).terrain
