"""The action notation of §8: canonical texts, lenient readers, errors that name the problem,
uniqueness, and the example record of §8.4 replayed line by line.

test_rules.py already checks a few malformed texts, one seat prefix and the reprs (test_s8_…).
"""

from __future__ import annotations

import random

import pytest

from ludoteca import IllegalActionError, InvalidActionError
from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.actions import ACTION_TYPES, BuildSegment, Discard, PayBid
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import (
    EXAMPLE_BOARD,
    A,
    B,
    C,
    D,
    act,
    example,
    hand,
    legal,
    sp,
    stack_on,
)

GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
EVERY_KIND = ("open 2,1 1", "raise 4", "pass", "pay GYKM", "build 1,1/SE-S Y",
              "build 2,2/NE-SE YY", "scrap", "end", "girl 1,4 ccw", "take 3", "take deck",
              "take all G", "discard KB")
"""One text of each kind, as §8.2 and the contract write them."""


def test_notation_every_action_kind_round_trips() -> None:
    game = sp()
    state = example(game, GIRLS + "to move: C\n")
    kinds = set()
    for text in EVERY_KIND:
        action = game.action_from_text(state, text)
        kinds.add(type(action))
        assert game.action_to_text(state, action) == text
        assert game.action_from_text(state, game.action_to_text(state, action)) == action
        assert game.ids.from_id(game.action_to_id(action)) == action
    assert kinds == set(ACTION_TYPES)


@pytest.mark.parametrize("players", [2, 5])
def test_notation_sides_are_read_from_either_hex_and_written_from_the_first(
    players: int
) -> None:
    game = sp(players)
    state = game.initial_state(0)
    board = game.board
    names = ("N", "NE", "SE", "S", "SW", "NW")
    sides = 0
    for h, name in enumerate(board.hex_names):
        for k in range(6):
            other = board.neighbours[h][k]
            frm, to = names[k], names[(k + 1) % 6]
            action = game.action_from_text(state, f"build {name}/{frm}-{to} M")
            back = game.action_from_text(state, f"build {name}/{to}-{frm} M")
            assert (back.frm, back.to) == (action.to, action.frm)  # type: ignore[union-attr]
            written = game.action_to_text(state, action)
            first = name if other == -1 else board.hex_names[min(h, other)]
            assert written.startswith(f"build {first}/")
            if other != -1:  # the alias from the neighbour: its corners k+4 and k+3 (§4.4)
                alias = f"build {board.hex_names[other]}/{names[(k + 4) % 6]}-" \
                        f"{names[(k + 3) % 6]} M"
                assert game.action_from_text(state, alias) == action
                sides += 1
    assert sides == 2 * {2: 29, 5: 71}[players]  # every interior side from both hexes


def test_notation_seat_prefix_names_the_rules_seat_and_must_match() -> None:
    game = sp()
    state = example(game, GIRLS + "hands: C=Y\nto move: C\n")
    assert game.action_from_text(state, "3: end") == game.action_from_text(state, "end")
    assert game.action_from_text(state, "3: build 1,1/SE-S Y") == \
        game.action_from_text(state, "build 1,1/SE-S Y")
    for seat in ("1", "2", "4", "5"):
        with pytest.raises(IllegalActionError, match=f"written for seat {seat}, but seat 3"):
            game.action_from_text(state, f"{seat}: end")
    for text in ("3:end", "3 : end", "10: end", "C: end"):
        with pytest.raises(InvalidActionError):
            game.action_from_text(state, text)
    over = act(game, example(game, GIRLS + "supply: 1\nhands: C=Y\nto move: C\n"),
               "build 1,1/SE-S Y", "end")
    assert game.is_terminal(over)
    with pytest.raises(IllegalActionError, match="nobody is to act"):
        game.action_from_text(over, "3: end")


def test_notation_card_lists_are_read_in_any_order_and_written_sorted() -> None:
    game = sp()
    state = example(game, GIRLS)
    for text in ("pay MKYG", "pay GYKM", "pay KMGY", "pay YGMK"):
        assert game.action_from_text(state, text) == PayBid("GYKM")
    assert game.action_to_text(state, PayBid("GYKM")) == "pay GYKM"
    for text in ("discard BK", "discard KB"):
        assert game.action_from_text(state, text) == Discard("KB")
    assert game.action_to_text(state, game.action_from_text(state, "discard MYYG")) == \
        "discard GYYM"


@pytest.mark.parametrize(("text", "problem"), [
    ("open 2,1", "is not a Suitors' Paths action"),
    ("open 9,9 1", "'9,9' is not a hex of this board"),
    ("open 02,1 1", "'02,1' is not a hex of this board"),
    ("open 2,1 7", "a bid is a number 0 to 6"),
    ("raise -1", "a bid is a number 0 to 6"),
    ("raise 10", "a bid is a number 0 to 6"),
    ("pay 3", "cards are colour letters G Y R K B M"),
    ("pay", "is not a Suitors' Paths action"),
    ("discard gk", "cards are colour letters G Y R K B M"),
    ("build 2,1/N-SE G", "N-SE is no segment of hex 2,1"),
    ("build 2,1/C-C G", "C-C is no segment of hex 2,1"),
    ("build 2,1/N-N G", "N-N is no segment of hex 2,1"),
    ("build 2,1/X-C G", "points are N, NE, SE, S, SW, NW or C"),
    ("build 2,1/n-ne G", "points are N, NE, SE, S, SW, NW or C"),
    ("build 2,1 G", "a segment is written <hex>/<point>-<point>"),
    ("build 9,9/N-NE G", "a segment is written <hex>/<point>-<point>"),
    ("build 2,1/N-NE x", "cards are colour letters G Y R K B M"),
    ("build 2,1/N-NE", "is not a Suitors' Paths action"),
    ("girl 2,0 left", "is not a Suitors' Paths action"),
    ("girl 2,0 CW", "is not a Suitors' Paths action"),
    ("girl 9,9 cw", "'9,9' is not a hex of this board"),
    ("take 0", "is not a Suitors' Paths action"),
    ("take 7", "is not a Suitors' Paths action"),
    ("take all X", "is not a Suitors' Paths action"),
    ("take all GG", "is not a Suitors' Paths action"),
    ("take  3", "is not a Suitors' Paths action"),
    ("Pass", "is not a Suitors' Paths action"),
    ("", "is not a Suitors' Paths action"),
    ("# seat 1 receives 3,3", "is not a Suitors' Paths action"),
])
def test_notation_malformed_text_names_the_problem(text: str, problem: str) -> None:
    game = sp()
    state = example(game, GIRLS + "to move: C\n")
    with pytest.raises(InvalidActionError) as caught:
        game.action_from_text(state, text)
    assert problem in str(caught.value), str(caught.value)


