"""Information-set Monte Carlo tree search (single observer, Cowling, Powley and Whitehouse 2012).

The bot never reads what its seat may not know: every iteration starts from a determinization,
`game.resample(state, seat, rng)`, a full state the seat cannot tell from the real one. One tree
serves all determinizations, so its edges are action *texts* (the canonical notation), which
compare across determinizations where action objects need not. An iteration:

    resample ──► select (UCT over the children legal in this determinization)
             ──► expand one untried action ──► rollout (random or heuristic) to a depth cutoff
                 and on to the end of the turn in progress
             ──► evaluate (returns, or the evaluation at the cutoff) ──► back up per seat

(The tree and its iterations are in bots/search_tree.py; this module is the bot around them.)

How a game is searched (rollout, depth, evaluator, margin) comes from its `GameSpec.search`; with
`value_net`, a learned value network shipped with the game (bots/value_net.py) replaces the
evaluator. It is off by default (the lobby's Hard level): the arena has not yet shown it makes
the search stronger (docs/bots.md), and each change is kept only where it does.
Positions are evaluated at turn boundaries, never mid-turn: after the cutoff the rollout goes on
while the seat that moved last is still to move (at most `turn_cap` more moves), since a turn
cut short misleads every evaluation (a Thurn und Taxis route closed too early, a Suitors' Paths
bid not yet paid for).
The heuristic bot's move is played unless another is shown better (bots/root_choice.py): by
default every determinization plays it first and the others after it on the same hidden cards
and luck, and another replaces it only where a paired test on those worlds says it is better
("paired"); or where its mean beats it by the game's fixed margin ("margin").
One decision may also be searched in parts, in several processes at once (`search_part`): each
part plays the same heuristic move first and draws its own worlds, and bots/root_parallel.py
merges their root statistics and applies the same rule; part 0 alone is `search` itself.

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
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.evaluation import score_evaluation
from ludoteca.bots.root_choice import OVERRIDES, mean
from ludoteca.bots.root_parallel import RootSummary, choose_root
from ludoteca.bots.search_tree import Node, Policy, SearchPlan, TreeSearch
from ludoteca.core.chance import event_rng
from ludoteca.core.game import Game, Seat
from ludoteca.core.players import Bot, Budget
from ludoteca.core.registry import game_spec
from ludoteca.core.spec import Evaluator

DEFAULT_ITERATIONS = 300
"""Iterations per decision when the caller gives no budget."""
EXPLORATION = 0.7
"""The UCT constant; values lie in [0, 1], so a little under sqrt(2) explores enough."""
ROLLOUTS = ("random", "heuristic")
WORLD_SHARE = 4
"""Iterations that share one determinization, each with a different root action."""
TURN_CAP = 24
"""Most rollout moves past the depth cutoff spent finishing the turn in progress."""


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
        rollout: str | None = None,
        depth: int | None = None,
        exploration: float = EXPLORATION,
        evaluate: Evaluator | None = None,
        reuse: bool = True,
        margin: float | None = None,
        world_share: int = WORLD_SHARE,
        value_net: bool = False,
        turn_cap: int = TURN_CAP,
        override: str = "paired",
    ) -> None:
        if rollout is not None and rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if depth is not None and depth < 0:
            raise ValueError(f"the rollout depth must be at least 0, not {depth}")
        if margin is not None and not 0 <= margin <= 1:
            raise ValueError(f"the margin must lie in [0, 1], not {margin}")
        if world_share < 1:
            raise ValueError(f"world_share must be at least 1, not {world_share}")
        if turn_cap < 0:
            raise ValueError(f"turn_cap must be at least 0, not {turn_cap}")
        if override not in OVERRIDES:
            raise ValueError(f"override must be one of {', '.join(OVERRIDES)}, not {override!r}")
        self.rollout = rollout
        """The rollout policy; None: the game's `SearchHints`."""
        self.depth = depth
        """Rollout moves before the evaluation; None: the game's `SearchHints`."""
        self.exploration = exploration
        self.evaluate = evaluate
        """Scores positions at the cutoff; None: the game's evaluator, else `score_evaluation`."""
        self.reuse = reuse
        self.margin = margin
        """How much better than the heuristic's move another must look; None: the game's."""
        self.world_share = world_share
        self.value_net = value_net
        """Score positions with the game's learned value network where one is shipped."""
        self.turn_cap = turn_cap
        """Most moves past the cutoff to reach the end of a turn (0: evaluate at the cutoff)."""
        self.override = override
        """How another root action replaces the heuristic's (bots/root_choice.py)."""
        self._kept: dict[Seat, tuple[Game[Any, Any], Any, Node]] = {}
        """Per seat: the game, the state expected at its next decision, and that state's tree."""
        self._plans: dict[int, tuple[Game[Any, Any], SearchPlan]] = {}
        """Per game (by id, with the game to check it): how this bot searches it."""

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Any:
        """Return the root action the search prefers (see `_best`) within `budget`."""
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
        search = self._begin(game, state, seat, rng, 0)
        kept = self._kept.pop(seat, None)
        if kept is not None and kept[0] is game and kept[1] == state:
            search.root = kept[2]
        reused = sum(child.visits for child in search.root.children.values())
        done = search.run(state, iterations, deadline)
        root = search.root
        ranked = sorted(
            root.children.items(),
            key=lambda item: (-item[1].visits, -mean(item[1])),
        )
        stats = tuple(ActionStats(text, node.visits, mean(node)) for text, node in ranked)
        best = choose_root(
            self.override, root.children, search.first, search.samples, search.margin
        ) or game.action_to_text(state, legal[0])
        action = next(a for a in legal if game.action_to_text(state, a) == best)
        if self.reuse:
            self._keep(game, state, seat, action, root.children.get(best))
        return SearchResult(action, best, done, time.perf_counter() - started, stats, reused)

    def search_part(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: Budget | None,
        part: int,
    ) -> RootSummary:
        """Return the root statistics of part `part` of a decision searched in several
        processes at once (bots/root_parallel.py merges the parts and chooses)."""
        if part < 0:
            raise ValueError(f"a part number must be at least 0, not {part}")
        if game.current_player(state) != seat:
            raise ValueError(f"seat {seat} is not to act (to act: {game.current_player(state)})")
        started = time.perf_counter()
        iterations, deadline = _limits(budget, started)
        legal = game.legal_actions(state)
        default = game.action_to_text(state, legal[0])
        if len(legal) == 1:
            return RootSummary(part, None, default, self.override, 0.0, 0, {}, {})
        # No kept tree in or out: each part is searched by a new bot in a worker process.
        search = self._begin(game, state, seat, rng, part)
        done = search.run(state, iterations, deadline)
        children = {text: (node.visits, node.total) for text, node in search.root.children.items()}
        return RootSummary(
            part, search.first, default, self.override, search.margin, done, children,
            search.samples.by_action,
        )

    def _begin(
        self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random, part: int
    ) -> TreeSearch:
        """Return a new search of part `part` of a decision, its first move chosen."""
        # A private generator drawn from the caller's, so the search is reproducible and leaves
        # the caller's generator one draw further whatever the budget.
        seed = rng.getrandbits(64)
        search = TreeSearch(game, seat, random.Random(seed), self._plan(game))
        # The heuristic's move is drawn from the caller's seed alone, so every part of a
        # decision has the same baseline for the paired test; the iterations of part k > 0
        # then draw from a stream of their own (part 0 goes on with this one: `search` alone).
        search.first = search.heuristic_choice(state)
        if part > 0:
            search.rng = event_rng(seed, "root part", part)
        return search

    def _plan(self, game: Game[Any, Any]) -> SearchPlan:
        """Return how to search `game`: this bot's settings, else the game's `SearchHints`."""
        known = self._plans.get(id(game))
        if known is not None and known[0] is game:
            return known[1]
        hints = game_spec(game.name).search
        rollout = self.rollout or hints.rollout
        depth = hints.depth if self.depth is None else self.depth
        evaluate = self.evaluate or self._learned(game) or (
            hints.evaluator() if hints.evaluator is not None else score_evaluation
        )
        heuristic = _rollout_policy(game, "heuristic")
        policy = heuristic if rollout == "heuristic" else None
        if policy is not None and hints.rollout_budget is not None:
            policy = _rollout_policy(game, "heuristic", Budget(iterations=hints.rollout_budget))
        margin = hints.margin if self.margin is None else self.margin
        plan = SearchPlan(
            policy, depth, evaluate, heuristic, margin, self.exploration, self.turn_cap,
            self.world_share,
        )
        self._plans[id(game)] = (game, plan)
        return plan

    def _learned(self, game: Game[Any, Any]) -> Evaluator | None:
        """Return the game's value-network evaluator, if this bot uses one and it ships one."""
        if not self.value_net:
            return None
        # Imported here: numpy is loaded only by a search, never by the engines.
        from ludoteca.bots.value_net import learned_evaluator

        return learned_evaluator(game)

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


def _rollout_policy(
    game: Game[Any, Any], rollout: str, budget: Budget | None = None
) -> Policy | None:
    """Return the game's heuristic bot (thinking within `budget`) as a move picker, or None
    for random moves."""
    spec = game_spec(game.name).bot("heuristic") if rollout == "heuristic" else None
    if spec is None:
        return None
    bot: Bot = spec.make()
    return lambda state, seat, rng: bot.choose(game, state, seat, rng, budget)
