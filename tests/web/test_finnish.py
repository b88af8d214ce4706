"""Finnish as a UI language (issue 12): the picker offers Suomi; the lobby, its newcomer help, a
Keezen match, and Thurn und Taxis and Elfenland matches on a 390x844 phone speak Finnish in their
table, hint and log; the rules link leads to Suitors' Paths' Finnish original, and for a game
without a Finnish text to the English page with a note; axe-core finds no violation in Finnish."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from tests.web.axe import assert_no_violations
from tests.web.support import (
    YOUR_TURN,
    api_match_with_moves,
    create_match,
    play_random_move,
    state_id,
)
from tests.web.test_elfenland_browser import create_elfenland_match
from tests.web.test_german_spanish import PHONE, assert_fits_the_phone, choose_language


def test_the_picker_offers_suomi_and_switches_the_lobby_and_its_help(open_page):
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("language").locator("option[value=fi]")).to_have_text("Suomi")
    choose_language(page, "fi")
    expect(page.get_by_test_id("create-match")).to_have_text("Aloita peli")
    expect(page.get_by_role("heading", name="Uusi peli")).to_be_visible()
    page.get_by_test_id("game").select_option("keezen")
    expect(page.get_by_test_id("help-players")).to_have_text("Pelaajia: 2, 4 tai 6")
    expect(page.get_by_test_id("help-time")).to_have_text("Peliaika: 30–60 minuuttia")
    expect(page.get_by_test_id("help-summary")).to_contain_text("Hollantilainen kilpapeli")
    expect(page.get_by_test_id("help-bots").locator("dt")).to_have_text(
        ["Helppo", "Keskitaso", "Vaikea"])
    page.reload()  # the choice is remembered
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.get_by_test_id("create-match")).to_have_text("Aloita peli")


def test_a_watched_keezen_match_has_a_finnish_log(open_page, server_url):
    match_id, _ = api_match_with_moves(server_url, moves=6)
    page = open_page()
    page.goto("/")
    choose_language(page, "fi")
    page.goto(f"/#/watch/{match_id}")
    expect(page.get_by_role("heading", name="Pelin kulku")).to_be_visible()
    entries = page.get_by_test_id("log-entry")
    expect(entries.last).to_contain_text("Jako 1, jakajana")
    expect(entries.filter(has_text=" pelaa kortin ").first).to_be_visible()
    expect(page.get_by_test_id("seats")).to_contain_text("korttia")


def test_a_finnish_keezen_match_against_bots(open_page):
    page = open_page()
    page.goto("/")
    choose_language(page, "fi")
    create_match(page, 4, ["human", "bot:random", "bot:random", "bot:random"])
    page.locator(YOUR_TURN).wait_for()
    expect(page.get_by_test_id("turn")).to_have_text("Sinun vuorosi")
    expect(page.get_by_test_id("move-hint")).to_have_text("Valitse kortti.")
    expect(page.get_by_role("heading", name="Korttisi")).to_be_visible()
    # The seats: cards in hand, pawns home and the team's, and the partner, all in Finnish.
    seats = page.get_by_test_id("seats")
    # (Counts, not zeros: the bots before us may have moved a pawn of our team home.)
    expect(seats.locator("li").first).to_contain_text(
        re.compile(r"korttia · kotona \d+ · joukkue \d+"))
    expect(page.get_by_test_id("seat-partner").first).to_contain_text("pari: ")
    page.locator("[data-testid=hand-card][data-playable=true]").first.click()
    expect(page.get_by_test_id("move-hint")).to_contain_text(": valitse ")
    page.get_by_test_id("move-cancel").click()
    play_random_move(page, random.Random(12))
    entries = page.get_by_test_id("log-entry")
    expect(entries.filter(has_text=" pelaa kortin ").first).to_be_visible()
    expect(entries.last).to_contain_text("Jako 1, jakajana")


def test_finnish_thurn_und_taxis_on_a_phone(open_page):
    page = open_phone_in_finnish(open_page)
    page.get_by_test_id("game").select_option("thurn_und_taxis")
    expect(page.get_by_test_id("create-match")).to_have_text("Aloita peli")
    create_match(page, 2, ["human", "bot:heuristic"], game="thurn_und_taxis")
    page.locator(YOUR_TURN).wait_for()
    expect(page.locator("[data-testid=controls][data-busy=false]")).to_be_visible()
    # The officials, and the table's words in Finnish.
    officials = page.get_by_test_id("officials")
    for code, finnish in {"PM": "Postimestari", "AD": "Virkamies", "PC": "Postiljooni",
                          "CW": "Vaunuseppä"}.items():
        expect(officials.locator(f"[data-official={code}] strong")).to_have_text(finnish)
    expect(page.get_by_role("heading", name="Avoimet kortit")).to_be_visible()
    expect(page.get_by_test_id("seat-table").locator("th")).to_contain_text(
        ["Pelaaja", "Taloja jäljellä", "Vaunu"])
    expect(page.get_by_test_id("move-hint")).to_contain_text("Ota kortti avoimista korteista")
    assert_fits_the_phone(page)
    # Take a face-up card: the log says so in Finnish, and the page still fits the phone.
    before = state_id(page)
    page.locator("[data-testid=display-card][data-playable=true]").first.click()
    expect(page.get_by_test_id("match-page")).not_to_have_attribute("data-state-id", str(before))
    took = page.get_by_test_id("log-entry").filter(has_text=" ottaa kortin ")
    expect(took.first).to_be_attached()
    expect(page.get_by_test_id("move-hint")).not_to_contain_text("Take")
    expect(page.get_by_test_id("move-hint")).not_to_contain_text("Ota kortti avoimista")
    assert_fits_the_phone(page)


def test_finnish_elfenland_on_a_phone(open_page):
    """The long Finnish transport names break between their parts on the cards, never widen."""
    page = open_phone_in_finnish(open_page)
    create_elfenland_match(page, ["human", "bot:heuristic", "bot:heuristic"], seed=5)
    page.locator(YOUR_TURN).wait_for()
    expect(page.get_by_role("heading", name="Matkakorttisi")).to_be_visible()
    expect(page.get_by_role("heading", name="Avoimet laatat")).to_be_visible()
    expect(page.get_by_test_id("move-hint")).to_have_text(
        "Ota avoin laatta tai nosta laatta sokkona.")
    expect(page.get_by_test_id("log-entry").filter(has_text=" nostaa ").first).to_be_attached()
    # A soft hyphen between the parts: "Peikko-" over "vaunut", not "Peikkova" over "unut".
    expect(page.locator(".elf-card .name").first).to_be_visible()
    names = page.locator(".elf-card .name").all_text_contents()
    assert all("\u00ad" in name or name == "Lautta" for name in names), names
    assert_fits_the_phone(page)


def test_the_thurn_und_taxis_rules_link_leads_finnish_to_the_english_page(open_page):
    page = open_page()
    page.goto("/")
    choose_language(page, "fi")
    page.get_by_test_id("game").select_option("thurn_und_taxis")
    rules_link = page.get_by_test_id("help-rules")
    expect(rules_link).to_have_text("Säännöt (englanniksi)")
    with page.context.expect_page() as opened:
        rules_link.click()
    rules = opened.value
    expect(rules.get_by_test_id("rules-page")).to_have_attribute("data-shown", "english")
    expect(rules.locator("html")).to_have_attribute("lang", "fi")
    expect(rules.get_by_test_id("rules-note")).to_have_text(
        "Näitä sääntöjä ei ole käännetty suomeksi; tässä on englanninkielinen sivu.")
    expect(rules.locator("article")).to_contain_text("T1 — Players.")
    expect(rules.get_by_test_id("back-to-lobby")).to_have_text("Takaisin aulaan")


def test_the_suitors_paths_rules_link_leads_finnish_to_the_original_text(open_page):
    page = open_page()
    page.goto("/")
    choose_language(page, "fi")
    page.get_by_test_id("game").select_option("suitors_paths")
    rules_link = page.get_by_test_id("help-rules")
    expect(rules_link).to_have_text("Säännöt (alkuperäinen teksti)")
    with page.context.expect_page() as opened:
        rules_link.click()
    rules = opened.value
    expect(rules.get_by_test_id("rules-page")).to_have_attribute("data-shown", "original")
    expect(rules.locator("html")).to_have_attribute("lang", "fi")
    expect(rules.locator("h1")).to_have_text("Kosijoiden polut: alkuperäiset säännöt")
    expect(rules.locator("article")).to_contain_text("9 tyttönappulaa")
    expect(rules.get_by_test_id("english-rules")).to_have_attribute(
        "href", "/rules/suitors_paths?lang=en")


def test_axe_finds_no_violation_on_the_finnish_lobby_and_rules_page(open_page):
    page = open_page()
    page.goto("/")
    choose_language(page, "fi")
    assert_no_violations(page, "the lobby (fi)")
    page.goto("/rules/suitors_paths?lang=fi")
    expect(page.locator("h1")).to_have_text("Kosijoiden polut: alkuperäiset säännöt")
    assert_no_violations(page, "the Finnish rules of Suitors' Paths")


def open_phone_in_finnish(open_page) -> Page:
    """Return a 390x844 page on the lobby in Finnish."""
    page: Page = open_page(*PHONE)
    page.goto("/")
    choose_language(page, "fi")
    assert_fits_the_phone(page)
    return page
