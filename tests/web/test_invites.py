"""Invites and seats (issue 10): the copy-invite button, each holder's personal seat link, the
name prompt of a visitor, and "You are watching" for spectators."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.axe import assert_no_violations
from tests.web.support import api_match_with_moves, create_match

CLIPBOARD = ["clipboard-read", "clipboard-write"]


def test_the_copy_invite_button_puts_a_link_on_the_clipboard_that_works_elsewhere(open_page):
    ann = open_page()
    ann.context.grant_permissions(CLIPBOARD)
    match_id = create_match(ann, 2, ["human", "human"], name="Ann")
    ann.get_by_test_id("copy-invite").click()
    expect(ann.get_by_test_id("toast")).to_have_text("Invite link copied: send it to your friends.")
    link = ann.evaluate("navigator.clipboard.readText()")
    assert link.endswith(f"#/match/{match_id}")

    bo = open_page()  # another person: a second browser context, no seat, no name yet
    bo.goto(link)
    prompt = bo.get_by_test_id("join-offer")
    expect(prompt.get_by_test_id("join-name")).to_have_value("")
    prompt.get_by_test_id("join-name").fill("Bo")
    prompt.get_by_test_id("join-seat").click()
    expect(bo.get_by_test_id("match-page")).to_have_attribute("data-seat", "1")
    expect(ann.get_by_test_id("seats")).to_contain_text("Bo")


def test_a_refused_clipboard_shows_the_invite_link_to_copy_by_hand(open_page):
    ann = open_page()
    match_id = create_match(ann, 2, ["human", "human"])
    ann.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error()); }")
    expect(ann.get_by_test_id("copy-invite-field")).to_be_hidden()
    ann.get_by_test_id("copy-invite").click()
    field = ann.get_by_test_id("copy-invite-field")
    expect(field).to_be_visible()
    expect(field).to_have_value(f"{ann.evaluate('location.origin')}/#/match/{match_id}")


def test_the_personal_seat_link_brings_a_fresh_browser_back_to_the_seat(open_page):
    ann = open_page()
    ann.context.grant_permissions(CLIPBOARD)
    match_id = create_match(ann, 4, ["human"] + ["bot:random"] * 3, name="Ann")
    panel = ann.get_by_test_id("seat-link")
    expect(panel).to_contain_text("Keep this link to come back to your seat")
    panel.get_by_test_id("copy-seat-link").click()
    link = ann.evaluate("navigator.clipboard.readText()")
    token = ann.evaluate(f"JSON.parse(localStorage.getItem('ludoteca.tokens.{match_id}'))['0']")
    # The token travels only in the fragment, which the browser never sends to a server.
    assert link.split("#", 1)[1] == f"/seat/{match_id}/0/{token}"

    later = open_page()  # another device, or this one after its storage was cleared
    later.goto(link)
    match_page = later.get_by_test_id("match-page")
    expect(match_page).to_have_attribute("data-mode", "player")
    expect(match_page).to_have_attribute("data-seat", "0")
    expect(later.get_by_test_id("hand")).to_have_count(1)  # the own hand (empty if handed in)
    expect(later.get_by_test_id("seat-link")).to_be_visible()
    assert_no_violations(later, "a player's page with the seat link")
    assert later.url.endswith(f"#/match/{match_id}")  # the token left the address bar
    assert token not in later.evaluate("location.href")


def test_a_spectator_sees_you_are_watching_and_may_take_a_free_seat(open_page, server_url):
    running, _ = api_match_with_moves(server_url, moves=2)
    watcher = open_page()
    watcher.goto(f"/#/watch/{running}")
    banner = watcher.get_by_test_id("watching-banner")
    expect(banner).to_have_text("You are watching")
    expect(banner.get_by_test_id("take-free-seat")).to_have_count(0)  # every seat is taken
    expect(watcher.get_by_test_id("seat-link")).to_have_count(0)

    ann = open_page()
    match_id = create_match(ann, 3, ["human"] * 3, name="Ann", game="elfenland")
    expect(ann.get_by_test_id("watching-banner")).to_have_count(0)  # Ann plays
    visitor = open_page()
    visitor.goto(f"/#/match/{match_id}")
    expect(visitor.get_by_test_id("join-offer")).to_be_visible()
    assert_no_violations(visitor, "the name prompt")
    visitor.get_by_test_id("just-watch").click()
    banner = visitor.get_by_test_id("watching-banner")
    expect(banner).to_contain_text("You are watching")
    expect(visitor.get_by_test_id("join-offer")).to_have_count(0)
    assert_no_violations(visitor, "the waiting room of a spectator")

    # Someone watching from the lobby's "Watch" takes a seat from the banner.
    watcher = open_page()
    watcher.goto(f"/#/watch/{match_id}")
    expect(watcher.get_by_test_id("join-offer")).to_have_count(0)  # watching was their choice
    watcher.get_by_test_id("watching-banner").get_by_test_id("take-free-seat").click()
    watcher.get_by_test_id("join-offer").get_by_test_id("join-seat").click()
    expect(watcher.get_by_test_id("match-page")).to_have_attribute("data-seat", "1")
    expect(watcher.get_by_test_id("watching-banner")).to_have_count(0)

    banner.get_by_test_id("take-free-seat").click()
    visitor.get_by_test_id("join-offer").get_by_test_id("join-seat").click()
    expect(visitor.get_by_test_id("match-page")).to_have_attribute("data-seat", "2")
    expect(visitor.get_by_test_id("watching-banner")).to_have_count(0)
    for page in (ann, watcher, visitor):  # the last seat taken started the match
        expect(page.get_by_test_id("match-page")).to_have_attribute("data-status", "running")
