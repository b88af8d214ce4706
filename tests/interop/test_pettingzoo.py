"""The PettingZoo environments: PettingZoo's own API and seed tests for every game and player
count, then rewards, masks, observations, the text render and illegal actions against the engine."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import ludoteca
from ludoteca.core.errors import InvalidActionError
from ludoteca.interop.pettingzoo import LudotecaAECEnv, env, raw_env
from ludoteca.interop.spaces import observation_encoder

pytestmark = [
    # PettingZoo's api_test exempts only its own classic games, by name, from these warnings, yet
    # they follow from the classic games' own convention that this adapter keeps: the observation
    # is a dict {"observation", "action_mask"}, and once the game is over no action is legal.
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Action mask numpy array is all zeros:UserWarning"),
]

GAMES = [name for name in ludoteca.available_games()
         if ludoteca.game_spec(name).observation_encoder is not None]
"""The games with a numeric observation encoding, which an environment needs (it is optional:
a game without one is refused, tests/plugin/test_fifth_game.py)."""
TABLES = [(name, players) for name in GAMES for players in ludoteca.game_spec(name).player_counts]


def play(table: Any, seed: int, check: Any = None, limit: int | None = None) -> None:
    """Play `table` with seeded random legal ids to the end (or `limit` steps), calling
    `check(table, step)` before each step."""
    # The ids come from the engine's legal actions, so that playing does not rely on the masks
    # that the tests check.
    rng = random.Random(seed)
    unwrapped = table.unwrapped
    table.reset(seed=seed)
    for step, agent in enumerate(table.agent_iter()):
        if step == limit:
            return
        assert agent in table.possible_agents
        if check is not None:
            check(table, step)
        if table.terminations[agent] or table.truncations[agent]:
            table.step(None)
        else:
            legal = unwrapped.game.legal_actions(unwrapped.game_state)
            table.step(unwrapped.game.action_to_id(rng.choice(legal)))


def sampled(step: int, table: Any) -> bool:
    """Return True at the steps whose position a test compares: the first few, then every
    fiftieth, and every step once the game is over."""
    unwrapped = table.unwrapped
    return step < 30 or step % 50 == 0 or unwrapped.game.is_terminal(unwrapped.game_state)


def assert_mask_marks(mask: np.ndarray, ids: set[int]) -> None:
    """Assert that `mask` has a 1 at exactly the action ids `ids`."""
    assert mask.dtype == np.int8
    assert np.count_nonzero(mask) == len(ids)
    assert mask[sorted(ids)].tolist() == [1] * len(ids)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_api_test_passes(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=200)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_seed_test_passes(name: str, players: int) -> None:
    seed_test(lambda: env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_names_agents_and_metadata(name: str) -> None:
    table = env(name, players=2)
    assert table.metadata["name"] == f"ludoteca_{name}_v0"
    assert table.metadata["is_parallelizable"] is False
    assert table.metadata["render_modes"] == ["ansi"]
    assert table.possible_agents == ["player_0", "player_1"]
    assert table.action_space("player_1").n == table.unwrapped.game.num_distinct_actions
    assert raw_env is LudotecaAECEnv


@pytest.mark.parametrize("name", GAMES)
def test_reset_starts_the_engines_game_for_the_seed(name: str) -> None:
    table = env(name)
    table.reset(seed=11)
    game = table.unwrapped.game
    assert game.to_json(table.unwrapped.game_state) == game.to_json(game.initial_state(seed=11))
    assert table.agent_selection == f"player_{game.current_player(game.initial_state(seed=11))}"


@pytest.mark.parametrize("name", GAMES)
def test_rewards_come_at_the_end_and_equal_the_returns(name: str) -> None:
    table = env(name)
    received: dict[str, float] = {}

    def record(table: Any, step: int) -> None:
        agent = table.agent_selection
        _, reward, terminated, truncated, info = table.last(observe=False)
        assert truncated is False
        assert info == {}
        if terminated:
            received[agent] = reward
        else:
            assert reward == 0.0

    play(table, seed=3, check=record)
    game, state = table.unwrapped.game, table.unwrapped.game_state
    assert game.is_terminal(state)
    assert received == {f"player_{seat}": value for seat, value in enumerate(game.returns(state))}


@pytest.mark.parametrize("name", GAMES)
def test_observations_and_masks_are_the_engines(name: str) -> None:
    table = env(name)
    unwrapped = table.unwrapped
    encoder = observation_encoder(unwrapped.game)
    checked = []

    def compare(table: Any, step: int) -> None:
        game, state = unwrapped.game, unwrapped.game_state
        if not sampled(step, table):
            return
        for seat, agent in enumerate(table.possible_agents):
            observation = unwrapped.observe(agent)
            expected = np.asarray(encoder.encode(state, seat), dtype=np.float32)
            assert observation["observation"].dtype == np.float32
            np.testing.assert_array_equal(observation["observation"], expected)
            legal = ({game.action_to_id(action) for action in game.legal_actions(state)}
                     if game.current_player(state) == seat else set())
            assert_mask_marks(observation["action_mask"], legal)
        checked.append(game.is_terminal(state))

    play(table, seed=5, check=compare)
    assert len(checked) > 30 and checked[-1]


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_is_not_changed_by_later_steps(name: str) -> None:
    table = env(name)
    table.reset(seed=8)
    agent = table.agent_selection
    observation = table.observe(agent)
    kept = {key: value.copy() for key, value in observation.items()}
    game = table.unwrapped.game
    for _ in range(6):
        table.step(game.action_to_id(game.legal_actions(table.unwrapped.game_state)[0]))
    for key, value in kept.items():
        np.testing.assert_array_equal(observation[key], value)


@pytest.mark.parametrize("name", GAMES)
def test_the_ansi_render_shows_only_what_a_spectator_sees(name: str) -> None:
    # Redrawing everything a spectator cannot see (every hand, the decks) must leave the
    # rendered table as it is, so no hidden card of any seat can be in it.
    table = env(name, render_mode="ansi")
    unwrapped = table.unwrapped
    game = unwrapped.game
    renderer = ludoteca.game_spec(name).renderer(game)
    rng = random.Random(2)
    renders = []

    def compare(table: Any, step: int) -> None:
        state = unwrapped.game_state
        if step % 10 == 0:
            redrawn = game.resample(state, None, rng)
            assert game.observation(redrawn, None) == game.observation(state, None)
            text = table.render()
            assert isinstance(text, str) and text
            assert text == renderer.board_text(redrawn)
            renders.append(text)

    play(table, seed=9, check=compare, limit=400)
    assert len(set(renders)) > 5
    silent = raw_env(name)
    silent.reset(seed=1)
    assert silent.render() is None  # no render mode, no drawing


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_ends_the_game_with_minus_one_for_the_offender(name: str) -> None:
    table = env(name)
    table.reset(seed=4)
    offender = table.agent_selection
    before = table.unwrapped.game.to_json(table.unwrapped.game_state)
    mask = table.observe(offender)["action_mask"]
    table.step(int(np.argmin(mask)))  # the first id that is not legal
    assert table.unwrapped.game.to_json(table.unwrapped.game_state) == before
    assert all(table.terminations.values())
    rewards = {}
    for agent in table.agent_iter():
        _, reward, terminated, _, _ = table.last()
        assert terminated
        rewards[agent] = reward
        table.step(None)
    assert rewards == {agent: (-1.0 if agent == offender else 0.0)
                       for agent in table.possible_agents}


def test_the_raw_environment_refuses_an_illegal_id_with_the_engines_error() -> None:
    table = raw_env("keezen")
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    with pytest.raises(InvalidActionError, match="not a legal action"):
        table.step(int(np.argmin(mask)))


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_replays_the_same_game(name: str) -> None:
    trails: list[list[Any]] = [[], []]
    for trail in trails:
        def record(table: Any, step: int, trail: list[Any] = trail) -> None:
            observation, reward, terminated, _, _ = table.last()
            trail.append((table.agent_selection, reward, terminated,
                          observation["observation"].tobytes(),
                          np.count_nonzero(observation["action_mask"])))
        play(env(name), seed=6, check=record, limit=300)
    assert trails[0] == trails[1]
    assert len(trails[0]) > 10


@pytest.mark.parametrize("name", GAMES)
def test_a_reset_without_seed_draws_from_the_generator_the_last_seed_set(name: str) -> None:
    first, second = raw_env(name), raw_env(name)
    starts = []
    for table in (first, second):
        table.reset(seed=21)
        table.reset()
        starts.append(table.game.to_json(table.game_state))
    assert starts[0] == starts[1]
    assert starts[0] != first.game.to_json(first.game.initial_state(seed=21))


def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render mode"):
        raw_env("keezen", render_mode="human")
