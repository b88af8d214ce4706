"""Thurn und Taxis actions: one token of the notation (§7.3) each, and their dense ids.

An action is a small value that does not depend on the state, so that its id does not either:

    T3:MUE  TAKE(slot 3, MUE)      *MUE  START(MUE)      C*[ULM,NUE]  CLOSE(houses {ULM, NUE})
    TD      BLIND                  +MUE  RIGHT(MUE)      X[LOD,MUE]   DROP(kept: the 3 others)
    AD PM PC CW .                  MUE+  LEFT(MUE)
                                   /MUE  RESTART(MUE)

A close is the set of houses it places (§7.5: two spellings placing the same set are one
action); its text, `C*[…]` or `C=<region>[…]`, is worked out from the state. Only the sets a
close can ever place have ids: cities of one region (T34) or at most one city per region (T35),
23,583 sets instead of every subset of the 22 cities. A hand-limit
discard is stored as the three cards kept, so it has a small id; its text lists the cards
discarded, which the state's hand gives.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING, NamedTuple

from ludoteca.core.enums import CodeStrEnum
from ludoteca.core.errors import InvalidActionError
from ludoteca.games.thurn_und_taxis.board import Board, City

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.state import TntState


class Verb(CodeStrEnum):
    """What kind of decision an action is; the value is its notation's lead."""

    TAKE = "T"
    BLIND = "TD"
    ADMINISTRATOR = "AD"
    POSTMASTER = "PM"
    CARRIER = "PC"
    CARTWRIGHT = "CW"
    START = "*"
    RIGHT = "+"
    LEFT = "+<"
    RESTART = "/"
    CLOSE = "C"
    DROP = "X"
    END = "."


OFFICIALS = (Verb.ADMINISTRATOR, Verb.POSTMASTER, Verb.CARRIER, Verb.CARTWRIGHT)
PLAYS = (Verb.START, Verb.RIGHT, Verb.LEFT, Verb.RESTART)


class TntAction(NamedTuple):
    """One decision. Unused fields keep their defaults, so equal decisions are equal tuples."""

    verb: Verb
    slot: int = 0
    """Display slot 1–6 of a take."""
    city: City = -1
    """The card of a take or a play."""
    houses: int = 0
    """A close's houses, as a mask of cities."""
    kept: tuple[City, ...] = ()
    """A hand-limit discard's three kept cards, sorted by city id."""


BLIND = TntAction(Verb.BLIND)
ADMINISTRATOR = TntAction(Verb.ADMINISTRATOR)
POSTMASTER = TntAction(Verb.POSTMASTER)
CARRIER = TntAction(Verb.CARRIER)
CARTWRIGHT = TntAction(Verb.CARTWRIGHT)
END = TntAction(Verb.END)
SIMPLE = {action.verb.value: action
          for action in (BLIND, ADMINISTRATOR, POSTMASTER, CARRIER, CARTWRIGHT, END)}


CITIES = range(22)
_TAKES = {(slot, city): TntAction(Verb.TAKE, slot=slot, city=city)
          for slot in range(1, 7) for city in (-1, *CITIES)}
_PLAYS = {(verb, city): TntAction(verb, city=city) for verb in PLAYS for city in CITIES}
"""Takes and plays made once: the hot path hands out these very objects, so looking one up
in a legal set is an identity check."""
TAKE_ROWS = tuple(tuple(_TAKES[slot, city] for city in CITIES) for slot in range(1, 7))
"""`TAKE_ROWS[slot - 1][city]`: the take of a displayed card, found by indexing alone."""
STARTS, RIGHTS, LEFTS, RESTARTS = (
    tuple(_PLAYS[verb, city] for city in CITIES) for verb in PLAYS
)
"""Per kind of play, the play of each city's card, indexed by city."""


def take(slot: int, city: City) -> TntAction:
    """Return `T<slot>:<city>`."""
    return _TAKES.get((slot, city)) or TntAction(Verb.TAKE, slot=slot, city=city)


def play(verb: Verb, city: City) -> TntAction:
    """Return a play (`*c`, `+c`, `c+` or `/c`) of a card of `city`."""
    return _PLAYS.get((verb, city)) or TntAction(verb, city=city)


def close(houses: int) -> TntAction:
    """Return the close that places houses on the cities of mask `houses`."""
    return TntAction(Verb.CLOSE, houses=houses)


def drop(kept: tuple[City, ...]) -> TntAction:
    """Return the hand-limit discard that keeps the cards `kept`."""
    return TntAction(Verb.DROP, kept=tuple(sorted(kept)))


