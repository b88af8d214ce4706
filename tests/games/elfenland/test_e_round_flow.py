"""Rules E8–E13 of the Elfenland specification: the phases, phase 1 (cards) and phase 2."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest

from ludoteca.core.draft import thaw
from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import (
    ActionEvent,
    ClearEvent,
    GameEndEvent,
    KeepCardsEvent,
    KeepCounterEvent,
    Phase,
    PickEvent,
    RefillEvent,
    ReshuffleEvent,
    RoundEvent,
    SecretDrawEvent,
)
from tests.games.elfenland.helpers import (
    elfenland,
    events_of,
    flow_state,
    hand,
    held,
    make_state,
    play,
    random_game,
    vec,
)

PHASE_OF_VERB = {"place": 4, "obstacle": 4, "pass": 4, "move": 5, "end": 5}


def phase_of(event: object) -> int:
    """Return the phase an event of the log belongs to (round_end hand-limit timing)."""
    if isinstance(event, RoundEvent):
        return 0
    if isinstance(event, RefillEvent | ReshuffleEvent):
        return 1
    if isinstance(event, SecretDrawEvent):
        return 2
    if isinstance(event, PickEvent):
        return 3
    if isinstance(event, ActionEvent):
        return PHASE_OF_VERB[event.action.verb]
    if isinstance(event, KeepCardsEvent | KeepCounterEvent | ClearEvent | GameEndEvent):
        return 6
    raise AssertionError(event)


# -- E8 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_e8_every_round_runs_phases_one_to_six_in_order(players: int, seed: int) -> None:
    game = elfenland(players)
    final = random_game(game, seed)[-1]
    events = final.events()
    starts = [i for i, event in enumerate(events) if isinstance(event, RoundEvent)]
    assert starts[0] == 0
    for begin, end in zip(starts, [*starts[1:], len(events)], strict=True):
        one_round = events[begin:end]
        phases = [phase_of(event) for event in one_round]
        assert phases == sorted(phases), "phases never go back within a round"
        assert phases.count(1) >= players and phases.count(2) == players
        assert phases.count(3) == 3 * players
        verbs = [e.action.verb for e in one_round if isinstance(e, ActionEvent)]
        placement = [verb for verb in verbs if PHASE_OF_VERB[verb] == 4]
        assert placement[-players:] == ["pass"] * players
        assert verbs.count("end") == players
        assert isinstance(one_round[-1], ClearEvent | GameEndEvent)
    assert isinstance(events[-1], GameEndEvent)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3)])
def test_e8_each_round_of_the_log_holds_exactly_that_rounds_events(
    players: int, seed: int
) -> None:
    """`state.log` has one tuple per round: it opens with the round's RoundEvent (E39) and
    closes with its E38 clear-up (or the game's end)."""
    game = elfenland(players)
    final = random_game(game, seed)[-1]
    assert len(final.log) == 4
    for number, events in enumerate(final.log, start=1):
        assert events[0] == RoundEvent(number, (number - 1) % players)
        assert isinstance(events[-1], ClearEvent | GameEndEvent)
        assert sum(isinstance(event, RoundEvent) for event in events) == 1


def test_e8_the_last_end_of_a_round_is_logged_in_that_round() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=2)
    state = play(game, state, "end")
    assert state.round == 2
    first, second = state.log
    assert [type(event).__name__ for event in first] == [
        "RoundEvent", "ActionEvent", "ClearEvent",
    ]
    assert first[1].action.verb == "end"
    assert second[0] == RoundEvent(2, 1)


def test_e8_decision_states_are_phases_three_to_six_with_one_acting_seat() -> None:
    game = elfenland(4)
    states = random_game(game, 31)
    seen = set()
    for state in states[:-1]:
        assert state.phase in (Phase.OPEN_PICKS, Phase.PLACEMENT, Phase.MOVEMENT, Phase.ROUND_END)
        assert state.current in range(4)
        assert game.legal_actions(state)
        seen.add(state.phase)
        for seat in range(4):
            acting = game.observation(state, seat)["legal_actions"]
            assert bool(acting) == (seat == state.current)
    assert seen == {Phase.OPEN_PICKS, Phase.PLACEMENT, Phase.MOVEMENT, Phase.ROUND_END}
    assert states[-1].phase == Phase.OVER and states[-1].current is None
    assert game.legal_actions(states[-1]) == ()


def test_e8_state_phases_never_go_back_within_a_round() -> None:
    game = elfenland(3)
    states = random_game(game, 32)
    for before, after in itertools.pairwise(states):
        if after.round == before.round and not after.is_over:
            assert after.phase >= before.phase


@pytest.mark.parametrize(("players", "rounds", "bound"),
                         [(6, 4, 1248), (2, 4, 224), (3, 3, 306), (4, 4, 640)])
def test_e8_length_bound(players: int, rounds: int, bound: int) -> None:
    game = elfenland(players, rounds=rounds)
    assert game.max_game_length == rounds * players * (6 * players + 16) == bound


