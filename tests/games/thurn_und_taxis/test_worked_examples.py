"""The worked examples of §6, one test each, with their exact legal sets and positions.

The document's seat k is engine seat k - 1.
"""

from __future__ import annotations

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.thurn_und_taxis.flow import rank_order
from tests.games.thurn_und_taxis.helpers import (
    act,
    deck_to_hand,
    display,
    finish_turn,
    hand,
    houses_elsewhere,
    legal,
    position,
    route,
    tiles,
    tnt,
)


def test_example_1_legal_plays_on_a_three_card_route() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nofficial: PM\n"
                           "routes: 0=SIG-STU-NUE\nhands: 0=FRE,ULM,STU,WUE,REG,BAS")
    assert legal(game, state) == {"FRE+", "ULM+", "+WUE", "+REG", "/BAS", "/FRE", "/REG",
                                  "/STU", "/ULM", "/WUE"}


def test_example_2_a_card_that_fits_both_ends() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nroutes: 0=AUG-MUE\nhands: 0=ING,PAS")
    assert legal(game, state) == {"ING+", "+ING", "+PAS", "/ING", "/PAS"}
    assert route(game, act(game, state, "ING+"), 0) == "ING-AUG-MUE"
    assert route(game, act(game, state, "+ING"), 0) == "AUG-MUE-ING"


def test_example_3_a_one_card_route() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: play\nroutes: 0=ULM\nhands: 0=STU,MUE")
    assert legal(game, state) == {"+STU", "/MUE", "/STU"}
    assert route(game, act(game, state, "+STU"), 0) == "ULM-STU"
    restarted = act(game, state, "/STU")
    assert route(game, restarted, 0) == "STU"
    assert restarted.discards[game.board.city("ULM")] == 1


EXAMPLE_4 = "to move: 0\npoint: after_play\nroutes: 0=ULM-STU-NUE-ING\nhouses: 1=NUE"


def test_example_4_closing_a_four_card_route_through_two_regions() -> None:
    game = tnt()
    state = position(game, EXAMPLE_4)
    closes = {"C=WTB[ULM,STU]", "C=BAI[NUE,ING]", "C*[ULM,NUE]", "C*[ULM,ING]", "C*[STU,NUE]",
              "C*[STU,ING]"}
    assert legal(game, state) == closes | {"."}  # no CW (T50), no PC (empty hand)
    for text in ("C=BAI[NUE]", "C*[ULM]", "C*[ULM,STU]", "C=BAD[]", "C=BAD[CAR]"):
        with pytest.raises(IllegalActionError):
            game.apply(state, game.action_from_text(state, text))
    after = act(game, state, "C=WTB[ULM,STU]")
    assert after.supply[0] == 18 and after.carriages[0] == 3 and tiles(game, after, 0) == []
    assert after.routes[0] == () and sum(after.discards) == 4
    assert after.current == 1  # empty hand: no X, the turn ended


def test_example_5_an_own_house_already_on_the_route() -> None:
    game = tnt()
    state = position(game, "to move: 0\npoint: after_play\nroutes: 0=ULM-STU-NUE-ING\n"
                           "houses: 0=STU 1=NUE")
    assert legal(game, state) == {"C=WTB[ULM]", "C=BAI[NUE,ING]", "C*[ULM,NUE]", "C*[ULM,ING]",
                                  "."}


def test_example_6_a_route_inside_one_region_and_running_short_of_houses() -> None:
    game = tnt()
    base = "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE-ING"
    assert legal(game, position(game, base)) == {"C=BAI[AUG,MUE,ING]", "C*[AUG]", "C*[MUE]",
                                                 "C*[ING]", "."}
    short = position(game, base + "\nhouses: "
                     + houses_elsewhere(game, 0, 18, ["AUG", "MUE", "ING"]))
    assert short.supply[0] == 2
    assert legal(game, short) == {"C=BAI[AUG,MUE]", "C=BAI[AUG,ING]", "C=BAI[MUE,ING]",
                                  "C*[AUG]", "C*[MUE]", "C*[ING]", "."}
    ended = act(game, short, "C=BAI[AUG,ING]")
    assert ended.supply[0] == 0 and ended.end_holder == 0
    assert ("game_end", 1) in tiles(game, ended, 0)


