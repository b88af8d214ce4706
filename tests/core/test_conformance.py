"""The conformance harness passes a correct game and catches each kind of contract breach."""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import Any

import pytest

from ludoteca.core import ConformanceError, check_game, conformance
from tests.core.toy_game import (
    AcceptsIllegal,
    ClockSeeded,
    LeakyObservation,
    LossyJson,
    NeverEnds,
    ToyGame,
    ToyState,
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


class CrashesInJson(ToyGame):
    """Raises a plain KeyError (not a contract breach the harness names) once the pile is 3."""

    def to_json(self, state: ToyState) -> dict[str, Any]:
        if state.pile == 3:
            raise KeyError("secrets")
        return super().to_json(state)


class LeaksInTheLogOnly(ToyGame):
    """Keeps the secrets out of the observation but writes both into its log."""

    def log_entries(self, state: ToyState) -> list[dict[str, Any]]:
        return [{"kind": "deal", "text": "deal", "secrets": list(state.secrets)}]

    def observation(self, state: ToyState, seat: int | None, *, log: bool = True
                    ) -> dict[str, Any]:
        return {**super().observation(state, seat), "log": self.log_entries(state) if log else []}

    def log_digest(self, state: ToyState, seat: int | None) -> str:
        return hashlib.sha256(json.dumps(self.log_entries(state)).encode()).hexdigest()


class HonestLog(LeaksInTheLogOnly):
    """Writes into each seat's log only that seat's own card."""

    def observation(self, state: ToyState, seat: int | None, *, log: bool = True
                    ) -> dict[str, Any]:
        entries = self.honest_entries(state, seat) if log else []
        return {**ToyGame.observation(self, state, seat), "log": entries}

    def honest_entries(self, state: ToyState, seat: int | None) -> list[dict[str, Any]]:
        mine = None if seat is None else state.secrets[seat]
        return [{"kind": "deal", "text": "deal", "secret": mine}]

    def log_digest(self, state: ToyState, seat: int | None) -> str:
        return hashlib.sha256(json.dumps(self.honest_entries(state, seat)).encode()).hexdigest()


class TakesTwo:
    """A guide bot that takes two counters whenever it may."""

    name = "greedy"

    def choose(self, game: Any, state: ToyState, seat: int, rng: random.Random,
               budget: object = None) -> int:
        return max(game.legal_actions(state))


def test_an_exception_inside_the_harness_names_game_seeds_and_step() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(CrashesInJson(), games=20, seed=1, deep_fraction=1.0)
    message = str(caught.value)
    assert re.fullmatch(r"toy game 0 \(check seed 1, game seed \d+\), step \d+: "
                        r"KeyError: 'secrets'", message)
    assert isinstance(caught.value.__cause__, KeyError)


def test_the_log_is_compared_through_its_digest() -> None:
    with pytest.raises(ConformanceError, match="depends on hidden information"):
        check_game(LeaksInTheLogOnly(), games=5, seed=1, deep_fraction=0.0)
    # The same game whose log shows each seat only its own card passes.
    assert check_game(HonestLog(), games=5, seed=1).games == 5


def test_the_schedule_checks_early_steps_without_any_deep_fraction() -> None:
    report = check_game(ToyGame(), games=10, seed=2, deep_fraction=0.0)
    # Every step of a game of at most 7 actions is among the first EARLY_STEPS, plus the end.
    assert report.deep_checks == report.actions + report.games


def test_a_guide_bot_chooses_its_share_of_the_moves() -> None:
    guided = check_game(ToyGame(), games=30, seed=4, guide=TakesTwo(), guided_share=1.0)
    assert guided.guided_actions == guided.actions
    assert guided.longest_game == 4  # 2 + 2 + 2 + 1
    half = check_game(ToyGame(), games=30, seed=4, guide=TakesTwo(), guided_share=0.5)
    assert 0 < half.guided_actions < half.actions
    assert half.end_reasons == ("pile_empty",)
    with pytest.raises(ValueError, match="guided_share"):
        check_game(ToyGame(), games=1, guide=TakesTwo())


def test_one_game_in_replay_every_is_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    replayed: list[int] = []
    real_replay = conformance.replay

    def counting_replay(record: Any, game: Any) -> Any:
        replayed.append(record["seed"])
        return real_replay(record, game)

    monkeypatch.setattr(conformance, "replay", counting_replay)
    check_game(ToyGame(), games=25, seed=1)
    assert len(replayed) == 3  # games 0, 10 and 20
    check_game(ToyGame(), games=4, seed=1, replay_every=1)
    assert len(replayed) == 3 + 4
