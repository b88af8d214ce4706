"""The legal-action cache follows the fields, on every registered game: a state changed by
`dataclasses.replace` (a state is a frozen dataclass, DESIGN.md §2) never keeps the legal
actions of the state it was made from.

Fields of a donor position are transplanted in groups that keep the state one a game could
reach (`FIELD_GROUPS`; a game without groups has its state copied unchanged), and the legal
actions are compared with a fresh computation: `Engine.find_legal` for a game built on the
engine base class (core/engine.py), else those of the same state read back from its JSON, which
carries no cache. Scenarios of one game (a card taken out of a hand) stay in its folder.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ludoteca.core.engine import Engine
from ludoteca.core.errors import IllegalActionError, StateFormatError
from ludoteca.core.registry import available_games
from tests.plugin.test_properties import DEFAULT_STEPS, position, walk

FIELD_GROUPS: dict[str, tuple[tuple[str, ...], ...]] = {
    "elfenland": (("hands",), ("boots", "visited"), ("road_counter", "road_placer")),
    "keezen": (("hands",), ("squares", "pawns")),
}
"""State fields transplanted together, so that the state stays one a game could reach."""


@pytest.mark.parametrize("name", available_games())
@settings(max_examples=40, deadline=None)
@given(data=st.data(), donor_seed=st.integers(0, 2**31), donor_steps=st.integers(0, DEFAULT_STEPS))
def test_legal_actions_of_a_replaced_state_match_a_fresh_computation(
    name: str, data: st.DataObject, donor_seed: int, donor_steps: int
) -> None:
    game, state, _, _ = position(name, data)
    cached = game.legal_actions(state)  # fill the cache that `replace` must not carry over
    groups = data.draw(st.sets(st.sampled_from(FIELD_GROUPS[name])) if name in FIELD_GROUPS
                       else st.just(set()), label="field groups")
    donor, _ = walk(game, donor_seed, donor_steps)
    # A finished game's pieces would end this one too.
    assume(not groups or not game.is_terminal(donor))
    changes: dict[str, Any] = {field: getattr(donor, field) for group in groups for field in group}
    replaced = dataclasses.replace(state, **changes)
    if isinstance(game, Engine):
        assert replaced.legal is None
        assert game.legal_actions(replaced) == game.find_legal(replaced)
    else:
        try:
            fresh = game.from_json(game.to_json(replaced))
        except StateFormatError:
            fresh = None  # a transplant `from_json` finds inconsistent: nothing to compare
        if fresh is not None:
            assert game.legal_actions(replaced) == game.legal_actions(fresh)
    legal = game.legal_actions(replaced)
    for action in cached:
        if action not in legal:
            with pytest.raises(IllegalActionError):
                game.apply(replaced, action)
