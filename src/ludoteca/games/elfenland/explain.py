"""Why an action is illegal, in words a player understands, with the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.elfenland.actions import (
    ElfAction,
    Verb,
    action_text,
)
from ludoteca.games.elfenland.board import KIND_NAMES, TERRAINS
from ludoteca.games.elfenland.cards import cards_text, covers
from ludoteca.games.elfenland.state import (
    NONE,
    PHASE_WORDS,
    ElfenlandState,
    Phase,
)

if TYPE_CHECKING:
    from ludoteca.games.elfenland.rules import ElfenlandGame

VERB_PHASE = {
    Verb.TAKE: Phase.OPEN_PICKS, Verb.DRAW: Phase.OPEN_PICKS, Verb.PLACE: Phase.PLACEMENT,
    Verb.OBSTACLE: Phase.PLACEMENT, Verb.PASS: Phase.PLACEMENT, Verb.MOVE: Phase.MOVEMENT,
    Verb.END: Phase.MOVEMENT, Verb.KEEP_COUNTER: Phase.ROUND_END,
}


def explain_illegal(game: ElfenlandGame, state: ElfenlandState, action: object) -> str:
    """Return a sentence saying why `action` is not legal in `state`."""
    if not isinstance(action, ElfAction):
        return f"{action!r} is not an Elfenland action"
    text = action_text(action)
    seat = state.current
    if seat is None:
        return f"{text!r}: the game is over"
    reason = _reason(game, state, seat, action)
    return f"{text!r} is not allowed for seat {seat}: {reason}"


def _reason(game: ElfenlandGame, state: ElfenlandState, seat: int, action: ElfAction) -> str:
    verb = action.verb
    phase = state.phase
    if state.discarding and verb != Verb.KEEP_CARDS:
        return "after ending the move, the seat must first keep 4 cards (hand_limit_timing)"
    if verb == Verb.KEEP_CARDS:
        hand = state.hands[seat]
        if phase != Phase.ROUND_END and not (phase == Phase.MOVEMENT and state.discarding):
            doing = PHASE_WORDS[phase].doing
            return f"cards are kept only at the end of the round, and this is {doing}"
        if sum(hand) <= 4:
            return "the hand has 4 cards or fewer, so nothing is discarded (E35)"
        return f"the hand {cards_text(hand)} does not hold {cards_text(action.cards)} (E35)"
    expected = VERB_PHASE[verb]
    if phase != expected:
        return f"this is {PHASE_WORDS[phase].doing}, so {str(verb)!r} cannot be played now (E8)"
    if verb == Verb.PLACE:
        return _placement_reason(game, state, seat, action)
    if verb == Verb.OBSTACLE:
        return _obstacle_reason(game, state, seat, action)
    if verb == Verb.MOVE:
        return _move_reason(game, state, seat, action)
    if verb == Verb.TAKE:
        return f"display slot {action.slot} is empty (E15)"
    if verb == Verb.DRAW:
        return "the supply is empty (E15)"
    if verb == Verb.KEEP_COUNTER:
        if sum(state.hands[seat]) > 4:
            return "the seat must first choose the 4 cards it keeps (E37)"
        return "the seat holds no such counter (E36)"
    return "it is not a legal choice here"


def _placement_reason(
    game: ElfenlandGame, state: ElfenlandState, seat: int, action: ElfAction
) -> str:
    held = state.secret_counters[seat] if action.secret else state.open_counters[seat]
    kind = KIND_NAMES[action.counter]
    if not held[action.counter]:
        which = "secret" if action.secret else "open"
        return f"the seat holds no {which} {kind} counter (E17, §7.2)"
    edge = game.map.edge(action.edge)
    if not edge.is_road:
        return f"edge {action.edge} is a {TERRAINS[edge.terrain]}; counters go on roads only (E17)"
    if state.road_counter[action.edge] != NONE:
        return f"road {action.edge} already holds a counter (E17)"
    return f"a {kind} cannot be placed on a {TERRAINS[edge.terrain]} road (E17, chart)"


def _obstacle_reason(
    game: ElfenlandGame, state: ElfenlandState, seat: int, action: ElfAction
) -> str:
    if not state.has_obstacle[seat]:
        return "the seat has already used its one obstacle of the game (E19)"
    edge = game.map.edge(action.edge)
    if not edge.is_road:
        return f"edge {action.edge} is a {TERRAINS[edge.terrain]}; obstacles go on roads (E18)"
    if state.road_counter[action.edge] == NONE:
        return f"road {action.edge} holds no counter, and an obstacle needs one (E18)"
    return f"road {action.edge} already holds an obstacle (E18)"


def _move_reason(game: ElfenlandGame, state: ElfenlandState, seat: int, action: ElfAction) -> str:
    town = state.boots[seat]
    names = game.map.town_names
    edge = game.map.edge(action.edge)
    if town not in (edge.a, edge.b):
        return f"edge {action.edge} does not touch {names[town]}, where the boot stands (§7.2)"
    hand = state.hands[seat]
    if edge.is_road and state.road_counter[action.edge] == NONE:
        return f"road {action.edge} holds no counter, so it cannot be travelled (E25)"
    if not covers(hand, action.cards):
        return f"the hand {cards_text(hand)} does not hold {cards_text(action.cards)} (E29)"
    payments = game.moves.payments(state, action.edge, town, hand)
    if payments:
        choices = ", ".join(cards_text(cards) for cards in payments)
        return f"edge {action.edge} is paid exactly with one of {choices} (E26-E29)"
    return f"the hand {cards_text(hand)} cannot pay for edge {action.edge} (E26-E29)"
