"""No Keezen action may be taken back (issue 10; docs/rules/keezen.md, section 8)."""

from __future__ import annotations

import random

from tests.games.keezen.helpers import keezen


def test_no_action_is_undoable_every_card_comes_from_a_hidden_hand() -> None:
    game = keezen(4)
    rng = random.Random(3)
    state = game.initial_state(11)
    checked = 0
    for _ in range(120):
        legal = game.legal_actions(state)
        if not legal:
            break
        assert not any(game.undoable(state, action) for action in legal)
        checked += len(legal)
        state = game.apply(state, rng.choice(legal))
    assert checked > 120
