"""The end of a game explains itself: under the final scores, a table per seat gives the parts of
its score in words (Thurn und Taxis: carriage, bonus tiles, −1 per house left; Elfenland: towns,
cards left; Keezen: each team member's pawns home; Suitors' Paths: markers and bonuses per girl)
that add up to the score the match's result gives, in every language, and a tie the game's
tie-break decided is explained."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.support import api_get, http

PLAYERS = {"thurn_und_taxis": 3, "elfenland": 3, "keezen": 4, "suitors_paths": 3}
SEED = 5
LANGUAGES = ("en", "nl", "zh", "de", "es", "fi")
BOTS_FINISH_MS = 120_000  # heuristic bots play a whole game on two shared cores
NOTATION = re.compile(r"\bbreakdown\.|\{\w+\}|\b\d+,\d+\b|undefined|null|NaN")


@pytest.fixture(scope="module")
def bot_matches(server_url: str) -> dict[str, str]:
    """Start a seeded match of heuristic bots in every seat for each game (they play side by
    side while the test opens them); return the match ids by game."""
    ids = {}
    for game, players in PLAYERS.items():
        created = http().post(f"{server_url}/api/matches", timeout=10, json={
            "game": game, "players": players, "seed": SEED,
            "seats": [{"type": "bot", "bot": "heuristic"}] * players,
        })
        created.raise_for_status()
        ids[game] = created.json()["match_id"]
    return ids


def _switch_language(page: Page, language: str) -> None:
    """Choose `language` in the top bar; the page re-renders in place (no reload)."""
    page.get_by_test_id("language").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)


def _breakdown(page: Page) -> list[dict]:
    """Return per seat table: its seat, total, parts' points and the words of the page."""
    return page.get_by_test_id("breakdown-seat").evaluate_all("""tables => tables.map((table) => ({
      seat: Number(table.dataset.seat), total: Number(table.dataset.total),
      shown: table.querySelector('[data-testid=breakdown-total]').textContent,
      points: [...table.querySelectorAll('[data-testid=breakdown-part]')]
        .filter((row) => row.dataset.points !== undefined).map((row) => Number(row.dataset.points)),
      labels: [...table.querySelectorAll('tbody th')].map((cell) => cell.textContent),
    }))""")


def _points_text(points: int) -> str:
    """Return points as the page writes them: a negative number with a minus sign (U+2212)."""
    return f"\u2212{-points}" if points < 0 else str(points)


def _tied_but_ranked(scores: list[int], ranks: list[int]) -> list[list[int]]:
    """Return the groups of seats with equal scores whose ranks differ (a tie-break decided)."""
    groups: dict[int, list[int]] = {}
    for seat, score in enumerate(scores):
        groups.setdefault(score, []).append(seat)
    return [seats for seats in groups.values()
            if len(seats) > 1 and len({ranks[seat] for seat in seats}) > 1]


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_end_screen_shows_how_each_score_adds_up(open_page, server_url, bot_matches, game):
    match_id = bot_matches[game]
    page = open_page()
    page.goto(f"/#/watch/{match_id}")
    expect(page.get_by_test_id("breakdown")).to_be_visible(timeout=BOTS_FINISH_MS)
    result = api_get(server_url, f"/matches/{match_id}")["result"]
    observation = api_get(server_url, f"/matches/{match_id}/view")["observation"]
    ranks = [int(rank) for rank in page.get_by_test_id("score-row").evaluate_all(
        "rows => rows.sort((a, b) => a.dataset.seat - b.dataset.seat).map((r) => r.dataset.rank)")]
    ties = _tied_but_ranked(result["scores"], ranks)
    for language in LANGUAGES:
        _switch_language(page, language)
        expect(page.get_by_test_id("breakdown").locator("h3")).not_to_have_text("")
        tables = _breakdown(page)
        assert sorted(table["seat"] for table in tables) == list(range(PLAYERS[game]))
        for table in tables:
            score = result["scores"][table["seat"]]
            # The parts add up to the seat's score as the match's result gives it.
            assert sum(table["points"]) == score, (game, language, table)
            assert table["total"] == score and table["shown"] == _points_text(score)
            bad = [label for label in table["labels"] if not label or NOTATION.search(label)]
            assert not bad, (game, language, bad)
        # Every tie the game's tie-break decided is explained, naming the tied players.
        explained = page.get_by_test_id("breakdown-tie")
        expect(explained).to_have_count(len(ties))
    _expect_a_decided_tie_explained(page, game, observation)
    if game == "elfenland":  # cards left in hand: shown, and only ever as a tie-break
        cards = page.locator("[data-testid=breakdown-part]:not([data-points])")
        expect(cards).to_have_count(PLAYERS[game])
    assert observation["terminal"]