def test_notation_non_text_is_refused() -> None:
    game = sp()
    with pytest.raises(InvalidActionError, match="is text, got int"):
        game.action_from_text(example(game, GIRLS), 42)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_notation_every_legal_action_has_one_canonical_text(players: int) -> None:
    game = sp(players)
    rng = random.Random(players)
    states = 0
    for seed in range(2):
        state = game.initial_state(seed)
        while not game.is_terminal(state):
            actions = game.legal_actions(state)
            texts = [game.action_to_text(state, action) for action in actions]
            assert len(set(texts)) == len(texts)  # no text names two legal actions
            assert len(set(actions)) == len(actions)
            for action, text in zip(actions, texts, strict=True):
                assert game.action_from_text(state, text) == action
                assert game.action_from_text(state, f"{state.current + 1}: {text}") == action
            states += 1
            state = game.apply(state, rng.choice(actions))
    assert states > 100


RECORD = """\
# 4 players, seats 1 A, 2 B, 3 C, 4 D; opener seat 2
2: open 2,1 1
3: raise 2
4: pass
1: raise 3
2: pass
3: raise 4
1: pass
3: pay GYKM
4: open 4,1 0
1: pass
2: pass
1: open 1,3 2
2: raise 3
1: pass
2: pay RKB
# seat 1 (A) receives 3,3; turn order C D B A
3: build 1,1/SE-S Y
3: build 0,2/NE-C G
# C connects to 0,2; stack [C]
3: girl 0,4 ccw
3: take 2
3: take 3
"""
"""The example record of §8.4, verbatim."""


def replay(game: SpGame, state: SpState, lines: list[str]) -> SpState:
    """Return the state after the record's action lines (comments and blank lines skipped)."""
    for line in lines:
        if line and not line.startswith("#"):
            state = game.apply(state, game.action_from_text(state, line))
    return state


def test_notation_the_example_record_of_8_4_replays() -> None:
    game = sp()
    # girls on the even path indices; hands with C's G G Y Y K M and B's R K B (E18)
    state = game.position_from_text(
        EXAMPLE_BOARD + GIRLS + "step: auction\nto move: B\ndisplay: GYMGKB\ndeck: RYB ...\n"
        "hands: A=GGRRBB B=YYRRKB C=GGYYKM D=RRKKBB\n")
    lines = RECORD.splitlines()
    at = lines.index("# seat 1 (A) receives 3,3; turn order C D B A")
    state = replay(game, state, lines[:at])
    observation = game.observation(state, None)
    assert observation["suitors"] == ["3,3", "1,3", "2,1", "4,1"]
    assert observation["turn_order"] == [C, D, B, A]
    assert [hand(state, seat) for seat in (A, B, C, D)] == ["GGRRBB", "YYR", "GY", "RRKKBB"]
    assert observation["discard_pile"] == list("GYKMRKB")
    assert (state.step, state.current, state.round) == (Step.BUILD, C, 1)
    at_girl = lines.index("3: girl 0,4 ccw")
    state = replay(game, state, lines[at:at_girl])
    assert stack_on(game, state, "0,2") == (C,) and state.supply == 118
    assert state.step == Step.GIRL and "girl 0,4 ccw" in legal(game, state)
    with pytest.raises(IllegalActionError, match="P53"):  # to path index 11, distance 1
        game.apply(state, game.action_from_text(state, "3: girl 0,4 cw"))
    state = replay(game, state, lines[at_girl:])
    assert stack_on(game, state, "1,4") == () and stack_on(game, state, "0,4") is None
    assert hand(state, C) == "YM" and state.current == D and state.step == Step.BUILD
    assert game.observation(state, None)["display"] == list("GRYGKB")  # slots 2, 3 refilled
    # the log writes every action line in canonical form, without the seat prefix
    written = [entry["text"] for entry in game.observation(state, None)["log"]
               if not entry["text"].startswith("#")]
    assert written == [line.partition(": ")[2] for line in lines if line[:1].isdigit()]


def test_notation_builds_are_values_that_do_not_depend_on_the_state() -> None:
    game = sp()
    one = example(game, GIRLS + "to move: C\n")
    two = example(game, GIRLS + "routes: C=1,1/SE-S\nto move: D\n")
    text = "build 1,1/S-SW M"
    assert game.action_from_text(one, text) == game.action_from_text(two, text) == \
        BuildSegment((3, 5), (2, 4), "M")
    assert game.action_to_text(one, BuildSegment((3, 5), (2, 4), "M")) == text
