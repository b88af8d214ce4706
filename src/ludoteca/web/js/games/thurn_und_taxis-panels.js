// HTML pieces of the Thurn und Taxis table: cards in their region's colour, the round line, the
// players table (houses left, carriage, bonus, cards, route, score), the bonus stacks and the
// carriages. Each takes the observation and the board data and returns an element.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { placeName, pointsSoFar, SEAT_COLOURS, stackName } from "./thurn_und_taxis-words.js";

const COLUMNS = ["player", "houses", "carriage", "tiles", "cards", "route", "score"];
const NARROW_HIDDEN = new Set(["cards", "route"]); // left out on a phone (css)

/** Return the region code of a city (null before the board data has loaded). */
export const regionOf = (data, city) => data?.cities.find((c) => c.id === city)?.region ?? null;

/** Return the colour of a city's region on the board ("#ccc" before the data has loaded). */
export const cityColour = (data, city) =>
  data?.regions.find((r) => r.id === regionOf(data, city))?.color ?? "#ccc";

/** Return a city card as a button (`tag` "span" for one that is only shown). */
export function cityCard(data, city, props, tag = "button") {
  return h(tag, { class: "tnt-card", style: { "--region": cityColour(data, city) }, ...props },
    h("span", { class: "tnt-card-name" }, placeName(city)));
}

/** Return "6-carriage: 7 points", or "–" for no carriage. */
export function carriageText(data, length) {
  if (!length) return "–";
  const points = data?.carriages.find((c) => c.length === length)?.points;
  return t("thurn_und_taxis.carriageValue", { n: length, points: points ?? "?" });
}

/** Return the line naming the round, the player to move and `status`: what can be done now. */
export function roundLine(observation, seatName, status) {
  const seat = observation.current_player;
  return h("p", { class: "tnt-turn", "data-testid": "round-info",
    "data-round": observation.round, "data-point": observation.point },
  t("thurn_und_taxis.round", { round: observation.round }),
  seat === null || seat === undefined ? ""
    : ` · ${t("thurn_und_taxis.turnOf", { player: seatName(seat) })}`,
  ` · ${status}`);
}

/**
 * Return the players table: every seat's houses left, carriage, bonus, cards, route, and the
 * points earned so far (the score once the game is over: the houses left count only then).
 */
export function seatTable(observation, { data, seatName }) {
  const over = observation.terminal;
  const bonus = (seat) => observation.tiles[seat].reduce((sum, tile) => sum + tile.value, 0);
  const cells = (seat) => ({
    houses: observation.houses_left[seat],
    carriage: carriageText(data, observation.carriages[seat]),
    tiles: bonus(seat),
    cards: observation.hand_sizes[seat],
    route: observation.routes[seat].map(placeName).join(" – ") || "–",
    score: over ? observation.scores[seat] : pointsSoFar(observation, seat),
  });
  const testids = { houses: "houses-left", carriage: "carriage", tiles: "tiles", score: "score" };
  const narrow = (column) => (NARROW_HIDDEN.has(column) ? "tnt-narrow-hidden" : null);
  // The frame scrolls sideways on a phone, so it takes the focus (arrow keys scroll it).
  return h("div", { class: "tnt-seats-frame", tabindex: 0, role: "group",
    "aria-label": t("thurn_und_taxis.players") }, h("table", { class: "tnt-seats",
    "data-testid": "seat-table" },
  h("caption", {}, t("thurn_und_taxis.players")),
  h("thead", {}, h("tr", {}, COLUMNS.map((column) => h("th", { scope: "col",
    class: narrow(column) },
  t(`thurn_und_taxis.col.${column === "score" && !over ? "points" : column}`))))),
  h("tbody", {}, observation.routes.map((_, seat) => h("tr", {
    "data-testid": "seat-row", "data-seat": seat,
    class: seat === observation.current_player ? "current" : null,
  },
  h("th", { scope: "row" }, h("span", { class: "who" },
    h("span", { class: "swatch", style: { background: SEAT_COLOURS[seat] } }),
    seatName(seat),
    observation.end_holder === seat ? ` ${t("thurn_und_taxis.endTile")}` : "")),
  Object.entries(cells(seat)).map(([column, value]) => h("td", {
    "data-testid": testids[column], class: narrow(column),
  }, value)))))),
  over ? null : h("p", { class: "muted tnt-points-note", "data-testid": "points-note" },
    t("thurn_und_taxis.pointsNote")));
}

/** Return the bonus stacks with their values, top first; `open`/`onToggle` keep it folded. */
export function stacksPanel(observation, { open, onToggle }) {
  return h("details", { class: "tnt-stacks", "data-testid": "stacks", open,
    ontoggle: (event) => onToggle(event.target.open) },
  h("summary", {}, t("thurn_und_taxis.bonusTiles")),
  h("ul", {}, Object.entries(observation.stacks).map(([id, values]) => h("li", {
    "data-testid": "stack", "data-stack": id, "data-values": values.join(","),
  }, h("span", {}, stackName(id)), h("span", { class: "tnt-values" },
    values.length ? values.map((value, index) => h(index ? "span" : "strong", {}, value))
      : t("thurn_und_taxis.stackEmpty"))))));
}

/** Return the carriages with their points, each marked with the seats holding it. */
export function carriagesPanel(observation, { data, seatName, open, onToggle }) {
  return h("details", { class: "tnt-carriages", "data-testid": "carriages", open,
    ontoggle: (event) => onToggle(event.target.open) },
  h("summary", {}, t("thurn_und_taxis.carriages")),
  h("ul", {}, (data?.carriages ?? []).map((carriage) => h("li", {
    "data-length": carriage.length,
  }, t("thurn_und_taxis.carriageValue", { n: carriage.length, points: carriage.points }),
  h("span", {}, observation.carriages.map((length, seat) => (length === carriage.length
    ? h("span", { class: "swatch", title: seatName(seat), role: "img", "aria-label": seatName(seat),
      style: { background: SEAT_COLOURS[seat] } }) : null)))))));
}
