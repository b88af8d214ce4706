"""Suitors' Paths positions from text, in the shorthand of the rules document's examples (§7).

A position text has one fact per line, `key: value`, in any order; blank lines and lines
starting with `#` are skipped. Players are the examples' letters A–E (the rules' seats 1–5,
engine seats 0–4). Cards are colour letters (G Y R K B M), hexes `q,r`, segments as in §8:

    board: GGBY YGGRR GYBKYR KRGRB BYGK
    suitors: C=2,1 D=4,1 B=1,3 A=3,3
    turn order: C D B A
    girls: 2,0 4,0 5,0=BDAC 4,3 0,2=C
    hands: C=GY B=GGGK
    display: GYMGKB
    deck: RYB ...
    routes: C=1,1/SE-S|0,2/NE-C B=1,2/S-C|1,2/C-NW
    step: build
    to move: B

Keys and defaults:
- `board`: the terrain rows, top first (also as the rules' fixture strings
  `r0 "GGBY", r1 "YGGRR", …`); default the board `seed` deals.
- `suitors`: seat=hex; `turn order`: the seats in turn order, default the order of `suitors`.
- `girls`: a hex, or hex=stack (bottom first); default where `seed` places them, route-less.
- `hands`, `known` (cards of a hand the others have seen): seat=cards; default none.
- `display`: six letters, `_` for an empty slot; default dealt from the cards nowhere else.
- `deck`: its top cards, top first; ending with `...` the cards nowhere else follow shuffled
  (also without `deck`). Without `...` it is the whole deck, and a card no line places is
  refused (it used to go to the discard pile unsaid). `discards`: bottom first.
- `routes`: seat=segments joined by `|`, in build order from a corner of the seat's suitor
  hex; a seat's routes in order (repeat the seat), a route ending in a girl's centre connected.
  A segment ending in `*` holds no block (built after the supply ran out, P48): the last ones.
- `supply`: default 120 minus the blocks on the board.
- `step`: auction, pay, build, girl, cards, discard or over (default build; auction without
  suitors for every seat). `to move`: default the first in turn order (none when over).
  `round`: default 1 (0 in the auctions, and only there). Between auctions `to move` opens the
  next one; an auction under way (or the winner's payment, step pay) gives `auction` (the hex),
  `bid` (the high bidder and the bid, `B 3`), `passed` (seats) and `opener`.
- `connected`: the hex of the girl connected this turn (the girl step's P53); `built`:
  segments built this turn (default: 1 with `connected`); `taken`: cards taken in this card
  step; `this turn`: any of `scrapped`, `virtual` (the supply ran out in this build step),
  `took-all` (a whole colour was taken); `final round`: the trigger seat and the turns left
  (`D 2`); `last turn`: a seat; `turns`, `idle turns` (S1's counters), `reshuffles` (0);
  `end` (the end reason, with step over) and `winner` (checked against P66–P68);
  `seed`: the seed of future chance and of the defaults (0).

The log is no part of a position: `position_from_text(position_to_text(s))` is `s` but for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.draft import thaw
from ludoteca.core.errors import InvalidActionError, StateFormatError
from ludoteca.core.game import Seat
from ludoteca.core.positions import read_facts, read_number
from ludoteca.games.suitors_paths import codec
from ludoteca.games.suitors_paths import position_parts as parts
from ludoteca.games.suitors_paths.actions import COLOUR_INDEX, COLOURS, ActionIds, BuildSegment
from ludoteca.games.suitors_paths.board import INTERIOR, NO_HEX, Hex, PointId
from ludoteca.games.suitors_paths.board import game_data as _data
from ludoteca.games.suitors_paths.moves import card_actions, girl_moves
from ludoteca.games.suitors_paths.state import NONE, Cards, Route, SpState, Stack, Step

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

KEYS = (
    "board", "suitors", "turn order", "girls", "hands", "known", "display", "deck", "discards",
    "routes", "supply", "step", "to move", "round", "auction", "bid", "passed", "opener",
    "connected", "built", "taken", "this turn", "final round", "last turn", "turns",
    "idle turns", "reshuffles", "end", "winner", "seed",
)
MORE = "..."
VIRTUAL = "*"
"""Marks a route's segment built without a block (P48); such segments end their route."""
STEPS = {step.name.lower(): step for step in Step}


