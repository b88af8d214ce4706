"""Which Suitors' Paths actions may be taken back (the engine's `undoable`, issue 10), and that
taking one back is sound: it showed nobody anything hidden, and the state before is the state
the actions before it lead to.

The rule (the module `ludoteca.games.suitors_paths.undo`): `build`, `scrap`, `end`, `girl` and
a card step's first `take <slot>` may be taken back, unless what follows them ends the game or
draws a card; `take deck`, `take all`, a second take, `discard` and the auction's actions never.
"""

from __future__ import annotations

import random

import pytest

from ludoteca.games.suitors_paths import SpGame, SpState
from ludoteca.games.suitors_paths.actions import (
    BuildSegment,
    EndBuild,
    MoveGirl,
    ScrapRoute,
    SpAction,
    TakeDeck,
    TakeDisplay,
)
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import act, example, legal, sp

GIRLS = "girls: 2,0 4,0 5,1 4,3 2,4 0,4 0,2\n"
BUILDING = GIRLS + "routes: C=1,1/SE-S\nhands: C=YYYY\nto move: C\n"
"""Seat C (engine seat 2) builds on from its unfinished route's head at 1,1/S."""
TAKE_BACK = (BuildSegment, ScrapRoute, EndBuild, MoveGirl)


def undoable(game: SpGame, state: SpState, text: str) -> bool:
    """Return the engine's answer for the action written `text`."""
    return game.undoable(state, game.action_from_text(state, text))


def answers(game: SpGame, state: SpState) -> dict[str, bool]:
    """Return the engine's answer for every legal action, by its text."""
    return {text: undoable(game, state, text) for text in sorted(legal(game, state))}


# -- by kind, in example positions --------------------------------------------------------------

def test_every_segment_scrap_and_end_are_undoable_blocks_and_paid_cards_are_public() -> None:
    game = sp()
    state = example(game, BUILDING)
    assert answers(game, state) == {
        "build 0,2/NE-C YY": True, "build 0,2/NE-SE YY": True, "build 1,1/S-SW YY": True,
        "build 1,2/NW-C Y": True, "end": True, "scrap": True}


def test_a_connection_is_undoable_the_girl_step_follows_in_the_same_turn() -> None:
    game = sp()
    state = example(game, BUILDING)
    assert undoable(game, state, "build 0,2/NE-C YY")
    after = act(game, state, "build 0,2/NE-C YY")
    assert after.current == state.current and after.step == Step.GIRL


def test_a_girl_move_is_undoable_girls_are_public() -> None:
    game = sp()
    state = act(game, example(game, BUILDING), "end")
    assert state.step == Step.GIRL
    moves = answers(game, state)
    assert moves and all(moves.values())
    assert all(text.startswith("girl ") for text in moves)


def test_the_first_take_from_the_display_is_undoable_the_rest_of_the_card_step_is_not() -> None:
    game = sp()
    state = example(game, "display: GYMGKB\ndeck: RYB ...\nstep: cards\nto move: C\n")
    assert answers(game, state) == {
        **{f"take {slot}": True for slot in range(1, 7)},
        "take deck": False, **{f"take all {c}": False for c in "GYKBM"}}
    second = act(game, state, "take 1")
    assert second.current == state.current and second.taken == 1
    assert not any(answers(game, second).values())


def test_a_take_that_ends_the_card_step_with_nothing_to_refill_is_undoable() -> None:
    # The display's last card, no deck and no discard pile: nothing is drawn. The turn passes,
    # so the server refuses the undo ("your turn is over"); the engine's answer is about
    # hidden information only.
    game = sp()
    state = example(game, "display: G_____\ndeck:\ndiscards:\nstep: cards\nto move: C\n"
                          "hands: A=GGGGGGGGGGGYYYYYYYYYY B=RRRRRRRRRRKKKKKKKK "
                          "D=BBBBBBBBMMMMMMMMMMMM\n")
    assert answers(game, state) == {"take 1": True, "take all G": False}
    assert act(game, state, "take 1").current != state.current


def test_the_discard_down_to_ten_is_not_undoable_the_refill_follows() -> None:
    game = sp()
    state = example(game, "hands: C=GGGGGGYYYYY\ndisplay: GYMGKB\nstep: cards\ntaken: 1\n"
                          "to move: C\n")
    state = act(game, state, "take 2")
    assert state.step == Step.DISCARD
    assert answers(game, state) and not any(answers(game, state).values())


def test_no_action_of_the_auctions_is_undoable_a_bid_is_answered_at_once() -> None:
    game = sp()
    state = game.position_from_text(
        "step: auction\nto move: A\nhands: A=GGGGGG B=YYYYYY C=RRRRRR D=KKKKKK\n")
    assert not any(answers(game, state).values())
    bidding = act(game, state, "open 2,1 1")
    assert set(legal(game, bidding)) == {"raise 2", "raise 3", "raise 4", "raise 5", "raise 6",
                                         "pass"}
    assert not any(answers(game, bidding).values())
    paying = act(game, bidding, "pass", "pass", "pass")
    assert paying.step == Step.PAY
    assert not any(answers(game, paying).values())


