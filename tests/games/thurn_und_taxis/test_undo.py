"""Which Thurn und Taxis actions may be taken back (issue 10; docs/rules/thurn_und_taxis.md §8).

A card laid on the route can be taken back, a draw cannot.
"""

from __future__ import annotations

from ludoteca.games.thurn_und_taxis import TntGame, TntState
from tests.games.thurn_und_taxis.helpers import act, legal, position, tnt

PLAYING = "to move: 0\npoint: play\nhands: 0=ING,LOD\nroutes: 0=AUG-MUE"
CLOSING = "to move: 0\npoint: after_play\nroutes: 0=AUG-MUE-ING"


def undoable(game: TntGame, state: TntState, text: str) -> bool:
    """Return the engine's answer for the action written `text`."""
    return game.undoable(state, game.action_from_text(state, text))


def answers(game: TntGame, state: TntState) -> dict[str, bool]:
    """Return the engine's answer for every legal action, by its text."""
    return {text: undoable(game, state, text) for text in sorted(legal(game, state))}


def test_taking_a_card_from_the_display_is_not_undoable_the_refill_shows_the_deck() -> None:
    game = tnt()
    state = game.initial_state(1)
    assert answers(game, state) == dict.fromkeys(
        ["T1:STU", "T2:STU", "T3:SAL", "T4:REG", "T5:BUD", "T6:NUE"], False)


def test_a_blind_draw_is_not_undoable() -> None:
    game = tnt(blind_draw=True)
    state = game.initial_state(1)
    assert not undoable(game, state, "TD")


def test_the_administrator_is_not_undoable_the_display_is_dealt_anew() -> None:
    game = tnt()
    state = position(game, "to move: 0\nhands: 0=ULM")
    assert "AD" in legal(game, state)
    assert not undoable(game, state, "AD")


def test_the_postmaster_is_undoable_it_only_opens_a_second_take() -> None:
    game = tnt()
    state = act(game, position(game, "to move: 0\nhands: 0=ULM"), "T1")
    assert undoable(game, state, "PM")


def test_a_card_laid_on_the_route_is_undoable_at_either_end_or_as_a_new_route() -> None:
    game = tnt()
    state = position(game, PLAYING)
    assert answers(game, state) == {"+ING": True, "/ING": True, "/LOD": True, "ING+": True}
    started = position(game, "to move: 0\npoint: play\nhands: 0=ING,LOD")
    assert undoable(game, started, "*ING")


def test_a_play_is_not_undoable_while_the_hand_holds_a_card_the_others_have_not_seen() -> None:
    game = tnt(blind_draw=True)
    seen = position(game, PLAYING)
    assert undoable(game, seen, "+ING")
    unseen = position(game, PLAYING + "\nblind: 0=LOD")
    assert not undoable(game, unseen, "+ING") and not undoable(game, unseen, "/LOD")


def test_the_postal_carrier_and_the_cartwright_are_undoable() -> None:
    game = tnt()
    state = act(game, position(game, "to move: 0\npoint: play\nhands: 0=ING,NUE\n"
                                     "routes: 0=AUG-MUE\ncarriages: 0=3"), "+ING")
    assert {"PC", "CW"} <= legal(game, state)
    assert undoable(game, state, "PC") and undoable(game, state, "CW")


def test_a_close_is_undoable_houses_tiles_and_carriage_show_nothing_hidden() -> None:
    game = tnt()
    state = position(game, CLOSING)
    assert answers(game, state) == {".": True, "C*[AUG]": True, "C*[ING]": True,
                                    "C*[MUE]": True, "C=BAI[AUG,MUE,ING]": True}
    with_discard = position(game, CLOSING + "\nhands: 0=LOD,PIL,BUD,LIN,SAL")
    assert undoable(game, with_discard, "C*[AUG]")


def test_the_hand_limit_discard_is_not_undoable() -> None:
    game = tnt()
    state = act(game, position(game, CLOSING + "\nhands: 0=LOD,PIL,BUD,LIN,SAL"), "C*[AUG]")
    assert not undoable(game, state, "X[BUD,LIN]")


def test_nothing_that_ends_the_game_is_undoable() -> None:
    game = tnt()
    last_turn = position(game, "to move: 1\nround: 5\npoint: after_play\nroutes: 1=AUG-MUE-ING\n"
                               "game end: 0\ncarriages: 0=7")
    assert not any(answers(game, last_turn).values())


def test_nothing_is_undoable_whose_next_turn_refill_reshuffles_the_discard_pile() -> None:
    game = tnt()
    state = position(game, CLOSING + "\ndisplay: [STU ULM MUE ZUE _ AUG]\ndeck: ")
    assert len(state.deck) == 0 and any(state.discards)
    assert not any(answers(game, state).values())
