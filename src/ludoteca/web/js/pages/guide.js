// The player's guide of a game (#/guide/<game>): how to play it, in the page's language, with
// board diagrams drawn from real positions by the game's own board, read-only
// (GET /api/games/{name}/guide, server/guides.py). The full rules stay one click away.

import { h, replaceChildren } from "../dom.js";
import { loadGame } from "../games/index.js";
import { language, t } from "../i18n.js";
import { errorText } from "../components/errors.js";

/** Return the guide of `game` in `code` (or English where it has none); throws on an error. */
async function fetchGuide(game, code) {
  // One read-only GET: the shared client (api.js) carries the match calls.
  const path = `/api/games/${encodeURIComponent(game)}/guide?language=${encodeURIComponent(code)}`;
  const response = await fetch(path);
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(data?.error?.message ?? response.statusText);
    error.status = response.status;
    error.code = data?.error?.code ?? "http";
    throw error;
  }
  return data;
}

/** Mount the guide page of `game` into `root`; returns {destroy()}. */
export function mountGuide(root, { game: name }) {
  const page = h("article", {
    class: "guide-page", "data-testid": "guide-page", "data-game": name, "aria-busy": "true",
  }, h("p", { class: "muted" }, t("guide.loading")));
  root.append(page);
  const views = []; // the diagrams' board views, destroyed with the page
  let alive = true;

  Promise.all([fetchGuide(name, language()), loadGame(name)]).then(([guide, game]) => {
    if (alive) showGuide(page, guide, game, views);
  }).catch((error) => {
    if (!alive) return;
    page.removeAttribute("aria-busy");
    replaceChildren(page, h("p", { class: "error-banner", role: "alert", "data-testid": "error" },
      error.status === 404 ? t("guide.notFound") : errorText(error)));
  });

  return {
    destroy() {
      alive = false;
      views.forEach((view) => view.destroy());
    },
  };
}

// The served language may differ from the page's (a guide not yet translated): the text says
// so, and carries its own `lang` for screen readers and hyphenation.
function showGuide(page, guide, game, views) {
  page.dataset.language = guide.language;
  page.lang = guide.language;
  page.removeAttribute("aria-busy");
  const notes = [];
  if (guide.language !== guide.requested) {
    notes.push(h("p", { class: "guide-note", "data-testid": "guide-fallback",
      lang: guide.requested }, t("guide.fallback")));
  }
  if (!guide.checked) {
    notes.push(h("p", { class: "guide-note", "data-testid": "guide-unchecked",
      lang: guide.requested }, t("guide.unchecked")));
  }
  replaceChildren(page, h("h1", { "data-testid": "guide-title" }, guide.title), notes,
    guide.sections.map((section) => (section.diagram
      ? diagramFigure(game, section.diagram, views) : markdownPart(section.html))));
}

// The server renders the Markdown with raw HTML escaped: the HTML is its own, safe to insert.
function markdownPart(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  // The full rules open in the page's language (the original text where the game has one).
  for (const link of template.content.querySelectorAll('a[href^="/rules/"]')) {
    link.href = `${link.getAttribute("href")}?lang=${encodeURIComponent(language())}`;
    link.dataset.testid = "guide-rules";
  }
  return h("div", { class: "guide-text" }, template.content);
}

// A diagram is the spectator's view of its position, drawn by the game's board as in a replay;
// nothing on it can be picked.
function diagramFigure(game, diagram, views) {
  const boardArea = h("div", { class: "board-area guide-board" });
  const controlsArea = h("div", {}); // a spectator has no hand: it stays empty and unshown
  const view = game.createView({ boardArea, controlsArea, onAction: () => {} });
  views.push(view);
  const { observation } = diagram;
  view.update({ observation, seat: null, match: null, state_id: 0 }, {
    showHand: false, interactive: false, entries: [], bottomSeat: 0,
    seatLabels: Array.from({ length: observation.num_players }, (_, s) => game.seatColourName(s)),
  });
  // A diagram is one figure, not a part of the page to jump to: the view's landmarks (a seats
  // region) become groups, or several diagrams would repeat the same landmark.
  for (const landmark of boardArea.querySelectorAll("[role=region], section[aria-label]")) {
    landmark.setAttribute("role", "group");
  }
  return h("figure", { class: "guide-diagram", "data-testid": "guide-diagram" },
    boardArea, h("figcaption", {}, diagram.caption));
}
