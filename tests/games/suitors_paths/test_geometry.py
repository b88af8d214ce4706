"""Every table of §4: hexes, categories, points, segments, the path and ring 2, girl placements,
the reference values of §4.10, and the component data (§4.1, §4.7, §4.8)."""

from __future__ import annotations

from collections import deque

import pytest

from ludoteca.games.suitors_paths.board import (
    CORNER,
    INTERIOR,
    NB,
    NO_HEX,
    SIDE,
    Board,
    board_for,
    game_data,
    girl_placements,
)
from ludoteca.games.suitors_paths.flow import score_stacks
from ludoteca.games.suitors_paths.moves import auction_hexes
from tests.games.suitors_paths.helpers import sp

ROWS = {
    2: {0: (2, 3), 1: (1, 3), 2: (0, 3), 3: (0, 2), 4: (0, 1)},
    3: {0: (2, 4), 1: (1, 4), 2: (0, 4), 3: (0, 3), 4: (0, 2)},
    4: {0: (2, 5), 1: (1, 5), 2: (0, 5), 3: (0, 4), 4: (0, 3)},
    5: {0: (2, 5), 1: (1, 5), 2: (0, 5), 3: (0, 5), 4: (0, 4), 5: (0, 3)},
}
HEXES = {2: 14, 3: 19, 4: 24, 5: 30}
MEMBERSHIP = {
    2: ("2,0 3,0 0,2 3,2 0,4 1,4", "1,1 3,1 0,3 2,3", "2,1 1,2 2,2 1,3"),
    3: ("2,0 4,0 0,2 4,2 0,4 2,4", "3,0 1,1 4,1 0,3 3,3 1,4", "2,1 3,1 1,2 2,2 3,2 1,3 2,3"),
    4: ("2,0 5,0 0,2 5,2 0,4 3,4", "3,0 4,0 1,1 5,1 0,3 4,3 1,4 2,4",
        "2,1 3,1 4,1 1,2 2,2 3,2 4,2 1,3 2,3 3,3"),
    5: ("2,0 5,0 0,2 5,3 0,5 3,5", "3,0 4,0 1,1 5,1 5,2 0,3 0,4 4,4 1,5 2,5",
        "2,1 3,1 4,1 1,2 2,2 3,2 4,2 1,3 2,3 3,3 4,3 1,4 2,4 3,4"),
}
COUNTS = {  # corner points, all points, interior sides, boundary sides, spokes, segments
    2: (42, 56, 29, 26, 84, 139),
    3: (54, 73, 42, 30, 114, 186),
    4: (66, 90, 55, 34, 144, 233),
    5: (80, 110, 71, 38, 180, 289),
}
PATHS = {
    2: ("2,0 3,0 3,1 3,2 2,3 1,4 0,4 0,3 0,2 1,1", "ccscsccscs"),
    3: ("2,0 3,0 4,0 4,1 4,2 3,3 2,4 1,4 0,4 0,3 0,2 1,1", "cscscscscscs"),
    4: ("2,0 3,0 4,0 5,0 5,1 5,2 4,3 3,4 2,4 1,4 0,4 0,3 0,2 1,1", "csscscscsscscs"),
    5: ("2,0 3,0 4,0 5,0 5,1 5,2 5,3 4,4 3,5 2,5 1,5 0,5 0,4 0,3 0,2 1,1", "csscsscscsscsscs"),
}
RING2 = {
    2: ("2,1 2,2 1,3 1,2", ""),
    3: ("2,1 3,1 3,2 2,3 1,3 1,2", "2,2"),
    4: ("2,1 3,1 4,1 4,2 3,3 2,3 1,3 1,2", "2,2 3,2"),
    5: ("2,1 3,1 4,1 4,2 4,3 3,4 2,4 1,4 1,3 1,2", "2,2 3,2 2,3 3,3"),
}
PERIMETER_NEIGHBOURS = {4: "3 2 3 3 3 2 3 3", 5: "3 2 3 2 3 3 2 3 2 3"}
FEWEST = {
    2: "1 1 1 2 3 4 4 3 2 1",
    3: "1 1 2 3 4 4 5 4 4 3 2 1",
    4: "1 1 2 4 5 6 5 6 5 4 4 3 2 1",
    5: "1 1 2 4 5 6 7 7 8 7 6 5 4 3 2 1",
}
PLAYERS = (2, 3, 4, 5)
KIND_LETTER = {CORNER: "c", SIDE: "s", INTERIOR: "i"}


def names(board: Board, hexes: tuple[int, ...] | list[int]) -> str:
    return " ".join(board.hex_names[h] for h in hexes)


@pytest.mark.parametrize("players", PLAYERS)
def test_p2_p3_board_rows_and_size(players: int) -> None:
    board = board_for(players)
    assert board.num_hexes == HEXES[players]
    rows: dict[int, list[int]] = {}
    for q, r in board.coords:
        rows.setdefault(r, []).append(q)
    assert {r: (min(qs), max(qs)) for r, qs in rows.items()} == ROWS[players]
    assert all(qs == list(range(qs[0], qs[-1] + 1)) for qs in rows.values())
    assert board.coords == tuple(sorted(board.coords, key=lambda c: (c[1], c[0])))


