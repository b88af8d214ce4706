"""Which Elfenland actions may be taken back (issue 10; docs/rules/elfenland.md, section 8)."""

from __future__ import annotations

from ludoteca.games.elfenland import ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.state import Phase
from tests.games.elfenland.helpers import elfenland, make_state, play


def undoable(game: ElfenlandGame, state: ElfenlandState, text: str) -> bool:
    """Return the engine's answer for the action written `text`."""
    return game.undoable(state, game.action_from_text(state, text))


def test_a_journey_step_is_undoable() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=0, counters={2: "P"}, hands={0: "PP"})
    assert undoable(game, state, "move 2 P")


def test_ending_the_journey_within_the_round_is_undoable() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=1, start=1, counters={2: "P"},
                       hands={1: "PP"})
    assert undoable(game, play(game, state, "move 2 P"), "end")


def test_the_last_end_of_a_round_is_not_undoable_it_deals_the_next_round() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=2, boots={0: "Beata", 1: "Yttar"},
                       counters={2: "P"}, hands={2: "P"})
    state = play(game, state, "move 2 P")
    assert not undoable(game, state, "end")


def test_drawing_or_taking_a_counter_is_not_undoable() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, supply_top="EDU")
    assert not undoable(game, state, "draw")
    assert not undoable(game, state, "take 1")


def test_an_open_counter_placed_is_undoable_a_secret_one_turned_face_up_is_not() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.PLACEMENT, current=0, open_counters={0: "P"},
                       secret_counters={0: "D"})
    assert undoable(game, state, "place P 2")
    assert not undoable(game, state, "place D? 2")
    assert undoable(game, state, "pass")


def test_keeping_cards_is_not_undoable_it_shows_the_cards_not_kept() -> None:
    game = elfenland(3, hand_limit_timing="after_move")
    state = make_state(game, phase=Phase.MOVEMENT, current=0, discarding=True,
                       hands={0: "PPEECC"})
    assert not undoable(game, state, "keep-cards PPEE")
