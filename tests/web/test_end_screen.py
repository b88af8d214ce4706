"""The end of a match: no hand panel any more, a final score table for every seat (Elfenland with
its tie-break, cards in hand, E41/E42), who won or that it is a draw, and why the game ended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.server.support import bearer
from tests.web.support import api_get, open_as_seat

MAX_MOVES = 2000
CATALOGUES = Path(__file__).parents[2] / "src" / "ludoteca" / "web" / "i18n"
LANGUAGES = ("en", "nl", "zh", "de", "es", "fi")
WIDTHS = ((1366, 768), (390, 844))  # a laptop and a phone
# The element that sticks out furthest to the right, to name in a failure.
WIDEST = """() => { let widest = null, right = 0;
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect().right;
    if (r > right) { right = r; widest = el; } }
  return widest ? `${widest.tagName}.${widest.className} ${Math.round(right)}px: `
    + widest.textContent.slice(0, 40) : ""; }"""


def _finished_match(base_url: str, game: str, options: dict[str, int],
                    seed: int = 3, players: int = 2) -> tuple[str, dict[str, str]]:
    """Create a match of `players` seats held by the test, play first legal actions until it
    is over.

    Returns the match id and the seat tokens (keys are seat numbers as text).
    """
    with httpx.Client(base_url=base_url, timeout=10) as client:
        created = client.post("/api/matches", json={
            "game": game, "players": players, "seats": [{"type": "human"}] * players,
            "claim": list(range(players)),
            "seed": seed, "options": options,
        })
        created.raise_for_status()
        match_id, tokens = created.json()["match_id"], created.json()["tokens"]
        for _ in range(MAX_MOVES):
            summary = client.get(f"/api/matches/{match_id}").json()
            if summary["status"] == "finished":  # a one-deal game can be over when dealt
                return match_id, tokens
            token = tokens[str(summary["current_player"])]
            view = client.get(f"/api/matches/{match_id}/view", headers=bearer(token)).json()
            client.post(f"/api/matches/{match_id}/actions", json={
                "token": token, "state_id": view["state_id"],
                "action": view["observation"]["legal_actions"][0],
            }).raise_for_status()
    raise AssertionError(f"{game} did not end within {MAX_MOVES} moves")


def _expect_score_table(page: Page, observation: dict[str, Any]) -> None:
    """The table has one row per seat with the observation's scores and outcome."""
    table = page.get_by_test_id("score-table")
    expect(table).to_be_visible()
    rows = table.locator("[data-testid=score-row]")
    expect(rows).to_have_count(observation["num_players"])
    winners = observation["winners"]
    for seat, score in enumerate(observation["scores"]):
        row = table.locator(f"[data-testid=score-row][data-seat='{seat}']")
        expect(row.locator("[data-testid=score]")).to_have_text(str(score))
        outcome = "won" if seat in winners else "lost" if winners else "draw"
        expect(row).to_have_attribute("data-outcome", outcome)


def _expect_no_hand(page: Page) -> None:
    expect(page.get_by_test_id("score-table")).to_be_visible()
    expect(page.get_by_test_id("controls")).to_have_count(0)
    expect(page.get_by_test_id("hand-card")).to_have_count(0)


def test_keezen_end_shows_scores_and_reason_instead_of_the_hand(open_page, server_url):
    match_id, tokens = _finished_match(server_url, "keezen", {"max_deals": 1})
    observation = api_get(server_url, f"/matches/{match_id}/view",
                          token=tokens["0"])["observation"]
    assert observation["terminal"]
    assert observation["end_reason"] == "max_deals"
    assert observation["winners"] == []  # K56: the deal limit ends the game in a draw
    page = open_page()
    open_as_seat(page, match_id, 0, tokens["0"])
    _expect_no_hand(page)
    _expect_score_table(page, observation)
    expect(page.get_by_test_id("result")).to_contain_text("The game ends in a draw.")
    rows = page.get_by_test_id("score-row")
    for seat in range(2):
        expect(rows.nth(seat).locator("[data-testid=rank]")).to_have_text("1")
        expect(rows.nth(seat).locator("[data-testid=outcome]")).to_have_text("draw")
    expect(page.get_by_test_id("score-table")).to_contain_text("Pawns home")
    expect(page.get_by_test_id("end-reason")).to_have_text(
        "The deal limit was reached without a winner.")


