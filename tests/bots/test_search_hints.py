"""How ISMCTS plays each game as its `GameSpec.search` says: the evaluators, the heuristic's
move kept within the margin or by the paired test, and the choice among well-visited root
actions."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.bots import Budget, ISMCTSBot, make_bot
from ludoteca.bots.ismcts import _rollout_policy
from ludoteca.bots.root_choice import MIN_PAIRS, PairedSamples, by_margin, by_paired_test
from ludoteca.bots.search_tree import Node
from ludoteca.core.evaluation import relative_values
from ludoteca.core.registry import game_spec
from tests.bots.test_ismcts import ELFENLAND_LAST_MOVE, position


def root_with(stats: dict[str, tuple[int, float]]) -> Node:
    """Return a root whose children have the given (visits, mean value)."""
    root = Node(0)
    for text, (visits, mean) in stats.items():
        child = root.children[text] = Node(0)
        child.visits, child.total, child.available = visits, visits * mean, visits
    return root


def test_the_heuristic_move_is_kept_within_the_margin() -> None:
    root = root_with({"a": (100, 0.52), "h": (100, 0.50)})
    assert by_margin(root.children, "h", margin=0.05) == "h"
    assert by_margin(root.children, "h", margin=0.01) == "a"


def test_without_a_heuristic_move_the_best_mean_is_played() -> None:
    root = root_with({"a": (100, 0.52), "b": (100, 0.50)})
    assert by_margin(root.children, None, margin=0.05) == "a"
    assert by_margin(Node(0).children, None, margin=0.05) is None


def test_only_well_visited_moves_compete() -> None:
    # "lucky" has the best mean but under half the visits of the most visited move.
    root = root_with({"lucky": (10, 0.9), "a": (100, 0.55), "h": (80, 0.5)})
    assert by_margin(root.children, "h", margin=0.01) == "a"
    # A heuristic move visited too little to compete is not kept either.
    lopsided = root_with({"a": (100, 0.5), "h": (20, 0.9)})
    assert by_margin(lopsided.children, "h", margin=0.5) == "a"


def paired(gains: dict[str, list[float]]) -> PairedSamples:
    """Return samples where the heuristic's move "h" scores 0.5 in every world and each other
    action scores 0.5 plus its gain in world i."""
    samples = PairedSamples()
    for text, values in gains.items():
        for world, gain in enumerate(values):
            samples.record("h", world, 0.5)
            samples.record(text, world, 0.5 + gain)
    return samples


def test_the_paired_test_replaces_the_heuristic_move_only_when_shown_better() -> None:
    children = root_with({"a": (20, 0.6), "b": (20, 0.55), "h": (20, 0.5)}).children
    # "a" gains 0.1 in every shared world: shown better, however small the difference.
    clear = paired({"a": [0.1] * MIN_PAIRS, "b": [0.05] * MIN_PAIRS})
    assert by_paired_test(children, "h", clear) == "a"
    # "a" gains more on average but wildly, "b" a little always: "b" is the one shown better.
    noisy = paired({"a": [1.0, -0.5] * MIN_PAIRS, "b": [0.02] * MIN_PAIRS})
    assert by_paired_test(children, "h", noisy) == "b"
    # Noise both ways is no evidence: the heuristic's move stays.
    assert by_paired_test(children, "h", paired({"a": [0.5, -0.4] * MIN_PAIRS})) == "h"


def test_the_paired_test_needs_enough_shared_worlds() -> None:
    children = root_with({"a": (20, 0.9), "h": (20, 0.5)}).children
    samples = paired({"a": [0.4] * (MIN_PAIRS - 1)})
    assert samples.lower_bound("a", "h") is None
    assert by_paired_test(children, "h", samples) == "h"
    # Worlds the heuristic's move was not played in do not count.
    samples.record("a", 999, 0.9)
    assert by_paired_test(children, "h", samples) == "h"


def test_without_a_heuristic_move_the_paired_rule_plays_the_most_visited() -> None:
    children = root_with({"a": (30, 0.4), "b": (10, 0.9)}).children
    assert by_paired_test(children, None, PairedSamples()) == "a"
    assert by_paired_test({}, None, PairedSamples()) is None


def test_every_world_plays_the_heuristic_move_first() -> None:
    game, state = position("elfenland", 2, ELFENLAND_LAST_MOVE)
    bot = ISMCTSBot(world_share=4)
    result = bot.search(game, state, 0, random.Random(5), Budget(iterations=80))
    heuristic = make_bot("heuristic", game).choose(game, state, 0, random.Random(5))
    first = game.action_to_text(state, heuristic)
    visits = {stats.text: stats.visits for stats in result.actions}
    # 80 iterations in worlds of 4 (a world with fewer legal moves ends early): the
    # heuristic's move is in every world, so it has at least a quarter of the visits.
    assert visits[first] >= 80 // 4


def test_relative_values_follow_the_lead() -> None:
    level = relative_values([3.0, 3.0], scale=1.0)
    assert level == (0.5, 0.5)
    behind, ahead = relative_values([2.0, 3.0], scale=1.0)
    assert behind < 0.5 < ahead and behind + ahead == pytest.approx(1.0)
    assert ahead == pytest.approx(1 / (1 + 2.718281828459045 ** -1.0))
    assert relative_values([0.0, 1e9], scale=1.0)[1] == pytest.approx(1.0)


@pytest.mark.parametrize("name", ludoteca.available_games())
def test_each_game_evaluator_scores_every_seat_in_range(name: str) -> None:
    hints = game_spec(name).search
    assert hints.rollout in ("random", "heuristic") and hints.depth >= 0
    assert 0 <= hints.margin <= 1
    if hints.evaluator is None:
        return  # the generic score evaluation, tested in test_ismcts
    evaluate = hints.evaluator()
    for players in game_spec(name).player_counts:
        game = ludoteca.load(name, players)
        rng = random.Random(players)
        state = game.initial_state(players)
        for _ in range(40):
            values = evaluate(game, state)
            assert len(values) == players and all(0 < v < 1 for v in values)
            legal = game.legal_actions(state)
            if not legal:
                break
            state = game.apply(state, legal[rng.randrange(len(legal))])


def test_the_keezen_evaluation_favours_the_seat_with_pawns_home() -> None:
    evaluate = game_spec("keezen").search.evaluator()  # type: ignore[misc]
    game, state = position("keezen", 2, "position: 0:h0,h1,h2,20 1:s,s,s,30\n"
                                        "hands: 0=3 1=2\nto move: 0\n")
    ahead, behind = evaluate(game, state)
    assert ahead > 0.5 > behind


def test_the_elfenland_evaluation_favours_the_seat_with_more_towns() -> None:
    evaluate = game_spec("elfenland").search.evaluator()  # type: ignore[misc]
    game, state = position("elfenland", 2, ELFENLAND_LAST_MOVE)
    behind, ahead = evaluate(game, state)
    assert behind < 0.5 < ahead


def test_the_suitors_paths_evaluation_counts_points() -> None:
    evaluate = game_spec("suitors_paths").search.evaluator()  # type: ignore[misc]
    game = ludoteca.load("suitors_paths", 2)
    state = game.initial_state(0)
    rng = random.Random(0)
    # Play on until one seat leads on points: the evaluation must rank it first.
    while len(set(game.scores(state))) == 1 and game.legal_actions(state):
        bot = ISMCTSBot(depth=0)
        seat = game.current_player(state)
        state = game.apply(state, bot.choose(game, state, seat, rng, Budget(iterations=5)))
    scores, values = game.scores(state), evaluate(game, state)
    leader = max(range(2), key=scores.__getitem__)
    assert values[leader] > values[1 - leader]


def test_the_bot_searches_with_the_game_evaluator_unless_told_otherwise() -> None:
    game = ludoteca.load("keezen", 2)
    bot = ISMCTSBot()
    plan = bot._plan(game)
    assert plan.depth == game_spec("keezen").search.depth
    assert plan.margin == game_spec("keezen").search.margin
    assert bot._plan(game) is plan
    own = ISMCTSBot(depth=3, margin=0.5, rollout="random")._plan(game)
    assert (own.depth, own.margin, own.policy) == (3, 0.5, None)


def test_a_search_tries_the_heuristic_move_first() -> None:
    game = ludoteca.load("thurn_und_taxis", 2)
    state = game.initial_state(4)
    seat = game.current_player(state)
    assert seat is not None
    heuristic = make_bot("heuristic", game)
    expected = game.action_to_text(state, heuristic.choose(game, state, seat, random.Random(0)))
    result = ISMCTSBot().search(game, state, seat, random.Random(1), Budget(iterations=1))
    assert [stats.text for stats in result.actions] == [expected]


def test_a_rollout_budget_reaches_the_heuristic_bot() -> None:
    game = ludoteca.load("elfenland", 2)
    budget = Budget(iterations=5)
    policy = _rollout_policy(game, "heuristic", budget)
    assert policy is not None
    heuristic = make_bot("heuristic", game)
    state, rng, differing = game.initial_state(3), random.Random(3), 0
    while (seat := game.current_player(state)) is not None and differing < 3:
        # A tour planned in 5 nodes differs from the full one somewhere; the policy follows it.
        limited = heuristic.choose(game, state, seat, random.Random(0), budget)
        assert policy(state, seat, random.Random(0)) == limited
        differing += limited != heuristic.choose(game, state, seat, random.Random(0))
        state = game.apply(state, heuristic.choose(game, state, seat, rng))
    assert differing == 3
