"""The tree of one ISMCTS decision and its iterations (bots/ismcts.py is the bot around it).

An iteration: reuse or draw the determinization (`world_share` iterations share one), descend by
UCT over the children legal in it, expand one untried action (at the root the heuristic's move
first in every world, the baseline of the paired test), roll out to the depth cutoff and on to
the end of the turn in progress, evaluate, and back up each node's value for the seat that took
its action.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.root_choice import PairedSamples
from ludoteca.core.game import Game, Seat
from ludoteca.core.registry import game_spec
from ludoteca.core.spec import Evaluator


class Node:
    """One edge of the tree (an action text from its parent) with its statistics."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: Seat) -> None:
        self.children: dict[str, Node] = {}
        self.seat = seat
        """The seat that took the action leading here, whose value `total` sums."""
        self.visits = 0
        self.available = 0
        self.total = 0.0


Policy = Callable[[Any, Seat, random.Random], Any]


@dataclass(frozen=True, slots=True)
class SearchPlan:
    """How one game is searched: the rollout move picker (None: random), depth, evaluation."""

    policy: Policy | None
    depth: int
    evaluate: Evaluator
    heuristic: Policy | None
    """The game's heuristic bot, whose choice the search tries first (None: it has none)."""
    margin: float
    """How much higher another root action's mean must be to be played instead."""
    exploration: float
    """The UCT constant."""
    turn_cap: int
    """Most moves past the cutoff to reach the end of a turn."""
    world_share: int
    """Iterations that share one determinization."""


