"""Suitors' Paths actions (§8): one small value per decision, its text, and dense ids.

An action does not depend on the state, so neither do its text and its id:

    open 2,1 1        OpenAuction('2,1', 1)          build 1,1/SE-S Y   BuildSegment((3, 5), ..)
    raise 4           RaiseBid(4)                    scrap / end        ScrapRoute() / EndBuild()
    pass              PassBid()                      girl 1,4 ccw       MoveGirl('1,4', 'ccw')
    pay GYKM          PayBid('GYKM')                 take 3 / take deck TakeDisplay(3) / TakeDeck()
    discard KB        Discard('KB')                  take all G         TakeAllColour('G')

Each class is a named tuple whose last field, `verb`, tells the kinds apart (so `RaiseBid(3)`
never equals `TakeDisplay(3)`); its repr leaves the verb out and can be pasted back. A build
names its points by their keys `(X, Y)` (§4.4) and its payment by letters (`'Y'`, `'GG'`).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple, TypeAlias

from ludoteca.core.errors import InvalidActionError
from ludoteca.games.suitors_paths.board import Board, PointId, SegmentId

COLOURS = "GYRKBM"
"""Colour letters in the canonical order; index c is colour c (0..4 are terrains)."""
MULTI = 5
COLOUR_INDEX = {letter: c for c, letter in enumerate(COLOURS)}
DIRECTIONS = ("cw", "ccw")
MAX_CARDS = 6
"""The most cards a pay (a bid, P16) or a discard (a take of 6 at 10 cards) lists."""

Key: TypeAlias = tuple[int, int]


class OpenAuction(NamedTuple):
    """`open <hex> <bid>`: put a ring-2 hex up for auction with an opening bid (P16)."""

    hex: str
    bid: int
    verb: str = "open"

    def __repr__(self) -> str:
        return f"OpenAuction({self.hex!r}, {self.bid!r})"


class RaiseBid(NamedTuple):
    """`raise <bid>`: bid strictly more than the current bid (P17)."""

    bid: int
    verb: str = "raise"

    def __repr__(self) -> str:
        return f"RaiseBid({self.bid!r})"


class PassBid(NamedTuple):
    """`pass`: leave this auction (P17)."""

    verb: str = "pass"

    def __repr__(self) -> str:
        return "PassBid()"


class PayBid(NamedTuple):
    """`pay <cards>`: the auction winner discards exactly the bid in cards (P19)."""

    cards: str
    verb: str = "pay"

    def __repr__(self) -> str:
        return f"PayBid({self.cards!r})"


class BuildSegment(NamedTuple):
    """`build <hex>/<A>-<B> <payment>`: a segment from the head `frm` to `to` (P27–P48)."""

    frm: Key
    to: Key
    payment: str
    verb: str = "build"

    def __repr__(self) -> str:
        return f"BuildSegment({self.frm!r}, {self.to!r}, {self.payment!r})"


class ScrapRoute(NamedTuple):
    """`scrap`: remove the own unfinished route, first thing in the build step (P40)."""

    verb: str = "scrap"

    def __repr__(self) -> str:
        return "ScrapRoute()"


class EndBuild(NamedTuple):
    """`end`: end the build step (P44)."""

    verb: str = "end"

    def __repr__(self) -> str:
        return "EndBuild()"


class MoveGirl(NamedTuple):
    """`girl <hex> cw|ccw`: move the girl on `hex` one step along the path (P50)."""

    hex: str
    dir: str
    verb: str = "girl"

    def __repr__(self) -> str:
        return f"MoveGirl({self.hex!r}, {self.dir!r})"


class TakeDisplay(NamedTuple):
    """`take <slot>`: take the card in display slot 1–6 (P57)."""

    slot: int
    verb: str = "take"

    def __repr__(self) -> str:
        return f"TakeDisplay({self.slot!r})"


class TakeDeck(NamedTuple):
    """`take deck`: take the top card of the deck (P57)."""

    verb: str = "take_deck"

    def __repr__(self) -> str:
        return "TakeDeck()"


class TakeAllColour(NamedTuple):
    """`take all <colour>`: take every display card of one colour (P58)."""

    colour: str
    verb: str = "take_all"

    def __repr__(self) -> str:
        return f"TakeAllColour({self.colour!r})"


class Discard(NamedTuple):
    """`discard <cards>`: discard down to 10 cards (P60)."""

    cards: str
    verb: str = "discard"

    def __repr__(self) -> str:
        return f"Discard({self.cards!r})"


SpAction: TypeAlias = (
    OpenAuction | RaiseBid | PassBid | PayBid | BuildSegment | ScrapRoute | EndBuild | MoveGirl
    | TakeDisplay | TakeDeck | TakeAllColour | Discard
)
ACTION_TYPES = (OpenAuction, RaiseBid, PassBid, PayBid, BuildSegment, ScrapRoute, EndBuild,
                MoveGirl, TakeDisplay, TakeDeck, TakeAllColour, Discard)

PASS = PassBid()
SCRAP = ScrapRoute()
END = EndBuild()
TAKE_DECK = TakeDeck()
TAKES = tuple(TakeDisplay(slot) for slot in range(1, 7))
TAKE_ALLS = tuple(TakeAllColour(letter) for letter in COLOURS)
RAISES = tuple(RaiseBid(bid) for bid in range(MAX_CARDS + 1))
SIMPLE: dict[str, SpAction] = {"pass": PASS, "scrap": SCRAP, "end": END, "take deck": TAKE_DECK}


def cards_text(cards: tuple[int, ...]) -> str:
    """Return a count vector of cards as letters in the canonical order, e.g. `GYYKM`."""
    return "".join(letter * count for letter, count in zip(COLOURS, cards, strict=False))


def cards_of(text: str) -> tuple[int, ...] | None:
    """Return the count vector of letters in any order, or None if one is no colour."""
    counts = [0] * len(COLOURS)
    for letter in text:
        c = COLOUR_INDEX.get(letter)
        if c is None:
            return None
        counts[c] += 1
    return tuple(counts)


def canonical_cards(text: str) -> str:
    """Return colour letters sorted in the canonical order (the text must be letters)."""
    return "".join(sorted(text, key=COLOUR_INDEX.__getitem__))


MULTISETS: tuple[str, ...] = tuple(
    "".join(COLOURS[c] for c in combo)
    for size in range(1, MAX_CARDS + 1)
    for combo in combinations_with_replacement(range(len(COLOURS)), size)
)
"""Every card list of 1 to 6 cards in canonical form: the ids of pays and discards."""
MULTISET_INDEX = {text: index for index, text in enumerate(MULTISETS)}


class ActionIds:
    """Text and dense ids of one board's actions; build actions made once and shared.

    Id layout: pass, scrap, end, take deck; take 1–6; take all G…M; raise 0–6; open (hex, bid);
    girl (path index, cw/ccw); pay (card list); discard (card list); build (directed segment,
    payment colour, single or pair).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.fixed: tuple[SpAction, ...] = (PASS, SCRAP, END, TAKE_DECK, *TAKES, *TAKE_ALLS,
                                            *RAISES)
        self.fixed_index = {action: index for index, action in enumerate(self.fixed)}
        self.open_base = len(self.fixed)
        self.girl_base = self.open_base + board.num_hexes * (MAX_CARDS + 1)
        self.pay_base = self.girl_base + 2 * len(board.path)
        self.discard_base = self.pay_base + len(MULTISETS)
        self.build_base = self.discard_base + len(MULTISETS)
        self.size = self.build_base + 2 * board.num_segments * 2 * len(COLOURS)
        self._texts: dict[SpAction, str] = {}
        self.builds: tuple[tuple[BuildSegment, ...], ...] = tuple(
            self._directed_builds(directed) for directed in range(2 * board.num_segments)
        )
        """Per directed segment (2 × segment + 1 if it runs from the higher point), its
        builds, indexed by payment option 2 × colour + number of cards − 1."""
        self.build_ends: dict[BuildSegment, tuple[PointId, PointId, SegmentId]] = {
            action: (*self._ends(directed), directed // 2)
            for directed, made in enumerate(self.builds) for action in made
        }
        """Per build, its from point, to point and segment: `apply` reads them here rather
        than look up the points' keys."""

    # -- builds ------------------------------------------------------------------------------

    def build(self, frm: PointId, to: PointId, colour: int, count: int) -> BuildSegment:
        """Return the build from point `frm` to `to` paid with `count` cards of `colour`."""
        segment = self.board.segment_between[(frm, to) if frm < to else (to, frm)]
        return self.builds[2 * segment + (frm > to)][2 * colour + count - 1]

    def _ends(self, directed: int) -> tuple[PointId, PointId]:
        """Return the (from, to) points of a directed segment."""
        a, b = self.board.segment_ends[directed // 2]
        return (b, a) if directed % 2 else (a, b)

    def _directed_builds(self, directed: int) -> tuple[BuildSegment, ...]:
        keys = self.board.point_keys
        frm, to = self._ends(directed)
        return tuple(BuildSegment(keys[frm], keys[to], COLOURS[colour] * count)
                     for colour in range(len(COLOURS)) for count in (1, 2))

    # -- text --------------------------------------------------------------------------------

    def text(self, action: SpAction) -> str:
        """Return the canonical text of `action` (§8.2), without a seat prefix."""
        text = self._texts.get(action)
        if text is None:
            text = self._text(action)
            if len(self._texts) < 100_000:
                self._texts[action] = text
        return text

    def _text(self, action: SpAction) -> str:
        board = self.board
        if isinstance(action, BuildSegment):
            frm = board.point_index.get(action.frm)
            to = board.point_index.get(action.to)
            if frm is None or to is None or (min(frm, to), max(frm, to)) not in \
                    board.segment_between:
                return f"build {action.frm}-{action.to} {action.payment}"
            return f"build {board.segment_text(frm, to)} {action.payment}"
        if isinstance(action, OpenAuction):
            return f"open {action.hex} {action.bid}"
        if isinstance(action, RaiseBid):
            return f"raise {action.bid}"
        if isinstance(action, PayBid):
            return f"pay {action.cards}"
        if isinstance(action, Discard):
            return f"discard {action.cards}"
        if isinstance(action, MoveGirl):
            return f"girl {action.hex} {action.dir}"
        if isinstance(action, TakeDisplay):
            return f"take {action.slot}"
        if isinstance(action, TakeAllColour):
            return f"take all {action.colour}"
        return {PASS: "pass", SCRAP: "scrap", END: "end", TAKE_DECK: "take deck"}[action]

    def parse(self, text: object) -> tuple[int | None, SpAction]:
        """Return (the 1-based seat prefix or None, the action) `text` spells (§8.1).

        The reader is lenient where §8.2 says so: a side may be named from its other hex and
        card lists may come in any order. InvalidActionError says what is malformed.
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"a Suitors' Paths action is text, got {type(text).__name__}")
        shown = repr(text[:40])
        line = text.strip()
        seat: int | None = None
        head, colon, rest = line.partition(": ")
        if colon and head.isascii() and head.isdigit() and len(head) == 1:
            seat = int(head)
            line = rest.strip()
        if line in SIMPLE:
            return seat, SIMPLE[line]
        words = line.split(" ")
        verb = words[0]
        if verb == "open" and len(words) == 3:
            return seat, OpenAuction(self._hex(words[1], shown), _bid(words[2], shown))
        if verb == "raise" and len(words) == 2:
            return seat, RaiseBid(_bid(words[1], shown))
        if verb in ("pay", "discard") and len(words) == 2:
            cards = canonical_cards(_letters(words[1], shown))
            return seat, (PayBid(cards) if verb == "pay" else Discard(cards))
        if verb == "build" and len(words) == 3:
            return seat, self._build(words[1], _letters(words[2], shown), shown)
        if verb == "girl" and len(words) == 3 and words[2] in DIRECTIONS:
            return seat, MoveGirl(self._hex(words[1], shown), words[2])
        if verb == "take" and len(words) == 2 and words[1] in "123456" and len(words[1]) == 1:
            return seat, TAKES[int(words[1]) - 1]
        if verb == "take" and len(words) == 3 and words[1] == "all" and \
                len(words[2]) == 1 and words[2] in COLOUR_INDEX:
            return seat, TAKE_ALLS[COLOUR_INDEX[words[2]]]
        raise InvalidActionError(
            f"{shown} is not a Suitors' Paths action: actions are open <hex> <bid>, raise <bid>, "
            "pass, pay <cards>, build <hex>/<point>-<point> <payment>, scrap, end, "
            "girl <hex> cw|ccw, take <slot>, take deck, take all <colour>, discard <cards>"
        )

    def _hex(self, word: str, shown: str) -> str:
        if self.board.parse_hex(word) is None:
            raise InvalidActionError(f"{shown}: {word[:12]!r} is not a hex of this board")
        return word

    def _build(self, word: str, payment: str, shown: str) -> BuildSegment:
        board = self.board
        hex_text, slash, points = word.partition("/")
        h = board.parse_hex(hex_text)
        a, dash, b = points.partition("-")
        if not slash or not dash or h is None:
            raise InvalidActionError(
                f"{shown}: a segment is written <hex>/<point>-<point>, e.g. 1,1/SE-S, on a hex "
                "of this board"
            )
        by_name = {name: p for p, name in board.local_names[h].items()}
        if a not in by_name or b not in by_name:
            raise InvalidActionError(f"{shown}: points are N, NE, SE, S, SW, NW or C")
        frm, to = by_name[a], by_name[b]
        pair = (min(frm, to), max(frm, to))
        segment = board.segment_between.get(pair)
        if segment is None or not _of_hex(board, segment, h):
            raise InvalidActionError(
                f"{shown}: {a}-{b} is no segment of hex {hex_text}: a side joins neighbouring "
                "corners, a spoke joins C and a corner"
            )
        return BuildSegment(board.point_keys[frm], board.point_keys[to], payment)

    # -- ids ---------------------------------------------------------------------------------

    def to_id(self, action: SpAction) -> int:
        """Return the dense id of `action`; InvalidActionError if it has none."""
        index = self.fixed_index.get(action)
        if index is not None:
            return index
        board = self.board
        if isinstance(action, OpenAuction):
            h = board.parse_hex(action.hex)
            if h is not None and 0 <= action.bid <= MAX_CARDS:
                return self.open_base + h * (MAX_CARDS + 1) + action.bid
        elif isinstance(action, MoveGirl):
            h = board.parse_hex(action.hex)
            if h is not None and board.path_index[h] >= 0 and action.dir in DIRECTIONS:
                return self.girl_base + 2 * board.path_index[h] + DIRECTIONS.index(action.dir)
        elif isinstance(action, (PayBid, Discard)):
            index = MULTISET_INDEX.get(action.cards)
            if index is not None:
                base = self.pay_base if isinstance(action, PayBid) else self.discard_base
                return base + index
        elif isinstance(action, BuildSegment):
            frm = board.point_index.get(action.frm)
            to = board.point_index.get(action.to)
            payment = action.payment
            if frm is not None and to is not None and len(payment) in (1, 2) \
                    and payment[0] in COLOUR_INDEX and payment == payment[0] * len(payment):
                segment = board.segment_between.get((min(frm, to), max(frm, to)))
                if segment is not None:
                    directed = 2 * segment + (frm > to)
                    colour = COLOUR_INDEX[payment[0]]
                    return self.build_base + (directed * len(COLOURS) + colour) * 2 \
                        + len(payment) - 1
        raise InvalidActionError(f"{action!r:.60} has no action id")

    def from_id(self, action_id: int) -> SpAction:
        """Return the action with id `action_id` (0 <= id < size)."""
        board = self.board
        if action_id < self.open_base:
            return self.fixed[action_id]
        if action_id < self.girl_base:
            h, bid = divmod(action_id - self.open_base, MAX_CARDS + 1)
            return OpenAuction(board.hex_names[h], bid)
        if action_id < self.pay_base:
            i, d = divmod(action_id - self.girl_base, 2)
            return MoveGirl(board.hex_names[board.path[i]], DIRECTIONS[d])
        if action_id < self.discard_base:
            return PayBid(MULTISETS[action_id - self.pay_base])
        if action_id < self.build_base:
            return Discard(MULTISETS[action_id - self.discard_base])
        directed, option = divmod(action_id - self.build_base, 2 * len(COLOURS))
        return self.builds[directed][option]


def _of_hex(board: Board, segment: int, h: int) -> bool:
    """Return True if `segment` is a spoke of hex `h` or a side `h` borders."""
    spoke = board.spoke_hex[segment]
    return spoke == h if spoke >= 0 else h in board.side_hexes[segment]


def _bid(word: str, shown: str) -> int:
    if len(word) != 1 or word not in "0123456":
        raise InvalidActionError(f"{shown}: a bid is a number 0 to 6")
    return int(word)


def _letters(word: str, shown: str) -> str:
    if not word or len(word) > 16 or any(letter not in COLOUR_INDEX for letter in word):
        raise InvalidActionError(f"{shown}: cards are colour letters G Y R K B M")
    return word
