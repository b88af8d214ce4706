"""Girl and card rules P49-P62 of Suitors' Paths that test_rules.py and test_worked_examples.py
leave out.

Already covered there: P54 (and E17), P56, P57 (test_p57_p59_…) and P62. The 4-player path, in
loop order (§4.6): 0 2,0  1 3,0  2 4,0  3 5,0  4 5,1  5 5,2  6 4,3  7 3,4  8 2,4  9 1,4
10 0,4  11 0,3  12 0,2  13 1,1.
"""

from __future__ import annotations

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import B, C, D, act, example, hand, legal, sp, stack_on

CARDS = "display: GYMGKB\ndeck: RYB ...\nstep: cards\n"


def refused(game: SpGame, state: SpState, text: str, why: str) -> None:
    """Assert that `text` is refused with a reason containing `why`, the state unchanged."""
    before = game.to_json(state)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(state, game.action_from_text(state, text))
    assert why in str(caught.value), str(caught.value)
    assert game.to_json(state) == before


def girls_on(game: SpGame, state: SpState) -> list[str]:
    """Return the hexes with a girl, in path order."""
    return [girl["hex"] for girl in game.observation(state, None)["girls"]]


def test_p49_the_girl_step_is_skipped_when_every_girl_is_routed() -> None:
    game = sp()
    state = example(game, "girls: 2,0=A 4,0=B 5,1=C 4,3=D 2,4=A 0,4=B 0,2=C\n"
                          "display: GYMGKB\nto move: C\n")
    state = act(game, state, "end")
    assert state.step == Step.CARDS and state.current == C  # straight to the cards
    log = game.observation(state, None)["log"]
    assert [e["kind"] for e in log][-2:] == ["end_build", "girl_skipped"]
    assert log[-1]["seat"] == C
    # one route-less girl is enough for the step to happen
    one = example(game, "girls: 2,0=A 4,0=B 5,1=C 4,3=D 2,4=A 0,4=B 0,2\n"
                        "display: GYMGKB\nto move: C\n")
    one = act(game, one, "end")
    assert one.step == Step.GIRL and legal(game, one) == {"girl 0,2 cw", "girl 0,2 ccw"}


def test_p50_a_route_less_girl_moves_one_hex() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1=D 4,3 2,4 0,4 0,2\nstep: girl\nto move: C\n")
    assert legal(game, state) == {
        "girl 2,0 cw", "girl 2,0 ccw", "girl 4,0 cw", "girl 4,0 ccw", "girl 4,3 cw",
        "girl 4,3 ccw", "girl 2,4 cw", "girl 2,4 ccw", "girl 0,4 cw", "girl 0,4 ccw",
        "girl 0,2 cw", "girl 0,2 ccw"}  # not the routed girl on 5,1
    refused(game, state, "girl 5,1 cw", "the girl on 5,1 has a marker and never moves again")
    refused(game, state, "girl 3,0 cw", "no girl stands on 3,0")
    refused(game, state, "girl 2,2 cw", "2,2 is not on the path")
    moved = act(game, state, "girl 4,3 cw")
    assert girls_on(game, moved) == ["2,0", "4,0", "5,1", "3,4", "2,4", "0,4", "0,2"]
    entry = game.observation(moved, None)["log"][-1]
    assert (entry["kind"], entry["seat"], entry["hex"], entry["dir"], entry["to"]) == (
        "girl", C, "4,3", "cw", "3,4")
    assert stack_on(game, moved, "3,4") == () and stack_on(game, moved, "4,3") is None


