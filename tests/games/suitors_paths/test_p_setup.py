"""Setup rules P1-P14 of Suitors' Paths that test_geometry.py and test_rules.py leave out.

Already covered there: P2 and P3's rows (test_p2_p3_…), P6/P7 (test_p6_p7_…, test_p7_…), P9
(test_p9_p10_…), P11 (test_p11_…), P13 (test_p13_s2_…) and P14 (test_p14_s3_…).
"""

from __future__ import annotations

from collections import Counter

import pytest

import ludoteca
from ludoteca.games.suitors_paths.board import CORNER, INTERIOR, SIDE
from ludoteca.games.suitors_paths.state import Step
from tests.games.suitors_paths.helpers import sp

SHAPES = {2: (3, 4, 5), 3: (4, 4, 6), 4: (5, 4, 7), 5: (5, 5, 8)}
"""Qmax, Rmax, Smax of §4.2."""


def test_p1_two_to_five_players_seated_one_to_n() -> None:
    assert ludoteca.load("suitors_paths").num_players == 3  # the default
    for players in (2, 3, 4, 5):
        game = sp(players)
        state = game.initial_state(0)
        observation = game.observation(state, None)
        assert observation["num_players"] == players
        assert observation["suitors"] == [None] * players
        assert len(observation["hand_sizes"]) == players
    for players in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            ludoteca.load("suitors_paths", players=players)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_p3_board_holds_exactly_the_coordinates_of_4_2(players: int) -> None:
    q_max, r_max, s_max = SHAPES[players]
    expected = {(q, r) for q in range(q_max + 1) for r in range(r_max + 1)
                if 2 <= q + r <= s_max}
    board = sp(players).board
    assert set(board.coords) == expected and len(board.coords) == len(expected)
    hexes = sp(players).observation(sp(players).initial_state(0), None)["board"]["hexes"]
    assert [(h["q"], h["r"]) for h in hexes] == sorted(expected, key=lambda c: (c[1], c[0]))


@pytest.mark.parametrize("players", [2, 5])
def test_p4_every_hex_has_seven_points_and_segments_join_them(players: int) -> None:
    board = sp(players).board
    for h, (q, r) in enumerate(board.coords):
        points = board.local_names[h]
        assert sorted(points.values()) == sorted(["N", "NE", "SE", "S", "SW", "NW", "C"])
        centre = board.point_keys[board.centres[h]]
        assert centre == (2 * q + r, 3 * r)
        assert [board.point_keys[p] for p in board.corners[h]] == [
            (centre[0] + dx, centre[1] + dy)
            for dx, dy in ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))]
    for a, b in board.segment_ends:  # every segment joins two points of one hex
        assert any(a in board.local_names[h] and b in board.local_names[h]
                   for h in range(board.num_hexes))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_p5_corner_and_side_tiles_are_the_path(players: int) -> None:
    game = sp(players)
    board = game.board
    path = set(board.path)
    assert path == {h for h in range(board.num_hexes) if board.kinds[h] in (CORNER, SIDE)}
    assert all(board.kinds[h] == INTERIOR for h in range(board.num_hexes) if h not in path)
    observation = game.observation(game.initial_state(3), None)
    kinds = {h["hex"]: h["kind"] for h in observation["board"]["hexes"]}
    assert {kinds[name] for name in observation["board"]["path"]} == {"corner", "side"}
    assert len(observation["board"]["path"]) == len(path)


@pytest.mark.parametrize(("players", "options", "girls"), [
    (2, {}, 4), (3, {}, 5), (4, {}, 7), (5, {}, 9), (5, {"five_player_girls": 8}, 8),
])
def test_p8_number_of_girls(players: int, options: dict[str, object], girls: int) -> None:
    game = sp(players, **options)
    for seed in (0, 1):
        observation = game.observation(game.initial_state(seed), None)
        assert len(observation["girls"]) == girls
        assert all(girl["stack"] == [] for girl in observation["girls"])


def test_p10_girls_are_placed_before_the_deal_uniformly_among_the_best_placements() -> None:
    game = sp(4)
    assert len(game.placements()) == 2  # strict alternation (§4.9)
    counts: Counter[tuple[int, ...]] = Counter()
    for seed in range(40):
        state = game.initial_state(seed)
        counts[tuple(i for i, stack in enumerate(state.girls) if stack is not None)] += 1
        kinds = [entry["kind"] for entry in game.observation(state, None)["log"]]
        assert kinds == ["girls_placed", "deal", "opener"]
    assert set(counts) == {tuple(range(0, 14, 2)), tuple(range(1, 14, 2))}
    assert min(counts.values()) >= 10  # both drawn, neither rare
    assert len(sp(5).placements()) == 64


@pytest.mark.parametrize("players", [2, 5])
def test_p12_the_deck_holds_60_cards_of_the_stated_colours(players: int) -> None:
    game = sp(players)
    for seed in (0, 7):
        state = game.initial_state(seed)
        cards: Counter[str] = Counter()
        for hand in state.hands:
            cards.update({letter: count for letter, count in zip("GYRKBM", hand, strict=True)})
        cards.update("GYRKBM"[c] for c in (*state.display, *state.deck))
        assert cards == Counter({"G": 12, "Y": 10, "R": 10, "K": 8, "B": 8, "M": 12})
        assert state.step == Step.AUCTION and state.discards == ()
