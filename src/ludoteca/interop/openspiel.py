"""Every registered game as an OpenSpiel Python game (`pyspiel.load_game("ludoteca_keezen")`).

Importing this module registers `ludoteca_<name>` for each game in the registry, with the
parameter `players` and one parameter per declared option (a nullable option's "not set" is -1).

Chance. The engines draw every shuffle, deal and draw inside `apply` from a seed the state
carries, so a game of OpenSpiel's kind sees chance once: the first four moves of every game are
chance nodes that draw the seed's four bytes (256 equally likely outcomes each). After them the
game is a deterministic function of the seed and the players' actions, which is the same game:
no player sees the seed, and a player's information state holds only what it may see. This is
OpenSpiel's EXPLICIT_STOCHASTIC mode. SAMPLED_STOCHASTIC, which would hide the seed in the game
object, cannot be serialized for a Python game (pyspiel asks the game for an RNG state that a
Python game cannot provide), so `random_sim_test(..., serialize=True)` could never pass.

Observations. The tensors (observation and information state alike) are the game's numeric
encoding (`core/encoding.py`); the observation string is the seat's observation without its log
as JSON with sorted keys, and the information state string adds `log_sha256`, the SHA-256 of the
log the seat has seen (perfect recall: it commits to the whole history). The log itself would
make the string grow with the game, and OpenSpiel asks for every seat's string at every step;
`engine.observation(state.engine_state, seat)` has it in full. `resample_from_infostate`
redraws what the seat cannot see with the engine's `resample`, so OpenSpiel's own ISMCTSBot
can search these games (`make_resampler` seeds it; `EngineEvaluator` gives OpenSpiel's searches
the evaluation ours use).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from ludoteca.bots.evaluation import score_evaluation
from ludoteca.core.encoding import ObservationEncoder
from ludoteca.core.game import JSON, Game
from ludoteca.core.registry import available_games, game_spec, load
from ludoteca.core.spec import Evaluator
from ludoteca.interop import camel_title

PREFIX = "ludoteca_"
SEED_BYTES = 4
"""The chance nodes that open every game, one byte of the engine's seed each."""
NOT_SET = -1
"""The OpenSpiel value of a nullable option left unset (None in the engine)."""


def short_name(game: str) -> str:
    """Return the OpenSpiel name of the registered game `game`, e.g. "ludoteca_keezen"."""
    return PREFIX + game


def game_type(name: str) -> pyspiel.GameType:
    """Return the OpenSpiel game type of the registered game `name`."""
    spec = game_spec(name)
    parameters: dict[str, Any] = {"players": spec.default_players}
    for option in spec.options:
        parameters[option.name] = NOT_SET if option.default is None else option.default
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Ludoteca {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.player_counts),
        min_num_players=min(spec.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=spec.observation_encoder is not None,
        provides_observation_string=True,
        provides_observation_tensor=spec.observation_encoder is not None,
        parameter_specification=parameters,
    )


def engine_options(name: str, params: dict[str, Any]) -> tuple[int, dict[str, JSON]]:
    """Return the player count and engine options that OpenSpiel parameters `params` ask for."""
    spec = game_spec(name)
    players = int(params.get("players", spec.default_players))
    options: dict[str, JSON] = {}
    for option in spec.options:
        if option.name not in params:
            continue
        value = params[option.name]
        options[option.name] = None if option.nullable and value == NOT_SET else value
    return players, options


