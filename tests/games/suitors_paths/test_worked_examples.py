"""The worked examples of §7, built with the positions API, with their exact legal sets.

Players A–D are engine seats 0–3; the example board and the suitors after E18 come from
`helpers.example`. E1 and E2 (point keys, segment names) are in test_geometry.py, and the example
record of §8.4 in test_notation.py.
"""

from __future__ import annotations

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.suitors_paths import SpGame
from ludoteca.games.suitors_paths.actions import BuildSegment
from ludoteca.games.suitors_paths.flow import score_stacks, tie_order
from ludoteca.games.suitors_paths.moves import auction_hexes
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import (
    EXAMPLE_BOARD,
    A,
    B,
    C,
    D,
    act,
    example,
    hand,
    legal,
    sp,
    stack_on,
)

E9 = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nhands: C=GY\nto move: C\n"


def refused(game: object, state: object, text: str, *words: str) -> None:
    """Assert that `text` is refused with a reason naming each of `words`."""
    with pytest.raises(IllegalActionError) as caught:
        game.apply(state, game.action_from_text(state, text))  # type: ignore[attr-defined]
    for word in words:
        assert word in str(caught.value), str(caught.value)


def cost(game: SpGame, segment: str) -> str:
    """Return the colour letter one card of which pays `segment` on the example board."""
    state = example(game, E9)
    action = game.action_from_text(state, f"build {segment} G")
    assert isinstance(action, BuildSegment)
    board = game.board
    frm, to = board.point_index[action.frm], board.point_index[action.to]
    return "GYRKBM"[game.needs(state.terrain)[board.segment_between[(min(frm, to),
                                                                     max(frm, to))]]]


@pytest.mark.parametrize(("segment", "colour"), [("2,2/N-C", "B"), ("3,2/N-C", "K"),
                                                 ("0,2/NE-C", "G")])
def test_e3_spoke_costs(segment: str, colour: str) -> None:
    assert cost(sp(), segment) == colour


@pytest.mark.parametrize(("segment", "colour"), [("2,1/NE-SE", "G"), ("2,0/SE-NE", "G"),
                                                 ("3,0/SW-S", "G"), ("1,1/SE-S", "Y")])
def test_e4_interior_sides_of_one_terrain(segment: str, colour: str) -> None:
    assert cost(sp(), segment) == colour


@pytest.mark.parametrize("segment", ["2,2/NE-SE", "2,3/SW-S", "2,2/S-SW"])
def test_e5_interior_sides_of_two_terrains_cost_multicolour(segment: str) -> None:
    assert cost(sp(), segment) == "M"


@pytest.mark.parametrize("segment", ["2,0/NW-N", "4,3/SE-S", "5,1/NE-SE"])
def test_e6_boundary_sides_cost_multicolour(segment: str) -> None:
    assert cost(sp(), segment) == "M"


@pytest.mark.parametrize(("segment", "colour"), [("2,0/NW-N", "G"), ("4,3/SE-S", "B"),
                                                 ("5,1/NE-SE", "R")])
def test_e6_boundary_sides_with_adjacent_option(segment: str, colour: str) -> None:
    assert cost(sp(boundary_side_cost="adjacent"), segment) == colour


def test_e7_paying_with_pairs() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nhands: C=YYGGRRKKBBMM\n"
                          "to move: C\n")
    texts = legal(game, state)
    assert {t for t in texts if t.startswith("build 1,1/SE-S ")} == {
        f"build 1,1/SE-S {p}" for p in ("Y", "GG", "RR", "KK", "BB", "MM")}
    refused(game, state, "build 1,1/SE-S YY", "P32")
    refused(game, state, "build 1,1/SE-S GY", "P32")
    refused(game, state, "build 1,1/SE-S M", "P31")
    refused(game, state, "build 1,1/SE-S GGG", "P32")
    assert "build 2,1/NE-SE G" in texts  # E4: a side of C's own hex, both G
    # 2,2/NE-SE needs M: M itself or any identical non-M pair (C's head on 2,2/NE)
    head = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nroutes: C=3,1/SW-S\n"
                         "hands: C=YYGGMM\nto move: C\n")
    assert {t for t in legal(game, head) if t.startswith("build 2,2/NE-SE ")} == {
        "build 2,2/NE-SE M", "build 2,2/NE-SE YY", "build 2,2/NE-SE GG"}


