"""The page's WebSocket comes back by itself after the server restarts, and misses nothing."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.support import api_match_with_moves, api_play_first_action, free_port, serve_app

RECONNECT_MS = 20_000  # the page retries with growing pauses, up to 8 s apart


def test_socket_reconnects_after_a_server_restart(open_page, tmp_path):
    database = tmp_path / "restart.sqlite3"
    port = free_port()
    page = open_page()
    connection = page.get_by_test_id("connection")
    with serve_app(database, port=port) as url:
        match_id, tokens = api_match_with_moves(url, moves=3, players=2, seed=2)
        page.goto(f"{url}/#/watch/{match_id}")
        expect(connection).to_have_attribute("data-state", "online")
        expect(page.get_by_test_id("match-page")).to_have_attribute("data-state-id", "3")
    expect(connection).to_have_attribute("data-state", "offline")
    expect(connection).not_to_be_empty()
    with serve_app(database, port=port) as url:
        # The server rebuilds the match from its record; a move made now reaches the page.
        api_play_first_action(url, match_id, tokens)
        expect(connection).to_have_attribute("data-state", "online", timeout=RECONNECT_MS)
        expect(page.get_by_test_id("match-page")).to_have_attribute("data-state-id", "4")
