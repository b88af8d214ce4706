"""Rules E43–E44 of the Elfenland specification: hidden information and random events."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.state import (
    ElfenlandState,
    KeepCardsEvent,
    KeepCounterEvent,
    Phase,
    RefillEvent,
    ReshuffleEvent,
    SecretDrawEvent,
)
from tests.games.elfenland.helpers import (
    display_text,
    elfenland,
    events_of,
    flow_state,
    hand,
    make_state,
    play,
    random_game,
    text_of,
)

PUBLIC_KEYS = {
    "game", "num_players", "seat", "round", "rounds", "phase", "phase_name", "start_player",
    "current_player", "discarding", "boots", "visited", "hand", "hand_sizes", "secret_counters",
    "secret_counts", "open_counters", "has_obstacle", "display", "roads", "discard_pile",
    "draw_pile_size", "supply_size", "log", "legal_actions", "scores", "ranks", "winners",
    "terminal", "end_reason",
}


def random_counts(rng: random.Random, size: int, kinds: int) -> tuple[int, ...]:
    counts = [0] * kinds
    for _ in range(size):
        counts[rng.randrange(kinds)] += 1
    return tuple(counts)


def scramble(state: ElfenlandState, viewer: int | None, rng: random.Random) -> ElfenlandState:
    """Return `state` with everything `viewer` may not know (E43) redrawn at random.

    Other seats' hands are redealt from themselves and the draw pile; other seats' secret
    counters from themselves, the supply and the secret counters set aside; both piles are
    reordered; and what only other seats saw in the log is replaced by random values.
    """
    n = len(state.hands)
    others = [seat for seat in range(n) if seat != viewer]
    cards = list(state.draw_pile)
    for seat in others:
        cards += [k for k, m in enumerate(state.hands[seat]) for _ in range(m)]
    rng.shuffle(cards)
    hands = list(state.hands)
    for seat in others:
        size = sum(state.hands[seat])
        hands[seat] = tuple(cards[:size].count(k) for k in range(7))
        cards = cards[size:]
    counters = list(state.supply) + list(state.set_aside_secret)
    for seat in others:
        counters += [k for k, m in enumerate(state.secret_counters[seat]) for _ in range(m)]
    rng.shuffle(counters)
    secrets = list(state.secret_counters)
    for seat in others:
        size = sum(state.secret_counters[seat])
        secrets[seat] = tuple(counters[:size].count(k) for k in range(6))
        counters = counters[size:]
    aside = len(state.set_aside_secret)

    def masked(event):
        if getattr(event, "seat", viewer) == viewer:
            return event
        if isinstance(event, RefillEvent):
            return event._replace(cards=random_counts(rng, event.number, 7))
        if isinstance(event, SecretDrawEvent):
            return event._replace(counter=rng.randrange(6))
        if isinstance(event, KeepCardsEvent):
            return event._replace(kept=random_counts(rng, 4, 7))
        if isinstance(event, KeepCounterEvent) and event.secret:
            return event._replace(counter=rng.randrange(6))
        return event

    return replace(
        state, hands=tuple(hands), draw_pile=tuple(cards), secret_counters=tuple(secrets),
        set_aside_secret=tuple(counters[:aside]), supply=tuple(counters[aside:]),
        log=tuple(tuple(masked(event) for event in events) for events in state.log),
    )


# -- E43 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "timing"),
                         [(3, 1, "round_end"), (4, 2, "after_move"), (2, 3, "round_end")])
def test_e43_an_observation_never_depends_on_what_the_viewer_cannot_see(
    players: int, seed: int, timing: str
) -> None:
    game = elfenland(players, hand_limit_timing=timing)
    states = random_game(game, seed, pass_chance=0.6)
    rng = random.Random(seed)
    changed = 0
    for state in states[::7]:
        for viewer in (*range(players), None):
            other = scramble(state, viewer, rng)
            changed += other.hands != state.hands or other.draw_pile != state.draw_pile
            assert game.observation(other, viewer) == game.observation(state, viewer)
    assert changed > len(states[::7])  # the scramble really changed hidden things


@pytest.mark.parametrize(("players", "timing"), [(3, "round_end"), (4, "after_move")])
def test_e43_a_resampled_state_looks_the_same_to_the_viewer(players: int, timing: str) -> None:
    game = elfenland(players, hand_limit_timing=timing)
    rng = random.Random(players)
    for state in random_game(game, 90 + players, pass_chance=0.6)[::9]:
        for viewer in (*range(players), None):
            other = game.resample(state, viewer, rng)
            assert game.observation(other, viewer) == game.observation(state, viewer)
            assert game.from_json(game.to_json(other)) == other


def test_e43_public_information_is_shown_to_everyone() -> None:
    game = elfenland(3)
    state = make_state(
        game, phase=Phase.MOVEMENT, current=1, round=2, start=1,
        boots={0: "Beata", 2: "Yttar"}, visited={0: ["Beata"], 2: ["Yttar", "Grangor"]},
        hands={0: "PPRR", 1: "DDDDDUUU", 2: "E"}, counters={21: "D", 2: "P"},
        placers={21: 2, 2: 1}, obstacles={21: 0}, open_counters={1: "TC"},
        secret_counters={0: "U", 2: "EC"}, display="CCUTD", discards="RRRP",
    )
    for viewer in (0, 1, 2, None):
        obs = game.observation(state, viewer)
        assert set(obs) == PUBLIC_KEYS
        assert obs["boots"] == ["Beata", "Elvenhold", "Yttar"]
        assert [sorted(v) for v in obs["visited"]] == [["Beata"], [], ["Grangor", "Yttar"]]
        assert obs["roads"] == [
            {"edge": 2, "counter": "P", "placed_by": 1, "obstacle_by": None},
            {"edge": 21, "counter": "D", "placed_by": 2, "obstacle_by": 0},
        ]
        assert obs["display"] == list("CCUTD")
        assert obs["open_counters"] == ["", "CT", ""]
        assert obs["secret_counts"] == [1, 0, 2]
        assert obs["hand_sizes"] == [4, 8, 1]
        assert obs["has_obstacle"] == [False, True, True]
        assert obs["discard_pile"] == "PRRR"
        assert obs["draw_pile_size"] == len(state.draw_pile)
        assert obs["supply_size"] == len(state.supply)
        assert (obs["round"], obs["phase"], obs["start_player"], obs["current_player"]) == (
            2, Phase.MOVEMENT, 1, 1)
        assert obs["hand"] == (None if viewer is None else hand(state, viewer))
        expected_secret = None if viewer is None else text_of(state.secret_counters[viewer])
        assert obs["secret_counters"] == expected_secret


def test_e43_no_observation_contains_another_seats_hand_or_secret_counters() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.PLACEMENT, current=0,
                       hands={0: "PPPPPPPP", 1: "RRRRRRRR", 2: "DDDDDDDD"},
                       secret_counters={0: "U", 1: "T", 2: "C"}, display="PPEEP")
    for viewer, own in ((0, "PPPPPPPP"), (1, "RRRRRRRR"), (2, "DDDDDDDD")):
        text = json.dumps(game.observation(state, viewer))
        for other in ("PPPPPPPP", "RRRRRRRR", "DDDDDDDD"):
            assert (other in text) == (other == own)
        assert game.observation(state, viewer)["secret_counters"] == "UTC"[viewer]
    spectator = json.dumps(game.observation(state, None))
    assert not any(h in spectator for h in ("PPPPPPPP", "RRRRRRRR", "DDDDDDDD"))


def test_e43_phase_three_picks_are_public_in_full() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, display="DUPTC", supply_top="ED")
    state = play(game, state, "take 2", "draw")
    for viewer in (0, 1, 2, None):
        take, draw = game.observation(state, viewer)["log"][-2:]
        assert (take["kind"], take["slot"], take["counter"], take["refill"]) == (
            "take", 2, "U", "E")
        assert (draw["kind"], draw["counter"], draw["text"]) == ("draw", "D", "1: draw")


def test_e43_placing_a_secret_counter_reveals_it() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.PLACEMENT, current=1, secret_counters={1: "T"})
    state = play(game, state, "place T? 27")
    for viewer in (0, 2, None):
        entry = game.observation(state, viewer)["log"][-1]
        assert (entry["kind"], entry["counter"], entry["secret"], entry["edge"]) == (
            "place", "T", True, 27)
        assert entry["text"] == "1: place T? 27"


def test_e43_keeping_a_secret_counter_shows_only_that_a_secret_was_kept() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=0, start=1,
                       open_counters={1: "EC"}, secret_counters={1: "T"})
    state = play(game, state, "end")
    assert state.phase == Phase.ROUND_END and state.current == 1
    state = play(game, state, "keep-counter T?")
    for viewer in (0, 2, None):
        entry = next(e for e in game.observation(state, viewer)["log"]
                     if e["kind"] == "keep-counter")
        assert entry["counter"] is None and entry["secret"] is True
        assert entry["text"] == "# 1 keeps a secret counter"
        assert entry["open_discarded"] == "EC"
        assert "T" not in entry["text"]
    own = next(e for e in game.observation(state, 1)["log"] if e["kind"] == "keep-counter")
    assert (own["counter"], own["text"]) == ("T?", "1: keep-counter T?")


def test_e43_keeping_an_open_counter_is_public_and_discarded_secrets_stay_hidden() -> None:
    game = elfenland(3)
    state = make_state(game, phase=Phase.MOVEMENT, current=0, start=1,
                       open_counters={1: "E"}, secret_counters={1: "T"})
    state = play(game, state, "end", "keep-counter E")
    for viewer in (0, 2, None):
        entry = next(e for e in game.observation(state, viewer)["log"]
                     if e["kind"] == "keep-counter")
        assert (entry["counter"], entry["secret"], entry["text"]) == ("E", False,
                                                                     "1: keep-counter E")
        assert (entry["open_discarded"], entry["secret_discarded"]) == ("", 1)
        assert "T" not in json.dumps(entry)


def test_e43_other_seats_secret_draws_are_masked() -> None:
    game = elfenland(3)
    state = game.initial_state(5)
    for viewer in (0, 1, 2, None):
        entries = [e for e in game.observation(state, viewer)["log"] if e["kind"] == "secret"]
        for entry in entries:
            if entry["seat"] == viewer:
                assert entry["counter"] == text_of(state.secret_counters[viewer])
            else:
                assert entry["counter"] is None
                assert entry["text"] == f"# {entry['seat']} draws a secret counter"


# -- E44 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_e44_same_seed_and_actions_give_the_same_states(players: int) -> None:
    game = elfenland(players)
    rng = random.Random(7)
    state = game.initial_state(61)
    actions, snapshots = [], [game.to_json(state)]
    while not state.is_over:
        action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        actions.append(action)
        snapshots.append(game.to_json(state))
    replayed = game.initial_state(61)
    assert game.to_json(replayed) == snapshots[0]
    for action, expected in zip(actions, snapshots[1:], strict=True):
        replayed = game.apply(replayed, action)
        assert game.to_json(replayed) == expected


def test_e44_setup_is_a_shuffle_of_the_seed() -> None:
    game = elfenland(3)
    assert game.to_json(game.initial_state(9)) == game.to_json(game.initial_state(9))
    first = game.initial_state(9)
    second = game.initial_state(10)
    assert (first.draw_pile, first.hands) != (second.draw_pile, second.hands)
    assert (first.supply, first.display) != (second.supply, second.display)


def test_e44_no_step_between_shuffles_is_random() -> None:
    game = elfenland(3)
    state = game.initial_state(123)
    other = replace(state, seed=456)
    rng = random.Random(1)
    # Phases 3 to 5 of round 1: the seed makes no difference.
    while not (state.phase == Phase.MOVEMENT and state.step == 2):
        action = rng.choice(game.legal_actions(state))
        state, other = game.apply(state, action), game.apply(other, action)
        assert replace(other, seed=123) == state
    # The round's end shuffles the counters into the supply (E38): now the seed matters.
    while state.round == 1:
        action = game.legal_actions(state)[-1]
        state, other = game.apply(state, action), game.apply(other, action)
    assert state.round == other.round == 2
    assert state.supply != other.supply or state.secret_counters != other.secret_counters
    assert (state.boots, state.visited, state.display) == (other.boots, other.visited,
                                                           other.display)


def test_e44_the_round_end_counter_shuffle_depends_on_the_seed() -> None:
    game = elfenland(3)
    built = make_state(game, phase=Phase.MOVEMENT, current=2, counters={21: "D", 2: "P", 14: "U"})
    runs = {}
    for seed in (1, 1, 2):
        state = play(game, replace(built, seed=seed), "end")
        assert state.round == 2
        drawn = tuple(e.counter for e in events_of(state, SecretDrawEvent))
        runs.setdefault(seed, []).append((state.supply, drawn))
    assert runs[1][0] == runs[1][1]
    assert runs[1][0] != runs[2][0]
    # The same counters, in another order.
    assert sorted(sum(runs[1][0], ())) == sorted(sum(runs[2][0], ()))


def test_e44_the_travel_card_reshuffle_depends_on_the_seed() -> None:
    game = elfenland(3)
    built = make_state(game, phase=Phase.OPEN_PICKS, current=0, round=2,
                       hands={0: "PPPP", 1: "EEEEEEEE", 2: "CCCCCCCC"}, draw_pile="")
    states = [flow_state(game, replace(built, seed=seed)) for seed in (5, 5, 6)]
    piles = [(s.draw_pile, s.hands[0]) for s in states]
    assert piles[0] == piles[1]
    assert piles[0] != piles[2]
    # The same 52 reshuffled discards in another order (seat 0 drew 4 onto its PPPP).
    wholes = [sorted(pile + tuple(k for k, m in enumerate(h) for _ in range(m)))
              for pile, h in piles]
    assert wholes[0] == wholes[2]
    assert len(wholes[0]) == 52 + 4
    assert len(events_of(flow_state(game, built), ReshuffleEvent)) == 1


def test_make_state_builds_the_display_and_the_supply_top_as_asked() -> None:
    # A self-check of the position builder used throughout these tests.
    game = elfenland(3)
    state = make_state(game, phase=Phase.OPEN_PICKS, current=0, display="PECUT", supply_top="DT")
    assert display_text(state) == "PECUT"
    assert [LETTERS[k] for k in state.supply[:2]] == ["D", "T"]
    assert game.from_json(game.to_json(state)) == state
