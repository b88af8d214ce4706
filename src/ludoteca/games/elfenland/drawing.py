"""The static Elfenland map for drawing the board (`GET /api/games/elfenland/board`)."""

from __future__ import annotations

from ludoteca.core.game import JSON
from ludoteca.games.elfenland.board import LETTERS, TERRAINS, elfenland_map


def board_data() -> dict[str, JSON]:
    """Return the static map for drawing the board: towns with positions, edges, the chart
    (counters per terrain; Raft cards on rivers and lakes)."""
    elf_map = elfenland_map()
    return {
        "towns": [
            {"name": name, "pieces": elf_map.has_pieces[town], "at": elf_map.layout[name]}
            for town, name in enumerate(elf_map.town_names)
        ],
        "edges": [
            {
                "id": e, "a": elf_map.town_names[edge.a], "b": elf_map.town_names[edge.b],
                "kind": TERRAINS[edge.terrain],
                "downstream": (None if edge.downstream is None
                               else elf_map.town_names[edge.downstream]),
                "lake": elf_map.lake_names.get(e),
            }
            for e in elf_map.edge_ids for edge in (elf_map.edge(e),)
        ],
        "chart": {
            LETTERS[kind]: dict(zip(TERRAINS, costs, strict=False))
            for kind, costs in enumerate(elf_map.chart)
        },
        "raft": {
            "river_downstream": elf_map.river_down, "river_upstream": elf_map.river_up,
            "lake": elf_map.lake_cost,
        },
        "aspect_ratio": elf_map.aspect_ratio,
    }
