"""Rules E14–E22 of the Elfenland specification: phase 3 (open counters) and phase 4."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import (
    NONE,
    ActionEvent,
    Phase,
    PickEvent,
)
from tests.games.elfenland.helpers import (
    advance_to,
    assert_illegal,
    display_text,
    elfenland,
    events_of,
    held,
    legal_texts,
    make_state,
    play,
)

ROADS_FOR = {"P": 20, "E": 28, "C": 28, "U": 27, "T": 35, "D": 35}
"""Section 3.3: how many roads each counter may be placed on (empty board)."""
TERRAIN_ROADS = {"plain": range(1, 9), "forest": range(9, 21), "desert": range(21, 28),
                 "mountain": range(28, 36)}
FORBIDDEN = {"P": ("desert", "mountain"), "E": ("desert",), "C": ("desert",), "U": ("plain",),
             "T": (), "D": ()}
"""Section 3.3: the X entries of the chart for roads (no counter goes on water)."""


def allowed_roads(letter: str) -> set[int]:
    return {e for terrain, ids in TERRAIN_ROADS.items() if terrain not in FORBIDDEN[letter]
            for e in ids}


def phase3(game, **kwargs):
    return make_state(game, phase=Phase.OPEN_PICKS, current=kwargs.pop("current", 0), **kwargs)


def phase4(game, **kwargs):
    return make_state(game, phase=Phase.PLACEMENT, current=kwargs.pop("current", 0), **kwargs)


# -- E14 ------------------------------------------------------------------------------------------


def test_e14_the_choices_are_take_one_of_five_slots_or_draw_and_no_pass() -> None:
    game = elfenland(3)
    state = phase3(game)
    assert legal_texts(game, state) == {"take 1", "take 2", "take 3", "take 4", "take 5", "draw"}
    assert_illegal(game, state, "pass", "end", "place D 21")


@pytest.mark.parametrize("players", [2, 3, 6])
def test_e14_three_laps_of_picks_give_every_player_exactly_three_open_counters(
    players: int,
) -> None:
    game = elfenland(players, start_seat=players - 1)
    state = game.initial_state(6)
    secrets = state.secret_counters
    order = []
    for turn in range(3 * players):
        assert state.phase == Phase.OPEN_PICKS
        order.append(state.current)
        state = play(game, state, "draw" if turn % 2 else "take 1")
    assert order == [(players - 1 + t) % players for t in range(3 * players)]
    assert state.phase == Phase.PLACEMENT and state.current == players - 1
    assert [sum(state.open_counters[s]) for s in range(players)] == [3] * players
    assert state.secret_counters == secrets


def test_e14_a_blind_draw_is_open_and_public() -> None:
    game = elfenland(3)
    state = phase3(game, supply_top="EU", secret_counters={0: "D"})
    after = play(game, state, "draw")
    assert held(after, 0) == ("E", "D")
    assert events_of(after, PickEvent)[-1] == PickEvent(0, 0, LETTERS.index("E"), NONE)
    for viewer in (1, 2, None):
        obs = game.observation(after, viewer)
        assert obs["open_counters"][0] == "E"
        entry = obs["log"][-1]
        assert (entry["kind"], entry["counter"], entry["text"]) == ("draw", "E", "0: draw")


# -- E15 ------------------------------------------------------------------------------------------


def test_e15_a_taken_slot_is_refilled_in_place_from_the_supply_top() -> None:
    game = elfenland(3)
    state = phase3(game, display="DUPTC", supply_top="EDU")
    after = play(game, state, "take 4")
    assert display_text(after) == "DUPEC"
    assert held(after, 0) == ("T", "")
    assert LETTERS[after.supply[0]] == "D"
    assert len(after.supply) == len(state.supply) - 1
    assert events_of(after, PickEvent)[-1] == PickEvent(0, 4, LETTERS.index("T"),
                                                        LETTERS.index("E"))


def test_e15_a_draw_leaves_the_display_unchanged() -> None:
    game = elfenland(3)
    state = phase3(game, display="DUPTC", supply_top="EDU")
    after = play(game, state, "draw")
    assert display_text(after) == "DUPTC"
    assert LETTERS[after.supply[0]] == "D"


def test_e15_with_an_empty_supply_a_slot_stays_empty_and_draw_is_not_offered() -> None:
    game = elfenland(3)
    built = phase3(game, display="DUPTC")
    # Unreachable (section E15), so the supply is emptied by hand: its counters set aside.
    state = replace(built, supply=(), set_aside_secret=built.supply)
    assert legal_texts(game, state) == {"take 1", "take 2", "take 3", "take 4", "take 5"}
    state = play(game, state, "take 2")
    assert display_text(state) == "D.PTC"
    assert legal_texts(game, state) == {"take 1", "take 3", "take 4", "take 5"}
    assert_illegal(game, state, "take 2", "draw")


# -- E16 ------------------------------------------------------------------------------------------


def test_e16_a_placement_turn_is_a_placement_an_obstacle_or_a_pass() -> None:
    game = elfenland(3)
    state = phase4(game, counters={21: "D"}, open_counters={0: "P"})
    expected = {f"place P {e}" for e in allowed_roads("P")} | {"obstacle 21", "pass"}
    assert legal_texts(game, state) == expected
    assert len(expected) == 20 + 2


def test_e16_each_choice_passes_the_turn_to_the_next_seat() -> None:
    game = elfenland(3)
    state = phase4(game, counters={21: "D"}, open_counters={0: "P", 1: "E"})
    state = play(game, state, "place P 2")
    assert state.current == 1
    state = play(game, state, "obstacle 21")
    assert state.current == 2
    state = play(game, state, "pass")
    assert state.current == 0
    assert state.phase == Phase.PLACEMENT


# -- E17 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("letter", list("PECUTD"))
def test_e17_each_counter_goes_on_the_roads_its_chart_allows(letter: str) -> None:
    game = elfenland(3)
    state = phase4(game, open_counters={0: letter}, has_obstacle={0: False})
    roads = {int(text.split()[2]) for text in legal_texts(game, state) if text != "pass"}
    assert roads == allowed_roads(letter)
    assert len(roads) == ROADS_FOR[letter]
    assert legal_texts(game, state) == {f"place {letter} {e}" for e in roads} | {"pass"}


def test_e17_rivers_lakes_and_occupied_roads_never_take_a_counter() -> None:
    game = elfenland(3)
    state = phase4(game, counters={21: "D"}, open_counters={0: "T"})
    texts = legal_texts(game, state)
    for e in range(36, 49):
        assert f"place T {e}" not in texts
    assert "place T 21" not in texts
    assert_illegal(game, state, "place T 21", "place T 36", "place T 43")


def test_e17_any_road_is_eligible_however_far_from_the_boots() -> None:
    game = elfenland(3)
    state = phase4(game, open_counters={0: "U"})
    # Every boot is at Elvenhold; road 31 (Grangor–Yttar) is far away.
    after = play(game, state, "place U 31")
    assert LETTERS[after.road_counter[31]] == "U"
    assert after.road_placer[31] == 0
    assert held(after, 0) == ("", "")


def test_e17_a_placed_secret_counter_is_revealed() -> None:
    game = elfenland(3)
    state = phase4(game, secret_counters={0: "T"})
    after = play(game, state, "place T? 27")
    assert LETTERS[after.road_counter[27]] == "T"
    assert held(after, 0) == ("", "")
    for viewer in (1, 2, None):
        obs = game.observation(after, viewer)
        assert obs["roads"] == [{"edge": 27, "counter": "T", "placed_by": 0,
                                 "obstacle_by": None}]
        assert obs["secret_counts"][0] == 0
        assert obs["log"][-1]["text"] == "0: place T? 27"


def test_e17_open_and_secret_counters_are_named_apart() -> None:
    game = elfenland(3)
    state = phase4(game, open_counters={0: "D"}, secret_counters={0: "U"})
    texts = legal_texts(game, state)
    assert "place D 21" in texts and "place U? 21" in texts
    assert "place D? 21" not in texts and "place U 21" not in texts
    assert_illegal(game, state, "place D? 21", "place U 21")


def test_e17_a_placed_counter_belongs_to_no_one() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=1, counters={2: "P"}, placers={2: 0},
                       hands={1: "P"})
    after = play(game, state, "move 2 P")
    assert after.boots[1] == game.map.town("Lapphalya")


# -- E18 ------------------------------------------------------------------------------------------


def test_e18_an_obstacle_goes_only_on_a_road_with_a_counter_and_no_obstacle() -> None:
    game = elfenland(3)
    state = phase4(game, counters={21: "D", 16: "U", 3: "P"}, obstacles={16: 1})
    assert legal_texts(game, state) == {"obstacle 21", "obstacle 3", "pass"}
    assert_illegal(game, state, "obstacle 16", "obstacle 2", "obstacle 39", "obstacle 44")


def test_e18_an_obstacle_lies_on_the_road_and_is_public() -> None:
    game = elfenland(3)
    state = phase4(game, current=2, counters={21: "D"})
    after = play(game, state, "obstacle 21")
    assert after.road_obstacle[21] == 2
    assert after.has_obstacle == (True, True, False)
    for viewer in (0, 1, None):
        obs = game.observation(after, viewer)
        assert obs["roads"] == [{"edge": 21, "counter": "D", "placed_by": 0, "obstacle_by": 2}]
        assert obs["has_obstacle"] == [True, True, False]


def test_e18_without_the_obstacle_no_obstacle_can_be_placed() -> None:
    game = elfenland(3)
    state = phase4(game, counters={21: "D"}, has_obstacle={0: False})
    assert legal_texts(game, state) == {"pass"}
    assert_illegal(game, state, "obstacle 21")


# -- E19 ------------------------------------------------------------------------------------------


def test_e19_an_obstacle_is_used_once_per_game_and_removed_at_round_end() -> None:
    game = elfenland(3)
    state = phase4(game, counters={21: "D", 5: "T"})
    state = play(game, state, "obstacle 21", "pass", "pass")
    assert state.road_obstacle[21] == 0
    assert state.current == 0
    assert_illegal(game, state, "obstacle 5")  # its one obstacle is on road 21
    state = play(game, state, "pass")
    assert state.phase == Phase.MOVEMENT
    assert state.road_obstacle[21] == 0  # it stays for the whole round
    state = advance_to(game, state, Phase.PLACEMENT, round=2)
    assert all(seat == NONE for seat in state.road_obstacle)
    assert state.has_obstacle == (False, True, True)
    while state.current != 0:
        state = play(game, state, "place " + _first_placement(game, state))
    assert not any(text.startswith("obstacle") for text in legal_texts(game, state))


def _first_placement(game, state) -> str:
    return sorted(t for t in legal_texts(game, state) if t.startswith("place"))[0][6:]


def test_e19_an_unused_obstacle_stays_for_later_rounds() -> None:
    game = elfenland(3)
    state = phase4(game, current=0)
    state = play(game, state, "pass", "pass", "pass")
    state = advance_to(game, state, Phase.PLACEMENT, round=2)
    assert state.has_obstacle == (True, True, True)


# -- E20 ------------------------------------------------------------------------------------------


def test_e20_nothing_to_place_forces_a_pass() -> None:
    game = elfenland(3)
    # The obstacle is unused but no road holds a counter, and no counter is held.
    state = phase4(game)
    assert legal_texts(game, state) == {"pass"}
    assert [game.action_to_text(state, a) for a in game.legal_actions(state)] == ["pass"]


def test_e20_a_forced_pass_is_recorded_and_counts_towards_the_end() -> None:
    game = elfenland(2)
    state = phase4(game, open_counters={1: "D"})
    state = play(game, state, "pass")
    assert state.current == 1 and state.passes == 1
    state = play(game, state, "pass")
    assert state.phase == Phase.MOVEMENT
    verbs = [(e.seat, e.action.verb) for e in events_of(state, ActionEvent)]
    assert verbs == [(0, "pass"), (1, "pass")]


# -- E21 ------------------------------------------------------------------------------------------


def test_e21_phase_four_ends_after_n_consecutive_passes() -> None:
    game = elfenland(4)
    state = phase4(game, open_counters={2: "DD"})
    state = play(game, state, "pass", "pass", "place D 21", "pass", "pass", "pass")
    assert state.phase == Phase.PLACEMENT and state.current == 2
    state = play(game, state, "place D 22")
    assert state.phase == Phase.PLACEMENT and state.passes == 0
    state = play(game, state, "pass", "pass", "pass")
    assert state.phase == Phase.PLACEMENT and state.current == 2
    state = play(game, state, "pass")
    assert state.phase == Phase.MOVEMENT and state.current == 0


def test_e21_a_player_who_passed_may_place_later() -> None:
    game = elfenland(3)
    state = phase4(game, open_counters={0: "P", 1: "T"})
    state = play(game, state, "pass", "place T 27", "pass")
    assert state.current == 0
    assert "place P 2" in legal_texts(game, state)
    state = play(game, state, "place P 2")
    assert LETTERS[state.road_counter[2]] == "P"


def test_e21_placement_turns_are_bounded_by_n_times_placements_plus_one() -> None:
    game = elfenland(3)
    state = phase4(game, open_counters={0: "PEC", 1: "UT", 2: "D"})
    turns = 0
    placements = 0
    while state.phase == Phase.PLACEMENT:
        legal = legal_texts(game, state)
        choice = sorted(legal - {"pass"})[0] if len(legal) > 1 else "pass"
        placements += choice != "pass"
        state = play(game, state, choice)
        turns += 1
    assert placements == 6 + 3  # six counters and three obstacles
    assert turns <= 3 * (placements + 1)


# -- E22 ------------------------------------------------------------------------------------------


def test_e22_unplaced_counters_stay_held_with_their_visibility() -> None:
    game = elfenland(3)
    state = phase4(game, open_counters={0: "PD", 1: "E"}, secret_counters={0: "T", 2: "U"})
    state = play(game, state, "place D 21", "pass", "pass", "pass")
    assert state.phase == Phase.MOVEMENT
    assert held(state, 0) == ("P", "T")
    assert held(state, 1) == ("E", "")
    assert held(state, 2) == ("", "U")
    state = play(game, state, "end", "end")
    assert held(state, 0) == ("P", "T")
    obs = game.observation(state, 1)
    assert obs["open_counters"] == ["P", "E", ""]
    assert obs["secret_counts"] == [1, 0, 1]
