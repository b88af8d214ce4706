"""The lobby's option fields come from the games' descriptors (GET /api/games): a match started
with changed options has exactly those options, the help is shown in the page's language, seat
options follow the player count, and the seats named by `seat_markers` wear their badge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ludoteca.core.registry import available_games, game_spec
from tests.web.support import YOUR_TURN, api_get

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
# One or two options per game set to something other than their default.
CHANGES: dict[str, dict[str, Any]] = {
    "keezen": {"dealer_rotation": "per_cycle", "max_deals": 50},
    "elfenland": {"caravan": "any", "rounds": 3},
    "thurn_und_taxis": {"blind_draw": True, "round_limit": 30},
    "suitors_paths": {"boundary_side_cost": "adjacent", "terrain_split": "uniform"},
}

# The games that name seats with a badge (Thurn und Taxis names none).
MARKED = [name for name in available_games() if game_spec(name).seat_markers]


def _game(server_url: str, name: str) -> dict[str, Any]:
    info: dict[str, Any] = next(g for g in api_get(server_url, "/games") if g["name"] == name)
    return info


def _open_options(page: Page, game: str) -> None:
    """Choose `game` in the new-game form and unfold its options."""
    page.get_by_test_id("game").select_option(game)
    options = page.get_by_test_id("options")
    page.locator("details", has=options).locator("summary").click()
    expect(options).to_be_visible()


def _set_option(page: Page, option: dict[str, Any], value: Any) -> None:
    field = page.get_by_test_id(f"option-{option['name']}")
    if option["kind"] == "integer":
        field.fill(str(value))
    elif option["kind"] == "flag":
        field.set_checked(value)
    else:  # choice and seat fields are selects whose values are JSON
        field.select_option(json.dumps(value))


def test_every_game_on_offer_has_changed_options_here(server_url):
    assert {g["name"] for g in api_get(server_url, "/games")} == set(CHANGES)


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_match_from_the_lobby_starts_with_exactly_the_chosen_options(open_page, server_url,
                                                                          name):
    game = _game(server_url, name)
    declared = {option["name"]: option for option in game["options"]}
    page = open_page()
    page.goto("/")
    _open_options(page, name)
    for option, value in CHANGES[name].items():
        assert value != declared[option]["default"]
        _set_option(page, declared[option], value)
    page.get_by_test_id("create-match").click()
    match_page = page.get_by_test_id("match-page")
    expect(match_page).to_be_visible()
    match_id = match_page.get_attribute("data-match-id")

    summary = api_get(server_url, f"/matches/{match_id}")
    chosen = {key: value for key, value in summary["options"].items() if key != "num_players"}
    defaults = {option: info["default"] for option, info in declared.items()}
    assert chosen == {**defaults, **CHANGES[name]}
    assert summary["players"] == game["default_players"]


@pytest.mark.parametrize("name", MARKED)
def test_the_seats_named_by_the_game_s_seat_markers_wear_a_badge(open_page, server_url, name):
    game = _game(server_url, name)
    assert game["seat_markers"]
    page = open_page()
    page.goto("/")
    page.get_by_test_id("game").select_option(name)
    page.get_by_test_id("create-match").click()  # seat 0 human, the others bots
    expect(page.locator(YOUR_TURN)).to_be_visible()  # the bots wait: the state stands still
    match_id = page.get_by_test_id("match-page").get_attribute("data-match-id")
    observation = api_get(server_url, f"/matches/{match_id}/view")["observation"]
    english = json.loads((I18N / "en.json").read_text("utf-8"))
    for marker in game["seat_markers"]:
        badge = page.locator(f"[data-testid=seats] [data-testid=seat-marker][data-marker={marker}]")
        expect(badge).to_have_count(1)
        expect(page.locator(f"[data-testid=seats] li[data-seat='{observation[marker]}']")
               .locator(f"[data-marker={marker}]")).to_have_count(1)
        expect(badge).to_have_attribute("title", english[f"marker.{name}.{marker}"])


def test_option_labels_help_and_choices_are_shown_in_dutch(open_page, server_url):
    dutch = json.loads((I18N / "nl.json").read_text("utf-8"))
    english = json.loads((I18N / "en.json").read_text("utf-8"))
    key = "option.keezen.dealer_rotation"
    assert dutch[f"{key}.help"] != english[f"{key}.help"]
    page = open_page()
    page.goto("/")
    page.get_by_test_id("language").select_option("nl")
    expect(page.get_by_test_id("create-match")).to_have_text("Partij starten")
    _open_options(page, "keezen")

    help_text = page.locator("[data-testid=option-help][data-option=dealer_rotation]")
    expect(help_text).to_be_visible()
    expect(help_text).to_have_text(dutch[f"{key}.help"])
    field = page.get_by_test_id("option-dealer_rotation")
    expect(field).to_have_attribute("aria-describedby", help_text.get_attribute("id") or "")
    expect(page.get_by_label(dutch[key])).to_be_visible()
    expect(field.locator("option[value='\"per_cycle\"']")).to_have_text(dutch[f"{key}.per_cycle"])


def test_seat_options_offer_the_seats_of_the_chosen_player_count(open_page, server_url):
    page = open_page()
    page.goto("/")
    _open_options(page, "keezen")
    first_dealer = page.get_by_test_id("option-first_dealer")
    expect(first_dealer.locator("option")).to_have_count(1 + 4)  # "random" and 4 seats
    first_dealer.select_option("3")
    page.get_by_test_id("players").select_option("6")
    expect(first_dealer.locator("option")).to_have_count(1 + 6)
    expect(first_dealer).to_have_value("3")  # a seat that still exists stays chosen
    page.get_by_test_id("players").select_option("2")
    expect(first_dealer.locator("option")).to_have_count(1 + 2)
    expect(first_dealer).to_have_value("null")  # seat 3 is gone: back to the default, random