def test_e8_suitor_spokes_are_pre_built() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nhands: C=GGGGYYMM\n")
    assert not any(text.startswith("build 2,1/") and "C" in text.split("/")[1].split(" ")[0]
                   for text in legal(game, state))
    refused(game, state, "build 2,1/N-C G", "P34")
    # D's head on 2,0/SE (= 2,1/N): D may build 3,0/SW-S (G), a side of C's hex
    d_head = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nhands: D=G\nto move: D\n"
                           "routes: D=4,0/S-SW|3,0/SE-NE|3,0/NE-N|3,0/N-NW|2,0/NE-SE\n")
    assert game.observation(d_head, None)["heads"][D] == [5, 1]
    assert legal(game, d_head) == {"build 3,0/SW-S G", "build 2,0/SE-S G",  # C's hex sides
                                   "build 2,0/SE-C G", "scrap", "end"}
    refused(game, d_head, "build 2,1/N-C G", "P34")


def test_e9_a_route_connecting_to_a_girl() -> None:
    game = sp()
    state = example(game, E9)
    state = act(game, state, "build 1,1/SE-S Y")
    assert state.supply == 119
    assert legal(game, state) == {"build 0,2/NE-C G", "end"}
    state = act(game, state, "build 0,2/NE-C G")
    assert stack_on(game, state, "0,2") == (C,)
    assert state.supply == 118 and state.step == Step.GIRL
    observation = game.observation(state, C)
    assert observation["markers"][C] == 5 and observation["connections"][C] == 1
    assert observation["discard_pile"] == ["Y", "G"]
    assert observation["routes"][C] == [{"points": [[4, 4], [3, 5], [2, 6]], "connected": True,
                                         "girl": "0,2", "blocks": 2}]
    assert "end" not in legal(game, state)  # the build step ended with the connection
    assert not any(text.startswith("girl 0,2") for text in legal(game, state))  # routed
    kinds = [entry["kind"] for entry in observation["log"]]
    assert kinds == ["build", "build", "connect"]


def test_e10_through_an_interior_centre_or_along_a_side() -> None:
    game = sp()
    girls = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
    through = act(game, example(game, girls + "hands: B=GGG\nto move: B\n"),
                  "build 2,3/SW-C G", "build 2,3/C-S G", "build 2,4/NW-C G")
    assert stack_on(game, through, "2,4") == (B,) and through.supply == 117
    assert game.observation(through, None)["discard_pile"] == ["G", "G", "G"]
    along = act(game, example(game, girls + "hands: B=MG\nto move: B\n"),
                "build 2,3/SW-S M", "build 2,4/NW-C G")
    assert stack_on(game, along, "2,4") == (B,) and along.supply == 118
    assert game.observation(along, None)["discard_pile"] == ["M", "G"]


E11 = ("girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2=C\nroutes: C=1,1/SE-S|0,2/NE-C "
       "B=1,2/S-C|1,2/C-NW\nhands: B=GGMMYY\nto move: B\n")


def test_e11_reserved_and_occupied_segments() -> None:
    game = sp()
    state = example(game, E11)
    assert game.observation(state, None)["heads"][B] == [3, 5]  # 1,1/S, on C's route
    assert state.supply == 116
    refused(game, state, "build 1,1/S-C Y", "perimeter hex 1,1", "no girl", "P35")
    refused(game, state, "build 0,2/NE-C G", "P36")
    refused(game, state, "build 1,1/S-SE Y", "P36")


def test_e12_second_marker_on_the_same_girl() -> None:
    game = sp()
    state = act(game, example(game, E11), "build 1,1/S-SW M", "build 0,2/N-C G")
    assert stack_on(game, state, "0,2") == (C, B)
    assert state.supply == 114
    alternative = example(game, E11.replace("B=1,2/S-C|1,2/C-NW", "B=1,2/S-C"))
    alternative = act(game, alternative, "build 1,2/C-SW Y", "build 0,2/SE-C G")
    assert stack_on(game, alternative, "0,2") == (C, B)


def test_e13_simple_path() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nhands: B=YYM\nto move: B\n")
    state = act(game, state, "build 1,2/S-C Y", "build 1,2/C-SE Y")
    refused(game, state, "build 1,2/SE-S M", "P37")


