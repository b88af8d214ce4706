"""The geometry of Suitors' Paths (§4): hexes, points, segments, the path and ring 2.

Axial coordinates `(q, r)`, pointy-top hexes in rows, `r` the row from the top; the board of
n players is every `(q, r)` with `0 <= q <= Qmax`, `0 <= r <= Rmax`, `2 <= q + r <= Smax`.
The 4-player board (c corner, s side, i interior):

    r0:         2,0c    3,0s    4,0s    5,0c
    r1:     1,1s    2,1i    3,1i    4,1i    5,1s
    r2: 0,2c    1,2i    2,2i    3,2i    4,2i    5,2c
    r3:     0,3s    1,3i    2,3i    3,3i    4,3s
    r4:         0,4c    1,4s    2,4s    3,4c

Every hex has 7 points, its corners N NE SE S SW NW (k = 0..5) and its centre C. A point is
keyed `(X, Y)`: the centre of `(q, r)` is `(2q + r, 3r)`, corner k is the centre plus D[k].
A segment is a side (corner k to corner k+1 of a hex) or a spoke (centre to a corner).

Everything is computed once per player count (`board_for`) into integer tables, so the rules
only look things up: points and segments are numbered, hexes too (row-major order).
"""

from __future__ import annotations

import json
import math
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, TypeAlias

Hex: TypeAlias = int
"""A hex's index in row-major order."""
PointId: TypeAlias = int
SegmentId: TypeAlias = int

DATA_FILE = Path(__file__).with_name("data") / "suitors_paths.json"

NB = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
"""Neighbour directions d = 0..5: NE, E, SE, SW, W, NW (§4.2)."""
CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
"""D[k]: corner k's key minus the centre's key, for N NE SE S SW NW."""
CORNER_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
CENTRE = "C"
CORNER, SIDE, INTERIOR = 0, 1, 2
KIND_NAMES = ("corner", "side", "interior")
NO_HEX = -1
NO_POINT = -1
NO_GIRL = -1

Link: TypeAlias = tuple[int, int, int, int, int, int]
"""A segment seen from one of its ends: (other end, segment, directed segment (2 × segment + 1
if it runs from the higher point), the hex a spoke runs through or NO_HEX, that hex's centre
or NO_POINT, its path index if it is a perimeter hex (where a girl may stand) else NO_GIRL)."""


@cache
def game_data() -> dict[str, Any]:
    """Return the component data of `data/suitors_paths.json`, read once."""
    data: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return data


def hex_name(q: int, r: int) -> str:
    """Return the name `q,r` of a hex."""
    return f"{q},{r}"


