"""The browser's Keezen logic against the engine: clicks name legal actions; holes never overlap."""

from __future__ import annotations

import random

import pytest

import ludoteca

MODULES = "/static/js/games/keezen-moves.js"
GEOMETRY = "/static/js/boards/keezen-geometry.js"


def _legal_sets(players: int, games: int, seed: int, **options: object) -> list[list[str]]:
    """Return the legal action texts of every position of some random games."""
    game = ludoteca.load("keezen", players=players, **options)
    rng = random.Random(seed)
    sets = []
    for index in range(games):
        state = game.initial_state(seed=seed + index)
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            sets.append([game.action_to_text(state, action) for action in legal])
            state = game.apply(state, rng.choice(legal))
    return sets


# Every action is reached by clicking its card and then, one by one, the places it names; each
# click must be on offer, and only the last click completes the action.
CLICK_EVERY_ACTION = """async ([url, sets]) => {
  const { MovePicker, parseAction } = await import(url);
  const problems = [];
  for (const legal of sets) {
    for (const text of legal) {
      const picker = new MovePicker(legal);
      const { card, path } = parseAction(text);
      picker.selectCard(card);
      let done = null;
      for (const [i, loc] of path.entries()) {
        const next = picker.next();
        if (!next || !next.locs.includes(loc)) {
          problems.push(`${text}: ${loc} not offered`);
          break;
        }
        done = picker.pick(loc);
        if (done !== null && i < path.length - 1) problems.push(`${text}: done early as ${done}`);
      }
      if (done !== text) problems.push(`${text}: clicks gave ${done}`);
    }
  }
  return problems.slice(0, 10);
}"""


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (6, {})])
def test_every_legal_action_is_one_click_path(open_page, players, options):
    sets = _legal_sets(players, games=2, seed=100 + players, **options)
    assert any(text.startswith("7: ") and ", " in text for legal in sets for text in legal)
    assert any(text.startswith("J: ") for legal in sets for text in legal)
    page = open_page()
    page.goto("/")
    assert page.evaluate(CLICK_EVERY_ACTION, [MODULES, sets]) == []


HOLES_APART = """async ([url, cases]) => {
  const { keezenLayout } = await import(url);
  const result = [];
  for (const [players, track] of cases) {
    const layout = keezenLayout(players, track, 0);
    const points = [...layout.squares, ...layout.home.flat(), ...layout.startArea.flat()];
    let closest = Infinity;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const [a, b] = [points[i], points[j]];
        closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
      }
    }
    // Neighbouring squares on the track are one unit apart.
    let step = 0;
    for (let k = 0; k < track; k++) {
      const [a, b] = [layout.squares[k], layout.squares[(k + 1) % track]];
      step = Math.max(step, Math.abs(Math.hypot(a.x - b.x, a.y - b.y) - 1));
    }
    result.push({ players, track, holes: points.length, closest, step });
  }
  return result;
}"""


def test_board_layout_places_every_hole_apart_and_squares_one_step_apart(open_page):
    page = open_page()
    page.goto("/")
    cases = [[2, 32], [2, 64], [4, 64], [6, 96]]
    for case in page.evaluate(HOLES_APART, [GEOMETRY, cases]):
        assert case["holes"] == case["track"] + 8 * case["players"], case
        assert case["closest"] > 0.75, case  # home slots of the small 2-player cross: 0.77
        assert case["step"] < 1e-9, case