def test_e14_unfinished_route_and_scrapping() -> None:
    game = sp()
    girls = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
    state = example(game, girls + "hands: A=GGMB\nto move: A\n")
    state = act(game, state, "build 2,3/NE-C G", "build 2,3/C-NW G", "build 2,2/S-SW M", "end")
    assert state.supply == 117
    assert game.observation(state, None)["heads"][A] == [5, 7]  # 1,2/SE, a corner of B's hex
    assert game.observation(state, None)["markers"][A] == 5
    state = example(game, girls + "routes: A=2,3/NE-C|2,3/C-NW|2,2/S-SW\nhands: A=B\n"
                    "discards: GGM\nto move: A\n")
    assert state.supply == 117
    assert "scrap" in legal(game, state)
    scrapped = act(game, state, "scrap")
    assert scrapped.supply == 120 and scrapped.routes[A] == ()
    assert game.observation(scrapped, None)["markers"][A] == 6
    assert game.observation(scrapped, None)["discard_pile"] == ["G", "G", "M"]  # no refund
    assert "scrap" not in legal(game, scrapped)
    connected = act(game, scrapped, "build 4,3/SW-C B")
    assert stack_on(game, connected, "4,3") == (A,)
    refused(game, state, "build 2,3/NE-C G", "P38")  # the unfinished route comes first


def test_e15_a_full_girl() -> None:
    game = sp()
    full = example(game, "girls: 2,0 5,0=BDAC 5,2 3,4 1,4 0,3 1,1\nhands: D=Y\nto move: D\n")
    refused(game, full, "build 5,0/SW-C Y", "P42")
    three = example(game, "girls: 2,0 5,0=BDA 5,2 3,4 1,4 0,3 1,1\nhands: D=Y\nto move: D\n")
    assert stack_on(game, act(game, three, "build 5,0/SW-C Y"), "5,0") == (B, D, A, D)


def test_e16_girl_moves_under_the_3_hex_rule() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,0=B 4,3 1,4 0,3 0,2=C\nroutes: C=1,1/SE-S|0,2/NE-C\n"
                          "step: girl\nconnected: 0,2\nto move: C\n")
    assert legal(game, state) == {"girl 2,0 cw", "girl 4,0 ccw", "girl 4,3 cw", "girl 4,3 ccw",
                                  "girl 1,4 ccw", "girl 0,3 ccw"}
    refused(game, state, "girl 2,0 ccw", "P53")
    refused(game, state, "girl 4,0 cw", "P52")
    refused(game, state, "girl 5,0 cw", "never moves")
    refused(game, state, "girl 1,4 cw", "P53")  # to 0,4, distance 2
    refused(game, state, "girl 0,3 cw", "a girl already stands on 0,2 (P52)")


def test_e17_no_legal_girl_move_skips_the_step() -> None:
    game = sp(2)
    state = game.position_from_text("suitors: A=2,1 B=1,3\ngirls: 2,0=A 3,0 3,1=B 1,4=A\n"
                                    "step: girl\nto move: A\nhands: A=G\n")
    assert state.step == Step.CARDS  # the girl step passed by itself, no action recorded
    one = game.position_from_text("suitors: A=2,1 B=1,3\ngirls: 2,0=A 3,0 3,1 1,4=A\n"
                                  "step: girl\nto move: A\n")
    assert legal(game, one) == {"girl 3,1 cw"}


