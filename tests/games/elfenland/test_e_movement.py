"""Rules E23–E32 of the Elfenland specification: phase 5, movement and payments."""

from __future__ import annotations

from itertools import combinations

import pytest

import ludoteca
from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import (
    ActionEvent,
    Phase,
)
from tests.games.elfenland.helpers import (
    all_towns_but,
    assert_illegal,
    elfenland,
    events_of,
    hand,
    legal_texts,
    make_state,
    payments,
    play,
    random_game,
    towns_visited,
    vec,
)

CHART = {
    # Section 3.3: cards of the counter's own type per road; None = X (forbidden).
    "P": {"plain": 1, "forest": 1, "desert": None, "mountain": None},
    "E": {"plain": 1, "forest": 1, "desert": None, "mountain": 2},
    "C": {"plain": 2, "forest": 2, "desert": None, "mountain": 1},
    "U": {"plain": None, "forest": 1, "desert": 2, "mountain": 1},
    "T": {"plain": 1, "forest": 2, "desert": 2, "mountain": 2},
    "D": {"plain": 1, "forest": 2, "desert": 1, "mountain": 1},
}
SAMPLE_ROAD = {
    # terrain: (road id, a town at one end)
    "plain": (2, "Elvenhold"),
    "forest": (9, "Elvenhold"),
    "desert": (21, "Al'Baran"),
    "mountain": (35, "Virst"),
}
RIVERS = {
    # The data file: river id -> (upstream town, downstream town).
    36: ("Beata", "Elvenhold"),
    37: ("Elvenhold", "Rivinia"),
    38: ("Rivinia", "Tichih"),
    39: ("Virst", "Ixara"),
    40: ("Ixara", "Mah'Davikia"),
    41: ("Mah'Davikia", "Grangor"),
    42: ("Wylhien", "Usselen"),
}
LAKES = {
    43: ("Elvenhold", "Virst"),
    44: ("Elvenhold", "Strykhaven"),
    45: ("Virst", "Strykhaven"),
    46: ("Parundia", "Yttar"),
    47: ("Parundia", "Grangor"),
    48: ("Yttar", "Grangor"),
}


def mover(game, seat=0, **kwargs):
    """Return a phase-5 state with `seat` to move (start player 0 unless told)."""
    return make_state(game, phase=Phase.MOVEMENT, current=seat, **kwargs)


def subsets(cards: str, size: int) -> set[str]:
    """Return every multiset of `size` cards from `cards`, in canonical letter order."""
    return {"".join(sorted(combo, key=LETTERS.index)) for combo in combinations(cards, size)}


# -- E23 ------------------------------------------------------------------------------------------


def test_e23_each_player_completes_a_movement_turn_in_turn_order() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=1, start=1,
                       counters={2: "P", 4: "P"}, hands={1: "PP"})
    seen = []
    for text in ("move 2 P", "move 4 P", "end", "end", "end"):
        seen.append(state.current)
        state = play(game, state, text)
    assert seen == [1, 1, 1, 2, 0]
    assert state.phase != Phase.MOVEMENT
    assert [(e.seat, e.action.verb) for e in events_of(state, ActionEvent)] == [
        (1, "move"), (1, "move"), (1, "end"), (2, "end"), (0, "end"),
    ]


def test_e23_only_the_moving_player_may_act() -> None:
    game = elfenland(3)
    state = mover(game, seat=0, counters={2: "P"}, hands={0: "P", 1: "P"})
    with pytest.raises(ludoteca.InvalidActionError):
        game.action_from_text(state, "1: move 2 P")
    assert game.action_from_text(state, "0: move 2 P") == game.action_from_text(state, "move 2 P")


# -- E24 ------------------------------------------------------------------------------------------


def test_e24_a_step_pays_moves_the_boot_and_the_turn_goes_on() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, hands={0: "PPD"})
    after = play(game, state, "move 2 P")
    assert after.boots[0] == game.map.town("Lapphalya")
    assert hand(after, 0) == "PD"
    assert after.discards == tuple(a + b for a, b in zip(state.discards, vec("P"), strict=True))
    assert after.current == 0 and after.phase == Phase.MOVEMENT


