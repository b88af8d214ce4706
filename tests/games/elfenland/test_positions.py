"""Public positions (`position_from_text` / `position_to_text`), `from_json` validation and the
observation's `end_reason` (E33, E34)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.errors import StateFormatError
from ludoteca.games.elfenland import ElfenlandGame
from tests.games.corrupt import assert_loads_safely_or_refuses, corrupted
from tests.games.elfenland.helpers import all_towns_but, elfenland, play
from tests.games.support import reached_state

GAMES = {players: elfenland(players) for players in (2, 3, 6)}


def legal(game: ElfenlandGame, text: str) -> set[str]:
    """Return the legal actions of the position written `text`, as notation."""
    state = game.position_from_text(text)
    return {game.action_to_text(state, action) for action in game.legal_actions(state)}


# -- positions from the worked examples ---------------------------------------------------------


def test_x1_normal_payment_versus_caravan_from_text() -> None:
    game = ludoteca.load("elfenland", players=3)
    text = """
        # X1: edge 21 (Al'Baran-Dag'Amura, desert) [D]
        phase: 5
        to move: 0
        boots: 0=Al'Baran
        hands: 0=PPPUUUDD
        roads: 21=D
    """
    assert legal(game, text) == {"move 21 D", "move 21 PPP", "move 21 UUU", "end"}


def test_x3_the_originals_obstacle_example_from_text() -> None:
    game = ludoteca.load("elfenland", players=3)
    text = "phase: 5\nto move: 0\nboots: 0=Dag'Amura\nhands: 0=EEEEDDDR\nroads: 16=D+O1"
    assert legal(game, text) == {"move 16 DDD", "move 16 EEEE", "end"}


def test_x16_obstacle_placement_restrictions_from_text() -> None:
    game = ludoteca.load("elfenland", players=3)
    assert legal(game, "phase: 4\nto move: 0\nroads: 21=D 16=U+O1") == {"obstacle 21", "pass"}


def test_x17_phase_three_display_refill_from_text() -> None:
    game = ludoteca.load("elfenland", players=3)
    text = "phase: 3\nto move: 0\ndisplay: DUPTC\nsupply top: EDU"
    assert legal(game, text) == {"take 1", "take 2", "take 3", "take 4", "take 5", "draw"}
    state = play(game, game.position_from_text(text), "take 2")
    assert game.observation(state, None)["display"] == ["D", "E", "P", "T", "C"]


def test_x23_round_end_position_is_written_in_full() -> None:
    game = ludoteca.load("elfenland", players=3)
    text = "\n".join([
        "round: 2", "phase: 6", "start: 1", "to move: 1", "set aside: -",
        "boots: 0=Elvenhold 1=Elvenhold 2=Elvenhold", "visited: 0=- 1=- 2=-",
        "hands: 0=PP 1=PUUDRR 2=DDD", "counters: 0=- 1=ECT? 2=-", "obstacles used: 2",
        "roads: 21=D1+O2", "display: DUPTC", "discards: EE", "seed: 4",
    ])
    state = game.position_from_text(text)
    written = game.position_to_text(state).splitlines()
    # the hidden piles are written too, in their order (draw pile, supply top)
    assert [line for line in written if not line.startswith(("draw pile", "supply top"))] == (
        text.splitlines())
    # Seat 1 first keeps 4 of its 6 cards (E35), then one counter (E36).
    assert legal(game, text) == {
        f"keep-cards {kept}"
        for kept in ("PUUD", "PUUR", "PUDR", "PURR", "PDRR", "UUDR", "UURR", "UDRR")
    }


# -- round trip -----------------------------------------------------------------------------

SAME = ("round", "phase", "start", "current", "step", "discarding", "boots", "visited", "hands",
        "discards", "open_counters", "secret_counters", "road_counter", "road_placer",
        "road_obstacle", "has_obstacle", "display", "set_aside_open", "seed")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([2, 3, 6]), st.integers(0, 2**31), st.integers(0, 400))
def test_position_text_round_trip(players: int, seed: int, steps: int) -> None:
    game = GAMES[players]
    state = reached_state(game, seed, steps)
    text = game.position_to_text(state)
    again = game.position_from_text(text)
    assert [getattr(again, name) for name in SAME] == [getattr(state, name) for name in SAME]
    hidden = ("draw_pile", "supply", "set_aside_secret", "reshuffles", "passes", "ranks")
    assert [getattr(again, name) for name in hidden] == [getattr(state, name) for name in hidden]
    assert game.legal_actions(again) == game.legal_actions(state)
    assert game.position_to_text(again) == text


BAD_TEXTS = [
    ("to move: 0", "needs phase"),
    ("phase: 2\nto move: 0", "phase must be 3, 4, 5, 6 or over"),
    ("phase: 5\nto move: 3", "not a seat"),
    ("phase: 5\nto move: 0\npicks: 1", "belongs to phase 3"),
    ("phase: 5\nto move: 0\nboots: 0=Atlantis", "no town"),
    ("phase: 5\nto move: 0\nvisited: 0=Elvenhold", "no town pieces"),
    ("phase: 5\nto move: 0\nhands: 0=PPPPPPPPPPP", "too many P travel cards"),
    ("phase: 5\nto move: 0\nhands: 0=PX", "card letter"),
    ("phase: 5\nto move: 0\ncounters: 0=PECUTD", "more than 5 counters"),
    ("phase: 5\nto move: 0\ncounters: 0=R", "counters are letters"),
    ("phase: 5\nto move: 0\nroads: 21=P", "cannot lie on edge 21"),
    ("phase: 5\nto move: 0\nroads: 39=D", "cannot lie on edge 39"),
    ("phase: 5\nto move: 0\nroads: 21=D+O1 14=U+O1", "two roads"),
    ("phase: 5\nto move: 0\nroads: 21-D", "a road reads like"),
    ("phase: 3\nto move: 0\nroads: 21=D", "cleared before phase 3"),
    ("phase: 3\nto move: 1\npicks: 0", "not seat 1's"),
    ("phase: 4\nto move: 0\npasses: 3", "ended phase 4"),
    ("phase: 5\nto move: 0\ndiscarding: yes\nhands: 0=PPPPP", "after_move"),
    ("phase: 6\nto move: 0", "nothing to choose"),
    ("round: 4\nphase: 6\nto move: 0\nhands: 0=PPPPP", "ends the game"),
    ("round: 5\nphase: 5\nto move: 0", "round 5"),
    ("phase: 5\nto move: 0\ndisplay: DUPT", "shows 5"),
    ("phase: 5\nto move: 0\ndraw pile: R\ndiscards: -", "in no hand, pile or discards"),
    ("phase: 5\nto move: 0\nseed: x", "seed must be a number"),
]


@pytest.mark.parametrize(("text", "reason"), BAD_TEXTS)
def test_malformed_or_impossible_text_says_why(text: str, reason: str) -> None:
    game = ludoteca.load("elfenland", players=3)
    with pytest.raises(StateFormatError, match=reason):
        game.position_from_text(text)


# -- from_json validates what it loads -----------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(st.sampled_from([2, 3, 6]), st.integers(0, 2**31), st.integers(0, 300), st.data())
def test_from_json_rejects_or_accepts_a_corrupted_state_that_works(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    game = GAMES[players]
    encoded = game.to_json(reached_state(game, seed, steps))
    assert_loads_safely_or_refuses(game, data.draw(corrupted(encoded)))


def _road_with_obstacle_but_no_counter(data: dict[str, Any]) -> None:
    data["road_obstacle"][21] = 0


CORRUPTIONS = [
    (lambda d: d["hands"][0].__setitem__(0, d["hands"][0][0] + 1), "travel cards"),
    (lambda d: d["supply"].pop(), "counters"),
    (_road_with_obstacle_but_no_counter, "no counter"),
    (lambda d: d.__setitem__("current", 7), "not a seat"),
    (lambda d: d.__setitem__("step", 2), "pick 3"),
    (lambda d: d.__setitem__("log", []), "log"),
    (lambda d: d.__setitem__("log", [[["round", 2, 0]]]), "begin with round 1"),
    (lambda d: d["boots"].pop(), "boots"),
    (lambda d: d.__setitem__("discarding", 1), "discarding"),
    (lambda d: d.pop("display"), "needs display"),
]


@pytest.mark.parametrize(("damage", "reason"), CORRUPTIONS)
def test_from_json_says_what_is_inconsistent(damage: Any, reason: str) -> None:
    game = GAMES[3]
    encoded = game.to_json(game.initial_state(3))
    damage(encoded)
    with pytest.raises(StateFormatError, match=reason):
        game.from_json(encoded)


# -- why the game ended ----------------------------------------------------------------------


def test_e33_end_reason_all_towns() -> None:
    game = ludoteca.load("elfenland", players=3)
    towns = ",".join(all_towns_but(game))
    state = game.position_from_text(f"phase: 5\nto move: 2\nvisited: 0={towns}")
    assert {game.observation(state, seat)["end_reason"] for seat in (None, 0, 1, 2)} == {None}
    state = play(game, state, "end")
    for seat in (None, 0, 1, 2):
        assert game.observation(state, seat)["end_reason"] == "all_towns"


def test_e34_end_reason_last_round() -> None:
    game = ludoteca.load("elfenland", players=3, rounds=3)
    state = play(game, game.position_from_text("round: 3\nphase: 5\nto move: 1"), "end")
    assert game.is_terminal(state)
    for seat in (None, 0, 1, 2):
        assert game.observation(state, seat)["end_reason"] == "last_round"