def test_elfenland_end_shows_towns_tie_break_ranks_and_reason(open_page, server_url):
    match_id, tokens = _finished_match(server_url, "elfenland", {"rounds": 3})
    views = [api_get(server_url, f"/matches/{match_id}/view", token=tokens[str(seat)])
             for seat in range(2)]
    observation = views[0]["observation"]
    assert observation["terminal"]
    assert observation["end_reason"] == "last_round"
    end = observation["log"][-1]
    assert end["kind"] == "end"
    for seat, view in enumerate(views):
        page = open_page()
        open_as_seat(page, match_id, seat, tokens[str(seat)])
        _expect_no_hand(page)
        _expect_score_table(page, observation)
        for other in range(2):
            row = page.locator(f"[data-testid=score-row][data-seat='{other}']")
            expect(row.locator("[data-testid=tie-break]")).to_have_text(
                str(observation["hand_sizes"][other]))
            expect(row.locator("[data-testid=tie-break]")).to_have_text(
                str(end["hand_sizes"][other]))
            expect(row.locator("[data-testid=rank]")).to_have_text(str(observation["ranks"][other]))
        outcome = "won" if seat in observation["winners"] else "lost"
        expect(page.locator(f"[data-testid=score-row][data-seat='{seat}'] [data-testid=outcome]")
               ).to_have_text(outcome)
        expect(page.get_by_test_id("score-table")).to_contain_text("Town pieces")
        expect(page.get_by_test_id("score-table")).to_contain_text("Cards in hand")
        expect(page.get_by_test_id("end-reason")).to_have_text("The last round, round 3, is over.")
        assert view["observation"]["scores"] == observation["scores"]

    # Once in Dutch: the same numbers, the words translated.
    page.get_by_test_id("language").select_option("nl")
    expect(page.get_by_test_id("end-reason")).to_have_text("De laatste ronde, ronde 3, is voorbij.")
    table = page.get_by_test_id("score-table")
    expect(table).to_contain_text("Eindstand")
    expect(table).to_contain_text("Kaarten in hand")
    _expect_score_table(page, observation)
    _expect_no_hand(page)


def _expect_ranked_rows(page: Page, observation: dict[str, Any]) -> None:
    """The rows come best rank first; each shows its rank, tie-break and outcome."""
    ranks, winners = observation["ranks"], observation["winners"]
    order = sorted(range(observation["num_players"]), key=lambda seat: (ranks[seat], seat))
    rows = page.get_by_test_id("score-row")
    for place, seat in enumerate(order):
        row = rows.nth(place)
        expect(row).to_have_attribute("data-seat", str(seat))
        expect(row.locator("[data-testid=rank]")).to_have_text(str(ranks[seat]))
        expect(row.locator("[data-testid=tie-break]")).to_have_text(
            str(observation["hand_sizes"][seat]))
        expect(row.locator("[data-testid=outcome]")).to_have_text(
            "won" if seat in winners else "lost")


def test_elfenland_equal_towns_are_ranked_by_cards_in_hand(open_page, server_url):
    """E41: both players collected 5 town pieces; the one holding more cards wins."""
    match_id, tokens = _finished_match(server_url, "elfenland", {"rounds": 3}, seed=11)
    observation = api_get(server_url, f"/matches/{match_id}/view",
                          token=tokens["0"])["observation"]
    scores, cards = observation["scores"], observation["hand_sizes"]
    assert scores[0] == scores[1] and cards[0] != cards[1], "the seed no longer gives a tie"
    winner = 0 if cards[0] > cards[1] else 1
    assert observation["winners"] == [winner]
    assert observation["ranks"][winner] == 1 and observation["ranks"][1 - winner] == 2
    page = open_page()
    open_as_seat(page, match_id, 1 - winner, tokens[str(1 - winner)])
    _expect_no_hand(page)
    _expect_score_table(page, observation)
    _expect_ranked_rows(page, observation)
    expect(page.get_by_test_id("score-table")).to_contain_text(
        "Equal town pieces: more cards in hand ranks higher")
    expect(page.get_by_test_id("result")).to_have_attribute("data-winners", str(winner))
    expect(page.get_by_test_id("result")).to_contain_text("You lost")


