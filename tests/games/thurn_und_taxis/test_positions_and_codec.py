"""Position texts, the JSON codec's checks and the renderer."""

from __future__ import annotations

import pytest

from ludoteca import StateFormatError
from ludoteca.core.registry import game_spec
from tests.games.support import reached_state
from tests.games.thurn_und_taxis.helpers import act, position, tnt


def test_position_text_round_trips_reached_states() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = tnt(players, blind_draw=players != 3)
        state = reached_state(game, seed, 300)
        if state.current is None:
            continue
        again = game.position_from_text(game.position_to_text(state))
        for name in ("display", "deck", "discards", "hands", "blind", "routes", "houses",
                     "supply", "carriages", "tiles", "taken", "point", "official", "forced",
                     "current", "round", "end_holder"):
            assert getattr(again, name) == getattr(state, name), name
        assert game.legal_actions(again) == game.legal_actions(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("round: 2", "needs to move"),
        ("to move: 5", "not a seat"),
        ("to move: 0\npoint: later", "point must be one of"),
        ("to move: 0\nhands: 0=MUE,MUE,MUE,MUE", "more than 3 cards of MUE"),
        ("to move: 0\nroutes: 0=AUG-LOD", "not joined by a road"),
        ("to move: 0\nroutes: 0=AUG-MUE-AUG", "repeats a city"),
        ("to move: 0\nsupply: 0=3", "add up to 20"),
        ("to move: 0\ndeck: AUG\ndiscards: MUE", "nowhere"),
        ("to move: 0\nhands: 0=XYZ", "not a city code"),
        ("to move: 0\nblind: 0=MUE", "blind cards"),
    ],
)
def test_bad_position_texts_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        position(tnt(), text)


def test_from_json_refuses_inconsistent_states() -> None:
    game = tnt()
    good = game.to_json(game.initial_state(3))
    for change, message in (
        ({"deck": good["deck"][1:]}, "3 cards in play"),
        ({"point": 42}, "point must be"),
        ({"current": 7}, "current must be"),
        ({"taken": [0] * 10, "end_holder": 1}, "game-end tile"),
        ({"supply": [21, 20]}, "add up to 20"),
        ({"log": []}, "non-empty list"),
    ):
        with pytest.raises(StateFormatError, match=message):
            game.from_json({**good, **change})
    with pytest.raises(StateFormatError):
        game.from_json({"seed": 1})
    assert game.from_json(good) == game.initial_state(3)


def test_renderer_shows_the_table_and_the_log() -> None:
    game = tnt()
    renderer = game_spec("thurn_und_taxis").renderer(game)
    state = position(game, "to move: 0\ndisplay: [STU ULM MUE ZUE LOD AUG]\n"
                           "deck: WUE NUE ...")
    after = act(game, state, "T2:ULM", "PM", "T1:STU", "*ULM")
    table = renderer.board_text(after)
    assert "display [NUE WUE MUE ZUE LOD AUG]" in table and "seat 1 to act" in table
    assert renderer.new_log_lines(state, after)[:3] == [
        "0: T2:ULM", "# slot 2 refilled with WUE", "0: PM"]
    blind_game = tnt(2, blind_draw=True)
    blind = position(blind_game, "to move: 0\nhands: 0=LOD\ndeck: SAL ...")
    drawn = act(blind_game, blind, "TD")
    blind_renderer = game_spec("thurn_und_taxis").renderer(blind_game)
    assert blind_renderer.new_log_lines(blind, drawn) == ["0: TD"]
    assert blind_renderer.omniscient_log_lines(blind, drawn) == ["0: TD:SAL"]
    assert "LOD?" in blind_renderer.board_text(drawn)