class _Shared:
    """Holds an immutable engine state in an OpenSpiel state's attributes, with what is derived
    from it (the legal action ids, each seat's observation text and encoding) kept once computed.

    pyspiel clones a Python state by deep-copying each attribute and serializes it by pickling
    them; an engine state is immutable, so a clone shares it (and its derived values), and a
    pickle carries the engine's own JSON, which `from_json` checks on the way back, instead of
    the engine's internals. OpenSpiel's tests ask for the same strings and tensors many times.
    """

    __slots__ = ("derived", "engine", "value")

    def __init__(self, engine: Game[Any, Any], value: Any) -> None:
        self.engine = engine
        self.value = value
        self.derived: dict[Any, Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        options = json.dumps(dict(self.engine.options), sort_keys=True)
        text = (None if self.value is None
                else json.dumps(self.engine.to_json(self.value), separators=(",", ":")))
        return (_restore, (self.engine.name, options, text))

    def observation_text(self, seat: int | None, perfect_recall: bool) -> str:
        """Return what `seat` knows of the state as JSON with sorted keys, without its log; with
        `perfect_recall` the log's SHA-256 is added, which stands for the whole history."""
        key = ("observation", seat)
        if key not in self.derived:
            observation = self.engine.observation(self.value, seat, log=False)
            del observation["log"]
            self.derived[key] = json.dumps(observation, sort_keys=True, separators=(",", ":"))
        text: str = self.derived[key]
        if not perfect_recall:
            return text
        key = ("information state", seat)
        if key not in self.derived:
            digest = self.engine.log_digest(self.value, seat)
            self.derived[key] = f'{text[:-1]},"log_sha256":"{digest}"}}'
        information_state: str = self.derived[key]
        return information_state

    def legal_ids(self) -> tuple[int, ...]:
        """Return the ids of the state's legal actions, in increasing order."""
        if "legal" not in self.derived:
            legal = self.engine.legal_actions(self.value)
            self.derived["legal"] = tuple(sorted(self.engine.action_to_id(a) for a in legal))
        ids: tuple[int, ...] = self.derived["legal"]
        return ids

    def encoding(self, encoder: ObservationEncoder, seat: int) -> list[float]:
        """Return `encoder`'s vector of the state for `seat`."""
        key = ("encoding", seat)
        if key not in self.derived:
            self.derived[key] = encoder.encode(self.value, seat)
        vector: list[float] = self.derived[key]
        return vector


@cache
def _engine(name: str, options: str) -> Game[Any, Any]:
    return load(name, **json.loads(options))


def _restore(name: str, options: str, text: str | None) -> _Shared:
    engine = _engine(name, options)
    return _Shared(engine, None if text is None else engine.from_json(json.loads(text)))


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """One registered game, loaded with OpenSpiel parameters, as an OpenSpiel game."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.name = name
        params = dict(params or {})
        players, options = engine_options(name, params)
        self.engine = load(name, players=players, **options)
        spec = game_spec(name)
        self.encoder: ObservationEncoder | None = (
            spec.observation_encoder(self.engine) if spec.observation_encoder else None)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_distinct_actions,
            max_chance_outcomes=256,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.engine.max_game_length,
        )
        super().__init__(game_type(name), info, params)

    def new_initial_state(self) -> LudotecaState:
        """Return the state before the seed is drawn (the first four moves are chance)."""
        return LudotecaState(self)

    def max_chance_nodes_in_history(self) -> int:
        """Return the four chance nodes that draw the seed."""
        return SEED_BYTES

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """Return the observer OpenSpiel asks for: perfect recall or not, private or public."""
        if params:
            raise ValueError(f"{short_name(self.name)} observers take no parameters, "
                             f"not {sorted(params)}")
        return Observer(self, iig_obs_type)


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an immutable engine state (None until the seed is drawn)."""

    def __init__(self, game: LudotecaGame) -> None:
        super().__init__(game)
        self._seed_bytes: tuple[int, ...] = ()
        self._engine = _Shared(game.engine, None)
        self._derivation = ""
        """How this state came about, which fixes it exactly: the seed, each action's id, and
        each redraw of hidden parts with its seed (see `__str__`)."""

    @property
    def engine_state(self) -> Any:
        """Return the engine's state, None while the seed is being drawn."""
        return self._engine.value

    @property
    def engine(self) -> Game[Any, Any]:
        """Return the engine game this state belongs to."""
        return self._engine.engine

    def current_player(self) -> int:
        """Return the seat to move, CHANCE while the seed is drawn, TERMINAL at the end."""
        state = self._engine.value
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._engine.engine.current_player(state)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._engine.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the 256 equally likely values of the next byte of the seed."""
        return [(value, 1 / 256) for value in range(256)]

    def _apply_action(self, action: int) -> None:
        engine, state = self._engine.engine, self._engine.value
        if state is None:
            if not 0 <= action < 256:
                raise ValueError(f"a byte of the seed is 0..255, not {action}")
            self._seed_bytes = (*self._seed_bytes, action)
            if len(self._seed_bytes) == SEED_BYTES:
                seed = int.from_bytes(bytes(self._seed_bytes), "big")
                self._engine = _Shared(engine, engine.initial_state(seed=seed))
                self._derivation = f"seed {seed}; actions"
            return
        move = engine.action_from_id(state, action)
        self._engine = _Shared(engine, engine.apply(state, move))
        self._derivation += f" {action}"

    def _action_to_string(self, player: int, action: int) -> str:
        engine, state = self._engine.engine, self._engine.value
        if player == pyspiel.PlayerId.CHANCE or state is None:
            return f"seed byte {len(self._seed_bytes) + 1}: {action}"
        return engine.action_to_text(state, engine.action_from_id(state, action))

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        state = self._engine.value
        return state is not None and self._engine.engine.is_terminal(state)

    def returns(self) -> list[float]:
        """Return each seat's result: 1.0 winner(s), 0.0 others, and 0.0 until the end."""
        engine, state = self._engine.engine, self._engine.value
        if state is None or not engine.is_terminal(state):
            return [0.0] * engine.num_players
        return [float(value) for value in engine.returns(state)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """Return a state `player_id` cannot tell from this one, its hidden parts redrawn.

        `probability_sampler()` gives a float in [0, 1), as OpenSpiel's samplers do; it seeds
        the engine's `resample`. The copy keeps this state's history.
        """
        sample: LudotecaState = self.clone()
        state = self._engine.value
        if state is not None:
            seed = int(probability_sampler() * 2**53)
            sample._engine = _Shared(self._engine.engine,
                                     self._engine.engine.resample(state, player_id,
                                                                  random.Random(seed)))
            sample._derivation += f"; redrawn for seat {player_id} with seed {seed}; actions"
        return sample

    def __str__(self) -> str:
        """Return how the state came about: the seed, the actions' ids and any redraws.

        The engines are deterministic, so this fixes the whole state, hidden parts included, and
        costs nothing to keep; the state itself is `engine_state` (`engine.to_json` for JSON).
        The engine's JSON holds the whole log, and OpenSpiel's tests ask for this string several
        times a step, which made long games quadratic.
        """
        if self._engine.value is None:
            return f"drawing the seed: {list(self._seed_bytes)}"
        return self._derivation


class Observer:
    """OpenSpiel's PyObserver for these games: strings from the engine's observation, tensors
    from the game's numeric encoding.

    The string is the observation without its log; with perfect recall (information states) it
    adds the log's SHA-256, which stands for the whole history. A public observer (no private
    information) sees what a spectator sees and has no tensor, since the encoding is always a
    seat's.
    """

    def __init__(self, game: LudotecaGame, iig_obs_type: Any) -> None:
        self.encoder = game.encoder
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every seat's hidden cards is not offered: these "
                             "observers never show a seat what it may not see")
        self.public_only = obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(obs_type.perfect_recall)
        size = self.encoder.layout.size if self.encoder else 0
        self.tensor: np.ndarray | None = (None if self.public_only or self.encoder is None
                                          else np.zeros(size, np.float32))
        self.dict = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: LudotecaState, player: int) -> None:
        """Write `player`'s encoding of `state` into `tensor` (zeros while the seed is drawn)."""
        if self.tensor is None or self.encoder is None:
            return
        if state.engine_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state._engine.encoding(self.encoder, player)

    def string_from(self, state: LudotecaState, player: int) -> str:
        """Return what `player` knows of `state` as canonical JSON."""
        if state.engine_state is None:
            return "drawing the seed"
        seat = None if self.public_only else player
        return state._engine.observation_text(seat, self.perfect_recall)