def test_elfenland_shared_first_place_has_two_winners_and_skips_second(open_page, server_url):
    """E42: two of three players are equal in towns and cards: both win, the third is 3rd."""
    match_id, tokens = _finished_match(server_url, "elfenland", {"rounds": 3}, seed=13,
                                       players=3)
    observation = api_get(server_url, f"/matches/{match_id}/view", token=tokens["0"])[
        "observation"]
    winners = observation["winners"]
    assert len(winners) == 2, "the seed no longer gives a shared first place"
    loser = ({0, 1, 2} - set(winners)).pop()
    assert observation["ranks"][loser] == 3
    for seat in winners:
        assert observation["ranks"][seat] == 1
    assert observation["end_reason"] == "last_round"
    page = open_page()
    open_as_seat(page, match_id, winners[0], tokens[str(winners[0])])
    _expect_no_hand(page)
    _expect_score_table(page, observation)
    _expect_ranked_rows(page, observation)
    result = page.get_by_test_id("result")
    expect(result).to_have_attribute("data-winners", ",".join(map(str, winners)))
    expect(result).to_contain_text(" win!")
    expect(result).to_contain_text("You won")
    expect(page.get_by_test_id("end-reason")).to_have_text("The last round, round 3, is over.")


def _competition_ranks(observation: dict[str, Any]) -> list[int]:
    """Return the ranks by the result: winners first, then by score; equal seats share a rank
    and the next rank skips (1, 2, 2, 4)."""
    winners, scores = observation["winners"], observation["scores"]
    keys = [(seat in winners, score) for seat, score in enumerate(scores)]
    return [1 + sum(other > key for other in keys) for key in keys]


@pytest.fixture(scope="module")
def suitors_end(server_url: str) -> tuple[str, dict[str, str]]:
    """A finished 4-player Suitors' Paths match (seed 39: 202 first legal moves)."""
    return _finished_match(server_url, "suitors_paths", {}, seed=39, players=4)


def test_losers_are_ranked_by_score_and_listed_best_first(open_page, server_url, suitors_end):
    """Suitors' Paths, 4 players: the winner, then 4 points, then two seats with 0 sharing 3rd
    (1, 2, 3, 3), rows in that order; not every loser 2nd in seat order."""
    match_id, tokens = suitors_end
    observation = api_get(server_url, f"/matches/{match_id}/view", token=tokens["0"])[
        "observation"]
    ranks = _competition_ranks(observation)
    assert sorted(ranks) == [1, 2, 3, 3], "the seed no longer gives a shared 3rd place"
    order = sorted(range(4), key=lambda seat: (ranks[seat], seat))
    assert order != sorted(order), "the seed no longer puts a later seat above an earlier one"
    page = open_page()
    open_as_seat(page, match_id, 0, tokens["0"])
    _expect_score_table(page, observation)
    rows = page.get_by_test_id("score-row")
    for place, seat in enumerate(order):
        expect(rows.nth(place)).to_have_attribute("data-seat", str(seat))
        expect(rows.nth(place).locator("[data-testid=rank]")).to_have_text(str(ranks[seat]))


def test_end_screen_never_scrolls_sideways_in_any_language(open_page, suitors_end):
    """The score table (its Result column too) fits the page at 1366 px and 390 px in every
    language: the page never scrolls sideways."""
    match_id, tokens = suitors_end
    page = open_page(*WIDTHS[0])
    open_as_seat(page, match_id, 0, tokens["0"])
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        for language in LANGUAGES:
            title = json.loads((CATALOGUES / f"{language}.json").read_text("utf-8"))[
                "scores.title"]
            page.get_by_test_id("language").select_option(language)
            expect(page.get_by_test_id("score-table").locator("h2")).to_have_text(title)
            sizes = page.evaluate("""() => [document.documentElement.scrollWidth,
                document.documentElement.clientWidth]""")
            assert sizes[0] <= sizes[1], (
                f"{language} at {width} px scrolls sideways: {sizes}; {page.evaluate(WIDEST)}")