def test_p51_clockwise_is_the_loop_order_modulo_the_path() -> None:
    game = sp()
    state = example(game, "girls: 3,0 5,0 5,2 3,4 1,4 0,3 1,1\nstep: girl\nto move: C\n")
    assert girls_on(game, act(game, state, "girl 1,1 cw"))[0] == "2,0"  # 13 -> 0
    assert girls_on(game, act(game, state, "girl 1,1 ccw"))[-1] == "0,2"  # 13 -> 12
    assert "2,0" in girls_on(game, act(game, state, "girl 3,0 ccw"))  # 1 -> 0
    assert "4,0" in girls_on(game, act(game, state, "girl 3,0 cw"))  # 1 -> 2
    other = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nstep: girl\nto move: C\n")
    assert girls_on(game, act(game, other, "girl 2,0 ccw"))[-1] == "1,1"  # 0 -> 13


def test_p52_a_girl_never_steps_onto_another_girl() -> None:
    game = sp()
    # adjacent girls cannot arise with 4 players; a built position has them
    state = example(game, "girls: 2,0 3,0 5,0=B 5,1 3,4 1,4 0,3\nstep: girl\nto move: C\n")
    assert legal(game, state) == {
        "girl 2,0 ccw", "girl 3,0 cw", "girl 5,1 cw", "girl 3,4 cw", "girl 3,4 ccw",
        "girl 1,4 cw", "girl 1,4 ccw", "girl 0,3 cw", "girl 0,3 ccw"}
    refused(game, state, "girl 2,0 cw", "a girl already stands on 3,0 (P52)")  # route-less
    refused(game, state, "girl 5,1 ccw", "a girl already stands on 5,0 (P52)")  # routed


def test_p53_only_the_girl_connected_this_turn_repels_and_only_within_3() -> None:
    game = sp()
    girls = "girls: 3,0 5,0 5,2 3,4 1,4 0,3 1,1=C\nstep: girl\nto move: C\n"
    every = {f"girl {h} {d}" for h in ("3,0", "5,0", "5,2", "3,4", "1,4", "0,3")
             for d in ("cw", "ccw")}
    assert legal(game, example(game, girls)) == every  # no connection this turn
    state = example(game, girls + "connected: 1,1\n")
    # 3,0 and 0,3 (distance 2) must step away; 5,0 and 1,4 (distance 4) may come to 3
    assert legal(game, state) == every - {"girl 3,0 ccw", "girl 0,3 cw"}
    refused(game, state, "girl 0,3 cw", "closer to 1,1, connected this turn, within 3 hexes")
    # at distance exactly 3, on either side, a step closer is refused
    three = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 1,1=C\nstep: girl\nto move: C\n"
                          "connected: 1,1\n")
    assert legal(game, three) == {
        "girl 2,0 cw", "girl 4,0 cw", "girl 5,1 cw", "girl 5,1 ccw", "girl 4,3 cw",
        "girl 4,3 ccw", "girl 2,4 cw", "girl 2,4 ccw", "girl 0,4 ccw"}


def test_p55_routes_heads_and_blocks_never_hinder_a_girl() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 1,4 0,3\nroutes: C=1,1/SE-S\n"
                          "step: girl\nto move: D\n")
    assert game.observation(state, None)["heads"][C] == [3, 5]  # 1,1/S, also 0,2/NE
    texts = legal(game, state)
    assert {"girl 2,0 ccw", "girl 0,3 cw"} <= texts  # onto 1,1 and 0,2, by C's route
    assert "1,1" in girls_on(game, act(game, state, "girl 2,0 ccw"))
    assert "0,2" in girls_on(game, act(game, state, "girl 0,3 cw"))


def test_p58_taking_every_display_card_of_one_colour() -> None:
    game = sp()
    state = example(game, "display: MMGMYM\ndeck: RYBK ...\nstep: cards\nhands: D=GGYYRR\n"
                          "to move: D\n")
    texts = legal(game, state)
    assert {t for t in texts if t.startswith("take all")} == {
        "take all G", "take all Y", "take all M"}  # only colours on display
    refused(game, state, "take all R", "the display holds no R card (P58)")
    state = act(game, state, "take all M")  # multicolour is a colour: 4 cards
    assert hand(state, D) == "GGYYRRMMMM" and state.current == B  # no second take
    assert game.observation(state, None)["display"] == list("RYGBYK")
    assert game.observation(state, None)["known_cards"][D] == "MMMM"
    six = example(game, "display: GGGGGG\nstep: cards\nhands: D=YY\nto move: D\n")
    assert legal(game, six) == {"take 1", "take 2", "take 3", "take 4", "take 5", "take 6",
                                "take deck", "take all G"}
    assert hand(act(game, six, "take all G"), D) == "GGGGGGYY"


