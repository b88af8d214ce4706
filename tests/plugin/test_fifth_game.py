"""A fifth game touches only its own files: Toy Pile (tests/plugin/toy_pile), a game that lives
in `tests/`, is registered the way a plug-in distribution registers one, through the entry point
group `ludoteca.games`, and then everything that serves the four games serves it too, with no
other file changed: the registry, the plug-in surface check, the CLI, `check_game`, OpenSpiel,
PettingZoo and Gymnasium (each library's own API checks among them), the server (a whole game
over its API, each socket showing a seat only its own), and every test written for every
registered game (the per-game tests of tests/plugin and tests/interop, found by their
`name` parameter, so a test added there later runs here too).

The registration is a module fixture: a distribution that declares only the entry point is put
on `sys.path` and taken off again, and the registry is refreshed both times, so no other test
(in this process or another xdist worker) ever sees the toy.
"""

from __future__ import annotations

import inspect
import json
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import gymnasium
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import ludoteca
from ludoteca.bots import bot_specs
from ludoteca.cli import main
from ludoteca.core import check_game
from ludoteca.core.registry import (
    available_games,
    game_spec,
    refresh,
    register_game,
    unregister_game,
)
from ludoteca.core.spec import GameSpec
from ludoteca.interop import gymnasium as gymnasium_adapter
from ludoteca.interop import openspiel as openspiel_adapter
from ludoteca.interop import pettingzoo as pettingzoo_adapter
from tests.interop import test_gymnasium, test_openspiel, test_pettingzoo
from tests.plugin import test_encoding, test_golden, test_legal_cache, test_properties
from tests.plugin.surface import WEB, surface_problems
from tests.plugin.toy_pile import spec as toy_spec
from tests.server import test_hidden_information

NAME = "toy_pile"
TOY = Path(__file__).parent / "toy_pile"
ENTRY_POINTS = f"[ludoteca.games]\n{NAME} = tests.plugin.toy_pile.spec:SPEC\n"
"""What the toy's distribution declares: its `pyproject.toml` would say
`[project.entry-points."ludoteca.games"] toy_pile = "tests.plugin.toy_pile.spec:SPEC"`."""
EVERY_GAME_MODULES = (test_properties, test_legal_cache, test_encoding, test_golden,
                      test_openspiel, test_pettingzoo, test_gymnasium)
"""The modules whose tests run on every registered game."""


@contextmanager
def plugin_distribution(site: Path, entry_points: str,
                        name: str = "ludoteca_toy_pile") -> Iterator[None]:
    """Install, for the block, a distribution `name` in folder `site` that declares
    `entry_points` (a name of its own each: importlib.metadata reads the first of a name)."""
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    sys.path.insert(0, str(site))
    refresh()
    try:
        yield
    finally:
        sys.path.remove(str(site))
        refresh()


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameSpec]:
    """Register Toy Pile as a plug-in for the module's tests, and undo it afterwards."""
    assert NAME not in available_games()
    with plugin_distribution(tmp_path_factory.mktemp("site-packages"), ENTRY_POINTS):
        # The adapters register every game of the registry on import; a plug-in installed
        # later is registered by calling them again.
        openspiel_adapter.register_games()
        gymnasium_adapter.register_envs()
        try:
            yield game_spec(NAME)
        finally:
            gymnasium.registry.pop(gymnasium_adapter.env_id(NAME), None)
    assert NAME not in available_games()


def every_game_tests() -> list[Any]:
    """Return a pytest case for each test of `EVERY_GAME_MODULES` taking a game `name` (and a
    player count `players`), with the toy's name and each of its player counts."""
    cases = []
    for module in EVERY_GAME_MODULES:
        module_marks = getattr(module, "pytestmark", [])
        for attribute, test in sorted(vars(module).items()):
            if not attribute.startswith("test_") or not callable(test):
                continue
            parameters = set(inspect.signature(test).parameters)
            if "name" not in parameters or not parameters <= {"name", "players"}:
                continue
            marks = [*module_marks, *(mark for mark in getattr(test, "pytestmark", [])
                                      if mark.name != "parametrize")]
            counts = toy_spec.SPEC.player_counts if "players" in parameters else (None,)
            for players in counts:
                label = f"{module.__name__.rsplit('.', 1)[-1]}.{attribute}"
                cases.append(pytest.param(module, attribute, players, marks=marks,
                                          id=label if players is None else f"{label}[{players}]"))
    return cases


@pytest.mark.parametrize(("module", "attribute", "players"), every_game_tests())
def test_every_test_written_for_every_game_passes_on_the_toy(
    toy: GameSpec, module: ModuleType, attribute: str, players: int | None
) -> None:
    test: Callable[..., None] = getattr(module, attribute)
    if players is None:
        test(name=NAME)
    else:
        test(name=NAME, players=players)


def test_the_sweep_finds_the_tests_of_every_kind() -> None:
    found = {case.values[1] for case in every_game_tests()}
    assert {"test_json_and_replay_are_exact", "test_golden_playthroughs_are_unchanged",
            "test_legal_actions_of_a_replaced_state_match_a_fresh_computation",
            "test_check_encoder_passes", "test_openspiel_random_sim_test_passes",
            "test_pettingzoo_api_test_passes", "test_gymnasium_check_env_passes"} <= found


