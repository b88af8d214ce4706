"""The Suitors' Paths heuristic bot: legal, deterministic, blind to hidden cards, sensible."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.bots import Choice, SpHeuristicBot
from tests.games.suitors_paths.helpers import act, example, sp
from tests.games.support import play_out

EVEN_GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
"""Route-less girls on the even path indices of the 4-player example board."""
FULL_2_0 = "girls: 2,0=ABDC 4,0 5,1 4,3 2,4 0,4 0,2\n"
"""The same, the girl next to C's suitor full (P42), so her cheap spoke is out of play."""
TWO_PLAYER_AUCTION = "hands: A=GGYRKM B=GYRKBM\nstep: auction\nto move: A\n"


def choose_text(game: SpGame, state: SpState) -> str:
    """Return the heuristic bot's choice in `state` as text."""
    seat = state.current
    assert seat is not None
    action = SpHeuristicBot().choose(game, state, seat, random.Random(0))
    return game.action_to_text(state, action)


def connects_to(text: str, hex_name: str, payment: str) -> bool:
    """Return True if `text` builds a spoke into the centre of `hex_name`, paid `payment`."""
    head, _, rest = text.partition("/")
    return head == f"build {hex_name}" and rest.endswith(f"-C {payment}")


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_games_end_by_the_sixth_connection(players: int) -> None:
    game = sp(players)
    state = play_out(game, ["heuristic"] * players, seed=players)
    assert state.end_reason == "sixth_connection"
    assert 6 <= state.round < 30
    assert max(len(routes) for routes in state.routes) >= 6


def test_heuristic_beats_random_in_both_seat_orders() -> None:
    game = sp(2)
    wins = 0
    for seed in range(10):
        first = play_out(game, ["heuristic", "random"], seed)
        second = play_out(game, ["random", "heuristic"], seed)
        wins += (first.winner == 0) + (second.winner == 1)
    assert wins >= 18  # 90%; the 300-game runs of the rules page win every game


def test_heuristic_plays_the_longer_route_variant() -> None:
    game = sp(3, route_start="centre")
    state = play_out(game, ["heuristic", "random", "random"], seed=4)
    assert state.winner == 0 and state.end_reason == "sixth_connection"
    centres = game.board.centres
    assert all(route.points[0] == centres[state.starts[0]] for route in state.routes[0])


# -- determinism and hidden information ----------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"route_start": "centre"}])
def test_every_choice_is_legal_without_the_fallback(options: dict[str, str]) -> None:
    for players in (2, 4):
        game = sp(players, **options)
        state = game.initial_state(players)
        while not game.is_terminal(state):
            seat = state.current
            assert seat is not None
            texts = game.observation(state, seat, log=False)["legal_actions"]
            choice = Choice(game, state, seat).decide(texts)
            assert choice in texts, (state.step, choice)
            state = game.apply(state, game.action_from_text(state, choice))


def test_the_same_state_gives_the_same_choice() -> None:
    game = sp(3)
    state = game.initial_state(8)
    for _ in range(80):
        if game.is_terminal(state):
            break
        seat = state.current
        assert seat is not None
        bot = SpHeuristicBot()
        first = bot.choose(game, state, seat, random.Random(1))
        assert bot.choose(game, state, seat, random.Random(2)) == first
        state = game.apply(state, first)


def test_the_bot_cannot_see_hidden_cards() -> None:
    game = sp(2)
    state = game.initial_state(5)
    rng = random.Random(3)
    for _ in range(70):
        if game.is_terminal(state):
            break
        seat = state.current
        assert seat is not None
        bot = SpHeuristicBot()
        action = bot.choose(game, state, seat, rng)
        for _ in range(3):
            other = game.resample(state, seat, rng)
            assert other.hands[1 - seat] != state.hands[1 - seat] or other.deck != state.deck
            assert bot.choose(game, other, seat, rng) == action
        state = game.apply(state, action)


def test_the_bot_refuses_another_game() -> None:
    from ludoteca import load

    other = load("keezen", 4)
    with pytest.raises(TypeError, match="cannot play keezen"):
        SpHeuristicBot().choose(other, other.initial_state(1), 0, random.Random(0))


# -- building ------------------------------------------------------------------------------------


def test_takes_the_only_affordable_connection() -> None:
    game = sp()
    state = example(game, EVEN_GIRLS + "hands: C=G\n")
    assert choose_text(game, state) == "build 2,0/SE-C G"


def test_pays_a_missing_colour_with_a_pair() -> None:
    game = sp()
    state = example(game, EVEN_GIRLS + "hands: C=KK\n")
    assert choose_text(game, state) == "build 2,0/SE-C KK"


def test_builds_the_cheapest_path_to_the_girl() -> None:
    # 0,2 is two segments away along C's route of E9 (Y, G); through the centre of 1,2 it is
    # three (Y, Y, G). The hand pays either: the bot takes the shorter one, to its end.
    game = sp()
    state = example(game, FULL_2_0 + "hands: C=YYGG\n")
    assert choose_text(game, state) == "build 1,1/SE-S Y"
    state = act(game, state, "build 1,1/SE-S Y")
    assert choose_text(game, state) == "build 0,2/NE-C G"