def position_from_text(game: SpGame, text: str) -> SpState:
    """Return the state `text` describes; StateFormatError saying what is wrong."""
    return position_from_facts(game, read_facts(text, KEYS, (), "Suitors' Paths"))


def position_from_facts(game: SpGame, facts: Mapping[str, str]) -> SpState:
    """Return the state the facts describe (the keys and values of a position text)."""
    unknown = sorted(set(facts) - set(KEYS))
    if unknown:
        raise StateFormatError(f"unknown position keys {', '.join(unknown)[:60]}; keys are "
                               + ", ".join(KEYS))
    board = game.board
    n = game.num_players
    seed = read_number(facts.get("seed", "0"), "seed")
    # The seed's setup is dealt only for what the text leaves out (it is the slow part).
    dealt = game.initial_state(seed) if "board" not in facts or "girls" not in facts else None
    terrain = _terrain(game, facts["board"]) if dealt is None or "board" in facts \
        else dealt.terrain
    starts = [NONE] * n
    order: list[Seat] = []
    for seat, value in _items(facts.get("suitors", ""), n):
        starts[seat] = _hex(game, value)
        order.append(seat)
    if "turn order" in facts:
        order = [_seat(word, n) for word in facts["turn order"].split()]
    girls = _girls(game, facts["girls"]) if dealt is None or "girls" in facts else dealt.girls
    no_cards = (0,) * len(COLOURS)
    hands = [no_cards] * n
    known = [no_cards] * n
    for seat, value in _items(facts.get("hands", ""), n):
        hands[seat] = _cards(value)
    for seat, value in _items(facts.get("known", ""), n):
        known[seat] = _cards(value)
    routes: list[tuple[Route, ...]] = [()] * n
    occupied = 0
    blocks = 0
    for seat, value in _items(facts.get("routes", ""), n):
        route, segments = _route(game, seat, starts, girls, value)
        routes[seat] = (*routes[seat], route)
        occupied |= segments
        blocks += route.blocks
    step_name = facts.get("step", "build" if NONE not in starts else "auction")
    if step_name not in STEPS:
        raise StateFormatError(f"step must be one of {', '.join(STEPS)}")
    step = STEPS[step_name]
    auctions = step in (Step.AUCTION, Step.PAY)
    default_mover = order[0] if order and not auctions else 0
    current: Seat | None = _seat(facts["to move"], n) if "to move" in facts else default_mover
    if step == Step.OVER:
        if "to move" in facts:
            raise StateFormatError("to move: nobody moves in a finished game (step over)")
        current = None
    rounds = read_number(facts.get("round", "0" if auctions else "1"), "round")
    if (rounds == 0) != auctions:
        raise StateFormatError("round: the auctions are round 0, the turns rounds 1, 2, ...")
    auction = parts.read_auction(game, facts, step, current, starts, order,
                                 [sum(hand) for hand in hands], lambda word: _seat(word, n))
    display, deck, discards = _cards_in_play(facts, hands, seed)
    connected = NONE
    if "connected" in facts:
        h = _hex(game, facts["connected"])
        connected = board.path_index[h]
        if connected < 0 or not girls[connected]:
            raise StateFormatError(f"connected: no girl with a marker stands on "
                                   f"{facts['connected']}")
    final = facts.get("final round", "").split()
    if final and len(final) != 2:
        raise StateFormatError("final round: the trigger seat and the turns left, e.g. 'D 2'")
    supply = (read_number(facts["supply"], "supply") if "supply" in facts
              else _data()["counts"]["blocks"] - blocks)
    taken = read_number(facts.get("taken", "0"), "taken")
    flags = parts.read_flags(facts, step, supply, taken)
    # The log is no part of a position: a position read from text starts a fresh one.
    state = SpState(
        seed=seed, reshuffles=read_number(facts.get("reshuffles", "0"), "reshuffles"),
        terrain=terrain, step=step, current=current, round=rounds,
        opener=auction.opener, auction_hex=auction.hex, bid=auction.bid,
        high_bidder=auction.high_bidder, passed=auction.passed, starts=tuple(starts),
        turn_order=tuple(order), girls=girls, hands=tuple(hands), known=tuple(known),
        display=display, deck=deck, discards=discards, supply=supply,
        routes=tuple(routes), occupied=occupied, scrapped="scrapped" in flags,
        built=read_number(facts.get("built", "1" if connected != NONE else "0"), "built"),
        connected=connected, taken=taken,
        took_colour="took-all" in flags, exhausted="virtual" in flags,
        final_trigger=_seat(final[0], n) if final else NONE,
        turns_left=read_number(final[1], "turns left") if final else 0,
        last_turn=_seat(facts["last turn"], n) if "last turn" in facts else NONE,
        idle_turns=read_number(facts.get("idle turns", "0"), "idle turns"),
        turns=read_number(facts.get("turns", "0"), "turns"), end_reason="", winner=NONE,
        log=((),),
    )
    end_reason, winner = parts.read_end(game, facts, state)
    state = replace(state, end_reason=end_reason, winner=winner)
    codec.check_state(game, state)
    return _settled(game, state)


