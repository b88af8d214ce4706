"""Small helpers that let Elfenland rule tests read like the rulebook (docs/rules/elfenland.md).

`make_state` builds a position from readable pieces (town names, letter multisets, edge ids)
and accounts for every one of the 72 travel cards and 48 transportation counters, so the
result is a state `from_json` accepts.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

import ludoteca
from ludoteca.core.draft import thaw
from ludoteca.games.elfenland import ElfenlandGame, ElfenlandState
from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.cards import cards_text, parse_cards
from ludoteca.games.elfenland.state import NONE, Event

CARD_TOTALS = (10, 10, 10, 10, 10, 10, 12)
"""Travel cards per type P E C U T D R (section 3.2)."""
COUNTER_TOTALS = (8, 8, 8, 8, 8, 8)
"""Transportation counters per type P E C U T D (section 3.2)."""


def elfenland(players: int = 3, **options: Any) -> ElfenlandGame:
    """Return an Elfenland game (3 players and default options unless told otherwise)."""
    game = ludoteca.load("elfenland", players=players, **options)
    assert isinstance(game, ElfenlandGame)
    return game


def vec(text: str) -> tuple[int, ...]:
    """Return the 7-entry count vector of a card multiset such as 'DDR'."""
    return parse_cards(text)


def cvec(text: str) -> tuple[int, ...]:
    """Return the 6-entry count vector of a counter multiset such as 'PUD' (no R)."""
    assert "R" not in text, "there is no Raft counter"
    return parse_cards(text)[:6]


def kinds(text: str) -> tuple[int, ...]:
    """Return the kinds of the letters of `text`, in the order written (a pile, top first)."""
    return tuple(LETTERS.index(letter) for letter in text)


def text_of(counts: Sequence[int]) -> str:
    """Return a count vector (cards or counters) as letters in canonical order."""
    return "".join(LETTERS[kind] * number for kind, number in enumerate(counts))


def make_state(
    game: ElfenlandGame,
    *,
    phase: int,
    current: int,
    round: int = 1,
    start: int = 0,
    seed: int = 1,
    discarding: bool = False,
    boots: Mapping[int, str] | None = None,
    hands: Mapping[int, str] | None = None,
    counters: Mapping[int, str] | None = None,
    placers: Mapping[int, int] | None = None,
    obstacles: Mapping[int, int] | None = None,
    has_obstacle: Mapping[int, bool] | None = None,
    visited: Mapping[int, Iterable[str]] | None = None,
    open_counters: Mapping[int, str] | None = None,
    secret_counters: Mapping[int, str] | None = None,
    display: str = "DUPTC",
    supply_top: str = "",
    draw_pile: str | None = None,
    discards: str | None = None,
) -> ElfenlandState:
    """Return a position built from readable pieces through `position_from_text`.

    Seats not named get the defaults: boot at Elvenhold, no cards, no counters, no pieces, the
    obstacle unused. `counters` puts a counter on a road (`placers` says who, default seat 0),
    `obstacles` maps a road to the seat whose obstacle lies there (which then has no obstacle
    left); `has_obstacle` False marks an obstacle used in an earlier round. Travel cards not in
    a hand go to the draw pile, or, if `draw_pile` is given (top first), to the discard pile
    (unless `discards` is given). Counters not on the board, held or displayed go to the
    supply, `supply_top` first.
    """
    def per_seat(values: Mapping[int, str] | None) -> str:
        return " ".join(f"{seat}={value or '-'}" for seat, value in (values or {}).items())

    roads = " ".join(
        f"{edge}={letter}{(placers or {}).get(edge, 0)}"
        + (f"+O{(obstacles or {})[edge]}" if edge in (obstacles or {}) else "")
        for edge, letter in (counters or {}).items()
    )
    held = {
        seat: (open_counters or {}).get(seat, "")
        + "".join(f"{letter}?" for letter in (secret_counters or {}).get(seat, ""))
        for seat in {*(open_counters or {}), *(secret_counters or {})}
    }
    lines = [
        f"round: {round}", f"phase: {phase}", f"start: {start}", f"to move: {current}",
        f"boots: {per_seat(boots)}",
        f"visited: {per_seat({seat: ','.join(names) for seat, names in (visited or {}).items()})}",
        f"hands: {per_seat(hands)}",
        f"counters: {per_seat(held)}",
        "obstacles used: "
        + " ".join(str(seat) for seat, flag in (has_obstacle or {}).items() if not flag),
        f"roads: {roads}",
        f"display: {display}",
        f"supply top: {supply_top}",
        f"seed: {seed}",
    ]
    if discarding:
        lines.append("discarding: yes")
    if draw_pile is not None:
        lines.append(f"draw pile: {draw_pile or '-'}")
    if discards is not None:
        lines.append(f"discards: {discards or '-'}")
    state = game.position_from_text("\n".join(lines))
    again = game.from_json(game.to_json(state))
    assert again == state, "a built state must survive to_json/from_json"
    return state


def flow_state(game: ElfenlandGame, state: ElfenlandState) -> ElfenlandState:
    """Return `state` after the flow's round start (phases 1 and 2) run on it directly."""
    draft = thaw(state)
    game.flow.begin_round(draft)
    return draft.freeze()


