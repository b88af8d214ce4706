"""Property tests of the engine contract on every registered game (hypothesis): an illegal
action is refused with a reason and changes nothing, any text is read or refused and changes
nothing, resampling is invisible to the seat it is for, and JSON and replay are exact.

Positions are reached by seeded random play at each of the game's tables (`tables`). What only
one game can check (its cards and pieces conserved, what its views name, actions built from its
own parts) stays in that game's folder (`tests/games/<name>/test_*_invariants.py`).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca.core.errors import IllegalActionError, InvalidActionError
from ludoteca.core.game import Game
from ludoteca.core.registry import available_games, game_spec

TABLES: dict[str, tuple[tuple[int, dict[str, Any]], ...]] = {
    "elfenland": ((2, {}), (3, {}), (6, {})),
    "keezen": ((2, {}), (4, {}), (6, {})),
    "suitors_paths": ((2, {}), (3, {"route_start": "centre"}),
                      (4, {"boundary_side_cost": "adjacent"}), (5, {})),
    "thurn_und_taxis": ((2, {"blind_draw": True}), (3, {}), (4, {"blind_draw": True})),
}
"""The player counts and options a game's positions come from (default: every player count
with the default options)."""
MAX_STEPS = {"elfenland": 400, "keezen": 250, "suitors_paths": 500, "thurn_und_taxis": 600}
"""How many random actions a position lies at most from the start (default DEFAULT_STEPS):
about a whole game where games are short, deep into one where they are long."""
DEFAULT_STEPS = 300
REFUSAL_WORDS = {
    "elfenland": ("is not allowed for seat", "game is over"),
    "keezen": ("not legal", "holds no", "over"),
    "suitors_paths": ("is refused", "game is over"),
    "thurn_und_taxis": ("is not allowed for seat", "game is over"),
}
"""Words one of which the refusal of an illegal action names (default: any message)."""
TEXT_REFUSAL_WORDS = {
    "suitors_paths": ("seat",),  # a prefix naming another seat
    "thurn_und_taxis": ("refused",),  # a well-formed text that names something untrue
}
"""Words one of which the refusal of a well-formed but untrue text names (default: any)."""
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None)
GAMES = available_games()


def tables(name: str) -> tuple[tuple[int, dict[str, Any]], ...]:
    """Return the (player count, options) pairs whose positions the properties are tried on."""
    return TABLES.get(name, tuple((players, {}) for players in game_spec(name).player_counts))


def walk(game: Game[Any, Any], seed: int, steps: int) -> tuple[Any, list[str]]:
    """Return the state after up to `steps` seeded random actions and the actions' texts."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    texts = []
    for _ in range(steps):
        if game.is_terminal(state):
            break
        action = rng.choice(game.legal_actions(state))
        texts.append(game.action_to_text(state, action))
        state = game.apply(state, action)
    return state, texts


def position(name: str, data: st.DataObject) -> tuple[Game[Any, Any], Any, int, list[str]]:
    """Draw a table of `name`, a seed and a number of steps; return the game, the position
    reached, the seed and the actions' texts."""
    players, options = data.draw(st.sampled_from(tables(name)), label="table")
    game = ludoteca.load(name, players, **options)
    seed = data.draw(st.integers(0, 2**31), label="seed")
    steps = data.draw(st.integers(0, MAX_STEPS.get(name, DEFAULT_STEPS)), label="steps")
    state, texts = walk(game, seed, steps)
    return game, state, seed, texts


def assert_refusal_names(error: Exception, words: tuple[str, ...]) -> None:
    """Assert that `error` says why, in one of `words` if any are given."""
    assert str(error)
    if words:
        assert any(word in str(error) for word in words), str(error)


@pytest.mark.parametrize("name", GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
    name: str, data: st.DataObject
) -> None:
    # The candidates are the legal actions of another position of the same game: each is a
    # well-made action, and most are not legal here.
    game, state, _, _ = position(name, data)
    donor, _ = walk(game, data.draw(st.integers(0, 2**31)),
                    data.draw(st.integers(0, MAX_STEPS.get(name, DEFAULT_STEPS))))
    before = game.to_json(state)
    legal = game.legal_actions(state)
    for action in game.legal_actions(donor)[:20]:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as refused:
            game.apply(state, action)
        assert_refusal_names(refused.value, REFUSAL_WORDS.get(name, ()))
        assert game.to_json(state) == before


@pytest.mark.parametrize("name", GAMES)
@PROPERTY_SETTINGS
@given(data=st.data(), text=st.text(max_size=24))
def test_any_text_is_read_or_refused_and_changes_nothing(
    name: str, data: st.DataObject, text: str
) -> None:
    game, state, _, _ = position(name, data)
    before = game.to_json(state)
    # A legal action's text, cut short or run on, as well as arbitrary text.
    legal = [game.action_to_text(state, action) for action in game.legal_actions(state)]
    if legal and data.draw(st.booleans(), label="near a legal text"):
        text = data.draw(st.sampled_from(legal))[: data.draw(st.integers(0, 24))] + text[:2]
    try:
        action = game.action_from_text(state, text)
    except InvalidActionError as error:
        assert str(error)
    except IllegalActionError as error:
        assert_refusal_names(error, TEXT_REFUSAL_WORDS.get(name, ()))
    else:
        if action in game.legal_actions(state):
            assert game.action_from_text(state, game.action_to_text(state, action)) == action
        else:
            with pytest.raises(IllegalActionError):
                game.apply(state, action)
    assert game.to_json(state) == before


@pytest.mark.parametrize("name", GAMES)
@PROPERTY_SETTINGS
@given(data=st.data(), rng_seed=st.integers(0, 2**31))
def test_resampling_is_invisible_to_the_seat_it_is_for(
    name: str, data: st.DataObject, rng_seed: int
) -> None:
    game, state, _, _ = position(name, data)
    before = game.to_json(state)
    rng = random.Random(rng_seed)
    for seat in (None, *range(game.num_players)):
        other = game.resample(state, seat, rng)
        assert game.observation(other, seat) == game.observation(state, seat), seat
    assert game.to_json(state) == before


@pytest.mark.parametrize("name", GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_json_and_replay_are_exact(name: str, data: st.DataObject) -> None:
    game, state, seed, texts = position(name, data)
    encoded = game.to_json(state)
    decoded = game.from_json(json.loads(json.dumps(encoded)))
    assert decoded == state and game.to_json(decoded) == encoded
    assert game.legal_actions(decoded) == game.legal_actions(state)
    replayed = ludoteca.replay(ludoteca.make_record(game, seed, texts))
    assert len(replayed) == len(texts) + 1
    assert replayed[-1] == state and game.to_json(replayed[-1]) == encoded
