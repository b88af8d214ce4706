"""Known-answer tests of the generic ISMCTS bot (DESIGN.md §3): forced wins in every game,
reproducibility, blindness to hidden cards, and diagnostics that add up."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca.bots import Budget, ISMCTSBot, make_bot
from ludoteca.bots.evaluation import score_evaluation
from ludoteca.core.game import Game

ITERATIONS = Budget(iterations=300)

KEEZEN_SEVEN_SPLIT = (
    "position: 0:27,28,31,h2 1:13,14,15,h3\nhands: 0=7,7 1=-\nto move: 0\n"
)
"""Two 7s and no other card: only one split now leaves a 7 that brings the last pawns home
(seat 1 holds no card, so seat 0 plays twice in a row); every other split, or a single 7,
strands a pawn and hands seat 1, one pawn from home, the next deal."""

ELFENLAND_LAST_MOVE = """round: 4
phase: 5
start: 1
to move: 0
boots: 0=Elvenhold 1=Elvenhold
visited: 0=Beata 1=Beata,Ixara
hands: 0=PPP 1=P
roads: 2=P1 1=D0
seed: 3
"""
"""The last move of the game: seat 1 has moved; seat 0 trails by a town. Pig road 2 takes it to
Lapphalya for one card (a tie won on the two cards left against one); paying three, taking the
Dragon road, or ending loses."""

TNT_LAST_CLOSE = (
    "to move: 1\npoint: after_play\nroutes: 1=BAS-ZUE-KEM-AUG-MUE\ncarriages: 0=7 1=6\n"
    "game end: 0\nhands: 0=LIN,PAS,ULM\n"
)
"""Seat 1's last turn: only closing with the Bavarian houses, or the cartwright's carriage 7 and
any close, overtakes seat 0; keeping the route or any other close loses."""
TNT_WINS = {"C=BAI[KEM,AUG,MUE]", "CW"}

SP_LAST_TURN = (
    "board: GGBY YGGRR GYBKYR KRGRB BYGK\nsuitors: C=2,1 D=4,1 B=1,3 A=3,3\n"
    "turn order: C D B A\ngirls: 2,0=B 4,0=A 5,1 4,3 2,4 0,4 0,2\nfinal round: D 1\n"
    "to move: C\nhands: C=G A=YY B=RK\n"
)
"""C (seat 2) takes the game's last turn, trailing A and B: a green segment into the centre of
the girl on 2,0 tops her stack and wins; eleven other builds and ending do not."""
SP_WINS = {"build 2,0/SE-C G", "build 2,0/S-C G"}


def position(name: str, players: int, text: str) -> tuple[Game[Any, Any], Any]:
    """Return (game, state) for a position text of the game `name`."""
    game = ludoteca.load(name, players)
    return game, game.position_from_text(text)  # type: ignore[attr-defined]


def choice(game: Game[Any, Any], state: Any, seed: int = 0) -> str:
    """Return the text of ISMCTS's choice for the seat to move, with a 300-iteration budget."""
    seat = game.current_player(state)
    assert seat is not None
    action = ISMCTSBot().choose(game, state, seat, random.Random(seed), ITERATIONS)
    return game.action_to_text(state, action)


def wins_within(game: Game[Any, Any], state: Any, seat: int, moves: int) -> bool:
    """Return True if `seat` can end the game as a winner within `moves` of its own actions."""
    if game.is_terminal(state):
        return game.returns(state)[seat] == 1.0
    if moves == 0 or game.current_player(state) != seat:
        return False
    return any(
        wins_within(game, game.apply(state, action), seat, moves - 1)
        for action in game.legal_actions(state)
    )


CASES = {
    "keezen": ("keezen", 2, KEEZEN_SEVEN_SPLIT),
    "elfenland": ("elfenland", 2, ELFENLAND_LAST_MOVE),
    "thurn_und_taxis": ("thurn_und_taxis", 2, TNT_LAST_CLOSE),
    "suitors_paths": ("suitors_paths", 4, SP_LAST_TURN),
}


def test_registered_as_a_generic_bot_of_every_game() -> None:
    for name in ludoteca.available_games():
        bot = make_bot("ismcts", ludoteca.load(name))
        assert isinstance(bot, ISMCTSBot) and bot.name == "ismcts"


def test_keezen_finds_the_one_seven_split_of_a_two_move_finish() -> None:
    game, state = position(*CASES["keezen"])
    legal = [game.action_to_text(state, action) for action in game.legal_actions(state)]
    finishing = {
        text for text, action in zip(legal, game.legal_actions(state), strict=True)
        if wins_within(game, game.apply(state, action), 0, 1)
    }
    assert finishing == {"7: h0.2-h0.3, 28-h0.2"} and len(legal) == 15
    assert choice(game, state) == "7: h0.2-h0.3, 28-h0.2"
    assert wins_within(game, game.apply(state, game.action_from_text(state, choice(game, state))),
                       0, 1)