class Board:
    """The fixed geometry of one player count, as lookup tables (§4.2–§4.6)."""

    def __init__(self, players: int) -> None:
        shape = game_data()["boards"][str(players)]
        self.players = players
        self.girls: int = shape["girls"]
        q_max, r_max, s_max = shape["q_max"], shape["r_max"], shape["s_max"]
        coords = [(q, r) for r in range(r_max + 1) for q in range(q_max + 1)
                  if 2 <= q + r <= s_max]
        self.coords: tuple[tuple[int, int], ...] = tuple(coords)
        self.hex_index: dict[tuple[int, int], Hex] = {c: h for h, c in enumerate(coords)}
        self.hex_names: tuple[str, ...] = tuple(hex_name(q, r) for q, r in coords)
        self.hex_by_name: dict[str, Hex] = {name: h for h, name in enumerate(self.hex_names)}
        self.num_hexes = len(coords)
        self.neighbours: tuple[tuple[Hex, ...], ...] = tuple(
            tuple(self.hex_index.get((q + dq, r + dr), NO_HEX) for dq, dr in NB)
            for q, r in coords
        )
        """Per hex and direction d, the neighbouring hex or NO_HEX off the board."""
        on_board = [sum(n != NO_HEX for n in row) for row in self.neighbours]
        self.kinds: tuple[int, ...] = tuple(
            CORNER if count == 3 else SIDE if count == 4 else INTERIOR for count in on_board
        )
        self._points(coords)
        self._segments()
        self.path: tuple[Hex, ...] = self._loop([h for h in range(self.num_hexes)
                                                 if self.kinds[h] != INTERIOR])
        self.path_index: tuple[int, ...] = _index_of(self.path, self.num_hexes)
        ring2 = [h for h in range(self.num_hexes) if self.kinds[h] == INTERIOR
                 and any(n != NO_HEX and self.kinds[n] != INTERIOR for n in self.neighbours[h])]
        self.ring2: tuple[Hex, ...] = self._loop(ring2)
        self.ring2_index: tuple[int, ...] = _index_of(self.ring2, self.num_hexes)
        self.tips: frozenset[Hex] = frozenset(
            h for h in self.ring2
            if sum(n in self.ring2 for n in self.neighbours[h]) == 2
        ) if players == 2 else frozenset()
        """On the 2-player board, the two ring-2 hexes that are not neighbours (P22)."""
        self.links: tuple[tuple[Link, ...], ...] = tuple(
            tuple(self._link(point, other, segment) for other, segment in row)
            for point, row in enumerate(self.adjacent)
        )
        """Per point, a `Link` for every segment at it, in the order of `adjacent`."""

    # -- points ------------------------------------------------------------------------------

    def _points(self, coords: list[tuple[int, int]]) -> None:
        keys: list[tuple[int, int]] = []
        index: dict[tuple[int, int], PointId] = {}
        names: list[str] = []

        def point(key: tuple[int, int], name: str) -> PointId:
            if key not in index:
                index[key] = len(keys)
                keys.append(key)
                names.append(name)
            return index[key]

        centres, corners = [], []
        for q, r in coords:
            x, y = 2 * q + r, 3 * r
            centres.append(point((x, y), hex_name(q, r)))
            corners.append(tuple(point((x + dx, y + dy), f"{hex_name(q, r)}/{CORNER_NAMES[k]}")
                                 for k, (dx, dy) in enumerate(CORNER_OFFSETS)))
        self.point_keys: tuple[tuple[int, int], ...] = tuple(keys)
        self.point_index = index
        self.point_names: tuple[str, ...] = tuple(names)
        """Canonical names: a centre `q,r`, a corner `q,r/K` of its first hex (row-major)."""
        self.num_points = len(keys)
        self.centres: tuple[PointId, ...] = tuple(centres)
        self.corners: tuple[tuple[PointId, ...], ...] = tuple(corners)
        centre_hex = [NO_HEX] * len(keys)
        for h, p in enumerate(centres):
            centre_hex[p] = h
        self.centre_hex: tuple[Hex, ...] = tuple(centre_hex)
        """Per point, the hex whose centre it is, or NO_HEX for a corner."""
        self.local_names: tuple[dict[PointId, str], ...] = tuple(
            {centres[h]: CENTRE, **{p: CORNER_NAMES[k] for k, p in enumerate(corners[h])}}
            for h in range(len(coords))
        )
        """Per hex, its 7 points' names within the hex (N … NW, C)."""

    # -- segments ----------------------------------------------------------------------------

    def _segments(self) -> None:
        ends: list[tuple[PointId, PointId]] = []
        spoke_hex: list[Hex] = []
        side_hexes: list[tuple[Hex, Hex]] = []
        canonical_hex: list[Hex] = []
        between: dict[tuple[PointId, PointId], SegmentId] = {}
        for h in range(self.num_hexes):
            corners = self.corners[h]
            for k in range(6):
                pair = _pair(corners[k], corners[(k + 1) % 6])
                if pair not in between:
                    between[pair] = len(ends)
                    ends.append(pair)
                    spoke_hex.append(NO_HEX)
                    side_hexes.append((h, self.neighbours[h][k]))
                    canonical_hex.append(h)
            for k in range(6):
                pair = _pair(self.centres[h], corners[k])
                between[pair] = len(ends)
                ends.append(pair)
                spoke_hex.append(h)
                side_hexes.append((NO_HEX, NO_HEX))
                canonical_hex.append(h)
        self.segment_ends: tuple[tuple[PointId, PointId], ...] = tuple(ends)
        self.segment_between = between
        self.num_segments = len(ends)
        self.spoke_hex: tuple[Hex, ...] = tuple(spoke_hex)
        """Per segment, the hex a spoke runs through, or NO_HEX for a side."""
        self.side_hexes: tuple[tuple[Hex, Hex], ...] = tuple(side_hexes)
        """Per side, its two bordering hexes (the second NO_HEX on the boundary)."""
        self.canonical_hex: tuple[Hex, ...] = tuple(canonical_hex)
        adjacent: list[list[tuple[PointId, SegmentId]]] = [[] for _ in range(self.num_points)]
        for s, (a, b) in enumerate(ends):
            adjacent[a].append((b, s))
            adjacent[b].append((a, s))
        self.adjacent: tuple[tuple[tuple[PointId, SegmentId], ...], ...] = tuple(
            tuple(sorted(row)) for row in adjacent
        )
        """Per point, (other end, segment) of every segment at it, by other end."""

    def _link(self, frm: PointId, to: PointId, segment: SegmentId) -> Link:
        h = self.spoke_hex[segment]
        centre = self.centres[h] if h != NO_HEX else NO_POINT
        girl = self.path_index[h] if h != NO_HEX else NO_GIRL
        return to, segment, 2 * segment + (frm > to), h, centre, girl

    def segment_text(self, frm: PointId, to: PointId) -> str:
        """Return the canonical name `q,r/A-B` of the segment from `frm` to `to` (§4.5)."""
        segment = self.segment_between[_pair(frm, to)]
        h = self.canonical_hex[segment]
        names = self.local_names[h]
        return f"{self.hex_names[h]}/{names[frm]}-{names[to]}"

    def is_boundary(self, segment: SegmentId) -> bool:
        """Return True for a side that borders only one on-board hex."""
        return self.spoke_hex[segment] == NO_HEX and self.side_hexes[segment][1] == NO_HEX

    # -- loops -------------------------------------------------------------------------------

    def _loop(self, hexes: list[Hex]) -> tuple[Hex, ...]:
        """Return `hexes` clockwise on screen, from the first in row-major order (§4.6)."""
        screen = [self.screen(h) for h in range(self.num_hexes)]
        cx = sum(x for x, _ in screen) / len(screen)
        cy = sum(y for _, y in screen) / len(screen)

        def angle(h: Hex) -> float:
            x, y = screen[h]
            return math.atan2(y - cy, x - cx)  # y points down: a growing angle turns clockwise

        start = angle(hexes[0])
        return tuple(sorted(hexes, key=lambda h: (angle(h) - start) % (2 * math.pi)))

    def screen(self, h: Hex) -> tuple[float, float]:
        """Return the screen centre of hex `h` for hex size 1 (§4.2)."""
        q, r = self.coords[h]
        return math.sqrt(3) * (q + r / 2), 1.5 * r

    def path_distance(self, i: int, j: int) -> int:
        """Return the distance of path indices `i` and `j` along the path, the short way."""
        d = abs(i - j)
        return min(d, len(self.path) - d)

    def ring2_distance(self, i: int, j: int) -> int:
        """Return the distance of ring-2 indices `i` and `j` along the ring-2 loop (P21)."""
        d = abs(i - j)
        return min(d, len(self.ring2) - d)

    def parse_hex(self, text: str) -> Hex | None:
        """Return the hex named `text` (`q,r`, no leading zeros), or None."""
        return self.hex_by_name.get(text)


def _pair(a: PointId, b: PointId) -> tuple[PointId, PointId]:
    return (a, b) if a < b else (b, a)


def _index_of(loop: tuple[Hex, ...], size: int) -> tuple[int, ...]:
    index = [-1] * size
    for i, h in enumerate(loop):
        index[h] = i
    return tuple(index)


def adjacent_pairs(places: tuple[int, ...], length: int) -> int:
    """Return how many pairs of girls at path indices `places` are neighbours on the path."""
    taken = set(places)
    return sum((p + 1) % length in taken for p in places)


@cache
def girl_placements(length: int, girls: int) -> tuple[tuple[int, ...], ...]:
    """Return the placements P10 chooses from: those with the fewest adjacent girl pairs."""
    every = list(combinations(range(length), girls))
    fewest = min(adjacent_pairs(places, length) for places in every)
    return tuple(places for places in every if adjacent_pairs(places, length) == fewest)


@cache
def board_for(players: int) -> Board:
    """Return the board of `players` players, built once and shared by every game."""
    return Board(players)
