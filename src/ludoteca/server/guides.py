"""The players' guides (`GET /api/games/<game>/guide`): how to play each game, in each language.

A guide is Markdown at `ludoteca/guides/<game>/<language>.md` (package data). Its first line says
whether a native speaker has checked the language (`<!-- checked: native speaker -->` or
`<!-- checked: no -->`); `##` sections follow (goal, components, a turn, scoring, end, variants)
and a last line links to the full rules page. A fenced block with the info string `position`
is a board diagram: an optional `caption: ` line, an optional `players: N` line, then a position
text as the game's `position_to_text` writes it. The answer's sections are rendered HTML and
diagrams, each diagram the spectator's observation of its position, drawn by the front end's
own board renderer.

Each guide is read and built once and kept; a language without a guide falls back to English.
A diagram that does not parse is left out of the page (and logged): tests/server/test_guides.py
loads every guide and fails on it, so a bad block never reaches a release.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ludoteca.core.engine import Engine
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import available_games, game_spec
from ludoteca.server.rules_pages import ENGLISH, markdown_html, package_folder, ui_languages

log = logging.getLogger("ludoteca.server")

CHECKED_NATIVE = "<!-- checked: native speaker -->"
CHECKED_NO = "<!-- checked: no -->"
POSITION_FENCE = re.compile(r"^```position\s*$")
FENCE_END = "```"
CAPTION = "caption:"
PLAYERS = "players:"


@dataclass(frozen=True, slots=True)
class Diagram:
    """A board diagram of a guide: its caption, player count and position text."""

    caption: str
    players: int
    position: str


@dataclass(frozen=True, slots=True)
class GuideText:
    """A guide file read: who checked it, and its parts in order (Markdown text or diagrams)."""

    checked: bool
    parts: tuple[str | Diagram, ...]


class GuideFormatError(ValueError):
    """A guide file that does not follow the format (its first line, a diagram block)."""


def guides_folder() -> Path:
    """Return the folder of the guides (`ludoteca/guides`, package data)."""
    return package_folder() / "guides"


def guide_path(game: str, language: str) -> Path:
    """Return where `game`'s guide in `language` is (whether or not it exists)."""
    return guides_folder() / game / f"{language}.md"


def guide_languages(game: str) -> list[str]:
    """Return the UI languages `game` has a guide in."""
    return [code for code in ui_languages() if guide_path(game, code).is_file()]


def parse_guide(text: str, default_players: int) -> GuideText:
    """Return a guide's text split into Markdown and diagrams; GuideFormatError if malformed."""
    lines = text.splitlines()
    first = lines[0].strip() if lines else ""
    if first not in (CHECKED_NATIVE, CHECKED_NO):
        raise GuideFormatError(
            f"the first line must be {CHECKED_NATIVE!r} or {CHECKED_NO!r}, not {first[:60]!r}"
        )
    parts: list[str | Diagram] = []
    prose: list[str] = []
    block: list[str] | None = None
    for number, line in enumerate(lines[1:], start=2):
        if block is not None:
            if line.strip() == FENCE_END:
                parts.extend(_flushed(prose))
                parts.append(_diagram(block, default_players, number))
                block = None
            else:
                block.append(line)
        elif POSITION_FENCE.match(line.strip()):
            block = []
        elif not line.startswith("# "):  # the page writes its own title
            prose.append(line)
    if block is not None:
        raise GuideFormatError("a position block is not closed")
    parts.extend(_flushed(prose))
    return GuideText(checked=first == CHECKED_NATIVE, parts=tuple(parts))


def _flushed(prose: list[str]) -> list[str]:
    """Return the Markdown gathered so far as one part (none if blank), and empty `prose`."""
    text = "\n".join(prose).strip()
    prose.clear()
    return [text] if text else []


def _diagram(block: list[str], default_players: int, end_line: int) -> Diagram:
    lines = [line.strip() for line in block if line.strip()]
    caption = ""
    players = default_players
    if lines and lines[0].startswith(CAPTION):
        caption = lines.pop(0).removeprefix(CAPTION).strip()
    if lines and lines[0].startswith(PLAYERS):
        value = lines.pop(0).removeprefix(PLAYERS).strip()
        if not value.isdigit():
            raise GuideFormatError(f"the position block ending on line {end_line}: "
                                   f"players must be a number, not {value!r}")
        players = int(value)
    return Diagram(caption=caption, players=players, position="\n".join(lines))


def read_guide(game: str, language: str) -> GuideText:
    """Return `game`'s guide in `language` read and split (FileNotFoundError if it has none)."""
    text = guide_path(game, language).read_text(encoding="utf-8")
    return parse_guide(text, game_spec(game).default_players)


def diagram_observation(game: str, diagram: Diagram) -> dict[str, Any]:
    """Return the spectator's observation of a diagram's position (LudotecaError if bad)."""
    engine = game_spec(game).load(diagram.players)
    if not isinstance(engine, Engine):  # a plug-in game without the position API
        raise GuideFormatError(f"{game} cannot read position texts")
    return dict(engine.observation(engine.position_from_text(diagram.position), None))


def guide_answer(game: str, language: str) -> dict[str, Any] | None:
    """Return the JSON answer for `game`'s guide asked for in `language` (a UI language code).

    The guide in that language, else the English one; None if the game has no guide at all
    or is unknown.
    """
    if game not in available_games():
        return None
    served = language if guide_path(game, language).is_file() else ENGLISH
    built = _built_guide(game, served)
    if built is None:
        return None
    return {**built, "requested": language}


@cache
def _built_guide(game: str, language: str) -> dict[str, Any] | None:
    try:
        guide = read_guide(game, language)
    except FileNotFoundError:
        return None
    sections: list[dict[str, Any]] = []
    for part in guide.parts:
        if isinstance(part, str):
            sections.append({"html": markdown_html(part)})
            continue
        try:
            observation = diagram_observation(game, part)
        except (LudotecaError, ValueError) as error:
            # tests/server/test_guides.py fails on this; a player's page just lacks the diagram.
            log.error("guide %s/%s: a diagram does not parse: %s", game, language, error)
            continue
        sections.append({"diagram": {
            "players": part.players, "caption": part.caption, "observation": observation,
        }})
    return {
        "game": game,
        "language": language,
        "checked": guide.checked,
        "title": guide_title(game, language),
        "sections": sections,
    }


def guide_title(game: str, language: str) -> str:
    """Return the guide's title in `language` ("How to play Keezen"), from the UI catalogues."""
    words = {**_catalogue(ENGLISH), **_catalogue(language)}
    name = words.get(f"game.{game}", game_spec(game).title)
    return words.get("guide.title", "{game}").replace("{game}", name)


@cache
def _catalogue(language: str) -> dict[str, str]:
    path = package_folder() / "web" / "i18n" / f"{language}.json"
    loaded: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return loaded
