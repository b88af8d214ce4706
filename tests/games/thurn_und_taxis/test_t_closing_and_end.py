"""Rules T31–T59: closing a route (houses, tiles, carriages, hand limit), the end and scoring."""

from __future__ import annotations

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.thurn_und_taxis import TntGame, TntState
from ludoteca.games.thurn_und_taxis.flow import rank_order
from tests.games.thurn_und_taxis.helpers import (
    act,
    deck_to_hand,
    finish_turn,
    hand,
    houses_elsewhere,
    legal,
    position,
    route,
    tiles,
    tnt,
)

CLOSING = "to move: 0\npoint: after_play\nroutes: 0={route}"


def closing(
    players: int = 2, route_text: str = "AUG-MUE-ING", extra: str = ""
) -> tuple[TntGame, TntState]:
    """Return (game, state): seat 0 may close `route_text` now, plus extra position lines."""
    game = tnt(players)
    return game, position(game, CLOSING.format(route=route_text) + ("\n" + extra if extra else ""))


def test_t31_a_route_of_three_may_be_closed_never_must() -> None:
    game, two = closing(route_text="AUG-MUE", extra="hands: 0=LOD")
    assert two.current == 1  # nothing legal after the play: the turn ended
    game, three = closing()
    assert any(text.startswith("C") for text in legal(game, three)) and "." in legal(game, three)
    kept = act(game, three, ".")
    assert route(game, kept, 0) == "AUG-MUE-ING"


def test_t32_order_of_a_close() -> None:
    game, state = closing(players=2, route_text="FRE-SIG-ULM",
                          extra="houses: 0=CAR,MAN,STU\nhands: 0=LOD,LOD,LOD,BAS")
    after = act(game, state, "C*[FRE,SIG,ULM]")
    # houses first (they complete the regions), then tiles, carriage, discard, hand limit
    assert tiles(game, after, 0) == [("region_BAD", 3), ("region_WTB_HOH", 3)]
    assert after.carriages[0] == 3 and after.routes[0] == ()
    assert game.board.cards_text(after.discards) == "FRE,SIG,ULM"
    assert after.point.name == "AFTER_CLOSE" and len(legal(game, after)) == 2
    closes = [e for e in game.observation(after, None)["log"] if e["kind"] == "close"]
    assert set(closes[0]["houses"]) == {"FRE", "SIG", "ULM"} and closes[0]["carriage"] == 3


def test_t33_eligible_cities_lack_the_closers_house() -> None:
    game, state = closing(extra="houses: 0=MUE 1=AUG")
    assert legal(game, state) == {"C=BAI[AUG,ING]", "C*[AUG]", "C*[ING]", "."}


def test_t34_one_region_houses_every_eligible_city_of_it() -> None:
    game, state = closing(route_text="ULM-STU-NUE-ING")
    after = act(game, state, "C=BAI[NUE,ING]")
    assert after.houses[0] == (1 << game.board.city("NUE")) | (1 << game.board.city("ING"))


def test_t35_one_per_region_one_house_in_each_region() -> None:
    game, state = closing(route_text="FRE-SIG-ULM")
    per_region = {text for text in legal(game, state) if text.startswith("C*")}
    assert per_region == {"C*[FRE,SIG,ULM]"}


def test_t36_no_declining_houses() -> None:
    game, state = closing(route_text="ULM-STU-NUE-ING")
    for text in ("C=BAI[NUE]", "C*[ULM]"):
        with pytest.raises(IllegalActionError):
            game.apply(state, game.action_from_text(state, text))


def test_t37_a_close_with_zero_houses() -> None:
    game, state = closing(route_text="ULM-STU-NUE", extra="houses: 0=ULM,STU")
    assert "C=WTB[]" in legal(game, state)
    after = act(game, state, "C=WTB[]")
    assert after.supply[0] == 18 and after.carriages[0] == 3


