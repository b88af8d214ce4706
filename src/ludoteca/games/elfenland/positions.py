"""Elfenland positions from text: set up any position of phases 3-6 in the rules' shorthand.

A position text has one fact per line, `key: value`, in any order; blank lines and lines
starting with `#` are ignored. Per-seat facts list `seat=value` items (`-` for nothing, seats
left out get the default); cards and counters are letter multisets (section 7), a secret
counter is written with `?` as in the notation (`T?`), and a road reads `21=D1+O2`: road 21
holds a Dragon placed by seat 1 and seat 2's obstacle (the placer defaults to 0, `+O` alone to
seat 0's obstacle), as the worked examples write "edge 21 [D+O]":

    round: 2
    phase: 5
    start: 1
    to move: 1
    boots: 0=Elvenhold 1=Beata 2=Elvenhold
    visited: 1=Beata,Lapphalya
    hands: 0=PP 1=PUUDRR 2=DDD
    counters: 0=PU 1=ECT?
    obstacles used: 2
    roads: 21=D1+O2
    display: DUPTC
    discards: EE
    seed: 0

Required: `phase` (3 open counters, 4 place counters, 5 visit towns, 6 end of round, or `over`
for a finished game, which has no `to move`) and `to move`. Defaults: round 1; the start player
of that round (option `start_seat` plus the rounds played); boots at Elvenhold; no pieces,
cards, held counters or roads; every obstacle unused except those lying on a road; seed 0.
Facts of one phase: `picks` (phase 3, picks made so far; default: the first lap), `passes`
(phase 4, passes in a row so far; default 0), `discarding: yes` (phase 5 under
hand_limit_timing="after_move": the seat ended and keeps 4), `set aside` (phase 6, counters
discarded at E36: open kinds, `X?` for a secret one of kind X, `?` for a secret one of a kind
to draw). Outside phase 4 the passes are what play leaves: none before the first phase 4, else
one per seat. `reshuffles` (default 0) counts the discard piles already shuffled into a draw
pile: the next reshuffle is the seed's shuffle of that number.

What nobody sees is filled in with `seed`: the travel cards in no hand and not discarded form
the draw pile, the other counters the supply (and the display, if `display` is not given).
For puzzles about chance, `draw pile` (top first; the cards left over are then discarded) and
`supply top` fix them; `position_to_text` writes both in full, so nothing is drawn. The log
starts with the current round (and ends with the game's end when it is over); future chance
uses `seed`. A finished game's ranks follow from the pieces and hands (E40-E42); it must have
ended: someone holds 20 pieces, or it is the last round.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.errors import StateFormatError
from ludoteca.core.positions import read_facts, read_number, read_seat
from ludoteca.games.elfenland import codec
from ludoteca.games.elfenland.board import COUNTER_KINDS, LETTERS, Kind
from ludoteca.games.elfenland.cards import (
    NO_CARDS,
    Cards,
    cards_text,
    expand,
    minus,
    parse_cards,
)
from ludoteca.games.elfenland.flow import OPEN_PICKS_PER_ROUND, TOWNS_TO_COLLECT
from ludoteca.games.elfenland.state import (
    NONE,
    ElfenlandState,
    GameEndEvent,
    Phase,
    RoundEvent,
)

if TYPE_CHECKING:
    from ludoteca.games.elfenland.rules import ElfenlandGame

T = TypeVar("T")

KEYS = (
    "round", "phase", "start", "to move", "picks", "passes", "discarding", "boots", "visited",
    "hands", "counters", "obstacles used", "roads", "display", "discards", "draw pile",
    "supply top", "set aside", "seed", "reshuffles",
)
REQUIRED = ("phase",)
NOTHING = "-"
NO_COUNTERS: Cards = (0,) * len(COUNTER_KINDS)
EMPTY_SLOT = "."
_ROAD = re.compile(r"([1-9][0-9]*)=([PECUTD])([0-9]?)(\+O([0-9]?))?")
_COUNTER = re.compile(r"([PECUTD])(\??)")
_ASIDE = re.compile(r"([PECUTD]?)(\??)")
OVER = "over"


def position_to_text(game: ElfenlandGame, state: ElfenlandState) -> str:
    """Return the position text of `state`: every fact, the hidden piles in their order too."""
    n = game.num_players
    names = game.map.town_names
    lines = [
        f"round: {state.round}",
        f"phase: {OVER if state.phase == Phase.OVER else int(state.phase)}",
        f"start: {state.start}",
    ]
    if state.current is not None:
        lines.append(f"to move: {state.current}")
    if state.phase == Phase.OPEN_PICKS:
        lines.append(f"picks: {state.step}")
    if state.phase == Phase.PLACEMENT:
        lines.append(f"passes: {state.passes}")
    if state.discarding:
        lines.append("discarding: yes")
    if state.phase == Phase.ROUND_END:
        aside = cards_text(state.set_aside_open) + "".join(
            f"{LETTERS[kind]}?" for kind in state.set_aside_secret)
        lines.append(f"set aside: {aside or NOTHING}")
    roads = [
        f"{e}={LETTERS[kind]}{state.road_placer[e]}"
        + ("" if state.road_obstacle[e] == NONE else f"+O{state.road_obstacle[e]}")
        for e, kind in enumerate(state.road_counter) if kind != NONE
    ]
    used = [str(seat) for seat in range(n) if not state.has_obstacle[seat]]
    lines += [
        "boots: " + _per_seat(names[town] for town in state.boots),
        "visited: " + _per_seat(
            ",".join(names[t] for t in range(game.map.num_towns) if visited >> t & 1)
            for visited in state.visited
        ),
        "hands: " + _per_seat(cards_text(hand) for hand in state.hands),
        "counters: " + _per_seat(
            cards_text(held) + "".join(f"{letter}?" for letter in cards_text(secret))
            for held, secret in zip(state.open_counters, state.secret_counters, strict=True)
        ),
        f"obstacles used: {' '.join(used) or NOTHING}",
        f"roads: {' '.join(roads) or NOTHING}",
        "display: " + "".join(EMPTY_SLOT if k == NONE else LETTERS[k] for k in state.display),
        f"discards: {cards_text(state.discards) or NOTHING}",
        "draw pile: " + ("".join(LETTERS[kind] for kind in state.draw_pile) or NOTHING),
        "supply top: " + ("".join(LETTERS[kind] for kind in state.supply) or NOTHING),
        f"seed: {state.seed}",
    ]
    if state.reshuffles:
        lines.append(f"reshuffles: {state.reshuffles}")
    return "\n".join(lines)


def _per_seat(values: Iterable[str]) -> str:
    return " ".join(f"{seat}={value or NOTHING}" for seat, value in enumerate(values))


def position_from_text(game: ElfenlandGame, text: str) -> ElfenlandState:
    """Return the state a position text describes; StateFormatError saying what is wrong."""
    facts = read_facts(text, KEYS, REQUIRED, "Elfenland")
    n = game.num_players
    elf_map = game.map
    round_ = read_number(facts.get("round", "1"), "round")
    phase = _phase(facts["phase"])
    for key, allowed in (("picks", Phase.OPEN_PICKS), ("passes", Phase.PLACEMENT),
                         ("discarding", Phase.MOVEMENT), ("set aside", Phase.ROUND_END)):
        if key in facts and phase != allowed:
            raise StateFormatError(f"{key!r} belongs to phase {allowed}, not phase {phase}")
    first_start = (game.settings.start_seat + round_ - 1) % n
    start = read_seat(facts.get("start", str(first_start)), n, "start")
    current = _to_move(facts, n, phase)
    turn = n if current is None else (current - start) % n  # a game ends after the last move
    step = {
        Phase.OPEN_PICKS: read_number(facts.get("picks", str(turn)), "picks"),
        Phase.PLACEMENT: OPEN_PICKS_PER_ROUND * n,  # as in play: phase 3's count of picks stays
    }.get(phase, turn)
    # phase 4 ends after n passes in a row, and the count stays until the next phase 4
    passes = 0 if (round_, phase) == (1, Phase.OPEN_PICKS) else n
    if phase == Phase.PLACEMENT:
        passes = read_number(facts.get("passes", "0"), "passes")
    discarding = facts.get("discarding", "no")
    if discarding not in ("yes", "no"):
        raise StateFormatError(f"discarding is 'yes' or 'no', not {discarding!r}")

    boots = _seat_items(n, facts.get("boots", ""), "boots", elf_map.start_town,
                        lambda name: _town(game, name))
    visited = _seat_items(n, facts.get("visited", ""), "visited", 0,
                          lambda names: _pieces(game, names))
    hands = _seat_items(n, facts.get("hands", ""), "hands", NO_CARDS, _cards)
    no_counters: tuple[Cards, Cards] = (NO_COUNTERS, NO_COUNTERS)
    held = _seat_items(n, facts.get("counters", ""), "counters", no_counters, _held)

    edges = len(elf_map.edge_ids) + 1
    road_counter, road_placer, road_obstacle = [NONE] * edges, [NONE] * edges, [NONE] * edges
    for item in _items(facts.get("roads", "")):
        match = _ROAD.fullmatch(item)
        if match is None or int(match.group(1)) >= edges:
            raise StateFormatError(f"a road reads like 21=D1+O2 (road, counter, placer, obstacle "
                                   f"owner), not {item!r}")
        e = int(match.group(1))
        if road_counter[e] != NONE:
            raise StateFormatError(f"road {e} is listed twice")
        road_counter[e] = LETTERS.index(match.group(2))
        road_placer[e] = read_seat(match.group(3) or "0", n, f"the placer on road {e}")
        if match.group(4):
            road_obstacle[e] = read_seat(match.group(5) or "0", n, f"the obstacle on road {e}")
    used = {
        read_seat(item, n, "obstacles used") for item in _items(facts.get("obstacles used", ""))
    }
    used |= {owner for owner in road_obstacle if owner != NONE}

    seed = read_number(facts.get("seed", "0"), "seed")
    draw_pile, discards = _travel_cards(game, facts, hands, seed)
    aside_open, aside_secret = _set_aside(facts.get("set aside", NOTHING).replace(NOTHING, ""))
    set_aside_open = _counter_counts(aside_open, "set aside")
    counters = _CounterPool(game)
    for kind in road_counter:
        if kind != NONE:
            counters.take([kind], "on roads")
    for open_held, secret_held in held:
        counters.take(expand(open_held) + expand(secret_held), "held")
    counters.take(expand(set_aside_open), "set aside")
    counters.take([kind for kind in aside_secret if kind != NONE], "set aside")
    display: tuple[Kind, ...] | None = None
    if "display" in facts:
        display = tuple(NONE if letter == EMPTY_SLOT else _counter_kind(letter, "display")
                        for letter in facts["display"])
        if len(display) != codec.DISPLAY_SLOTS:
            raise StateFormatError(f"the display shows {codec.DISPLAY_SLOTS} counters, "
                                   f"not {facts['display']!r}")
        counters.take([kind for kind in display if kind != NONE], "displayed")
    top = tuple(_counter_kind(letter, "supply top")
                for letter in facts.get("supply top", "").replace(NOTHING, ""))
    counters.take(top, "on top of the supply")
    rest = shuffled(counters.left(), event_rng(seed, "position counters"))
    if display is None:
        display, rest = rest[: codec.DISPLAY_SLOTS], rest[codec.DISPLAY_SLOTS :]
    # a secret counter set aside without its kind takes one of the counters left, in order
    drawn, rest = rest[: aside_secret.count(NONE)], rest[aside_secret.count(NONE) :]
    unknown = iter(drawn)
    secret_aside = tuple(next(unknown) if kind == NONE else kind for kind in aside_secret)

    state = ElfenlandState(
        seed=seed, reshuffles=read_number(facts.get("reshuffles", "0"), "reshuffles"),
        ranks=(), round=round_, phase=phase, start=start, current=current, step=step,
        discarding=discarding == "yes", passes=passes,
        boots=boots, visited=visited, hands=hands, draw_pile=draw_pile, discards=discards,
        supply=(*top, *rest), display=display,
        open_counters=tuple(open_held for open_held, _ in held),
        secret_counters=tuple(secret_held for _, secret_held in held),
        road_counter=tuple(road_counter), road_placer=tuple(road_placer),
        road_obstacle=tuple(road_obstacle),
        has_obstacle=tuple(seat not in used for seat in range(n)),
        set_aside_open=set_aside_open, set_aside_secret=secret_aside,
        log=((RoundEvent(round_, start),),),
    )
    if phase == Phase.OVER:
        state = _finished(game, state)
    codec.check_state(game, state)
    return state


def _phase(text: str) -> Phase:
    """Return the phase of a `phase` line: 3, 4, 5, 6 or over."""
    if text == OVER:
        return Phase.OVER
    number = read_number(text, "phase")
    if number not in (Phase.OPEN_PICKS, Phase.PLACEMENT, Phase.MOVEMENT, Phase.ROUND_END):
        raise StateFormatError(f"phase must be 3, 4, 5, 6 or over, not {number}")
    return Phase(number)


def _to_move(facts: dict[str, str], n: int, phase: Phase) -> int | None:
    """Return the seat to act: none in a finished game, which has nobody to move."""
    if phase == Phase.OVER:
        if "to move" in facts:
            raise StateFormatError("a finished game (phase: over) has nobody to move; "
                                   "leave out 'to move'")
        return None
    if "to move" not in facts:
        raise StateFormatError("an Elfenland position text needs to move "
                               "(or phase: over for a finished game)")
    return read_seat(facts["to move"], n, "to move")


def _finished(game: ElfenlandGame, state: ElfenlandState) -> ElfenlandState:
    """Return the finished game `state` with its ranks and end event, as `Flow.end_game` does;
    StateFormatError if nothing ended it (E33, E34)."""
    scores = tuple(visited.bit_count() for visited in state.visited)
    if state.round != game.settings.rounds and max(scores) < TOWNS_TO_COLLECT:
        raise StateFormatError(
            f"a game ends when a seat has {TOWNS_TO_COLLECT} town pieces or after round "
            f"{game.settings.rounds} (E33, E34); phase: over in round {state.round} has neither")
    sizes = tuple(sum(hand) for hand in state.hands)
    keys = list(zip(scores, sizes, strict=True))
    ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
    log = ((*state.log[-1], GameEndEvent(scores, sizes, ranks)),)
    return replace(state, ranks=ranks, log=log)


def _set_aside(text: str) -> tuple[str, list[Kind]]:
    """Return the open letters and the secret kinds (NONE: a kind to draw) of a `set aside`."""
    open_letters, secret = "", []
    position = 0
    while position < len(text):
        match = _ASIDE.match(text, position)
        if match is None or match.end() == position:
            raise StateFormatError(f"set aside lists counters P E C U T D, X? for a secret one, "
                                   f"? for a secret one of a kind to draw; not {text!r}")
        letter, secret_mark = match.groups()
        if not secret_mark:
            open_letters += letter
        else:
            secret.append(LETTERS.index(letter) if letter else NONE)
        position = match.end()
    return open_letters, secret


def _travel_cards(
    game: ElfenlandGame, facts: dict[str, str], hands: tuple[Cards, ...], seed: int
) -> tuple[tuple[Kind, ...], Cards]:
    """Return the draw pile (top first) and the discard pile: every card not in a hand."""
    left = game.map.card_counts
    for seat, hand in enumerate(hands):
        left = _without(left, hand, f"in the hands (seat {seat} and before)")
    discards = _cards(facts.get("discards", NOTHING))
    if "draw pile" not in facts:
        left = _without(left, discards, "in the hands and discards")
        return shuffled(expand(left), event_rng(seed, "position cards")), discards
    pile_text = facts["draw pile"].replace(NOTHING, "")
    pile = tuple(_card_kind(letter) for letter in pile_text)
    left = _without(left, parse_cards(pile_text), "in the hands and the draw pile")
    if "discards" not in facts:
        return pile, left
    if left != discards:
        raise StateFormatError(
            f"the travel cards {cards_text(left)} are in no hand, pile or discards (72 in all)"
        )
    return pile, discards


def _without(cards: Cards, taken: Cards, where: str) -> Cards:
    rest = minus(cards, taken)
    short = [LETTERS[kind] for kind, number in enumerate(rest) if number < 0]
    if short:
        raise StateFormatError(f"too many {''.join(short)} travel cards {where} (section 3.2)")
    return rest


class _CounterPool:
    """The 48 counters, taken away kind by kind as the text places them."""

    def __init__(self, game: ElfenlandGame) -> None:
        self.counts = list(game.map.counter_counts)

    def take(self, kinds: Iterable[Kind], where: str) -> None:
        """Take these counters away; StateFormatError if a kind runs out."""
        for kind in kinds:
            self.counts[kind] -= 1
            if self.counts[kind] < 0:
                raise StateFormatError(
                    f"too many {LETTERS[kind]} counters {where}: there are 8 of each kind"
                )

    def left(self) -> list[Kind]:
        """Return the counters not taken, in kind order."""
        return expand(tuple(self.counts))


def _items(text: str) -> list[str]:
    return [] if text in ("", NOTHING) else text.split()


def _seat_items(
    n: int, text: str, what: str, default: T, parse: Callable[[str], T]
) -> tuple[T, ...]:
    """Return one value per seat from `seat=value` items; seats left out get `default`."""
    values = [default] * n
    given: set[int] = set()
    for item in _items(text):
        seat_text, equals, value = item.partition("=")
        seat = read_seat(seat_text, n, what)
        if not equals or seat in given:
            raise StateFormatError(f"{what} lists each seat once as seat=value, not {item!r}")
        given.add(seat)
        values[seat] = default if value == NOTHING else parse(value)
    return tuple(values)


def _town(game: ElfenlandGame, name: str) -> int:
    try:
        return game.map.town(name)
    except ValueError as error:
        raise StateFormatError(str(error)) from None


def _pieces(game: ElfenlandGame, names: str) -> int:
    mask = 0
    for name in names.split(","):
        town = _town(game, name)
        if not game.map.has_pieces[town]:
            raise StateFormatError(f"{game.map.town_names[town]} has no town pieces (E30)")
        mask |= 1 << town
    return mask


def _cards(text: str) -> Cards:
    if text == NOTHING:
        return NO_CARDS
    try:
        return parse_cards(text)
    except ValueError as error:
        raise StateFormatError(str(error)) from None


def _card_kind(letter: str) -> Kind:
    kind = LETTERS.find(letter)
    if kind < 0:
        raise StateFormatError(f"{letter!r} is not a card letter (one of {' '.join(LETTERS)})")
    return kind


def _counter_kind(letter: str, what: str) -> Kind:
    kind = LETTERS.find(letter)
    if kind not in COUNTER_KINDS:
        raise StateFormatError(f"{what}: {letter!r} is not a counter (one of P E C U T D)")
    return kind


def _counter_counts(text: str, what: str) -> Cards:
    counts = [0] * len(COUNTER_KINDS)
    for letter in text:
        counts[_counter_kind(letter, what)] += 1
    return tuple(counts)


def _held(text: str) -> tuple[Cards, Cards]:
    """Return the open and secret counters of a holding such as `PUT?`."""
    open_held, secret_held = [0] * len(COUNTER_KINDS), [0] * len(COUNTER_KINDS)
    position = 0
    while position < len(text):
        match = _COUNTER.match(text, position)
        if match is None:
            raise StateFormatError(f"counters are letters P E C U T D, each with ? if secret, "
                                   f"not {text!r}")
        (secret_held if match.group(2) else open_held)[LETTERS.index(match.group(1))] += 1
        position = match.end()
    return tuple(open_held), tuple(secret_held)