def _settled(game: SpGame, state: SpState) -> SpState:
    """Return `state`, its automatic steps done if it stands where nothing can be chosen."""
    draft = thaw(state)
    if state.step == Step.GIRL and not girl_moves(game, state):
        game.flow.begin_cards(draft)
    elif state.step == Step.CARDS and not card_actions(state):
        game.flow.end_cards(draft)
    return draft.freeze()


def _seat(word: str, n: int) -> Seat:
    if len(word) != 1 or not "A" <= word <= "E" or ord(word) - ord("A") >= n:
        raise StateFormatError(f"{word[:10]!r} is not a player of a {n}-player game (A–"
                               f"{chr(ord('A') + n - 1)})")
    return ord(word) - ord("A")


def _items(value: str, n: int) -> list[tuple[Seat, str]]:
    """Return the `seat=value` items of a line, in order."""
    items = []
    for item in value.split():
        seat, equals, text = item.partition("=")
        if not equals:
            raise StateFormatError(f"{item[:30]!r} is not a seat=value item")
        items.append((_seat(seat, n), text))
    return items


def _hex(game: SpGame, word: str) -> Hex:
    h = game.board.parse_hex(word)
    if h is None:
        raise StateFormatError(f"{word[:12]!r} is not a hex of the {game.num_players}-player "
                               "board")
    return h


def _cards(text: str) -> Cards:
    counts = [0] * len(COLOURS)
    for letter in text:
        if letter not in COLOUR_INDEX:
            raise StateFormatError(f"{letter!r} is not a colour letter (G Y R K B M)")
        counts[COLOUR_INDEX[letter]] += 1
    return tuple(counts)


def _card_list(text: str) -> list[int]:
    """Return colour letters as colours, in order (spaces skipped)."""
    cards = _cards(text.replace(" ", ""))  # checks the letters
    assert sum(cards) == len(text.replace(" ", ""))
    return [COLOUR_INDEX[letter] for letter in text if letter != " "]


