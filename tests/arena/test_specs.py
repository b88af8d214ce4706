"""Bot specs `name[:budget]`: parsing, canonical labels, and the budget reaching the bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca.arena import Contestant, parse_bot_spec, parse_contestants, simulate
from ludoteca.arena.specs import BudgetedBot, budget_text
from ludoteca.bots import Budget


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("heuristic", ("heuristic", None)),
        ("random", ("random", None)),
        ("ismcts:500", ("ismcts", Budget(iterations=500))),
        ("ismcts:0.2s", ("ismcts", Budget(seconds=0.2))),
        (" ismcts:.5s ", ("ismcts", Budget(seconds=0.5))),
        ("ismcts:2s", ("ismcts", Budget(seconds=2.0))),
        ("my_bot2:1", ("my_bot2", Budget(iterations=1))),
    ],
)
def test_a_spec_is_a_name_and_a_budget(text: str, expected: tuple[str, Budget | None]) -> None:
    assert parse_bot_spec(text) == expected


@pytest.mark.parametrize("text", ["heuristic", "ismcts:500", "ismcts:0.2s", "ismcts:1.5s"])
def test_the_label_parses_back_to_the_same_contestant(text: str) -> None:
    contestant = Contestant.parse(text)
    assert contestant.label == text
    assert Contestant.parse(contestant.label) == contestant


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "the name in lower case"),
        ("Heuristic", "the name in lower case"),
        ("2bots", "the name in lower case"),
        (":500", "the name in lower case"),
        ("ismcts:", "iterations (500) or seconds (0.2s)"),
        ("ismcts:fast", "iterations (500) or seconds (0.2s)"),
        ("ismcts:0.2", "iterations (500) or seconds (0.2s)"),
        ("ismcts:-3", "iterations (500) or seconds (0.2s)"),
        ("ismcts:5:0.2s", "iterations (500) or seconds (0.2s)"),
        ("ismcts:1e3", "iterations (500) or seconds (0.2s)"),
        ("ismcts:0", "at least 1"),
        ("ismcts:0s", "must be positive"),
        ("ismcts:0.0s", "must be positive"),
    ],
)
def test_bad_specs_say_why(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match="bad bot") as error:
        parse_bot_spec(text)
    assert reason in str(error.value)


def test_a_long_bad_spec_is_quoted_short() -> None:
    with pytest.raises(ValueError) as error:
        parse_bot_spec("X" * 1000)
    assert len(str(error.value)) < 200


def test_a_budget_of_both_kinds_has_no_spec_text() -> None:
    assert budget_text(None) == ""
    with pytest.raises(ValueError, match="not both"):
        budget_text(Budget(iterations=5, seconds=1.0))


def test_a_list_of_specs_keeps_its_order_and_rejects_gaps() -> None:
    assert [c.label for c in parse_contestants("ismcts:0.2s, heuristic,random")] == [
        "ismcts:0.2s", "heuristic", "random",
    ]
    for text in ("", " ", "heuristic,,random", "heuristic,"):
        with pytest.raises(ValueError, match="comma-separated"):
            parse_contestants(text)


class RecordingBot:
    """A bot that remembers the budgets it was given and plays the first legal action."""

    name = "recording"

    def __init__(self) -> None:
        self.budgets: list[Budget | None] = []

    def choose(
        self, game: Any, state: Any, seat: int, rng: random.Random, budget: Budget | None = None
    ) -> Any:
        self.budgets.append(budget)
        return game.legal_actions(state)[0]


def test_a_budgeted_bot_thinks_within_its_own_budget() -> None:
    game = ludoteca.load("keezen", 2)
    state = game.initial_state(1)
    inner = RecordingBot()
    bot = BudgetedBot(inner, Budget(iterations=20), "recording:20")
    seat = game.current_player(state)
    assert seat is not None
    bot.choose(game, state, seat, random.Random(0))
    explicit = Budget(seconds=1.0)
    bot.choose(game, state, seat, random.Random(0), explicit)
    assert inner.budgets == [Budget(iterations=20), explicit]
    assert bot.name == "recording:20"


def test_a_contestant_makes_a_bot_of_its_game_or_says_which_exist() -> None:
    game = ludoteca.load("elfenland", 2)
    bot = Contestant.parse("heuristic:10").make(game)
    assert bot.name == "heuristic:10"
    with pytest.raises(ValueError, match="no bot 'nobody' for elfenland; available: "):
        Contestant.parse("nobody:5").make(game)


def test_simulate_accepts_specs() -> None:
    stats = simulate("keezen", 2, ["heuristic:10", "random"], 2, 3)
    assert stats.bots == ("heuristic:10", "random")
    assert stats.games == 2
    with pytest.raises(ValueError, match="bad bot"):
        simulate("keezen", 2, ["heuristic:soon"], 1, 0)