def test_keezen_plays_the_last_pawn_home() -> None:
    game, state = position("keezen", 2, "position: 0:29,h1,h2,h3 1:5,s,s,s\n"
                                        "hands: 0=A,3,9 1=5\nto move: 0\n")
    assert choice(game, state) == "3: 29-h0.0"


def test_elfenland_takes_the_road_that_wins_the_tie_break() -> None:
    game, state = position(*CASES["elfenland"])
    legal = {game.action_to_text(state, action) for action in game.legal_actions(state)}
    assert legal == {"move 1 PPP", "move 2 P", "move 2 PPP", "end"}
    assert choice(game, state) == "move 2 P"
    assert wins_within(game, game.apply(state, game.action_from_text(state, "move 2 P")), 0, 1)


def test_thurn_und_taxis_closes_for_the_win() -> None:
    game, state = position(*CASES["thurn_und_taxis"])
    legal = {game.action_to_text(state, action) for action in game.legal_actions(state)}
    winning = {text for text in legal
               if wins_within(game, game.apply(state, game.action_from_text(state, text)), 1, 1)}
    assert winning == TNT_WINS and "." in legal and len(legal) == 10
    assert choice(game, state) in TNT_WINS


def test_suitors_paths_connects_the_girl_that_wins() -> None:
    game, state = position(*CASES["suitors_paths"])
    legal = {game.action_to_text(state, action) for action in game.legal_actions(state)}
    assert legal > SP_WINS and "end" in legal and len(legal) == 13
    for text in SP_WINS:
        assert wins_within(game, game.apply(state, game.action_from_text(state, text)), 2, 3)
    assert choice(game, state) in SP_WINS


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_same_seed_gives_the_same_search(case: str) -> None:
    game, state = position(*CASES[case])
    seat = game.current_player(state)
    assert seat is not None
    first = ISMCTSBot().search(game, state, seat, random.Random(7), Budget(iterations=60))
    again = ISMCTSBot().search(game, state, seat, random.Random(7), Budget(iterations=60))
    assert (first.action, first.text, first.iterations, first.actions) == (
        again.action, again.text, again.iterations, again.actions
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_choice_ignores_the_other_seats_hidden_cards(case: str) -> None:
    game, state = position(*CASES[case])
    seat = game.current_player(state)
    assert seat is not None
    twin = game.resample(state, seat, random.Random(11))
    assert game.observation(twin, seat) == game.observation(state, seat)
    assert game.to_json(twin) != game.to_json(state)  # something hidden differs
    assert choice(game, twin) == choice(game, state)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_diagnostics_add_up(case: str) -> None:
    game, state = position(*CASES[case])
    seat = game.current_player(state)
    assert seat is not None
    result = ISMCTSBot().search(game, state, seat, random.Random(1), Budget(iterations=120))
    assert result.iterations == 120
    assert sum(stats.visits for stats in result.actions) == 120
    legal = {game.action_to_text(state, action) for action in game.legal_actions(state)}
    assert {stats.text for stats in result.actions} == legal  # each tried once before any twice
    assert result.text == result.actions[0].text
    assert result.actions[0].visits == max(stats.visits for stats in result.actions)
    assert all(0.0 <= stats.mean <= 1.0 for stats in result.actions)
    assert game.action_to_text(state, result.action) == result.text


def test_a_single_legal_action_is_returned_without_searching() -> None:
    game = ludoteca.load("thurn_und_taxis", 2)
    state = game.position_from_text(  # type: ignore[attr-defined]
        "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE\nhands: 0=LOD\n"
    )
    while len(game.legal_actions(state)) != 1:
        state = game.apply(state, game.legal_actions(state)[-1])
    seat = game.current_player(state)
    assert seat is not None
    result = ISMCTSBot().search(game, state, seat, random.Random(0), Budget(iterations=50))
    assert result.iterations == 0 and result.actions == ()
    assert result.action == game.legal_actions(state)[0]


def test_a_time_budget_stops_the_search() -> None:
    game = ludoteca.load("keezen", 4)
    state = game.initial_state(2)
    seat = game.current_player(state)
    assert seat is not None
    result = ISMCTSBot().search(game, state, seat, random.Random(0), Budget(seconds=0.05))
    assert result.iterations >= 1 and result.action in game.legal_actions(state)
    capped = ISMCTSBot().search(
        game, state, seat, random.Random(0), Budget(iterations=5, seconds=30.0)
    )
    assert capped.iterations == 5


def test_heuristic_rollouts_find_the_same_wins() -> None:
    bot = ISMCTSBot(rollout="heuristic", depth=10)
    for case, wins in (("thurn_und_taxis", TNT_WINS), ("suitors_paths", SP_WINS)):
        game, state = position(*CASES[case])
        seat = game.current_player(state)
        assert seat is not None
        action = bot.choose(game, state, seat, random.Random(0), Budget(iterations=100))
        assert game.action_to_text(state, action) in wins


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rollout": "greedy"}, "rollout must be one of random, heuristic"),
        ({"depth": -1}, "rollout depth must be at least 0"),
        ({"margin": 1.5}, "margin must lie in"),
        ({"world_share": 0}, "world_share must be at least 1"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSBot(**kwargs)


def test_bad_budgets_and_seats_are_refused() -> None:
    game = ludoteca.load("keezen", 2)
    state = game.initial_state(0)
    seat = game.current_player(state)
    assert seat is not None
    bot = ISMCTSBot()
    with pytest.raises(ValueError, match="at least 1"):
        bot.choose(game, state, seat, random.Random(0), Budget(iterations=0))
    with pytest.raises(ValueError, match="positive"):
        bot.choose(game, state, seat, random.Random(0), Budget(seconds=0.0))
    with pytest.raises(ValueError, match="not to act"):
        bot.choose(game, state, 1 - seat, random.Random(0), ITERATIONS)


def test_team_games_credit_both_partners() -> None:
    # Keezen 4 players: seat 0's partner (seat 2) is one 3 from finishing the team; seat 0
    # controls colour 2 since its own pawns are home (K21), so its 3 wins for both.
    game, state = position("keezen", 4, "position: 0:h0,h1,h2,h3 1:s,s,s,s 2:29,h1,h2,h3 "
                                        "3:s,s,s,s\nhands: 0=3,5 1=2 2=- 3=2\nto move: 0\n")
    assert choice(game, state) == "3: 29-h2.0"


def test_the_score_evaluation_ranks_the_leader_first() -> None:
    game, state = position("elfenland", 2, ELFENLAND_LAST_MOVE)
    behind, ahead = score_evaluation(game, state)
    assert behind < 0.5 < ahead and behind + ahead == pytest.approx(1.0)
    level = game.apply(state, game.action_from_text(state, "move 2 P"))
    assert score_evaluation(game, level) == (0.5, 0.5)


def test_the_tree_is_kept_for_the_next_step_of_the_same_turn() -> None:
    # Elfenland: the move draws no chance and shows nothing, and seat 0 decides again.
    game, state = position(*CASES["elfenland"])
    bot = ISMCTSBot()
    first = bot.search(game, state, 0, random.Random(2), ITERATIONS)
    assert first.text == "move 2 P" and first.reused == 0
    after = game.apply(state, first.action)
    second = bot.search(game, after, 0, random.Random(2), Budget(iterations=40))
    assert second.reused == first.actions[0].visits - 1  # all but the expanding iteration
    assert sum(stats.visits for stats in second.actions) == 40 + second.reused
    assert second.text == "end"
    fresh = ISMCTSBot(reuse=False).search(game, after, 0, random.Random(2), Budget(iterations=40))
    assert fresh.reused == 0 and sum(stats.visits for stats in fresh.actions) == 40


def test_the_tree_is_dropped_when_another_state_follows() -> None:
    game, state = position(*CASES["elfenland"])
    bot = ISMCTSBot()
    assert bot.search(game, state, 0, random.Random(2), ITERATIONS).text == "move 2 P"
    again = bot.search(game, state, 0, random.Random(2), ITERATIONS)
    assert again.reused == 0  # the kept tree expects the state after "move 2 P", not this one
    assert sum(stats.visits for stats in again.actions) == ITERATIONS.iterations


def test_the_cartwright_keeps_the_tree_for_the_close() -> None:
    game, state = position(*CASES["thurn_und_taxis"])
    bot = ISMCTSBot()
    first = bot.search(game, state, 1, random.Random(0), ITERATIONS)
    assert first.text == "CW" and game.undoable(state, first.action)
    after = game.apply(state, first.action)
    assert bot.search(game, after, 1, random.Random(0), ITERATIONS).reused > 0


def test_no_tree_is_kept_across_a_step_that_draws_chance() -> None:
    # Thurn und Taxis: taking a display card refills the display from the deck; the same seat
    # decides next, but its information set is not the one the tree searched.
    game, state = position("thurn_und_taxis", 2, "to move: 0\nhands: 0=LIN,PAS\n")
    bot = ISMCTSBot()
    first = bot.search(game, state, 0, random.Random(0), Budget(iterations=100))
    assert first.text.startswith("T") and not game.undoable(state, first.action)
    after = game.apply(state, first.action)
    assert game.current_player(after) == 0 and len(game.legal_actions(after)) > 1
    assert bot.search(game, after, 0, random.Random(0), Budget(iterations=20)).reused == 0
