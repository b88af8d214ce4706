"""The players' guides in the browser (issue 24): each game's guide opens from the lobby and
from the match page; in each of the six languages (switched in place) it shows that language's
guide (or the English one with a note), a board drawn by the game's own renderer for every
diagram with its caption, the note for a translation no native speaker has checked, the link to
the full rules in the page's language, and axe finds nothing to fix."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.axe import assert_no_violations
from tests.web.support import create_match

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "ludoteca"
I18N = PACKAGE / "web" / "i18n"
GAMES = ("keezen", "elfenland", "thurn_und_taxis", "suitors_paths")
LANGUAGES = tuple(json.loads((I18N / "languages.json").read_text(encoding="utf-8")))


def guide_path(game: str, language: str) -> Path:
    return PACKAGE / "guides" / game / f"{language}.md"

# The games whose English guide exists: the others join by themselves when written.
WRITTEN = tuple(game for game in GAMES if guide_path(game, "en").is_file())


def catalogue(language: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((I18N / f"{language}.json").read_text(encoding="utf-8"))
    return loaded


def title(game: str, language: str) -> str:
    """Return the guide's title in `language`, as its catalogue writes it."""
    words = {**catalogue("en"), **catalogue(language)}
    return str(words["guide.title"]).replace("{game}", words[f"game.{game}"])


def diagram_count(game: str) -> int:
    lines = guide_path(game, "en").read_text("utf-8").splitlines()
    return sum(1 for line in lines if line.strip() == "```position")


def expect_guide(page: Page, game: str, language: str) -> None:
    """Check the guide page shows `game`'s guide for a page in `language`, diagrams drawn."""
    served = language if guide_path(game, language).is_file() else "en"
    guide = page.get_by_test_id("guide-page")
    expect(guide).to_have_attribute("data-language", served)
    expect(guide).to_have_attribute("lang", served)
    expect(page.get_by_test_id("guide-title")).to_have_text(title(game, served))
    expect(page.get_by_test_id("guide-fallback")).to_have_count(0 if served == language else 1)
    checked = guide_path(game, served).read_text("utf-8").startswith("<!-- checked: native")
    expect(page.get_by_test_id("guide-unchecked")).to_have_count(0 if checked else 1)
    if not checked:
        expect(page.get_by_test_id("guide-unchecked")).to_have_text(
            catalogue(language)["guide.unchecked"])
    figures = page.get_by_test_id("guide-diagram")
    expect(figures).to_have_count(diagram_count(game))
    # Every diagram is a board drawn by the game's renderer, with its caption.
    expect(figures.filter(has=page.locator("[data-testid=board]"))).to_have_count(
        diagram_count(game))
    expect(figures.locator("figcaption").first).not_to_be_empty()
    rules = page.get_by_test_id("guide-rules")
    expect(rules).to_have_attribute("href", f"/rules/{game}?lang={language}")


@pytest.mark.parametrize("game", WRITTEN)
def test_the_guide_opens_from_the_lobby_in_every_language(open_page, game):
    page: Page = open_page()
    page.goto("/")
    page.get_by_test_id("game").select_option(game)
    page.get_by_test_id("guide-link").click()
    expect(page).to_have_url(re.compile(rf"#/guide/{game}$"))
    for language in LANGUAGES:
        page.get_by_test_id("language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect_guide(page, game, language)
        assert_no_violations(page, f"the {game} guide in {language}")


@pytest.mark.parametrize("game", WRITTEN)
def test_the_match_page_links_to_its_game_s_guide_in_every_language(open_page, game):
    page: Page = open_page()
    create_match(page, 2, ["human", "bot:random"], game=game)
    link = page.get_by_test_id("match-page").get_by_test_id("guide-link")
    expect(link).to_have_attribute("target", "_blank")
    # The lobby test runs axe on the same pages; here: the link keeps the game and language.
    for language in LANGUAGES:
        page.get_by_test_id("language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        with page.context.expect_page() as opened:
            link.click()
        guide = opened.value
        expect(guide.get_by_test_id("guide-page")).to_have_attribute("data-game", game)
        expect(guide.locator("html")).to_have_attribute("lang", language)
        expect_guide(guide, game, language)
        guide.close()
