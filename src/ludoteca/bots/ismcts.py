"""Information-set Monte Carlo tree search (single observer, Cowling, Powley and Whitehouse 2012).

The bot never reads what its seat may not know: every iteration starts from a determinization,
`game.resample(state, seat, rng)`, a full state the seat cannot tell from the real one. One tree
serves all determinizations, so its edges are action *texts* (the canonical notation), which
compare across determinizations where action objects need not. An iteration:

    resample ──► select (UCT over the children legal in this determinization)
             ──► expand one untried action ──► rollout (random or heuristic) to a depth cutoff
             ──► evaluate (returns, or the evaluation at the cutoff) ──► back up per seat

A child's exploration term uses its *availability* (how often it was legal when its parent was
visited), not the parent's visits, since an action is legal in only some determinizations.
Every node is scored for the seat that took its action, credited with its team's value.

The subtree is kept only where that is sound: when the seat acts again straight after its own
action and that action drew no chance and showed nothing hidden (`game.undoable`), as in the steps
of an Elfenland journey or a Thurn und Taxis turn, the chosen child's statistics were gathered
over exactly the new information set, and the next search continues from it. Across other seats'
moves it is dropped: they act on hands we cannot see and chance is drawn in between, which the
tree merges into single edges, so the old statistics describe another information set.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.evaluation import Evaluator, score_evaluation
from ludoteca.core.game import Game, Seat
from ludoteca.core.players import Bot, Budget
from ludoteca.core.registry import game_spec

DEFAULT_ITERATIONS = 300
"""Iterations per decision when the caller gives no budget."""
EXPLORATION = 0.7
"""The UCT constant; values lie in [0, 1], so a little under sqrt(2) explores enough."""
DEFAULT_DEPTH = 40
"""Rollout actions before the evaluation scores the position instead of playing on."""
ROLLOUTS = ("random", "heuristic")


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


@dataclass(frozen=True, slots=True)
class ActionStats:
    """One root action: its text, visits and mean value for the searching seat's team."""

    text: str
    visits: int
    mean: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A decision with its diagnostics."""

    action: Any
    text: str
    iterations: int
    seconds: float
    actions: tuple[ActionStats, ...]
    """Every root action tried, most visited first."""
    reused: int = 0
    """Root visits kept from the previous decision's tree (the visits add up to `iterations`
    plus these)."""


class ISMCTSBot:
    """Searches the seat's information set with determinized UCT; see the module docstring."""

    name = "ismcts"

    def __init__(
        self,
        rollout: str = "random",
        depth: int | None = DEFAULT_DEPTH,
        exploration: float = EXPLORATION,
        evaluate: Evaluator = score_evaluation,
        reuse: bool = True,
    ) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if depth is not None and depth < 0:
            raise ValueError(f"the rollout depth must be at least 0, not {depth}")
        self.rollout = rollout
        self.depth = depth
        self.exploration = exploration
        self.evaluate = evaluate
        self.reuse = reuse
        self._kept: dict[Seat, tuple[Game[Any, Any], Any, Node]] = {}
        """Per seat: the game, the state expected at its next decision, and that state's tree."""

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        """Return the most visited root action after searching within `budget`."""
        return self.search(game, state, seat, rng, budget).action

    def search(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> SearchResult:
        """Return the chosen action with the search's iterations, visits and mean values."""
        if game.current_player(state) != seat:
            raise ValueError(f"seat {seat} is not to act (to act: {game.current_player(state)})")
        started = time.perf_counter()
        iterations, deadline = _limits(budget, started)
        legal = game.legal_actions(state)
        if len(legal) == 1:
            text = game.action_to_text(state, legal[0])
            return SearchResult(legal[0], text, 0, 0.0, ())
        # A private generator drawn from the caller's, so the search is reproducible and leaves
        # the caller's generator one draw further whatever the budget.
        search = _Search(game, seat, random.Random(rng.getrandbits(64)), self)
        kept = self._kept.pop(seat, None)
        if kept is not None and kept[0] is game and kept[1] == state:
            search.root = kept[2]
        reused = sum(child.visits for child in search.root.children.values())
        done = 0
        while done < iterations and (deadline is None or time.perf_counter() < deadline):
            search.iterate(state)
            done += 1
        root = search.root
        ranked = sorted(
            root.children.items(),
            key=lambda item: (-item[1].visits, -_mean(item[1])),
        )
        stats = tuple(ActionStats(text, node.visits, _mean(node)) for text, node in ranked)
        best = ranked[0][0] if ranked else game.action_to_text(state, legal[0])
        action = next(a for a in legal if game.action_to_text(state, a) == best)
        if self.reuse:
            self._keep(game, state, seat, action, root.children.get(best))
        return SearchResult(action, best, done, time.perf_counter() - started, stats, reused)

    def _keep(
        self, game: Game[Any, Any], state: Any, seat: Seat, action: Any, child: Node | None
    ) -> None:
        """Keep the chosen child for the seat's next decision if it follows with nothing unseen."""
        if child is None or not child.children or not game.undoable(state, action):
            return
        after = game.apply(state, action)
        if game.current_player(after) == seat:
            self._kept[seat] = (game, after, child)


def _limits(budget: Budget | None, started: float) -> tuple[float, float | None]:
    """Return the iteration cap and the deadline of `budget` (a default cap without one)."""
    if budget is None or (budget.iterations is None and budget.seconds is None):
        return DEFAULT_ITERATIONS, None
    if budget.iterations is not None and budget.iterations < 1:
        raise ValueError(f"an iteration budget must be at least 1, not {budget.iterations}")
    if budget.seconds is not None and budget.seconds <= 0:
        raise ValueError(f"a time budget must be positive, not {budget.seconds}")
    cap = math.inf if budget.iterations is None else budget.iterations
    deadline = None if budget.seconds is None else started + budget.seconds
    return cap, deadline


def _mean(node: Node) -> float:
    return node.total / node.visits if node.visits else 0.0


class _Search:
    """One decision's tree and the per-game facts its iterations share."""

    def __init__(self, game: Game[Any, Any], seat: Seat, rng: random.Random, bot: ISMCTSBot):
        self.game = game
        self.seat = seat
        self.rng = rng
        self.root = Node(seat)
        self.exploration = bot.exploration
        self.depth = bot.depth
        self.evaluate = bot.evaluate
        self.team_of = _team_members(game)
        self.policy = _rollout_policy(game, bot.rollout)

    def iterate(self, state: Any) -> None:
        """Run one iteration from a fresh determinization of `state`."""
        game, rng = self.game, self.rng
        to_text = game.action_to_text
        state = game.resample(state, self.seat, rng)
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
            for action in legal:
                text = to_text(state, action)
                child = children.get(text)
                if child is None:
                    untried.append((text, action))
                else:
                    child.available += 1
                    available.append((child, action))
            if untried:
                text, action = untried[rng.randrange(len(untried))]
                child = children[text] = Node(seat)
                child.available = 1
                path.append(child)
                state = game.apply(state, action)
                break
            node, action = self._select(available)
            path.append(node)
            state = game.apply(state, action)
        values = self._playout(state)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.seat]

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

    def _playout(self, state: Any) -> list[float]:
        """Return each seat's team value after a rollout from `state` to the depth cutoff."""
        game, rng, policy = self.game, self.rng, self.policy
        steps = 0
        limit = math.inf if self.depth is None else self.depth
        if policy is None:
            # The hot loop of random rollouts, inlined: the legal set is empty iff the game is
            # over, so no separate test for the end is needed.
            legal_actions, apply, below = game.legal_actions, game.apply, rng.randrange
            while steps < limit and (legal := legal_actions(state)):
                state = apply(state, legal[below(len(legal))])
                steps += 1
        else:
            while steps < limit and (seat := game.current_player(state)) is not None:
                state = game.apply(state, policy(state, seat, rng))
                steps += 1
        if game.is_terminal(state):
            values: Sequence[float] = game.returns(state)
        else:
            values = self.evaluate(game, state)
        return [sum(values[m] for m in members) / len(members) for members in self.team_of]


def _team_members(game: Game[Any, Any]) -> list[tuple[Seat, ...]]:
    """Return for each seat the seats of its team (itself alone in games without teams)."""
    members: list[tuple[Seat, ...]] = [(seat,) for seat in range(game.num_players)]
    for team in game_spec(game.name).teams(game.num_players):
        for seat in team:
            members[seat] = team
    return members


Policy = Callable[[Any, Seat, random.Random], Any]


def _rollout_policy(game: Game[Any, Any], rollout: str) -> Policy | None:
    """Return the game's heuristic bot as a rollout move picker, or None for random moves."""
    spec = game_spec(game.name).bot("heuristic") if rollout == "heuristic" else None
    if spec is None:
        return None
    bot: Bot = spec.make()
    return lambda state, seat, rng: bot.choose(game, state, seat, rng)
