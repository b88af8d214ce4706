"""Root parallelism (bots/root_parallel.py): part 0 alone is the single search, the parts' visits
add up, their worlds stay apart in the paired test, and the merged choice never reads what the
seat may not know."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca.bots import Budget, ISMCTSBot
from ludoteca.bots.root_choice import MIN_PAIRS
from ludoteca.bots.root_parallel import RootSummary, merge
from ludoteca.core.game import Game
from tests.bots.test_ismcts import CASES, position

BUDGET = Budget(iterations=60)


def parts(game: Game[Any, Any], state: Any, seed: int, count: int) -> list[RootSummary]:
    """Return parts 0 .. count-1 of the decision of the seat to move, each searched by a new bot."""
    seat = game.current_player(state)
    assert seat is not None
    return [
        ISMCTSBot().search_part(game, state, seat, random.Random(seed), BUDGET, part)
        for part in range(count)
    ]


@pytest.mark.parametrize("case", ["keezen", "thurn_und_taxis"])
def test_part_zero_alone_is_the_single_search(case: str) -> None:
    game, state = position(*CASES[case])
    seat = game.current_player(state)
    assert seat is not None
    result = ISMCTSBot().search(game, state, seat, random.Random(5), BUDGET)
    [part] = parts(game, state, 5, 1)
    assert part.iterations == result.iterations == BUDGET.iterations
    assert {text: (visits, total / visits) for text, (visits, total) in part.children.items()} == {
        stats.text: (stats.visits, stats.mean) for stats in result.actions
    }
    merged = merge([part])
    assert merged.text == result.text
    assert list(merged.visits.items()) == [(stats.text, stats.visits) for stats in result.actions]


def midgame(name: str, moves: int, seed: int) -> tuple[Game[Any, Any], Any]:
    """Return a 2-player game and its state after `moves` seeded random moves."""
    game = ludoteca.load(name, 2)
    state = game.initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return game, state


@pytest.mark.parametrize("name", ["keezen", "thurn_und_taxis"])
def test_two_parts_share_the_first_move_and_their_visits_add_up(name: str) -> None:
    game, state = midgame(name, 12, 4)
    first, second = parts(game, state, 9, 2)
    assert first.first == second.first is not None
    assert first.samples != second.samples  # each part draws its own worlds
    merged = merge([second, first])
    assert merged == merge([first, second])  # the order of completion does not matter
    assert merged.iterations == 2 * BUDGET.iterations == sum(merged.visits.values())
    for text, visits in merged.visits.items():
        assert visits == sum(p.children.get(text, (0, 0.0))[0] for p in (first, second))
    legal = {game.action_to_text(state, action) for action in game.legal_actions(state)}
    assert merged.text in legal


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_merged_choice_ignores_the_other_seats_hidden_cards(case: str) -> None:
    game, state = position(*CASES[case])
    seat = game.current_player(state)
    assert seat is not None
    twin = game.resample(state, seat, random.Random(11))
    assert game.observation(twin, seat) == game.observation(state, seat)
    assert game.to_json(twin) != game.to_json(state)  # something hidden differs
    assert merge(parts(game, twin, 3, 2)).text == merge(parts(game, state, 3, 2)).text


def summary(part: int, gains: list[float]) -> RootSummary:
    """Return a part in which action "b" scored `gains` more than the baseline "a", per world."""
    n = len(gains)
    return RootSummary(
        part, "a", "a", "paired", 0.1, 2 * n,
        {"a": (n, 0.3 * n), "b": (n, 0.3 * n + sum(gains))},
        {"a": {w + 1: 0.3 for w in range(n)}, "b": {w + 1: 0.3 + g for w, g in enumerate(gains)}},
    )


def test_the_parts_worlds_stay_apart_in_the_paired_test() -> None:
    gains = [0.4, 0.5] * (MIN_PAIRS // 4)  # half the pairs the test needs, in each part
    assert merge([summary(0, gains)]).text == "a"  # too few shared worlds to replace it
    # Both parts number their worlds from 1: merged, they are twice as many, not the same.
    assert merge([summary(0, gains), summary(1, gains)]).text == "b"


def test_parts_of_different_decisions_or_none_are_refused() -> None:
    other = RootSummary(1, "c", "a", "paired", 0.1, 0, {}, {})
    with pytest.raises(ValueError, match="different decisions"):
        merge([summary(0, [0.1]), other])
    with pytest.raises(ValueError, match="numbered twice"):
        merge([summary(0, [0.1]), summary(0, [0.1])])
    with pytest.raises(ValueError, match="no part"):
        merge([])
    game, state = position(*CASES["keezen"])
    with pytest.raises(ValueError, match="at least 0"):
        ISMCTSBot().search_part(game, state, 0, random.Random(0), BUDGET, -1)


def test_a_single_legal_action_is_a_part_without_search() -> None:
    game, state = position(*CASES["keezen"])
    seat = game.current_player(state)
    while len(game.legal_actions(state)) > 1 or game.current_player(state) != seat:
        state = game.apply(state, game.legal_actions(state)[0])
        if game.is_terminal(state):
            pytest.skip("no forced move on this line")
    seat = game.current_player(state)
    assert seat is not None
    [part] = parts(game, state, 1, 1)
    assert (part.iterations, part.children) == (0, {})
    assert merge([part]).text == game.action_to_text(state, game.legal_actions(state)[0])
