"""Turn and build rules P26-P48 of Suitors' Paths that test_rules.py and
test_worked_examples.py leave out.

Already covered there: P38 (test_p38_p44_…), P45, P46 and P48. Positions are on the example
board of §7 with the suitors of E18 (C 2,1, D 4,1, B 1,3, A 3,3; turn order C D B A):

    r0:         2,0 G   3,0 G   4,0 B   5,0 Y
    r1:     1,1 Y   2,1 G   3,1 G   4,1 R   5,1 R
    r2: 0,2 G   1,2 Y   2,2 B   3,2 K   4,2 Y   5,2 R
    r3:     0,3 K   1,3 R   2,3 G   3,3 R   4,3 B
    r4:         0,4 B   1,4 Y   2,4 G   3,4 K
"""

from __future__ import annotations

from collections import Counter

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.actions import BuildSegment
from ludoteca.games.suitors_paths.board import NO_HEX
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import A, B, C, D, act, example, hand, legal, sp, stack_on

GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
SUITOR_HEXES = ("2,1", "4,1", "1,3", "3,3")


def refused(game: SpGame, state: SpState, text: str, why: str) -> None:
    """Assert that `text` is refused with a reason containing `why`, the state unchanged."""
    before = game.to_json(state)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(state, game.action_from_text(state, text))
    assert why in str(caught.value), str(caught.value)
    assert game.to_json(state) == before


def need(game: SpGame, state: SpState, segment: str) -> str:
    """Return the colour letter one card of which pays `segment` (a name as in §8)."""
    action = game.action_from_text(state, f"build {segment} G")
    assert isinstance(action, BuildSegment)
    board = game.board
    frm, to = board.point_index[action.frm], board.point_index[action.to]
    return "GYRKBM"[game.needs(state.terrain)[board.segment_between[(min(frm, to),
                                                                     max(frm, to))]]]


def buildable(game: SpGame, state: SpState) -> dict[str, dict[str, object]]:
    """Return the acting seat's buildable entries by segment name."""
    entries = game.observation(state, state.current)["buildable"]
    return {entry["segment"]: entry for entry in entries}


def builds(game: SpGame, state: SpState) -> list[BuildSegment]:
    """Return the legal build actions."""
    return [a for a in game.legal_actions(state) if isinstance(a, BuildSegment)]


def test_p26_a_turn_is_build_then_girl_then_cards() -> None:
    game = sp()
    state = example(game, GIRLS + "display: GYMGKB\nhands: C=Y\nto move: C\n")
    assert game.observation(state, C)["step"] == "build"
    refused(game, state, "girl 2,0 cw", "it is the build step of seat 3, not the girl step")
    refused(game, state, "take 1", "not the card step")
    state = act(game, state, "end")
    assert state.step == Step.GIRL and state.current == C
    refused(game, state, "end", "it is the girl step of seat 3, not the build step")
    state = act(game, state, "girl 2,0 cw")
    assert state.step == Step.CARDS and state.current == C
    refused(game, state, "girl 3,0 cw", "not the girl step")
    state = act(game, state, "take 1", "take 2")
    assert (state.step, state.current, state.round) == (Step.BUILD, D, 1)


def test_p27_a_segment_takes_one_block_and_one_requirement() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=YGG\nto move: C\n")
    state = act(game, state, "build 1,1/SE-S Y")
    observation = game.observation(state, None)
    assert state.supply == 119 and hand(state, C) == "GG"
    assert observation["discard_pile"] == ["Y"] and observation["routes"][C][0]["blocks"] == 1
    state = act(game, state, "build 1,1/S-SW GG")  # the M side paid by a pair: still 1 block
    observation = game.observation(state, None)
    assert state.supply == 118 and hand(state, C) == ""
    assert observation["discard_pile"] == ["Y", "G", "G"]
    assert observation["routes"][C][0]["points"] == [[4, 4], [3, 5], [2, 4]]


def test_p28_a_spoke_costs_its_hex_terrain() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=BGGMM\nto move: C\n")
    board = game.board
    needs = game.needs(state.terrain)
    spokes = [s for s in range(board.num_segments) if board.spoke_hex[s] != NO_HEX]
    assert len(spokes) == 144
    assert all(needs[s] == state.terrain[board.spoke_hex[s]] for s in spokes)
    assert need(game, state, "2,2/N-C") == "B" and need(game, state, "1,2/N-C") == "Y"
    entry = buildable(game, state)["2,2/N-C"]  # from C's corner 2,1/SE into water
    assert entry["requirement"] == "B" and entry["payments"] == ["B", "GG", "MM"]


