"""Suitors' Paths controls: every legal action of 1,600 positions from random games (2 to 5
players, with and without the options that change what can be built) is offered by the control
that stands for it, checked on the grouped choices for every set and by clicking the drawn view
for a sample with every kind of decision; and points are named as the notation names them."""

from __future__ import annotations

import random

from playwright.sync_api import expect

import ludoteca
from ludoteca.games.suitors_paths.board import board_for
from tests.web.test_suitors_paths_browser import HEXES, kind_of

MOVES = "/static/js/games/suitors_paths-moves.js"
VIEW = "/static/js/games/suitors_paths.js"
WORDS = "/static/js/games/suitors_paths-words.js"


def _observations(games: int, seed: int) -> list[dict]:
    """Return the acting seat's observation at every decision of some random games with 2 to 5
    players (every third with the boundary sides costing the adjacent hex's colour, every fourth
    with routes starting at the suitor), one per distinct legal action set."""
    seen: dict[tuple[str, ...], dict] = {}
    for index in range(games):
        players = 2 + index % 4
        options: dict[str, str] = {}
        if index % 3 == 2:
            options["boundary_side_cost"] = "adjacent"
        if index % 4 == 3:
            options["route_start"] = "centre"
        game = ludoteca.load("suitors_paths", players, **options)
        rng = random.Random(seed + index)
        state = game.initial_state(seed=seed + index)
        while not game.is_terminal(state):
            seat = game.current_player(state)
            observation = game.observation(state, seat)
            observation["log"] = []  # not needed here, and it would make the data large
            seen.setdefault(tuple(observation["legal_actions"]), observation)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    return list(seen.values())


# Each legal action is what the board and panels offer for it: a hex then a bid, a raise, a
# pass, the cards to pay or discard, a stretch of the board (then, if asked, a way to pay),
# scrap, end, a girl's arrow, a display slot, a colour, the deck. Checked on the choices alone
# for every set, and on the drawn view (clicking its controls) for a sample.
REACH_EVERY_ACTION = """async ([url, observations]) => {
  const { SpChoices, parseAction } = await import(url);
  const { pointKey } = await import(url.replace("games/suitors_paths-moves.js",
    "boards/suitors_paths-geometry.js"));
  const problems = [];
  for (const observation of observations) {
    const legal = observation.legal_actions;
    const choices = new SpChoices(legal);
    const groups = choices.segmentGroups();
    const buildable = new Map(observation.buildable.map((entry) => [entry.segment, entry]));
    for (const text of legal) {
      const action = parseAction(text);
      const reversed = (cards) => [...cards].reverse();
      let found = null;
      switch (action.verb) {
        case "open":
          found = choices.openHexes().includes(action.hex)
            ? choices.openBids(action.hex).find((bid) => bid.text === text)?.text : null;
          break;
        case "raise": found = choices.raises().find((bid) => bid.text === text)?.text; break;
        case "pass": found = choices.pass(); break;
        case "pay": found = choices.pay(reversed(action.cards)); break;
        case "build": {
          const group = groups.find((g) => g.names.includes(action.segment));
          found = group?.names.flatMap((name) => choices.builds(name))
            .find((way) => way.text === text)?.text;
          const entry = buildable.get(action.segment);
          const ends = [pointKey(action.hex, action.from), pointKey(action.hex, action.to)];
          if (!entry || JSON.stringify(ends) !== JSON.stringify([entry.from, entry.to])
              || !entry.payments.includes(action.payment)) {
            problems.push(`${text}: buildable says ${JSON.stringify(entry)}`);
          }
          break;
        }
        case "scrap": found = choices.scrap(); break;
        case "end": found = choices.end(); break;
        case "girl": found = choices.girl(action.hex, action.dir); break;
        case "take": found = choices.take(action.slot); break;
        case "deck": found = choices.deck(); break;
        case "all": found = choices.takeAll(action.colour); break;
        case "discard": found = choices.discard(reversed(action.cards)); break;
        default: break;
      }
      if (found !== text) problems.push(`${text}: the board offers ${found}`);
    }
  }
  return problems.slice(0, 10);
}"""