@pytest.mark.parametrize("players", PLAYERS)
def test_s4_3_tile_categories_by_neighbours(players: int) -> None:
    board = board_for(players)
    by_kind = {kind: [h for h in range(board.num_hexes) if board.kinds[h] == kind]
               for kind in (CORNER, SIDE, INTERIOR)}
    corners, sides, interior = MEMBERSHIP[players]
    assert names(board, by_kind[CORNER]) == corners
    assert names(board, by_kind[SIDE]) == sides
    assert names(board, by_kind[INTERIOR]) == interior
    for h, row in enumerate(board.neighbours):
        assert sum(n != NO_HEX for n in row) == {CORNER: 3, SIDE: 4, INTERIOR: 6}[board.kinds[h]]


@pytest.mark.parametrize("players", PLAYERS)
def test_s4_4_s4_5_point_and_segment_counts(players: int) -> None:
    board = board_for(players)
    corner_points, points, interior_sides, boundary_sides, spokes, segments = COUNTS[players]
    assert board.num_points == points
    assert sum(h == NO_HEX for h in board.centre_hex) == corner_points
    sides = [s for s in range(board.num_segments) if board.spoke_hex[s] == NO_HEX]
    boundary = [s for s in sides if board.is_boundary(s)]
    assert (len(sides) - len(boundary), len(boundary)) == (interior_sides, boundary_sides)
    assert board.num_segments - len(sides) == spokes
    assert board.num_segments == segments
    assert all(key[1] % 3 == 0 for key, h in zip(board.point_keys, board.centre_hex,
                                                  strict=True) if h != NO_HEX)
    assert all(key[1] % 3 != 0 for key, h in zip(board.point_keys, board.centre_hex,
                                                  strict=True) if h == NO_HEX)


@pytest.mark.parametrize("players", PLAYERS)
def test_s4_4_corner_sharing_identity_for_every_hex_and_corner(players: int) -> None:
    board = board_for(players)
    for h, (q, r) in enumerate(board.coords):
        x, y = 2 * q + r, 3 * r
        assert board.point_keys[board.centres[h]] == (x, y)
        for k in range(6):
            key = board.point_keys[board.corners[h][k]]
            for shift, other_k in ((k, (k + 4) % 6), ((k + 5) % 6, (k + 2) % 6)):
                dq, dr = NB[shift]
                oq, or_ = q + dq, r + dr
                other_centre = (2 * oq + or_, 3 * or_)
                offsets = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
                ox, oy = offsets[other_k]
                assert key == (other_centre[0] + ox, other_centre[1] + oy)
                other = board.hex_index.get((oq, or_))
                if other is not None:
                    assert board.corners[other][other_k] == board.corners[h][k]


def test_e1_point_keys_and_canonical_names() -> None:
    board = board_for(4)
    h = board.hex_by_name["2,1"]
    keys = [board.point_keys[board.centres[h]],
            *(board.point_keys[p] for p in board.corners[h])]
    assert keys == [(5, 3), (5, 1), (6, 2), (6, 4), (5, 5), (4, 4), (4, 2)]
    assert board.point_names[board.point_index[(5, 1)]] == "2,0/SE"
    assert board.point_names[board.point_index[(4, 4)]] == "1,1/SE"


def test_e2_segment_names_and_aliases() -> None:
    game = sp(4)
    board = game.board
    frm, to = board.point_index[(5, 1)], board.point_index[(6, 2)]
    assert board.segment_text(frm, to) == "3,0/SW-S"
    _, alias = game.ids.parse("build 2,1/N-NE G")
    _, canonical = game.ids.parse("build 3,0/SW-S G")
    assert alias == canonical
    spoke_frm = board.corners[board.hex_by_name["1,2"]][5]
    assert board.segment_text(spoke_frm, board.centres[board.hex_by_name["1,2"]]) == \
        "1,2/NW-C"


@pytest.mark.parametrize("players", PLAYERS)
def test_s4_6_path_loop_kinds_and_ring2(players: int) -> None:
    board = board_for(players)
    path, kinds = PATHS[players]
    assert names(board, board.path) == path
    assert "".join(KIND_LETTER[board.kinds[h]] for h in board.path) == kinds.replace(" ", "")
    ring2, ring3 = RING2[players]
    assert names(board, board.ring2) == ring2
    assert len(board.ring2) == 2 * players
    rest = [h for h in range(board.num_hexes)
            if board.kinds[h] == INTERIOR and board.ring2_index[h] < 0]
    assert names(board, rest) == ring3
    for i, h in enumerate(board.ring2):  # a loop: consecutive ring-2 hexes are neighbours
        assert board.ring2[(i + 1) % len(board.ring2)] in board.neighbours[h]
    if players in PERIMETER_NEIGHBOURS:
        counts = [sum(n != NO_HEX and board.kinds[n] != INTERIOR for n in board.neighbours[h])
                  for h in board.ring2]
        assert " ".join(map(str, counts)) == PERIMETER_NEIGHBOURS[players]


