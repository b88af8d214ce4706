"""The numeric observation of Thurn und Taxis for research adapters (`core.encoding`).

Seats are relative: in every per-seat segment index 0 is the observing seat, 1 the next seat
clockwise, and so on. The vector holds only what `observation` shows the seat (T8): its whole
hand, and of every hand the cards the others have seen plus how many were taken blind; the
display, the discard pile and the deck's size; routes, houses, carriages, tiles and stacks.

One vector, layout for n seats and C = 22 cities (sizes in `TntEncoder.layout`):

    turn n | point 11 | official 4 | turn flags 2 | round 1 | display 6*C | deck 1 |
    discards C | hand C | seen hands n*C | blind counts n | hand sizes n |
    routes n*(3C+1) | houses n*C | supply n | carriages n*5 | tiles n*10 | tile points n |
    stacks 10 | end holder n
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.encoding import EncodingLayout, Segment, fraction
from ludoteca.core.game import Seat
from ludoteca.games.thurn_und_taxis.actions import OFFICIALS
from ludoteca.games.thurn_und_taxis.state import NONE, Point, TntState

if TYPE_CHECKING:
    from ludoteca.games.thurn_und_taxis.rules import TntGame

ROUND_SCALE = 30
"""Rounds are counted up to this (clipped): the heuristic bot's games last 16-26 rounds."""
HAND_SCALE = 12
"""Hand sizes are counted up to this (clipped): nothing limits a hand except after a close."""
POINTS = tuple(Point)
"""The decision points in their one-hot order: D1–D10, then OVER."""
POINT_INDEX = {point: index for index, point in enumerate(POINTS)}