def test_p29_an_interior_side_costs_the_shared_terrain_or_multicolour() -> None:
    game = sp()
    state = example(game, GIRLS)
    board = game.board
    needs = game.needs(state.terrain)
    sides = Counter()
    for s in range(board.num_segments):
        first, second = board.side_hexes[s]
        if board.spoke_hex[s] == NO_HEX and second != NO_HEX:
            same = state.terrain[first] == state.terrain[second]
            assert needs[s] == (state.terrain[first] if same else 5)
            sides["same" if same else "mixed"] += 1
    assert sum(sides.values()) == 55 and sides["same"] > 0 and sides["mixed"] > 0
    # suitor and girl hexes count with their terrain like any other hex
    assert need(game, state, "3,0/SW-S") == "G"  # 3,0 G and C's suitor hex 2,1 G
    assert need(game, state, "2,1/SE-S") == "M"  # 2,1 G and 2,2 B
    assert need(game, state, "2,0/SE-NE") == "G"  # the girl's 2,0 G and 3,0 G
    assert need(game, state, "0,2/NE-SE") == "M"  # the girl's 0,2 G and 1,2 Y


@pytest.mark.parametrize(("option", "adjacent"), [("multi", False), ("adjacent", True)])
def test_p30_a_boundary_side_costs_multicolour_or_its_hex_colour(
    option: str, adjacent: bool
) -> None:
    game = sp(boundary_side_cost=option)
    state = example(game, GIRLS)
    board = game.board
    needs = game.needs(state.terrain)
    boundary = [s for s in range(board.num_segments) if board.is_boundary(s)]
    assert len(boundary) == 34
    for s in boundary:
        assert needs[s] == (state.terrain[board.side_hexes[s][0]] if adjacent else 5)
    assert need(game, state, "2,0/NW-N") == ("G" if adjacent else "M")


def test_p31_multicolour_is_not_wild() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=M\nto move: C\n")
    entries = buildable(game, state)
    assert entries and all(e["requirement"] == "M" and e["payments"] == ["M"]
                           for e in entries.values())
    assert "2,1/SE-S" in entries and "1,1/SE-S" not in entries  # the Y side
    refused(game, state, "build 1,1/SE-S M", "multicolour is not wild (P31)")


def test_p32_one_identical_pair_of_another_colour_replaces_one_requirement() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=MMMKK\nto move: C\n")
    texts = legal(game, state)
    assert {t for t in texts if t.startswith("build 3,0/SW-S ")} == {
        "build 3,0/SW-S MM", "build 3,0/SW-S KK"}  # G paid by MM or KK
    assert {t for t in texts if t.startswith("build 2,1/SE-S ")} == {
        "build 2,1/SE-S M", "build 2,1/SE-S KK"}  # M paid by M or KK, never MM
    refused(game, state, "build 2,1/SE-S MM", "a pair of M replaces nothing")
    refused(game, state, "build 3,0/SW-S MK", "MK is no payment")
    refused(game, state, "build 3,0/SW-S MMKK", "MMKK is no payment")  # pairs never combine
    refused(game, state, "build 3,0/SW-S KKK", "KKK is no payment")
    state = act(game, state, "build 3,0/SW-S KK")
    assert hand(state, C) == "MMM" and state.supply == 119


def test_p33_cards_are_paid_per_segment_and_never_refunded() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=YGGB\nto move: C\n")
    state = act(game, state, "build 1,1/SE-S Y")
    assert game.observation(state, None)["discard_pile"] == ["Y"]
    state = act(game, state, "build 1,1/S-SW GG")
    assert game.observation(state, None)["discard_pile"] == ["Y", "G", "G"]
    later = example(game, GIRLS + "routes: C=1,1/SE-S|1,1/S-SW\ndiscards: YGG\nhands: C=B\n"
                                  "to move: C\n")
    assert later.supply == 118
    scrapped = act(game, later, "scrap")
    assert scrapped.supply == 120 and hand(scrapped, C) == "B"
    assert game.observation(scrapped, None)["discard_pile"] == ["Y", "G", "G"]