def make_resampler(seed: int) -> Callable[[LudotecaState, int], LudotecaState]:
    """Return a resampler for `ISMCTSBot.set_resampler` drawing from its own seeded generator,
    so that a search is reproducible (OpenSpiel's default sampler is seeded by the machine)."""
    rng = random.Random(seed)

    def resample(state: LudotecaState, player_id: int) -> LudotecaState:
        return state.resample_from_infostate(player_id, rng.random)

    return resample


class EngineEvaluator:
    """An evaluator for OpenSpiel's MCTSBot and ISMCTSBot from the game's own knowledge.

    At a leaf it returns each seat's value in [0, 1] from the evaluation Ludoteca's own search
    uses (`GameSpec.search`; the scores where a game has none), so that a match between
    OpenSpiel's search and ours compares searches, not evaluations. Priors are uniform. It
    implements OpenSpiel's evaluator interface (`evaluate`, `prior`) without subclassing it.
    """

    def __init__(self, game: LudotecaGame) -> None:
        hints = game_spec(game.name).search
        self.engine = game.engine
        self.value: Evaluator = hints.evaluator() if hints.evaluator else score_evaluation

    def evaluate(self, state: LudotecaState) -> np.ndarray:
        """Return each seat's value of `state`: its returns at the end, else the evaluation."""
        if state.is_terminal() or state.engine_state is None:
            return np.array(state.returns())
        return np.array(self.value(self.engine, state.engine_state), dtype=float)

    def prior(self, state: LudotecaState) -> list[tuple[int, float]]:
        """Return equal prior probabilities for the legal actions (or the chance outcomes)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(action, 1 / len(actions)) for action in actions]


def register_games() -> tuple[str, ...]:
    """Register every game of the registry with OpenSpiel (once); return their short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in available_games():
        names.append(short_name(name))
        if short_name(name) not in registered:
            pyspiel.register_game(game_type(name), _factory(name))
    return tuple(names)


def _factory(name: str) -> type[LudotecaGame]:
    # A class, not a closure: pyspiel keeps the factory until after the interpreter has shut
    # down, and releasing a function then aborts the process (a class outlives it safely).
    def build(self: LudotecaGame, params: dict[str, Any] | None = None) -> None:
        LudotecaGame.__init__(self, name, params)

    return type(f"{camel_title(name)}Game", (LudotecaGame,),
                {"__init__": build, "__doc__": f"{game_spec(name).title} as an OpenSpiel game."})


register_games()
