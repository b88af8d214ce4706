"""Every registered game's whole plug-in surface, read from its `GameSpec` alone."""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path

import pytest

import ludoteca
from ludoteca.bots import bot_specs
from ludoteca.core.registry import available_games, game_spec
from ludoteca.core.spec import GameSpec
from tests.plugin.surface import ROOT, WEB, surface_problems


def test_every_game_package_is_registered_by_its_spec() -> None:
    packages = sorted(
        path.parent.name for path in (ROOT / "src/ludoteca/games").glob("*/__init__.py")
    )
    assert list(available_games()) == packages
    for name in packages:
        assert game_spec(name).name == name
        package = importlib.import_module(f"ludoteca.games.{name}")
        assert package.SPEC is game_spec(name)


@pytest.mark.parametrize("name", available_games())
def test_plug_in_surface_is_complete(name: str) -> None:
    assert surface_problems(game_spec(name)) == []


def test_a_spec_with_missing_pieces_is_caught(tmp_path: Path) -> None:
    spec = game_spec("keezen")
    broken = dataclasses.replace(
        spec,
        name="keezen",
        options=(dataclasses.replace(spec.options[0], help=""), *spec.options[1:]),
        observation_keys=spec.observation_keys[1:],
        languages=(*spec.languages, "fr"),
        rules_page="docs/rules/missing.md",
        original_rules=(("nl", "docs/rules/original/missing.nl.txt"),),
        play_minutes=(0, 0),
    )
    (tmp_path / "js" / "games").mkdir(parents=True)
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "en.json").write_text(
        '{"keezen.title": "Keezen", "bot.random": "r", "bot.keezen.heuristic": "h"}')
    (tmp_path / "i18n" / "nl.json").write_text("{}")
    (tmp_path / "i18n" / "languages.json").write_text('{"en": "English", "nl": "Nederlands"}')
    problems = "\n".join(surface_problems(broken, web=tmp_path))
    assert "option two_player_track lacks a label or help" in problems
    assert "observation keys differ: undeclared ['track_length']" in problems
    assert "front-end module js/games/keezen.js is missing" in problems
    assert "catalogue fr.json is missing or not in languages.json" in problems
    assert "nl.json is missing" not in problems and "nl.json lacks" in problems
    assert "rules page 'docs/rules/missing.md' is missing" in problems
    assert "rules page 'docs/rules/original/missing.nl.txt' is missing" in problems
    assert "no play time declared" in problems
    assert "e.g. ['bot.ismcts', 'bot.level.0', 'bot.level.1']" in problems


def test_spec_refuses_inconsistent_declarations() -> None:
    spec = game_spec("elfenland")
    with pytest.raises(ValueError, match="default players 7 not offered"):
        dataclasses.replace(spec, default_players=7)
    with pytest.raises(ValueError, match="default bot 'genius' is not offered"):
        dataclasses.replace(spec, default_bot="genius")
    with pytest.raises(ValueError, match="option names must be unique"):
        dataclasses.replace(spec, options=(*spec.options, spec.options[0]))
    with pytest.raises(ValueError, match=r"play time \(90, 60\) is not a range"):
        dataclasses.replace(spec, play_minutes=(90, 60))
    with pytest.raises(ValueError, match="one original rules text per language"):
        dataclasses.replace(spec, original_rules=(("en", "docs/rules/elfenland.md"),))


def test_every_game_tells_a_newcomer_its_play_time_and_rules_languages() -> None:
    published = {name: game_spec(name).published() for name in available_games()}
    assert published["keezen"]["play_minutes"] == [30, 60]
    assert published["elfenland"]["play_minutes"] == [60, 60]
    assert published["keezen"]["rules_languages"] == ["en", "nl"]
    assert published["elfenland"]["rules_languages"] == ["en", "zh"]
    assert published["thurn_und_taxis"]["rules_languages"] == ["en", "es"]


def test_load_validates_against_the_declared_options() -> None:
    spec: GameSpec = game_spec("elfenland")
    for option in spec.options:
        assert ludoteca.load("elfenland").options[option.name] == option.default
    message = r"Elfenland option start_seat must be a seat 0\.\.2, not 3"
    with pytest.raises(ValueError, match=message):
        ludoteca.load("elfenland", 3, start_seat=3)
    with pytest.raises(ValueError, match="Elfenland is played by 2 to 6 players, not 7"):
        ludoteca.load("elfenland", 7)


@pytest.mark.parametrize("name", available_games())
def test_the_english_catalogue_words_a_game_as_its_descriptor_does(name: str) -> None:
    english = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    spec = game_spec(name)
    assert english[f"{name}.summary"] == spec.summary
    for bot in bot_specs(name):
        key = f"bot.{name}.{bot.name}" if bot in spec.bots else f"bot.{bot.name}"
        assert english[key] == bot.description
