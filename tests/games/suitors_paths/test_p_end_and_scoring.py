"""End, scoring and safeguard rules P63-P69 and S1-S3 of Suitors' Paths that
test_geometry.py, test_rules.py and test_worked_examples.py leave out.

Already covered there: P69 (test_geometry.py), S1 (test_s1_stall_guard_…, test_s1_round_cap),
E28-E30. Turn order on the example board is C D B A, so in a final round triggered by D the
others play B, A, C and C takes the last turn.
"""

from __future__ import annotations

import random

from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import A, B, C, D, act, example, legal, sp, stack_on


def play_turn(game: SpGame, state: SpState) -> SpState:
    """Return the state after the current player ends the build step and takes the first
    legal choice at every later step of the turn."""
    seat = state.current
    state = act(game, state, "end")
    while state.current == seat:
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def test_p63_later_sixth_connections_change_nothing_in_the_final_round() -> None:
    game = sp()
    state = example(game, "girls: 2,0=DB 4,0=DB 5,1=DB 4,3=DB 2,4 0,4=DB 0,2=D\n"
                          "final round: D 3\nhands: B=MG\nto move: B\n")
    state = act(game, state, "build 2,3/SW-S M", "build 2,4/NW-C G")  # B's sixth connection
    assert stack_on(game, state, "2,4") == (B,)
    assert game.observation(state, None)["final_round"] == {"trigger": D, "turns_left": 2}
    assert state.current == A  # no girl is route-less and no cards: B's turn is over
    assert not any(e["kind"] == "final_round" for e in game.observation(state, None)["log"])
    state = play_turn(game, state)
    assert state.current == C
    state = play_turn(game, state)
    assert game.is_terminal(state) and state.end_reason == "sixth_connection"
    assert state.last_turn == C  # the player just before the trigger D


def test_p64_block_exhaustion_ends_the_game_even_inside_the_final_round() -> None:
    game = sp()
    state = example(game, "girls: 2,0=D 4,0=D 5,1=D 4,3=D 2,4 0,4=D 0,2=D\nsupply: 1\n"
                          "final round: D 3\nhands: B=GG\nto move: B\n")
    state = act(game, state, "build 2,3/SW-C G")
    assert state.supply == 0 and "build 2,3/C-S G" in legal(game, state)  # virtual from here
    state = act(game, state, "end")
    assert game.is_terminal(state) and state.end_reason == "blocks_exhausted"
    assert state.last_turn == B  # A and C take no turn
    kinds = [e["kind"] for e in game.observation(state, None)["log"]]
    assert kinds[-3:] == ["build", "end_build", "game_end"]  # no girl move, no cards
    assert stack_on(game, state, "2,4") == ()  # the girl never moved
    assert game.scores(state) == (0, 0, 0, 6 * 2)  # the unfinished route scores nothing


def test_p65_no_other_end_the_girls_never_all_fill() -> None:
    for players, options in ((2, {}), (3, {}), (4, {}), (5, {}), (5, {"five_player_girls": 8})):
        game = sp(players, **options)
        assert 4 * game.settings.girls > 6 * players  # room for every marker of every player
    game = sp(stall_guard_rounds=None)
    state = example(game, "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n")
    for _ in range(60):  # 15 rounds without a block: no rule ends the game
        state = play_turn(game, state)
    assert not game.is_terminal(state) and state.round == 16


def test_p66_each_marker_one_point_plus_not_bottom_plus_top() -> None:
    game = sp()
    state = example(game, "girls: 2,0=D 4,0=AA 5,1=BAA 4,3=ABAB 2,4=CD 0,4 0,2\n")
    # A: (2+0+1) + (2+1+1) + (2+0+0); B: 1 + (2+1+1); C: 1; D: (1+0+1) + (1+1+1)
    assert game.scores(state) == (9, 5, 1, 5)
    assert game.observation(state, None)["scores"] == [9, 5, 1, 5]


def test_p67_routes_blocks_and_cards_score_nothing() -> None:
    game = sp()
    girls = "girls: 2,0=A 4,0=CB 5,1 4,3 2,4 0,4 0,2=D\n"
    bare = example(game, girls)
    busy = example(game, girls + "routes: A=2,3/NE-C|2,3/C-NW B=2,3/SW-S|2,3/S-SE\n"
                                 "hands: A=GGGGGGGGGG B=YYYYYYYYYY C=M\nsupply: 40\n")
    assert game.scores(busy) == game.scores(bare) == (2, 3, 1, 2)


def test_p68_the_tie_break_checks_from_the_player_after_the_last_turn() -> None:
    game = sp()
    for girls, winner in (("2,0=B 4,0=A", B),  # B comes before A after L = C
                          ("2,0=C 4,0=A", A)):  # L = C is checked last
        state = example(game, f"girls: {girls} 5,1 4,3 2,4 0,4 0,2\nfinal round: D 1\n"
                              "to move: C\n")
        state = play_turn(game, state)
        assert game.is_terminal(state) and state.last_turn == C
        observation = game.observation(state, None)
        assert observation["tie_order"] == [D, B, A, C]
        assert observation["winners"] == [winner]
        assert game.returns(state) == tuple(1.0 if s == winner else 0.0 for s in range(4))
        assert observation["log"][-1]["winner"] == winner


def test_s2_one_seeded_rng_makes_every_game_reproducible() -> None:
    first, second = sp(3), sp(3)
    for seed in (0, 11):
        one, two = first.initial_state(seed), second.initial_state(seed)
        assert first.to_json(one) == second.to_json(two)
        rng_one, rng_two = random.Random(seed), random.Random(seed)
        while not first.is_terminal(one):
            one = first.apply(one, rng_one.choice(first.legal_actions(one)))
            two = second.apply(two, rng_two.choice(second.legal_actions(two)))
        assert first.to_json(one) == second.to_json(two)
    deals = {tuple(first.initial_state(seed).hands) for seed in range(10)}
    assert len(deals) == 10
    # a reshuffle draws on the seed too: the same seed gives the same new deck
    game = sp()
    text = ("display: GYRKBM\ndeck: G\ndiscards: GGGGGGGGGGYYYY\nstep: cards\n"
            "hands: A=RRRRRRRRRY B=KKKKKKKYYY C=BBBBBBBYM D=MMMMMMMMMM\nto move: C\n")
    decks = {seed: act(game, example(game, text + f"seed: {seed}\n"), "take deck",
                       "take deck").deck for seed in (5, 5, 6, 7, 8)}
    assert decks[5] == act(game, example(game, text + "seed: 5\n"), "take deck",
                           "take deck").deck
    assert len(set(decks.values())) > 1


def test_s3_an_observation_cannot_tell_unseen_cards_or_deck_order() -> None:
    game = sp()
    common = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\ndisplay: GYMGKB\nknown: A=G\nto move: C\n"
    one = example(game, common + "hands: A=GYRK B=YYBB C=GG D=MMK\ndeck: RRY ...\n")
    two = example(game, common + "hands: A=GBBM C=GG D=RRR B=KKKK\ndeck: YMM ...\n")
    assert one.hands != two.hands and one.deck != two.deck
    for seat in (C, None):
        assert game.observation(one, seat) == game.observation(two, seat)
    assert game.observation(one, A) != game.observation(two, A)
    observation = game.observation(one, C)
    assert observation["hand"] == "GG" and observation["deck_size"] == len(one.deck)
    assert observation["known_cards"][A] == "G" and observation["unseen_counts"] == [3, 4, 2, 3]
    assert "deck" not in observation
    assert observation["step"] == "build" and one.step == Step.BUILD