@pytest.mark.parametrize("players", [2, 4, 6])
def test_e8_random_games_stay_within_the_round_bound(players: int) -> None:
    game = elfenland(players, hand_limit_timing="after_move")
    states = random_game(game, 40 + players)
    per_round = Counter(state.round for state in states[:-1])
    assert max(per_round.values()) <= players * (6 * players + 16)
    assert len(states) - 1 <= game.max_game_length


# -- E9 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_e9_every_player_receives_eight_cards_in_round_one(players: int) -> None:
    game = elfenland(players)
    state = game.initial_state(12)
    assert [sum(h) for h in state.hands] == [8] * players
    assert [e.number for e in events_of(state, RefillEvent)] == [8] * players


def test_e9_later_rounds_draw_eight_minus_hand_size_in_turn_order_each_in_full() -> None:
    game = elfenland(3)
    state = make_state(
        game, phase=Phase.MOVEMENT, current=2, start=0,
        hands={0: "PPEE", 1: "RR", 2: ""},
        draw_pile="DDDDDDUUUUUUUUCCCCTT",
    )
    state = play(game, state, "end")
    assert (state.round, state.start, state.phase, state.current) == (2, 1, Phase.OPEN_PICKS, 1)
    refills = events_of(state, RefillEvent)
    assert refills == [
        RefillEvent(1, 6, vec("DDDDDD")),
        RefillEvent(2, 8, vec("UUUUUUUU")),
        RefillEvent(0, 4, vec("CCCC")),
    ]
    assert hand(state, 0) == "PPEECCCC"
    assert hand(state, 1) == "DDDDDDRR"
    assert hand(state, 2) == "UUUUUUUU"
    assert "".join(LETTERS[k] for k in state.draw_pile) == "TT"


def test_e9_a_player_holding_eight_or_more_draws_nothing() -> None:
    game = elfenland(3)
    state = make_state(
        game, phase=Phase.OPEN_PICKS, current=0, round=2,
        hands={0: "PPPPEEEE", 1: "CCCCUUUUT", 2: "R"},
        draw_pile="DDDDDDDTT",
    )
    after = flow_state(game, state)
    assert events_of(after, RefillEvent) == [
        RefillEvent(0, 0, vec("")), RefillEvent(1, 0, vec("")), RefillEvent(2, 7, vec("DDDDDDD")),
    ]
    assert hand(after, 0) == "PPPPEEEE"
    assert hand(after, 1) == "CCCCUUUUT"
    assert hand(after, 2) == "DDDDDDDR"


# -- E10 ------------------------------------------------------------------------------------------


def test_e10_a_hand_is_seen_by_its_owner_only_and_its_size_by_all() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=0,
                       hands={0: "PPUD", 1: "RRRRR", 2: "CT"})
    for seat, text in ((0, "PPUD"), (1, "RRRRR"), (2, "CT")):
        obs = game.observation(state, seat)
        assert obs["hand"] == text
        assert obs["hand_sizes"] == [4, 5, 2]
    assert game.observation(state, None)["hand"] is None
    assert game.observation(state, None)["hand_sizes"] == [4, 5, 2]


def test_e10_refill_entries_show_the_cards_to_their_owner_only() -> None:
    game = elfenland(3)
    state = game.initial_state(17)
    for viewer in (0, 1, 2, None):
        refills = [e for e in game.observation(state, viewer)["log"] if e["kind"] == "refill"]
        assert [e["seat"] for e in refills] == [0, 1, 2]
        assert [e["number"] for e in refills] == [8, 8, 8]
        for entry in refills:
            if entry["seat"] == viewer:
                assert entry["cards"] == hand(state, viewer)
            else:
                assert entry["cards"] is None


# -- E11 ------------------------------------------------------------------------------------------


def test_e11_an_empty_draw_pile_is_replaced_by_the_shuffled_discards() -> None:
    game = elfenland(3)
    state = make_state(
        game, phase=Phase.OPEN_PICKS, current=1, round=2, start=1,
        hands={0: "PPPPEEEE", 1: "CCC", 2: "UUUUTTTT"},
        draw_pile="RR",
    )
    discarded = Counter(kind for kind, number in enumerate(state.discards) for _ in range(number))
    assert sum(discarded.values()) == 72 - 8 - 3 - 8 - 2
    after = flow_state(game, state)
    round_events = after.log[-1]
    kinds_seen = [type(event).__name__ for event in round_events]
    assert kinds_seen[:4] == ["RoundEvent", "ReshuffleEvent", "RefillEvent", "RefillEvent"]
    assert round_events[1] == ReshuffleEvent(51)
    refill = round_events[2]
    assert refill.seat == 1 and refill.number == 5
    assert refill.cards[6] >= 2  # the two Rafts of the old pile came first
    assert sum(after.hands[1]) == 8
    assert after.discards == (0,) * 7
    assert after.reshuffles == 1
    rest = Counter(after.draw_pile)
    drawn_after = Counter({kind: number for kind, number in enumerate(refill.cards)})
    drawn_after[6] -= 2
    assert rest + drawn_after == discarded
    assert len(after.draw_pile) == 51 - 3