def test_e18_auction_sequence_with_payments() -> None:
    game = sp()
    state = game.position_from_text(EXAMPLE_BOARD + "step: auction\nto move: B\n"
                                    "hands: A=GGGGGG B=YYRRKB C=GGYYKM D=RRRRBB\n")
    assert {t.split()[1] for t in legal(game, state) if t.startswith("open")} == {
        "2,1", "3,1", "4,1", "4,2", "3,3", "2,3", "1,3", "1,2"}
    for text, to_act, bid, high in (("2: open 2,1 1", C, 1, B), ("3: raise 2", D, 2, C),
                                    ("4: pass", A, 2, C), ("1: raise 3", B, 3, A),
                                    ("2: pass", C, 3, A),
                                    ("3: raise 4", A, 4, C)):  # D passed and is skipped
        state = act(game, state, text)
        auction = game.observation(state, None)["auction"]
        assert (state.current, auction["bid"], auction["high_bidder"]) == (to_act, bid, high)
    state = act(game, state, "1: pass")
    assert state.step == Step.PAY and state.current == C
    assert game.observation(state, None)["auction"]["to_pay"] == 4
    state = act(game, state, "3: pay MKYG")  # any order
    assert hand(state, C) == "GY" and state.current == D
    assert game.observation(state, None)["discard_pile"] == ["G", "Y", "K", "M"]
    assert state.turn_order == (C,)
    assert {t.split()[1] for t in legal(game, state) if t.startswith("open")} == {"4,1", "1,3"}
    state = act(game, state, "open 4,1 0", "pass", "pass")
    assert state.current == A and state.step == Step.AUCTION  # D won at 0, nothing to pay
    assert hand(state, D) == "RRRRBB" and len(state.discards) == 4
    assert state.turn_order == (C, D)
    assert {t.split()[1] for t in legal(game, state) if t.startswith("open")} == {"3,3", "1,3"}
    state = act(game, state, "open 1,3 2", "raise 3", "pass")
    assert state.step == Step.PAY and state.current == B
    state = act(game, state, "pay RKB")
    assert hand(state, B) == "YYR" and hand(state, A) == "GGGGGG"
    assert game.observation(state, None)["discard_pile"] == ["G", "Y", "K", "M", "R", "K", "B"]
    assert state.turn_order == (C, D, B, A)
    assert game.observation(state, None)["suitors"] == ["3,3", "1,3", "2,1", "4,1"]
    assert [sum(h) for h in state.hands] == [6, 3, 2, 6]
    assert len(state.discards) == 7
    assert state.round == 1 and state.current == C and state.step == Step.BUILD
    kinds = [entry["kind"] for entry in game.observation(state, None)["log"]]
    assert kinds[-2:] == ["last_place", "turn_order"]


def next_hexes(players: int, assigned: tuple[str, ...]) -> list[str]:
    """Return the legal auction hexes, sorted, once `assigned` hold suitors."""
    board = sp(players).board
    starts = tuple(board.hex_by_name[name] for name in assigned) \
        + (-1,) * (players - len(assigned))
    return sorted(board.hex_names[h] for h in auction_hexes(board, starts))


@pytest.mark.parametrize(("assigned", "expected"), [
    ((), "2,1 3,1 4,1 4,2 3,3 2,3 1,3 1,2"),
    (("2,1",), "4,1 1,3"),  # not 3,1 (loop distance 1) nor 2,3 (3, though 2 on the board)
    (("2,1", "4,1"), "3,3 1,3"),
    (("2,1", "4,1", "1,3"), "3,3"),
])
def test_e19_legal_next_auction_hexes_4_players(assigned: tuple[str, ...], expected: str) -> None:
    assert next_hexes(4, assigned) == sorted(expected.split())


@pytest.mark.parametrize(("assigned", "expected"), [
    (("4,1",), "2,1 4,3"),
    (("4,1", "4,3"), "2,1 2,4"),
    (("4,1", "4,3", "2,4"), "2,1 1,3"),
    (("4,1", "4,3", "2,4", "2,1"), "1,3"),
    (("3,1",), "4,2 1,2"),
])
def test_e20_legal_next_auction_hexes_5_players(assigned: tuple[str, ...], expected: str) -> None:
    assert next_hexes(5, assigned) == sorted(expected.split())
    game = sp(5)
    state = game.position_from_text("step: auction\nto move: A\n")
    for name in assigned:  # each won at 0 by its opener, the others passing
        state = act(game, state, f"open {name} 0", *["pass"] * (game.num_players - 1
                                                               - len(state.turn_order)))
    if len(assigned) < 4:
        hexes = game.observation(state, state.current)["auction"]["legal_hexes"]
        assert sorted(hexes) == sorted(expected.split())
    else:  # the last player took the only hex left
        assert game.observation(state, None)["suitors"][4] == expected


def test_e21_two_player_auction() -> None:
    game = sp(2)
    state = game.position_from_text("step: auction\nto move: A\nhands: A=GGGGGG B=YYYYYY\n")
    assert {t.split()[1] for t in legal(game, state) if t.startswith("open")} == {"2,1", "1,3"}
    refused(game, state, "open 2,2 0", "P22")
    state = act(game, state, "1: open 1,3 2", "2: raise 3", "1: pass", "2: pay YYY")
    assert game.observation(state, None)["suitors"] == ["2,1", "1,3"]
    assert state.turn_order == (B, A) and hand(state, A) == "GGGGGG"
    assert hand(state, B) == "YYY" and len(state.discards) == 3


CARDS = "display: GYMGKB\ndeck: RYB ...\nstep: cards\n"


