"""Position texts say every reachable state: the pack in its order and finished games (a win
or the draw of K56); texts that are inconsistent are refused with the reason."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ludoteca.bots import make_bot
from ludoteca.core.errors import StateFormatError
from ludoteca.games.keezen import KeezenGame, KeezenState
from ludoteca.games.keezen.state import EndEvent
from tests.games.keezen.helpers import keezen, play

EMPTY4 = "position: 0:s,s,s,s 1:s,s,s,s 2:s,s,s,s 3:s,s,s,s\n"
HOME4 = "position: 0:h0,h1,h2,h3 1:s,s,s,s 2:h0,h1,h2,h3 3:s,s,s,s\n"


def same_position(game: KeezenGame, state: KeezenState) -> KeezenState:
    """Assert the text of `state` reads back as `state` (its log aside: a text has no history)
    and is written again the same; return the state read."""
    text = game.position_to_text(state)
    again = game.position_from_text(text)
    assert replace(again, log=state.log) == state, text
    assert game.position_to_text(again) == text
    assert game.legal_actions(again) == game.legal_actions(state)
    return again


def game_states(game: KeezenGame, seed: int, bot: str) -> list[KeezenState]:
    """Return every state of a seeded game of `bot`s (random or heuristic), the finished last."""
    player = None if bot == "random" else make_bot(bot, game)
    rng = random.Random(seed)
    states = [game.initial_state(seed)]
    while (seat := states[-1].current) is not None:
        state = states[-1]
        legal = game.legal_actions(state)
        action = rng.choice(legal) if player is None else player.choose(game, state, seat, rng)
        states.append(game.apply(state, action))
    return states


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (2, {"two_player_track": 64, "max_deals": 4}), (4, {}),
     (4, {"dealer_rotation": "per_cycle", "max_deals": 5}), (6, {}),
     (6, {"owner_may_swap_from_start": True, "seven_partner_remainder": False})],
)
def test_position_text_round_trips_every_reachable_state(
    players: int, options: dict[str, Any]
) -> None:
    game = keezen(players, **options)
    for seed, bot in ((players, "random"), (players + 1, "heuristic")):
        states = game_states(game, seed, bot)
        for state in states:
            same_position(game, state)
        assert states[-1].current is None


def test_the_pack_is_written_in_its_order() -> None:
    game = keezen(4)
    state = game.initial_state(7)
    text = game.position_to_text(state)
    assert "pack: " in text and game.position_from_text(text).pack == state.pack
    without = "\n".join(line for line in text.splitlines() if not line.startswith("pack"))
    drawn = game.position_from_text(without)
    assert len(drawn.pack) == len(state.pack)  # without the line: drawn from the rest


def test_a_won_game_names_its_winners() -> None:
    game = keezen(4)
    state = game.position_from_text(
        "position: 0:61,h1,h2,h3 1:s,s,s,s 2:h0,h1,h2,h3 3:s,s,s,s\nhands: 0=3,7 1=5\nto move: 0"
    )
    final = play(game, state, "3: 61-h0.0")
    text = game.position_to_text(final)
    assert "winners: 0,2" in text and "to move" not in text
    again = same_position(game, final)
    assert game.returns(again) == (1.0, 0.0, 1.0, 0.0)
    assert again.log[-1][-1] == EndEvent((0, 2))
    assert game.observation(again, None)["end_reason"] == "team_home"
    assert game.from_json(game.to_json(again)) == again


def test_a_drawn_game_is_winners_dash() -> None:
    game = keezen(4, max_deals=1)
    state = game.position_from_text(EMPTY4 + "hands: 0=-\nwinners: -\ndealer: 3\ndeal: 1")
    assert state.current is None and state.winners == ()
    assert game.observation(state, None)["end_reason"] == "max_deals"
    assert "winners: -" in game.position_to_text(state)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (HOME4 + "hands: 1=A\nwinners: 0,2\nto move: 1\ndealer: 0", "nobody to move"),
        (HOME4 + "hands: 1=A\nwinners: 0,2", "needs dealer"),
        (EMPTY4 + "hands: 0=A", "needs to move"),
        (HOME4 + "hands: 1=A\nwinners: 1,3\ndealer: 0", r"winners \[1, 3\], but the position "
         r"shows \[0, 2\]"),
        (EMPTY4 + "hands: 1=A\nwinners: 0,2\ndealer: 0", "shows no team"),
        (HOME4 + "hands: 0=-\nwinners: -\ndealer: 0\ndeal: 1", "team \\[0, 2\\] has every"),
        (EMPTY4 + "hands: 0=-\nwinners: -\ndealer: 0\ndeal: 1", "deal 1000, the deal limit"),
        (EMPTY4 + "hands: 0=A\nto move: 0\npack: A,2", "the pack holds 2 cards, but deal 1 "
         "leaves 32"),
        (EMPTY4 + "hands: 0=A\nto move: 0\npack: " + ",".join(["A"] * 32), "more than 4 cards "
         "of rank A"),
        (EMPTY4 + "hands: 0=A\nto move: 0\npack: Z", "'Z' is not a card rank"),
        (EMPTY4 + "hands: 0=A\nto move: 0\npack:", "write - for an empty pack"),
        (EMPTY4 + "hands: 0=A\nwinners: 5\ndealer: 0", "winners: 5 is not a seat"),
    ],
)
def test_inconsistent_texts_are_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(StateFormatError, match=reason):
        keezen(4).position_from_text(text)