def _terrain(game: SpGame, text: str) -> tuple[int, ...]:
    board = game.board
    # Rows as the rules' fixture strings too: `r0 "GGBY", r1 "YGGRR", …`.
    words = text.replace('"', " ").replace(",", " ").split()
    rows = [word for word in words if not (word[0] == "r" and word[1:].isdigit())]
    lengths = [sum(1 for _, r in board.coords if r == row)
               for row in range(board.coords[-1][1] + 1)]
    if [len(row) for row in rows] != lengths:
        raise StateFormatError(f"board: rows of {'-'.join(map(str, lengths))} terrain letters")
    letters = "".join(rows)
    if any(letter not in "GYRKB" for letter in letters):
        raise StateFormatError("board: terrains are G Y R K B")
    return tuple(COLOUR_INDEX[letter] for letter in letters)


def _girls(game: SpGame, text: str) -> tuple[Stack | None, ...]:
    board = game.board
    n = game.num_players
    girls: list[Stack | None] = [None] * len(board.path)
    for item in text.split():
        name, _, stack = item.partition("=")
        i = board.path_index[_hex(game, name)]
        if i < 0:
            raise StateFormatError(f"girls: {name} is not on the path")
        girls[i] = tuple(_seat(letter, n) for letter in stack)
    return tuple(girls)


def _route(
    game: SpGame, seat: Seat, starts: list[Hex], girls: tuple[Stack | None, ...], text: str
) -> tuple[Route, int]:
    """Return a route and its segments' mask from `seg|seg|…`, each from the last one's end."""
    board = game.board
    points: list[int] = []
    segments = 0
    virtual = 0
    for name in text.split("|"):
        if name.endswith(VIRTUAL):
            name = name[:-1]
            virtual += 1
        elif virtual:
            raise StateFormatError(f"routes: {name} follows a virtual segment, but once the "
                                   "blocks run out every later segment is virtual (P48)")
        frm, to = _segment_ends(game.ids, name)
        if not points:
            if starts[seat] == NONE or frm not in game.route_starts(starts[seat]):
                raise StateFormatError(f"routes: {name} does not start where the suitor's "
                                       "routes begin (P34)")
            points.append(frm)
        elif frm != points[-1]:
            raise StateFormatError(f"routes: {name} does not start where the route ends")
        points.append(to)
        segments |= 1 << board.segment_between[(frm, to) if frm < to else (to, frm)]
    h = board.centre_hex[points[-1]]
    girl = NONE
    if h != NO_HEX and board.kinds[h] != INTERIOR:
        girl = board.path_index[h]
        stack = girls[girl]
        if not stack or seat not in stack:
            raise StateFormatError(f"routes: a route reaches {board.hex_names[h]}, whose girl "
                                   "has no marker of its player")
    return Route(tuple(points), girl, len(points) - 1 - virtual), segments


@lru_cache(maxsize=8192)
def _segment_ends(ids: ActionIds, name: str) -> tuple[PointId, PointId]:
    """Return the points a segment's text (`1,1/SE-S`) runs from and to on `ids`' board."""
    try:
        _, action = ids.parse(f"build {name} M")
    except InvalidActionError as error:
        raise StateFormatError(f"routes: {error}") from error
    assert isinstance(action, BuildSegment)
    frm, to = ids.board.point_index[action.frm], ids.board.point_index[action.to]
    return frm, to