def test_e22_taking_two_cards() -> None:
    game = sp()
    state = example(game, CARDS + "hands: C=GGYYRRK\nto move: C\n")
    after_first = act(game, state, "take 3")
    assert game.observation(after_first, None)["display"] == ["G", "Y", None, "G", "K", "B"]
    refused(game, after_first, "take 3", "empty")
    refused(game, after_first, "take all G", "P59")
    state = act(game, after_first, "take deck")
    assert hand(state, C) == "GGYYRRRKM" and state.current == D  # 9 cards: no discard
    assert game.observation(state, None)["display"] == list("GYYGKB")
    assert state.deck[0] == 4  # B
    log = game.observation(state, D)["log"]
    assert next(e for e in log if e["kind"] == "take_deck")["colour"] is None
    assert next(e for e in game.observation(state, C)["log"]
            if e["kind"] == "take_deck")["colour"] == "R"
    assert game.observation(state, None)["known_cards"][C] == "M"


def test_e23_taking_a_colour_then_the_hand_limit() -> None:
    game = sp()
    state = example(game, CARDS + "hands: D=GGYYRRKBB\nto move: D\n")
    assert "take all M" in legal(game, state)
    state = act(game, state, "take all G")
    assert state.step == Step.DISCARD and sum(state.hands[D]) == 11
    state = act(game, state, "discard K")
    assert sum(state.hands[D]) == 10
    assert game.observation(state, None)["display"] == list("RYMYKB")
    assert game.observation(state, None)["discard_pile"][-1] == "K"
    multi = act(game, example(game, CARDS + "hands: D=GGYYRRKBB\nto move: D\n"), "take all M")
    assert hand(multi, D) == "GGYYRRKBBM" and multi.current == B  # only slot 3: 10 cards
    assert game.observation(multi, None)["display"] == list("GYRGKB")


def test_e24_reshuffle_on_an_empty_deck() -> None:
    game = sp()
    state = example(game, "display: GYRKBM\ndeck: G\ndiscards: GGGGGGGGGGYYYY\nstep: cards\n"
                          "hands: A=RRRRRRRRRY B=KKKKKKKYYY C=BBBBBBBYM D=MMMMMMMMMM\n"
                          "to move: C\n")
    state = act(game, state, "take deck")
    assert state.deck == () and len(state.discards) == 14
    state = act(game, state, "take deck")
    kinds = [entry["kind"] for entry in game.observation(state, None)["log"]]
    assert "reshuffle" in kinds
    reshuffle = next(e for e in game.observation(state, None)["log"] if e["kind"] == "reshuffle")
    assert reshuffle["cards"] == 14
    assert len(state.deck) == 13 and state.discards == ()
    assert state.step == Step.DISCARD
    # with the discard pile empty too, the second card comes from the display ...
    dry = example(game, "display: GYRKBM\ndeck: G\ndiscards:\nstep: cards\n"
                        "hands: A=GGGGGGGGGG B=YYYYYYYYYRRRRRRRRR C=KKKKKKKBBBBBBB "
                        "D=MMMMMMMMMMM\nto move: C\n")
    dry = act(game, dry, "take deck")
    assert legal(game, dry) == {f"take {slot}" for slot in range(1, 7)}
    refused(game, dry, "take deck", "P62")
    # ... and with the display empty as well, the step ends after one card, slots left empty
    bare = example(game, "display: ______\ndeck: G\ndiscards:\nstep: cards\n"
                         "hands: A=GGGGGGGGGGG B=YYYYYYYYYYRRRRRRRRRR C=KKKKKKKKB "
                         "D=MMMMMMMMMMMMBBBBBBB\nto move: C\n")
    bare = act(game, bare, "take deck")
    assert bare.current == D and hand(bare, C) == "GKKKKKKKKB"
    assert game.observation(bare, None)["display"] == [None] * 6


def test_e25_the_original_scoring_example() -> None:
    red, green, blue = 0, 1, 2
    assert score_stacks(((red, green, red, blue),), 3) == (2, 2, 3)


def test_e26_scoring_across_girls() -> None:
    stacks = ((A, B, A, C), (B, B), (C, A, D, A), (D,))
    assert score_stacks(stacks, 4) == (6, 5, 4, 4)
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1=D 4,3=BB 1,4=CADA 0,4 0,2=ABAC\n")
    assert game.scores(state) == (6, 5, 4, 4)


