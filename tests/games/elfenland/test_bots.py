"""Tests of the Elfenland heuristic bot: legality, determinism, hidden information, choices."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import ludoteca
from ludoteca.arena import simulate
from ludoteca.bots import make_bot
from ludoteca.bots.base import Budget
from ludoteca.games.elfenland import ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.actions import Verb
from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.bots import ElfenlandHeuristicBot
from ludoteca.games.elfenland.cards import parse_cards
from ludoteca.games.elfenland.state import NONE, Phase

EDGES = 49
NO_COUNTERS = (0,) * 6


def elfenland(players: int = 2, **options: Any) -> ElfenlandGame:
    """Return an Elfenland game."""
    game = ludoteca.load("elfenland", players=players, **options)
    assert isinstance(game, ElfenlandGame)
    return game


def reach(game: ElfenlandGame, phase: int, seed: int = 0) -> ElfenlandState:
    """Return the first state of round 1 in `phase`, everyone passing and ending on the way."""
    state = game.initial_state(seed)
    while state.phase != phase:
        legal = game.legal_actions(state)
        quiet = [action for action in legal if action.verb in (Verb.PASS, Verb.END)]
        state = game.apply(state, (quiet or list(legal))[0])
    return state


def table(state: ElfenlandState, **fields: Any) -> ElfenlandState:
    """Return `state` with some fields replaced (its legal actions are worked out anew)."""
    return replace(state, **fields)


def seat_hand(state: ElfenlandState, seat: int, letters: str) -> tuple[tuple[int, ...], ...]:
    """Return the hands of `state` with seat `seat` holding `letters`."""
    hands = list(state.hands)
    hands[seat] = parse_cards(letters)
    return tuple(hands)


def counters(letters: str) -> tuple[int, ...]:
    """Return a counter count vector such as 'PD' as six counts."""
    return parse_cards(letters)[:6]


def roads(placed: dict[int, str]) -> tuple[int, ...]:
    """Return a per-edge counter tuple with the given letters on the given edges."""
    values = [NONE] * EDGES
    for edge, letter in placed.items():
        values[edge] = LETTERS.index(letter)
    return tuple(values)


def choice(game: ElfenlandGame, state: ElfenlandState) -> str:
    """Return the heuristic bot's choice for the seat to act, as notation."""
    assert state.current is not None
    action = ElfenlandHeuristicBot().decide(game, state, state.current)
    assert action in game.legal_actions(state)
    return game.action_to_text(state, action)


def play(game: ElfenlandGame, seed: int) -> list[ElfenlandState]:
    """Return every state of one game with the heuristic bot in every seat, checking legality.

    `decide` is the bot's own preference, before `choose` falls back on a legal action.
    """
    bot = ElfenlandHeuristicBot()
    state = game.initial_state(seed)
    states = [state]
    while state.current is not None:
        action = bot.decide(game, state, state.current)
        assert action in game.legal_actions(state)
        state = game.apply(state, action)
        states.append(state)
    return states


def test_registered_as_elfenland_heuristic() -> None:
    bot = make_bot("heuristic", ludoteca.load("elfenland", 2))
    assert isinstance(bot, ElfenlandHeuristicBot)
    assert bot.name == "heuristic"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (6, 4)])
def test_plays_whole_games_legally_in_every_seat(players: int, seed: int) -> None:
    states = play(elfenland(players), seed)
    assert states[-1].is_over
    # Planning a tour collects far more than the few pieces of a careless game.
    assert max(states[-1].pieces(seat) for seat in range(players)) >= 10


def test_plays_legally_under_the_other_options() -> None:
    game = elfenland(3, caravan="any", hand_limit_timing="after_move", rounds=3)
    assert play(game, 5)[-1].is_over


def test_same_rng_same_choices() -> None:
    game = elfenland(3)
    for state in play(game, 6)[:-1:7]:
        assert state.current is not None
        first = ElfenlandHeuristicBot().choose(game, state, state.current, random.Random(1))
        again = ElfenlandHeuristicBot().choose(game, state, state.current, random.Random(1))
        assert first == again


@pytest.mark.parametrize("players", [2, 3])
def test_choices_ignore_what_the_seat_cannot_see(players: int) -> None:
    # Resampling redraws other hands, other secret counters, the draw pile and the supply.
    game = elfenland(players)
    bot = ElfenlandHeuristicBot()
    checked = 0
    for index, state in enumerate(play(game, 7 + players)[:-1]):
        seat = state.current
        assert seat is not None
        if index % 3 or len(game.legal_actions(state)) < 2:
            continue
        expected = bot.choose(game, state, seat, random.Random(index))
        for draw in range(2):
            other = game.resample(state, seat, random.Random(1000 * index + draw))
            assert bot.choose(game, other, seat, random.Random(index)) == expected
        checked += 1
    assert checked > 25


def test_respects_a_small_budget() -> None:
    game = elfenland(2)
    bot = ElfenlandHeuristicBot()
    state = game.initial_state(3)
    rng = random.Random(0)
    while state.current is not None:
        action = bot.choose(game, state, state.current, rng, Budget(iterations=20))
        assert action in game.legal_actions(state)
        state = game.apply(state, action)


