"""Translations: every catalogue has every English key, and the picker switches the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.web.support import api_match_with_moves

I18N = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "i18n"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _catalogue(code: str) -> dict[str, str]:
    result: dict[str, str] = json.loads((I18N / f"{code}.json").read_text(encoding="utf-8"))
    return result


def test_every_listed_language_translates_every_key_with_the_same_placeholders():
    english = _catalogue("en")
    languages = json.loads((I18N / "languages.json").read_text(encoding="utf-8"))
    assert {"en", "nl"} <= set(languages)
    for code in languages:
        messages = _catalogue(code)
        assert set(messages) == set(english), code
        for key, text in messages.items():
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), key


def test_language_picker_switches_lobby_and_match_log_to_dutch(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=6)
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("create-match")).to_have_text("Start match")
    page.get_by_test_id("language").select_option("nl")
    expect(page.get_by_test_id("create-match")).to_have_text("Partij starten")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    page.goto(f"/#/watch/{match_id}")  # the choice is remembered
    expect(page.get_by_test_id("log-entry").last).to_contain_text("Ronde 1")
    expect(page.get_by_test_id("log-entry").first).to_contain_text("speelt")