def play_text(board: Board, action: TntAction) -> str:
    """Return the text of a play, e.g. `+MUE` or `MUE+`."""
    code = board.city_codes[action.city]
    return f"{code}+" if action.verb == Verb.LEFT else f"{action.verb.value}{code}"


_TAKE = re.compile(r"T([1-6])(?::([A-Z]{3}))?")
_BLIND = re.compile(r"TD(?::([A-Z]{3}))?")
_PLAY = re.compile(r"([*/+])([A-Z]{3})|([A-Z]{3})\+")
_CLOSE = re.compile(r"C(?:=([A-Z]{3})|\*)\[((?:[A-Z]{3}(?:,[A-Z]{3})*)?)\]")
_DROP = re.compile(r"X\[([A-Z]{3}(?:,[A-Z]{3})*)\]")


def action_text(board: Board, state: TntState, action: TntAction) -> str:
    """Return the canonical text of `action` for the seat to act in `state` (§7.5): takes
    name their card, closes their option, hand-limit discards the cards discarded."""
    text = fixed_texts(board).get(action)
    if text is not None:
        return text
    verb = action.verb
    if verb == Verb.TAKE:
        return f"T{action.slot}:{board.city_codes[action.city]}"
    if verb in PLAYS:
        return play_text(board, action)
    seat = state.current
    if verb == Verb.CLOSE:
        route = state.routes[seat] if seat is not None else ()
        return close_text(board, state, seat, route, action.houses)
    if verb == Verb.DROP:
        return drop_text(board, state.hands[seat] if seat is not None else (), action.kept)
    return verb.value


@cache
def fixed_texts(board: Board) -> dict[TntAction, str]:
    """Return the text of every action whose text does not depend on the state (every action
    but closes and discards), made once: each action played is logged with its text."""
    texts = {action: text for text, action in SIMPLE.items()}
    for row in TAKE_ROWS:
        texts.update((take, f"T{take.slot}:{board.city_codes[take.city]}") for take in row)
    for plays in (STARTS, RIGHTS, LEFTS, RESTARTS):
        texts.update((action, play_text(board, action)) for action in plays)
    return texts


def close_text(
    board: Board, state: TntState, seat: int | None, route: tuple[City, ...], houses: int
) -> str:
    """Return `C*[…]` when `houses` is a one-per-region placement, else `C=<region>[…]`."""
    from ludoteca.games.thurn_und_taxis.moves import close_options  # moves imports this module

    listed = ",".join(board.city_codes[city] for city in route if houses >> city & 1)
    if seat is None or not route:
        return f"C*[{listed}]"
    options = close_options(route, state.houses[seat], state.supply[seat])
    if houses in options.one_per_region:
        return f"C*[{listed}]"
    region = next((r for r, sets in options.one_region if houses in sets), None)
    if region is None:  # not a legal close here: name it by its houses' region, if any
        regions = [board.city_region[city] for city in route if houses >> city & 1]
        if not regions:
            return f"C*[{listed}]"
        region = regions[0]
    return f"C={board.region_codes[region]}[{listed}]"


def drop_text(board: Board, hand: tuple[int, ...], kept: tuple[City, ...]) -> str:
    """Return `X[…]`: the cards of `hand` not among `kept`, alphabetically (§7.5)."""
    rest = list(hand) if hand else [0] * board.num_cities
    for city in kept:
        rest[city] -= 1
    return "X[" + board.cards_text(tuple(max(count, 0) for count in rest)) + "]"


class Token(NamedTuple):
    """A parsed token before the state is consulted: the action, plus what only text says."""

    action: TntAction
    region: str | None = None
    """A close's stated option: a region code for `C=`, None for `C*`."""
    one_per_region: bool = False
    dropped: tuple[City, ...] = ()
    """A hand-limit discard's listed cards (the state turns them into the kept ones)."""
    blind_city: City | None = None


