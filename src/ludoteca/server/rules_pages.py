"""The rules pages (`GET /rules/<game>`): each game's rules as an HTML page in the app's look.

A game's `GameSpec.rules_page` is the project's English rules (Markdown, docs/rules/<game>.md)
and `original_rules` names the original texts (plain text), which a page in their language
shows instead. Where the language has neither, the English page comes with a note saying so.
The page's own words (title, notes, the way back) come from the front end's catalogues.

The texts are package data: a wheel carries docs/rules as ludoteca/docs/rules (pyproject's
force-include), an editable install reads the repository's docs/rules. Each page is built on
first request and kept; the games and languages are few, and nothing else is kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib.resources import files
from pathlib import Path, PurePosixPath

from markdown_it import MarkdownIt

from ludoteca.core.registry import available_games, game_spec

RULES_FOLDER = PurePosixPath("docs/rules")
"""Where the rules texts live, from the repository root or inside the installed package."""
ENGLISH = "en"


@dataclass(frozen=True, slots=True)
class RulesPage:
    """An answer of GET /rules/<game>: its HTTP status and the whole HTML page."""

    status: int
    html: str


def package_folder() -> Path:
    """Return the folder of the installed `ludoteca` package."""
    return Path(str(files("ludoteca")))


def docs_base(package: Path) -> Path:
    """Return the folder that a spec's paths (docs/rules/…) are relative to.

    An installed wheel holds docs/rules inside the package; an editable install is the
    repository's src/ludoteca, two levels below the repository's docs/rules.
    """
    for base in (package, package.parent.parent):
        if (base / RULES_FOLDER).is_dir():
            return base
    raise FileNotFoundError(f"no {RULES_FOLDER} in {package} or its repository")


def rules_text(relative: str, base: Path | None = None) -> str:
    """Return the text of a rules file named as in a GameSpec (`docs/rules/keezen.md`)."""
    path = PurePosixPath(relative)
    if not path.is_relative_to(RULES_FOLDER) or ".." in path.parts:
        raise ValueError(f"{relative!r} is not a file under {RULES_FOLDER}")
    return ((base or docs_base(package_folder())) / path).read_text(encoding="utf-8")


@cache
def ui_languages() -> dict[str, str]:
    """Return the front end's languages: code -> the language's own name."""
    loaded: dict[str, str] = json.loads((_i18n_folder() / "languages.json").read_text("utf-8"))
    return loaded


def rules_page(game: str, language: str) -> RulesPage:
    """Return the page for `game`'s rules in `language` (404/400 pages for unknown ones)."""
    if language not in ui_languages():
        return _error_page(ENGLISH, "badLanguage", 400)
    if game not in available_games():
        return _error_page(language, "notFound", 404)
    return _rules_page(game, language)


@cache
def _rules_page(game: str, language: str) -> RulesPage:
    spec = game_spec(game)
    words = _Words(language)
    title = words.game_title(game, spec.title)
    original = dict(spec.original_rules).get(language)
    if original is not None:
        english = f"/rules/{game}?lang={ENGLISH}"
        body = "\n".join([
            f"<h1>{words.get('rules.originalHeading', game=title)}</h1>",
            f'<p class="rules-note" data-testid="rules-note">{words.get("rules.original")} '
            f'<a href="{escape(english)}" data-testid="english-rules">'
            f"{words.get('rules.englishPage')}</a></p>",
            f'<article class="rules-text original" lang="{language}">',
            plain_text_html(rules_text(original)),
            "</article>",
        ])
        shown = "original"
    else:
        note = "" if language == ENGLISH else (
            f'<p class="rules-note" data-testid="rules-note">{words.get("rules.noTranslation")}</p>'
        )
        body = "\n".join([
            note,
            f'<article class="rules-text" lang="{ENGLISH}">',
            markdown_html(rules_text(spec.rules_page)),
            "</article>",
        ])
        shown = "english"
    return RulesPage(200, _page(
        words, words.get("rules.title", game=title), body, game=game, shown=shown,
    ))


def markdown_html(text: str) -> str:
    """Return Markdown `text` as HTML, any raw HTML in it shown as text."""
    html: str = _markdown().render(text)
    # A wide code block scrolls sideways: it takes the keyboard focus so that arrows can scroll
    # it. Every "<pre>" is the renderer's own (raw HTML in the text is escaped).
    return html.replace("<pre>", '<pre tabindex="0">')


def plain_text_html(text: str) -> str:
    """Return plain `text` as HTML paragraphs, one per non-empty line (the originals' layout)."""
    return "\n".join(f"<p>{escape(line.strip())}</p>" for line in text.splitlines() if line.strip())


@cache
def _error_page(language: str, what: str, status: int) -> RulesPage:
    words = _Words(language)
    heading = words.get(f"rules.{what}Title")
    body = f"<h1>{heading}</h1>\n<p>{words.get(f'rules.{what}')}</p>"
    return RulesPage(status, _page(words, heading, body))


def _page(words: _Words, title: str, body: str, game: str = "", shown: str = "") -> str:
    """Return the whole HTML page: the app's header and stylesheets around `body`."""
    languages = ""
    if game:
        links = " ".join(
            f'<a href="/rules/{game}?lang={code}" hreflang="{code}" lang="{code}"'
            f'{" aria-current=page" if code == words.language else ""}>{escape(name)}</a>'
            for code, name in ui_languages().items()
        )
        languages = (
            f'<nav class="rules-languages" data-testid="rules-languages">'
            f"{words.get('rules.languages')} {links}</nav>"
        )
    return f"""<!doctype html>
<html lang="{words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · Ludoteca</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/css/app.css">
<link rel="stylesheet" href="/static/css/rules.css">
</head>
<body>
<header class="top-bar">
<a class="brand" href="/">Ludoteca</a>
<a href="/" data-testid="back-to-lobby">{words.get("rules.back")}</a>
<span class="spacer"></span>
{languages}
</header>
<main class="rules-page" data-testid="rules-page" data-game="{game}" data-shown="{shown}">
{body}
</main>
</body>
</html>
"""


class _Words:
    """The page's words in one language, from the front end's catalogue (English fallback)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.messages = {**_catalogue(ENGLISH), **_catalogue(language)}

    def get(self, key: str, **params: str) -> str:
        """Return the message `key`, placeholders filled, escaped for HTML."""
        text = self.messages.get(key, key)
        for name, value in params.items():
            text = text.replace(f"{{{name}}}", value)
        return escape(text)

    def game_title(self, game: str, fallback: str) -> str:
        """Return the game's name in this language (unescaped: `get` escapes it)."""
        return self.messages.get(f"game.{game}", fallback)


def _i18n_folder() -> Path:
    return package_folder() / "web" / "i18n"


@cache
def _catalogue(language: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads(
        (_i18n_folder() / f"{language}.json").read_text(encoding="utf-8")
    )
    return loaded


@cache
def _markdown() -> MarkdownIt:
    # Raw HTML in a rules file is shown as text, never passed through (html=False).
    return MarkdownIt("commonmark", {"html": False}).enable("table")