def legal_texts(game: ElfenlandGame, state: ElfenlandState) -> set[str]:
    """Return the legal actions of the seat to act, as canonical notation."""
    return {game.action_to_text(state, action) for action in game.legal_actions(state)}


def payments(game: ElfenlandGame, state: ElfenlandState, edge: int) -> set[str]:
    """Return the payments of every legal `move <edge> ...` of the seat to act."""
    found = set()
    for text in legal_texts(game, state):
        words = text.split()
        if words[0] == "move" and int(words[1]) == edge:
            found.add(words[2])
    return found


def play(game: ElfenlandGame, state: ElfenlandState, *texts: str) -> ElfenlandState:
    """Return the state after the actions written `texts`, one after another."""
    for text in texts:
        state = game.apply(state, game.action_from_text(state, text))
    return state


def assert_illegal(game: ElfenlandGame, state: ElfenlandState, *texts: str) -> None:
    """Check that each action is refused with IllegalActionError and the state is unchanged."""
    before = game.to_json(state)
    for text in texts:
        action = game.action_from_text(state, text)
        with pytest.raises(ludoteca.IllegalActionError):
            game.apply(state, action)
        assert game.to_json(state) == before


def hand(state: ElfenlandState, seat: int) -> str:
    """Return the hand of `seat` in canonical letters."""
    return cards_text(state.hands[seat])


def held(state: ElfenlandState, seat: int) -> tuple[str, str]:
    """Return (open, secret) unplaced counters of `seat` in canonical letters."""
    return text_of(state.open_counters[seat]), text_of(state.secret_counters[seat])


def display_text(state: ElfenlandState) -> str:
    """Return the display slot by slot, '.' for an empty slot."""
    return "".join("." if kind == NONE else LETTERS[kind] for kind in state.display)


def towns_visited(game: ElfenlandGame, state: ElfenlandState, seat: int) -> set[str]:
    """Return the names of the towns whose piece `seat` has collected."""
    names = game.map.town_names
    return {names[t] for t in range(game.map.num_towns) if state.visited[seat] >> t & 1}


def all_towns_but(game: ElfenlandGame, *missing: str) -> list[str]:
    """Return every town with pieces except `missing`."""
    names = game.map.town_names
    return [names[t] for t in range(game.map.num_towns)
            if game.map.has_pieces[t] and names[t] not in missing]


def events_of(state: ElfenlandState, cls: type) -> list[Any]:
    """Return the events of type `cls` in the whole log, oldest first."""
    return [event for event in state.events() if isinstance(event, cls)]


def last_round_events(state: ElfenlandState) -> tuple[Event, ...]:
    """Return the events of the current round's log."""
    return state.log[-1]


def random_game(
    game: ElfenlandGame, seed: int, choose_seed: int | None = None, pass_chance: float = 0.0
) -> list[ElfenlandState]:
    """Return every state of a game played with uniformly random legal actions.

    With `pass_chance`, a phase-4 turn passes with that probability (so that counters stay
    unplaced and are kept at the round's end, which uniform choice almost never does).
    """
    rng = random.Random(seed if choose_seed is None else choose_seed)
    state = game.initial_state(seed)
    states = [state]
    while state.current is not None:
        legal = game.legal_actions(state)
        if legal[-1].verb == "pass" and rng.random() < pass_chance:
            action = legal[-1]
        else:
            action = rng.choice(legal)
        state = game.apply(state, action)
        states.append(state)
        assert len(states) <= game.max_game_length + 1
    return states


def simple_turn(game: ElfenlandGame, state: ElfenlandState) -> ElfenlandState:
    """Play one uneventful decision: draw in phase 3, pass, end, or the first legal choice."""
    texts = legal_texts(game, state)
    for quiet in ("draw", "pass", "end"):
        if quiet in texts:
            return play(game, state, quiet)
    return game.apply(state, game.legal_actions(state)[0])


def advance_to(
    game: ElfenlandGame, state: ElfenlandState, phase: int, round: int | None = None
) -> ElfenlandState:
    """Play uneventful decisions until the given phase (of the given round) is reached."""
    target_round = state.round if round is None else round
    while not (state.phase == phase and state.round == target_round):
        assert state.current is not None, "the game ended first"
        state = simple_turn(game, state)
    return state

