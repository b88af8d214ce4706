"""The OpenSpiel games: OpenSpiel's own random simulation test for every game and player count,
then game type and info, parameters, serialization, strings and tensors against the engine, and
a full game of each title with OpenSpiel's ISMCTSBot in one seat against our heuristic bots."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.observation import make_observation

import ludoteca
from ludoteca.bots.base import make_bot
from ludoteca.interop.openspiel import (
    NOT_SET,
    SEED_BYTES,
    EngineEvaluator,
    LudotecaState,
    make_resampler,
    short_name,
)

GAMES = ludoteca.available_games()
TABLES = [(name, players) for name in GAMES for players in ludoteca.game_spec(name).player_counts]
SHORT = {"thurn_und_taxis": {"round_limit": 40}}
"""Options that keep a game's random games short for OpenSpiel's random simulation test: random
Thurn und Taxis players rarely close a route, so a whole game lasts thousands of actions. The
whole games of these run in the soak tier (`make soak`)."""
# OpenSpiel's test serialises and checks every state of its games: `make test` plays SIMS games per
# table (the longest tables in its slow tier), `make soak` SOAK_SIMS whole games per table.
SIMS = 3
SOAK_SIMS = 20
LONG = {("thurn_und_taxis", 3), ("thurn_und_taxis", 4), ("keezen", 6),
        ("suitors_paths", 3), ("suitors_paths", 4), ("suitors_paths", 5)}


def load(name: str, players: int, **params: Any) -> Any:
    """Return OpenSpiel's game for the registered game `name`."""
    return pyspiel.load_game(short_name(name), {"players": players, **params})