def test_example_7_two_region_tiles_in_one_close() -> None:
    game = tnt(4)
    text = "to move: 1\npoint: after_play\nroutes: 1=FRE-SIG-ULM\nhouses: 1=CAR,MAN,STU"
    state = position(game, text)
    assert legal(game, state) == {"C=BAD[FRE]", "C=HOH[SIG]", "C=WTB[ULM]", "C*[FRE,SIG,ULM]",
                                  "."}
    both = act(game, state, "C*[FRE,SIG,ULM]")
    assert tiles(game, both, 1) == [("region_BAD", 3), ("region_WTB_HOH", 3)]
    assert both.carriages[1] == 3
    view = game.observation(both, None)
    assert view["stacks"]["region_BAD"] == [2, 1] and view["stacks"]["region_WTB_HOH"] == [2, 1]
    assert tiles(game, act(game, state, "C=BAD[FRE]"), 1) == [("region_BAD", 3)]


def test_example_8_later_claimants_and_one_tile_of_each_kind() -> None:
    game = tnt(4)
    later = "point: after_play\nroutes: {s}=CAR-FRE-SIG\nhouses: {s}=MAN\n" \
            "tiles: 1=region_BAD:3\ntaken: region_BAD={taken}\nto move: {s}"
    third = act(game, position(game, later.format(s=2, taken=1)), "C=BAD[CAR,FRE]")
    assert tiles(game, third, 2) == [("region_BAD", 2)]
    fourth = act(game, position(game, later.format(s=3, taken=2)), "C=BAD[CAR,FRE]")
    assert tiles(game, fourth, 3) == [("region_BAD", 1)]
    first = act(game, position(game, later.format(s=0, taken=3)), "C=BAD[CAR,FRE]")
    assert tiles(game, first, 0) == []  # the stack is empty: no fallback (T47)
    again = position(game, "to move: 1\npoint: after_play\nroutes: 1=FRE-SIG-ULM\n"
                           "houses: 1=CAR,MAN,FRE\ntiles: 1=region_BAD:3")
    assert tiles(game, act(game, again, "C=HOH[SIG]"), 1) == [("region_BAD", 3)]


def test_example_9_outside_baiern_without_any_house_in_baiern() -> None:
    game = tnt(3)
    text = ("to move: 2\npoint: after_play\nroutes: 2=REG-PIL-LOD\n"
            "houses: 2=CAR,STU,SIG,ZUE,INN,SAL,BUD")
    state = position(game, text)
    assert state.supply[2] == 13
    assert legal(game, state) == {"C=BAI[REG]", "C=BOE[PIL]", "C=POL[LOD]", "C*[REG,PIL,LOD]",
                                  "."}
    assert tiles(game, act(game, state, "C=POL[LOD]"), 2) == [("outside_baiern", 6)]
    assert tiles(game, act(game, state, "C*[REG,PIL,LOD]"), 2) == [("outside_baiern", 6)]
    assert tiles(game, act(game, state, "C=BAI[REG]"), 2) == []
    assert tiles(game, act(game, state, "C=BOE[PIL]"), 2) == []


def test_example_10_a_five_card_route_length_tile_and_first_carriage() -> None:
    game = tnt(4)
    state = position(game, "to move: 3\npoint: after_play\nroutes: 3=BAS-ZUE-KEM-AUG-MUE")
    after = act(game, state, "C=BAI[KEM,AUG,MUE]")
    assert tiles(game, after, 3)[0] == ("route_5", 2)
    assert game.observation(after, None)["stacks"]["route_5"] == [1]
    assert after.carriages[3] == 3


