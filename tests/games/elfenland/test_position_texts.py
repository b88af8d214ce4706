"""Position texts say every reachable state: finished games, the hidden piles in their order,
the kinds of secret counters set aside, the reshuffle count and the passes play leaves; texts
that are inconsistent are refused with the reason."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ludoteca.bots import make_bot
from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.errors import StateFormatError
from ludoteca.games.elfenland import ElfenlandGame
from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import ElfenlandState, GameEndEvent, Phase
from tests.games.elfenland.helpers import all_towns_but, elfenland, play


def same_position(game: ElfenlandGame, state: ElfenlandState) -> ElfenlandState:
    """Assert the text of `state` reads back as `state` (its log aside: a text has no history)
    and is written again the same; return the state read."""
    text = game.position_to_text(state)
    again = game.position_from_text(text)
    assert replace(again, log=state.log) == state, text
    assert game.position_to_text(again) == text
    assert game.legal_actions(again) == game.legal_actions(state)
    return again


def game_states(game: ElfenlandGame, seed: int, bot: str) -> list[ElfenlandState]:
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
    ("players", "options", "bots"),
    [(2, {}, ("random", "heuristic")), (3, {}, ("random", "heuristic")),
     (6, {}, ("random", "heuristic")),
     (2, {"hand_limit_timing": "after_move", "rounds": 3}, ("random", "heuristic")),
     (4, {"caravan": "any", "start_seat": 2}, ("random",)),
     (5, {"hand_limit_timing": "after_move"}, ("random",))],
)
def test_position_text_round_trips_every_reachable_state(
    players: int, options: dict[str, Any], bots: tuple[str, ...]
) -> None:
    game = elfenland(players, **options)
    phases: set[Phase] = set()
    for seed, bot in enumerate(bots, start=players):
        states = game_states(game, seed, bot)
        for state in states:
            same_position(game, state)
            phases.add(state.phase)
        assert states[-1].phase == Phase.OVER
    assert {Phase.OPEN_PICKS, Phase.PLACEMENT, Phase.MOVEMENT, Phase.OVER} <= phases


def test_a_finished_game_is_phase_over_with_nobody_to_move() -> None:
    game = elfenland(3)
    towns = ",".join(all_towns_but(game))
    final = play(game, game.position_from_text(f"phase: 5\nto move: 2\nvisited: 0={towns}\n"
                                               "hands: 1=PP"), "end")
    text = game.position_to_text(final)
    assert "phase: over" in text and "to move" not in text
    again = same_position(game, final)
    assert again.ranks == (1, 2, 3) and game.returns(again) == (1.0, 0.0, 0.0)
    assert isinstance(again.log[-1][-1], GameEndEvent)
    assert game.observation(again, None)["end_reason"] == "all_towns"
    assert game.from_json(game.to_json(again)) == again


def test_a_game_over_after_the_last_round() -> None:
    game = elfenland(2, rounds=3)
    state = game.position_from_text("round: 3\nphase: over\nhands: 1=D")
    assert state.current is None and state.ranks == (2, 1)  # ties go to the larger hand (E42)
    assert game.observation(state, None)["end_reason"] == "last_round"


def test_secret_counters_set_aside_keep_their_kinds() -> None:
    game = elfenland(3)
    text = ("round: 2\nphase: 6\nstart: 1\nto move: 1\nhands: 1=PUUDRR\n"
            "set aside: PD?T?")
    state = game.position_from_text(text)
    assert state.set_aside_secret == (LETTERS.index("D"), LETTERS.index("T"))
    assert "set aside: PD?T?" in game.position_to_text(state)
    drawn = game.position_from_text(text.replace("D?T?", "??"))
    assert len(drawn.set_aside_secret) == 2  # kinds to draw: taken from the counters left


def test_passes_outside_phase_four_are_what_play_leaves() -> None:
    game = elfenland(3)
    assert game.position_from_text("phase: 3\nto move: 0").passes == 0
    assert game.position_from_text("round: 2\nphase: 3\nto move: 1").passes == 3
    assert game.position_from_text("phase: 5\nto move: 0").passes == 3
    assert game.position_from_text("phase: 4\nto move: 0\npasses: 2").passes == 2


def test_reshuffles_says_which_shuffle_comes_next() -> None:
    game = elfenland(2)
    state = game.position_from_text("phase: 5\nto move: 1\ndraw pile: -\nreshuffles: 3\n"
                                    "seed: 9")
    assert state.reshuffles == 3 and state.draw_pile == ()
    after = play(game, state, "end")  # round 2's phase 1 deals 8 cards a seat, reshuffled
    pile = shuffled([kind for kind, count in enumerate(state.discards) for _ in range(count)],
                    event_rng(9, "cards", 3))
    assert after.round == 2 and after.reshuffles == 4 and after.draw_pile == tuple(pile[16:])
    assert "reshuffles: 4" in game.position_to_text(after)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("round: 4\nphase: over\nto move: 0", "nobody to move"),
        ("phase: 5", "needs to move"),
        ("round: 2\nphase: over", "phase: over in round 2 has neither"),
        ("phase: finished\nto move: 0", "phase must be a number"),
        ("phase: 0\nto move: 0", "phase must be 3, 4, 5, 6 or over, not 0"),
        ("round: 2\nphase: 6\nto move: 1\nhands: 1=PUUDRR\nset aside: P!", "set aside lists"),
        ("round: 2\nphase: 6\nto move: 1\nhands: 1=PUUDRR\nset aside: " + "D?" * 9,
         "too many D counters set aside"),
        ("phase: 5\nto move: 0\nsupply top: X", "supply top: 'X' is not a counter"),
        ("phase: 5\nto move: 0\nreshuffles: -1", "reshuffles must be a number"),
    ],
)
def test_inconsistent_texts_are_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(StateFormatError, match=reason):
        elfenland(3).position_from_text(text)
