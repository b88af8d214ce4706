"""Position texts that say every reachable state (issue 26): the auctions under way and their
payment, the turn's flags and counters, virtual segments, a finished game; and what a text is
refused for, with the reason in words."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ludoteca import StateFormatError
from ludoteca.bots import make_bot
from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.state import NONE, Step
from tests.games.suitors_paths.helpers import A, B, C, D, act, example, sp

GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
AUCTION = "hands: A=GGGYYY B=RRRKKK C=BBBMMM\nstep: auction\n"
"""Three players' hands in the auctions, the girls where seed 0 puts them."""
RICH = "hands: A=GGYYRRKKBBMM B=GGYYRRKKBBMM C=GGYYRRKKBBMM D=GGYYRRKKBBMM\n"


def round_trip(game: SpGame, state: SpState) -> SpState:
    """Return `state` read back from its text, asserting it is the same but for the log."""
    text = game.position_to_text(state)
    back = game.position_from_text(text)
    assert replace(back, log=state.log) == state, text
    assert game.position_to_text(back) == text
    return back


def play(game: SpGame, seed: int, bot: str | None) -> list[SpState]:
    """Return every state of a seeded game (random moves, or `bot` in every seat)."""
    rng = random.Random(seed)
    bots = [make_bot(bot, game) for _ in range(game.num_players)] if bot else []
    state = game.initial_state(seed)
    states = [state]
    while state.current is not None:
        if bots:
            action = bots[state.current].choose(game, state, state.current, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        states.append(state)
    return states


GAMES: list[tuple[int, dict[str, Any], int, str | None]] = [
    (2, {}, 1, None),
    (3, {"route_start": "centre", "boundary_side_cost": "adjacent"}, 2, None),
    (4, {}, 3, None),
    (5, {"five_player_girls": 8, "terrain_split": "uniform"}, 4, None),
    (2, {"stall_guard_rounds": 1}, 5, None),  # ends by the stall guard
    (2, {}, 6, "heuristic"),
    (4, {}, 7, "heuristic"),
]


@pytest.mark.parametrize(("players", "options", "seed", "bot"), GAMES)
def test_position_text_round_trips_every_reachable_state(
    players: int, options: dict[str, Any], seed: int, bot: str | None
) -> None:
    game = sp(players, **options)
    states = play(game, seed, bot)
    for state in states:
        round_trip(game, state)
    steps = {state.step for state in states}
    assert {Step.AUCTION, Step.BUILD, Step.GIRL, Step.CARDS, Step.OVER} <= steps
    if bot is None and players > 2:
        assert Step.PAY in steps and any(s.auction_hex != NONE and s.step == Step.AUCTION
                                         for s in states)


def test_an_auction_under_way_reads_and_plays_on() -> None:
    game = sp(3)
    text = AUCTION + "to move: C\nauction: 2,1\nbid: B 2\npassed: A\nopener: A\n"
    state = game.position_from_text(text)
    assert (state.auction_hex, state.bid, state.high_bidder, state.passed, state.opener) == (
        game.board.hex_by_name["2,1"], 2, B, 1 << A, A)
    assert game.action_to_text(state, game.legal_actions(state)[-1]) == "pass"
    round_trip(game, state)
    paying = act(game, state, "pass")
    assert paying.step == Step.PAY and paying.current == B
    text = game.position_to_text(paying)
    assert "step: pay" in text and "bid: B 2" in text and "passed: A C" in text
    assert round_trip(game, paying).current == B


def test_a_payment_reads_and_plays_on() -> None:
    game = sp(3)
    state = game.position_from_text(
        AUCTION.replace("step: auction", "suitors: B=2,1\nstep: pay")
        + "to move: B\nauction: 2,1\nbid: B 2\npassed: A C\nopener: A\n")
    after = act(game, state, "pay RK")
    assert after.step == Step.AUCTION and after.starts[B] != NONE and after.current == C


def test_this_turn_flags_and_counters_read_back() -> None:
    game = sp()
    state = example(game, GIRLS + RICH + "routes: C=1,1/SE-S\nto move: C\n")
    scrapped = act(game, state, "scrap")
    assert "this turn: scrapped" in game.position_to_text(scrapped)
    assert "scrap" not in {game.action_to_text(s, a) for s in [round_trip(game, scrapped)]
                           for a in game.legal_actions(s)}
    took = example(game, GIRLS + "hands: C=GGGGGGGGGG\ndisplay: GGYMKB\ndeck: RYB ...\n"
                         "step: cards\nto move: C\nturns: 9\nidle turns: 2\nreshuffles: 1\n")
    took = act(game, took, "take all G")
    assert took.step == Step.DISCARD and took.took_colour
    text = game.position_to_text(took)
    assert "this turn: took-all" in text and "turns: 9" in text and "idle turns: 2" in text
    assert round_trip(game, took).reshuffles == 1


def test_virtual_segments_and_the_end_by_exhausted_blocks() -> None:
    game = sp()
    state = example(game, GIRLS + RICH + "supply: 1\nto move: C\n")
    state = act(game, state, "build 1,1/SE-S Y")  # the last block: further segments are virtual
    assert state.exhausted and state.supply == 0
    assert "this turn: virtual" in game.position_to_text(state)
    state = round_trip(game, state)
    segment = next(game.action_to_text(state, a) for a in game.legal_actions(state)
                   if game.action_to_text(state, a).startswith("build 1,1/S-"))
    state = act(game, state, segment)
    assert "*" in game.position_to_text(state).split("routes: ")[1].split("\n")[0]
    round_trip(game, state)
    over = act(game, state, "end")
    assert over.step == Step.OVER and over.end_reason == "blocks_exhausted"
    text = game.position_to_text(over)
    assert "step: over" in text and "end: blocks_exhausted" in text and "to move" not in text
    assert round_trip(game, over).winner == over.winner


def test_a_finished_game_reads_back_with_its_winner() -> None:
    game = sp(2)
    final = play(game, 11, None)[-1]
    text = game.position_to_text(final)
    assert f"winner: {chr(ord('A') + final.winner)}" in text
    back = round_trip(game, final)
    assert game.is_terminal(back) and game.returns(back) == game.returns(final)


def test_a_deck_top_with_the_rest_of_the_cards_placed_reads_as_before() -> None:
    game = sp()
    text = ("display: GYRKBM\ndeck: G\ndiscards: GGGGGGGGGGYYYY\nstep: cards\n"
            "hands: A=RRRRRRRRRY B=KKKKKKKYYY C=BBBBBBBYM D=MMMMMMMMMM\nto move: C\n")
    state = example(game, text)
    assert state.deck == (0,) and len(state.discards) == 14
    assert len(example(game, "deck: RYB ...\n").deck) == 60 - 6


def refused(game: SpGame, text: str, *words: str) -> None:
    """Assert the text is refused with a StateFormatError whose message has every word."""
    with pytest.raises(StateFormatError) as caught:
        game.position_from_text(text)
    for word in words:
        assert word in str(caught.value), str(caught.value)


BASE = "board: GGBY YGGRR GYBKYR KRGRB BYGK\nsuitors: C=2,1 D=4,1 B=1,3 A=3,3\n" + GIRLS

REFUSALS = [
    (4, BASE + "deck: RYB\n", ["deck:", "trailing '...'", "51 cards are placed nowhere"]),
    (4, BASE + "step: pay\nto move: B\n", ["step pay needs the auction won"]),
    (3, AUCTION + "to move: C\nauction: 2,1\nbid: B 2\n", ["needs opener"]),
    (3, AUCTION + "to move: C\nbid: B 2\n", ["bid:", "only with an auction under way"]),
    (3, AUCTION + "to move: C\nauction: 2,1\nbid: B 7\nopener: A\n", ["bids are 0 to 6"]),
    (3, AUCTION + "to move: C\nauction: 2,1\nbid: B 6\nopener: A\n", ["wins at once"]),
    (3, AUCTION + "to move: B\nauction: 2,1\nbid: B 2\nopener: A\n",
     ["neither the high bidder nor one who passed"]),
    (3, AUCTION + "to move: C\nauction: 2,1\nbid: B 2\npassed: B\nopener: A\n",
     ["the high bidder has not passed"]),
    (3, AUCTION + "to move: C\nauction: 3,3\nbid: B 2\nopener: A\n", ["second ring"]),
    (3, AUCTION.replace("B=RRRKKK", "B=R") + "to move: C\nauction: 2,1\nbid: B 2\nopener: A\n",
     ["holds 1 cards, fewer than the bid"]),
    (3, AUCTION.replace("step: auction", "suitors: B=2,1\nstep: pay")
     + "to move: B\nauction: 2,1\nbid: B 0\nopener: A\n", ["a bid of 0 is not paid"]),
    (3, AUCTION.replace("step: auction", "suitors: A=2,1\nstep: pay")
     + "to move: B\nauction: 2,1\nbid: A 2\nopener: A\n", ["the high bidder pays"]),
    (3, AUCTION.replace("step: auction", "suitors: A=2,1\nstep: pay")
     + "to move: B\nauction: 2,1\nbid: B 2\nopener: A\n", ["payer's suitor stands on"]),
    (3, AUCTION.replace("step: auction", "suitors: A=2,1\nstep: auction") + "to move: A\n",
     ["A has a suitor already", "opens the next one"]),
    (3, AUCTION.replace("step: auction", "suitors: A=2,1\nstep: auction")
     + "to move: C\nauction: 1,3\nbid: B 2\npassed: A\nopener: B\n",
     ["A already has a suitor, so takes no part"]),
    (4, BASE + "auction: 2,1\n", ["auction: only during the auctions"]),
    (4, BASE + "round: 0\n", ["round:", "auctions are round 0"]),
    (4, BASE + "this turn: scrapped lucky\n", ["'lucky' is not one of"]),
    (4, BASE + "this turn: virtual\n", ["virtual needs supply 0"]),
    (4, BASE + "this turn: took-all\n", ["took-all ends the card step"]),
    (3, AUCTION + "to move: C\nthis turn: scrapped\n", ["no turn is under way"]),
    (4, BASE + "step: over\nto move: C\n", ["nobody moves in a finished game"]),
    (4, BASE + "step: over\nlast turn: C\n", ["step over needs end"]),
    (4, BASE + "step: over\nend: sixth_connection\n", ["needs last turn"]),
    (4, BASE + "step: over\nend: sixth_connection\nlast turn: C\n",
     ["final round with 0 turns left"]),
    (4, BASE + "step: over\nend: blocks_exhausted\nlast turn: C\n", ["this turn: virtual"]),
    (4, BASE + "step: over\nend: stall_guard\nlast turn: C\n", ["idle turns of at least 40"]),
    (4, BASE + "step: over\nend: round_cap\nlast turn: C\nfinal round: C 0\n",
     ["turns of at least 1200"]),
    (4, BASE + "step: over\nend: sixth_connection\nlast turn: C\nfinal round: C 0\n"
     "winner: A\n", ["winner:", "make D the winner"]),
    (4, BASE + "winner: A\n", ["winner: only in a finished game"]),
    (4, BASE + "routes: C=1,1/SE-S*|0,2/NE-C\n", ["follows a virtual segment"]),
]


@pytest.mark.parametrize(("players", "text", "words"), REFUSALS)
def test_a_position_text_play_cannot_reach_is_refused_saying_why(
    players: int, text: str, words: list[str]
) -> None:
    refused(sp(players), text, *words)


def test_a_finished_text_names_the_winner_by_the_tie_break() -> None:
    game = sp()
    over = game.position_from_text(
        BASE + "step: over\nend: sixth_connection\nlast turn: C\nfinal round: C 0\n")
    # nobody has a marker: all tie at 0, and P68 checks from the player after C (D) on
    assert over.winner == D and over.current is None and over.step == Step.OVER