def _cards_in_play(
    facts: Mapping[str, str], hands: list[Cards], seed: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Return the display, deck and discard pile: given ones, and the cards nowhere else."""
    left = [_data()["deck"][letter] for letter in COLOURS]

    def take(cards: list[int], what: str) -> None:
        for colour in cards:
            left[colour] -= 1
            if left[colour] < 0:
                raise StateFormatError(f"{what}: more {COLOURS[colour]} cards than the deck "
                                       "holds (P12)")

    for hand in hands:
        take([c for c, count in enumerate(hand) for _ in range(count)], "hands")
    display: list[int] | None = None
    if "display" in facts:
        letters = facts["display"].replace(" ", "")
        if len(letters) != 6:
            raise StateFormatError("display: six letters, _ for an empty slot")
        display = [NONE if letter == "_" else _cards(letter).index(1) for letter in letters]
        take([c for c in display if c != NONE], "display")
    discards = _card_list(facts.get("discards", ""))
    take(discards, "discards")
    words = facts.get("deck", MORE).split()
    more = bool(words) and words[-1] == MORE
    top = _card_list("".join(words[:-1] if more else words))
    take(top, "deck")
    rest = list(shuffled([c for c, count in enumerate(left) for _ in range(count)],
                         event_rng(seed, "position")))
    if display is None:
        display, rest = rest[:6], rest[6:]
        display += [NONE] * (6 - len(display))
    if rest and not more:
        # A deck line without `...` is the whole deck; sending the cards no line places to the
        # discard pile would silently turn a deck top into a different position.
        letters = "".join(COLOURS[c] for c in sorted(rest))
        raise StateFormatError(
            f"deck: without a trailing '...' the line lists the whole deck, but {len(rest)} "
            f"cards are placed nowhere ({letters[:20]}{'…' if len(letters) > 20 else ''}); "
            "end the line with '...' if it gives only the top, or list them under discards")
    return tuple(display), (*top, *rest), tuple(discards)


def position_to_text(game: SpGame, state: SpState) -> str:
    """Return the position text of `state`; reading it back gives the same state but the log."""
    board = game.board
    names = board.hex_names

    def seat(s: Seat) -> str:
        return chr(ord("A") + s)

    def cards(counts: Cards) -> str:
        return "".join(letter * count for letter, count in zip(COLOURS, counts, strict=True))

    rows: dict[int, str] = {}
    for h, (_, r) in enumerate(board.coords):
        rows[r] = rows.get(r, "") + COLOURS[state.terrain[h]]
    girls = []
    for i, stack in enumerate(state.girls):
        if stack is not None:
            name = names[board.path[i]]
            girls.append(f"{name}={''.join(seat(s) for s in stack)}" if stack else name)
    routes = []
    for s, seat_routes in enumerate(state.routes):
        for route in seat_routes:
            segments = [board.segment_text(a, b) for a, b in zip(route.points, route.points[1:],
                                                                  strict=False)]
            # The segments without a block are the last ones built (P48).
            for at in range(route.blocks, len(segments)):
                segments[at] += VIRTUAL
            routes.append(f"{seat(s)}={'|'.join(segments)}")
    lines = [
        "board: " + " ".join(rows.values()),
        "suitors: " + " ".join(f"{seat(s)}={names[h]}" for s, h in enumerate(state.starts)
                               if h != NONE),
        "turn order: " + " ".join(seat(s) for s in state.turn_order),
        "girls: " + " ".join(girls),
        "hands: " + " ".join(f"{seat(s)}={cards(h)}" for s, h in enumerate(state.hands) if any(h)),
        "known: " + " ".join(f"{seat(s)}={cards(k)}" for s, k in enumerate(state.known) if any(k)),
        "display: " + "".join(COLOURS[c] if c != NONE else "_" for c in state.display),
        "deck: " + "".join(COLOURS[c] for c in state.deck),
        "discards: " + "".join(COLOURS[c] for c in state.discards),
        "routes: " + " ".join(routes),
        f"supply: {state.supply}",
        f"step: {state.step.name.lower()}",
        f"to move: {seat(state.current)}" if state.current is not None else "",
        f"round: {state.round}",
        *parts.auction_lines(game, state),
        f"built: {state.built}",
        f"taken: {state.taken}",
        parts.flag_line(state),
        *parts.counter_lines(state),
        f"seed: {state.seed}",
    ]
    if state.connected != NONE:
        lines.append(f"connected: {names[board.path[state.connected]]}")
    if state.final_trigger != NONE:
        lines.append(f"final round: {seat(state.final_trigger)} {state.turns_left}")
    if state.last_turn != NONE:
        lines.append(f"last turn: {seat(state.last_turn)}")
    return "\n".join(line for line in lines if line and not line.endswith(": "))
