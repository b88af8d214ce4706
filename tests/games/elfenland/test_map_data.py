"""The packaged map matches the rules document (§3): towns, edges, terrains, rivers, the chart."""

from __future__ import annotations

from collections import Counter

from ludoteca.games.elfenland.board import (
    DESERT,
    FOREST,
    LAKE,
    LETTERS,
    MOUNTAIN,
    PLAIN,
    RIVER,
    TERRAINS,
    elfenland_map,
)

MAP = elfenland_map()


def names(*towns: int) -> tuple[str, ...]:
    return tuple(MAP.town_names[town] for town in towns)


def test_twenty_one_towns_elvenhold_first_without_pieces() -> None:
    assert MAP.num_towns == 21
    assert MAP.town_names[MAP.start_town] == "Elvenhold"
    assert MAP.start_town == 0
    assert sum(MAP.has_pieces) == 20
    assert not MAP.has_pieces[MAP.start_town]


def test_forty_eight_edges_with_ids_by_kind() -> None:
    assert MAP.edge_ids == tuple(range(1, 49))
    by_terrain = Counter(TERRAINS[MAP.edge(e).terrain] for e in MAP.edge_ids)
    assert by_terrain == {"plain": 8, "forest": 12, "desert": 7, "mountain": 8, "river": 7,
                          "lake": 6}
    expected = {PLAIN: range(1, 9), FOREST: range(9, 21), DESERT: range(21, 28),
                MOUNTAIN: range(28, 36), RIVER: range(36, 43), LAKE: range(43, 49)}
    for terrain, ids in expected.items():
        assert all(MAP.edge(e).terrain == terrain for e in ids)
    assert MAP.road_ids == tuple(range(1, 36))


def test_river_directions_downstream_ends() -> None:
    downstream = {e: MAP.town_names[MAP.edge(e).downstream or 0] for e in range(36, 43)}
    assert downstream == {
        36: "Elvenhold", 37: "Rivinia", 38: "Tichih", 39: "Ixara", 40: "Mah'Davikia",
        41: "Grangor", 42: "Usselen",
    }
    assert all(MAP.edge(e).downstream is None for e in (*range(1, 36), *range(43, 49)))


def test_lakes_and_their_crossings() -> None:
    assert {e: MAP.lake_names[e] for e in range(43, 49)} == {
        43: "Mare Magnum", 44: "Mare Magnum", 45: "Mare Magnum",
        46: "Mare Nebulae", 47: "Mare Nebulae", 48: "Mare Nebulae",
    }
    assert names(MAP.edge(44).a, MAP.edge(44).b) == ("Elvenhold", "Strykhaven")


def test_parallel_road_and_water_pairs() -> None:
    pairs: dict[frozenset[int], list[int]] = {}
    for e in MAP.edge_ids:
        pairs.setdefault(frozenset((MAP.edge(e).a, MAP.edge(e).b)), []).append(e)
    parallel = sorted(sorted(ids) for ids in pairs.values() if len(ids) > 1)
    assert parallel == [[1, 36], [5, 39], [7, 42], [29, 40], [30, 41], [31, 48], [35, 45]]


def test_degrees_and_the_kihromah_dead_end() -> None:
    degree = Counter(town for e in MAP.edge_ids for town in (MAP.edge(e).a, MAP.edge(e).b))
    assert degree[MAP.town("Elvenhold")] == 7
    assert MAP.incident[MAP.town("Kihromah")] == (16,)
    assert all(len(MAP.incident[town]) == degree[town] for town in range(MAP.num_towns))


def test_town_aliases() -> None:
    assert MAP.town("Elfenhold") == MAP.town("elvenhold") == 0
    assert MAP.town_names[MAP.town("Jxara")] == "Ixara"


def test_transportation_chart() -> None:
    chart = {LETTERS[kind]: MAP.chart[kind][:4] for kind in range(6)}
    assert chart == {
        "P": (1, 1, None, None), "E": (1, 1, None, 2), "C": (2, 2, None, 1),
        "U": (None, 1, 2, 1), "T": (1, 2, 2, 2), "D": (1, 2, 1, 1),
    }
    assert all(MAP.chart[kind][terrain] is None for kind in range(6) for terrain in (RIVER, LAKE))
    assert (MAP.river_down, MAP.river_up, MAP.lake_cost) == (1, 2, 2)


def test_roads_each_counter_may_take_on_an_empty_board() -> None:
    counts = {LETTERS[kind]: len(MAP.roads_for[kind]) for kind in range(6)}
    assert counts == {"P": 20, "E": 28, "C": 28, "U": 27, "T": 35, "D": 35}


def test_components() -> None:
    assert MAP.card_counts == (10, 10, 10, 10, 10, 10, 12)
    assert MAP.counter_counts == (8,) * 6


def test_layout_has_every_town_inside_the_unit_square() -> None:
    assert set(MAP.layout) == set(MAP.town_names)
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in MAP.layout.values())
