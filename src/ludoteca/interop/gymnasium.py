"""Gymnasium environments: one seat learns a registered game, bots play the other seats.

    import gymnasium
    import ludoteca.interop.gymnasium  # registers ludoteca/Keezen-v0 and the other titles

    table = gymnasium.make("ludoteca/Keezen-v0", players=4, opponents="heuristic")
    observation, info = table.reset(seed=7)
    action = policy(observation, info["action_mask"])   # or table.unwrapped.action_masks()

The observation is the game's numeric encoding for the learner's seat, an action is an action
id, and the reward is the learner's return (`Game.returns`) at the end, 0 before. An illegal
action ends the episode with reward -1 and changes nothing in the game (or raises
IllegalActionError if the environment is built with `illegal_action="raise"`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from ludoteca.bots.base import make_bot
from ludoteca.core.errors import IllegalActionError, InvalidActionError
from ludoteca.core.players import Bot
from ludoteca.core.registry import available_games, game_spec
from ludoteca.interop import camel_title
from ludoteca.interop import spaces as shared

ILLEGAL_REWARD = -1.0
"""The learner's reward for an illegal action, which ends the episode."""

ILLEGAL_ACTION_CHOICES = ("end", "raise")

Observation = npt.NDArray[np.float32]


class LudotecaEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """A registered game with one learning seat; the other seats are played by bots."""

    # A dict on the class, as Gymnasium reads it before it builds an environment. A text table
    # has no frame rate; Gymnasium's checker asks for one all the same.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str = "keezen", players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str] = "heuristic", render_mode: str | None = None,
                 illegal_action: str = "end", **options: Any) -> None:
        spec = game_spec(game)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render mode {render_mode!r} is not offered; use 'ansi' or None")
        if illegal_action not in ILLEGAL_ACTION_CHOICES:
            raise ValueError(f"illegal_action is 'end' or 'raise', not {illegal_action!r}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.game = spec.load(players, **options)
        if not (isinstance(seat, int) and 0 <= seat < self.game.num_players):
            raise ValueError(f"the learner's seat is 0..{self.game.num_players - 1}, not {seat!r}")
        self.seat = seat
        self.bots = self._make_bots(opponents)
        self._bot_rngs = {other: random.Random(0) for other in self.bots}
        self.encoder = shared.observation_encoder(self.game)
        self._renderer = spec.renderer(self.game)
        self.observation_space = shared.observation_box(self.encoder)
        self.action_space = shared.action_space(self.game)
        self.game_state: Any = None
        """The engine's current state (None before the first reset)."""

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Start a new game (from `seed` if given) and let the bots play up to the learner."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**32))
        # Each bot draws from its own generator, so one bot's choices never shift another's.
        self._bot_rngs = {other: random.Random(int(self.np_random.integers(2**63)))
                          for other in self.bots}
        self.game_state = self.game.initial_state(seed=game_seed)
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the bots' moves up to its next turn or the end."""
        if self.game_state is None or self.game.is_terminal(self.game_state):
            raise RuntimeError("the episode is over (or never began): call reset() first")
        try:
            move = self.game.action_from_id(self.game_state, int(action))
        except InvalidActionError as error:
            if self.illegal_action == "raise":
                raise IllegalActionError(str(error)) from error
            info = {**self._info(), "illegal_action": str(error)}
            return self._observation(), ILLEGAL_REWARD, True, False, info
        self.game_state = self.game.apply(self.game_state, move)
        self._play_bots()
        over = self.game.is_terminal(self.game_state)
        reward = self.game.returns(self.game_state)[self.seat] if over else 0.0
        return self._observation(), float(reward), over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.int8]:
        """Return the learner's legal action ids as a 0/1 mask (sb3-contrib's convention)."""
        if self.game.current_player(self.game_state) != self.seat:
            return shared.no_actions(self.game)
        return shared.action_mask(self.game, self.game_state)

    def render(self) -> str | None:
        """Return the public table as text ("ansi"), never a hidden card; None without a mode."""
        if self.render_mode is None:
            return None
        return self._renderer.board_text(self.game_state)

    def _make_bots(self, opponents: str | Sequence[str]) -> dict[int, Bot]:
        others = [other for other in range(self.game.num_players) if other != self.seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"opponents names {len(names)} bots for {len(others)} other seats")
        return {other: make_bot(name, self.game) for other, name in zip(others, names, strict=True)}

    def _play_bots(self) -> None:
        while True:
            seat = self.game.current_player(self.game_state)
            if seat is None or seat == self.seat:
                return
            move = self.bots[seat].choose(self.game, self.game_state, seat, self._bot_rngs[seat])
            self.game_state = self.game.apply(self.game_state, move)

    def _observation(self) -> Observation:
        return shared.encode(self.encoder, self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def env_id(game: str) -> str:
    """Return the Gymnasium id of a registered game: `ludoteca/<Title>-v0`."""
    return f"ludoteca/{camel_title(game)}-v0"


def register_envs() -> None:
    """Register every game of the registry with Gymnasium (again is harmless)."""
    for game in available_games():
        if env_id(game) not in gymnasium.registry:
            gymnasium.register(id=env_id(game), entry_point=f"{__name__}:LudotecaEnv",
                               kwargs={"game": game})


register_envs()