@pytest.mark.parametrize(
    ("seat", "cities", "taken", "expected"),
    [
        (0, "BAS-FRE-CAR-MAN-WUE-STU-ULM-AUG", "route_7=4 route_6=2", [("route_6", 1)]),
        (1, "ZUE-SIG-STU-NUE-REG-PAS-LIN", "route_7=4 route_6=3", [("route_5", 2)]),
        (2, "SIG-STU-NUE-REG-ING-AUG", "route_7=4 route_6=3 route_5=1", [("route_5", 1)]),
        (3, "BAS-ZUE-KEM-AUG-MUE", "route_7=4 route_6=3 route_5=2", []),
    ],
)
def test_example_11_route_length_fallback(
    seat: int, cities: str, taken: str, expected: list[tuple[str, int]]
) -> None:
    game = tnt(4)
    state = position(game, f"to move: {seat}\npoint: after_play\nroutes: {seat}={cities}\n"
                           f"taken: {taken}")
    closing = next(t for t in sorted(legal(game, state)) if t.startswith("C*"))
    earned = [tile for tile in tiles(game, act(game, state, closing), seat)
              if tile[0].startswith("route")]
    assert earned == expected


@pytest.mark.parametrize(
    ("held", "cities", "taken_carriage"),
    [(0, "BAS-ZUE-KEM-AUG-MUE", 3), (3, "ZUE-SIG-STU-NUE-REG-PAS-LIN", 4),
     (4, "ULM-STU-NUE-ING", 4), (4, "SIG-STU-NUE-REG-ING-AUG", 5)],
)
def test_example_12_carriages_strictly_in_order(
    held: int, cities: str, taken_carriage: int
) -> None:
    game = tnt()
    state = position(game, f"to move: 0\npoint: after_play\nofficial: PM\nroutes: 0={cities}\n"
                           f"carriages: 0={held}")
    closing = next(t for t in sorted(legal(game, state)) if t.startswith("C"))
    assert act(game, state, closing).carriages[0] == taken_carriage
    assert game.board.carriage_points[5] == 5


@pytest.mark.parametrize(
    ("held", "cities", "taken_carriage"),
    [(4, "AUG-MUE-ING", 5), (3, "AUG-MUE-ING", 4), (6, "BAS-ZUE-KEM-AUG-MUE", 7)],
)
def test_example_13_what_the_cartwright_achieves(
    held: int, cities: str, taken_carriage: int
) -> None:
    game = tnt()
    state = position(game, f"to move: 0\npoint: after_play\nroutes: 0={cities}\n"
                           f"carriages: 0={held}")
    assert "CW" in legal(game, state)
    after_cw = act(game, state, "CW")
    after = act(game, after_cw, sorted(legal(game, after_cw))[0])
    assert after.carriages[0] == taken_carriage
    assert (after.end_holder == 0) == (taken_carriage == 7)


def test_example_14_what_the_cartwright_cannot_do() -> None:
    game = tnt(4)
    short = position(game, "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE\nhands: 0=LOD")
    assert short.current == 1  # (a) no close, no official: the turn ended by itself (T12)
    b = position(game, "to move: 1\npoint: after_play\nroutes: 1=INN-SAL-LIN-BUD\ncarriages: 1=5")
    after_b = act(game, b, "CW", "C=SBG[SAL,LIN]")
    assert after_b.carriages[1] == 6 and tiles(game, after_b, 1) == []
    c = position(game, "to move: 2\npoint: after_play\nroutes: 2=SIG-STU-NUE-REG-ING-AUG\n"
                       "carriages: 2=3")
    assert "CW" not in legal(game, c)
    after_c = act(game, c, "C=WTB[STU]")
    assert after_c.carriages[2] == 4 and tiles(game, after_c, 2) == [("route_6", 3)]
    d = position(game, "to move: 3\npoint: after_play\nroutes: 3=AUG-MUE-ING\ncarriages: 3=5")
    assert "CW" not in legal(game, d)
    assert act(game, d, "C*[AUG]").carriages[3] == 5
    e = position(game, "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE-ING\ncarriages: 0=7")
    assert "CW" not in legal(game, e)


