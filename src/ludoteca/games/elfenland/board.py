"""The map of Elfenland and the transportation chart, read from `data/elfenland.json` (§3).

Towns are numbered in the data file's order, so Elvenhold, the start town, is town 0. Edges
keep their ids 1–48 from the rules document; `ElfMap.edges[0]` is unused so that an edge's
id is its index.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

Town = int
EdgeId = int
Kind = int
"""A card or counter type: 0–5 are the six transport types, 6 is the Raft (a card only)."""

LETTERS = "PECUTDR"
"""Type letters in the canonical order of the notation (§7.2)."""
PIG, ELFCYCLE, CLOUD, UNICORN, TROLL, DRAGON, RAFT = range(7)
COUNTER_KINDS = range(6)
CARD_KINDS = range(7)
KIND_NAMES = ("Giant Pig", "Elfcycle", "Magic Cloud", "Unicorn", "Troll Wagon", "Dragon", "Raft")

PLAIN, FOREST, DESERT, MOUNTAIN, RIVER, LAKE = range(6)
TERRAINS = ("plain", "forest", "desert", "mountain", "river", "lake")

DATA_FILE = Path(__file__).with_name("data") / "elfenland.json"


class Edge(NamedTuple):
    """One edge of the map: a road (ids 1–35), a river (36–42) or a lake crossing (43–48)."""

    id: EdgeId
    a: Town
    b: Town
    terrain: int
    downstream: Town | None
    """A river's downstream end; None for roads and lakes."""

    @property
    def is_road(self) -> bool:
        """Return True for a road, which needs a counter to be travelled (E25)."""
        return self.terrain <= MOUNTAIN

    def other_end(self, town: Town) -> Town:
        """Return the town at the far end from `town`."""
        return self.b if town == self.a else self.a


class ElfMap:
    """The board: towns, edges, which edges meet at each town, and the chart's costs."""

    def __init__(self, data: dict[str, Any]) -> None:
        towns = data["towns"]
        self.town_names: tuple[str, ...] = tuple(town["name"] for town in towns)
        self.start_town: Town = self.town_names.index(data["start_town"])
        self.has_pieces: tuple[bool, ...] = tuple(bool(town["town_pieces"]) for town in towns)
        lookup: dict[str, Town] = {}
        for index, town in enumerate(towns):
            for name in (town["name"], *town["aliases"]):
                lookup[name.casefold()] = index
        self._lookup = lookup
        index_of = {name: index for index, name in enumerate(self.town_names)}
        edges: list[Edge | None] = [None]
        for raw in data["edges"]:
            assert raw["id"] == len(edges), "edge ids run 1, 2, 3, ... in the data file"
            downstream = raw.get("downstream")
            edges.append(Edge(
                raw["id"], index_of[raw["a"]], index_of[raw["b"]], TERRAINS.index(raw["kind"]),
                None if downstream is None else index_of[downstream],
            ))
        self._edges = edges
        self.lake_names: dict[EdgeId, str] = {
            raw["id"]: raw["lake"] for raw in data["edges"] if "lake" in raw
        }
        self.edge_ids: tuple[EdgeId, ...] = tuple(range(1, len(edges)))
        self.road_ids: tuple[EdgeId, ...] = tuple(e for e in self.edge_ids if self.edge(e).is_road)
        self.incident: tuple[tuple[EdgeId, ...], ...] = tuple(
            tuple(e for e in self.edge_ids if index in (self.edge(e).a, self.edge(e).b))
            for index in range(len(self.town_names))
        )
        road_costs = data["transportation_chart"]["road_costs"]
        keys = [kind["key"] for kind in data["transport_types"]]
        # chart[kind][terrain]: cards of the counter's own kind per road; None = forbidden.
        self.chart: tuple[tuple[int | None, ...], ...] = tuple(
            tuple(road_costs[keys[kind]].get(terrain) for terrain in TERRAINS)
            for kind in COUNTER_KINDS
        )
        raft = data["transportation_chart"]["raft"]
        self.river_down: int = raft["river_downstream"]
        self.river_up: int = raft["river_upstream"]
        self.lake_cost: int = raft["lake"]
        components = data["components"]
        self.card_counts: tuple[int, ...] = tuple(
            components["travel_cards"][keys[kind]] for kind in CARD_KINDS
        )
        self.counter_counts: tuple[int, ...] = tuple(
            components["transportation_counters"][keys[kind]] for kind in COUNTER_KINDS
        )
        self.layout: dict[str, list[float]] = data["layout"]["towns"]
        self.aspect_ratio: float = data["layout"]["aspect_ratio_hint"]
        # The roads each counter kind may be placed on (E17), in id order.
        self.roads_for: tuple[tuple[EdgeId, ...], ...] = tuple(
            tuple(e for e in self.road_ids if self.chart[kind][self.edge(e).terrain] is not None)
            for kind in COUNTER_KINDS
        )

    def edge(self, edge_id: EdgeId) -> Edge:
        """Return the edge with this id (1–48)."""
        edge = self._edges[edge_id]
        assert edge is not None
        return edge

    @property
    def num_towns(self) -> int:
        """Return the number of towns, Elvenhold included."""
        return len(self.town_names)

    def town(self, name: str) -> Town:
        """Return the town called `name` (or one of its aliases); ValueError if there is none."""
        town = self._lookup.get(name.strip().casefold())
        if town is None:
            raise ValueError(f"there is no town called {name!r} on the Elfenland map")
        return town

    def is_edge(self, edge_id: int) -> bool:
        """Return True if `edge_id` names an edge of the map."""
        return 1 <= edge_id < len(self._edges)

    def water_cost(self, edge: Edge, town: Town) -> int:
        """Return the Rafts to cross water edge `edge` leaving `town` (E28)."""
        if edge.terrain == LAKE:
            return self.lake_cost
        return self.river_down if edge.other_end(town) == edge.downstream else self.river_up


@cache
def elfenland_map() -> ElfMap:
    """Return the map, read once from the package's data file."""
    with DATA_FILE.open(encoding="utf-8") as handle:
        return ElfMap(json.load(handle))