# Seats 0 and 1 made equal (seat 0's scoring parts copied to seat 1), seat 1 ranked first by the
# game's tie-break: the breakdown drawn from that observation explains the tie.
TIE = """async ([observation, game]) => {
  const { scoreBreakdown } = await import("/static/js/components/breakdown.js");
  const o = structuredClone(observation);
  const copy = { thurn_und_taxis: ["carriages", "tiles", "houses_left"], elfenland: ["visited"],
    suitors_paths: [] }[game];
  for (const key of [...copy, "scores"]) o[key][1] = o[key][0];
  if (game === "thurn_und_taxis") o.end_holder = 1;
  if (game === "elfenland") {
    o.log = o.log.filter((entry) => entry.kind !== "end");
    o.hand_sizes = [1, 6, 0];
  }
  const names = ["Ann", "Bob", "Cid"];
  const element = scoreBreakdown(o, { name: game }, { seatName: (seat) => names[seat],
    order: [1, 0, 2], ranks: [2, 1, 3] });
  return [...element.querySelectorAll("[data-testid=breakdown-tie]")].map((p) => p.textContent);
}"""


def _expect_a_decided_tie_explained(page: Page, game: str, observation: dict) -> None:
    """A tie decided by the game's tie-break is explained, naming both players (Keezen's teams
    have none: equal teams share the result)."""
    if game == "keezen":
        return
    texts = page.evaluate(TIE, [observation, game])
    assert len(texts) == 1, (game, texts)
    assert "Bob" in texts[0] and "Ann" in texts[0], texts
    if game == "elfenland":  # the cards left in hand decided
        assert "Bob 6" in texts[0] and "Ann 1" in texts[0], texts
    if game == "thurn_und_taxis":  # the game-end tile's holder is named as the one it favours
        assert texts[0].count("Bob") >= 2, texts


# One seat's breakdown drawn from a made-up final observation, in English: its rows' words, the
# points they show and hold (data-points), and the total shown.
DRAWN = """async ([observation, game, names]) => {
  const { scoreBreakdown } = await import("/static/js/components/breakdown.js");
  const element = scoreBreakdown(observation, { name: game }, {
    seatName: (seat) => names[seat], order: [0], ranks: [1] });
  const table = element.querySelector("[data-testid=breakdown-seat]");
  return {
    rows: [...table.querySelectorAll("[data-testid=breakdown-part]")].map((row) => ({
      label: row.querySelector("th").textContent, shown: row.querySelector("td").textContent,
      points: row.dataset.points })),
    total: table.querySelector("[data-testid=breakdown-total]").textContent,
  };
}"""


def _drawn(page: Page, observation: dict, game: str, names: list[str]) -> dict:
    """Open the lobby in English and draw seat 0's breakdown of `observation` (cheap: no match)."""
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    return page.evaluate(DRAWN, [observation, game, names])


def test_negative_points_show_a_minus_sign_not_a_hyphen(open_page):
    # A Thurn und Taxis seat without a carriage and six houses left ends on −6.
    observation = {"terminal": True, "scores": [-6], "carriages": [0], "tiles": [[]],
                   "houses_left": [6]}
    drawn = _drawn(open_page(), observation, "thurn_und_taxis", ["Ann"])
    houses = drawn["rows"][-1]
    assert houses["shown"] == "\u22126" and houses["points"] == "-6", houses
    assert drawn["total"] == "\u22126", drawn
    assert not any("-" in row["shown"] for row in drawn["rows"]), drawn


def test_keezen_rows_name_a_bot_seat_naturally(open_page):
    # A bot seat is called "Blue (bot)"; "Blue (bot)'s pawns" reads badly, so the row names the
    # pawns first.
    observation = {"terminal": True, "scores": [2], "num_players": 1,
                   "pawns": [["h0.0", "h0.1", "s", "12"]]}
    drawn = _drawn(open_page(), observation, "keezen", ["Blue (bot)"])
    assert drawn["rows"] == [{"label": "Pawns of Blue (bot) in the home lane", "shown": "2",
                              "points": "2"}], drawn
