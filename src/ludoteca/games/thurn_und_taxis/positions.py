"""Thurn und Taxis positions from text, in the rules document's shorthand (§7.2).

A position text has one fact per line, `key: value`, in any order; blank lines and lines
starting with `#` are skipped. Per-seat facts list `seat=value` items (seats 0..n-1; seats
left out get the default). Cards are city codes joined by commas, routes by `-`:

    to move: 2
    round: 12
    point: after_play
    display: [STU ULM MUE ZUE _ AUG]
    deck: WUE NUE ING ...
    hands: 0=ULM,KEM 2=BAS,LIN,PAS
    routes: 2=SIG-STU-NUE
    houses: 1=NUE
    carriages: 2=6
    tiles: 2=route_5:2,region_BAD:3
    taken: route_7=4
    game end: 1
    seed: 5

Required: `to move`. Defaults: round 1; point `draw` (the names of §4.10's points: draw,
after_administrator, after_take, after_postmaster, play, after_play, after_carrier,
after_second_play, after_cartwright, after_close); `forced: yes` when the hand is empty at
the draw point, else no; `official: -` (or AD, PM, PC, CW); cards played this turn from the
point; no cards, routes, houses, carriages or tiles; `supply` 20 minus the houses placed;
`taken` from the tiles held; no holder of the game-end tile; seed 0; reshuffles 0.

A finished game is `point: over` with no `to move`; its ranks follow from the scores and the
holder (T58, T59). `end reason` (carriage_7, last_house, round_limit) defaults to round_limit
for a finished game nobody triggered, else to carriage_7 when the holder has the 7-carriage and
last_house when not; a reason given must agree with the table. `reshuffles` counts the discard
piles shuffled into a deck so far: the next reshuffle is the seed's shuffle of that number.

The cards nowhere else go below `deck` (the top cards, listed top first) when it ends with
`...`, or to the discard pile when it does not (then `discards` may not be given too); without
`deck`, they are shuffled with `seed` into the deck. A display not given is dealt first from
those cards, shuffled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.draft import thaw
from ludoteca.core.errors import StateFormatError
from ludoteca.core.positions import read_facts, read_number, read_seat
from ludoteca.games.thurn_und_taxis import codec
from ludoteca.games.thurn_und_taxis.actions import OFFICIALS
from ludoteca.games.thurn_und_taxis.board import Board, City, bits
from ludoteca.games.thurn_und_taxis.flow import open_draft
from ludoteca.games.thurn_und_taxis.state import (
    NONE,
    REASON_CARRIAGE,
    REASON_HOUSES,
    REASON_ROUND_LIMIT,
    EndEvent,
    Point,
    TntState,
    TurnEvent,
)

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame

T = TypeVar("T")
KEYS = (
    "to move", "round", "point", "forced", "official", "played", "display", "deck",
    "discards", "hands", "blind", "routes", "houses", "supply", "carriages", "tiles", "taken",
    "game end", "end reason", "seed", "reshuffles",
)
MORE = "..."
PLAYED_AT = {Point.AFTER_PLAY: 1, Point.AFTER_CARRIER: 1, Point.AFTER_SECOND_PLAY: 2,
             Point.AFTER_CARTWRIGHT: 1, Point.AFTER_CLOSE: 1}
POINT_NAMES = {point.name.lower(): point for point in Point}


def position_from_text(game: TntGame, text: str) -> TntState:
    """Return the state `text` describes; StateFormatError saying what is wrong."""
    board = game.board
    n = game.num_players
    facts = read_facts(text, KEYS, (), "Thurn und Taxis")
    point_name = facts.get("point", "draw")
    if point_name not in POINT_NAMES:
        raise StateFormatError(f"point must be one of {', '.join(POINT_NAMES)}")
    point = POINT_NAMES[point_name]
    current = _to_move(facts, n, point)
    no_cards = (0,) * board.num_cities
    hands = _per_seat(facts.get("hands"), n, no_cards, lambda v: _multiset(board, v))
    blind = _per_seat(facts.get("blind"), n, no_cards, lambda v: _multiset(board, v))
    no_route: tuple[City, ...] = ()
    routes = _per_seat(facts.get("routes"), n, no_route, lambda v: _route(board, v))
    houses = _per_seat(facts.get("houses"), n, 0,
                       lambda v: sum(1 << city for city in _cities(board, v, ",")))
    supply = tuple(board.houses_per_player - mask.bit_count() for mask in houses)
    supply = _per_seat(facts.get("supply"), n, 0, lambda v: read_number(v, "supply"),
                       defaults=supply)
    carriages = _per_seat(facts.get("carriages"), n, 0, lambda v: read_number(v, "carriage"))
    no_tiles: tuple[tuple[int, int], ...] = ()
    tiles = _per_seat(facts.get("tiles"), n, no_tiles, lambda v: _tiles(board, v))
    held = [0] * len(board.stacks)
    for seat_tiles in tiles:
        for index, _ in seat_tiles:
            held[index] += 1
    holder = NONE
    if "game end" in facts:
        holder = read_seat(facts["game end"], n, "game end")
    if holder != NONE and not held[board.game_end_stack]:
        stack = board.game_end_stack
        tiles = (*tiles[:holder], (*tiles[holder], (stack, board.stacks[stack].values[0])),
                 *tiles[holder + 1:])
        held[stack] += 1
    taken = list(held)
    for item in facts.get("taken", "").split():
        name, _, number = item.partition("=")
        if name not in board.stack_index:
            raise StateFormatError(f"taken: {name!r} is not a bonus stack")
        taken[board.stack_index[name]] = read_number(number, f"taken {name}")
    official = NONE
    if facts.get("official", "-") != "-":
        names = [verb.value for verb in OFFICIALS]
        if facts["official"] not in names:
            raise StateFormatError(f"official must be -, {', '.join(names)}")
        official = names.index(facts["official"])
    seed = read_number(facts.get("seed", "0"), "seed")

    placed = [0] * board.num_cities
    for cards in hands:
        for city, count in enumerate(cards):
            placed[city] += count
    for route in routes:
        for city in route:
            placed[city] += 1
    display: list[City] | None = None
    if "display" in facts:
        display = _display(board, facts["display"])
        for city in display:
            if city != NONE:
                placed[city] += 1
    discards = _multiset(board, facts["discards"]) if "discards" in facts else no_cards
    for city, count in enumerate(discards):
        placed[city] += count
    top: list[City] = []
    more = True
    if "deck" in facts:
        words = facts["deck"].replace(",", " ").split()
        more = bool(words) and words[-1] == MORE
        top = [_city(board, word) for word in (words[:-1] if more else words)]
        for city in top:
            placed[city] += 1
    over = [board.city_codes[c] for c, count in enumerate(placed) if count > board.cards_per_city]
    if over:
        raise StateFormatError(f"more than {board.cards_per_city} cards of {', '.join(over)}")
    rest = shuffled([city for city, count in enumerate(placed)
                     for _ in range(board.cards_per_city - count)], event_rng(seed, "position"))
    if display is None:  # dealt from the cards nowhere else, so a given deck top stays on top
        display, rest = list(rest[: board.display_slots]), rest[board.display_slots :]
        display += [NONE] * (board.display_slots - len(display))
    if "deck" in facts and not more:
        if rest and "discards" in facts:
            leftover = ",".join(sorted(board.city_codes[c] for c in rest))
            raise StateFormatError(f"the cards {leftover} are nowhere; end the deck with ...")
        discard_list = list(discards)
        for city in rest:
            discard_list[city] += 1
        discards, deck = tuple(discard_list), tuple(top)
    else:
        deck = (*top, *rest)
    forced_default = current is not None and point == Point.DRAW and not any(hands[current])
    game_round = read_number(facts.get("round", "1"), "round")
    _check_round(game, game_round, point, holder)
    state = TntState(
        seed=seed, reshuffles=read_number(facts.get("reshuffles", "0"), "reshuffles"),
        round=game_round,
        current=current, point=point,
        forced=_yes_no(facts.get("forced"), forced_default), official=official,
        played=read_number(facts.get("played", str(PLAYED_AT.get(point, 0))), "played"),
        display=tuple(display), deck=tuple(deck), discards=discards, hands=hands,
        blind=blind, routes=routes, houses=houses, supply=supply, carriages=carriages,
        tiles=tiles, taken=tuple(taken), end_holder=holder,
        end_reason=_reason(board, facts.get("end reason"), point, holder, carriages, supply),
        ranks=(), log=(),
    )
    state = _with_log(game, state)
    codec.check_state(game, state)
    return game.flow.settle(open_draft(state))


def _to_move(facts: dict[str, str], n: int, point: Point) -> int | None:
    """Return the seat to act: none in a finished game, which has nobody to move."""
    if point == Point.OVER:
        if "to move" in facts:
            raise StateFormatError("a finished game (point: over) has nobody to move; "
                                   "leave out 'to move'")
        return None
    if "to move" not in facts:
        raise StateFormatError("a Thurn und Taxis position text needs to move "
                               "(or point: over for a finished game)")
    return read_seat(facts["to move"], n, "to move")


def _check_round(game: TntGame, game_round: int, point: Point, holder: int) -> None:
    """Refuse a round past the last one, and an end that nothing brought (T53-T55)."""
    last = game.settings.last_round
    if game_round > last:
        raise StateFormatError(f"round {game_round} is past the last round, {last}")
    if point == Point.OVER and holder == NONE and game_round != last:
        raise StateFormatError(
            f"a game ends only after someone takes the game-end tile (game end) or after the "
            f"last round ({last}); point: over in round {game_round} has neither")


def _with_log(game: TntGame, state: TntState) -> TntState:
    """Return `state` with the log of a game read from text: its turn, or its end."""
    draft = thaw(state)
    if state.current is None:  # the ranks and the end event, as Flow.finish records them
        draft.ranks = game.flow.ranks(state)
        draft.log = ((EndEvent(game.flow.scores(state), draft.ranks, state.end_reason),),)
    else:
        draft.log = ((TurnEvent(state.round, state.current),),)
    return draft.freeze()


def _reason(board: Board, given: str | None, point: Point, holder: int,
            carriages: tuple[int, ...], supply: tuple[int, ...]) -> str:
    """Return why the end came (T53-T55); a reason given must agree with the table."""
    over = point == Point.OVER
    if given is None:
        if holder == NONE:
            return REASON_ROUND_LIMIT if over else ""
        return REASON_CARRIAGE if carriages[holder] == board.last_carriage else REASON_HOUSES
    reasons = (REASON_CARRIAGE, REASON_HOUSES, REASON_ROUND_LIMIT)
    if given not in reasons:
        raise StateFormatError(f"end reason must be one of {', '.join(reasons)}, "
                               f"not {given[:20]!r}")
    if given == REASON_ROUND_LIMIT:
        if holder != NONE or not over:
            raise StateFormatError("end reason round_limit is for a finished game (point: over) "
                                   "in which nobody took the game-end tile (no game end)")
        return given
    if holder == NONE:
        raise StateFormatError(f"end reason {given} needs the seat that took the game-end "
                               "tile (game end)")
    if given == REASON_CARRIAGE and carriages[holder] != board.last_carriage:
        raise StateFormatError(f"end reason carriage_7, but seat {holder} (game end) has no "
                               f"{board.last_carriage}-carriage")
    if given == REASON_HOUSES and supply[holder]:
        raise StateFormatError(f"end reason last_house, but seat {holder} (game end) still has "
                               f"{supply[holder]} houses in supply")
    return given


def _yes_no(value: str | None, default: bool) -> bool:
    if value is None:
        return default
    if value not in ("yes", "no"):
        raise StateFormatError(f"expected yes or no, not {value[:20]!r}")
    return value == "yes"


def _per_seat(
    value: str | None, n: int, default: T, read: Callable[[str], T],
    defaults: tuple[T, ...] | None = None,
) -> tuple[T, ...]:
    """Return a tuple per seat from `0=… 2=…` items, the rest at their defaults."""
    result = list(defaults) if defaults is not None else [default] * n
    if not value:
        return tuple(result)
    for item in value.split():
        seat_text, equals, text = item.partition("=")
        if not equals:
            raise StateFormatError(f"{item[:30]!r} is not a seat=value item")
        result[read_seat(seat_text, n, "seat")] = default if text == "-" else read(text)
    return tuple(result)


def _city(board: Board, code: str) -> City:
    if code not in board.city_index:
        raise StateFormatError(f"{code[:10]!r} is not a city code")
    return board.city_index[code]


def _cities(board: Board, text: str, sep: str) -> list[City]:
    return [_city(board, code) for code in text.split(sep) if code]


def _multiset(board: Board, text: str) -> tuple[int, ...]:
    cards = [0] * board.num_cities
    for city in _cities(board, text.replace(" ", ","), ","):
        cards[city] += 1
    return tuple(cards)


def _route(board: Board, text: str) -> tuple[City, ...]:
    return () if text == "()" else tuple(_cities(board, text, "-"))


def _tiles(board: Board, text: str) -> tuple[tuple[int, int], ...]:
    tiles = []
    for item in text.split(","):
        name, _, value = item.partition(":")
        if name not in board.stack_index:
            raise StateFormatError(f"{name[:20]!r} is not a bonus stack")
        tiles.append((board.stack_index[name], read_number(value, f"tile {name}")))
    return tuple(tiles)


def _display(board: Board, text: str) -> list[City]:
    words = text.strip().removeprefix("[").removesuffix("]").split()
    if len(words) != board.display_slots:
        raise StateFormatError(f"a display has {board.display_slots} entries, _ for empty")
    return [NONE if word == "_" else _city(board, word) for word in words]


def position_to_text(game: TntGame, state: TntState) -> str:
    """Return the position text of `state`; reading it back gives the same table."""
    board = game.board
    codes = board.city_codes

    def per_seat(values: tuple[str, ...]) -> str:
        return " ".join(f"{seat}={value}" for seat, value in enumerate(values) if value)

    lines = [
        "" if state.current is None else f"to move: {state.current}", f"round: {state.round}",
        f"point: {state.point.name.lower()}", f"forced: {'yes' if state.forced else 'no'}",
        "official: " + ("-" if state.official == NONE else OFFICIALS[state.official].value),
        f"played: {state.played}",
        "display: [" + " ".join("_" if c == NONE else codes[c] for c in state.display) + "]",
        "deck: " + " ".join(codes[c] for c in state.deck),
        "discards: " + board.cards_text(state.discards),
        "hands: " + per_seat(tuple(board.cards_text(h) for h in state.hands)),
        "blind: " + per_seat(tuple(board.cards_text(b) for b in state.blind)),
        "routes: " + per_seat(tuple("-".join(codes[c] for c in r) for r in state.routes)),
        "houses: " + per_seat(tuple(",".join(codes[c] for c in bits(m)) for m in state.houses)),
        "supply: " + " ".join(f"{seat}={left}" for seat, left in enumerate(state.supply)),
        "carriages: " + per_seat(tuple(str(c) if c else "" for c in state.carriages)),
        "tiles: " + per_seat(tuple(",".join(f"{board.stacks[s].id}:{v}" for s, v in held)
                                   for held in state.tiles)),
        "taken: " + " ".join(f"{stack.id}={state.taken[i]}"
                             for i, stack in enumerate(board.stacks) if state.taken[i]),
        f"seed: {state.seed}",
        f"reshuffles: {state.reshuffles}" if state.reshuffles else "",
    ]
    if state.end_holder != NONE:
        lines.append(f"game end: {state.end_holder}")
    if state.end_reason:
        lines.append(f"end reason: {state.end_reason}")
    return "\n".join(line for line in lines if line and not line.endswith(": "))
