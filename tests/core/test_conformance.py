"""The conformance harness passes a correct game and catches each kind of contract breach."""

from __future__ import annotations

import pytest

from ludoteca.core import ConformanceError, check_game
from tests.core.toy_game import (
    AcceptsIllegal,
    ClockSeeded,
    LeakyObservation,
    LossyJson,
    NeverEnds,
    ToyGame,
    UndoableNotBool,
    UndoesTheReveal,
    WrongCommonObservation,
)


def test_correct_game_passes_and_report_counts_what_was_played() -> None:
    report = check_game(ToyGame(), games=30, seed=3)
    assert report.games == 30
    assert 30 * 4 <= report.actions <= 30 * 7  # 7 counters, 1 or 2 per action
    assert report.longest_game <= 7
    assert report.deep_checks >= 60  # first and last state of every game


def test_same_seed_plays_the_same_games() -> None:
    assert check_game(ToyGame(), games=10, seed=5) == check_game(ToyGame(), games=10, seed=5)


@pytest.mark.parametrize(
    ("game", "complaint"),
    [
        (LeakyObservation(), "depends on hidden information"),
        (AcceptsIllegal(), "accepted the illegal action"),
        (ClockSeeded(), "initial_state is not deterministic"),
        (LossyJson(), "from_json(to_json(state)) differs"),
        (NeverEnds(), "exceeds max_game_length"),
        (WrongCommonObservation(), "lacks 'legal_actions'"),
        (UndoesTheReveal(), "is True, but what seat"),
        (UndoableNotBool(), "undoable returned 1, not a bool"),
    ],
)
def test_contract_breach_is_reported(game: ToyGame, complaint: str) -> None:
    with pytest.raises(ConformanceError, match=complaint.replace("(", r"\(").replace(")", r"\)")):
        check_game(game, games=20, seed=1, deep_fraction=1.0)
