"""The Gymnasium environments: Gymnasium's checker for every game and player count, the
registered ids, whole episodes against bots, illegal actions, opponents and seeds."""

from __future__ import annotations

import random
import re
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ludoteca
from ludoteca.core.errors import IllegalActionError
from ludoteca.interop.gymnasium import LudotecaEnv, env_id, register_envs
from ludoteca.interop.spaces import observation_encoder

GAMES = [name for name in ludoteca.available_games()
         if ludoteca.game_spec(name).observation_encoder is not None]
"""The games with a numeric observation encoding, which an environment needs (it is optional:
a game without one is refused, tests/plugin/test_fifth_game.py)."""
TABLES = [(name, players) for name in GAMES for players in ludoteca.game_spec(name).player_counts]


def legal_ids(table: LudotecaEnv) -> list[int]:
    """Return the ids of the legal actions in the table's current state, from the engine."""
    game = table.game
    return [game.action_to_id(action) for action in game.legal_actions(table.game_state)]


def play_episode(table: Any, seed: int) -> list[tuple[Any, ...]]:
    """Play an episode with seeded random legal ids; return each step's outcome."""
    # The ids come from the engine's legal actions, so that playing does not rely on the masks
    # that the tests check.
    rng = random.Random(seed)
    observation, info = table.reset(seed=seed)
    trail: list[tuple[Any, ...]] = [(observation.tobytes(), np.count_nonzero(info["action_mask"]))]
    terminated = False
    while not terminated:
        observation, reward, terminated, truncated, info = table.step(
            rng.choice(legal_ids(table.unwrapped)))
        assert truncated is False
        trail.append((observation.tobytes(), reward, terminated,
                      np.count_nonzero(info["action_mask"])))
    return trail


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_gymnasium_check_env_passes(name: str, players: int) -> None:
    # Made through the registry, so that the checker also tries the render modes of the spec.
    check_env(gymnasium.make(env_id(name), players=players).unwrapped)


TITLE_IDS = {"keezen": "ludoteca/Keezen-v0", "suitors_paths": "ludoteca/SuitorsPaths-v0",
             "thurn_und_taxis": "ludoteca/ThurnUndTaxis-v0"}
"""Ids of titles with an apostrophe or more than one word."""


def test_every_game_is_registered_under_its_title() -> None:
    ids = [env_id(name) for name in ludoteca.available_games()]
    assert len(set(ids)) == len(ids)
    for name, key in zip(ludoteca.available_games(), ids, strict=True):
        assert re.fullmatch(r"ludoteca/[A-Z][A-Za-z0-9]*-v0", key), key
        assert key == TITLE_IDS.get(name, key)
        assert key in gymnasium.registry
    registered = {key: gymnasium.registry[key] for key in map(env_id, GAMES)}
    register_envs()  # a second time changes nothing
    assert {key: gymnasium.registry[key] for key in map(env_id, GAMES)} == registered
    table = gymnasium.make("ludoteca/Keezen-v0", players=6)
    assert isinstance(table.unwrapped, LudotecaEnv)
    assert table.unwrapped.game.num_players == 6


@pytest.mark.parametrize("name", GAMES)
def test_an_episode_through_make_ends_with_the_learners_return(name: str) -> None:
    table = gymnasium.make(env_id(name), render_mode="ansi")
    trail = play_episode(table, seed=2)
    unwrapped = table.unwrapped
    game, state = unwrapped.game, unwrapped.game_state
    assert game.is_terminal(state)
    assert [step[1] for step in trail[1:-1]] == [0.0] * (len(trail) - 2)
    assert trail[-1][1] == game.returns(state)[unwrapped.seat]
    assert trail[-1][3] == 0  # nothing is legal once the game is over
    assert table.render() == ludoteca.game_spec(name).renderer(game).board_text(state)


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_and_masks_are_the_learners(name: str) -> None:
    table = LudotecaEnv(name, seat=1)
    observation, info = table.reset(seed=5)
    game, state = table.game, table.game_state
    assert game.current_player(state) == 1  # the bots have played up to the learner
    encoder = observation_encoder(game)
    np.testing.assert_array_equal(observation, np.asarray(encoder.encode(state, 1), np.float32))
    ids = legal_ids(table)
    for mask in (info["action_mask"], table.action_masks()):
        assert mask.dtype == np.int8
        assert np.count_nonzero(mask) == len(ids)
        assert mask[ids].tolist() == [1] * len(ids)


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_ends_the_episode_with_minus_one(name: str) -> None:
    table = LudotecaEnv(name)
    table.reset(seed=3)
    before = table.game.to_json(table.game_state)
    illegal = int(np.argmin(table.action_masks()))
    observation, reward, terminated, truncated, info = table.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not a legal action" in info["illegal_action"]
    assert table.game.to_json(table.game_state) == before
    assert observation.shape == table.observation_space.shape


def test_an_illegal_action_raises_when_asked() -> None:
    table = LudotecaEnv("elfenland", illegal_action="raise")
    table.reset(seed=3)
    before = table.game.to_json(table.game_state)
    with pytest.raises(IllegalActionError, match="not a legal action"):
        table.step(int(np.argmin(table.action_masks())))
    assert table.game.to_json(table.game_state) == before
    table.step(legal_ids(table)[0])  # the episode goes on


def test_opponents_are_named_one_per_other_seat() -> None:
    table = LudotecaEnv("suitors_paths", players=3, seat=1, opponents=["random", "heuristic"])
    assert {seat: bot.name for seat, bot in table.bots.items()} == {0: "random", 2: "heuristic"}
    assert play_episode(table, seed=4)[-1][2] is True
    with pytest.raises(ValueError, match="2 other seats"):
        LudotecaEnv("suitors_paths", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="no bot"):
        LudotecaEnv("keezen", players=2, opponents="grandmaster")


def test_a_string_names_the_bot_of_every_other_seat() -> None:
    table = LudotecaEnv("keezen", players=4, seat=2, opponents="random")
    assert {seat: bot.name for seat, bot in table.bots.items()} == {
        0: "random", 1: "random", 3: "random"}
    assert len({id(bot) for bot in table.bots.values()}) == 3


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_replays_the_same_episode(name: str) -> None:
    first = play_episode(LudotecaEnv(name, seat=1), seed=8)
    assert play_episode(LudotecaEnv(name, seat=1), seed=8) == first
    table = LudotecaEnv(name, seat=1)
    table.reset(seed=8)
    assert play_episode(table, seed=8) == first  # a used environment, reset, plays the same


def test_a_reset_without_seed_continues_from_the_last_seed() -> None:
    openings = []
    for _ in range(2):
        table = LudotecaEnv("keezen", opponents="random")
        table.reset(seed=30)
        table.reset()
        openings.append(table.game.to_json(table.game_state))
    assert openings[0] == openings[1]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        LudotecaEnv("keezen", players=2, seat=2)
    with pytest.raises(ValueError, match="illegal_action"):
        LudotecaEnv("keezen", illegal_action="ignore")
    with pytest.raises(ValueError, match="render mode"):
        LudotecaEnv("keezen", render_mode="human")
    table = LudotecaEnv("keezen")
    with pytest.raises(RuntimeError, match="reset"):
        table.step(0)
