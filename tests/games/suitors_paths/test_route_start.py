"""The variant option `route_start`: routes begin at the suitor's centre, so each route first
builds and pays one of its suitor's six spokes (docs/rules/suitors_paths.md, "Play length")."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import check_game
from ludoteca.core.errors import IllegalActionError, StateFormatError
from ludoteca.games.suitors_paths import BuildSegment, SpGame, SpState
from tests.games.suitors_paths.helpers import C, act, example, legal, sp, stack_on

GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
RICH = "hands: A=GGYYRRKKBBMM B=GGYYRRKKBBMM C=GGYYRRKKBBMM D=GGYYRRKKBBMM\n"


def centre_game(players: int = 4) -> SpGame:
    """Return a game under the variant."""
    return sp(players, route_start="centre")


def first_builds(game: SpGame, state: SpState) -> set[str]:
    """Return the segments (without payment) the player to act may build."""
    return {text.split(" ")[1] for text in legal(game, state) if text.startswith("build ")}


def test_the_rule_is_the_default() -> None:
    assert sp().options["route_start"] == "corner"
    assert centre_game().options["route_start"] == "centre"
    with pytest.raises(ValueError, match="route_start"):
        ludoteca.load("suitors_paths", 4, route_start="ring3")


def test_a_new_route_starts_with_a_spoke_of_its_own_suitor() -> None:
    game = centre_game()
    state = example(game, GIRLS + RICH + "to move: C\n")
    assert first_builds(game, state) == {f"2,1/C-{k}" for k in ("N", "NE", "SE", "S", "SW", "NW")}
    assert "build 2,1/C-SW G" in legal(game, state)  # 2,1 is forest: a spoke costs G
    with pytest.raises(IllegalActionError, match="starts at the suitor's centre 2,1"):
        game.apply(state, game.action_from_text(state, "build 1,1/SE-S Y"))
    corner_rule = example(sp(), GIRLS + RICH + "to move: C\n")
    assert not {name for name in first_builds(sp(), corner_rule) if name.startswith("2,1/C-")}


def test_e9_takes_one_segment_more_and_uses_up_the_spoke() -> None:
    game = centre_game()
    state = example(game, GIRLS + "hands: C=GGY\nto move: C\n")
    state = act(game, state, "build 2,1/C-SW G", "build 1,1/SE-S Y", "build 0,2/NE-C G")
    assert stack_on(game, state, "0,2") == (C,)
    assert state.supply == 117
    route = game.observation(state, None)["routes"][C][0]
    assert route["points"][0] == [5, 3] and route["connected"]  # the centre of 2,1
    state = example(game, GIRLS.replace("0,2", "0,2=C") + RICH
                    + "routes: C=2,1/C-SW|1,1/SE-S|0,2/NE-C\nto move: C\n")
    assert "2,1/C-SW" not in first_builds(game, state)
    assert len(first_builds(game, state)) == 5


def test_nobody_else_builds_a_suitors_spokes() -> None:
    # B's route runs from B's centre (1,3) to C's corner 2,1/S; C's spoke stays closed to B.
    game = centre_game()
    state = example(game, GIRLS + RICH + "routes: B=1,3/C-NW|1,2/S-C|1,2/C-NE\nto move: B\n")
    assert "2,1/S-C" not in first_builds(game, state)
    assert {"2,1/S-SW", "2,1/S-SE"} <= first_builds(game, state)
    with pytest.raises(IllegalActionError, match=r"spoke of the suitor on 2,1 \(P34\)"):
        game.apply(state, game.action_from_text(state, "build 2,1/S-C G"))


def test_a_scrap_frees_the_spoke() -> None:
    game = centre_game()
    state = example(game, GIRLS + RICH + "routes: C=2,1/C-N\nto move: C\n")
    assert first_builds(game, state) == {"2,0/SE-NE", "2,0/SE-S", "3,0/SW-S", "2,0/SE-C"}
    state = act(game, state, "scrap")
    assert "2,1/C-N" in first_builds(game, state)


def test_positions_start_routes_where_the_option_says() -> None:
    with pytest.raises(StateFormatError, match="where the suitor's routes begin"):
        example(centre_game(), GIRLS + "routes: C=1,1/SE-S\n")
    with pytest.raises(StateFormatError, match="where the suitor's routes begin"):
        example(sp(), GIRLS + "routes: C=2,1/C-SW\n")
    game = centre_game()
    state = example(game, GIRLS + "routes: C=2,1/C-SW|1,1/SE-S\n")
    assert game.from_json(game.to_json(state)) == state
    text = game.position_to_text(state)
    assert "routes: C=2,1/C-SW|1,1/SE-S" in text and game.position_from_text(text) == state


def test_check_game_under_the_variant() -> None:
    game = centre_game(3)
    report = check_game(game, games=2, seed=13, deep_fraction=0.01)
    assert report.games == 2 and report.longest_game <= game.max_game_length


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_game_random_games_under_the_variant(players: int) -> None:
    game = centre_game(players)
    report = check_game(game, games=6, seed=17, deep_fraction=0.005)
    assert report.games == 6 and report.longest_game <= game.max_game_length


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_check_game_300_random_games_under_the_variant(players: int) -> None:
    game = centre_game(players)
    report = check_game(game, games=300, seed=17, deep_fraction=0.005)
    assert report.games == 300 and report.longest_game <= game.max_game_length


def test_random_routes_under_the_variant_start_at_the_centres() -> None:
    game = centre_game(3)
    state = game.initial_state(21)
    actions = 0
    while not game.is_terminal(state) and actions < 400:
        legal_now = game.legal_actions(state)
        builds = [a for a in legal_now if isinstance(a, BuildSegment)]
        state = game.apply(state, builds[-1] if builds else legal_now[actions % len(legal_now)])
        actions += 1
    centres = game.board.centres
    routes = [(seat, route) for seat, seat_routes in enumerate(state.routes)
              for route in seat_routes]
    assert routes and all(route.points[0] == centres[state.starts[seat]]
                          for seat, route in routes)
