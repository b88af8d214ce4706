"""Rules E33–E42 of the Elfenland specification: the end of a round, the game's end, ranking."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import (
    NONE,
    ClearEvent,
    GameEndEvent,
    KeepCardsEvent,
    KeepCounterEvent,
    Phase,
    RefillEvent,
    RoundEvent,
    SecretDrawEvent,
)
from tests.games.elfenland.helpers import (
    all_towns_but,
    assert_illegal,
    display_text,
    elfenland,
    events_of,
    hand,
    held,
    legal_texts,
    make_state,
    play,
    random_game,
    vec,
)


def last_mover(game, *, start: int = 0, round: int = 1, **kwargs):
    """Return a phase-5 state whose last mover (the seat before the start player) is to act."""
    current = (start - 1) % game.num_players
    return make_state(
        game, phase=Phase.MOVEMENT, current=current, start=start, round=round, **kwargs
    )


def kept_sets(cards: str) -> set[str]:
    return {"keep-cards " + "".join(sorted(c, key=LETTERS.index))
            for c in combinations(cards, 4)}


# -- E33 ------------------------------------------------------------------------------------------


def test_e33_twenty_pieces_end_the_game_before_any_reduction() -> None:
    game = elfenland(3)
    state = last_mover(
        game, round=2, visited={1: all_towns_but(game)},
        hands={0: "PPPPPP", 1: "EEEEE", 2: "RRRRRRR"},
        open_counters={0: "PE", 2: "C"}, secret_counters={0: "T", 1: "U"},
        counters={21: "D"},
    )
    after = play(game, state, "end")
    assert after.phase == Phase.OVER and after.current is None
    assert [hand(after, s) for s in range(3)] == ["PPPPPP", "EEEEE", "RRRRRRR"]
    assert held(after, 0) == ("PE", "T")
    assert after.round == 2
    assert events_of(after, KeepCardsEvent) == []
    assert events_of(after, ClearEvent) == []
    assert events_of(after, GameEndEvent) == [GameEndEvent((0, 20, 0), (6, 5, 7), (3, 1, 2))]
    assert LETTERS[after.road_counter[21]] == "D"


def test_e33_nineteen_pieces_do_not_end_the_game() -> None:
    game = elfenland(3)
    state = last_mover(game, round=2, visited={1: all_towns_but(game, "Yttar")})
    after = play(game, state, "end")
    assert after.phase == Phase.OPEN_PICKS and after.round == 3


# -- E34 ------------------------------------------------------------------------------------------


def test_e34_the_last_round_ends_the_game_without_reductions() -> None:
    game = elfenland(3)
    state = last_mover(game, round=4, hands={0: "PPPPPPP", 1: "EEEEE"},
                       open_counters={0: "PE"}, secret_counters={1: "T", 2: "UD"})
    after = play(game, state, "end")
    assert after.phase == Phase.OVER
    assert [hand(after, s) for s in range(3)] == ["PPPPPPP", "EEEEE", ""]
    assert held(after, 2) == ("", "UD")
    assert events_of(after, KeepCardsEvent) == []
    assert isinstance(after.events()[-1], GameEndEvent)


def test_e34_an_earlier_round_goes_on_to_the_next() -> None:
    game = elfenland(3)
    state = last_mover(game, round=3)
    after = play(game, state, "end")
    assert after.round == 4 and after.phase == Phase.OPEN_PICKS


def test_e34_option_three_rounds_ends_after_round_three() -> None:
    game = elfenland(3, rounds=3)
    state = last_mover(game, round=3, hands={0: "PPPPPP"})
    after = play(game, state, "end")
    assert after.phase == Phase.OVER
    assert hand(after, 0) == "PPPPPP"


# -- E35 ------------------------------------------------------------------------------------------


def test_e35_a_hand_over_four_keeps_any_four_and_discards_the_rest_face_up() -> None:
    game = elfenland(3)
    state = last_mover(game, hands={1: "PEUUDR"}, discards="TT")
    state = play(game, state, "end")
    assert state.phase == Phase.ROUND_END and state.current == 1
    assert legal_texts(game, state) == kept_sets("PEUUDR")
    assert len(legal_texts(game, state)) == 11
    after = play(game, state, "keep-cards UUDR")
    assert events_of(after, KeepCardsEvent) == [KeepCardsEvent(1, vec("UUDR"), vec("PE"))]
    # The next round has begun: seat 1 drew 4 cards onto the 4 it kept.
    assert after.round == 2
    refill = next(e for e in events_of(after, RefillEvent) if e.seat == 1)
    assert refill.number == 4
    assert tuple(a - b for a, b in zip(after.hands[1], refill.cards, strict=True)) == vec("UUDR")
    # The draw pile was large enough, so the face-up discard pile is just TT + PE.
    assert after.discards == vec("PETT")


def test_e35_four_cards_or_fewer_are_kept_without_a_choice() -> None:
    game = elfenland(3)
    state = last_mover(game, hands={0: "PPPP", 1: "EEE", 2: ""})
    after = play(game, state, "end")
    assert after.round == 2 and after.phase == Phase.OPEN_PICKS
    assert events_of(after, KeepCardsEvent) == []


def test_e35_kept_cards_are_hidden_from_others_and_discards_are_shown() -> None:
    game = elfenland(3)
    state = play(game, last_mover(game, hands={1: "PEUUDR"}), "end", "keep-cards UUDR")
    for viewer in (0, 2, None):
        entry = next(e for e in game.observation(state, viewer)["log"]
                     if e["kind"] == "keep-cards")
        assert (entry["seat"], entry["kept"], entry["discarded"]) == (1, None, "PE")
        assert "UUDR" not in entry["text"]
    own = next(e for e in game.observation(state, 1)["log"] if e["kind"] == "keep-cards")
    assert (own["kept"], own["text"]) == ("UUDR", "1: keep-cards UUDR")


def test_e35_keep_cards_is_illegal_outside_the_hand_limit() -> None:
    game = elfenland(3)
    state = last_mover(game, hands={2: "PPPPP"})
    assert_illegal(game, state, "keep-cards PPPP")
    state = play(game, state, "end")
    assert_illegal(game, state, "keep-cards PPPE")


# -- E36 ------------------------------------------------------------------------------------------


def test_e36_two_or_more_counters_keep_exactly_one() -> None:
    game = elfenland(3)
    state = last_mover(game, open_counters={0: "PPE"}, secret_counters={0: "ET"})
    state = play(game, state, "end")
    assert state.current == 0
    assert legal_texts(game, state) == {"keep-counter P", "keep-counter E", "keep-counter E?",
                                        "keep-counter T?"}
    after = play(game, state, "keep-counter E?")
    assert held(after, 0)[0] == "" and "E" in held(after, 0)[1]
    event = events_of(after, KeepCounterEvent)[0]
    assert event == KeepCounterEvent(0, LETTERS.index("E"), True, (2, 1, 0, 0, 0, 0), 1)


def test_e36_an_open_counter_kept_stays_open() -> None:
    game = elfenland(3)
    state = play(game, last_mover(game, open_counters={0: "D"}, secret_counters={0: "U"}),
                 "end", "keep-counter D")
    # Round 2 has begun: the kept Dragon is open, plus the new secret counter.
    assert held(state, 0)[0] == "D"
    assert sum(state.secret_counters[0]) == 1


@pytest.mark.parametrize(("open_", "secret"), [("D", ""), ("", "T"), ("", "")])
def test_e36_one_or_no_counter_is_kept_without_a_choice(open_: str, secret: str) -> None:
    game = elfenland(3)
    state = last_mover(game, open_counters={0: open_}, secret_counters={0: secret})
    after = play(game, state, "end")
    assert after.round == 2 and after.phase == Phase.OPEN_PICKS
    assert events_of(after, KeepCounterEvent) == []
    new_secret = next(e for e in events_of(after, SecretDrawEvent) if e.seat == 0)
    expected_secret = Counter(secret + LETTERS[new_secret.counter])
    assert held(after, 0)[0] == open_
    assert Counter(held(after, 0)[1]) == expected_secret


def test_e36_discarded_counters_wait_for_e38() -> None:
    game = elfenland(3)
    state = last_mover(game, open_counters={0: "PE", 1: "CU"}, secret_counters={0: "T"})
    state = play(game, state, "end")
    supply = state.supply
    state = play(game, state, "keep-counter T?")
    assert state.current == 1 and state.phase == Phase.ROUND_END
    assert state.supply == supply
    assert state.set_aside_open == (1, 1, 0, 0, 0, 0)
    assert held(state, 0) == ("", "T")


# -- E37 ------------------------------------------------------------------------------------------


def test_e37_choices_in_turn_order_cards_before_counters_skipping_seats_without_any() -> None:
    game = elfenland(3)
    state = last_mover(
        game, start=1,
        hands={1: "PPEEUU", 2: "RRR", 0: "CCCCC"},
        open_counters={1: "D", 2: "T"}, secret_counters={1: "U"},
    )
    state = play(game, state, "end")
    seen = []
    for text in ("keep-cards PPEE", "keep-counter U?", "keep-cards CCCC"):
        seen.append((state.current, text.split()[0]))
        if text.startswith("keep-cards"):
            assert_illegal(game, state, "keep-counter D")
        state = play(game, state, text)
    assert seen == [(1, "keep-cards"), (1, "keep-counter"), (0, "keep-cards")]
    assert state.round == 2 and state.phase == Phase.OPEN_PICKS
    assert [e.seat for e in events_of(state, KeepCardsEvent)] == [1, 0]
    assert [e.seat for e in events_of(state, KeepCounterEvent)] == [1]


def test_e37_a_choice_with_one_outcome_is_still_an_action() -> None:
    game = elfenland(3)
    state = last_mover(game, hands={0: "RRRRR"}, open_counters={0: "DD"})
    state = play(game, state, "end")
    assert state.phase == Phase.ROUND_END and state.current == 0
    assert legal_texts(game, state) == {"keep-cards RRRR"}
    state = play(game, state, "keep-cards RRRR")
    assert state.phase == Phase.ROUND_END and state.current == 0
    assert legal_texts(game, state) == {"keep-counter D"}
    state = play(game, state, "keep-counter D")
    assert state.round == 2
    assert [type(e).__name__ for e in state.events()
            if isinstance(e, KeepCardsEvent | KeepCounterEvent)] == [
        "KeepCardsEvent", "KeepCounterEvent"]


# -- E38 ------------------------------------------------------------------------------------------


def test_e38_board_and_discarded_counters_return_to_the_supply() -> None:
    game = elfenland(3)
    state = last_mover(
        game, counters={21: "D", 2: "P", 14: "U"}, obstacles={21: 2},
        open_counters={0: "PE", 1: "C"}, secret_counters={0: "T"},
        display="DUPTC",
    )
    state = play(game, state, "end")
    assert state.current == 0
    old_supply = Counter(state.supply)
    state = play(game, state, "keep-counter T?")
    assert state.round == 2
    assert events_of(state, ClearEvent) == [ClearEvent(3 + 2)]
    drawn = Counter(e.counter for e in events_of(state, SecretDrawEvent))
    back = Counter(LETTERS.index(letter) for letter in "DPU" + "PE")
    assert Counter(state.supply) + drawn == old_supply + back
    assert all(kind == NONE for kind in state.road_counter)
    assert all(seat == NONE for seat in state.road_placer)
    assert all(seat == NONE for seat in state.road_obstacle)
    assert display_text(state) == "DUPTC"
    assert state.has_obstacle == (True, True, False)
    assert state.set_aside_open == (0,) * 6 and state.set_aside_secret == ()


def test_e38_counters_are_conserved_over_whole_games() -> None:
    game = elfenland(4)
    for state in random_game(game, 901, pass_chance=0.5):
        again = game.from_json(game.to_json(state))  # from_json checks the 48 counters
        assert again == state


# -- E39 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "start"), [(3, 0), (3, 2), (5, 4)])
def test_e39_the_start_player_passes_to_the_left(players: int, start: int) -> None:
    game = elfenland(players)
    state = last_mover(game, start=start, round=2)
    after = play(game, state, "end")
    following = (start + 1) % players
    assert (after.round, after.start, after.current) == (3, following, following)
    round_three = [e for e in after.events() if isinstance(e, RoundEvent)]
    assert round_three[-1] == RoundEvent(3, following)
    refills = [e for e in after.log[-1] if type(e).__name__ == "RefillEvent"]
    assert [e.seat for e in refills] == [(following + k) % players for k in range(players)]


# -- E40 ------------------------------------------------------------------------------------------


def test_e40_the_score_is_the_number_of_pieces_collected() -> None:
    game = elfenland(3)
    state = last_mover(game, round=4, visited={0: ["Beata", "Yttar"], 1: all_towns_but(game),
                                               2: []})
    assert game.scores(state) == (2, 20, 0)
    after = play(game, state, "end")
    assert game.scores(after) == (2, 20, 0)
    assert game.observation(after, None)["scores"] == [2, 20, 0]


def test_e40_the_game_ends_only_at_a_round_end() -> None:
    game = elfenland(3)
    for seed in (1, 2):
        states = random_game(game, 700 + seed)
        for state in states[:-1]:
            assert not state.is_over
        assert states[-1].is_over
        end = events_of(states[-1], GameEndEvent)
        assert len(end) == 1 and states[-1].events()[-1] == end[0]


# -- E41 ------------------------------------------------------------------------------------------


def test_e41_rank_by_pieces_then_by_cards_in_hand() -> None:
    game = elfenland(4)
    twelve = all_towns_but(game)[:12]
    state = last_mover(
        game, round=4, visited={0: twelve[:10], 1: twelve, 2: twelve, 3: twelve[:11]},
        hands={0: "PPPPPPPP", 1: "EE", 2: "CCC", 3: ""},
    )
    after = play(game, state, "end")
    assert after.ranks == (4, 2, 1, 3)
    assert game.returns(after) == (0.0, 0.0, 1.0, 0.0)
    assert game.observation(after, 0)["winners"] == [2]


# -- E42 ------------------------------------------------------------------------------------------


def test_e42_equal_pieces_and_cards_share_a_rank_and_the_next_is_skipped() -> None:
    game = elfenland(4)
    towns = all_towns_but(game)
    state = last_mover(
        game, round=4, visited={0: towns[:5], 1: towns[:9], 2: towns[:9], 3: towns[:5]},
        hands={0: "PP", 1: "EEE", 2: "CCC", 3: "UU"},
    )
    after = play(game, state, "end")
    assert after.ranks == (3, 1, 1, 3)
    assert game.returns(after) == (0.0, 1.0, 1.0, 0.0)
    assert game.observation(after, None)["winners"] == [1, 2]