def test_example_15_postal_carrier() -> None:
    game = tnt()
    state = position(game, "to move: 0\nroutes: 0=MUE-AUG\nhands: 0=ULM,KEM,PAS\n"
                           "display: [LOD ING BAS BAS BAS LOD]")
    taken = act(game, state, "T2:ING")
    assert hand(game, taken, 0) == "ING,KEM,PAS,ULM"
    assert legal(game, taken) - {"PM"} == {"ING+", "+ING", "+KEM", "PAS+", "+ULM", "/ING",
                                           "/KEM", "/PAS", "/ULM"}
    played = act(game, taken, "+ULM")
    assert route(game, played, 0) == "MUE-AUG-ULM"
    assert legal(game, played) == {"PC", ".", "C=BAI[MUE,AUG]", "C=WTB[ULM]", "C*[MUE,ULM]",
                                   "C*[AUG,ULM]"}
    carrier = act(game, played, "PC")
    assert legal(game, carrier) == {"ING+", "+ING", "+KEM", "PAS+"}
    second = act(game, carrier, "+KEM")
    assert route(game, second, 0) == "MUE-AUG-ULM-KEM"
    assert "CW" not in legal(game, second) and "." in legal(game, second)
    ended = act(game, second, ".")
    assert ended.current == 1
    assert [e["text"] for e in game.observation(ended, None)["log"] if e["kind"] == "action"] \
        == ["0: T2:ING", "0: +ULM", "0: PC", "0: +KEM", "0: ."]


def test_example_16_administrator() -> None:
    game = tnt()
    state = position(game, "to move: 1\nhands: 1=LOD\ndisplay: [MUE AUG ULM MUE LOD BAS]\n"
                           "deck: PAS REG ING ZUE SAL KEM FRE ...")
    replaced = act(game, state, "AD")
    assert display(game, replaced) == "[PAS REG ING ZUE SAL KEM]"
    assert game.board.cards_text(replaced.discards) == "AUG,BAS,LOD,MUE,MUE,ULM"
    taken = act(game, replaced, "T3:ING")
    assert display(game, taken) == "[PAS REG FRE ZUE SAL KEM]"
    assert "PM" not in legal(game, taken)


EXAMPLE_17 = "to move: 0\ndisplay: [STU ULM MUE ZUE LOD AUG]\ndeck: WUE NUE ..."


def test_example_17_forced_postmaster_on_the_first_turn() -> None:
    game = tnt()
    state = position(game, EXAMPLE_17)
    assert state.forced
    assert legal(game, state) == {"T1:STU", "T2:ULM", "T3:MUE", "T4:ZUE", "T5:LOD", "T6:AUG"}
    first = act(game, state, "T4:ZUE")
    assert display(game, first) == "[STU ULM MUE WUE LOD AUG]"
    assert legal(game, first) == {"PM"}
    second = act(game, first, "PM", "T4:WUE")
    assert display(game, second) == "[STU ULM MUE NUE LOD AUG]"
    assert legal(game, second) == {"*WUE", "*ZUE"}
    done = act(game, second, "*WUE")
    assert done.current == 1 and hand(game, done, 0) == "ZUE" and route(game, done, 0) == "WUE"


def test_example_18_forced_postmaster_in_mid_game() -> None:
    game = tnt()
    state = position(game, "to move: 1\nroutes: 1=MUE-AUG\nhands: 1=ULM\n"
                           "display: [KEM LOD LOD BAS BAS BAS]")
    played = act(game, state, "T1:KEM", "+ULM", "PC", "+KEM")
    assert route(game, played, 1) == "MUE-AUG-ULM-KEM" and hand(game, played, 1) == ""
    assert "CW" not in legal(game, played) and "." in legal(game, played)
    assert any(text.startswith("C") for text in legal(game, played))
    nxt = finish_turn(game, act(game, played, "."))
    assert nxt.current == 1 and nxt.forced
    assert "AD" not in legal(game, nxt)
    first = act(game, nxt, sorted(legal(game, nxt))[0])
    assert legal(game, first) == {"PM"}
    second = act(game, first, "PM", sorted(legal(game, act(game, first, "PM")))[0])
    assert "PC" not in legal(game, second) and "CW" not in legal(game, second)
    after_play = act(game, second, sorted(legal(game, second))[0])
    assert after_play.current != 1 or not {"PC", "CW"} & legal(game, after_play)


