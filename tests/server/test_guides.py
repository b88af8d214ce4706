"""The players' guides (issue 24): every guide file of every game and language follows the
format (its checked line, its sections in order, diagrams whose positions parse, the link to the
full rules, words rather than rule ids or notation, a length that reads in 5–10 minutes), and
GET /api/games/{name}/guide serves them: rendered Markdown with raw HTML escaped, diagrams as
spectators' observations, English where a language has none, 404 and 422 for bad requests."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import ludoteca
from ludoteca.server import guides
from ludoteca.server.guides import (
    CHECKED_NATIVE,
    CHECKED_NO,
    Diagram,
    GuideFormatError,
    guide_path,
    guides_folder,
    parse_guide,
)
from ludoteca.server.rules_pages import ui_languages
from tests.server.support import TestClient, serve

GAMES = ("keezen", "elfenland", "thurn_und_taxis", "suitors_paths")
LANGUAGES = tuple(ui_languages())
# The games whose English guide exists: the others are being written (issue 24) and join the
# tests by themselves when their en.md appears.
WRITTEN = tuple(game for game in GAMES if guide_path(game, "en").is_file())
GUIDE_FILES = sorted(guides_folder().glob("*/*.md"))
# The English sections, in order (a heading may say more: "A turn: ...", "Goal of the game").
ENGLISH_SECTIONS = ("Goal", "Components", "A turn", "Scoring", "End of the game", "Variants")
ENGLISH_WORDS = (800, 1800)  # about 900–1,600 words: five to ten minutes of reading
# What a player must never read in a guide: rule and example ids (K12, E27, W3), Keezen's move
# and place notation (h0.2, s-0, 20-25x), city and town codes (BAS, AUG), hex coordinates
# (0,2), compass arrows (NE→SE), and repository paths.
NOTATION = {
    "a rule or example id": re.compile(r"\b[KETSW]\d{1,3}\b"),
    "a home slot in notation": re.compile(r"\bh\d\.\d\b"),
    "a Keezen move in notation": re.compile(r"\b(?:s|\d{1,2})-(?:\d{1,2}x?|h\d)\b"),
    "a three-letter code": re.compile(r"\b[A-ZÄÖÜ]{3}\b"),
    "a coordinate pair": re.compile(r"\b\d{1,2},\d{1,2}\b(?!\d)"),
    "a compass arrow": re.compile(r"\b(?:N|NE|E|SE|S|SW|W|NW)\s*→"),
    "a repository path": re.compile(r"\b(?:docs|src|tests)/|\.py\b|\w\.md\b"),
}
RULES_LINK = re.compile(r"^\[[^\]]+\]\(/rules/(\w+)\)$")


def language_of(path: Path) -> str:
    return path.stem


def game_of(path: Path) -> str:
    return path.parent.name


def prose(text: str) -> str:
    """Return a guide's text without its position blocks (whose lines are notation by design)
    and without the first line, but with the captions."""
    kept: list[str] = []
    inside = False
    for line in text.splitlines()[1:]:
        if line.strip().startswith("```position"):
            inside = True
        elif inside and line.strip() == "```":
            inside = False
        elif not inside or line.strip().startswith("caption:"):
            kept.append(line)
    return "\n".join(kept)


def headings(text: str) -> list[str]:
    return [line[3:].strip() for line in prose(text).splitlines() if line.startswith("## ")]


def diagrams(path: Path) -> list[Diagram]:
    guide = parse_guide(path.read_text("utf-8"), ludoteca.game_spec(game_of(path)).default_players)
    return [part for part in guide.parts if isinstance(part, Diagram)]


def test_the_guides_are_for_known_games_and_languages_and_every_game_will_have_one():
    assert GUIDE_FILES, "no guide at all"
    for path in GUIDE_FILES:
        assert game_of(path) in GAMES, path
        assert language_of(path) in LANGUAGES, path
    assert "keezen" in WRITTEN


@pytest.mark.parametrize("path", GUIDE_FILES, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_each_guide_follows_the_format(path):
    text = path.read_text("utf-8")
    game, language = game_of(path), language_of(path)
    english = guide_path(game, "en")
    assert english.is_file(), f"{path}: a translation without the English guide"
    assert text.splitlines()[0] in (CHECKED_NATIVE, CHECKED_NO), "the first line says who checked"
    # The sections: the English names in order; a translation has as many, in the same order.
    found = headings(text)
    if language == "en":
        places = [next((i for i, title in enumerate(found) if title.startswith(section)), -1)
                  for section in ENGLISH_SECTIONS]
        assert -1 not in places, f"sections {ENGLISH_SECTIONS} expected, found {found}"
        assert places == sorted(places), f"sections out of order: {found}"
        words = len(prose(text).split())
        assert ENGLISH_WORDS[0] <= words <= ENGLISH_WORDS[1], f"{words} words"
    else:
        assert len(found) == len(headings(english.read_text("utf-8"))), found
    # Every diagram parses and is drawn from the spectator's observation; as many as in English.
    shown = diagrams(path)
    assert len(shown) == len(diagrams(english))
    assert 3 <= len(shown) <= 6
    for diagram in shown:
        assert diagram.caption, "every diagram has a caption"
        observation = guides.diagram_observation(game, diagram)
        assert observation["game"] == game and observation["seat"] is None
    # The last line links to the full rules, one click away.
    last = text.rstrip().splitlines()[-1]
    link = RULES_LINK.match(last)
    assert link and link.group(1) == game, f"the last line links to /rules/{game}: {last!r}"
    # Words, not notation.
    body = prose(text)
    for what, pattern in NOTATION.items():
        hit = pattern.search(body)
        assert hit is None, f"{what}: {hit.group(0)!r} in {body[hit.start() - 40:hit.end() + 40]!r}"


@pytest.mark.parametrize("game", WRITTEN)
def test_the_same_positions_are_drawn_in_every_language(game):
    english = [(d.players, d.position) for d in diagrams(guide_path(game, "en"))]
    for language in LANGUAGES:
        path = guide_path(game, language)
        if path.is_file():
            assert [(d.players, d.position) for d in diagrams(path)] == english, language


def test_a_position_block_is_read_with_its_caption_and_player_count():
    text = (f"{CHECKED_NO}\n## Goal\nWin.\n```position\ncaption: The start\nplayers: 2\n"
            "position: 0:s,s,s,s 1:s,s,s,s\nhands: 0=A 1=-\nto move: 0\n```\nAfter.\n")
    guide = parse_guide(text, 4)
    assert not guide.checked
    first, diagram, after = guide.parts
    assert first == "## Goal\nWin." and after == "After."
    assert diagram == Diagram("The start", 2, "position: 0:s,s,s,s 1:s,s,s,s\nhands: 0=A 1=-\n"
                                               "to move: 0")


@pytest.mark.parametrize("text", [
    "## Goal\nNo checked line.",
    f"{CHECKED_NO}\n```position\nplayers: four\nposition: x\n```",
    f"{CHECKED_NO}\n```position\nposition: x\n",
])
def test_a_malformed_guide_is_refused(text):
    with pytest.raises(GuideFormatError):
        parse_guide(text, 4)


# -- the API -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with serve(tmp_path_factory.mktemp("guides")) as client:
        yield client


def test_the_api_serves_the_keezen_guide_in_dutch_with_its_diagrams(client):
    response = client.get("/api/games/keezen/guide?language=nl")
    assert response.status_code == 200, response.text
    guide = response.json()
    assert (guide["game"], guide["language"], guide["requested"]) == ("keezen", "nl", "nl")
    assert guide["checked"] is False
    assert guide["title"] == "Zo speel je Keezen"
    html = "".join(s["html"] for s in guide["sections"] if "html" in s)
    assert "<h2>Doel van het spel</h2>" in html
    assert 'href="/rules/keezen"' in html and "<!--" not in html
    shown = [s["diagram"] for s in guide["sections"] if "diagram" in s]
    assert len(shown) == len(diagrams(guide_path("keezen", "en")))
    first = shown[0]
    assert first["players"] == 4 and first["caption"]
    assert first["observation"]["seat"] is None and first["observation"]["num_players"] == 4
    assert "hand" not in first["observation"] or first["observation"]["hand"] is None


def test_a_language_without_a_guide_gets_the_english_one(client, monkeypatch):
    monkeypatch.setattr(guides, "guide_path", lambda game, language: guides_folder()
                        / game / ("en.md" if language == "en" else "missing.md"))
    guide = client.get("/api/games/keezen/guide?language=fi").json()
    assert (guide["language"], guide["requested"]) == ("en", "fi")
    assert guide["title"] == "How to play Keezen"


def test_unknown_games_and_languages_are_refused(client):
    response = client.get("/api/games/chess/guide")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    response = client.get("/api/games/keezen/guide?language=xx")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "malformed"
    assert client.get("/api/games/keezen/guide").json()["language"] == "en"


def test_raw_html_in_a_guide_is_shown_as_text_and_a_bad_diagram_is_left_out(monkeypatch):
    text = (f"{CHECKED_NATIVE}\n## Goal\n<script>alert(1)</script> <b>bold</b>\n"
            "```position\ncaption: broken\nposition: nonsense\n```\n")
    monkeypatch.setattr(guides, "read_guide", lambda game, language: parse_guide(text, 4))
    guides._built_guide.cache_clear()
    try:
        built = guides._built_guide("keezen", "en")
    finally:
        guides._built_guide.cache_clear()
    assert built is not None and built["checked"] is True
    assert built["sections"] == [{"html": "<h2>Goal</h2>\n<p>&lt;script&gt;alert(1)&lt;/script&gt; "
                                          "&lt;b&gt;bold&lt;/b&gt;</p>\n"}]