class TntEncoder:
    """Encodes Thurn und Taxis states of one loaded game for one seat (see the module doc)."""

    def __init__(self, game: TntGame) -> None:
        board = game.board
        n = self.n = game.num_players
        cities = self.cities = board.num_cities
        stacks = self.stacks = len(board.stacks)
        self.first_carriage = board.first_carriage
        carriages = self.carriage_width = board.last_carriage - board.first_carriage + 1
        self.route_scale = board.last_carriage
        self.stack_sizes = tuple(len(stack.values) for stack in board.stacks)
        self.all_tile_points = sum(sum(stack.values) for stack in board.stacks)
        self.houses_per_player = board.houses_per_player
        self.deck_size = board.cards_per_city * cities
        self.count_values = tuple(fraction(k, board.cards_per_city)
                                  for k in range(board.cards_per_city + 1))
        self.route_width = 3 * cities + 1
        relative = "per seat, the observer first, then clockwise"
        self.layout = EncodingLayout((
            Segment("turn", n, "the seat to act, relative (index 0: the observer; all 0 once "
                               "the game is over)"),
            Segment("point", len(POINTS), "one-hot decision point of the turn, D1–D10 "
                                          "(draw … after close), then over"),
            Segment("official", len(OFFICIALS), "one-hot official used this turn: "
                                                "Administrator, Postmaster, Carrier, Cartwright"),
            Segment("turn_flags", 2, "a forced-Postmaster turn (T20); cards played this turn / 2"),
            Segment("round", 1, f"round / {ROUND_SCALE}, clipped"),
            Segment("display", board.display_slots * cities,
                    "per display slot 1–6, one-hot city (all 0: empty slot)"),
            Segment("deck", 1, f"cards in the deck / {self.deck_size}"),
            Segment("discards", cities, "per city, its cards in the discard pile / 3"),
            Segment("hand", cities, "per city, its cards in the observer's hand / 3 (blind "
                                    "cards included)"),
            Segment("seen_hands", n * cities, f"{relative}: per city, the cards of its hand all "
                                              "seats have seen / 3 (blind cards left out)"),
            Segment("blind_counts", n, f"{relative}: cards in hand taken blind and not yet "
                                       f"seen by the others / {HAND_SCALE}, clipped"),
            Segment("hand_sizes", n, f"{relative}: cards in hand / {HAND_SCALE}, clipped"),
            Segment("routes", n * self.route_width,
                    f"{relative}: its route as a mask of cities, one-hot left end, one-hot right "
                    f"end (each C), length / {self.route_scale}, clipped"),
            Segment("houses", n * cities, f"{relative}: a mask of the cities with its house"),
            Segment("supply", n, f"{relative}: houses not yet placed / "
                                 f"{self.houses_per_player}"),
            Segment("carriages", n * carriages, f"{relative}: one-hot highest carriage, "
                                                f"{board.first_carriage}–{board.last_carriage} "
                                                "(all 0: none)"),
            Segment("tiles", n * stacks, f"{relative}: per bonus stack, the tiles it took from "
                                         "it / the stack's size"),
            Segment("tile_points", n, f"{relative}: its tiles' points / {self.all_tile_points}"),
            Segment("stacks", stacks, "per bonus stack, the tiles left / the stack's size"),
            Segment("end_holder", n, "the holder of the game-end tile, relative (all 0: none)"),
        ))
        self.offset = self.layout.offsets
        self.seat_orders = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        """Per observer, the absolute seats in relative order."""

    def encode(self, state: TntState, seat: Seat) -> list[float]:
        """Return what `seat` may know of `state` as `layout.size` floats in [0, 1]."""
        n, cities, at = self.n, self.cities, self.offset
        counts = self.count_values
        vector = self.layout.blank()
        if state.current is not None:
            vector[at["turn"] + (state.current - seat) % n] = 1.0
        vector[at["point"] + POINT_INDEX[state.point]] = 1.0
        if state.official != NONE:
            vector[at["official"] + state.official] = 1.0
        vector[at["turn_flags"]] = 1.0 if state.forced else 0.0
        vector[at["turn_flags"] + 1] = fraction(state.played, 2)
        vector[at["round"]] = fraction(state.round, ROUND_SCALE)
        base = at["display"]
        for slot, city in enumerate(state.display):
            if city != NONE:
                vector[base + slot * cities + city] = 1.0
        vector[at["deck"]] = fraction(len(state.deck), self.deck_size)
        _put_counts(vector, at["discards"], state.discards, counts)
        _put_counts(vector, at["hand"], state.hands[seat], counts)
        for rel, other in enumerate(self.seat_orders[seat]):
            hand, blind = state.hands[other], state.blind[other]
            base = at["seen_hands"] + rel * cities
            for city in range(cities):
                if hand[city]:
                    vector[base + city] = counts[hand[city] - blind[city]]
            vector[at["blind_counts"] + rel] = fraction(sum(blind), HAND_SCALE)
            vector[at["hand_sizes"] + rel] = fraction(sum(hand), HAND_SCALE)
            self._put_route(vector, at["routes"] + rel * self.route_width, state.routes[other])
            base = at["houses"] + rel * cities
            mask = state.houses[other]
            for city in range(cities):
                if mask >> city & 1:
                    vector[base + city] = 1.0
            vector[at["supply"] + rel] = fraction(state.supply[other], self.houses_per_player)
            carriage = state.carriages[other]
            if carriage:
                vector[at["carriages"] + rel * self.carriage_width
                       + carriage - self.first_carriage] = 1.0
            self._put_tiles(vector, rel, state.tiles[other])
            if state.end_holder == other:
                vector[at["end_holder"] + rel] = 1.0
        for stack, taken in enumerate(state.taken):
            size = self.stack_sizes[stack]
            vector[at["stacks"] + stack] = fraction(size - taken, size)
        return vector

    def _put_route(self, vector: list[float], base: int, route: tuple[int, ...]) -> None:
        if not route:
            return
        cities = self.cities
        for city in route:
            vector[base + city] = 1.0
        vector[base + cities + route[0]] = 1.0
        vector[base + 2 * cities + route[-1]] = 1.0
        vector[base + 3 * cities] = fraction(len(route), self.route_scale)

    def _put_tiles(self, vector: list[float], rel: int, tiles: tuple[tuple[int, int], ...]) -> None:
        if not tiles:
            return
        held = [0] * self.stacks
        for stack, _ in tiles:
            held[stack] += 1
        base = self.offset["tiles"] + rel * self.stacks
        for stack, count in enumerate(held):
            if count:
                vector[base + stack] = fraction(count, self.stack_sizes[stack])
        points = sum(value for _, value in tiles)
        vector[self.offset["tile_points"] + rel] = fraction(points, self.all_tile_points)


def _put_counts(vector: list[float], base: int, cards: tuple[int, ...],
                values: tuple[float, ...]) -> None:
    """Write a count vector of cards, each count looked up in `values`."""
    for city, count in enumerate(cards):
        if count:
            vector[base + city] = values[count]
