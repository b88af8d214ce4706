"""The whole plug-in surface of a game, checked from its `GameSpec` alone.

`surface_problems(spec)` lists everything that is missing or inconsistent: options that do not
load or are not published, bots that cannot be built or do not play, a renderer that does not
render, board data that is not JSON, teams that are not a partition of the seats, observation
keys that differ from the declaration, a missing front-end module, rules page or original rules
text, no play time, and UI strings (the game's own and its summary, its option labels, help and
choices, its bots, their levels and its seat markers) missing from a catalogue the game says it
ships.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ludoteca.bots import GENERIC_BOTS, bot_specs
from ludoteca.core.observation import COMMON_KEYS
from ludoteca.core.players import Budget
from ludoteca.core.spec import GameSpec

CHECK_BUDGET = Budget(iterations=20)
"""What a bot may think for the one move each bot makes here."""

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "ludoteca" / "web"
GAME_KEY_PREFIXES = ("{name}.", "option.{name}.", "marker.{name}.", "bot.{name}.")
"""Catalogue keys that belong to one game."""


def surface_problems(spec: GameSpec, web: Path = WEB, root: Path = ROOT) -> list[str]:
    """Return every problem of `spec`'s plug-in surface (empty when it is complete)."""
    problems: list[str] = []
    for players in spec.player_counts:
        try:
            game = spec.load(players)
        except Exception as error:
            problems.append(f"load({players}) fails: {error}")
            continue
        problems += _game_problems(spec, game)
    problems += _option_problems(spec)
    problems += _front_end_problems(spec, web)
    for text in (spec.rules_page, *(path for _, path in spec.original_rules)):
        if not (root / text).is_file():
            problems.append(f"rules page {text!r} is missing")
    if spec.play_minutes[0] <= 0:
        problems.append(f"no play time declared: play_minutes is {spec.play_minutes}")
    return problems


def _game_problems(spec: GameSpec, game: Any) -> list[str]:
    problems = []
    n = game.num_players
    expected = {"num_players": n, **{option.name: option.default for option in spec.options}}
    if dict(game.options) != expected:
        problems.append(f"{n} players: game.options {dict(game.options)} != the declared defaults")
    state = game.initial_state(7)
    seats = sorted(seat for team in spec.teams(n) for seat in team)
    if seats != list(range(n)):
        problems.append(f"{n} players: teams {spec.teams(n)} are not a partition of the seats")
    declared = COMMON_KEYS | set(spec.observation_keys)
    for seat in (None, 0):
        keys = set(game.observation(state, seat))
        if keys != declared:
            problems.append(
                f"{n} players: observation keys differ: undeclared {sorted(keys - declared)}, "
                f"missing {sorted(declared - keys)}"
            )
    observation = game.observation(state, None)
    for marker in spec.seat_markers:
        if marker not in spec.observation_keys:
            problems.append(f"seat marker {marker!r} is not a declared observation key")
        elif not (observation[marker] is None or 0 <= observation[marker] < n):
            problems.append(f"seat marker {marker!r} is not a seat: {observation[marker]!r}")
    problems += _renderer_problems(spec, game, state)
    for bot in bot_specs(spec.name):
        seat = game.current_player(state)
        # A small budget: this checks that each bot plays, not how well (a searching bot's
        # default budget cost most of this test's time).
        action = bot.make().choose(game, state, seat, random.Random(1), CHECK_BUDGET)
        if action not in game.legal_actions(state):
            problems.append(f"bot {bot.name} chose an illegal action {action!r}")
    if spec.board_data is not None:
        data = spec.board_data()
        if not data or json.loads(json.dumps(data)) != data:
            problems.append("board data is empty or not JSON-safe")
    return problems


def _renderer_problems(spec: GameSpec, game: Any, state: Any) -> list[str]:
    renderer = spec.renderer(game)
    following = game.apply(state, game.legal_actions(state)[0])
    outputs = {
        "board_text": renderer.board_text(state),
        "new_log_lines": renderer.new_log_lines(None, state),
        "omniscient_log_lines": renderer.omniscient_log_lines(state, following),
        "snapshot_lines": renderer.snapshot_lines(None, state),
    }
    problems = []
    for method, output in outputs.items():
        if not output or not all(isinstance(line, str) for line in
                                 ([output] if isinstance(output, str) else output)):
            problems.append(f"renderer.{method} gave {output!r:.60}")
    return problems


def _option_problems(spec: GameSpec) -> list[str]:
    problems = []
    players = spec.default_players
    for option in spec.options:
        if not option.label or not option.help:
            problems.append(f"option {option.name} lacks a label or help")
        values = list(option.choices) or {
            "flag": [not option.default],
            "integer": [option.minimum, option.maximum],
            "seat": [players - 1],
        }.get(option.kind, [])
        for value in values:
            try:
                loaded = spec.load(players, **{option.name: value}).options[option.name]
            except Exception as error:
                problems.append(f"option {option.name}={value!r} is declared but refused: {error}")
                continue
            if loaded != value:
                problems.append(f"option {option.name}={value!r} loads as {loaded!r}")
        try:
            spec.load(players, **{option.name: "not a value"})
        except ValueError as error:
            if f"{spec.title} option {option.name} must be" not in str(error):
                problems.append(f"option {option.name} refuses in another format: {error}")
        else:
            problems.append(f"option {option.name} accepts 'not a value'")
    return problems


def _front_end_problems(spec: GameSpec, web: Path) -> list[str]:
    problems = []
    if not (web / "js" / "games" / f"{spec.name}.js").is_file():
        problems.append(f"front-end module js/games/{spec.name}.js is missing")
    english = _catalogue(web, "en")
    prefixes = tuple(prefix.format(name=spec.name) for prefix in GAME_KEY_PREFIXES)
    wanted = {key for key in english if key.startswith(prefixes)}
    for option in spec.options:
        key = f"option.{spec.name}.{option.name}"
        wanted |= {key, f"{key}.help"}
        wanted |= {f"{key}.{choice}" for choice in option.choices if isinstance(choice, str)}
    wanted |= {f"marker.{spec.name}.{marker}" for marker in spec.seat_markers}
    # The lobby's newcomer help: the game's summary and what each bot level means.
    wanted |= {f"{spec.name}.summary"} | {f"bot.level.{bot.level}" for bot in bot_specs(spec.name)}
    languages_path = web / "i18n" / "languages.json"
    offered = json.loads(languages_path.read_text("utf-8")) if languages_path.is_file() else {}
    for language in spec.languages:
        catalogue = _catalogue(web, language)
        if catalogue is None or language not in offered:
            problems.append(f"catalogue {language}.json is missing or not in languages.json")
            continue
        bot_keys = {f"bot.{bot.name}" for bot in GENERIC_BOTS}
        bot_keys |= {f"bot.{spec.name}.{bot.name}" for bot in spec.bots}
        missing = sorted((wanted | bot_keys) - set(catalogue))
        if missing:
            problems.append(f"{language}.json lacks {len(missing)} keys, e.g. {missing[:3]}")
    return problems


def _catalogue(web: Path, language: str) -> dict[str, Any] | None:
    path = web / "i18n" / f"{language}.json"
    if not path.is_file():
        return None
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded
