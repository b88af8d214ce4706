"""Elfenland actions, their canonical notation (§7) and dense ids."""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from ludoteca.core.enums import CodeStrEnum
from ludoteca.core.errors import InvalidActionError
from ludoteca.games.elfenland.board import LETTERS, EdgeId, ElfMap, Kind
from ludoteca.games.elfenland.cards import (
    MAX_PAYMENT,
    NO_CARDS,
    Cards,
    all_multisets,
    cards_text,
    parse_cards,
)


class Verb(CodeStrEnum):
    """The first word of an action's notation (§7.2), which says what kind of decision it is."""

    TAKE = "take"
    DRAW = "draw"
    PLACE = "place"
    OBSTACLE = "obstacle"
    PASS = "pass"
    MOVE = "move"
    END = "end"
    KEEP_CARDS = "keep-cards"
    KEEP_COUNTER = "keep-counter"


KEPT_CARDS = 4
"""Cards kept at the hand limit (E35)."""


class ElfAction(NamedTuple):
    """One decision. Unused fields keep their defaults, so equal decisions are equal tuples."""

    verb: Verb
    slot: int = 0
    """Display slot 1–5 of `take`."""
    edge: EdgeId = 0
    """Edge of `place`, `obstacle` and `move`."""
    counter: Kind = -1
    """Counter kind of `place` and `keep-counter`."""
    secret: bool = False
    """True if `place`/`keep-counter` names one of the player's secret counters."""
    cards: Cards = NO_CARDS
    """The payment of `move`, or the cards kept by `keep-cards`."""


DRAW_ACTION = ElfAction(Verb.DRAW)
PASS_ACTION = ElfAction(Verb.PASS)
END_ACTION = ElfAction(Verb.END)


def take(slot: int) -> ElfAction:
    """Return `take slot`."""
    return ElfAction(Verb.TAKE, slot=slot)


def place(kind: Kind, edge: EdgeId, secret: bool = False) -> ElfAction:
    """Return `place X e` (or `place X? e` for a secret counter)."""
    return ElfAction(Verb.PLACE, edge=edge, counter=kind, secret=secret)


def obstacle(edge: EdgeId) -> ElfAction:
    """Return `obstacle e`."""
    return ElfAction(Verb.OBSTACLE, edge=edge)


def move(edge: EdgeId, cards: Cards) -> ElfAction:
    """Return `move e cards`."""
    return ElfAction(Verb.MOVE, edge=edge, cards=cards)


def keep_cards(cards: Cards) -> ElfAction:
    """Return `keep-cards cards`."""
    return ElfAction(Verb.KEEP_CARDS, cards=cards)


def keep_counter(kind: Kind, secret: bool) -> ElfAction:
    """Return `keep-counter X` (or `X?`)."""
    return ElfAction(Verb.KEEP_COUNTER, counter=kind, secret=secret)


def counter_text(kind: Kind, secret: bool) -> str:
    """Return a counter reference such as 'D' or 'T?'."""
    return LETTERS[kind] + ("?" if secret else "")


def action_text(action: ElfAction) -> str:
    """Return the canonical text of `action`, without a seat prefix (§7.2)."""
    verb = action.verb
    if verb == Verb.MOVE:
        return f"move {action.edge} {cards_text(action.cards)}"
    if verb == Verb.PLACE:
        return f"place {counter_text(action.counter, action.secret)} {action.edge}"
    if verb == Verb.TAKE:
        return f"take {action.slot}"
    if verb == Verb.OBSTACLE:
        return f"obstacle {action.edge}"
    if verb == Verb.KEEP_CARDS:
        return f"keep-cards {cards_text(action.cards)}"
    if verb == Verb.KEEP_COUNTER:
        return f"keep-counter {counter_text(action.counter, action.secret)}"
    return str(verb)


_LINE = re.compile(r"^\s*(?:(\d+)\s*:\s*)?(\S+)((?:\s+\S+)*)\s*$")
_EDGE = re.compile(r"[1-9]\d*")
_COUNTER = re.compile(r"([PECUTD])(\??)")


def parse_action(elf_map: ElfMap, text: str, acting: int | None) -> ElfAction:
    """Return the action written as `text` (§7.1); InvalidActionError saying what is wrong.

    A seat prefix is accepted only if it names `acting`, the seat to act (§7.2).
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an Elfenland action is text, got {text!r}")
    match = _LINE.match(text)
    if match is None:
        raise InvalidActionError(f"{text!r} is not an Elfenland action: it is empty")
    prefix, verb, rest = match.groups()
    if prefix is not None and (acting is None or int(prefix) != acting):
        whom = "nobody" if acting is None else f"seat {acting}"
        raise InvalidActionError(f"{text!r} names seat {prefix}, but {whom} is to act")
    args = rest.split()
    try:
        return _parse_words(elf_map, verb, args)
    except InvalidActionError as error:
        raise InvalidActionError(f"{text!r}: {error}") from None


def _parse_words(elf_map: ElfMap, verb: str, args: list[str]) -> ElfAction:
    arity: dict[str, int] = {
        Verb.TAKE: 1, Verb.DRAW: 0, Verb.PLACE: 2, Verb.OBSTACLE: 1, Verb.PASS: 0, Verb.MOVE: 2,
        Verb.END: 0, Verb.KEEP_CARDS: 1, Verb.KEEP_COUNTER: 1,
    }
    if verb not in arity:
        raise InvalidActionError(f"unknown verb {verb!r}; verbs: {', '.join(arity)}")
    if len(args) != arity[verb]:
        raise InvalidActionError(f"{verb!r} takes {arity[verb]} argument(s), got {len(args)}")
    if verb == Verb.TAKE:
        if args[0] not in ("1", "2", "3", "4", "5"):
            raise InvalidActionError(f"a display slot is 1 to 5, not {args[0]!r}")
        return take(int(args[0]))
    if verb == Verb.PLACE:
        kind, secret = _counter(args[0])
        return place(kind, _edge(elf_map, args[1]), secret)
    if verb == Verb.OBSTACLE:
        return obstacle(_edge(elf_map, args[0]))
    if verb == Verb.MOVE:
        cards = _cards(args[1])
        if sum(cards) > MAX_PAYMENT:
            raise InvalidActionError(f"no payment has more than {MAX_PAYMENT} cards")
        return move(_edge(elf_map, args[0]), cards)
    if verb == Verb.KEEP_CARDS:
        cards = _cards(args[0])
        if sum(cards) != KEPT_CARDS:
            raise InvalidActionError(f"keep-cards lists exactly {KEPT_CARDS} cards to keep")
        return keep_cards(cards)
    if verb == Verb.KEEP_COUNTER:
        return keep_counter(*_counter(args[0]))
    return ElfAction(Verb(verb))


def _edge(elf_map: ElfMap, word: str) -> EdgeId:
    if not _EDGE.fullmatch(word) or not elf_map.is_edge(int(word)):
        raise InvalidActionError(f"{word!r} is not an edge id (1 to {len(elf_map.edge_ids)})")
    return int(word)


def _counter(word: str) -> tuple[Kind, bool]:
    match = _COUNTER.fullmatch(word)
    if match is None:
        raise InvalidActionError(
            f"{word!r} is not a counter: one of P E C U T D, with '?' for a secret one"
        )
    return LETTERS.index(match.group(1)), match.group(2) == "?"


def _cards(word: str) -> Cards:
    try:
        return parse_cards(word)
    except ValueError as error:
        raise InvalidActionError(str(error)) from None


class ActionIds:
    """Dense ids that depend only on the action, never on the state.

    Layout: take 1–5, draw, pass, end, place (kind, secret, road), obstacle (road),
    keep-counter (kind, secret), keep-cards (4-card multiset), move (edge, payment of 1–4).
    """

    def __init__(self, elf_map: ElfMap) -> None:
        roads = len(elf_map.road_ids)
        edges = len(elf_map.edge_ids)
        self.roads = roads
        self.payments = tuple(cards for size in range(1, MAX_PAYMENT + 1)
                              for cards in all_multisets(size))
        self.payment_index = {cards: index for index, cards in enumerate(self.payments)}
        self.kept = all_multisets(KEPT_CARDS)
        self.kept_index = {cards: index for index, cards in enumerate(self.kept)}
        self.place_base = 8
        self.obstacle_base = self.place_base + 12 * roads
        self.keep_counter_base = self.obstacle_base + roads
        self.keep_cards_base = self.keep_counter_base + 12
        self.move_base = self.keep_cards_base + len(self.kept)
        self.size = self.move_base + edges * len(self.payments)
        self._fixed = {Verb.DRAW: 5, Verb.PASS: 6, Verb.END: 7}
        self.actions = self._every_action(elf_map)
        assert len(self.actions) == self.size

    def _every_action(self, elf_map: ElfMap) -> tuple[ElfAction, ...]:
        """Return the action of every id, in id order."""
        actions = [take(slot) for slot in range(1, 6)]
        actions += [DRAW_ACTION, PASS_ACTION, END_ACTION]
        actions += [place(kind, e, bool(secret)) for kind in range(6) for secret in (0, 1)
                    for e in elf_map.road_ids]
        actions += [obstacle(e) for e in elf_map.road_ids]
        actions += [keep_counter(kind, bool(secret)) for kind in range(6) for secret in (0, 1)]
        actions += [keep_cards(cards) for cards in self.kept]
        actions += [move(e, cards) for e in elf_map.edge_ids for cards in self.payments]
        return tuple(actions)

    def to_id(self, action: ElfAction) -> int:
        """Return the id of `action`."""
        verb = action.verb
        if verb == Verb.MOVE:
            return (self.move_base + (action.edge - 1) * len(self.payments)
                    + self.payment_index[action.cards])
        if verb in (Verb.PLACE, Verb.OBSTACLE) and action.edge > self.roads:
            raise InvalidActionError(f"{action_text(action)!r} has no id: edge {action.edge} "
                                     "is not a road, so no counter or obstacle goes there")
        if verb == Verb.PLACE:
            variant = action.counter * 2 + action.secret
            return self.place_base + variant * self.roads + action.edge - 1
        if verb == Verb.TAKE:
            return action.slot - 1
        if verb == Verb.OBSTACLE:
            return self.obstacle_base + action.edge - 1
        if verb == Verb.KEEP_COUNTER:
            return self.keep_counter_base + action.counter * 2 + action.secret
        if verb == Verb.KEEP_CARDS:
            return self.keep_cards_base + self.kept_index[action.cards]
        return self._fixed[verb]

    def from_id(self, action_id: int) -> ElfAction:
        """Return the action with id `action_id` (0 <= id < size)."""
        return self.actions[action_id]


@cache
def action_ids(elf_map: ElfMap) -> ActionIds:
    """Return the id table of `elf_map`, built once and shared by every game on that map.

    The table holds an action per id (some 16,000 tuples, about 1.7 MB) and never changes, so
    every game instance, whatever its options, reads the same one.
    """
    return ActionIds(elf_map)