def test_moves_to_collect_a_piece_it_can_pay_for() -> None:
    game = elfenland(2)
    state = reach(game, Phase.MOVEMENT)
    assert state.current == 0
    # Road 2 (Elvenhold-Lapphalya, plain) carries a Pig; the hand pays one Pig for it.
    state = table(state, hands=seat_hand(state, 0, "PECUTD"), road_counter=roads({2: "P"}))
    assert choice(game, state) == "move 2 P"


def test_collects_a_piece_in_the_last_round_though_cards_break_ties() -> None:
    game = elfenland(2, rounds=3)
    state = reach(game, Phase.MOVEMENT)
    state = table(state, round=3, hands=seat_hand(state, 0, "PECUTD"),
                  road_counter=roads({2: "P"}))
    assert choice(game, state) == "move 2 P"


def test_ends_when_no_step_reaches_a_new_town_in_the_last_round() -> None:
    # Every neighbour of Elvenhold is visited and no Raft takes the boot further: a step
    # would only cost a tie-break card.
    game = elfenland(2, rounds=3)
    state = reach(game, Phase.MOVEMENT)
    elf_map = game.map
    around = 0
    for e in elf_map.incident[elf_map.start_town]:
        around |= 1 << elf_map.edge(e).other_end(elf_map.start_town)
    state = table(state, round=3, hands=seat_hand(state, 0, "PECUTD"),
                  road_counter=roads({2: "P"}), visited=(around, 0))
    assert choice(game, state) == "end"


def test_prefers_the_tour_that_collects_more_pieces() -> None:
    # Lapphalya by Pig leads on to Ixara by Unicorn; Beata by Dragon is a single piece.
    game = elfenland(2)
    state = reach(game, Phase.MOVEMENT)
    state = table(state, hands=seat_hand(state, 0, "PUD"),
                  road_counter=roads({1: "D", 2: "P", 14: "U"}))
    assert choice(game, state) == "move 2 P"


def test_places_a_counter_on_a_road_from_its_boot_that_its_hand_pays() -> None:
    game = elfenland(2)
    state = reach(game, Phase.PLACEMENT)
    assert state.current == 0
    # Only a Unicorn counter; of Elvenhold's roads only 9 (forest) takes one.
    state = table(state, hands=seat_hand(state, 0, "UUUUEECC"),
                  open_counters=(counters("U"), state.open_counters[1]),
                  secret_counters=(NO_COUNTERS, state.secret_counters[1]))
    assert choice(game, state) == "place U 9"


def test_blocks_a_rival_s_next_road_and_passes_when_nothing_is_left() -> None:
    game = elfenland(2)
    state = reach(game, Phase.PLACEMENT)
    lapphalya = game.map.town("Lapphalya")
    # No counters and no road out of Elvenhold: road 14 leads the rival at Lapphalya to Ixara.
    state = table(state, hands=seat_hand(state, 0, "PPEECCTT"),
                  open_counters=(NO_COUNTERS, state.open_counters[1]),
                  secret_counters=(NO_COUNTERS, state.secret_counters[1]),
                  boots=(game.map.start_town, lapphalya), road_counter=roads({14: "U"}))
    assert choice(game, state) == "obstacle 14"
    spent = table(state, has_obstacle=(False, True))
    assert choice(game, spent) == "pass"


def test_picks_the_counter_its_hand_can_pay() -> None:
    game = elfenland(2)
    state = reach(game, Phase.OPEN_PICKS)
    assert state.current == 0
    display = tuple(LETTERS.index(letter) for letter in "PPCDC")
    state = table(state, hands=seat_hand(state, 0, "DDDDDDRR"), display=display,
                  secret_counters=(NO_COUNTERS, state.secret_counters[1]))
    assert choice(game, state) == "take 4"


def test_keeps_rafts_when_water_leads_to_new_towns() -> None:
    # From Elvenhold two rivers and two lakes lead to unvisited towns.
    game = elfenland(2)
    state = reach(game, Phase.ROUND_END)
    assert state.current == 0
    state = table(state, hands=seat_hand(state, 0, "PECUTDRR"))
    kept = choice(game, state)
    assert kept.startswith("keep-cards") and kept.endswith("RR")


def test_keeps_the_counter_that_fits_the_roads_ahead() -> None:
    # Around Elvenhold plain and forest roads abound: a Pig crosses them for 1 card, a Cloud
    # for 2.
    game = elfenland(2)
    state = reach(game, Phase.ROUND_END)
    state = table(state, hands=seat_hand(state, 0, "PECU"),
                  open_counters=(counters("C"), state.open_counters[1]),
                  secret_counters=(counters("P"), state.secret_counters[1]))
    assert choice(game, state) == "keep-counter P?"


def test_beats_the_random_bot_from_either_seat() -> None:
    first = simulate("elfenland", 2, ["heuristic", "random"], games=4, seed=11)
    second = simulate("elfenland", 2, ["random", "heuristic"], games=4, seed=12)
    assert first.wins[0] + second.wins[1] >= 7