def test_e27_maximum_score() -> None:
    game = sp()
    state = example(game, "girls: 2,0=DA 4,0=BA 5,1=CA 4,3=DA 2,4=BA 0,4=CA 0,2\n")
    assert game.scores(state)[A] == 18 == 6 * 3
    # the bound: A's markers plus 2 per girl, and A has 6 markers
    assert score_stacks(((D, A),) * 6, 4)[A] == 6 + 2 * 6
    two = sp(2)
    board = two.position_from_text("suitors: A=2,1 B=1,3\ngirls: 2,0=BA 3,1=BA 2,3=BAA "
                                   "0,3=BAA\n")
    assert two.scores(board)[A] == 3 + 3 + 4 + 4 == 14 == 6 + 2 * 4


def test_e28_sixth_connection_and_the_final_round() -> None:
    game = sp()
    five = "girls: 2,0=DA 4,0=DB 5,1=DC 4,3=DA 2,4=DB 0,4 0,2\nhands: D=RRRR B=G A=G C=G\n" \
        "display: GYMGKB\nto move: D\n"
    state = example(game, five)
    state = act(game, state, "build 5,1/NW-C R")  # from 4,1/NE: connects D's sixth route
    assert stack_on(game, state, "5,1") == (D, C, D)
    observation = game.observation(state, None)
    assert observation["final_round"] == {"trigger": D, "turns_left": 3}
    assert state.step == Step.GIRL  # step 2 yes
    state = act(game, state, game.action_to_text(state, game.legal_actions(state)[0]))
    assert state.current == B  # no card step for D
    for seat in (B, A, C):
        assert state.current == seat
        state = act(game, state, "end")
        if state.step == Step.GIRL:
            state = act(game, state, game.action_to_text(state, game.legal_actions(state)[0]))
        assert all(sum(h) <= 4 for h in state.hands)  # nobody takes cards
    assert game.is_terminal(state)
    assert state.end_reason == "sixth_connection" and state.last_turn == C


def test_e29_block_exhaustion_ends_the_game_at_once() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nsupply: 2\nhands: B=GGGK\n"
                          "to move: B\n")
    state = act(game, state, "build 2,3/SW-C G")
    assert state.supply == 1
    state = act(game, state, "build 2,3/C-S G")
    assert state.supply == 0
    state = act(game, state, "build 2,4/NW-C G")
    assert stack_on(game, state, "2,4") == (B,)
    assert game.is_terminal(state)
    assert state.end_reason == "blocks_exhausted" and state.last_turn == B
    builds = [e for e in game.observation(state, None)["log"] if e["kind"] == "build"]
    assert [e["virtual"] for e in builds] == [False, False, True]
    assert game.observation(state, None)["routes"][B][0]["blocks"] == 2
    ended = act(game, example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\nsupply: 2\n"
                                    "hands: B=GGGK\nto move: B\n"),
                "build 2,3/SW-C G", "build 2,3/C-S G", "end")
    assert game.is_terminal(ended) and game.scores(ended) == (0, 0, 0, 0)


def test_e30_tie_break() -> None:
    order = (C, D, B, A)
    assert tie_order(order, C) == (D, B, A, C)
    assert tie_order(order, B) == (A, C, D, B)
    game = sp()
    # after E28: C takes the last turn of the final round; the scores C 12, D 12, B 9, A 12
    state = example(game, "girls: 2,0=BDAA 4,0=BDCA 5,1=CAD 4,3=BBCD 2,4=DBC 0,4=DAAC "
                          "0,2=CB\nfinal round: D 1\nto move: C\n")
    state = act(game, state, "end")  # no girl is route-less, no cards: the game is over
    assert game.is_terminal(state) and state.last_turn == C
    observation = game.observation(state, None)
    assert observation["scores"] == [12, 9, 12, 12]
    assert observation["tie_order"] == [D, B, A, C] and observation["winners"] == [D]
    # after E29: B exhausts the blocks; the scores A 10, B 10, C 10, D 7
    state = example(game, "girls: 2,0=CDAA 4,0=BC 5,1=CD 4,3=DACB 2,4 0,4=DCCB 0,2=BAA\n"
                          "supply: 2\nhands: B=GGGK\nto move: B\n")
    state = act(game, state, "build 2,3/SW-C G", "build 2,3/C-S G", "build 2,4/NW-C G")
    assert game.is_terminal(state) and state.last_turn == B
    observation = game.observation(state, None)
    assert observation["scores"] == [10, 10, 10, 7]
    assert observation["tie_order"] == [A, C, D, B]
    assert observation["winners"] == [A] and game.returns(state) == (1.0, 0.0, 0.0, 0.0)