def test_e11_reshuffle_is_visible_to_everyone_as_an_event() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, round=2,
                       hands={0: "PPPPEEE", 1: "CCCCUUUU", 2: "TTTTDDDD"}, draw_pile="")
    after = flow_state(game, state)
    for viewer in (0, 1, 2, None):
        entries = game.observation(after, viewer)["log"]
        assert [e["number"] for e in entries if e["kind"] == "reshuffle"] == [49]


def test_e11_both_piles_empty_skips_the_draw() -> None:
    game = elfenland(6)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, round=2)
    # An unreachable table: all 72 cards already in hands, seat 5 holding only 2.
    all_cards = "PPPPPPPPPPEEEEEEEEEECCCCCCCCCCUUUUUUUUUUTTTTTTTTTTDDDDDDDDDDRRRRRRRRRRRR"
    hands = (*(vec(all_cards[i * 14:(i + 1) * 14]) for i in range(5)), vec(all_cards[70:]))
    assert sum(sum(h) for h in hands) == 72
    draft = thaw(replace(state, hands=hands, draw_pile=(), discards=(0,) * 7))
    game.flow.begin_round(draft)
    after = draft.freeze()
    assert after.hands == hands
    refills = [e for e in after.log[-1] if isinstance(e, RefillEvent)]
    assert [(e.seat, e.number) for e in refills] == [(s, 0) for s in range(6)]
    assert not [e for e in after.log[-1] if isinstance(e, ReshuffleEvent)]


# -- E12 ------------------------------------------------------------------------------------------


def test_e12_each_player_takes_the_supply_top_as_a_secret_in_turn_order() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=1, round=2, start=1,
                       secret_counters={0: "T"}, open_counters={2: "P"}, supply_top="EDUC")
    supply_size = len(state.supply)
    after = flow_state(game, state)
    assert events_of(after, SecretDrawEvent) == [
        SecretDrawEvent(1, LETTERS.index("E")),
        SecretDrawEvent(2, LETTERS.index("D")),
        SecretDrawEvent(0, LETTERS.index("U")),
    ]
    assert held(after, 1) == ("", "E")
    assert held(after, 2) == ("P", "D")
    assert held(after, 0) == ("", "UT")
    assert LETTERS[after.supply[0]] == "C"
    assert len(after.supply) == supply_size - 3
    assert (after.phase, after.current, after.step) == (Phase.OPEN_PICKS, 1, 0)


def test_e12_others_know_only_that_a_secret_counter_is_held() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, round=2, supply_top="EDU")
    after = flow_state(game, state)
    for viewer in (0, 1, 2, None):
        obs = game.observation(after, viewer)
        assert obs["secret_counts"] == [1, 1, 1]
        if viewer is not None:
            assert obs["secret_counters"] == "EDU"[viewer]
        secret_entries = [e for e in obs["log"] if e["kind"] == "secret"]
        assert [e["seat"] for e in secret_entries] == [0, 1, 2]
        for entry in secret_entries:
            expected = "EDU"[entry["seat"]] if entry["seat"] == viewer else None
            assert entry["counter"] == expected
    assert game.observation(after, None)["secret_counters"] is None


def test_e12_an_empty_supply_gives_no_secret_counter() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, round=2)
    draft = thaw(replace(state, supply=()))
    game.flow.begin_round(draft)
    after = draft.freeze()
    assert after.secret_counters == ((0,) * 6,) * 3
    assert not [e for e in after.log[-1] if isinstance(e, SecretDrawEvent)]


# -- E13 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_e13_no_seat_ever_holds_more_than_five_unplaced_counters(
    players: int, seed: int
) -> None:
    most = 0
    game = elfenland(players)
    for variant in range(4):
        for state in random_game(game, seed * 10 + variant, pass_chance=0.7):
            for seat in range(players):
                assert state.held_counters(seat) <= 5
                most = max(most, state.held_counters(seat))
    # 1 kept + 1 secret + 3 open: the limit is reached but never exceeded.
    assert most == 5


def test_e13_kept_plus_secret_plus_three_open_is_exactly_five() -> None:
    game = elfenland(2)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, round=2,
                       open_counters={0: "D"}, secret_counters={1: "T"})
    state = flow_state(game, state)
    for _ in range(6):
        state = play(game, state, "draw")
    assert state.phase == Phase.PLACEMENT
    assert [state.held_counters(seat) for seat in (0, 1)] == [5, 5]


def test_e13_exceeding_the_limit_is_an_assertion() -> None:
    game = elfenland(2)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, round=2,
                       open_counters={0: "PEC"}, secret_counters={0: "U"})
    draft = thaw(replace(state, open_counters=((1, 1, 1, 0, 0, 1), (0,) * 6)))
    with pytest.raises(AssertionError):
        game.flow.begin_round(draft)