def dealt(game: Any, seed: int) -> LudotecaState:
    """Return a state past the four chance nodes that draw the seed."""
    state = game.new_initial_state()
    for value in seed.to_bytes(SEED_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(value)
    return state


def played(game: Any, seed: int, steps: int) -> LudotecaState:
    """Return the state after `steps` seeded random actions (or the end) from the deal."""
    rng = random.Random(seed)
    state = dealt(game, seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("name", "players"),
    [pytest.param(*table, marks=[pytest.mark.slow] if table in LONG else []) for table in TABLES],
)
def test_openspiel_random_sim_test_passes(name: str, players: int) -> None:
    game = load(name, players, **SHORT.get(name, {}))
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_openspiel_random_sim_test_passes_on_whole_games(name: str, players: int) -> None:
    game = load(name, players)
    pyspiel.random_sim_test(game, num_sims=SOAK_SIMS, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_game_type_and_info_come_from_the_engine(name: str, players: int) -> None:
    game = load(name, players)
    engine = ludoteca.load(name, players=players)
    spec = ludoteca.game_spec(name)
    kind = game.get_type()
    assert kind.short_name == f"ludoteca_{name}"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (kind.min_num_players, kind.max_num_players) == (min(spec.player_counts),
                                                            max(spec.player_counts))
    assert game.num_players() == players
    assert game.num_distinct_actions() == engine.num_distinct_actions
    assert game.max_game_length() == engine.max_game_length
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.max_chance_outcomes() == 256
    # The numeric encoding is optional (DESIGN.md §2a): without it there are no tensors.
    assert kind.provides_observation_tensor == (spec.observation_encoder is not None)
    assert kind.provides_information_state_tensor == kind.provides_observation_tensor
    if spec.observation_encoder is not None:
        assert game.observation_tensor_size() == spec.observation_encoder(engine).layout.size
        assert game.information_state_tensor_size() == game.observation_tensor_size()


def test_parameters_reach_the_engine_and_bad_ones_are_refused() -> None:
    game = load("keezen", 2, two_player_track=64, first_dealer=1)
    engine = game.new_initial_state().engine
    assert engine.options["two_player_track"] == 64
    assert engine.options["first_dealer"] == 1
    assert load("keezen", 2).new_initial_state().engine.options["first_dealer"] is None
    assert load("keezen", 2, first_dealer=NOT_SET).new_initial_state().engine.options[
        "first_dealer"] is None
    with pytest.raises(ValueError, match="two_player_track must be one of 32, 64, not 48"):
        load("keezen", 2, two_player_track=48)
    with pytest.raises(ValueError, match="played by 2, 4 or 6 players, not 3"):
        load("keezen", 3)


@pytest.mark.parametrize("name", GAMES)
def test_the_seed_is_four_chance_nodes_and_fixes_the_game(name: str) -> None:
    game = load(name, ludoteca.game_spec(name).default_players)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    seed = 0x2A17C0DE
    engine = ludoteca.load(name, players=game.num_players())
    assert dealt(game, seed).engine_state == engine.initial_state(seed=seed)
    assert dealt(game, seed + 1).engine_state != engine.initial_state(seed=seed)
    with pytest.raises(ValueError, match=r"a byte of the seed is 0\.\.255, not 256"):
        state.apply_action(256)
    assert state.history() == [] and state.is_chance_node()


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_is_refused_and_changes_nothing(name: str) -> None:
    game = load(name, ludoteca.game_spec(name).default_players)
    state = played(game, 8, 10)
    before = (state.engine_state, state.history(), str(state))
    legal = set(state.legal_actions())
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    with pytest.raises(ludoteca.InvalidActionError, match="not a legal action here"):
        state.apply_action(illegal)
    assert (state.engine_state, state.history(), str(state)) == before


@pytest.mark.parametrize("name", GAMES)
def test_actions_are_the_engine_ids_and_texts(name: str) -> None:
    game = load(name, ludoteca.game_spec(name).default_players)
    state = played(game, 3, 25)
    engine = state.engine
    legal = engine.legal_actions(state.engine_state)
    assert state.legal_actions() == sorted(engine.action_to_id(action) for action in legal)
    seat = state.current_player()
    for action in legal[:20]:
        action_id = engine.action_to_id(action)
        assert state.action_to_string(seat, action_id) == engine.action_to_text(
            state.engine_state, action)
    assert all(state.legal_actions(other) == [] for other in range(game.num_players())
               if other != seat)


@pytest.mark.parametrize("name", GAMES)
def test_serialization_and_pickle_keep_the_engine_state(name: str) -> None:
    game = load(name, ludoteca.game_spec(name).default_players)
    state = played(game, 5, 60)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again_game.num_players() == game.num_players()
    assert again.engine_state == state.engine_state
    assert again.history() == state.history()
    assert str(again) == str(state)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.engine_state == state.engine_state
    assert copy.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_strings_and_tensors_show_a_seat_only_what_it_may_see(name: str, players: int) -> None:
    game = load(name, players)
    engine = ludoteca.load(name, players=players)
    make_encoder = ludoteca.game_spec(name).observation_encoder
    sampler = random.Random(11).random
    for steps in (0, 40, 150):
        state = played(game, steps + players, steps)
        for seat in range(players):
            redrawn = state.resample_from_infostate(seat, sampler)
            assert redrawn.information_state_string(seat) == state.information_state_string(seat)
            assert redrawn.observation_string(seat) == state.observation_string(seat)
            if make_encoder is None:
                continue
            encoder = make_encoder(engine)
            assert redrawn.observation_tensor(seat) == state.observation_tensor(seat)
            assert np.allclose(state.observation_tensor(seat),
                               encoder.encode(state.engine_state, seat))
            assert state.information_state_tensor(seat) == state.observation_tensor(seat)


def test_information_state_string_recalls_the_log_and_observation_string_does_not() -> None:
    game = load("keezen", 2)
    state = played(game, 1, 30)
    seat = state.current_player()
    info = state.information_state_string(seat)
    observation = state.observation_string(seat)
    assert '"log_sha256":' in info and '"log_sha256":' not in observation
    assert observation[:-1] in info
    # a seat's hand is in its own strings, never in another seat's
    hand = state.engine.observation(state.engine_state, seat)["hand"]
    assert hand and f'"hand":{json.dumps(hand, separators=(",", ":"))}' in observation
    assert json.loads(observation)["hand"] == hand
    other = json.loads(state.observation_string(1 - seat))
    assert other["seat"] == 1 - seat and other["hand"] != hand


def test_a_public_observer_sees_what_a_spectator_sees() -> None:
    game = load("elfenland", 3)
    state = played(game, 2, 50)
    public = pyspiel.IIGObservationType(perfect_recall=False,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    observation = make_observation(game, public)
    text = observation.string_from(state, 0)
    assert '"seat":null' in text
    every_hand = pyspiel.IIGObservationType(perfect_recall=False,
                                            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="never show a seat what it may not see"):
        make_observation(game, every_hand)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_ismcts_plays_a_whole_game_against_our_heuristic_bots(name: str) -> None:
    players = min(ludoteca.game_spec(name).player_counts)
    game = load(name, players)
    searcher = ISMCTSBot(game, EngineEvaluator(game), uct_c=2.0, max_simulations=8,
                         random_state=np.random.RandomState(4))
    searcher.set_resampler(make_resampler(4))
    state = dealt(game, 1234)
    engine = state.engine
    ours = {seat: make_bot("heuristic", engine) for seat in range(1, players)}
    rng = random.Random(9)
    searched = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            action_id = int(searcher.step(state))
            searched += 1
        else:
            action = ours[seat].choose(engine, state.engine_state, seat, rng)
            action_id = engine.action_to_id(action)
        assert action_id in state.legal_actions()
        state.apply_action(action_id)
    assert searched > 5
    # the game OpenSpiel played is an ordinary engine game: its record replays to the same end
    texts = []
    replayed = engine.initial_state(seed=1234)
    for action_id in state.history()[SEED_BYTES:]:
        action = engine.action_from_id(replayed, action_id)
        texts.append(engine.action_to_text(replayed, action))
        replayed = engine.apply(replayed, action)
    assert replayed == state.engine_state
    assert len(state.returns()) == players and max(state.returns()) == 1.0
    record = ludoteca.make_record(engine, 1234, texts)
    assert ludoteca.replay(record)[-1] == state.engine_state