def test_t38_one_house_per_city_and_player_others_do_not_block() -> None:
    game, state = closing(players=3, extra="houses: 1=AUG,MUE,ING 2=AUG")
    assert "C=BAI[AUG,MUE,ING]" in legal(game, state)
    after = act(game, state, "C=BAI[AUG,MUE,ING]")
    again = position(game, CLOSING.format(route="AUG-MUE-ING") + "\nhouses: 0=AUG,MUE,ING")
    assert legal(game, again) == {"C*[]", "."}
    assert after.houses[0] == after.houses[1]


def test_t39_running_out_of_houses() -> None:
    game = tnt()
    state = position(game, CLOSING.format(route="FRE-SIG-ULM") + "\nhouses: "
                     + houses_elsewhere(game, 0, 19, ["FRE", "SIG", "ULM"]))
    assert state.supply[0] == 1
    assert legal(game, state) == {"C*[FRE]", "C*[SIG]", "C*[ULM]", "."}
    assert act(game, state, "C*[SIG]").end_holder == 0


def test_t40_houses_stay_and_count_later() -> None:
    game, state = closing(route_text="CAR-MAN-STU", extra="houses: 0=FRE")
    after = act(game, state, "C=BAD[CAR,MAN]")
    assert tiles(game, after, 0) == [("region_BAD", 3)]
    assert after.houses[0] & (1 << game.board.city("FRE"))


@pytest.mark.parametrize(
    ("cities", "expected"),
    [("AUG-MUE-ING", []), ("ULM-STU-NUE-ING", []), ("BAS-ZUE-KEM-AUG-MUE", [("route_5", 2)]),
     ("SIG-STU-NUE-REG-ING-AUG", [("route_6", 3)]),
     ("ZUE-SIG-STU-NUE-REG-PAS-LIN", [("route_7", 4)])],
)
def test_t41_route_length_tiles(cities: str, expected: list[tuple[str, int]]) -> None:
    game, state = closing(route_text=cities)
    closed = act(game, state, next(t for t in sorted(legal(game, state)) if t.startswith("C")))
    assert [tile for tile in tiles(game, closed, 0) if tile[0].startswith("route")] == expected


def test_t42_eight_cards_count_as_seven_and_stacks_fall_back() -> None:
    game, state = closing(route_text="BAS-FRE-CAR-MAN-WUE-STU-ULM-AUG")
    closed = act(game, state, next(t for t in sorted(legal(game, state)) if t.startswith("C*")))
    assert tiles(game, closed, 0)[0] == ("route_7", 4)
    game, empty = closing(route_text="BAS-FRE-CAR-MAN-WUE-STU-ULM-AUG",
                          extra="taken: route_7=4 route_6=3")
    closed = act(game, empty, next(t for t in sorted(legal(game, empty)) if t.startswith("C*")))
    assert tiles(game, closed, 0)[0] == ("route_5", 2)
    game, repeat = closing(route_text="BAS-ZUE-KEM-AUG-MUE", extra="tiles: 0=route_5:2")
    closed = act(game, repeat, "C*[ZUE,AUG]")
    assert tiles(game, closed, 0) == [("route_5", 2), ("route_5", 1)]


def test_t43_the_cartwright_does_not_count_for_length_tiles() -> None:
    game, state = closing(route_text="ULM-STU-NUE-ING", extra="carriages: 0=5")
    closed = act(game, state, "CW", "C=WTB[ULM,STU]")
    assert closed.carriages[0] == 6 and tiles(game, closed, 0) == []


def test_t44_region_tiles() -> None:
    game, state = closing(route_text="INN-SAL-LIN-BUD", extra="houses: 0=PIL")
    after = act(game, state, "C*[INN,SAL,BUD]")
    assert tiles(game, after, 0) == []  # LIN is missing
    game, state = closing(route_text="SAL-LIN-BUD", extra="houses: 0=PIL")
    after = act(game, state, "C=SBG[SAL,LIN]")
    assert tiles(game, after, 0) == []
    game, state = closing(route_text="SAL-LIN-BUD", extra="houses: 0=PIL,SAL,LIN")
    assert tiles(game, act(game, state, "C=BOE[BUD]"), 0) == [("region_BOE_SBG", 4)]
    game, state = closing(route_text="INN-KEM-ZUE-BAS")
    assert tiles(game, act(game, state, "C=SCH[ZUE,BAS]"), 0) == []
    game, state = closing(route_text="INN-KEM-ZUE-BAS", extra="houses: 0=INN")
    assert tiles(game, act(game, state, "C=SCH[ZUE,BAS]"), 0) == [("region_SCH_TYR", 3)]


