"""The numeric observation of Suitors' Paths for research adapters (`core.encoding`).

Seats are relative: in every per-seat segment, and wherever a value names a seat (a marker's
owner, a segment's owner), index 0 is the observing seat, 1 the next seat clockwise by seat
number, and so on. The vector holds only what `observation` shows the seat (P14, S3): its own
hand, and of every hand the cards taken from the display and how many others it holds; the
board and its terrain, suitors, girls and stacks, routes and heads, the display, the discard
pile, the supply and the deck's size, the auction and the turn.

The sizes depend on the board of n players: H hexes, P path hexes, R ring-2 hexes, Q points,
G segments (`board_for(n)`); `SpEncoder.layout` names every segment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.encoding import EncodingLayout, Segment, fraction
from ludoteca.core.game import Seat
from ludoteca.games.suitors_paths.actions import COLOURS
from ludoteca.games.suitors_paths.board import game_data
from ludoteca.games.suitors_paths.flow import score_stacks
from ludoteca.games.suitors_paths.moves import HAND_LIMIT, MARKERS, MAX_BID, MAX_STACK
from ludoteca.games.suitors_paths.state import NONE, SpState, Step

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.rules import SpGame

ROUND_SCALE = 20
"""Rounds are counted up to this (clipped): the heuristic bot's games last 6-7 rounds."""
TERRAINS = 5
"""Terrain colours G Y R K B (multicolour is a card, never a terrain)."""
COLOUR_SCALE = 12
"""The most cards of one colour (green and multicolour, P12): counts of a colour are / 12."""
HAND_SCALE = HAND_LIMIT + 6
"""The largest hand: ten, plus six cards of one colour taken at once before discarding (P60)."""
TURN_SCALE = 10
"""Segments built in one turn are counted up to this (a hand holds at most 10 cards)."""
STEPS = tuple(Step)
"""The steps in their one-hot order: auction, pay, build, girl, cards, discard, over."""
STEP_INDEX = {step: index for index, step in enumerate(STEPS)}
REQUIREMENT_CACHE = 1024
"""Terrains whose requirement block is kept (one per game in play, so a few at a time)."""