def parse_token(board: Board, text: object) -> Token:
    """Return the token `text` spells (§7.4); InvalidActionError saying what is wrong."""
    if not isinstance(text, str):
        raise InvalidActionError(f"a Thurn und Taxis action is text, got {type(text).__name__}")
    word = text.strip()
    shown = repr(text[:40])
    if word in SIMPLE:
        return Token(SIMPLE[word])
    if match := _TAKE.fullmatch(word):
        slot, code = match.groups()
        return Token(take(int(slot), _city(board, code, shown) if code else -1))
    if match := _BLIND.fullmatch(word):
        code = match.group(1)
        return Token(BLIND, blind_city=_city(board, code, shown) if code else None)
    if match := _PLAY.fullmatch(word):
        lead, code, left = match.groups()
        if left is not None:
            return Token(play(Verb.LEFT, _city(board, left, shown)))
        verb = {"*": Verb.START, "/": Verb.RESTART, "+": Verb.RIGHT}[lead]
        return Token(play(verb, _city(board, code, shown)))
    if match := _CLOSE.fullmatch(word):
        region, listed = match.groups()
        if region is not None and region not in board.region_index:
            raise InvalidActionError(f"{shown}: {region!r} is not a region code")
        cities = [_city(board, code, shown) for code in listed.split(",")] if listed else []
        if len(set(cities)) != len(cities):
            raise InvalidActionError(f"{shown}: a close names each city once")
        houses = sum(1 << city for city in cities)
        return Token(close(houses), region=region, one_per_region=region is None)
    if match := _DROP.fullmatch(word):
        dropped = tuple(_city(board, code, shown) for code in match.group(1).split(","))
        return Token(TntAction(Verb.DROP), dropped=dropped)
    raise InvalidActionError(
        f"{shown} is not a Thurn und Taxis action: tokens are T<slot>[:city], TD, AD, PM, PC, "
        "CW, *city, +city, city+, /city, C=<region>[cities], C*[cities], X[cities] or ."
    )


def _city(board: Board, code: str, shown: str) -> City:
    if code not in board.city_index:
        raise InvalidActionError(f"{shown}: {code!r} is not a city code")
    return board.city_index[code]


class ActionIds:
    """Dense ids that depend only on the action.

    Layout: takes (slot, city), TD AD PM PC CW ., plays (verb, city), drops (the 3-card
    multiset kept), closes (the house sets a close can place, by their mask's value).
    """

    def __init__(self, board: Board) -> None:
        n = board.num_cities
        self.cities = n
        self.fixed = (BLIND, ADMINISTRATOR, POSTMASTER, CARRIER, CARTWRIGHT, END)
        self.fixed_base = 6 * n
        self.play_base = self.fixed_base + len(self.fixed)
        self.drop_base = self.play_base + len(PLAYS) * n
        self.kept = tuple(combinations_with_replacement(range(n), board.hand_limit))
        self.kept_index = {kept: index for index, kept in enumerate(self.kept)}
        self.close_base = self.drop_base + len(self.kept)
        self.closes = closable_sets(board.region_cities)
        self.close_index = {houses: index for index, houses in enumerate(self.closes)}
        self.size = self.close_base + len(self.closes)

    def to_id(self, action: TntAction) -> int:
        """Return the id of `action`."""
        verb = action.verb
        if verb in (Verb.TAKE, *PLAYS) and not 0 <= action.city < self.cities:
            raise InvalidActionError(f"{action!r} names no card, so it has no id")
        if verb == Verb.TAKE:
            return (action.slot - 1) * self.cities + action.city
        if verb in PLAYS:
            return self.play_base + PLAYS.index(verb) * self.cities + action.city
        if verb == Verb.CLOSE:
            index = self.close_index.get(action.houses)
            if index is None:
                raise InvalidActionError(f"{action!r} places houses in two regions, two of them "
                                         f"in one, which no close can (T34, T35): it has no id")
            return self.close_base + index
        if verb == Verb.DROP:
            return self.drop_base + self.kept_index[action.kept]
        return self.fixed_base + self.fixed.index(action)

    def from_id(self, action_id: int) -> TntAction:
        """Return the action with id `action_id` (0 <= id < size)."""
        if action_id >= self.close_base:
            return close(self.closes[action_id - self.close_base])
        if action_id >= self.drop_base:
            return drop(self.kept[action_id - self.drop_base])
        if action_id >= self.play_base:
            verb, city = divmod(action_id - self.play_base, self.cities)
            return play(PLAYS[verb], city)
        if action_id >= self.fixed_base:
            return self.fixed[action_id - self.fixed_base]
        slot, city = divmod(action_id, self.cities)
        return take(slot + 1, city)


@cache
def closable_sets(region_cities: tuple[int, ...]) -> tuple[int, ...]:
    """Return every house set a close can place, as city masks in increasing order.

    `region_cities` holds each region's cities as a mask. Option "one region" places cities of
    a single region, any of its subsets when houses run short (T34, T39); option "one per
    region" at most one city in each region (T35, T39).
    """
    masks: set[int] = set()
    for region in region_cities:
        subset = region
        while True:  # every subset of the region's mask, the empty set last
            masks.add(subset)
            if subset == 0:
                break
            subset = (subset - 1) & region
    choices = [[0, *(1 << city for city in range(region.bit_length()) if region >> city & 1)]
               for region in region_cities]
    for picks in product(*choices):
        masks.add(sum(picks))
    return tuple(sorted(masks))