def test_p34_a_suitor_owns_its_spokes_and_routes_start_at_its_corners() -> None:
    game = sp()
    rich = "hands: A=GGYYRRKKBBMM B=GGYYRRKKBBMM C=GGYYRRKKBBMM D=GGYYRRKKBBMM\n"
    board = game.board
    suitor_centres = {board.centres[board.hex_by_name[name]] for name in SUITOR_HEXES}
    for seat, start in ((C, "2,1"), (D, "4,1"), (B, "1,3"), (A, "3,3")):
        state = example(game, GIRLS + rich + f"to move: {'ABCD'[seat]}\n")
        corners = {board.point_keys[p] for p in board.corners[board.hex_by_name[start]]}
        actions = builds(game, state)
        assert {a.frm for a in actions} == corners  # every route starts at a corner
        assert not {board.point_index[a.to] for a in actions} & suitor_centres
    state = example(game, GIRLS + rich + "to move: C\n")
    refused(game, state, "build 2,1/N-C G", "spoke of the suitor on 2,1 (P34)")
    # the sides of a suitor's hex are open to everybody: B's head on C's corner 2,1/S
    state = example(game, GIRLS + rich + "routes: B=1,2/S-C|1,2/C-NE\nto move: B\n")
    assert set(buildable(game, state)) == {"2,1/S-SW", "2,1/S-SE", "2,2/NW-C", "1,2/NE-SE"}
    refused(game, state, "build 2,1/S-C G", "spoke of the suitor on 2,1 (P34)")


def test_p35_a_perimeter_centre_is_entered_only_to_connect() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=GG\nto move: C\n")
    board = game.board
    perimeter_centres = {board.point_keys[board.centres[h]] for h in board.path}
    into_path = {game.action_to_text(state, a) for a in builds(game, state)
                 if a.to in perimeter_centres}
    # C's corners touch 2,0 (a girl), 3,0 and 1,1 (no girl)
    assert into_path == {"build 2,0/SE-C G", "build 2,0/S-C G"}
    refused(game, state, "build 3,0/SW-C G", "perimeter hex 3,0, where no girl stands (P35)")
    refused(game, state, "build 1,1/SE-C Y", "perimeter hex 1,1, where no girl stands (P35)")
    # an interior centre without a suitor may be passed through and may hold a head
    through = example(game, GIRLS + "hands: B=GG\nto move: B\n")
    through = act(game, through, "build 2,3/SW-C G")
    assert "build 2,3/C-N G" in legal(game, through)
    ended = act(game, through, "end")
    assert game.observation(ended, None)["heads"][B] == [7, 9]  # the centre of 2,3


def test_p36_a_segment_holds_one_block_but_points_are_shared() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2=C\n"
                          "routes: C=1,1/SE-S|0,2/NE-C\nhands: C=YYY\nto move: C\n")
    refused(game, state, "build 1,1/SE-S Y", "segment 1,1/SE-S already holds a route (P36)")
    assert "build 1,1/SE-S Y" not in legal(game, state)
    # a new route from the same corner, then onto the old route's point 1,1/S
    state = act(game, state, "build 1,2/N-C Y", "build 1,2/C-NW Y")
    assert game.observation(state, None)["heads"][C] == [3, 5]
    assert "build 0,2/NE-C G" not in legal(game, state)


def test_p37_a_route_never_visits_a_point_twice() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: B=GGGGM\nto move: B\n")
    state = act(game, state, "build 2,3/SW-C G", "build 2,3/C-N G", "build 2,3/N-NE M")
    refused(game, state, "build 2,3/NE-C G", "returns to a point the route has visited (P37)")
    # from the head 2,3/NE: every segment but the one back to the centre (the hand is GG)
    assert legal(game, state) == {"build 2,3/NE-SE GG", "build 3,2/S-C GG",
                                  "build 3,2/S-SE GG", "end"}


def test_p39_an_unfinished_route_is_extended_or_scrapped_first() -> None:
    game = sp()
    state = example(game, GIRLS + "routes: A=2,3/NE-C|2,3/C-NW|2,2/S-SW\n"
                                  "hands: A=GGYYRRKKBBMM\nto move: A\n")
    actions = builds(game, state)
    assert actions and {a.frm for a in actions} == {(5, 7)}  # the head 1,2/SE
    assert {"scrap", "end"} <= legal(game, state)
    refused(game, state, "build 3,3/N-NE R", "grows only from its head 1,2/SE (P38, P39)")
    scrapped = act(game, state, "scrap")
    corners = {game.board.point_keys[p]
               for p in game.board.corners[game.board.hex_by_name["3,3"]]}
    assert {a.frm for a in builds(game, scrapped)} == corners
    fresh = example(game, GIRLS + "hands: A=GG\nto move: A\n")
    refused(game, fresh, "scrap", "no unfinished route to scrap (P39, P40)")


