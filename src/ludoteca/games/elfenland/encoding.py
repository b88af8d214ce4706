"""The numeric observation of Elfenland for research adapters (`core.encoding`, docs/research.md).

Seats are seen from the observer: the observing seat is relative seat 0, the seat on its left
1, and so on, in every per-seat segment and every one-hot seat. Towns keep the data file's
order (Elvenhold is town 0), roads their rulebook ids in increasing order, and card and
counter kinds the notation's order P E C U T D (R).

What a seat may know (E43): the whole table (boots, pieces, counters on roads, obstacles, the
display, open counters, the face-up discard pile), its own hand and secret counters, and of
the other seats only how many cards and secret counters they hold.
"""

from __future__ import annotations

from ludoteca.core.encoding import EncodingLayout, Segment, fraction
from ludoteca.core.game import Seat
from ludoteca.games.elfenland.board import CARD_KINDS, COUNTER_KINDS, LETTERS
from ludoteca.games.elfenland.flow import (
    COUNTER_HOLD_MAX,
    HAND_SIZE,
    OPEN_PICKS_PER_ROUND,
    TOWNS_TO_COLLECT,
)
from ludoteca.games.elfenland.options import ROUND_COUNTS
from ludoteca.games.elfenland.rules import DISPLAY_SLOTS, ElfenlandGame
from ludoteca.games.elfenland.state import NONE, ElfenlandState, Phase

PHASES = (Phase.OPEN_PICKS, Phase.PLACEMENT, Phase.MOVEMENT, Phase.ROUND_END, Phase.OVER)
"""The phases in the order of the `phase` segment."""
COUNTERS = len(COUNTER_KINDS)
CARDS = len(CARD_KINDS)
ROAD_VALUES = COUNTERS + 1
"""Per road: the counter on it (one-hot over the six kinds) and whether an obstacle lies there."""
SECRETS_SET_ASIDE_MAX = COUNTER_HOLD_MAX - 1
"""A seat keeps one of its counters at E36 and sets aside at most the other four."""


