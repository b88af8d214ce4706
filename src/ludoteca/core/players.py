"""The player contract (DESIGN.md §3): a bot picks an action for its seat within a budget.

It lives in `core` so that a game package can declare and implement its own bots without
importing the generic bots layer above it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from ludoteca.core.game import Game, Seat


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking a bot may do for one decision: iterations, seconds, or both."""

    iterations: int | None = None
    seconds: float | None = None


class Bot(Protocol):
    """A player: picks one of the legal actions for `seat`, using only what `seat` may know."""

    name: str

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        """Return a legal action for `seat`, the player to move in `state`."""
        ...


GameT = TypeVar("GameT")
StateT = TypeVar("StateT")


class HeuristicBot(Generic[GameT, StateT]):
    """The base of a game's own bot: `choose` checks the game and the seat and plays a forced
    action at once; `pick` (the game's) decides among two or more legal actions."""

    name = "heuristic"
    plays: ClassVar[type[Any]]
    """The game class the bot plays."""
    title: ClassVar[str]
    """The bot's name in messages, e.g. "Keezen heuristic bot"."""

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        """Return the bot's action for `seat`, the player to act in `state`."""
        if not isinstance(game, self.plays):
            raise TypeError(f"the {self.title} cannot play {game.name}")
        acting = game.current_player(state)
        if acting != seat:
            raise ValueError(f"seat {seat} is not to act (to act: {acting})")
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        return self.pick(cast(GameT, game), cast(StateT, state), seat, rng, budget)

    def pick(
        self, game: GameT, state: StateT, seat: Seat, rng: random.Random, budget: Budget | None
    ) -> Any:
        """Return the bot's choice among the two or more legal actions of `seat` in `state`."""
        raise NotImplementedError

