"""PettingZoo AEC environments for every registered game, generic over the engine contract.

    from ludoteca.interop.pettingzoo import env
    table = env("elfenland", players=3)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        action = None if terminated else policy(observation)   # "action_mask" marks legal ids
        table.step(action)

Agents are `player_0 .. player_{n-1}` (seat i). An observation is a dict, as in PettingZoo's
classic games: "observation" is the game's numeric encoding for that seat, "action_mask" has a
1 at each legal action id (all zeros for a seat not to move). Rewards come only at the end and
are `Game.returns`; the engine bounds a game's length, so nothing is ever truncated.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ludoteca.core.registry import game_spec
from ludoteca.interop import spaces as shared

ILLEGAL_REWARD = -1
"""What a seat gets for an illegal action under `env`'s wrappers; the game ends at once."""


def env(game: str = "keezen", players: int | None = None, render_mode: str | None = None,
        **options: Any) -> AECEnv:
    """Return the game's environment in PettingZoo's usual wrappers for classic games."""
    wrapped: AECEnv = LudotecaAECEnv(game, players, render_mode=render_mode, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


RENDER_MODES = ("ansi",)


class LudotecaAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One game of a registered title as a PettingZoo AEC environment (no wrappers)."""

    def __init__(self, game: str = "keezen", players: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        spec = game_spec(game)
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render mode {render_mode!r} is not offered; use 'ansi' or None")
        self.metadata = {"name": f"ludoteca_{spec.name}_v0", "render_modes": list(RENDER_MODES),
                         "is_parallelizable": False}
        self.render_mode = render_mode
        self.game = spec.load(players, **options)
        self.encoder = shared.observation_encoder(self.game)
        self._renderer = spec.renderer(self.game)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        # One space object per agent, as PettingZoo requires, so that each seeds on its own.
        self.observation_spaces = {
            agent: spaces.Dict({"observation": shared.observation_box(self.encoder),
                                "action_mask": shared.mask_box(self.game)})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: shared.action_space(self.game)
                              for agent in self.possible_agents}
        self.np_random, self.np_random_seed = seeding.np_random()
        self.game_state: Any = None
        """The engine's current state (None before the first reset)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Return the agent's observation space: the encoding and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Return the agent's action space: every distinct action id of the game."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: from `seed` if given, else from the environment's generator."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
            game_seed = seed
        else:
            game_seed = int(self.np_random.integers(2**32))
        self.game_state = self.game.initial_state(seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Return new arrays of the agent's encoded view and legal action ids."""
        seat = self.possible_agents.index(agent)
        to_move = self.game.current_player(self.game_state) == seat
        return {
            "observation": shared.encode(self.encoder, self.game_state, seat),
            "action_mask": (shared.action_mask(self.game, self.game_state) if to_move
                            else shared.no_actions(self.game)),
        }

    def step(self, action: int | None) -> None:
        """Play the selected agent's action id; InvalidActionError if it is not legal."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must give an action id, not None")
        move = self.game.action_from_id(self.game_state, int(action))
        self.game_state = self.game.apply(self.game_state, move)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_terminal(self.game_state):
            returns = self.game.returns(self.game_state)
            self.rewards = {name: float(returns[seat])
                            for seat, name in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Return the public table as text ("ansi"), never a hidden card; None without a mode."""
        if self.render_mode is None:
            return None
        return self._renderer.board_text(self.game_state)

    def close(self) -> None:
        """Release nothing: the environment holds no window, process or file."""

    def _agent_to_move(self) -> str:
        seat = self.game.current_player(self.game_state)
        assert seat is not None, "a game that is not over has a seat to move"
        return self.possible_agents[seat]


raw_env = LudotecaAECEnv
"""PettingZoo's name for the unwrapped environment class."""
