"""Auction rules P15-P25 of Suitors' Paths that test_rules.py and test_worked_examples.py leave
out.

Already covered there: P16 (test_p16_p17_…), P18, P19, P20 (test_p20_p23_p25_…) and P22
(test_geometry.py's test_p22_… and E21). Players A–D are engine seats 0–3.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.suitors_paths.state import NONE, Step
from tests.games.suitors_paths.helpers import A, B, C, D, act, example, hand, legal, sp

AUCTION = "step: auction\nto move: A\nhands: A=GGGGGG B=YYYYYY C=RRRRRR D=KKKKKK\n"
GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"


def test_p15_the_first_opener_is_drawn_at_random() -> None:
    game = sp(4)
    openers: Counter[int] = Counter()
    for seed in range(60):
        state = game.initial_state(seed)
        assert state.current == state.opener and state.step == Step.AUCTION
        observation = game.observation(state, None)
        assert observation["auction"]["opener"] == state.opener
        assert observation["log"][-1]["kind"] == "opener"
        openers[state.opener] += 1
    assert set(openers) == {A, B, C, D} and min(openers.values()) >= 6


def test_p17_bidding_goes_clockwise_among_placeless_bidders_who_have_not_passed() -> None:
    game = sp()
    state = act(game, game.position_from_text(AUCTION), "open 2,1 1")
    assert state.current == B
    state = act(game, state, "pass")
    assert state.current == C
    state = act(game, state, "raise 2", "pass")  # C raises, D passes
    assert state.current == A  # B passed: skipped
    state = act(game, state, "raise 3")
    assert state.current == C  # B and D passed
    assert game.observation(state, None)["auction"]["passed"] == [B, D]
    with pytest.raises(IllegalActionError, match="seat 3"):
        game.action_from_text(state, "2: raise 4")  # a passed seat cannot act
    state = act(game, state, "pass")
    # A won without being asked again: the turn never came back to the high bidder
    assert state.step == Step.PAY and state.current == A
    state = act(game, state, "pay GGG")
    # the pass lasted for that auction only: B, who passed, opens the next one
    assert state.current == B and state.step == Step.AUCTION
    state = act(game, state, "open 4,1 0")
    assert state.current == C  # A is placed and takes no part
    state = act(game, state, "pass")
    assert state.current == D
    state = act(game, state, "raise 1", "pass")
    assert state.current == D and state.step == Step.PAY  # only B and D could bid


def test_p21_legal_auction_hexes_are_ring_2_at_loop_distance_2() -> None:
    game = sp()
    state = act(game, game.position_from_text(AUCTION), "open 2,1 0", "pass", "pass", "pass")
    assert state.current == B
    assert game.observation(state, B)["auction"]["legal_hexes"] == ["4,1", "1,3"]
    assert {t.split()[1] for t in legal(game, state)} == {"4,1", "1,3"}
    for text, why in (("open 2,2 0", "not on ring 2 (P21)"),  # ring 3
                      ("open 2,0 0", "not on ring 2 (P21)"),  # the path
                      ("open 2,1 0", "a suitor already stands on 2,1 (P21)"),
                      ("open 3,1 0", "exactly 2; legal: 4,1 1,3 (P21)"),  # distance 1
                      ("open 2,3 0", "exactly 2; legal: 4,1 1,3 (P21)")):  # distance 3
        with pytest.raises(IllegalActionError, match=why.replace("(", r"\(").replace(")", r"\)")):
            game.apply(state, game.action_from_text(state, text))
    state = act(game, state, "open 1,3 0", "pass", "pass")
    # the nearest start counts: 3,3 is 4 from 2,1 on the ring-2 loop but 2 from 1,3
    assert game.observation(state, C)["auction"]["legal_hexes"] == ["4,1", "3,3"]


def test_p23_the_last_player_gets_the_last_hex_without_an_auction() -> None:
    game = sp(3)
    state = game.position_from_text("step: auction\nto move: C\n"
                                    "hands: A=GGGGGG B=YYYYYY C=RRRRRR\n")
    state = act(game, state, "open 2,1 2", "pass", "pass", "pay RR")
    assert state.current == A  # the first placeless seat after the opener C
    assert game.observation(state, A)["auction"]["legal_hexes"] == ["3,2", "1,3"]
    state = act(game, state, "open 3,2 0", "raise 1", "pass", "pay Y")
    observation = game.observation(state, None)
    assert observation["suitors"] == ["1,3", "3,2", "2,1"]  # A: the only hex left
    assert observation["turn_order"] == [C, B, A]
    assert hand(state, A) == "GGGGGG"  # keeps all hand cards
    last = [entry for entry in observation["log"] if entry["kind"] == "last_place"]
    assert [(entry["seat"], entry["hex"]) for entry in last] == [(A, "1,3")]
    assert state.step == Step.BUILD and state.current == C and state.round == 1


def test_p24_every_bidder_holds_six_cards_so_bids_stop_at_six() -> None:
    game = sp(5)
    rng = random.Random(4)
    for seed in range(20):
        state = game.initial_state(seed)
        while state.step in (Step.AUCTION, Step.PAY):
            if state.step == Step.AUCTION:
                assert sum(state.hands[state.current]) == 6
                texts = legal(game, state)
                if state.auction_hex == NONE:
                    assert {t.split()[2] for t in texts} == set("0123456")
                else:
                    assert texts == {f"raise {b}" for b in range(state.bid + 1, 7)} | {"pass"}
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    state = act(game, game.position_from_text("step: auction\nto move: A\n"
                                              "hands: A=GGGGGG B=YYYYYY\n"), "open 2,1 5")
    assert legal(game, state) == {"raise 6", "pass"}


def test_p25_after_the_auctions_turns_follow_the_turn_order() -> None:
    game = sp()
    state = example(game, GIRLS + "display: GYMGKB\nhands: A=GG B=GG C=GG D=GG\n")
    assert state.turn_order == (C, D, B, A) and state.current == C
    movers = []
    for _ in range(5):
        movers.append((state.current, state.round))
        seat = state.current
        while state.current == seat:
            texts = sorted(legal(game, state))
            state = act(game, state, "end" if "end" in texts else texts[0])
    assert movers == [(C, 1), (D, 1), (B, 1), (A, 1), (C, 2)]
    # girls keep their own clockwise: the path order, not the players' order (P51)
    assert game.observation(state, None)["board"]["path"][:3] == ["2,0", "3,0", "4,0"]
