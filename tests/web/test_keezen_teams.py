"""Keezen in the browser shows who plays with whom and how many pawns each player has home."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.support import api_get, api_match_with_moves, api_play_until, http


def test_partners_are_shown_on_the_board_and_in_the_player_list(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=0)
    page = open_page()
    page.goto(f"/#/watch/{match_id}")
    seats = page.get_by_test_id("seats")
    # Teams of four players are 0+2 and 1+3; seats without a name are called by colour.
    for seat, partner in [(0, "Yellow"), (1, "Green"), (2, "Red"), (3, "Blue")]:
        expect(seats.locator(f"li[data-seat='{seat}'] [data-testid=seat-partner]")).to_have_text(
            f"partner of {partner}")
    board = page.get_by_test_id("board")
    for seat, partner in [(0, 2), (1, 3), (2, 0), (3, 1)]:
        expect(board.locator(f"[data-testid=partner-mark][data-seat='{seat}']")).to_have_attribute(
            "data-partners", str(partner))


def test_two_players_have_no_partner(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=0, players=2)
    page = open_page()
    page.goto(f"/#/watch/{match_id}")
    expect(page.get_by_test_id("seats").locator("li")).to_have_count(2)
    expect(page.get_by_test_id("seat-partner")).to_have_count(0)
    expect(page.get_by_test_id("partner-mark")).to_have_count(0)


def test_each_player_shows_own_pawns_home_beside_the_team_total(open_page, server_url):
    # Play until a pawn can go home, then send it there: its owner has one home, the partner none.
    match_id, tokens, seat, legal = api_play_until(
        server_url, lambda legal: any("-h" in action for action in legal))
    view = api_get(server_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
    action = next(action for action in legal if "-h" in action)
    http().post(f"{server_url}/api/matches/{match_id}/actions", timeout=10, json={
        "token": tokens[str(seat)], "state_id": view["state_id"], "action": action,
    }).raise_for_status()
    observation = api_get(server_url, f"/matches/{match_id}/history/{view['state_id'] + 1}")[
        "observation"]
    page = open_page()
    page.goto(f"/#/watch/{match_id}")
    expect(page.get_by_test_id("board")).to_have_attribute(
        "data-position", observation["position"])
    for other in range(4):
        own = sum(loc.startswith("h") for loc in observation["pawns"][other])
        team = observation["scores"][other]
        expect(page.locator(f"[data-testid=seats] li[data-seat='{other}'] .facts")).to_contain_text(
            f"{own} home · team {team}")