def test_t45_outside_baiern_needs_no_baiern_house() -> None:
    game, state = closing(players=3, route_text="REG-PIL-LOD",
                          extra="houses: 0=CAR,STU,SIG,ZUE,INN,SAL,BUD")
    after = act(game, state, "C=POL[LOD]")
    assert tiles(game, after, 0) == [("outside_baiern", 6)]
    assert not after.houses[0] & game.board.region_cities[0]


def test_t46_one_tile_of_each_region_stack_per_player() -> None:
    game, state = closing(route_text="CAR-MAN-STU", extra="houses: 0=CAR,MAN,FRE\n"
                                                          "tiles: 0=region_BAD:3")
    after = act(game, state, "C=WTB[STU]")
    assert tiles(game, after, 0) == [("region_BAD", 3)]


def test_t47_tiles_are_taken_automatically_from_the_top() -> None:
    game, state = closing(route_text="FRE-SIG-ULM-STU-CAR", extra="houses: 0=MAN\n"
                                                                  "taken: region_BAD=3")
    after = act(game, state, "C*[FRE,SIG,ULM]")
    assert tiles(game, after, 0) == [("route_5", 2)]  # Baden's stack is empty: no fallback
    game, state = closing(route_text="FRE-SIG-ULM-STU-CAR", extra="houses: 0=MAN")
    after = act(game, state, "C*[FRE,SIG,ULM]")
    assert tiles(game, after, 0) == [("route_5", 2)]
    after = act(game, state, "C=BAD[FRE,CAR]")
    assert tiles(game, after, 0) == [("route_5", 2), ("region_BAD", 3)]


def test_t48_the_next_carriage_in_order() -> None:
    game, state = closing(route_text="BAS-ZUE-KEM-AUG-MUE", extra="carriages: 0=3")
    assert act(game, state, "C*[ZUE,AUG]").carriages[0] == 4
    game, full = closing(route_text="BAS-ZUE-KEM-AUG-MUE", extra="carriages: 0=7")
    assert act(game, full, "C*[ZUE,AUG]").carriages[0] == 7


def test_t49_cartwright_reduces_the_carriage_length_by_two() -> None:
    game, state = closing(route_text="AUG-MUE-ING", extra="carriages: 0=4")
    assert act(game, state, "CW", "C*[AUG]").carriages[0] == 5
    game, short = closing(route_text="AUG-MUE", extra="hands: 0=LOD")
    assert "CW" not in legal(game, short)


def test_t50_the_cartwright_only_when_it_matters() -> None:
    cases = {(0, "AUG-MUE-ING"): False, (3, "AUG-MUE-ING"): True, (4, "AUG-MUE-ING"): True,
             (5, "AUG-MUE-ING"): False, (5, "ULM-STU-NUE-ING"): True, (7, "AUG-MUE-ING"): False}
    for (held, cities), expected in cases.items():
        game, state = closing(route_text=cities, extra=f"carriages: 0={held}")
        assert ("CW" in legal(game, state)) == expected, (held, cities)
    game, state = closing(extra="carriages: 0=5")
    with pytest.raises(IllegalActionError, match="change nothing"):
        game.apply(state, game.action_from_text(state, "CW"))


def test_t51_the_closed_route_is_discarded() -> None:
    game, state = closing(extra="hands: 0=BAS")
    after = act(game, state, "C*[AUG]")
    assert after.routes[0] == () and game.board.cards_text(after.discards) == "AUG,ING,MUE"
    nxt = finish_turn(game, after)
    assert "*BAS" in legal(game, act(game, nxt, sorted(legal(game, nxt))[-1]))


