"""Records rebuild every state; damaged records are refused with a reason."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core import StateFormatError, make_record, replay


def played_record(seed: int = 11, actions: int = 40) -> dict[str, object]:
    game = ludoteca.load("keezen", players=4)
    state = game.initial_state(seed)
    texts = []
    for _ in range(actions):
        action = game.legal_actions(state)[0]
        texts.append(game.action_to_text(state, action))
        state = game.apply(state, action)
    return make_record(game, seed, texts)


def test_replay_rebuilds_every_state() -> None:
    record = played_record()
    states = replay(record)
    game = ludoteca.load("keezen", players=4)
    assert len(states) == 41
    assert states[0] == game.initial_state(11)
    last = states[-1]
    again = replay(record)[-1]
    assert game.to_json(again) == game.to_json(last)


def test_record_fields() -> None:
    record = played_record(actions=3)
    assert set(record) == {"game", "options", "seed", "actions", "rules_version"}
    assert record["game"] == "keezen" and record["seed"] == 11


def test_record_of_another_rules_version_is_refused() -> None:
    record = {**played_record(actions=2), "rules_version": "0"}
    with pytest.raises(StateFormatError, match="rules version '0'"):
        replay(record)


def test_record_with_an_illegal_action_names_its_index() -> None:
    record = played_record(actions=2)
    record["actions"] = [*record["actions"], "Q: 0-12"]  # type: ignore[misc]
    with pytest.raises(StateFormatError, match="record action 3"):
        replay(record)


def test_record_missing_fields_is_refused() -> None:
    with pytest.raises(StateFormatError, match="lacks seed, actions"):
        replay({"game": "keezen", "options": {}, "rules_version": "1"})
