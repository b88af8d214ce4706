"""Newcomer help in the lobby (issue 10): beside the game chooser, the chosen game's summary,
player counts, play time, a link to its rules page in the page's language (opening in a new
tab) and what each bot level means, in English, Dutch and Chinese; choosing another game
updates it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
# What the help shows in each language: Keezen's counts and time, then Elfenland's.
FACTS = {
    "en": ("Players: 2, 4 or 6", "Play time: 30–60 minutes",
           "Players: 2–6", "Play time: about 60 minutes"),
    "nl": ("Spelers: 2, 4 of 6", "Speelduur: 30–60 minuten",
           "Spelers: 2–6", "Speelduur: ongeveer 60 minuten"),
    "zh": ("玩家人数：2, 4或6", "游戏时长：30–60 分钟",
           "玩家人数：2–6", "游戏时长：约 60 分钟"),
}
# Which text each game's rules link leads to in each language (an original where one exists).
SHOWN = {("keezen", "en"): "english", ("keezen", "nl"): "original", ("keezen", "zh"): "english",
         ("elfenland", "en"): "english", ("elfenland", "nl"): "english",
         ("elfenland", "zh"): "original"}


def catalogue(language: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((I18N / f"{language}.json").read_text(encoding="utf-8"))
    return loaded


def open_lobby(open_page, language: str) -> Page:
    """Return the lobby in `language`, its new-game form drawn."""
    page: Page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("game-help")).to_be_visible()
    if language != "en":
        page.get_by_test_id("language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
    return page


def expect_help(page: Page, game: str, language: str, players: str, time: str) -> None:
    """Check the help shows `game`'s facts and bots in `language`."""
    words = catalogue(language)
    help_box = page.get_by_test_id("game-help")
    expect(help_box).to_have_attribute("data-game", game)
    expect(page.get_by_test_id("help-summary")).to_have_text(words[f"{game}.summary"])
    expect(page.get_by_test_id("help-players")).to_have_text(players)
    expect(page.get_by_test_id("help-time")).to_have_text(time)
    rules = page.get_by_test_id("help-rules")
    expect(rules).to_have_attribute("href", f"/rules/{game}?lang={language}")
    expect(rules).to_have_attribute("target", "_blank")
    expect(rules).to_have_attribute("rel", "noopener")
    bots = page.get_by_test_id("help-bots")
    expect(bots.locator("dt")).to_have_text([
        words["bot.level.0"], words["bot.level.1"], words["bot.level.2"]])
    expect(bots.locator("dd")).to_have_text([
        words["bot.random"], words[f"bot.{game}.heuristic"], words["bot.ismcts"]])


@pytest.mark.parametrize("language", sorted(FACTS))
def test_the_help_follows_the_chosen_game_in_each_language(open_page, language):
    page = open_lobby(open_page, language)
    keezen_players, keezen_time, elfenland_players, elfenland_time = FACTS[language]
    page.get_by_test_id("game").select_option("keezen")
    expect_help(page, "keezen", language, keezen_players, keezen_time)
    page.get_by_test_id("game").select_option("elfenland")
    expect_help(page, "elfenland", language, elfenland_players, elfenland_time)


@pytest.mark.parametrize(("game", "language"), sorted(SHOWN))
def test_the_rules_link_opens_the_served_page_in_a_new_tab(open_page, game, language):
    page = open_lobby(open_page, language)
    page.get_by_test_id("game").select_option(game)
    with page.context.expect_page() as opened:
        page.get_by_test_id("help-rules").click()
    rules = opened.value
    rules_page = rules.get_by_test_id("rules-page")
    expect(rules_page).to_have_attribute("data-game", game)
    expect(rules_page).to_have_attribute("data-shown", SHOWN[game, language])
    expect(rules.locator("html")).to_have_attribute("lang", language)
    expect(rules.locator("h1")).to_have_count(1)
    if (game, language) == ("keezen", "nl"):  # the Dutch original, not a translation
        expect(rules.locator("article")).to_contain_text("Doel van het spel")
        expect(rules.get_by_test_id("english-rules")).to_have_attribute(
            "href", "/rules/keezen?lang=en")
    elif SHOWN[game, language] == "english":
        rule = "K1." if game == "keezen" else "E1."
        expect(rules.locator("article strong", has_text=rule).first).to_be_visible()
        expect(rules.get_by_test_id("rules-note")).to_have_count(0 if language == "en" else 1)
    rules.get_by_test_id("back-to-lobby").click()
    expect(rules.get_by_test_id("new-game-form")).to_be_visible()
