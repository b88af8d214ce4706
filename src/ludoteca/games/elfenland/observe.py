"""What a seat may know of an Elfenland state (E43), as JSON-safe data with a structured log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.game import JSON, Seat
from ludoteca.core.logs import SegmentedLogRenderer
from ludoteca.games.elfenland.actions import Verb, action_text, counter_text
from ludoteca.games.elfenland.board import LETTERS, Kind
from ludoteca.games.elfenland.cards import cards_text
from ludoteca.games.elfenland.flow import TOWNS_TO_COLLECT
from ludoteca.games.elfenland.state import (
    NONE,
    PHASE_WORDS,
    ActionEvent,
    ClearEvent,
    ElfenlandState,
    Event,
    GameEndEvent,
    KeepCardsEvent,
    KeepCounterEvent,
    PickEvent,
    RefillEvent,
    ReshuffleEvent,
    RoundEvent,
    SecretDrawEvent,
)

if TYPE_CHECKING:
    from ludoteca.games.elfenland.rules import ElfenlandGame


def observation_part(
    game: ElfenlandGame, state: ElfenlandState, seat: Seat | None
) -> dict[str, JSON]:
    """Return the public table plus, for a seat, its own hand and secrets (besides the common)."""
    elf_map = game.map
    names = elf_map.town_names
    return {
        "round": state.round,
        "rounds": game.settings.rounds,
        "phase": state.phase,
        "phase_name": PHASE_WORDS[state.phase].name,
        "start_player": state.start,
        "discarding": state.discarding,
        "boots": [names[town] for town in state.boots],
        "visited": [
            [names[town] for town in range(elf_map.num_towns) if visited >> town & 1]
            for visited in state.visited
        ],
        "hand": None if seat is None else cards_text(state.hands[seat]),
        "secret_counters": None if seat is None else cards_text(state.secret_counters[seat]),
        "secret_counts": [sum(held) for held in state.secret_counters],
        "open_counters": [cards_text(held) for held in state.open_counters],
        "has_obstacle": list(state.has_obstacle),
        "display": [None if kind == NONE else LETTERS[kind] for kind in state.display],
        "roads": [
            {
                "edge": e,
                "counter": LETTERS[state.road_counter[e]],
                "placed_by": state.road_placer[e],
                "obstacle_by": None if state.road_obstacle[e] == NONE else state.road_obstacle[e],
            }
            for e in elf_map.road_ids if state.road_counter[e] != NONE
        ],
        "discard_pile": cards_text(state.discards),
        "draw_pile_size": len(state.draw_pile),
        "supply_size": len(state.supply),
        "ranks": list(state.ranks),
    }


def hand_sizes(state: ElfenlandState) -> list[int]:
    """Return per seat the number of cards in hand."""
    return [sum(hand) for hand in state.hands]


def end_reason(state: ElfenlandState) -> str:
    """Return why the game ended: "all_towns" (E33) or "last_round" (E34)."""
    # E33 is checked before E34, and pieces are never lost, so a 20-piece seat means E33.
    if any(visited.bit_count() >= TOWNS_TO_COLLECT for visited in state.visited):
        return "all_towns"
    return "last_round"


class LogRenderer(SegmentedLogRenderer[Event]):
    """Renders the structured log, one round per segment, each entry with its record line."""

    def __init__(self, game: ElfenlandGame) -> None:
        super().__init__(self._round_entries)
        self.town_names = game.map.town_names

    def _round_entries(
        self, events: tuple[Event, ...], viewer: Seat | None
    ) -> list[dict[str, JSON]]:
        return [self.entry(event, viewer) for event in events]

    def entry(self, event: Event, viewer: Seat | None) -> dict[str, JSON]:
        """Return one event as `viewer` may see it, with its record line as `text`."""
        if isinstance(event, ActionEvent):
            return self._action_entry(event)
        if isinstance(event, PickEvent):
            verb = "take" if event.slot else "draw"
            return {
                "kind": verb, "seat": event.seat, "slot": event.slot or None,
                "counter": LETTERS[event.counter], "refill": _letter(event.refill),
                "text": f"{event.seat}: " + (f"take {event.slot}" if event.slot else "draw"),
            }
        own = viewer is not None and viewer == getattr(event, "seat", NONE)
        if isinstance(event, RefillEvent):
            cards = cards_text(event.cards) if own else None
            return {
                "kind": "refill", "seat": event.seat, "number": event.number, "cards": cards,
                "text": f"# {event.seat} draws {event.number} card(s)"
                        + (f": {cards}" if cards else ""),
            }
        if isinstance(event, SecretDrawEvent):
            counter = _letter(event.counter) if own else None
            return {
                "kind": "secret", "seat": event.seat, "counter": counter,
                "text": f"# {event.seat} draws a secret counter" + (f": {counter}" if own else ""),
            }
        if isinstance(event, KeepCardsEvent):
            return self._keep_cards_entry(event, own)
        if isinstance(event, KeepCounterEvent):
            return self._keep_counter_entry(event, own)
        if isinstance(event, RoundEvent):
            return {"kind": "round", "round": event.round, "start": event.start,
                    "text": f"# round {event.round}, start player {event.start}"}
        if isinstance(event, ReshuffleEvent):
            return {"kind": "reshuffle", "number": event.number,
                    "text": f"# the discard pile is shuffled into a draw pile of {event.number}"}
        if isinstance(event, ClearEvent):
            return {"kind": "clear", "number": event.number,
                    "text": f"# the board is cleared; {event.number} counters go to the supply"}
        if isinstance(event, GameEndEvent):
            winners = [seat for seat, rank in enumerate(event.ranks) if rank == 1]
            return {
                "kind": "end", "scores": list(event.scores), "hand_sizes": list(event.hand_sizes),
                "ranks": list(event.ranks), "winners": winners,
                "text": f"# game over: pieces {list(event.scores)}, ranks {list(event.ranks)}",
            }
        raise TypeError(f"not an Elfenland event: {event!r}")

    def _action_entry(self, event: ActionEvent) -> dict[str, JSON]:
        action = event.action
        entry: dict[str, JSON] = {
            "kind": action.verb, "seat": event.seat,
            "text": f"{event.seat}: {action_text(action)}",
        }
        if action.verb in (Verb.PLACE, Verb.OBSTACLE, Verb.MOVE):
            entry["edge"] = action.edge
        if action.verb == Verb.PLACE:
            entry["counter"] = LETTERS[action.counter]
            entry["secret"] = action.secret
        if action.verb == Verb.MOVE:
            entry["cards"] = cards_text(action.cards)
            entry["town"] = self.town_names[event.town]
            entry["piece"] = event.piece
        return entry

    def _keep_cards_entry(self, event: KeepCardsEvent, own: bool) -> dict[str, JSON]:
        discarded = cards_text(event.discarded)
        kept = cards_text(event.kept) if own else None
        text = (f"{event.seat}: keep-cards {kept}" if own
                else f"# {event.seat} keeps 4 cards and discards {discarded}")
        return {"kind": "keep-cards", "seat": event.seat, "kept": kept, "discarded": discarded,
                "text": text}

    def _keep_counter_entry(self, event: KeepCounterEvent, own: bool) -> dict[str, JSON]:
        shown = own or not event.secret
        kept = counter_text(event.counter, event.secret) if shown else None
        discarded = cards_text(event.open_discarded)
        text = (f"{event.seat}: keep-counter {kept}" if shown
                else f"# {event.seat} keeps a secret counter")
        return {
            "kind": "keep-counter", "seat": event.seat, "counter": kept, "secret": event.secret,
            "open_discarded": discarded, "secret_discarded": event.secret_discarded,
            "text": text,
        }


def _letter(kind: Kind) -> str | None:
    return LETTERS[kind] if kind >= 0 else None