def test_the_entry_point_registers_the_game(toy: GameSpec) -> None:
    assert toy is toy_spec.SPEC
    assert NAME in ludoteca.available_games()
    assert list(available_games()) == sorted(available_games())
    game = ludoteca.load(NAME, 3, pile=5)
    assert dict(game.options) == {"num_players": 3, "pile": 5}
    with pytest.raises(ValueError, match="Toy Pile option pile must be an integer from 3 to 200"):
        ludoteca.load(NAME, pile=2)
    with pytest.raises(ValueError, match="already registered"):
        register_game(toy)


def test_the_plug_in_surface_is_complete(toy: GameSpec, tmp_path: Path) -> None:
    # The toy's front-end module and catalogue entries live in its folder; a real game adds them
    # to src/ludoteca/web (its module, and its keys in each catalogue it ships).
    web = tmp_path / "web"
    shutil.copytree(WEB / "i18n", web / "i18n")
    english = json.loads((web / "i18n" / "en.json").read_text(encoding="utf-8"))
    english |= json.loads((TOY / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    (web / "i18n" / "en.json").write_text(json.dumps(english), encoding="utf-8")
    (web / "js" / "games").mkdir(parents=True)
    shutil.copy(TOY / "web" / "js" / "games" / f"{NAME}.js", web / "js" / "games")
    assert surface_problems(toy, web=web) == []
    assert english[f"{NAME}.summary"] == toy.summary
    for bot in bot_specs(NAME):
        key = f"bot.{NAME}.{bot.name}" if bot in toy.bots else f"bot.{bot.name}"
        assert english[key] == bot.description


@pytest.mark.parametrize("players", toy_spec.SPEC.player_counts)
def test_check_game_passes(toy: GameSpec, players: int) -> None:
    report = check_game(ludoteca.load(NAME, players), games=20, seed=players)
    assert report.games == 20


def test_the_cli_lists_simulates_and_replays_the_toy(
    toy: GameSpec, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["games"]) == 0
    listed = capsys.readouterr().out
    assert f"{NAME:<16} Toy Pile: {toy.summary}" in listed
    assert "bots: heuristic, ismcts, random" in listed
    assert "--option pile=… (an integer from 3 to 200; default 120)" in listed
    records = tmp_path / "games.jsonl"
    assert main(["simulate", NAME, "--players", "3", "--games", "4", "--bots", "heuristic",
                 "--option", "pile=9", "--record", str(records)]) == 0
    assert "games/s" in capsys.readouterr().out
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    assert json.loads(lines[0])["options"] == {"num_players": 3, "pile": 9}
    assert main(["replay", str(records), "--index", "2"]) == 0
    replayed = capsys.readouterr().out
    assert "a pile of 9 counters" in replayed and "wins" in replayed


def test_openspiel_pettingzoo_and_gymnasium_load_the_toy(toy: GameSpec) -> None:
    game = pyspiel.load_game(openspiel_adapter.short_name(NAME), {"players": 3, "pile": 12})
    assert game.get_type().long_name == "Ludoteca Toy Pile"
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    with pytest.warns(UserWarning):  # PettingZoo exempts only its own classic games by name
        api_test(pettingzoo_adapter.env(NAME, players=3), num_cycles=50)
    table = gymnasium.make(gymnasium_adapter.env_id(NAME), players=2, opponents="heuristic")
    check_env(table.unwrapped)
    observation, info = table.reset(seed=1)
    assert observation.shape == (1 + 3 + 2 + 2,)
    assert info["action_mask"].sum() >= 1


def test_a_game_without_a_numeric_encoding_is_served_where_the_encoding_is_not_needed(
    tmp_path: Path,
) -> None:
    # Registered with `register_game`, the way for tests and notebooks.
    plain = toy_spec.make_spec("toy_pile_plain", encoding=False)
    register_game(plain)
    try:
        assert game_spec("toy_pile_plain") is plain
        report = check_game(ludoteca.load("toy_pile_plain"), games=5, seed=1)
        assert report.games == 5
        openspiel_adapter.register_games()
        game = pyspiel.load_game("ludoteca_toy_pile_plain")
        assert not game.get_type().provides_observation_tensor
        pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
        for environment in (lambda: pettingzoo_adapter.env("toy_pile_plain"),
                            lambda: gymnasium_adapter.LudotecaEnv("toy_pile_plain")):
            with pytest.raises(ValueError, match="toy_pile_plain has no numeric observation"):
                environment()
    finally:
        unregister_game("toy_pile_plain")
    assert "toy_pile_plain" not in available_games()
    with pytest.raises(ValueError, match="unknown game 'toy_pile_plain'"):
        ludoteca.load("toy_pile_plain")



def test_an_entry_point_must_name_its_game_spec_and_cannot_replace_a_built_in_game(
    tmp_path: Path,
) -> None:
    declared = ("[ludoteca.games]\nnot_a_spec = tests.plugin.toy_pile.spec:make_spec\n"
                "keezen = tests.plugin.toy_pile.spec:SPEC\n")
    with plugin_distribution(tmp_path, declared, name="ludoteca_broken_plugin"):
        assert "not_a_spec" in available_games()
        with pytest.raises(TypeError, match="must be the GameSpec named 'not_a_spec'"):
            game_spec("not_a_spec")
        assert game_spec("keezen").title == "Keezen"  # the built-in package wins
    assert "not_a_spec" not in available_games()


def test_the_server_plays_a_whole_toy_game_showing_each_seat_only_its_own(
    toy: GameSpec, tmp_path: Path
) -> None:
    test_hidden_information.test_every_socket_message_of_a_whole_game_shows_only_the_own_seat(
        tmp_path, NAME, 3, {"pile": 30})