def test_p59_the_card_step_is_compulsory_while_a_card_is_left() -> None:
    game = sp()
    # every card but one is in a hand: the single display card must be taken, and is enough
    state = example(game, "display: G_____\ndeck:\ndiscards:\nstep: cards\n"
                          "hands: A=GGGGGGGGGGGYYYYYYYYYY B=RRRRRRRRRRKKKKKKKK C=BBBBBBBB "
                          "D=MMMMMMMMMMMM\nto move: C\n")
    assert legal(game, state) == {"take 1", "take all G"}
    state = act(game, state, "take 1")
    assert hand(state, C) == "GBBBBBBBB" and state.current == D and state.step == Step.BUILD
    assert game.observation(state, None)["display"] == [None] * 6
    mixed = act(game, example(game, CARDS + "hands: C=GG\nto move: C\n"), "take 2")
    assert mixed.step == Step.CARDS and mixed.current == C  # the second card is due
    refused(game, mixed, "take all G", "options A and B are not mixed (P59)")
    refused(game, mixed, "end", "not the build step")


def test_p60_a_hand_over_ten_is_cut_to_exactly_ten() -> None:
    game = sp()
    state = example(game, CARDS + "hands: D=GGYYRRKBB\nto move: D\n")
    state = act(game, state, "take 1", "take 2")
    assert state.step == Step.DISCARD and hand(state, D) == "GGGYYYRRKBB"
    assert legal(game, state) == {"discard G", "discard Y", "discard R", "discard K",
                                  "discard B"}
    refused(game, state, "discard GY", "exactly 1 cards must go (the hand size minus 10), "
                                       "not 2 (P60)")
    refused(game, state, "discard M", "does not hold M")
    state = act(game, state, "discard R")
    assert hand(state, D) == "GGGYYYRKBB" and state.current == B
    assert game.observation(state, None)["discard_pile"] == ["R"]
    twelve = act(game, example(game, CARDS + "hands: D=GGYYRRKKBB\nto move: D\n"), "take all G")
    assert len(legal(game, twelve)) == 15  # every 2 of G G G G Y Y R R K K B B
    assert game.action_from_text(twelve, "discard KG") == game.action_from_text(twelve,
                                                                                "discard GK")
    assert hand(act(game, twelve, "discard KG"), D) == "GGGYYRRKBB"
    ten = act(game, example(game, CARDS + "hands: D=GGYYRRKB\nto move: D\n"), "take 1", "take 2")
    assert ten.current == B and hand(ten, D) == "GGGYYYRRKB"  # exactly 10: nothing to cut


def test_p61_the_display_is_refilled_in_slot_order_after_taking() -> None:
    game = sp()
    state = example(game, CARDS + "hands: C=GG\nto move: C\n")
    state = act(game, state, "take 5")
    assert game.observation(state, None)["display"] == ["G", "Y", "M", "G", None, "B"]
    state = act(game, state, "take 2")
    observation = game.observation(state, None)
    assert observation["display"] == list("GRMGYB")  # slot 2 <- R, then slot 5 <- Y
    assert observation["deck_size"] == 60 - 2 - 6 - 2  # all but C's 2 and the display's 6
    refill = [e for e in observation["log"] if e["kind"] == "refill"]
    assert [e["slots"] for e in refill] == [{"2": "R", "5": "Y"}]
    assert state.deck[0] == 4  # B is now on top