def test_the_end_of_a_build_step_that_ends_the_game_is_not_undoable() -> None:
    # P64: the last block placed, the build step's end ends the game.
    game = sp()
    state = example(game, GIRLS + "supply: 1\nhands: C=YYYY\nto move: C\n")
    last_block = act(game, state, "build 1,1/SE-S Y")
    assert last_block.supply == 0 and undoable(game, state, "build 1,1/SE-S Y")
    assert not undoable(game, last_block, "end")
    assert act(game, last_block, "end").current is None


def test_the_last_turn_of_the_final_round_is_not_undoable() -> None:
    # P56, P63: in the final round the card step is skipped, so the girl move ends the turn,
    # and with no turn left, the game.
    game = sp()
    state = example(game, GIRLS + "final round: D 1\nstep: girl\nto move: C\n")
    moves = answers(game, state)
    assert moves and not any(moves.values())
    assert act(game, state, next(iter(moves))).current is None
    more = example(game, GIRLS + "final round: D 2\nstep: girl\nto move: C\n")
    assert all(answers(game, more).values())


# -- over whole games ----------------------------------------------------------------------------

GAMES = (sp(2), sp(3, boundary_side_cost="adjacent"), sp(5, five_player_girls=8))


def history(game: SpGame, seed: int) -> tuple[list[SpState], list[str]]:
    """Return the states and action texts of a seeded random game (states[k] before texts[k])."""
    rng = random.Random(seed)
    states = [game.initial_state(seed)]
    texts = []
    while not game.is_terminal(states[-1]):
        state = states[-1]
        action = rng.choice(game.legal_actions(state))
        texts.append(game.action_to_text(state, action))
        states.append(game.apply(state, action))
    return states, texts


def expected(game: SpGame, state: SpState, action: SpAction) -> bool:
    """Return the module's rule for `action`, read from the kind and the state after it."""
    first_take = isinstance(action, TakeDisplay) and state.taken == 0
    kind_ok = first_take or isinstance(action, TAKE_BACK)
    after = game.apply(state, action)
    return kind_ok and after.current is not None and after.deck == state.deck


@pytest.mark.parametrize("game", GAMES, ids=lambda game: f"{game.num_players}p")
def test_undoable_follows_the_kind_of_action_and_what_follows_it(game: SpGame) -> None:
    states, _ = history(game, 12)
    kinds: set[str] = set()
    for state in states[::3]:
        for action in game.legal_actions(state):
            answer = game.undoable(state, action)
            assert answer == expected(game, state, action), game.action_to_text(state, action)
            if answer:
                kinds.add(type(action).__name__)
    assert kinds == {"BuildSegment", "ScrapRoute", "EndBuild", "MoveGirl", "TakeDisplay"}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: f"{game.num_players}p")
def test_an_undoable_action_shows_nobody_anything_hidden(game: SpGame) -> None:
    # In a state a seat cannot tell apart (hidden cards and future chance redrawn), the same
    # action leads to the same view for that seat: trying it and taking it back teaches nothing.
    states, _ = history(game, 21)
    rng = random.Random(5)
    checked = 0
    revealing = 0
    for state in rng.sample(states[:-1], 60):
        actor = game.current_player(state)
        actions = game.legal_actions(state)
        undoables = [action for action in actions if game.undoable(state, action)]
        tried = rng.sample(undoables, min(1, len(undoables)))
        tried += [action for action in actions if isinstance(action, TakeDeck)]
        for action in tried:
            after = game.apply(state, action)
            for seat in (actor, None, rng.randrange(game.num_players)):
                twin = game.resample(state, seat, rng)
                if seat != actor and action not in game.legal_actions(twin):
                    continue  # the redrawn hand of the actor lacks a card it pays
                same = game.observation(game.apply(twin, action), seat) \
                    == game.observation(after, seat)
                if action in undoables:
                    assert same, (game.action_to_text(state, action), seat)
                    checked += 1
                elif seat == actor:
                    revealing += not same
    assert checked > 60
    assert revealing > 0  # a deck draw shows its drawer a hidden card: the check can fail


@pytest.mark.parametrize("game", GAMES, ids=lambda game: f"{game.num_players}p")
def test_taking_back_returns_to_the_state_the_earlier_actions_lead_to(game: SpGame) -> None:
    # The server takes an action back by keeping the state before it (and, after a restart,
    # by replaying the stored actions): both must be the same state, and untouched.
    states, texts = history(game, 33)
    undone = [k for k, text in enumerate(texts)
              if game.undoable(states[k], game.action_from_text(states[k], text))]
    assert len(undone) > 20
    for k in random.Random(3).sample(undone, 4):
        before = game.to_json(states[k])
        replayed = game.initial_state(states[0].seed)
        for text in texts[:k]:
            replayed = game.apply(replayed, game.action_from_text(replayed, text))
        assert replayed == states[k] and game.to_json(replayed) == before
        again = game.apply(states[k], game.action_from_text(states[k], texts[k]))
        assert again == states[k + 1] and game.to_json(states[k]) == before
        assert game.legal_actions(replayed) == game.legal_actions(states[k])
