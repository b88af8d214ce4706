"""The map, cards, carriages and bonus stacks of Thurn und Taxis, read from `data/` (§3).

Cities are numbered in the data file's order, which groups them by region:

    0 AUG  1 ING  2 KEM  3 MUE  4 NUE  5 PAS  6 REG  7 WUE   Baiern (BAI)
    8 CAR  9 FRE 10 MAN                                      Baden (BAD)
   11 STU 12 ULM                                             Württemberg (WTB)
   13 SIG                                                    Hohenzollern (HOH)
   14 BAS 15 ZUE                                             Schweiz (SCH)
   16 INN                                                    Tyrol (TYR)
   17 LIN 18 SAL                                             Salzburg (SBG)
   19 BUD 20 PIL                                             Böhmen (BOE)
   21 LOD                                                    Polen (POL)

Sets of cities (a route's cities, a player's houses, a city's neighbours) are bit masks with
bit `c` for city `c`. Hands and the discard pile are count vectors of 22 entries.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, TypeAlias

from ludoteca.core.game import JSON

City: TypeAlias = int
Region: TypeAlias = int
Cards: TypeAlias = tuple[int, ...]
"""A multiset of city cards: entry c counts the cards of city c."""

DATA_FILE = Path(__file__).with_name("data") / "thurn_und_taxis.json"


class Stack(NamedTuple):
    """One bonus stack (§3.5): its id, kind, condition and values from top to bottom."""

    id: str
    kind: str
    """route_length, region, outside_baiern or game_end."""
    values: tuple[int, ...]
    min_cards: int
    """A route-length stack's length (7 also covers longer routes, T42)."""
    cities: int
    """A region or outside-Baiern stack's regions' cities as a mask (0 for the others)."""
    regions: tuple[Region, ...]


class Board:
    """Every fixed fact of the game: cities, regions, roads, carriages and bonus stacks."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        counts = data["counts"]
        self.region_codes: tuple[str, ...] = tuple(r["id"] for r in data["regions"])
        self.region_names: tuple[str, ...] = tuple(r["name"] for r in data["regions"])
        self.city_codes: tuple[str, ...] = tuple(c["id"] for c in data["cities"])
        self.city_names: tuple[str, ...] = tuple(c["name"] for c in data["cities"])
        self.city_index = {code: city for city, code in enumerate(self.city_codes)}
        self.region_index = {code: region for region, code in enumerate(self.region_codes)}
        self.num_cities = len(self.city_codes)
        self.city_region: tuple[Region, ...] = tuple(
            self.region_index[c["region"]] for c in data["cities"]
        )
        self.region_cities: tuple[int, ...] = tuple(
            _mask(self.city_index[code] for code in r["cities"]) for r in data["regions"]
        )
        neighbours = [0] * self.num_cities
        for a, b in data["roads"]:
            neighbours[self.city_index[a]] |= 1 << self.city_index[b]
            neighbours[self.city_index[b]] |= 1 << self.city_index[a]
        self.neighbours: tuple[int, ...] = tuple(neighbours)
        self.adjacent: tuple[tuple[City, ...], ...] = tuple(
            tuple(_bits(mask)) for mask in neighbours
        )
        """Per city, the cities a road joins it to, in increasing order."""
        self.roads: tuple[tuple[City, City], ...] = tuple(
            (self.city_index[a], self.city_index[b]) for a, b in data["roads"]
        )
        self.cards_per_city: int = counts["cards_per_city"]
        self.display_slots: int = counts["display_slots"]
        self.houses_per_player: int = counts["houses_per_player"]
        self.min_route: int = counts["min_route_to_close"]
        self.hand_limit: int = counts["hand_limit_after_close"]
        self.cartwright_reduction: int = counts["cartwright_reduction"]
        self.house_penalty: int = counts["unplaced_house_penalty"]
        self.carriage_points: dict[int, int] = {
            c["length"]: c["points"] for c in data["carriages"]
        }
        self.first_carriage = min(self.carriage_points)
        self.last_carriage = max(self.carriage_points)
        stacks = []
        for s in data["bonus_stacks"]:
            regions = tuple(self.region_index[code] for code in s.get("regions", ()))
            cities = _mask(c for r in regions for c in _bits(self.region_cities[r]))
            stacks.append(Stack(s["id"], s["kind"], tuple(s["values"]),
                                s.get("min_cards") or 0, cities, regions))
        self.stacks: tuple[Stack, ...] = tuple(stacks)
        self.stack_index = {stack.id: index for index, stack in enumerate(self.stacks)}
        self.length_stacks: tuple[int, ...] = tuple(
            self.stack_index[name] for name in data["route_length_fallback"]
        )
        """Route-length stacks from the longest down (7, 6, 5): the fallback order of T42."""
        self.game_end_stack = self.stack_index["game_end"]

    def city(self, code: str) -> City:
        """Return the city with three-letter `code`; KeyError if there is none."""
        return self.city_index[code]

    def joined(self, a: City, b: City) -> bool:
        """Return True if a road joins cities `a` and `b` (§3.2)."""
        return bool(self.neighbours[a] >> b & 1)

    def cards_text(self, cards: Cards, sep: str = ",") -> str:
        """Return a multiset of cards as codes in alphabetical order, repeats kept."""
        return sep.join(sorted(self.city_codes[c] for c, n in enumerate(cards) for _ in range(n)))

    def route_text(self, route: tuple[City, ...]) -> str:
        """Return a route as `SIG-STU-NUE`, `()` when empty (§7.2)."""
        return "-".join(self.city_codes[c] for c in route) or "()"


def _mask(cities: Any) -> int:
    mask = 0
    for city in cities:
        mask |= 1 << city
    return mask


def _bits(mask: int) -> list[int]:
    """Return the set bits of `mask`, lowest first."""
    return [bit for bit in range(mask.bit_length()) if mask >> bit & 1]


bits = _bits


@cache
def tnt_board() -> Board:
    """Return the board, read once from the data file and shared by every game."""
    return Board(json.loads(DATA_FILE.read_text(encoding="utf-8")))


def board_data() -> dict[str, JSON]:
    """Return the map's data for the front end (the descriptor's `board_data`)."""
    data: dict[str, JSON] = dict(tnt_board().data)
    return data