def test_example_19_forced_discard_of_a_route() -> None:
    game = tnt(3)
    state = position(game, "to move: 2\nroutes: 2=SIG-STU-NUE\nhands: 2=BAS,LIN\n"
                           "display: [LOD LOD LOD BAS PAS BAS]")
    taken = act(game, state, "T5:PAS")
    assert hand(game, taken, 2) == "BAS,LIN,PAS"
    assert legal(game, taken) == {"PM", "/BAS", "/LIN", "/PAS"}
    restarted = act(game, taken, "/LIN")
    assert route(game, restarted, 2) == "LIN"
    assert game.board.cards_text(restarted.discards) == "NUE,SIG,STU"
    assert legal(game, restarted) == {"PC", "."}
    done = act(game, restarted, "PC", "+PAS")
    assert route(game, done, 2) == "LIN-PAS" and done.current == 0
    other = act(game, taken, "/BAS")
    assert "PC" not in legal(game, other)


def test_example_20_hand_limit() -> None:
    game = tnt(4)
    state = position(game, "to move: 3\npoint: after_close\nhands: 3=MUE,MUE,ZUE,LOD,BAS")
    assert legal(game, state) == {"X[LOD,MUE]", "X[BAS,MUE]", "X[MUE,ZUE]", "X[MUE,MUE]",
                                  "X[BAS,LOD]", "X[LOD,ZUE]", "X[BAS,ZUE]"}
    kept = act(game, state, "X[LOD,MUE]")
    assert hand(game, kept, 3) == "BAS,MUE,ZUE" and kept.current == 0
    big = position(game, "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE-ING\n"
                         "hands: 0=LOD,LOD,LOD,BAS,BAS,BAS")
    assert sum(act(game, big, ".").hands[0]) == 6


def test_example_21_end_triggered_by_carriage_7_and_the_final_round() -> None:
    game = tnt(4)
    state = position(game, "to move: 2\nround: 12\npoint: after_play\n"
                           "routes: 2=KEM-ULM-STU-WUE-MAN\ncarriages: 2=6")
    after_cw = act(game, state, "CW")
    assert legal(game, after_cw) == {"C=BAI[KEM,WUE]", "C=WTB[ULM,STU]", "C=BAD[MAN]",
                                     "C*[KEM,ULM,MAN]", "C*[KEM,STU,MAN]", "C*[ULM,WUE,MAN]",
                                     "C*[STU,WUE,MAN]"}
    closed = act(game, after_cw, "C*[KEM,ULM,MAN]")
    assert tiles(game, closed, 2) == [("route_5", 2), ("game_end", 1)]
    assert closed.carriages[2] == 7 and closed.end_holder == 2
    assert closed.current == 3 and closed.round == 12
    over = finish_turn(game, closed)
    assert over.current is None and over.round == 12


def test_example_21_other_trigger_seats() -> None:
    game = tnt(4)
    last = position(game, "to move: 3\npoint: after_play\nroutes: 3=KEM-ULM-STU-WUE-MAN\n"
                          "carriages: 3=6")
    assert act(game, last, "CW", "C*[KEM,ULM,MAN]").current is None
    first = position(game, "to move: 0\npoint: after_play\nroutes: 0=KEM-ULM-STU-WUE-MAN\n"
                           "carriages: 0=6")
    state = act(game, first, "CW", "C*[KEM,ULM,MAN]")
    seats = []
    while state.current is not None:
        seats.append(state.current)
        state = finish_turn(game, state)
    assert seats == [1, 2, 3]