def test_e24_a_player_may_end_before_the_first_step() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, hands={0: "PPPP"})
    assert "end" in legal_texts(game, state)
    after = play(game, state, "end")
    assert after.boots[0] == game.map.town("Elvenhold")
    assert hand(after, 0) == "PPPP"
    assert after.current == 1


def test_e24_end_is_the_only_action_when_no_step_can_be_paid() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P", 9: "D"}, hands={0: "EECU"})
    assert legal_texts(game, state) == {"end"}


def test_e24_the_boot_stays_where_the_turn_ends_into_the_next_round() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=2, boots={0: "Beata", 1: "Yttar"},
                       counters={2: "P"}, hands={2: "P"})
    state = play(game, state, "move 2 P", "end")
    assert state.round == 2 and state.phase == Phase.OPEN_PICKS
    names = [game.map.town_names[town] for town in state.boots]
    assert names == ["Beata", "Yttar", "Lapphalya"]


def test_e24_a_movement_turn_has_at_most_eight_steps() -> None:
    game = elfenland(4)
    for seed in range(6):
        final = random_game(game, 500 + seed)[-1]
        run = 0
        for event in events_of(final, ActionEvent):
            if event.action.verb == "move":
                run += 1
                assert run <= 8
            elif event.action.verb == "end":
                run = 0


# -- E25 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caravan", ["identical", "any"])
def test_e25_a_road_without_a_counter_is_impassable(caravan: str) -> None:
    game = elfenland(3, caravan=caravan)
    state = mover(game, hands={0: "PPPPDDDD"})
    assert legal_texts(game, state) == {"end"}
    assert_illegal(game, state, "move 1 P", "move 2 PPP", "move 9 DDDD")


def test_e25_rivers_and_lakes_need_no_counter() -> None:
    game = elfenland(3)
    state = mover(game, hands={0: "RRR"})
    assert legal_texts(game, state) == {
        "move 36 RR", "move 37 R", "move 43 RR", "move 44 RR", "end",
    }


# -- E26 ------------------------------------------------------------------------------------------

NORMAL_CASES = [(letter, terrain) for letter, row in CHART.items()
                for terrain, cost in row.items() if cost is not None]


@pytest.mark.parametrize(("letter", "terrain"), NORMAL_CASES)
def test_e26_normal_payment_is_the_chart_cost_in_the_counters_type(
    letter: str, terrain: str
) -> None:
    game = elfenland(3)
    road, town = SAMPLE_ROAD[terrain]
    cost = CHART[letter][terrain]
    state = mover(game, boots={0: town}, counters={road: letter}, hands={0: letter * 2 + "R"})
    assert payments(game, state, road) == {letter * cost}


@pytest.mark.parametrize(("letter", "terrain"), NORMAL_CASES)
def test_e26_an_obstacle_adds_one_card(letter: str, terrain: str) -> None:
    game = elfenland(3)
    road, town = SAMPLE_ROAD[terrain]
    cost = CHART[letter][terrain] + 1
    state = mover(game, boots={0: town}, counters={road: letter}, obstacles={road: 1},
                  hands={0: letter * 3})
    assert payments(game, state, road) == {letter * cost}


def test_e26_cards_of_another_type_do_not_count() -> None:
    game = elfenland(3)
    # Road 14 (Lapphalya–Ixara, forest) with a Troll: chart(T, forest) = 2.
    state = mover(game, boots={0: "Lapphalya"}, counters={14: "T"}, hands={0: "TEEUU"})
    assert payments(game, state, 14) == set()
    assert_illegal(game, state, "move 14 E", "move 14 U", "move 14 TE", "move 14 T")


# -- E27 ------------------------------------------------------------------------------------------


def test_e27_a_caravan_is_three_identical_cards_of_any_type_including_raft() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "E"}, hands={0: "CCCUDRRR"})
    assert payments(game, state, 2) == {"CCC", "RRR"}
    assert_illegal(game, state, "move 2 CCU", "move 2 CC", "move 2 CCCR")


def test_e27_a_caravan_on_an_obstacle_road_is_four_identical_cards() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "E"}, obstacles={2: 1}, hands={0: "CCCCRRRE"})
    assert payments(game, state, 2) == {"CCCC"}
    assert_illegal(game, state, "move 2 RRR", "move 2 CCC", "move 2 E")


