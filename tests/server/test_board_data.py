"""GET /api/games/{name}/board: the static map of games that have one."""

from __future__ import annotations

from ludoteca.core.registry import game_spec
from tests.server.support import TestClient, assert_error


def test_elfenland_board_is_the_engines_map(client: TestClient) -> None:
    response = client.get("/api/games/elfenland/board")
    assert response.status_code == 200, response.text
    board = response.json()
    board_data = game_spec("elfenland").board_data
    assert board_data is not None and board == board_data()
    assert len(board["towns"]) == 21
    assert len(board["edges"]) == 48
    assert [edge["id"] for edge in board["edges"]] == list(range(1, 49))
    kinds = {edge["kind"] for edge in board["edges"]}
    assert kinds == {"plain", "forest", "desert", "mountain", "river", "lake"}
    for town in board["towns"]:
        x, y = town["at"]
        assert 0 <= x <= 1 and 0 <= y <= 1
    assert board["aspect_ratio"] > 1
    assert board["raft"] == {"river_downstream": 1, "river_upstream": 2, "lake": 2}


def test_games_without_a_board_and_unknown_games_are_404(client: TestClient) -> None:
    assert_error(client.get("/api/games/keezen/board"), 404, "not_found")
    assert_error(client.get("/api/games/chess/board"), 404, "not_found")