CLICK_EVERY_ACTION = """async ([url, observations]) => {
  const ui = (await import(url)).default;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const problems = [];
  const kinds = new Set();
  const area = document.createElement("div");
  document.body.append(area);
  for (const observation of observations) {
    const boardArea = document.createElement("div");
    const controlsArea = document.createElement("div");
    area.replaceChildren(boardArea, controlsArea);
    let sent = null;
    const view = ui.createView({ boardArea, controlsArea,
      onAction: (text) => { sent = text; return Promise.resolve(); } });
    view.update({ observation }, { showHand: true, interactive: true });
    const $ = (selector) => area.querySelector(selector);
    for (const text of observation.legal_actions) {
      const [verb] = text.split(" ");
      const action = (await import(url.replace("suitors_paths.js", "suitors_paths-moves.js")))
        .parseAction(text);
      sent = null;
      kinds.add(action.verb);
      switch (action.verb) {
        case "open":
          click($(`[data-testid=hex-choice][data-hex="${action.hex}"]`));
          click($(`[data-testid=open-bid][data-action="${text}"]`));
          break;
        case "build": {
          const stretch = [...area.querySelectorAll("[data-testid=segment-choice]")]
            .find((el) => el.dataset.segment.split(" ").includes(action.segment));
          click(stretch);
          const way = $(`[data-testid=payment][data-action="${text}"]`);
          if (way) click(way);
          break;
        }
        case "pay": case "discard": {
          for (const letter of action.cards) {
            click([...area.querySelectorAll(`[data-testid=hand-card][data-card=${letter}]`)]
              .find((el) => el.getAttribute("aria-pressed") === "false"));
          }
          click($("[data-testid=cards-confirm]"));
          break;
        }
        case "raise": click($(`[data-testid=raise][data-action="${text}"]`)); break;
        case "pass": case "scrap": case "end": click($(`[data-testid=${verb}-button]`)); break;
        case "girl":
          click($(`[data-testid=girl-arrow][data-hex="${action.hex}"][data-dir=${action.dir}]`));
          break;
        case "take": click($(`[data-testid=display-card][data-slot="${action.slot}"]`)); break;
        case "deck": click($("[data-testid=take-deck]")); break;
        case "all": click($(`[data-testid=take-all][data-colour=${action.colour}]`)); break;
        default: break;
      }
      if (sent !== text) problems.push(`${text}: the clicks sent ${sent}`);
      await tick(); // the view is ready again once the action was "answered"
    }
    view.destroy();
  }
  area.remove();
  return { problems: problems.slice(0, 10), kinds: [...kinds].sort() };
}"""


def test_every_legal_suitors_paths_action_is_offered_by_its_control(open_page):
    observations = _observations(games=8, seed=41)
    kinds = {kind_of(text) for o in observations for text in o["legal_actions"]}
    assert {"open", "raise", "pass", "pay", "build", "scrap", "end", "girl", "take",
            "take deck", "take all", "discard"} <= kinds, kinds
    assert len(observations) > 500, len(observations)
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("create-match")).to_be_visible()  # the catalogues are loaded
    legal_sets = [{"legal_actions": o["legal_actions"], "buildable": o["buildable"]}
                  for o in observations]
    assert page.evaluate(REACH_EVERY_ACTION, [MOVES, legal_sets]) == []
    # Clicking through the drawn view: a sample with every kind of decision in it.
    by_kind: dict[str, list[dict]] = {}
    for observation in observations:
        for kind in {kind_of(text) for text in observation["legal_actions"]}:
            by_kind.setdefault(kind, []).append(observation)
    sample = {id(o): o for group in by_kind.values() for o in group[::max(1, len(group) // 3)]}
    result = page.evaluate(CLICK_EVERY_ACTION, [VIEW, list(sample.values())])
    assert result["problems"] == []
    assert set(result["kinds"]) == {"open", "raise", "pass", "pay", "build", "scrap", "end",
                                    "girl", "take", "deck", "all", "discard"}


def test_points_are_named_as_the_notation_names_them(open_page):
    """The log names a route's head as the notation does: a corner after the first hex of the
    board (smallest r, then q) that has it, on every board."""
    boards = []
    for players in HEXES:
        board = board_for(players)
        boards.append({"hexes": list(board.hex_names),
                       "points": [[list(key), name.replace("/", " ")]
                                  for key, name in zip(board.point_keys, board.point_names,
                                                       strict=True)]})
    page = open_page()
    page.goto("/")
    expect(page.get_by_test_id("create-match")).to_be_visible()
    wrong = page.evaluate("""async ([url, boards]) => {
      const { pointWords, setBoardHexes } = await import(url);
      const wrong = [];
      for (const board of boards) {
        setBoardHexes(board.hexes);
        for (const [key, name] of board.points) {
          if (pointWords(key) !== name) wrong.push(`${key}: ${pointWords(key)} != ${name}`);
        }
      }
      return wrong.slice(0, 10);
    }""", [WORDS, boards])
    assert wrong == []
