"""The worked examples X1–X28 of the Elfenland specification (section 6), one by one.

Each test builds the position the example describes and checks exactly what the example
states: legal payment sets (as sets of canonical payment strings), legality tables row by
row, display refills, turn sequences, round-end reductions and rankings.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

import ludoteca
from ludoteca.core.draft import thaw
from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import (
    NONE,
    ActionEvent,
    ClearEvent,
    GameEndEvent,
    KeepCardsEvent,
    KeepCounterEvent,
    Phase,
    PickEvent,
    RefillEvent,
    ReshuffleEvent,
    RoundEvent,
)
from tests.games.elfenland.helpers import (
    advance_to,
    all_towns_but,
    assert_illegal,
    display_text,
    elfenland,
    events_of,
    flow_state,
    hand,
    held,
    legal_texts,
    make_state,
    payments,
    play,
    random_game,
    towns_visited,
    vec,
)


def mover(game, seat=0, **kwargs):
    """Return a phase-5 state with `seat` to move (start player 0)."""
    return make_state(game, phase=Phase.MOVEMENT, current=seat, **kwargs)


def subsets(cards: str, size: int) -> set[str]:
    """Return every multiset of `size` cards from `cards`, in canonical letter order."""
    return {"".join(sorted(combo, key=LETTERS.index)) for combo in combinations(cards, size)}


# -- X1 ------------------------------------------------------------------------------------------


def x1(caravan: str = "identical"):
    game = elfenland(3, caravan=caravan)
    return game, mover(game, boots={0: "Al'Baran"}, counters={21: "D"}, hands={0: "PPPUUUDD"})


def test_x1_normal_payment_versus_caravan() -> None:
    game, state = x1()
    assert payments(game, state, 21) == {"D", "PPP", "UUU"}
    assert legal_texts(game, state) == {"move 21 D", "move 21 PPP", "move 21 UUU", "end"}


def test_x1_illegal_payments() -> None:
    game, state = x1()
    assert_illegal(game, state, "move 21 DD", "move 21 DDD", "move 21 UU")


def test_x1_pigs_cross_the_desert_in_a_caravan() -> None:
    game, state = x1()
    after = play(game, state, "move 21 PPP")
    assert after.boots[0] == game.map.town("Dag'Amura")
    assert hand(after, 0) == "UUUDD"


# -- X2 ------------------------------------------------------------------------------------------


def test_x2_the_same_position_under_caravan_any() -> None:
    game, state = x1("any")
    expected = {"D", "PPP", "PPU", "PUU", "UUU", "PPD", "PUD", "UUD", "PDD", "UDD"}
    assert payments(game, state, 21) == expected
    assert len(payments(game, state, 21)) == 10


# -- X3 ------------------------------------------------------------------------------------------


def x3(caravan: str = "identical"):
    game = elfenland(3, caravan=caravan)
    state = mover(game, boots={0: "Dag'Amura"}, counters={16: "D"}, obstacles={16: 1},
                  hands={0: "EEEEDDDR"})
    return game, state


def test_x3_the_originals_obstacle_example() -> None:
    game, state = x3()
    assert payments(game, state, 16) == {"DDD", "EEEE"}
    assert_illegal(game, state, "move 16 DD", "move 16 EEE", "move 16 DDDD")


def test_x3_under_caravan_any() -> None:
    game, state = x3("any")
    found = payments(game, state, 16)
    assert found == {"DDD"} | subsets("EEEEDDDR", 4)
    assert len(subsets("EEEEDDDR", 4)) == 8
    assert len(found) == 9


# -- X4 ------------------------------------------------------------------------------------------


def x4(caravan: str = "identical"):
    game = elfenland(3, caravan=caravan)
    state = mover(game, boots={0: "Feodor"}, counters={27: "T"}, obstacles={27: 2},
                  hands={0: "EEEUUUTT"})
    return game, state


def test_x4_a_road_the_hand_cannot_pay_for() -> None:
    game, state = x4()
    assert payments(game, state, 27) == set()
    assert_illegal(game, state, "move 27 TTT", "move 27 TT", "move 27 EEE", "move 27 EEEU")


def test_x4_under_caravan_any_any_four_cards() -> None:
    game, state = x4("any")
    assert payments(game, state, 27) == subsets("EEEUUUTT", 4)
    assert "EUTT" in payments(game, state, 27)


# -- X5 ------------------------------------------------------------------------------------------


def test_x5_the_counter_type_must_match() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Lapphalya"}, counters={11: "P"}, hands={0: "EEEEECCC"})
    assert payments(game, state, 11) == {"EEE", "CCC"}
    assert_illegal(game, state, "move 11 E", "move 11 EEEE")


# -- X6 ------------------------------------------------------------------------------------------


def test_x6_caravans_ignore_terrain() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Al'Baran"}, counters={22: "U"}, hands={0: "PPPEECUD"})
    assert payments(game, state, 22) == {"PPP"}
    assert_illegal(game, state, "move 22 UU", "move 22 U")


# -- X7 ------------------------------------------------------------------------------------------


def test_x7_raft_caravan_and_a_dominated_caravan() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Beata"}, counters={3: "P"}, hands={0: "PPPUDRRR"})
    assert payments(game, state, 3) == {"P", "PPP", "RRR"}


# -- X8 ------------------------------------------------------------------------------------------


def test_x8_mixed_cards_pay_nothing_by_default() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Al'Baran"}, counters={21: "D"}, hands={0: "PEECCUUR"})
    assert payments(game, state, 21) == set()
    assert_illegal(game, state, "move 21 UUP")


def test_x8_mixed_cards_under_caravan_any() -> None:
    game = elfenland(3, caravan="any")
    state = mover(game, boots={0: "Al'Baran"}, counters={21: "D"}, hands={0: "PEECCUUR"})
    assert payments(game, state, 21) == subsets("PEECCUUR", 3)
    assert "PUU" in payments(game, state, 21)
    # The parser takes the letters in any order; UUP is the same multiset as PUU.
    action = game.action_from_text(state, "move 21 UUP")
    assert game.action_to_text(state, action) == "move 21 PUU"
    after = game.apply(state, action)
    assert hand(after, 0) == "EECCR"


# -- X9 ------------------------------------------------------------------------------------------


def test_x9_river_downstream_versus_upstream() -> None:
    game = elfenland(3)
    at_virst = mover(game, boots={0: "Virst"}, hands={0: "RRR"})
    assert payments(game, at_virst, 39) == {"R"}
    at_ixara = mover(game, boots={0: "Ixara"}, hands={0: "RRR"})
    assert payments(game, at_ixara, 39) == {"RR"}


def test_x9_with_ddr_down_but_not_back_by_water() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Virst"}, hands={0: "DDR"})
    assert payments(game, state, 39) == {"R"}
    after = play(game, state, "move 39 R")
    assert after.boots[0] == game.map.town("Ixara")
    assert payments(game, after, 39) == set()
    assert_illegal(game, after, "move 39 R", "move 39 RR")


def test_x9_paying_two_rafts_downstream_is_illegal() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Virst"}, hands={0: "RR"})
    assert_illegal(game, state, "move 39 RR")


def test_x9_the_parallel_road_needs_a_counter() -> None:
    game = elfenland(3)
    bare = mover(game, boots={0: "Virst"}, hands={0: "TR"})
    assert payments(game, bare, 5) == set()
    for town in ("Virst", "Ixara"):
        state = mover(game, boots={0: town}, counters={5: "T"}, hands={0: "TR"})
        assert payments(game, state, 5) == {"T"}


# -- X10 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("town", "road", "river"), [
    ("Mah'Davikia", "C", "R"),
    ("Grangor", "C", "RR"),
])
def test_x10_parallel_edges(town: str, road: str, river: str) -> None:
    game = elfenland(3)
    state = mover(game, boots={0: town}, counters={30: "C"}, hands={0: "CRR"})
    assert payments(game, state, 30) == {road}
    assert payments(game, state, 41) == {river}


def test_x10_with_cr_grangor_to_mahdavikia_only_by_road() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Grangor"}, counters={30: "C"}, hands={0: "CR"})
    steps = {text for text in legal_texts(game, state)
             if text.startswith(("move 30 ", "move 41 "))}
    assert steps == {"move 30 C"}


# -- X11 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("town", ["Elvenhold", "Strykhaven"])
def test_x11_a_lake_crossing_costs_exactly_two_rafts(town: str) -> None:
    game = elfenland(3)
    state = mover(game, boots={0: town}, hands={0: "RRRR"})
    assert payments(game, state, 44) == {"RR"}
    assert_illegal(game, state, "move 44 R", "move 44 RRR")


def test_x11_no_counter_or_obstacle_can_be_on_edge_44() -> None:
    game = elfenland(3)
    # Five counters, the most a player may hold (E13): one of each kind but the Pig.
    state = make_state(game, phase=Phase.PLACEMENT, current=0, counters={2: "T"},
                       open_counters={0: "ECUTD"})
    texts = legal_texts(game, state)
    assert not [text for text in texts if text.endswith(" 44")]
    assert_illegal(game, state, "place D 44", "place T 44", "obstacle 44")


# -- X12 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("caravan", ["identical", "any"])
@pytest.mark.parametrize("town", ["Ixara", "Virst", "Mah'Davikia"])
def test_x12_no_caravan_on_water(caravan: str, town: str) -> None:
    game = elfenland(3, caravan=caravan)
    state = mover(game, boots={0: town}, hands={0: "UUUDDD"})
    edges = {39, 40} & set(game.map.incident[game.map.town(town)])
    for edge in edges:
        assert payments(game, state, edge) == set()
        assert_illegal(game, state, f"move {edge} UUU", f"move {edge} DDD")


# -- X13 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("caravan", ["identical", "any"])
def test_x13_a_road_without_a_counter(caravan: str) -> None:
    game = elfenland(3, caravan=caravan)
    state = mover(game, hands={0: "PPPDDDRR"})
    assert payments(game, state, 2) == set()
    assert_illegal(game, state, "move 2 PPP", "move 2 DDD", "move 2 P", "move 2 D",
                   "move 2 RR", "move 2 PPPD")


# -- X14 -----------------------------------------------------------------------------------------

X14 = {"E": ("EE", "EEE"), "C": ("C", "CC"), "U": ("U", "UU"), "T": ("TT", "TTT"),
       "D": ("D", "DD")}


@pytest.mark.parametrize("letter", sorted(X14))
def test_x14_one_mountain_road_every_counter(letter: str) -> None:
    game = elfenland(3)
    cost, with_obstacle = X14[letter]
    plain = mover(game, boots={0: "Virst"}, counters={35: letter}, hands={0: letter * 2 + "R"})
    assert payments(game, plain, 35) == {cost}
    blocked = mover(game, boots={0: "Strykhaven"}, counters={35: letter}, obstacles={35: 1},
                    hands={0: letter * 3 + "R"})
    assert payments(game, blocked, 35) == {with_obstacle}


def test_x14_a_pig_cannot_be_placed_on_the_mountain() -> None:
    game = elfenland(3)
    # A player holds at most 5 counters (E13), so the six kinds are shown in two holdings.
    texts = set()
    for holding in ("PECUT", "D"):
        state = make_state(game, phase=Phase.PLACEMENT, current=0, open_counters={0: holding})
        texts |= legal_texts(game, state)
    assert "place P 35" not in texts
    assert {f"place {letter} 35" for letter in "ECUTD"} <= texts


# -- X15 -----------------------------------------------------------------------------------------

X15 = [
    ("place P 14", True),
    ("place P 35", False),
    ("place P 21", False),
    ("place U 1", False),
    ("place D 39", False),
    ("place D 44", False),
    ("place T? 21", False),
    ("place T? 27", True),
    ("place T 27", False),
]


def x15():
    game = elfenland(3)
    state = make_state(game, phase=Phase.PLACEMENT, current=0, counters={21: "D"}, placers={21: 1},
                       open_counters={0: "PUD"}, secret_counters={0: "T"})
    return game, state


@pytest.mark.parametrize(("text", "legal"), X15)
def test_x15_counter_placement_restrictions(text: str, legal: bool) -> None:
    game, state = x15()
    assert (text in legal_texts(game, state)) == legal
    if legal:
        game.apply(state, game.action_from_text(state, text))
    else:
        assert_illegal(game, state, text)


def test_x15_the_secret_troll_becomes_visible() -> None:
    game, state = x15()
    after = play(game, state, "place T? 27")
    assert LETTERS[after.road_counter[27]] == "T"
    assert held(after, 0) == ("PUD", "")
    road = next(r for r in game.observation(after, 2)["roads"] if r["edge"] == 27)
    assert road["counter"] == "T"


# -- X16 -----------------------------------------------------------------------------------------

X16 = [
    ("obstacle 21", True),
    ("obstacle 2", False),
    ("obstacle 16", False),
    ("obstacle 44", False),
    ("obstacle 39", False),
]


def x16():
    game = elfenland(3)
    state = make_state(game, phase=Phase.PLACEMENT, current=0, counters={21: "D", 16: "U"},
                       obstacles={16: 1})
    return game, state


@pytest.mark.parametrize(("text", "legal"), X16)
def test_x16_obstacle_placement_restrictions(text: str, legal: bool) -> None:
    game, state = x16()
    assert state.has_obstacle[0]
    assert (text in legal_texts(game, state)) == legal
    if not legal:
        assert_illegal(game, state, text)


def test_x16_after_an_obstacle_in_round_one_never_again() -> None:
    game, state = x16()
    state = play(game, state, "obstacle 21")
    assert state.has_obstacle == (False, False, True)
    for later in (2, 3):
        state = advance_to(game, state, Phase.PLACEMENT, round=later)
        assert state.road_obstacle == (NONE,) * 49
        # Put a counter down (or pass) until seat 0 is to place, with counters on the board.
        while state.current != 0 or all(k == NONE for k in state.road_counter):
            places = sorted(t for t in legal_texts(game, state) if t.startswith("place"))
            state = play(game, state, places[0] if places else "pass")
        assert state.has_obstacle[0] is False
        assert not [t for t in legal_texts(game, state) if t.startswith("obstacle")]


# -- X17 -----------------------------------------------------------------------------------------


def test_x17_phase_three_display_refill() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, display="DUPTC", supply_top="EDU")
    state = play(game, state, "take 2")
    assert held(state, 0)[0] == "U"
    assert display_text(state) == "DEPTC"
    state = play(game, state, "draw")
    assert held(state, 1)[0] == "D"
    assert display_text(state) == "DEPTC"
    assert LETTERS[state.supply[0]] == "U"
    state = play(game, state, "take 2")
    assert held(state, 2)[0] == "E"
    assert display_text(state) == "DUPTC"
    assert (state.phase, state.current) == (Phase.OPEN_PICKS, 0)
    U, D, E = (LETTERS.index(x) for x in "UDE")
    assert events_of(state, PickEvent) == [
        PickEvent(0, 2, U, E), PickEvent(1, 0, D, NONE), PickEvent(2, 2, E, U),
    ]


# -- X18 -----------------------------------------------------------------------------------------


def test_x18_phase_three_length_and_the_holding_limit() -> None:
    game = elfenland(3)
    # End of round 1 (start seat 0): seat 1 keeps one of its two counters.
    state = make_state(game, phase=Phase.MOVEMENT, current=2, open_counters={1: "DT"})
    state = play(game, state, "end", "keep-counter D")
    assert (state.round, state.start, state.phase) == (2, 1, Phase.OPEN_PICKS)
    turns = []
    while state.phase == Phase.OPEN_PICKS:
        turns.append(state.current)
        state = play(game, state, "draw")
    assert turns == [1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert state.phase == Phase.PLACEMENT
    assert state.held_counters(1) == 5
    assert [state.held_counters(seat) for seat in (0, 2)] == [4, 4]


# -- X19 -----------------------------------------------------------------------------------------


def x19():
    game = elfenland(3)
    state = make_state(game, phase=Phase.PLACEMENT, current=0,
                       open_counters={0: "D", 1: "T", 2: "P"})
    return game, state


def test_x19a_three_consecutive_passes_end_phase_four() -> None:
    game, state = x19()
    lines = ["0: place D 21", "1: pass", "2: place P 2", "0: pass", "1: pass", "2: pass"]
    for line in lines:
        assert state.phase == Phase.PLACEMENT
        state = play(game, state, line)
    assert state.phase == Phase.MOVEMENT and state.current == 0


def test_x19b_a_player_who_passed_places_later() -> None:
    game, state = x19()
    lines = ["0: place D 21", "1: pass", "2: obstacle 21", "0: pass", "1: place T 27",
             "2: pass", "0: pass", "1: pass"]
    for line in lines:
        assert state.phase == Phase.PLACEMENT
        state = play(game, state, line)
    assert state.phase == Phase.MOVEMENT
    assert state.road_obstacle[21] == 2
    assert LETTERS[state.road_counter[27]] == "T"


def test_x19c_three_passes_and_every_counter_stays_in_hand() -> None:
    game, state = x19()
    state = play(game, state, "0: pass", "1: pass", "2: pass")
    assert state.phase == Phase.MOVEMENT
    assert [held(state, seat) for seat in range(3)] == [("D", ""), ("T", ""), ("P", "")]
    assert len(events_of(state, ActionEvent)) == 3


def test_x19_a_line_naming_the_wrong_seat_is_rejected() -> None:
    game, state = x19()
    with pytest.raises(ludoteca.InvalidActionError):
        game.action_from_text(state, "1: pass")


# -- X20 -----------------------------------------------------------------------------------------

X20 = [
    ("move 2 P", "Lapphalya", "UDDRRRR"),
    ("move 14 U", "Ixara", "DDRRRR"),
    ("move 40 R", "Mah'Davikia", "DDRRR"),
    ("move 41 R", "Grangor", "DDRR"),
    ("move 48 RR", "Yttar", "DD"),
]


def test_x20_a_multi_step_move() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P", 14: "U"}, hands={0: "PUDDRRRR"})
    collected = set()
    for text, town, after in X20:
        assert text in legal_texts(game, state)
        state = play(game, state, text)
        collected.add(town)
        assert game.map.town_names[state.boots[0]] == town
        assert events_of(state, ActionEvent)[-1].piece is True
        assert towns_visited(game, state, 0) == collected
        assert hand(state, 0) == after
    assert legal_texts(game, state) == {"end"}
    assert game.scores(state)[0] == 5
    assert sum(state.hands[0]) == 2


# -- X21 -----------------------------------------------------------------------------------------


def test_x21_revisiting() -> None:
    game = elfenland(3)
    state = mover(game, seat=1, boots={1: "Beata"}, counters={1: "D"}, hands={1: "DRR"},
                  visited={1: ["Beata"]})
    state = play(game, state, "move 36 R")
    assert state.boots[1] == game.map.town("Elvenhold")
    assert events_of(state, ActionEvent)[-1].piece is False
    state = play(game, state, "move 1 D")
    assert state.boots[1] == game.map.town("Beata")
    assert events_of(state, ActionEvent)[-1].piece is False
    assert game.scores(state)[1] == 1
    assert hand(state, 1) == "R"


def test_x21_elvenhold_to_beata_by_river_is_upstream() -> None:
    game = elfenland(3)
    state = mover(game, seat=1, counters={1: "D"}, hands={1: "DRR"})
    assert payments(game, state, 36) == {"RR"}
    assert payments(game, state, 1) == {"D"}


# -- X22 -----------------------------------------------------------------------------------------


def test_x22_the_kihromah_dead_end() -> None:
    game = elfenland(3)
    assert game.map.incident[game.map.town("Kihromah")] == (16,)
    state = mover(game, boots={0: "Dag'Amura"}, counters={16: "U"}, hands={0: "UU"})
    state = play(game, state, "move 16 U")
    assert towns_visited(game, state, 0) == {"Kihromah"}
    state = play(game, state, "move 16 U")
    assert state.boots[0] == game.map.town("Dag'Amura")
    assert hand(state, 0) == ""
    assert state.discards[LETTERS.index("U")] == 2


def test_x22_without_a_counter_kihromah_cannot_be_reached() -> None:
    game = elfenland(3, caravan="any")
    state = mover(game, boots={0: "Dag'Amura"}, hands={0: "PPPUUUDR"})
    assert payments(game, state, 16) == set()


# -- X23 -----------------------------------------------------------------------------------------


def x23():
    game = elfenland(3)
    state = make_state(
        game, phase=Phase.MOVEMENT, current=0, round=2, start=1,
        hands={0: "PP", 1: "PUUDRR", 2: "DDD"},
        open_counters={0: "PU", 1: "EC"}, secret_counters={1: "T"},
        counters={21: "D"}, placers={21: 1}, obstacles={21: 2},
        display="DUPTC", discards="EE",
    )
    return game, state


def test_x23_round_end_reductions() -> None:
    game, state = x23()
    state = play(game, state, "end")
    # E33 and E34 do not end the game: seat 1 chooses first.
    assert (state.phase, state.round, state.current) == (Phase.ROUND_END, 2, 1)
    assert "keep-cards UUDR" in legal_texts(game, state)
    state = play(game, state, "keep-cards UUDR")
    assert hand(state, 1) == "UUDR"
    assert state.discards == vec("PEER")  # EE already there, plus P and R
    assert (state.phase, state.current) == (Phase.ROUND_END, 1)
    supply = state.supply
    state = play(game, state, "keep-counter T?")
    assert held(state, 1) == ("", "T")
    assert state.supply == supply  # discards wait for E38
    # Seat 2 has no choice to make; seat 0 (holding P and U) is next.
    assert (state.phase, state.current) == (Phase.ROUND_END, 0)
    state = play(game, state, "keep-counter P")
    # E38 and E39: round 3 begins with seat 2 as the start player.
    assert (state.round, state.start, state.phase, state.current) == (3, 2, Phase.OPEN_PICKS, 2)
    assert events_of(state, KeepCardsEvent) == [KeepCardsEvent(1, vec("UUDR"), vec("PR"))]
    counters = events_of(state, KeepCounterEvent)
    assert [(e.seat, LETTERS[e.counter], e.secret) for e in counters] == [
        (1, "T", True), (0, "P", False)]
    assert events_of(state, ClearEvent) == [ClearEvent(1 + 2 + 1)]  # D from 21; E, C; U
    assert display_text(state) == "DUPTC"
    assert state.road_obstacle == (NONE,) * 49
    assert state.road_counter == (NONE,) * 49
    assert state.has_obstacle == (True, True, False)
    # The kept secret Troll is still secret (plus round 3's new secret counter).
    assert "T" in held(state, 1)[1] and held(state, 1)[0] == ""
    obs = game.observation(state, 0)
    entry = next(e for e in obs["log"] if e["kind"] == "keep-counter" and e["seat"] == 1)
    assert entry["counter"] is None


# -- X24 -----------------------------------------------------------------------------------------


def x24(timing: str):
    game = elfenland(3, hand_limit_timing=timing)
    towns = all_towns_but(game)
    setup = dict(round=4, visited={0: towns[:17], 1: towns[3:], 2: towns[:15]},
                 hands={0: "PPPEEE", 1: "CCCUU", 2: "TTTDDDRR"})
    if timing == "round_end":
        state = make_state(game, phase=Phase.MOVEMENT, current=2, **setup)
    else:
        state = make_state(game, phase=Phase.MOVEMENT, current=0, **setup)
    assert game.scores(state) == (17, 17, 15)
    return game, state


def test_x24_final_tie_break_by_cards() -> None:
    game, state = x24("round_end")
    state = play(game, state, "end")
    assert state.phase == Phase.OVER
    assert [sum(h) for h in state.hands] == [6, 5, 8]
    assert state.ranks == (1, 2, 3)
    assert events_of(state, GameEndEvent) == [GameEndEvent((17, 17, 15), (6, 5, 8), (1, 2, 3))]


def test_x24_under_after_move_seats_zero_and_one_share_first() -> None:
    game, state = x24("after_move")
    for seat, keep in ((0, "PPEE"), (1, "CCCU"), (2, "TTDD")):
        assert state.current == seat
        state = play(game, state, "end")
        assert state.discarding and state.current == seat
        state = play(game, state, f"keep-cards {keep}")
    assert state.phase == Phase.OVER
    assert [sum(h) for h in state.hands] == [4, 4, 4]
    assert state.ranks == (1, 1, 3)
    assert game.returns(state) == (1.0, 1.0, 0.0)


# -- X25 -----------------------------------------------------------------------------------------


def test_x25_full_tie() -> None:
    game = elfenland(3)
    towns = all_towns_but(game)
    state = make_state(game, phase=Phase.MOVEMENT, current=2, round=4,
                       visited={0: towns[:18], 1: towns[2:], 2: towns[:12]},
                       hands={0: "PPE", 1: "UDR", 2: "CCCCCCCC"})
    state = play(game, state, "end")
    assert game.scores(state) == (18, 18, 12)
    assert state.ranks == (1, 1, 3)
    assert game.observation(state, None)["winners"] == [0, 1]


# -- X26 -----------------------------------------------------------------------------------------


def x26(game, seat0_reaches_twenty: bool):
    return make_state(
        game, phase=Phase.MOVEMENT, current=2, round=3, start=2,
        boots={2: "Dag'Amura", 0: "Lapphalya"}, counters={16: "U", 11: "P"},
        visited={2: all_towns_but(game, "Kihromah"), 0: all_towns_but(game, "Rivinia"),
                 1: ["Beata"]},
        hands={2: "UPPPPP", 0: "PEEE" if seat0_reaches_twenty else "EEE", 1: "RRRRRR"},
    )


def test_x26_early_end() -> None:
    game = elfenland(3)
    state = play(game, x26(game, False), "move 16 U")
    assert game.scores(state)[2] == 20
    state = play(game, state, "end")
    assert (state.phase, state.current) == (Phase.MOVEMENT, 0)
    state = play(game, state, "end")
    assert (state.phase, state.current) == (Phase.MOVEMENT, 1)
    state = play(game, state, "end")
    assert state.phase == Phase.OVER and state.round == 3
    assert [hand(state, s) for s in range(3)] == ["EEE", "RRRRRR", "PPPPP"]
    assert state.ranks == (2, 3, 1)
    assert not events_of(state, KeepCardsEvent)
    assert [e.round for e in events_of(state, RoundEvent)] == [3]


def test_x26_two_players_at_twenty_the_tie_break_decides() -> None:
    game = elfenland(3)
    state = play(game, x26(game, True), "move 16 U", "end", "move 11 P", "end", "end")
    assert state.phase == Phase.OVER
    assert game.scores(state) == (20, 1, 20)
    assert [sum(h) for h in state.hands] == [3, 6, 5]
    assert state.ranks == (2, 3, 1)
    assert game.observation(state, None)["winners"] == [2]


# -- X27 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "starts"), [(4, [0, 1, 2, 3]), (3, [0, 1, 2, 0])])
def test_x27_start_player_rotation(players: int, starts: list[int]) -> None:
    game = elfenland(players, start_seat=0)
    states = random_game(game, 27 + players)
    assert [(e.round, e.start) for e in events_of(states[-1], RoundEvent)] == list(
        zip([1, 2, 3, 4], starts, strict=True))
    for state in states[:-1]:
        assert state.start == starts[state.round - 1]


# -- X28 -----------------------------------------------------------------------------------------


def x28(seat0: str = "DDDD"):
    game = elfenland(6, start_seat=0)
    state = make_state(
        game, phase=Phase.OPEN_PICKS, current=2, round=3, start=2,
        hands={2: "PPPPPPPP", 3: "EEEEEEEE", 4: "CCCCCCCC", 5: "UUUUUUUU", 0: seat0, 1: "RRR"},
        draw_pile="TTT",
    )
    return game, state


def test_x28_phase_one_top_up_and_reshuffle() -> None:
    game, state = x28()
    assert sum(state.discards) == 30 and len(state.draw_pile) == 3
    after = flow_state(game, state)
    round_events = [e for e in after.events() if isinstance(e, RefillEvent | ReshuffleEvent)]
    assert [(type(e).__name__, getattr(e, "seat", None), e.number) for e in round_events] == [
        ("RefillEvent", 2, 0), ("RefillEvent", 3, 0), ("RefillEvent", 4, 0),
        ("RefillEvent", 5, 0), ("ReshuffleEvent", None, 30), ("RefillEvent", 0, 4),
        ("RefillEvent", 1, 5),
    ]
    assert [sum(h) for h in after.hands] == [8] * 6
    assert Counter(hand(after, 0))["T"] >= 3 and Counter(hand(after, 0))["D"] >= 4
    assert len(after.draw_pile) == 24
    assert after.discards == (0,) * 7


def test_x28_seat_zero_leaves_29_then_seat_one_leaves_24() -> None:
    game, state = x28()
    draft = thaw(state)
    for seat in (2, 3, 4, 5):
        game.flow.refill(draft, seat)
    game.flow.refill(draft, 0)
    assert (len(draft.draw_pile), sum(draft.discards)) == (29, 0)
    assert sum(draft.hands[0]) == 8
    game.flow.refill(draft, 1)
    assert len(draft.draw_pile) == 24
    assert sum(draft.hands[1]) == 8


def test_x28_a_player_holding_one_card_draws_seven() -> None:
    game, state = x28(seat0="D")
    after = flow_state(game, state)
    assert next(e for e in events_of(after, RefillEvent) if e.seat == 0).number == 7