class TreeSearch:
    """One decision's tree and the per-game facts its iterations share."""

    def __init__(
        self, game: Game[Any, Any], seat: Seat, rng: random.Random, plan: SearchPlan
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.root = Node(seat)
        self.exploration = plan.exploration
        self.depth = plan.depth
        self.turn_cap = plan.turn_cap
        self.evaluate = plan.evaluate
        self.team_of = team_members(game)
        self.policy = plan.policy
        self.heuristic = plan.heuristic
        self.margin = plan.margin
        self.first: str | None = None
        """The text of the root action to expand first: the heuristic bot's choice."""
        # Common random numbers: `world_share` iterations in a row play different root actions
        # in one determinization with one rollout seed, so the root actions are compared on
        # the same hidden cards and the same luck, and their difference is far less noisy.
        self.world_share = plan.world_share
        self.world: Any = None
        self.world_seed = 0
        self.world_tried: set[Node] = set()
        self.world_index = 0
        self.samples = PairedSamples()
        """Each root action's value per world, for the paired test."""
        self.root_texts: dict[Node, str] = {}

    def run(self, state: Any, iterations: float, deadline: float | None) -> int:
        """Iterate from `state` until `iterations` or `deadline`; return the iterations done."""
        done = 0
        # At least one iteration, even when setting up (a first evaluation's tables) ate the time.
        while done < iterations and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            self.iterate(state)
            done += 1
        return done

    def heuristic_choice(self, state: Any) -> str | None:
        """Return the text of the heuristic bot's move in a determinization of `state`."""
        if self.heuristic is None:
            return None
        guess = self.game.resample(state, self.seat, self.rng)
        return self.game.action_to_text(guess, self.heuristic(guess, self.seat, self.rng))

    def iterate(self, state: Any) -> None:
        """Run one iteration in the current determinization of `state`, or a fresh one."""
        game, rng = self.game, self.rng
        to_text = game.action_to_text
        real = state
        if self.world is None or len(self.world_tried) >= self.world_share:
            self._new_world(real)
        state = self.world
        node = self.root
        path = [node]
        while True:
            seat = game.current_player(state)
            if seat is None:
                break
            legal = game.legal_actions(state)
            children = node.children
            untried: list[tuple[str, Any]] = []
            available: list[tuple[Node, Any]] = []
            at_root = node is self.root
            baseline: tuple[Node, Any] | None = None
            for action in legal:
                text = to_text(state, action)
                child = children.get(text)
                if child is None:
                    untried.append((text, action))
                else:
                    child.available += 1
                    if not at_root or child not in self.world_tried:
                        available.append((child, action))
                        if at_root and text == self.first:
                            baseline = (child, action)
            if baseline is not None:
                # Each world plays the heuristic's move first: the baseline of the paired test.
                node, action = baseline
                path.append(node)
                state = game.apply(state, action)
                continue
            if at_root and not untried and not available:
                # Every root action of this world has been tried in it: on to the next.
                self._new_world(real)
                return self.iterate(real)
            if untried:
                pick = rng.randrange(len(untried))
                if at_root and self.first is not None:
                    pick = next((i for i, u in enumerate(untried) if u[0] == self.first), pick)
                text, action = untried[pick]
                child = children[text] = Node(seat)
                child.available = 1
                path.append(child)
                state = game.apply(state, action)
                break
            node, action = self._select(available)
            path.append(node)
            state = game.apply(state, action)
        self.world_tried.add(path[1])
        values = self._playout(state, path[-1].seat, random.Random(self.world_seed))
        self.samples.record(self._root_text(path[1]), self.world_index, values[self.seat])
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.seat]

    def _root_text(self, child: Node) -> str:
        """Return the action text of a child of the root."""
        text = self.root_texts.get(child)
        if text is None:
            self.root_texts = {node: text for text, node in self.root.children.items()}
            text = self.root_texts[child]
        return text

    def _new_world(self, state: Any) -> None:
        """Draw the determinization (and rollout seed) the next iterations share."""
        self.world = self.game.resample(state, self.seat, self.rng)
        self.world_seed = self.rng.getrandbits(64)
        self.world_tried = set()
        self.world_index += 1

    def _select(self, available: list[tuple[Node, Any]]) -> tuple[Node, Any]:
        """Return the available child with the best upper confidence bound, and its action."""
        c = self.exploration
        best: tuple[Node, Any] = available[0]
        best_bound = -math.inf
        for child, action in available:
            bound = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if bound > best_bound:
                best_bound = bound
                best = (child, action)
        return best

    def _playout(self, state: Any, actor: Seat, rng: random.Random) -> list[float]:
        """Return each seat's team value after a rollout from `state` to the depth cutoff and
        on to the end of the turn then in progress (`actor` made the move into `state`)."""
        game, policy = self.game, self.policy
        steps = 0
        limit = self.depth
        if policy is None:
            # The hot loop of random rollouts, inlined: the legal set is empty iff the game is
            # over, so no separate test for the end is needed.
            legal_actions, apply, below = game.legal_actions, game.apply, rng.randrange
            before = state
            while steps < limit and (legal := legal_actions(state)):
                before = state
                state = apply(state, legal[below(len(legal))])
                steps += 1
            last = game.current_player(before) if steps else None
            actor = actor if last is None else last
        else:
            while steps < limit and (seat := game.current_player(state)) is not None:
                state = game.apply(state, policy(state, seat, rng))
                actor = seat
                steps += 1
        # A turn is a run of moves by one seat: finish the one in progress before evaluating.
        extra = 0
        while extra < self.turn_cap and game.current_player(state) == actor:
            if policy is None:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
            else:
                state = game.apply(state, policy(state, actor, rng))
            extra += 1
        if game.is_terminal(state):
            values: Sequence[float] = game.returns(state)
        else:
            values = self.evaluate(game, state)
        return [sum(values[m] for m in members) / len(members) for members in self.team_of]


def team_members(game: Game[Any, Any]) -> list[tuple[Seat, ...]]:
    """Return for each seat the seats of its team (itself alone in games without teams)."""
    members: list[tuple[Seat, ...]] = [(seat,) for seat in range(game.num_players)]
    for team in game_spec(game.name).teams(game.num_players):
        for seat in team:
            members[seat] = team
    return members
