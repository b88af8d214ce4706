"""The board data (§3): 22 cities in 9 regions, 45 roads, 66 cards, carriages, 30 bonus tiles."""

from __future__ import annotations

from ludoteca.games.thurn_und_taxis import tnt_board
from ludoteca.games.thurn_und_taxis.board import bits


def test_22_cities_in_9_regions() -> None:
    board = tnt_board()
    assert board.num_cities == 22 and len(board.region_codes) == 9
    sizes = {board.region_codes[r]: len(bits(mask)) for r, mask in enumerate(board.region_cities)}
    assert sizes == {"BAI": 8, "BAD": 3, "WTB": 2, "HOH": 1, "SCH": 2, "TYR": 1, "SBG": 2,
                     "BOE": 2, "POL": 1}
    assert {code for mask in board.region_cities for code in
            (board.city_codes[c] for c in bits(mask))} == set(board.city_codes)
    assert board.city_names[board.city("CAR")] == "Carlsruhe"
    assert board.region_names[board.region_index["BAI"]] == "Baiern"


def test_45_roads_connected_with_the_documented_degrees() -> None:
    board = tnt_board()
    assert len(board.roads) == 45 and len(set(board.roads)) == 45
    degrees = {board.city_codes[c]: board.neighbours[c].bit_count() for c in range(22)}
    assert degrees == {"AUG": 5, "BAS": 2, "BUD": 2, "CAR": 3, "FRE": 4, "ING": 6, "INN": 4,
                       "KEM": 5, "LIN": 3, "LOD": 1, "MAN": 3, "MUE": 6, "NUE": 5, "PAS": 4,
                       "PIL": 4, "REG": 5, "SAL": 4, "SIG": 5, "STU": 7, "ULM": 5, "WUE": 3,
                       "ZUE": 4}
    assert sum(degrees.values()) == 90
    reached, frontier = 1, 1
    while frontier:
        new = 0
        for city in bits(frontier):
            new |= board.neighbours[city]
        frontier = new & ~reached
        reached |= new
    assert reached == (1 << 22) - 1
    assert board.joined(board.city("LOD"), board.city("PIL"))


def test_66_cards_and_the_counts() -> None:
    board = tnt_board()
    assert board.cards_per_city * board.num_cities == 66
    assert (board.display_slots, board.houses_per_player, board.min_route, board.hand_limit,
            board.cartwright_reduction, board.house_penalty) == (6, 20, 3, 3, 2, 1)


def test_carriages_and_their_points() -> None:
    board = tnt_board()
    assert board.carriage_points == {3: 2, 4: 3, 5: 5, 6: 7, 7: 10}
    assert sum(c["copies"] for c in board.data["carriages"]) == 20


def test_30_bonus_tiles_and_their_values() -> None:
    board = tnt_board()
    values = {stack.id: stack.values for stack in board.stacks}
    assert values == {
        "route_7": (4, 3, 2, 1), "route_6": (3, 2, 1), "route_5": (2, 1),
        "region_BAI": (5, 4, 3, 2), "region_BAD": (3, 2, 1), "region_WTB_HOH": (3, 2, 1),
        "region_SCH_TYR": (3, 2, 1), "region_BOE_SBG": (4, 3, 2),
        "outside_baiern": (6, 5, 4, 3), "game_end": (1,),
    }
    assert sum(len(v) for v in values.values()) == 30
    codes = {stack.id: sorted(board.city_codes[c] for c in bits(stack.cities))
             for stack in board.stacks if stack.kind == "region"}
    assert codes["region_BOE_SBG"] == ["BUD", "LIN", "PIL", "SAL"]
    assert codes["region_WTB_HOH"] == ["SIG", "STU", "ULM"]
    assert codes["region_SCH_TYR"] == ["BAS", "INN", "ZUE"]
    outside = next(stack for stack in board.stacks if stack.id == "outside_baiern")
    assert len(outside.regions) == 8 and board.region_index["BAI"] not in outside.regions
    assert [board.stacks[i].id for i in board.length_stacks] == ["route_7", "route_6", "route_5"]
