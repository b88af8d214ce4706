"""Position texts at the auctions, what the JSON codec refuses and why, and the text renderer.

(test_rules.py has the position texts during play and bad position texts,
test_position_texts.py every reachable state's text and the auctions under way; the property
tests have JSON round trips and randomly damaged states.)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from ludoteca import StateFormatError
from ludoteca.core.registry import game_spec
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import act, example, sp
from tests.games.support import reached_state

GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"


def test_position_text_round_trips_every_auction_start() -> None:
    checked = 0
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        game = sp(players)
        rng = random.Random(seed)
        state = game.initial_state(seed)
        while state.round == 0:
            if state.step == Step.AUCTION and state.auction_hex == -1:
                again = game.position_from_text(game.position_to_text(state))
                for name in ("terrain", "step", "current", "opener", "starts", "turn_order",
                             "girls", "hands", "known", "display", "deck", "discards",
                             "supply", "seed"):
                    assert getattr(again, name) == getattr(state, name), name
                assert game.legal_actions(again) == game.legal_actions(state)
                checked += 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert checked == 1 + 2 + 4  # one auction fewer than players (P23)


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    """Return a change that sets the value at `path` of the encoded state."""
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _first_event(kind: str, index: int, value: Any) -> Callable[[dict[str, Any]], None]:
    """Return a change that sets value `index` of the log's first event of `kind`."""
    def change(data: dict[str, Any]) -> None:
        event = next(event for part in data["log"] for event in part if event[0] == kind)
        event[index] = value
    return change


CORRUPTIONS = [
    (_set(("turn_order",), None), "not a Suitors' Paths state"),
    (_set(("starts", 0), None), "not a Suitors' Paths state"),
    (_set(("hands", 0, 0), 40), "the cards must be those of the deck"),
    (_set(("known", 1), [9, 0, 0, 0, 0, 0]), "known cards must be in the hand"),
    (_set(("current", ), 7), "current must be a seat"),
    (_set(("step", ), 0), "OVER exactly when nobody is to act"),
    (_set(("display", 2), 6), "display must be 6 slots"),
    (_set(("supply", ), 121), "at most 120"),
    (_set(("occupied", ), []), "occupied must be exactly the routes' segments"),
    (_set(("routes", 0, 0, 1), 0), "must end at a girl holding its marker"),
    (_set(("routes", 0, 0, 2), 99), "at most a block a segment"),
    (_first_event("take_deck", 3, "X"), "a take_deck event names a seat and a colour"),
    (_first_event("take_deck", 2, 9), "a take_deck event names a seat and a colour"),
    (_first_event("refill", 2, [[7, "G"]]), "a refill event lists"),
    (_first_event("refill", 2, [[1, "GY"]]), "a refill event lists"),
    (_set(("log", ), []), "non-empty list of rounds"),
    (_set(("log", 0, 0), ["flood", "# flood"]), "a log event is"),
]


def played(seed: int) -> dict[str, Any]:
    """Return the encoded state of a 3-player game played until seat 0 has a connected route
    and a deck card was drawn."""
    game = sp(3)
    rng = random.Random(seed)
    state = game.initial_state(seed)
    while not (any(route.girl >= 0 for route in state.routes[0])
               and any(event[0] == "take_deck" for event in state.events())):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return game.to_json(state)


@pytest.mark.parametrize(("change", "message"), CORRUPTIONS)
def test_from_json_refuses_an_inconsistent_state_saying_what_is_wrong(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    game = sp(3)
    data = played(4)
    assert game.to_json(game.from_json(data)) == data
    change(data)
    with pytest.raises(StateFormatError, match=message):
        game.from_json(data)


def test_renderer_shows_the_table_unseen_cards_as_question_marks() -> None:
    game = sp()
    renderer = game_spec("suitors_paths").renderer(game)
    state = example(game, GIRLS + "hands: C=YY B=GK\nknown: B=G\ndisplay: GYMGKB\n"
                                  "deck: RYB ...\nstep: cards\nto move: C\n")
    table = renderer.board_text(state).splitlines()
    assert table[0] == "Suitors' Paths, 4 players: round 1, seat 3 to act (cards)"
    assert table[1:6] == ["  r0   G G B Y", "  r1  Y G G R R", "  r2 G Y B K Y R",
                          "  r3  K R G R B", "  r4   B Y G K"]
    assert table[8].split() == ["2", "1,3", "G?", "6", "-"]
    assert table[-1] == "display G Y M G K B; deck 50; discards 0; supply 120"


def test_renderer_log_shows_a_deck_card_only_omnisciently() -> None:
    game = sp()
    renderer = game_spec("suitors_paths").renderer(game)
    state = example(game, GIRLS + "hands: C=YY\ndisplay: GYMGKB\ndeck: RYB ...\n"
                                  "step: cards\nto move: C\n")
    after = act(game, state, "take deck", "take 2")
    assert renderer.new_log_lines(state, after) == [
        "3: take deck", "3: take 2", "# refill: slot 2 Y"]
    assert renderer.omniscient_log_lines(state, after) == [
        "3: take deck (R)", "3: take 2", "# refill: slot 2 Y"]
    assert renderer.snapshot_lines(state, after) == []  # the round goes on
    assert "3  2,1     Y???" in renderer.board_text(after)


def test_renderer_snapshots_the_table_when_a_round_begins_and_at_the_end() -> None:
    game = sp(2)
    renderer = game_spec("suitors_paths").renderer(game)
    state = reached_state(game, 5, 10_000)
    assert state.current is None
    end = renderer.snapshot_lines(None, state)
    assert end[0].startswith("  Suitors' Paths, 2 players: round ")
    assert f"game over ({state.end_reason})" in end[0]
    assert f"seat {state.winner + 1} wins" in end[0]