def test_example_22_end_triggered_by_the_last_house() -> None:
    game = tnt(4)
    text = ("to move: 0\npoint: after_play\nroutes: 0=INN-SAL-LIN-BUD\nhouses: "
            + houses_elsewhere(game, 0, 18, ["INN", "SAL", "LIN", "BUD"]))
    state = position(game, text)
    assert legal(game, state) == {"C=TYR[INN]", "C=SBG[SAL,LIN]", "C=BOE[BUD]", "C*[INN,SAL]",
                                  "C*[INN,LIN]", "C*[INN,BUD]", "C*[SAL,BUD]", "C*[LIN,BUD]",
                                  "."}
    for two in ("C=SBG[SAL,LIN]", "C*[INN,SAL]", "C*[INN,LIN]", "C*[INN,BUD]", "C*[SAL,BUD]",
                "C*[LIN,BUD]"):
        closed = act(game, state, two)
        assert closed.supply[0] == 0 and closed.end_holder == 0, two
    for one in ("C=TYR[INN]", "C=BOE[BUD]"):
        closed = act(game, state, one)
        assert closed.supply[0] == 1 and closed.end_holder == -1, one
    cut = act(game, state, "C*[INN,BUD]")
    assert all(name != "region_BOE_SBG" for name, _ in tiles(game, cut, 0))


def test_example_23_a_second_trigger_in_the_final_round() -> None:
    game = tnt(4)
    state = position(game, "to move: 3\nround: 12\npoint: after_play\n"
                           "routes: 3=ZUE-SIG-STU-NUE-REG-PAS-LIN\ncarriages: 2=7 3=6\n"
                           "game end: 2")
    closed = act(game, state, "C=BAI[NUE,REG,PAS]")
    assert closed.carriages[3] == 7 and tiles(game, closed, 3) == [("route_7", 4)]
    assert closed.end_holder == 2 and closed.current is None


def test_example_24_final_scoring() -> None:
    game = tnt(3)
    state = position(game, "to move: 0\n"
                     + "houses: " + houses_elsewhere(game, 0, 20, ["LOD", "BUD"]) + " "
                     + houses_elsewhere(game, 1, 19, ["LOD", "BUD", "PIL"])
                     + "\ncarriages: 0=5 1=6\ngame end: 0\n"
                     "tiles: 0=route_5:2,region_BAD:3,region_WTB_HOH:3 "
                     "1=route_7:4,region_BAI:5,outside_baiern:6")
    assert game.scores(state) == (14, 21, -20)


@pytest.mark.parametrize(
    ("holder", "scores", "order"),
    [(1, (25, 22, 25, 20), [2, 0, 1, 3]), (1, (25, 25, 25, 12), [1, 2, 0, 3]),
     (3, (18, 30, 30, 29), [1, 2, 3, 0]), (2, (30, 30, 10, 12), [0, 1, 3, 2])],
)
def test_example_25_tie_break(holder: int, scores: tuple[int, ...], order: list[int]) -> None:
    assert rank_order(scores, holder) == order


def test_example_26_an_exhausted_deck() -> None:
    game = tnt(4)
    state = position(game, "to move: 1\nhands: 1=LOD\ndisplay: [AUG ING KEM MUE NUE REG]\n"
                           "discards: PAS,LIN\ndeck: ...")
    state = deck_to_hand(game, state, 0)
    taken = act(game, state, "T2:ING")
    top = display(game, taken).split()[1]
    assert top in ("PAS", "LIN") and len(taken.deck) == 1 and not any(taken.discards)
    second = act(game, taken, "PM", f"T2:{top}")
    assert len(second.deck) == 0 and not any(second.discards)
    assert display(game, second).split()[1] in ("PAS", "LIN")
    after = finish_turn(game, second)
    assert after.current == 2
    seat3 = act(game, after, "T1:AUG")
    assert display(game, seat3).startswith("[_ ")


def test_example_26_the_extreme_case_skips_the_draw() -> None:
    game = tnt(4)
    state = position(game, "to move: 1\nhands: 1=LOD\nroutes: 1=AUG-MUE-ING\n"
                           "display: [_ _ _ _ _ _]\ndeck: ...")
    state = deck_to_hand(game, state, 0)
    assert legal(game, state) == {"/LOD"}  # the draw is skipped; the play is compulsory
    empty = position(game, "to move: 1\nroutes: 1=AUG-MUE-ING\ndisplay: [_ _ _ _ _ _]\n"
                           "deck: ...")
    empty = deck_to_hand(game, empty, 0)
    assert "PM" not in legal(game, empty)
    assert legal(game, empty) == {"C=BAI[AUG,MUE,ING]", "C*[AUG]", "C*[MUE]", "C*[ING]", "."}


