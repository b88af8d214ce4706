"""Players read words, never notation: a whole seeded game of each title, in every language, has
no engine notation in its log lines, in any tooltip or accessible name, nor in its move choices.

The notation stays in `data-text` and `data-action` (for tests and tools), in the replay export
and in the API. Each game's patterns follow the action texts its engine writes
(src/ludoteca/games/<game>/actions.py, `action_text`) and its record lines (observe.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from ludoteca.games.elfenland.drawing import board_data as elfenland_board
from ludoteca.games.thurn_und_taxis.board import tnt_board
from tests.server.support import bearer
from tests.web.support import YOUR_TURN, http, open_as_seat

LANGUAGES = ["en", "nl", "zh", "de", "es", "fi"]
PLAYERS = {"keezen": 4, "elfenland": 3, "thurn_und_taxis": 3, "suitors_paths": 3}
SEED = 7
BOTS_FINISH_MS = 60_000  # heuristic bots end any of these games in a few seconds

_TNT = tnt_board()
_TNT_CODES = "|".join((*_TNT.city_codes, *_TNT.region_codes))
_POINT = r"(?:N|NE|SE|S|SW|NW|C)"

# A record line of the engine: "2: place C? 35", "# round 2, start player 1".
COMMON = [re.compile(r"^\d+: \S"), re.compile(r"^# ")]
NOTATION: dict[str, list[re.Pattern[str]]] = {
    # "7: 10-12, 7-12x", "J: 20<>32", "K: s-0", "h1.3", the record's seat tag "P0".
    "keezen": [re.compile(r"\d+-\d+|\bs-\d|<>|\bh\d+\.\d|\bP\d\b")],
    # "take 2", "place C? 35", "obstacle 21", "move 37 R", "keep-cards UUDR", "keep-counter T?".
    "elfenland": [re.compile(r"\btake \d|\bplace [PECUTD]|\bobstacle \d|\bmove \d|\bkeep-c"),
                  re.compile(r"(?<![\w?])[PECUTD]\?(?!\w)")],
    # "T1:BAS", "TD", "AD", "PM", "PC", "+MUE", "MUE+", "C*[AUG,ING]", "C=BAI[…]", "X[…]", codes.
    "thurn_und_taxis": [re.compile(r"\bT\d:|\b(?:TD|AD|PM|PC)\b|\bC[=*]|\bX\["),
                        re.compile(rf"\b(?:{_TNT_CODES})\b")],
    # "open 2,1 3", "raise 1", "build 0,2/NE-SE GG", "girl 3,0 NE", "pay GY", "take all G".
    "suitors_paths": [re.compile(r"-?\d+,-?\d+"),
                      re.compile(rf"\b{_POINT}\s*(?:→|->)|(?:→|->)\s*{_POINT}\b"
                                 rf"|\b{_POINT}\s*[-–]\s*{_POINT}\b"),
                      re.compile(r"\b(?:raise|open|girl|build) -?\d|\b(?:pay|discard) [GYRKBM]+\b"
                                 r"|\btake all [GYRKBM]\b")],
}
# Elfenland's edges (1–48) must never show as numbers: a number in a line or name that concerns
# an edge is a card count ("2× Dragon", "2 张龙").
EDGE_IN_NOTATION = re.compile(r"^(?:\d+: )?(?:place \S+|obstacle|move) (\d+)")
CARD_COUNT = re.compile(r"\d+\s*(?:×|张)")
# ... and name an edge by its two towns instead (town names are the same in every language).
EDGE_TOWNS = {edge["id"]: (edge["a"], edge["b"]) for edge in elfenland_board()["edges"]}

# Every text a player reads or hears that could carry notation: log lines, the replay's action
# line, move choices, tooltips (title attributes and SVG titles) and accessible names.
COLLECT = """() => {
  const items = [];
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      const id = e.getAttribute("data-testid");
      parts.unshift(id ? `${e.tagName.toLowerCase()}[${id}]` : e.tagName.toLowerCase());
    }
    return parts.join(" > ");
  };
  const notationOf = (el) => {
    const holder = el.closest("[data-text], [data-action]");
    return holder?.getAttribute("data-text") ?? holder?.getAttribute("data-action") ?? "";
  };
  const add = (where, el, text) => items.push({ where, text, notation: notationOf(el) });
  for (const el of document.querySelectorAll(
      "[data-testid=log-entry], [data-testid=replay-action], [data-testid=candidate-action]")) {
    add(`text of ${path(el)}`, el, el.innerText);
  }
  const attributes = ["title", "aria-label", "aria-description", "aria-roledescription",
    "aria-valuetext", "alt", "placeholder"];
  for (const el of document.querySelectorAll("body *")) {
    for (const name of attributes) {
      const value = el.getAttribute(name);
      if (value) add(`${name} of ${path(el)}`, el, value);
    }
    if (el.tagName.toLowerCase() === "title" && el.textContent) {
      add(`tooltip of ${path(el)}`, el, el.textContent);
    }
  }
  const shown = [...document.querySelectorAll("[data-text], [data-action]")]
    .map((el) => el.getAttribute("data-text") ?? el.getAttribute("data-action"))
    .filter((text) => text);
  return { items, notations: [...new Set(shown)] };
}"""


def _problems(game: str, language: str, page: Page) -> list[str]:
    """Return every text on the page that reads as notation, saying where it is."""
    found: dict[str, Any] = page.evaluate(COLLECT)
    notations = set(found["notations"])
    patterns = COMMON + NOTATION[game]
    problems = []
    for item in found["items"]:
        text, where, notation = item["text"].strip(), item["where"], item["notation"]
        if not text:
            continue
        bad = [pattern.pattern for pattern in patterns if pattern.search(text)]
        if text in notations:
            bad.append("the notation itself")
        edge = EDGE_IN_NOTATION.match(notation) if game == "elfenland" else None
        if edge and re.search(rf"(?<!\d){edge.group(1)}(?!\d)", CARD_COUNT.sub("", text)):
            bad.append(f"edge number {edge.group(1)}")
        if edge and not all(town in text for town in EDGE_TOWNS[int(edge.group(1))]):
            bad.append(f"not named by its towns {EDGE_TOWNS[int(edge.group(1))]}")
        if bad:
            problems.append(f"{game} [{language}] {where}: {text[:120]!r} ({'; '.join(bad)})")
    return problems


def _switch_language(page: Page, language: str) -> None:
    """Choose `language` in the top bar; the page re-renders in place (no reload)."""
    page.get_by_test_id("language").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.fixture(scope="module")
def bot_matches(server_url: str) -> dict[str, str]:
    """Start a match of heuristic bots in every seat for each game (they play at once, side by
    side, while the tests open them); return the match ids by game."""
    ids = {}
    for game, players in PLAYERS.items():
        created = http().post(f"{server_url}/api/matches", timeout=10, json={
            "game": game, "players": players, "seed": SEED,
            "seats": [{"type": "bot", "bot": "heuristic"}] * players,
        })
        created.raise_for_status()
        ids[game] = created.json()["match_id"]
    return ids


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_whole_game_reads_without_notation_in_every_language(open_page, bot_matches, game):
    match_id = bot_matches[game]
    page = open_page()
    page.goto(f"/#/watch/{match_id}")  # the watching page shows the result when the bots end
    expect(page.get_by_test_id("result")).to_be_visible(timeout=BOTS_FINISH_MS)
    problems: list[str] = []
    # The end of the game with its whole log, drawn anew in each language (as a page opened
    # after the moves were made, not one that saw them arrive).
    for language in LANGUAGES:
        _switch_language(page, language)
        expect(page.get_by_test_id("result")).to_be_visible()
        expect(page.get_by_test_id("log-entry").first).to_be_visible()
        problems += _problems(game, language, page)
    # The replay's last move, spelt out above the board (in the last language chosen).
    page.get_by_test_id("result-replay").click()
    expect(page.get_by_test_id("replay-page")).to_have_attribute("data-step", re.compile(r"\d"))
    expect(page.get_by_test_id("log-entry").first).to_be_visible()
    problems += _problems(game, LANGUAGES[-1], page)
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


def _starts(*prefixes: str) -> Callable[[list[str]], bool]:
    """Return a test of legal action texts: some action starts with one of `prefixes`."""
    return lambda legal: any(text.startswith(prefixes) for text in legal)


# Positions whose move choices are scanned, per game: the kinds of moves each game words.
CHECKPOINTS: dict[str, list[Callable[[list[str]], bool]]] = {
    "keezen": [_starts("")],
    "elfenland": [_starts("place"), _starts("move")],
    "thurn_und_taxis": [_starts("T"), _starts("+", "/", "*")],
    "suitors_paths": [_starts("open"), _starts("raise", "build")],
}
MAX_MOVES = 400


def _hot_seat(base_url: str, game: str) -> tuple[httpx.Client, str, dict[str, str]]:
    """Create a match whose seats the test holds all; return a client, its id and tokens."""
    players = PLAYERS[game]
    client = httpx.Client(base_url=base_url, timeout=10)
    created = client.post("/api/matches", json={
        "game": game, "players": players, "seed": SEED, "claim": list(range(players)),
        "seats": [{"type": "human"}] * players,
    })
    created.raise_for_status()
    return client, created.json()["match_id"], created.json()["tokens"]


def _play_until(client: httpx.Client, match_id: str, tokens: dict[str, str],
                wanted: Callable[[list[str]], bool]) -> int:
    """Play first legal actions until the seat to move has a wanted choice; return the seat."""
    for _ in range(MAX_MOVES):
        seat = client.get(f"/api/matches/{match_id}").json()["current_player"]
        view = client.get(f"/api/matches/{match_id}/view",
                          headers=bearer(tokens[str(seat)])).json()
        legal = view["observation"]["legal_actions"]
        if wanted(legal):
            return int(seat)
        client.post(f"/api/matches/{match_id}/actions", json={
            "token": tokens[str(seat)], "state_id": view["state_id"], "action": legal[0],
        }).raise_for_status()
    raise AssertionError(f"no wanted position within {MAX_MOVES} moves")


def _show_move_choices(page: Page, game: str) -> None:
    """Wait for the player's turn and bring up the list of moves in words."""
    expect(page.locator(YOUR_TURN)).to_be_visible()
    if game == "keezen":  # Keezen lists the moves of the card chosen
        page.locator("[data-testid=hand-card][data-playable=true]").first.click()
    expect(page.get_by_test_id("candidate-action").first).to_be_attached()


@pytest.mark.parametrize("game", list(PLAYERS))
def test_move_choices_and_tooltips_read_without_notation(open_page, server_url, game):
    client, match_id, tokens = _hot_seat(server_url, game)
    page = open_page()
    problems: list[str] = []
    for wanted in CHECKPOINTS[game]:
        seat = _play_until(client, match_id, tokens, wanted)
        open_as_seat(page, match_id, seat, tokens[str(seat)])
        for language in LANGUAGES:
            _switch_language(page, language)
            _show_move_choices(page, game)
            problems += _problems(game, language, page)
    client.close()
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"
