"""What a seat may know of a Suitors' Paths state (P14, S3), as JSON-safe data with a log.

Public: the board, suitors, girls and their stacks, routes and heads, the display, the whole
discard pile, the supply, each hand's size, the cards of each hand taken from the display
(`known_cards`), the deck's size. Hidden: the other cards of a hand (only its holder sees
them) and the order of the deck; a card drawn from the deck is seen only by its drawer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.codec import plain
from ludoteca.core.game import JSON, Seat
from ludoteca.core.logs import SegmentedLogRenderer
from ludoteca.games.suitors_paths.actions import COLOURS, BuildSegment, cards_text
from ludoteca.games.suitors_paths.board import INTERIOR, KIND_NAMES, NO_HEX
from ludoteca.games.suitors_paths.flow import tie_order
from ludoteca.games.suitors_paths.moves import MARKERS, auction_hexes, markers_used, unfinished
from ludoteca.games.suitors_paths.state import EVENT_FIELDS, NONE, Event, SpState, Step

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame


def observation_part(game: SpGame, state: SpState, seat: Seat | None) -> dict[str, JSON]:
    """Return the public table plus, for a seat, its own hand (the keys besides the common)."""
    board = game.board
    n = game.num_players
    acting = seat is not None and seat == state.current
    legal = game.legal_actions(state) if acting else ()
    names = board.hex_names
    keys = board.point_keys
    used = [markers_used(state, s) for s in range(n)]
    heads: list[JSON] = []
    for s in range(n):
        route = unfinished(state, s)
        heads.append(list(keys[route.points[-1]]) if route is not None else None)
    over = state.current is None
    return {
        "step": state.step.name.lower(),
        "round": state.round,
        "board": {
            "hexes": [{"hex": names[h], "q": q, "r": r, "kind": KIND_NAMES[board.kinds[h]],
                       "terrain": COLOURS[state.terrain[h]]}
                      for h, (q, r) in enumerate(board.coords)],
            "path": [names[h] for h in board.path],
            "ring2": [names[h] for h in board.ring2],
        },
        "girls": [{"hex": names[board.path[i]], "path_index": i, "stack": list(stack)}
                  for i, stack in enumerate(state.girls) if stack is not None],
        "suitors": [names[h] if h != NONE else None for h in state.starts],
        "routes": [[{"points": [list(keys[p]) for p in route.points],
                     "connected": route.girl != NONE,
                     "girl": names[board.path[route.girl]] if route.girl != NONE else None,
                     "blocks": route.blocks} for route in routes] for routes in state.routes],
        "heads": heads,
        "markers": [MARKERS - used[s] - (heads[s] is not None) for s in range(n)],
        "connections": used,
        "supply": state.supply,
        "display": [COLOURS[c] if c != NONE else None for c in state.display],
        "deck_size": len(state.deck),
        "discard_pile": [COLOURS[c] for c in state.discards],
        "hand": None if seat is None else cards_text(state.hands[seat]),
        "known_cards": [cards_text(known) for known in state.known],
        "unseen_counts": [sum(hand) - sum(known)
                          for hand, known in zip(state.hands, state.known, strict=True)],
        "turn_order": list(state.turn_order),
        "auction": _auction(game, state),
        "final_round": None if state.final_trigger == NONE else
        {"trigger": state.final_trigger, "turns_left": state.turns_left},
        "last_turn": None if state.last_turn == NONE else state.last_turn,
        "this_turn": None if state.round == 0 else {
            "scrapped": state.scrapped, "segments": state.built,
            "connected": None if state.connected == NONE else names[board.path[state.connected]],
            "taken": state.taken, "took_colour": state.took_colour,
        },
        "buildable": _buildable(game, state, legal) if state.step == Step.BUILD else [],
        "tie_order": list(tie_order(state.turn_order, state.last_turn)) if over else [],
    }


def hand_sizes(state: SpState) -> list[int]:
    """Return per seat the number of cards in hand."""
    return [sum(hand) for hand in state.hands]


def end_reason(state: SpState) -> str:
    """Return why the game ended, as the state records it (P63, P64, S1)."""
    return state.end_reason


def _auction(game: SpGame, state: SpState) -> JSON:
    if state.step not in (Step.AUCTION, Step.PAY):
        return None
    names = game.board.hex_names
    opened = state.auction_hex != NONE
    return {
        "opener": state.opener,
        "hex": names[state.auction_hex] if opened else None,
        "bid": state.bid if opened else None,
        "high_bidder": state.high_bidder if opened else None,
        "passed": [s for s in range(game.num_players) if state.passed >> s & 1],
        "legal_hexes": [] if opened else [names[h] for h in auction_hexes(game.board,
                                                                         state.starts)],
        "to_pay": state.bid if state.step == Step.PAY else None,
    }


def _buildable(game: SpGame, state: SpState, legal: tuple[Any, ...]) -> list[JSON]:
    """Return one entry per legal segment: its ends, name, requirement and payments."""
    board = game.board
    needs = game.needs(state.terrain)
    entries: dict[tuple[Any, Any], dict[str, JSON]] = {}
    for action in legal:
        if not isinstance(action, BuildSegment):
            continue
        entry = entries.get((action.frm, action.to))
        if entry is None:
            frm = board.point_index[action.frm]
            to = board.point_index[action.to]
            segment = board.segment_between[(frm, to) if frm < to else (to, frm)]
            h = board.centre_hex[to]
            entry = entries[(action.frm, action.to)] = {
                "from": list(action.frm), "to": list(action.to),
                "segment": board.segment_text(frm, to), "requirement": COLOURS[needs[segment]],
                "payments": [], "connects": h != NO_HEX and board.kinds[h] != INTERIOR,
            }
        payments = entry["payments"]
        assert isinstance(payments, list)
        payments.append(action.payment)
    return list(entries.values())


class LogRenderer(SegmentedLogRenderer[Event]):
    """Renders the structured log, one round per segment (the auctions first)."""

    def __init__(self, game: SpGame) -> None:
        super().__init__(self._entries)

    def _entries(self, events: tuple[Event, ...], viewer: Seat | None) -> list[dict[str, JSON]]:
        return [entry(event, viewer) for event in events]


def entry(event: Event, viewer: Seat | None) -> dict[str, JSON]:
    """Return one event as `viewer` may see it: a deck card only for its drawer."""
    kind, text, *values = event
    result: dict[str, JSON] = {"kind": kind, "text": text}
    for name, value in zip(EVENT_FIELDS[kind], values, strict=True):
        result[name] = plain(value)
    if kind == "take_deck" and viewer != result["seat"]:
        result["colour"] = None
    elif kind == "refill":
        result["slots"] = {str(slot): letter for slot, letter in values[0]}
    return result
