"""German and Spanish as UI languages (issue 11): the picker offers them, the lobby and a Keezen
match (its log included) speak them, Thurn und Taxis in German fits a phone, and its rules link
leads Spanish to the original text and German to the English page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.support import YOUR_TURN, api_match_with_moves, create_match, state_id

PHONE = (390, 844)
# Per language: its name in the picker, the lobby's start button, the match log's heading, and
# words of the Keezen log after six moves (the deal line, then a play).
WORDS = {
    "de": ("Deutsch", "Partie starten", "Spielverlauf", "Runde 1, Geber ist", " spielt "),
    "es": ("Español", "Empezar partida", "Qué ha pasado", "Reparto 1; reparte", " juega "),
}


# What sticks out past the window's right edge, to say in a failure what widened the page.
WIDTH_AND_WIDE_ELEMENTS = """() => [document.documentElement.scrollWidth,
  [...document.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth).slice(0, 5)
    .map((e) => `${e.tagName}.${e.getAttribute("class")}: ${e.textContent.slice(0, 40)}`)]"""


def assert_fits_the_phone(page: Page) -> None:
    width, wide = page.evaluate(WIDTH_AND_WIDE_ELEMENTS)
    assert width <= PHONE[0], (width, wide)


def choose_language(page: Page, language: str) -> None:
    """Pick `language` in the header's picker and wait until the page has switched."""
    page.get_by_test_id("language").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_picker_switches_the_lobby_and_a_keezen_match_log(open_page, server_url, language):
    name, start, log_heading, deal, play = WORDS[language]
    match_id, _ = api_match_with_moves(server_url, moves=6)
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("language").locator(f"option[value={language}]")).to_have_text(name)
    choose_language(page, language)
    expect(page.get_by_test_id("create-match")).to_have_text(start)
    page.goto(f"/#/watch/{match_id}")  # the choice is remembered
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_role("heading", name=log_heading)).to_be_visible()
    entries = page.get_by_test_id("log-entry")
    expect(entries.last).to_contain_text(deal)
    expect(entries.filter(has_text=play).first).to_be_visible()


def test_german_thurn_und_taxis_on_a_phone(open_page):
    page = open_page(*PHONE)
    page.goto("/")
    choose_language(page, "de")
    page.get_by_test_id("game").select_option("thurn_und_taxis")
    expect(page.get_by_test_id("create-match")).to_have_text("Partie starten")
    create_match(page, 2, ["human", "bot:heuristic"], game="thurn_und_taxis")
    page.locator(YOUR_TURN).wait_for()
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    # The German edition's officials, and the table's words in German.
    officials = page.get_by_test_id("officials")
    for code, german in {"PM": "Postmeister", "AD": "Amtmann", "PC": "Postillion",
                         "CW": "Wagner"}.items():
        expect(officials.locator(f"[data-official={code}] strong")).to_have_text(german)
    expect(page.get_by_role("heading", name="Offene Karten")).to_be_visible()
    expect(page.get_by_test_id("seat-table").locator("th")).to_contain_text(
        ["Spieler", "Übrige Häuser", "Kutsche"])
    expect(page.get_by_test_id("move-hint")).to_contain_text("Nimm eine Karte aus der Auslage")
    assert_fits_the_phone(page)
    # Take a face-up card: the log says so in German, and the page still fits the phone.
    before = state_id(page)
    page.locator("[data-testid=display-card][data-playable=true]").first.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", str(before))
    expect(page.get_by_test_id("log-entry").filter(has_text=" nimmt ").first).to_be_attached()
    expect(page.get_by_test_id("move-hint")).not_to_contain_text("Take")
    assert_fits_the_phone(page)


@pytest.mark.parametrize(("language", "link", "shown", "text"), [
    ("es", "Reglas (texto original)", "original", "jefe de correos"),
    ("de", "Spielregeln (auf Englisch)", "english", "T1 — Players."),
])
def test_the_thurn_und_taxis_rules_link_in_the_lobby(open_page, language, link, shown, text):
    """Spanish leads to the original rules text, German to the English page with a note."""
    page = open_page()
    page.goto("/")
    choose_language(page, language)
    page.get_by_test_id("game").select_option("thurn_und_taxis")
    rules_link = page.get_by_test_id("help-rules")
    expect(rules_link).to_have_text(link)
    with page.context.expect_page() as opened:
        rules_link.click()
    rules = opened.value
    expect(rules.get_by_test_id("rules-page")).to_have_attribute("data-shown", shown)
    expect(rules.locator("html")).to_have_attribute("lang", language)
    expect(rules.locator("article")).to_contain_text(text)
    expect(rules.get_by_test_id("rules-note")).to_have_count(1)