def test_example_27_option_blind_draw() -> None:
    game = tnt(2, blind_draw=True)
    state = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [STU ULM MUE ZUE LOD AUG]\n"
                           "deck: WUE NUE ...")
    assert legal(game, state) == {"AD", "T1:STU", "T2:ULM", "T3:MUE", "T4:ZUE", "T5:LOD",
                                  "T6:AUG", "TD"}
    blind = act(game, state, "TD")
    assert hand(game, blind, 0) == "LOD,WUE" and display(game, blind) == display(game, state)
    mine = game.observation(blind, 0)["log"][-1]
    theirs = game.observation(blind, 1)["log"][-1]
    assert mine["text"] == "0: TD:WUE" and theirs["text"] == "0: TD"
    assert theirs["city"] is None and game.observation(blind, 1)["hands"][0] == ["LOD"]
    assert "T3:MUE" in legal(game, act(game, blind, "PM"))
    assert "TD" in legal(game, act(game, state, "T3:MUE", "PM"))
    empty = position(game, "to move: 0\nhands: 0=LOD\ndisplay: [STU ULM MUE ZUE LOD AUG]\n"
                           "discards: PAS\ndeck: ...")
    empty = deck_to_hand(game, empty, 1)
    assert hand(game, act(game, empty, "TD"), 0) == "LOD,PAS"
    plain = tnt(2)
    state = position(plain, "to move: 0\nhands: 0=LOD")
    assert "TD" not in legal(plain, state)
    with pytest.raises(IllegalActionError):
        plain.apply(state, plain.action_from_text(state, "TD"))


def test_example_28_a_two_player_opening_as_a_record() -> None:
    game = tnt(2)
    state = position(game, "to move: 0\ndisplay: [STU ULM MUE ZUE LOD AUG]\n"
                           "deck: WUE NUE ING PAS KEM SIG ...")
    state = act(game, state, "T2:ULM", "PM", "T1:STU", "*ULM")
    assert display(game, state) == "[NUE WUE MUE ZUE LOD AUG]"
    assert route(game, state, 0) == "ULM" and hand(game, state, 0) == "STU"
    state = act(game, state, "T3:MUE", "PM", "T6:AUG", "*AUG")
    assert display(game, state) == "[NUE WUE ING ZUE LOD PAS]"
    assert route(game, state, 1) == "AUG" and hand(game, state, 1) == "MUE"
    state = act(game, state, "T3:ING")
    assert legal(game, state) - {"PM"} == {"+ING", "+STU", "/ING", "/STU"}
    state = act(game, state, "+STU", "PC")
    assert legal(game, state) == {"ING+", "+ING"}
    state = act(game, state, "+ING")
    assert legal(game, state) == {"C=WTB[ULM,STU]", "C=BAI[ING]", "C*[ULM,ING]", "C*[STU,ING]",
                                  "."}
    state = act(game, state, "C=WTB[ULM,STU]")
    assert state.supply[0] == 18 and state.carriages[0] == 3 and state.current == 1
    state = act(game, state, "T1:NUE")
    assert display(game, state) == "[SIG WUE KEM ZUE LOD PAS]"
    state = act(game, state, "+MUE")
    assert route(game, state, 1) == "AUG-MUE" and state.current == 0 and state.forced
    lines = [e["text"] for e in game.observation(state, None)["log"]
             if e["kind"] in ("action", "close")]
    assert lines == ["0: T2:ULM", "0: PM", "0: T1:STU", "0: *ULM", "1: T3:MUE", "1: PM",
                     "1: T6:AUG", "1: *AUG", "0: T3:ING", "0: +STU", "0: PC", "0: +ING",
                     "0: C=WTB[ULM,STU]", "1: T1:NUE", "1: +MUE"]