def test_e27_a_caravan_ignores_the_terrain_and_the_counter() -> None:
    game = elfenland(3)
    # Road 21 (desert) holds a Dragon; Pigs may never lie on a desert but may cross it.
    state = mover(game, boots={0: "Al'Baran"}, counters={21: "D"}, hands={0: "PPP"})
    assert payments(game, state, 21) == {"PPP"}
    after = play(game, state, "move 21 PPP")
    assert after.boots[0] == game.map.town("Dag'Amura")


def test_e27_no_caravan_on_water() -> None:
    game = elfenland(3, caravan="identical")
    state = mover(game, hands={0: "PPPDDD"})
    assert legal_texts(game, state) == {"end"}
    assert_illegal(game, state, "move 37 PPP", "move 43 DDD")


def test_e27_option_any_allows_any_three_cards() -> None:
    game = elfenland(3, caravan="any")
    # Road 2 (plain) with a Dragon: chart(D, plain) = 1.
    state = mover(game, counters={2: "D"}, hands={0: "PECUTDR"})
    assert payments(game, state, 2) == {"D"} | subsets("PECUTDR", 3)
    assert len(payments(game, state, 2)) == 1 + 35


def test_e27_option_any_allows_any_four_cards_with_an_obstacle() -> None:
    game = elfenland(3, caravan="any")
    state = mover(game, counters={2: "D"}, obstacles={2: 2}, hands={0: "PEEDR"})
    assert payments(game, state, 2) == subsets("PEEDR", 4)
    assert_illegal(game, state, "move 2 D", "move 2 PEE")


def test_e27_option_any_still_needs_a_counter_and_is_never_on_water() -> None:
    game = elfenland(3, caravan="any")
    state = mover(game, hands={0: "PECUTD"})
    assert legal_texts(game, state) == {"end"}


# -- E28 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("river", sorted(RIVERS))
def test_e28_a_river_costs_one_raft_downstream_and_two_upstream(river: int) -> None:
    game = elfenland(3)
    upstream, downstream = RIVERS[river]
    down = mover(game, boots={0: upstream}, hands={0: "RRRPPP"})
    assert payments(game, down, river) == {"R"}
    up = mover(game, boots={0: downstream}, hands={0: "RRRPPP"})
    assert payments(game, up, river) == {"RR"}
    after = play(game, down, f"move {river} R")
    assert after.boots[0] == game.map.town(downstream)


@pytest.mark.parametrize("lake", sorted(LAKES))
def test_e28_a_lake_crossing_costs_two_rafts_either_way(lake: int) -> None:
    game = elfenland(3)
    for town in LAKES[lake]:
        state = mover(game, boots={0: town}, hands={0: "RRRDDD"})
        assert payments(game, state, lake) == {"RR"}
        assert_illegal(game, state, f"move {lake} R", f"move {lake} RRR")


def test_e28_one_raft_is_not_enough_upstream() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Ixara"}, hands={0: "RDD"})
    assert payments(game, state, 39) == set()
    assert payments(game, state, 40) == {"R"}


# -- E29 ------------------------------------------------------------------------------------------


def test_e29_overpaying_or_mixing_is_illegal() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, hands={0: "PPPPUUUR"})
    assert payments(game, state, 2) == {"P", "PPP", "UUU"}
    assert_illegal(game, state, "move 2 PP", "move 2 PU", "move 2 PPPP", "move 2 PPU",
                   "move 2 UUUU", "move 37 RR")


def test_e29_the_payment_must_come_from_the_hand() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, hands={0: "UUDD"})
    assert_illegal(game, state, "move 2 P", "move 2 PPP", "move 37 R")


def test_e29_paid_cards_go_face_up_on_the_discard_pile() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "C"}, hands={0: "CCRR"}, discards="TD")
    after = play(game, state, "move 2 CC")
    assert hand(after, 0) == "RR"
    assert after.discards == vec("CCTD")
    state = mover(game, hands={0: "RRR"}, discards="TD")
    after = play(game, state, "move 44 RR")
    assert hand(after, 0) == "R"
    assert after.discards == vec("TDRR")
    for viewer in (0, 1, None):
        assert game.observation(after, viewer)["discard_pile"] == "TDRR"


