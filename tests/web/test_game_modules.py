"""The front end finds a game's module by its name: each module links its stylesheet once, and
a game whose module cannot be loaded is still played, through the generic list of moves."""

from __future__ import annotations

from playwright.sync_api import expect

from ludoteca.core.registry import available_games
from tests.plugin.surface import WEB
from tests.web.support import YOUR_TURN, create_match, state_id

SHEETS = "() => [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.href)"
PAGE_SHEETS = ["access.css", "app.css"]
"""The stylesheets of every page; each game's module adds its own, css/<name>.css."""


def test_each_game_module_links_its_stylesheet_once(open_page):
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("new-game-form")).to_be_visible()
    create_match(page, 4, ["human", "bot:random", "bot:random", "bot:random"])
    expect(page.locator(YOUR_TURN)).to_be_visible()
    page.get_by_test_id("nav-lobby").first.click()
    create_match(page, 4, ["human", "bot:random", "bot:random", "bot:random"])
    sheets = [href.rsplit("/", 1)[-1] for href in page.evaluate(SHEETS)]
    game_sheets = [f"{name}.css" for name in available_games()
                   if (WEB / "css" / f"{name}.css").is_file()]
    assert "keezen.css" in game_sheets
    assert sorted(sheets) == sorted(PAGE_SHEETS + game_sheets)
    # The board is drawn with its stylesheet applied: the SVG fills the board area.
    board = page.locator("svg.keezen-board")
    expect(board).to_have_css("display", "block")


def test_a_game_whose_module_fails_to_load_is_played_as_a_list_of_moves(open_page):
    page = open_page()
    page.route("**/static/js/games/elfenland.js", lambda route: route.fulfill(status=404))
    create_match(page, 3, ["human", "bot:random", "bot:random"], game="elfenland")
    expect(page.locator("pre.generic-state[data-testid=board]")).to_be_visible()
    expect(page.locator(YOUR_TURN)).to_be_visible()
    before = state_id(page)
    page.get_by_test_id("candidate-action").first.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", str(before))
    sheets = [href.rsplit("/", 1)[-1] for href in page.evaluate(SHEETS)]
    assert "elfenland.css" not in sheets