def test_t52_hand_limit_after_closing_only() -> None:
    game, state = closing(extra="hands: 0=LOD,BAS,BAS,ZUE")
    after = act(game, state, "C*[AUG]")
    assert legal(game, after) == {"X[LOD]", "X[BAS]", "X[ZUE]"}
    kept = act(game, after, "X[BAS]")
    assert hand(game, kept, 0) == "BAS,LOD,ZUE"
    three = act(game, closing(extra="hands: 0=LOD,BAS,ZUE")[1], "C*[AUG]")
    assert three.current == 1  # three cards: nothing to discard
    with pytest.raises(IllegalActionError, match="T52"):
        game.action_from_text(after, "X[MUE]")


def test_t53_the_first_trigger_takes_the_game_end_tile() -> None:
    game, state = closing(route_text="BAS-ZUE-KEM-AUG-MUE", extra="carriages: 0=6")
    after = act(game, state, "CW", "C*[ZUE,AUG]")
    assert after.end_holder == 0 and ("game_end", 1) in tiles(game, after, 0)
    game = tnt()
    later = position(game, "to move: 1\npoint: after_play\nroutes: 1=BAS-ZUE-KEM-AUG-MUE\n"
                           "carriages: 0=7 1=6\ngame end: 0")
    done = act(game, later, "CW", "C*[ZUE,AUG]")
    assert done.carriages[1] == 7 and ("game_end", 1) not in tiles(game, done, 1)


def test_t54_the_round_is_finished_after_the_trigger() -> None:
    game, state = closing(players=3, route_text="BAS-ZUE-KEM-AUG-MUE", extra="carriages: 0=6")
    state = act(game, state, "CW", "C*[ZUE,AUG]")
    played = []
    while state.current is not None:
        played.append(state.current)
        state = finish_turn(game, state)
    assert played == [1, 2] and game.is_terminal(state)


def test_t55_no_other_end_but_the_round_limit_and_the_safeguard() -> None:
    game = tnt(2, round_limit=2)
    state = game.initial_state(1)
    while state.current is not None:
        state = finish_turn(game, state)
    assert state.round == 2 and state.end_reason == "round_limit" and state.end_holder == -1
    assert tnt(3).max_game_length == 6 * 3 * 1000
    assert tnt(2, round_limit=5).max_game_length == 6 * 2 * 5


def test_t56_score() -> None:
    game = tnt()
    state = position(game, "to move: 0\ncarriages: 0=4\ntiles: 0=route_5:2,region_BAD:3\n"
                           "houses: 0=CAR,MAN,FRE 1=LOD")
    assert game.scores(state) == (3 + 5 - 17, -19)


def test_t57_only_the_highest_carriage_counts() -> None:
    game = tnt()
    for held, points in ((0, 0), (3, 2), (4, 3), (5, 5), (6, 7), (7, 10)):
        state = position(game, f"to move: 0\ncarriages: 0={held}\n"
                               "houses: " + houses_elsewhere(game, 0, 20, []))
        assert game.scores(state)[0] == points


def test_t58_winner_and_tie_break() -> None:
    assert rank_order((10, 12, 12), 0)[0] == 1
    assert rank_order((10, 12, 12), 2)[0] == 2
    assert rank_order((12, 10, 12, 3), 1)[0] == 2


def test_t59_full_ranking() -> None:
    game, state = closing(route_text="BAS-ZUE-KEM-AUG-MUE", extra="carriages: 0=6")
    state = act(game, state, "CW", "C*[ZUE,AUG]")
    state = finish_turn(game, state)
    assert state.current is None
    scores = game.scores(state)
    assert state.ranks == tuple(1 + rank_order(scores, 0).index(s) for s in range(2))
    assert game.returns(state) == tuple(1.0 if r == 1 else 0.0 for r in state.ranks)
    view = game.observation(state, None)
    assert view["winners"] == [rank_order(scores, 0)[0]] and view["end_reason"] == "carriage_7"


def test_t53_last_house_trigger_with_an_exhausted_deck_still_ends() -> None:
    game = tnt()
    state = position(game, CLOSING.format(route="AUG-MUE-ING") + "\nhouses: "
                     + houses_elsewhere(game, 0, 19, ["AUG", "MUE", "ING"]))
    state = deck_to_hand(game, state, 1)
    after = act(game, state, "C*[MUE]")
    assert after.end_reason == "last_house" and after.current == 1