class SpEncoder:
    """Encodes Suitors' Paths states of one loaded game for one seat (see the module doc)."""

    def __init__(self, game: SpGame) -> None:
        self.game = game
        board = self.board = game.board
        n = self.n = game.num_players
        counts = game_data()["counts"]
        self.blocks = counts["blocks"]
        self.deck_size = sum(game_data()["deck"].values())
        hexes, path, ring2 = board.num_hexes, len(board.path), len(board.ring2)
        points, segments = board.num_points, board.num_segments
        self.slots = counts["display_slots"]
        self.girl_width = 1 + MAX_STACK * n
        self.segment_width = n + 1
        self.stall_turns = (game.settings.stall_guard_rounds or 0) * n
        colours = len(COLOURS)
        per_seat = "per seat, the observer first, then by seat number"
        self.layout = EncodingLayout((
            Segment("turn", n, "the seat to act, relative (index 0: the observer; all 0 once "
                               "the game is over)"),
            Segment("step", len(STEPS), "one-hot step: auction, pay, build, girl, cards, "
                                        "discard, over"),
            Segment("round", 1, f"round / {ROUND_SCALE}, clipped (0 during the auctions)"),
            Segment("terrain", hexes * TERRAINS, "per hex (row-major), one-hot terrain G Y R K B"),
            Segment("requirements", segments * colours,
                    "per segment, one-hot colour of the card that pays it, G Y R K B M (P28–P30)"),
            Segment("suitors", n * ring2, f"{per_seat}: one-hot ring-2 hex of its suitor "
                                          "(all 0: none yet)"),
            Segment("turn_order", n * n, f"{per_seat}: one-hot place in the turn order "
                                         "(all 0: not yet placed)"),
            Segment("girls", path * self.girl_width,
                    f"per path hex (path order): a girl stands there, then per stack level "
                    f"1–{MAX_STACK} (bottom first) the marker's owner, relative one-hot"),
            Segment("segments", segments * self.segment_width,
                    "per segment, its route's owner, relative one-hot, then 1 if that route is "
                    "unfinished"),
            Segment("heads", n * points, f"{per_seat}: one-hot head point of its unfinished "
                                         "route (all 0: none)"),
            Segment("connections", n, f"{per_seat}: its markers on girls / {MARKERS}"),
            Segment("scores", n, f"{per_seat}: its points (P66) / {3 * MARKERS}"),
            Segment("supply", 1, f"blocks in the supply / {self.blocks}"),
            Segment("display", self.slots * colours, "per display slot 1–6, one-hot colour "
                                                     "G Y R K B M (all 0: empty)"),
            Segment("deck", 1, f"cards in the deck / {self.deck_size}"),
            Segment("discards", colours, f"per colour, its cards in the discard pile / "
                                         f"{COLOUR_SCALE}"),
            Segment("hand", colours, f"per colour, its cards in the observer's hand / "
                                     f"{COLOUR_SCALE}"),
            Segment("known", n * colours, f"{per_seat}: per colour, the cards of its hand taken "
                                          f"from the display / {COLOUR_SCALE}"),
            Segment("unseen", n, f"{per_seat}: the other cards of its hand / {HAND_SCALE}"),
            Segment("auction_opener", n, "the opener of the auction under way or last held, "
                                         "relative (all 0: none)"),
            Segment("auction_hex", ring2, "one-hot ring-2 hex auctioned (all 0: none open)"),
            Segment("auction_bid", 1, f"the bid / {MAX_BID} (0 when none is open)"),
            Segment("high_bidder", n, "the high bidder, relative (all 0: none)"),
            Segment("passed", n, f"{per_seat}: 1 if it passed in this auction"),
            Segment("final_trigger", n, "the seat whose sixth connection began the final round, "
                                        "relative (all 0: none)"),
            Segment("final_turns", 1, f"turns left in the final round / {max(1, n - 1)}"),
            Segment("last_turn", n, "the seat that took the last finished turn, relative "
                                    "(all 0: none; it breaks ties, P68)"),
            Segment("this_turn", 5, f"this turn: route scrapped; segments built / {TURN_SCALE}, "
                                    f"clipped; cards taken / {self.slots}; a whole colour taken; "
                                    "blocks exhausted (P48)"),
            Segment("connected", path, "one-hot path hex of the girl connected this turn"),
            Segment("idle", 1, "turns in a row without a block placed / the stall guard's turns "
                               "(0 without the guard)"),
        ))
        self.offset = self.layout.offsets
        self.colour_values = tuple(fraction(k, COLOUR_SCALE) for k in range(COLOUR_SCALE + 1))
        self.seat_orders = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        """Per observer, the absolute seats in relative order."""
        self._requirements: dict[tuple[int, ...], tuple[int, ...]] = {}

    def encode(self, state: SpState, seat: Seat) -> list[float]:
        """Return what `seat` may know of `state` as `layout.size` floats in [0, 1]."""
        n, at, board = self.n, self.offset, self.board
        vector = self.layout.blank()
        for index in self._board_ones(state.terrain):
            vector[index] = 1.0
        if state.current is not None:
            vector[at["turn"] + (state.current - seat) % n] = 1.0
        vector[at["step"] + STEP_INDEX[state.step]] = 1.0
        vector[at["round"]] = fraction(state.round, ROUND_SCALE)
        self._put_girls(vector, state, seat)
        self._put_routes(vector, state, seat)
        ring2 = len(board.ring2)
        colours = len(COLOURS)
        values = self.colour_values
        for rel, other in enumerate(self.seat_orders[seat]):
            start = state.starts[other]
            if start != NONE:
                vector[at["suitors"] + rel * ring2 + board.ring2_index[start]] = 1.0
            if other in state.turn_order:
                vector[at["turn_order"] + rel * n + state.turn_order.index(other)] = 1.0
            hand, known = state.hands[other], state.known[other]
            base = at["known"] + rel * colours
            for colour, count in enumerate(known):
                if count:
                    vector[base + colour] = values[count]
            vector[at["unseen"] + rel] = fraction(sum(hand) - sum(known), HAND_SCALE)
            if state.passed >> other & 1:
                vector[at["passed"] + rel] = 1.0
        for colour, count in enumerate(state.hands[seat]):
            if count:
                vector[at["hand"] + colour] = values[count]
        vector[at["supply"]] = fraction(state.supply, self.blocks)
        for slot, colour in enumerate(state.display):
            if colour != NONE:
                vector[at["display"] + slot * colours + colour] = 1.0
        vector[at["deck"]] = fraction(len(state.deck), self.deck_size)
        discarded = [0] * colours
        for colour in state.discards:
            discarded[colour] += 1
        for colour, count in enumerate(discarded):
            vector[at["discards"] + colour] = values[count]
        self._put_seat(vector, "auction_opener", state.opener, seat)
        if state.auction_hex != NONE:
            vector[at["auction_hex"] + board.ring2_index[state.auction_hex]] = 1.0
            vector[at["auction_bid"]] = fraction(state.bid, MAX_BID)
        self._put_seat(vector, "high_bidder", state.high_bidder, seat)
        self._put_seat(vector, "final_trigger", state.final_trigger, seat)
        if state.final_trigger != NONE:
            vector[at["final_turns"]] = fraction(state.turns_left, n - 1)
        self._put_seat(vector, "last_turn", state.last_turn, seat)
        base = at["this_turn"]
        vector[base] = 1.0 if state.scrapped else 0.0
        vector[base + 1] = fraction(state.built, TURN_SCALE)
        vector[base + 2] = fraction(state.taken, self.slots)
        vector[base + 3] = 1.0 if state.took_colour else 0.0
        vector[base + 4] = 1.0 if state.exhausted else 0.0
        if state.connected != NONE:
            vector[at["connected"] + state.connected] = 1.0
        vector[at["idle"]] = fraction(state.idle_turns, self.stall_turns)
        return vector

    def _board_ones(self, terrain: tuple[int, ...]) -> tuple[int, ...]:
        """Return the indices set to 1 by the terrain and requirement segments of `terrain`.

        Both follow from the terrain alone, which is fixed for a whole game: worked out once.
        """
        ones = self._requirements.get(terrain)
        if ones is None:
            if len(self._requirements) >= REQUIREMENT_CACHE:
                self._requirements.clear()
            at = self.offset
            needs = self.game.needs(terrain)
            ones = (*(at["terrain"] + h * TERRAINS + colour for h, colour in enumerate(terrain)),
                    *(at["requirements"] + s * len(COLOURS) + colour
                      for s, colour in enumerate(needs)))
            self._requirements[terrain] = ones
        return ones

    def _put_seat(self, vector: list[float], name: str, other: Seat, seat: Seat) -> None:
        """Mark seat `other` (NONE: nobody) relative to `seat` in the one-hot segment `name`."""
        if other != NONE:
            vector[self.offset[name] + (other - seat) % self.n] = 1.0

    def _put_girls(self, vector: list[float], state: SpState, seat: Seat) -> None:
        n = self.n
        base = self.offset["girls"]
        markers = [0] * n
        for index, stack in enumerate(state.girls):
            if stack is None:
                continue
            at = base + index * self.girl_width
            vector[at] = 1.0
            for level, owner in enumerate(stack):
                vector[at + 1 + level * n + (owner - seat) % n] = 1.0
                markers[owner] += 1
        scores = score_stacks(state.girls, n)
        for rel, other in enumerate(self.seat_orders[seat]):
            vector[self.offset["connections"] + rel] = fraction(markers[other], MARKERS)
            vector[self.offset["scores"] + rel] = fraction(scores[other], 3 * MARKERS)

    def _put_routes(self, vector: list[float], state: SpState, seat: Seat) -> None:
        n = self.n
        between = self.board.segment_between
        segments = self.offset["segments"]
        heads = self.offset["heads"]
        points = self.board.num_points
        for other, routes in enumerate(state.routes):
            rel = (other - seat) % n
            for route in routes:
                unfinished = route.girl == NONE
                previous = route.points[0]
                for point in route.points[1:]:
                    pair = (previous, point) if previous < point else (point, previous)
                    at = segments + between[pair] * self.segment_width
                    vector[at + rel] = 1.0
                    if unfinished:
                        vector[at + n] = 1.0
                    previous = point
                if unfinished:
                    vector[heads + rel * points + route.points[-1]] = 1.0