def test_p40_scrapping_comes_first_returns_blocks_and_marker_not_cards() -> None:
    game = sp()
    state = example(game, GIRLS + "routes: A=2,3/NE-C|2,3/C-NW|2,2/S-SW\n"
                                  "hands: A=GGB\nto move: A\n")
    assert state.supply == 117 and game.observation(state, None)["markers"][A] == 5
    extended = act(game, state, "build 2,2/SW-C B")
    refused(game, extended, "scrap", "only as the first action of the build step (P40)")
    scrapped = act(game, state, "scrap")
    observation = game.observation(scrapped, None)
    assert scrapped.supply == 120 and observation["markers"][A] == 6
    assert observation["routes"][A] == [] and hand(scrapped, A) == "GGB"
    assert [e["blocks"] for e in observation["log"] if e["kind"] == "scrap"] == [3]
    assert observation["this_turn"]["scrapped"] is True
    # the segments are free again: the same route may be built anew in this turn
    assert "build 2,3/NE-C G" in legal(game, scrapped)
    assert "scrap" not in legal(game, act(game, scrapped, "build 2,3/NE-C G"))


def test_p41_connecting_tops_the_stack_and_ends_the_build_step() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2=ABD\nhands: C=YG\n"
                          "display: GYMGKB\nto move: C\n")
    state = act(game, state, "build 1,1/SE-S Y", "build 0,2/NE-C G")
    assert stack_on(game, state, "0,2") == (A, B, D, C)
    observation = game.observation(state, C)
    assert observation["this_turn"]["connected"] == "0,2"
    assert observation["routes"][C][0]["connected"] is True
    connect = [e for e in observation["log"] if e["kind"] == "connect"]
    assert [(e["seat"], e["girl"], e["stack"]) for e in connect] == [(C, "0,2", [A, B, D, C])]
    assert state.step == Step.GIRL  # the build step is over
    assert not any(t.startswith(("build", "end")) for t in legal(game, state))
    assert not any(t.startswith("girl 0,2") for t in legal(game, state))  # routed
    state = act(game, state, "girl 2,0 cw", "take 1", "take 2", "end")  # D's turn too
    assert state.supply == 118  # the blocks stay


def test_p42_no_route_connects_to_a_girl_with_four_markers() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2=ABDC\n"
                          "hands: C=GGGGYYYYMMMM\nto move: C\n")
    state = act(game, state, "build 1,1/SE-S Y")
    centre = game.board.point_keys[game.board.centres[game.board.hex_by_name["0,2"]]]
    assert not any(a.to == centre for a in builds(game, state))
    assert not any(e["connects"] for e in game.observation(state, C)["buildable"])
    refused(game, state, "build 0,2/NE-C G", "the girl on 0,2 already has 4 markers (P42)")


def test_p43_a_player_may_connect_to_the_same_girl_again() -> None:
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2=C\n"
                          "routes: C=1,1/SE-S|0,2/NE-C\nhands: C=YYG\nto move: C\n")
    state = act(game, state, "build 1,2/N-C Y", "build 1,2/C-SW Y", "build 0,2/SE-C G")
    assert stack_on(game, state, "0,2") == (C, C)
    observation = game.observation(state, None)
    assert [route["girl"] for route in observation["routes"][C]] == ["0,2", "0,2"]
    assert observation["connections"][C] == 2 and game.scores(state)[C] == 3


def test_p44_one_route_of_any_length_and_ending_is_always_allowed() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=YYYM\nto move: C\n")
    assert "end" in legal(game, state)
    idle = act(game, state, "end")
    assert idle.step == Step.GIRL and game.observation(idle, C)["this_turn"]["segments"] == 0
    for text in ("build 1,2/N-C Y", "build 1,2/C-S Y", "build 1,2/S-SW M"):
        state = act(game, state, text)
        assert "end" in legal(game, state)
    assert game.observation(state, C)["this_turn"]["segments"] == 3
    state = act(game, state, "end")
    observation = game.observation(state, None)
    assert len(observation["routes"][C]) == 1 and len(observation["routes"][C][0]["points"]) == 4


def test_p47_connected_blocks_never_return_scrapped_ones_do() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=YG B=GGG\ndisplay: GYMGKB\nto move: C\n")
    state = act(game, state, "build 1,1/SE-S Y", "build 0,2/NE-C G", "girl 2,0 cw",
                "take 1", "take 2")
    assert state.supply == 118
    state = act(game, state, "end")
    state = act(game, state, game.action_to_text(state, game.legal_actions(state)[0]))
    state = act(game, state, "take 1", "take 2")
    assert state.current == B and state.supply == 118
    state = act(game, state, "build 2,3/SW-C G", "build 2,3/C-S G", "end")
    assert state.supply == 116
    empty = example(game, GIRLS + "supply: 0\nhands: C=YYGG\nto move: C\n")
    assert legal(game, empty) == {"end"}
    refused(game, empty, "build 1,1/SE-S Y", "the supply holds no block (P47)")