class ElfenlandEncoder:
    """Encodes Elfenland states of one loaded game for one seat, seat-relative."""

    def __init__(self, game: ElfenlandGame) -> None:
        elf_map = game.map
        n = self.num_players = game.num_players
        towns = elf_map.num_towns
        self.game = game
        self.piece_towns = tuple(town for town in range(towns) if elf_map.has_pieces[town])
        self.road_ids = elf_map.road_ids
        self.card_counts = elf_map.card_counts
        self.total_cards = sum(elf_map.card_counts)
        self.total_counters = sum(elf_map.counter_counts)
        kinds = " ".join(LETTERS[:COUNTERS])
        self.layout = EncodingLayout([
            Segment("current", n, "one-hot relative seat to act (all 0 once the game is over)"),
            Segment("start_player", n, "one-hot relative seat of the round's start player"),
            Segment("round", max(ROUND_COUNTS), "one-hot round 1..4"),
            Segment("phase", len(PHASES),
                    "one-hot phase: 3 open counters, 4 place counters, 5 visit towns, "
                    "6 end of round, game over"),
            Segment("discarding", 1,
                    "1 while the seat to act keeps 4 cards right after its move "
                    "(hand_limit_timing after_move, E35)"),
            Segment("picks_made", 1, f"phase 3: counters picked this round / {3 * n}"),
            Segment("passes", 1, f"phase 4: consecutive passes / {n} (E21)"),
            Segment("options", 3,
                    "flags: caravans paid with any cards, keep 4 cards after one's move, "
                    "a 3-round game"),
            Segment("boots", n * towns,
                    f"per relative seat, one-hot town of its boot ({towns} towns, "
                    "Elvenhold first)"),
            Segment("visited", n * len(self.piece_towns),
                    f"per relative seat, 1 for each of the {len(self.piece_towns)} towns "
                    "with pieces whose piece it has collected"),
            Segment("pieces", n, f"per relative seat: town pieces / {TOWNS_TO_COLLECT}"),
            Segment("roads", len(self.road_ids) * ROAD_VALUES,
                    f"per road (ids {self.road_ids[0]}..{self.road_ids[-1]}): one-hot "
                    f"counter on it ({kinds}) and 1 if an obstacle lies there"),
            Segment("display", DISPLAY_SLOTS * COUNTERS,
                    f"per display slot 1..{DISPLAY_SLOTS}: one-hot face-up counter ({kinds})"),
            Segment("hand", CARDS,
                    f"own cards per kind {' '.join(LETTERS)}, count / {HAND_SIZE}"),
            Segment("secret_counters", COUNTERS,
                    f"own secret counters per kind {kinds}, count / {COUNTER_HOLD_MAX}"),
            Segment("hand_sizes", n, f"per relative seat: cards in hand / {HAND_SIZE}"),
            Segment("secret_counts", n,
                    f"per relative seat: secret counters held / {COUNTER_HOLD_MAX}"),
            Segment("open_counters", n * COUNTERS,
                    f"per relative seat, open counters held per kind {kinds}, "
                    f"count / {COUNTER_HOLD_MAX}"),
            Segment("obstacle_held", n, "per relative seat: 1 while it still holds its obstacle"),
            Segment("discard_pile", CARDS,
                    "face-up discard pile per kind, count / the kind's cards in the game"),
            Segment("draw_pile_size", 1, f"cards in the draw pile / {self.total_cards}"),
            Segment("supply_size", 1, f"counters in the face-down supply / "
                                      f"{self.total_counters}"),
            Segment("set_aside", COUNTERS + 1,
                    f"counters set aside at E36 until the board is cleared: open ones per kind "
                    f"/ {max(elf_map.counter_counts)}, then the number of secret ones "
                    f"/ {SECRETS_SET_ASIDE_MAX * n}"),
            Segment("winners", n, "per relative seat: 1 if it finished first (E41, E42)"),
        ])
        offset = self.layout.offset
        self._current = offset("current")
        self._start_player = offset("start_player")
        self._round = offset("round")
        self._phase = {phase: offset("phase") + index for index, phase in enumerate(PHASES)}
        self._discarding = offset("discarding")
        self._picks_made = offset("picks_made")
        self._passes = offset("passes")
        self._boots = offset("boots")
        self._visited = offset("visited")
        self._pieces = offset("pieces")
        self._roads = offset("roads")
        self._display = offset("display")
        self._hand = offset("hand")
        self._secret_counters = offset("secret_counters")
        self._hand_sizes = offset("hand_sizes")
        self._secret_counts = offset("secret_counts")
        self._open_counters = offset("open_counters")
        self._obstacle_held = offset("obstacle_held")
        self._discard_pile = offset("discard_pile")
        self._draw_pile_size = offset("draw_pile_size")
        self._supply_size = offset("supply_size")
        self._set_aside = offset("set_aside")
        self._winners = offset("winners")
        self._towns = towns
        # _relative[seat][other]: `other` as seen from `seat`.
        self._relative = tuple(tuple((other - seat) % n for other in range(n)) for seat in range(n))
        settings = game.settings
        self._options = (
            1.0 if settings.caravan == "any" else 0.0,
            1.0 if settings.hand_limit_timing == "after_move" else 0.0,
            1.0 if settings.rounds == min(ROUND_COUNTS) else 0.0,
        )
        self._options_at = offset("options")

    def encode(self, state: ElfenlandState, seat: Seat) -> list[float]:
        """Return what `seat` may know of `state` as `layout.size` floats in [0, 1]."""
        n = self.num_players
        vector = self.layout.blank()
        relative = self._relative[seat]
        if state.current is not None:
            vector[self._current + relative[state.current]] = 1.0
        vector[self._start_player + relative[state.start]] = 1.0
        vector[self._round + state.round - 1] = 1.0
        vector[self._phase[state.phase]] = 1.0
        if state.discarding:
            vector[self._discarding] = 1.0
        if state.phase == Phase.OPEN_PICKS:
            vector[self._picks_made] = fraction(state.step, OPEN_PICKS_PER_ROUND * n)
        vector[self._passes] = fraction(state.passes, n)
        vector[self._options_at:self._options_at + 3] = self._options
        self._encode_seats(state, relative, vector)
        self._encode_table(state, vector)
        for kind, number in enumerate(state.hands[seat]):
            vector[self._hand + kind] = fraction(number, HAND_SIZE)
        for kind, number in enumerate(state.secret_counters[seat]):
            vector[self._secret_counters + kind] = fraction(number, COUNTER_HOLD_MAX)
        return vector

    def _encode_seats(
        self, state: ElfenlandState, relative: tuple[int, ...], vector: list[float]
    ) -> None:
        """Write every seat's public part at its relative place."""
        towns = self._towns
        piece_towns = self.piece_towns
        visited_size = len(piece_towns)
        for other in range(self.num_players):
            place = relative[other]
            vector[self._boots + place * towns + state.boots[other]] = 1.0
            visited = state.visited[other]
            base = self._visited + place * visited_size
            for index, town in enumerate(piece_towns):
                if visited >> town & 1:
                    vector[base + index] = 1.0
            vector[self._pieces + place] = fraction(visited.bit_count(), TOWNS_TO_COLLECT)
            vector[self._hand_sizes + place] = fraction(sum(state.hands[other]), HAND_SIZE)
            vector[self._secret_counts + place] = fraction(
                sum(state.secret_counters[other]), COUNTER_HOLD_MAX
            )
            base = self._open_counters + place * COUNTERS
            for kind, number in enumerate(state.open_counters[other]):
                vector[base + kind] = fraction(number, COUNTER_HOLD_MAX)
            if state.has_obstacle[other]:
                vector[self._obstacle_held + place] = 1.0
        for other, rank in enumerate(state.ranks):
            if rank == 1:
                vector[self._winners + relative[other]] = 1.0

    def _encode_table(self, state: ElfenlandState, vector: list[float]) -> None:
        """Write the roads, the display, the piles and the set-aside counters."""
        base = self._roads
        for edge in self.road_ids:
            kind = state.road_counter[edge]
            if kind != NONE:
                vector[base + kind] = 1.0
            if state.road_obstacle[edge] != NONE:
                vector[base + COUNTERS] = 1.0
            base += ROAD_VALUES
        for slot, kind in enumerate(state.display):
            if kind != NONE:
                vector[self._display + slot * COUNTERS + kind] = 1.0
        for kind, number in enumerate(state.discards):
            vector[self._discard_pile + kind] = fraction(number, self.card_counts[kind])
        vector[self._draw_pile_size] = fraction(len(state.draw_pile), self.total_cards)
        vector[self._supply_size] = fraction(len(state.supply), self.total_counters)
        for kind, number in enumerate(state.set_aside_open):
            vector[self._set_aside + kind] = fraction(number, self.game.map.counter_counts[kind])
        vector[self._set_aside + COUNTERS] = fraction(
            len(state.set_aside_secret), SECRETS_SET_ASIDE_MAX * self.num_players
        )
