"""Every game the API offers has its browser module and, in every language it lists, the words
the lobby and the seat list look up: option labels, help and choices, bot descriptions and seat
markers. (No browser: the catalogues and the descriptors are read directly.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.support import serve

WEB = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[dict[str, Any]]]:
    """Yield GET /api/games of a fresh app."""
    with serve(tmp_path_factory.mktemp("catalogues")) as client:
        response = client.get("/api/games")
        assert response.status_code == 200, response.text
        yield response.json()


def _catalogue(code: str) -> dict[str, str]:
    result: dict[str, str] = json.loads((WEB / "i18n" / f"{code}.json").read_text("utf-8"))
    return result


def _words(game: dict[str, Any]) -> list[str]:
    """Return the catalogue keys the front end looks up for `game`."""
    name = game["name"]
    keys = []
    for option in game["options"]:
        key = f"option.{name}.{option['name']}"
        keys += [key, f"{key}.help"]
        keys += [f"{key}.{choice}" for choice in option["choices"] if isinstance(choice, str)]
    keys += [f"marker.{name}.{marker}" for marker in game["seat_markers"]]
    return keys


def test_every_game_has_its_browser_module(games):
    assert games
    for game in games:
        assert (WEB / "js" / "games" / f"{game['name']}.js").is_file(), game["name"]


def test_every_option_choice_and_seat_marker_has_its_words_in_every_listed_language(games):
    offered = json.loads((WEB / "i18n" / "languages.json").read_text("utf-8"))
    for game in games:
        assert "en" in game["languages"], game["name"]
        for code in game["languages"]:
            assert code in offered, (game["name"], code)
            missing = set(_words(game)) - set(_catalogue(code))
            assert not missing, (game["name"], code, sorted(missing))


def test_every_bot_has_a_description_in_every_listed_language(games):
    for game in games:
        for code in game["languages"]:
            messages = _catalogue(code)
            for bot in game["bots"]:
                keys = {f"bot.{game['name']}.{bot['name']}", f"bot.{bot['name']}"}
                assert keys & set(messages), (game["name"], code, bot["name"])