def test_tops_a_rival_rather_than_start_a_girl() -> None:
    # Both girls next to C's suitor cost one card; on top of D's marker C scores 3 (not 2)
    # and takes D's top bonus.
    game = sp()
    state = example(game, "girls: 3,0=D 5,0 5,2 3,4 1,4 0,3 1,1\nhands: C=GY\n")
    assert connects_to(choose_text(game, state), "3,0", "G")


def test_saves_its_cards_when_no_connection_is_affordable() -> None:
    game = sp()
    state = example(game, FULL_2_0 + "hands: C=Y\n")
    assert choose_text(game, state) == "end"


def test_continues_its_route_toward_a_routed_girl() -> None:
    # C's head is at 1,1/S, one spoke from the girl on 0,2 (who holds B's marker).
    game = sp()
    state = example(game, "girls: 2,0=ABDC 4,0 5,1 4,3 2,4 0,4 0,2=B\n"
                    "routes: C=1,1/SE-S\nhands: C=G\n")
    assert choose_text(game, state) == "build 0,2/NE-C G"


def test_scraps_a_route_that_leads_nowhere() -> None:
    # C's unfinished route heads into the middle of the board; a new one reaches 3,0 at once.
    game = sp()
    state = example(game, "girls: 2,0=ABDC 3,0=D 5,0=ABDC 5,2=ABDC 3,4 1,4 0,3\n"
                    "routes: C=2,1/SE-S|2,2/NW-C\nhands: C=G\n")
    assert choose_text(game, state) == "scrap"
    state = act(game, state, "scrap")
    assert connects_to(choose_text(game, state), "3,0", "G")


def test_does_not_end_the_game_on_blocks_while_behind() -> None:
    # The last block would connect C to 2,0 and end the game (P64) with C behind.
    game = sp()
    state = example(game, "girls: 2,0 4,0 5,1=DD 4,3 2,4 0,4 0,2\nhands: C=G\nsupply: 1\n")
    assert choose_text(game, state) == "end"
    ahead = example(game, "girls: 2,0 4,0 5,1=D 4,3 2,4 0,4 0,2=CC\nhands: C=G\nsupply: 1\n")
    assert choose_text(game, ahead) == "build 2,0/SE-C G"


# -- girls, cards and auctions -------------------------------------------------------------------


def test_walks_a_girl_away_from_a_rival_suitor() -> None:
    # The girl on 4,0 stands next to D's suitor (4,1); 3,0 is next to C's own (2,1).
    game = sp()
    state = example(game, "girls: 2,0=ABDC 4,0 5,1=B 4,3 2,4=C 0,4=A 0,2=D\nstep: girl\n")
    assert choose_text(game, state) == "girl 4,0 ccw"


def test_takes_the_display_card_its_path_lacks() -> None:
    # With 2,0 and 4,0 full, C's plan is E9's route to 0,2 (Y, G): it holds the G.
    game = sp()
    state = example(game, "girls: 2,0=ABDC 4,0=ABDC 5,1 4,3 2,4 0,4 0,2\nhands: C=G\n"
                    "display: GYMGKB\nstep: cards\n")
    assert choose_text(game, state) == "take 2"


def test_takes_a_whole_colour_when_it_brings_more() -> None:
    game = sp()
    state = example(game, FULL_2_0 + "hands: C=RRB\ndisplay: YYMYKB\nstep: cards\n")
    assert choose_text(game, state) == "take all Y"


def test_discards_the_cards_it_needs_least() -> None:
    game = sp()
    state = example(game, FULL_2_0 + "hands: C=GYKKKKBBBMM\nstep: discard\n")
    assert choose_text(game, state) == "discard K"


def test_opens_the_hex_nearest_the_girls_and_bids_for_it() -> None:
    game = sp(2)
    near_2_1 = game.position_from_text("girls: 2,0 3,1 2,3 0,2\n" + TWO_PLAYER_AUCTION)
    assert choose_text(game, near_2_1) == "open 2,1 0"
    assert choose_text(game, act(game, near_2_1, "open 2,1 0")) == "raise 1"
    assert choose_text(game, act(game, near_2_1, "open 2,1 3")) == "pass"
    assert choose_text(game, act(game, near_2_1, "open 1,3 0")) == "pass"
    near_1_3 = game.position_from_text("girls: 2,3 0,4 0,2 3,1\n" + TWO_PLAYER_AUCTION)
    assert choose_text(game, near_1_3) == "open 1,3 0"


def test_pays_a_bid_with_the_cards_it_needs_least() -> None:
    game = sp(2)
    state = game.position_from_text("girls: 2,0 3,1 2,3 0,2\n" + TWO_PLAYER_AUCTION)
    state = act(game, state, "open 2,1 2", "pass")
    text = choose_text(game, state)
    assert text.startswith("pay ") and len(text) == 6 and "M" not in text