def test_p22_two_player_tips() -> None:
    board = board_for(2)
    assert sorted(board.hex_names[h] for h in board.tips) == ["1,3", "2,1"]
    assert names(board, auction_hexes(board, (-1, -1))) == "2,1 1,3"


@pytest.mark.parametrize(("length", "girls", "count", "pairs"),
                         [(10, 4, 25, 0), (12, 5, 36, 0), (14, 7, 2, 0), (16, 9, 64, 2),
                          (16, 8, 2, 0)])
def test_s4_9_p10_girl_placements(length: int, girls: int, count: int, pairs: int) -> None:
    placements = girl_placements(length, girls)
    assert len(placements) == count
    for places in placements:
        taken = set(places)
        assert sum((p + 1) % length in taken for p in places) == pairs


def fewest_segments(board: Board, suitor: int) -> list[int]:
    """Return the fewest segments from the suitor's corners to each perimeter centre (§4.10)."""
    dist = {corner: 0 for corner in board.corners[suitor]}
    queue = deque(board.corners[suitor])
    reached: dict[int, int] = {}
    while queue:
        point = queue.popleft()
        for to, segment in board.adjacent[point]:
            h = board.spoke_hex[segment]
            if h == suitor:
                continue  # P34
            if h != NO_HEX and board.kinds[h] != INTERIOR:
                if to == board.centres[h]:
                    reached.setdefault(h, dist[point] + 1)  # P35: only into it, as the end
                continue
            if to not in dist:
                dist[to] = dist[point] + 1
                queue.append(to)
    return [reached[h] for h in board.path]


@pytest.mark.parametrize("players", PLAYERS)
def test_s4_10_fewest_segments_from_2_1_to_each_perimeter_centre(players: int) -> None:
    board = board_for(players)
    distances = fewest_segments(board, board.hex_by_name["2,1"])
    assert " ".join(map(str, distances)) == FEWEST[players]


def auction_sequences(board: Board, starts: tuple[int, ...]) -> list[tuple[int, ...]]:
    placed = [h for h in starts if h != -1]
    if len(placed) == board.players:
        return [tuple(placed)]
    legal = auction_hexes(board, starts)
    if len(placed) == board.players - 1:
        assert len(legal) == 1  # P23: the last player always has exactly one hex
    sequences = []
    for h in legal:
        seat = starts.index(-1)
        sequences += auction_sequences(board, (*starts[:seat], h, *starts[seat + 1:]))
    return sequences


@pytest.mark.parametrize(("players", "count"), [(2, 2), (3, 12), (4, 32), (5, 80)])
def test_s4_10_p21_auction_hex_sequences(players: int, count: int) -> None:
    board = board_for(players)
    sequences = auction_sequences(board, (-1,) * players)
    assert len(sequences) == count
    for sequence in sequences:  # ring-2 classes: every second ring-2 hex
        assert len({board.ring2_index[h] % 2 for h in sequence}) == 1


@pytest.mark.parametrize(("players", "maximum"), [(2, 14), (3, 16), (4, 18), (5, 18)])
def test_p69_maximum_score(players: int, maximum: int) -> None:
    girls = board_for(players).girls
    other, me = 1, 0
    stacks: list[tuple[int, ...]] = [(other, me) for _ in range(min(6, girls))]
    for extra in range(6 - len(stacks)):  # the markers left over go on top of their girls
        stacks[extra] = (*stacks[extra], me)
    assert sum(stack.count(me) for stack in stacks) == 6
    assert score_stacks(tuple(stacks), players)[me] == maximum == 6 + 2 * min(6, girls)


def test_s4_1_s4_7_s4_8_components() -> None:
    data = game_data()
    assert data["deck"] == {"G": 12, "Y": 10, "R": 10, "K": 8, "B": 8, "M": 12}
    assert sum(data["deck"].values()) == 60
    tiles = data["tiles"]
    assert sum(tiles["corner"].values()) == 6 and sum(tiles["side"].values()) == 10
    for split, totals in (("proportional", [8, 6, 6, 5, 5]), ("uniform", [6, 6, 6, 6, 6])):
        interior = tiles["interior"][split]
        assert sum(interior.values()) == 14
        assert [tiles["corner"][t] + tiles["side"][t] + interior[t] for t in "GYRKB"] == totals
    assert [data["boards"][str(n)]["girls"] for n in PLAYERS] == [4, 5, 7, 9]


@pytest.mark.parametrize("players", PLAYERS)
def test_p11_start_of_play_supply_and_markers(players: int) -> None:
    game = sp(players)
    state = game.initial_state(3)
    while state.round == 0:
        state = game.apply(state, game.legal_actions(state)[0])
    observation = game.observation(state, None)
    assert observation["supply"] == 120
    assert observation["markers"] == [6] * players
    assert observation["deck_size"] + sum(observation["hand_sizes"]) + 6 \
        + len(observation["discard_pile"]) == 60