def test_e29_option_any_caravan_must_still_be_exactly_three() -> None:
    game = elfenland(3, caravan="any")
    state = mover(game, counters={2: "T"}, hands={0: "PECUR"})
    assert payments(game, state, 2) == subsets("PECUR", 3)
    assert_illegal(game, state, "move 2 PE", "move 2 PECU")


# -- E30 ------------------------------------------------------------------------------------------


def test_e30_arriving_at_a_new_town_collects_its_piece() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, hands={0: "P"})
    after = play(game, state, "move 2 P")
    assert towns_visited(game, after, 0) == {"Lapphalya"}
    assert game.scores(after) == (1, 0, 0)
    event = events_of(after, ActionEvent)[-1]
    assert (event.town, event.piece) == (game.map.town("Lapphalya"), True)
    entry = game.observation(after, 1)["log"][-1]
    assert (entry["town"], entry["piece"]) == ("Lapphalya", True)


def test_e30_elvenhold_and_revisited_towns_give_nothing() -> None:
    game = elfenland(3)
    state = mover(game, boots={0: "Beata"}, counters={1: "D"}, hands={0: "DRR"},
                  visited={0: ["Beata"]})
    after = play(game, state, "move 36 R")
    assert game.scores(after) == (1, 0, 0)
    assert events_of(after, ActionEvent)[-1].piece is False
    after = play(game, after, "move 1 D")
    assert game.scores(after) == (1, 0, 0)
    assert events_of(after, ActionEvent)[-1].piece is False
    assert towns_visited(game, after, 0) == {"Beata"}


def test_e30_other_players_pieces_are_unaffected() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, hands={0: "P"},
                  visited={1: ["Lapphalya", "Beata"], 2: ["Yttar"]})
    after = play(game, state, "move 2 P")
    assert towns_visited(game, after, 0) == {"Lapphalya"}
    assert towns_visited(game, after, 1) == {"Lapphalya", "Beata"}
    assert towns_visited(game, after, 2) == {"Yttar"}


# -- E31 ------------------------------------------------------------------------------------------


def test_e31_a_road_may_be_travelled_again_and_is_paid_each_time() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, hands={0: "PPPR"})
    after = play(game, state, "move 2 P", "move 2 P", "move 2 P")
    assert after.boots[0] == game.map.town("Lapphalya")
    assert hand(after, 0) == "R"
    assert LETTERS[after.road_counter[2]] == "P"
    assert payments(game, after, 2) == set()


def test_e31_every_player_may_use_the_same_counter_and_share_a_town() -> None:
    game = elfenland(3)
    state = mover(game, counters={2: "P"}, placers={2: 2}, hands={0: "P", 1: "P", 2: "P"})
    state = play(game, state, "move 2 P", "end", "move 2 P", "end", "move 2 P")
    lapphalya = game.map.town("Lapphalya")
    assert state.boots == (lapphalya,) * 3
    assert game.scores(state) == (1, 1, 1)
    assert LETTERS[state.road_counter[2]] == "P"


# -- E32 ------------------------------------------------------------------------------------------


def test_e32_a_twentieth_piece_does_not_stop_the_round() -> None:
    game = elfenland(3)
    state = make_state(
        game, phase=Phase.MOVEMENT, current=0, round=2,
        boots={0: "Dag'Amura"}, counters={16: "U", 2: "P"},
        visited={0: all_towns_but(game, "Kihromah")},
        hands={0: "UR", 1: "P", 2: "PPPPP"},
    )
    state = play(game, state, "move 16 U")
    assert game.scores(state)[0] == 20
    assert state.current == 0 and state.phase == Phase.MOVEMENT
    state = play(game, state, "end")
    assert state.current == 1 and state.phase == Phase.MOVEMENT
    state = play(game, state, "move 2 P", "end")
    assert state.current == 2 and state.phase == Phase.MOVEMENT
    state = play(game, state, "end")
    assert state.phase == Phase.OVER
    assert game.scores(state) == (20, 1, 0)
    assert state.phase != Phase.ROUND_END
