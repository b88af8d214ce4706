"""How ISMCTS plays each game as its `GameSpec.search` says: the evaluators, the heuristic's
move kept within the margin, and the choice among well-visited root actions."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.bots import Budget, ISMCTSBot, make_bot
from ludoteca.bots.ismcts import Node, _best
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
    assert _best(root, "h", margin=0.05) == "h"
    assert _best(root, "h", margin=0.01) == "a"


def test_without_a_heuristic_move_the_best_mean_is_played() -> None:
    root = root_with({"a": (100, 0.52), "b": (100, 0.50)})
    assert _best(root, None, margin=0.05) == "a"
    assert _best(Node(0), None, margin=0.05) is None


def test_only_well_visited_moves_compete() -> None:
    # "lucky" has the best mean but under half the visits of the most visited move.
    root = root_with({"lucky": (10, 0.9), "a": (100, 0.55), "h": (80, 0.5)})
    assert _best(root, "h", margin=0.01) == "a"
    # A heuristic move visited too little to compete is not kept either.
    assert _best(root_with({"a": (100, 0.5), "h": (20, 0.9)}), "h", margin=0.5) == "a"


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
