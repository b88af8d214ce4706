// Elfenland's HTML pieces around the map: counter tokens, travel cards, the table (round and
// phase, the face-up counters, every seat's counters), the legend and the payment dialog.
// Only public facts of the observation appear here, except what the caller passes as its own.

import { KIND_COLOURS } from "../boards/elfenland.js";
import { h } from "../dom.js";
import { plural, t } from "../i18n.js";
import { CARD_ORDER, sortCards } from "./elfenland-moves.js";
import { counterTitle } from "./elfenland-reasons.js";
import { cardsWords, counterWords, kindName } from "./elfenland-words.js";

const TERRAINS = ["plain", "forest", "desert", "mountain", "river", "lake"];

/** Return a counter token; `ref` is "D" or "D?" (secret), `props` extra attributes. */
export function counterToken(ref, props = {}, tag = "span") {
  const letter = ref[0];
  const [fill, ink] = KIND_COLOURS[letter] ?? ["#ddd", "#222"];
  const secret = ref.endsWith("?");
  return h(tag, {
    class: secret ? "elf-token secret" : "elf-token", title: counterWords(ref),
    // A span is named only as an image; a button keeps its own role.
    role: tag === "span" ? "img" : undefined,
    "aria-label": counterWords(ref), style: { background: fill, color: ink }, ...props,
  }, letter, secret ? h("span", { class: "secret-mark", "aria-hidden": "true" }, "?") : null);
}

/** Return a face-down counter of another seat (its type is not known). */
export function hiddenToken() {
  return h("span", { class: "elf-token hidden", title: t("elfenland.secretCounter"), role: "img",
    "aria-label": t("elfenland.secretCounter") }, "?");
}

/** Return a travel card as a button: the letter big, its name small. */
export function cardButton(letter, props = {}) {
  const [fill, ink] = KIND_COLOURS[letter];
  return h("button", {
    class: "card elf-card", "aria-label": t("elfenland.cardLabel", { kind: kindName(letter) }),
    style: `--kind: ${fill}; --ink: ${ink}`, ...props,
  // The letter repeats the name for the eye: the name alone is read, inside the label.
  }, h("span", { class: "letter", "aria-hidden": "true" }, letter),
  h("span", { class: "name" }, kindName(letter)));
}

/** Return the letters of a hand or holding in canonical order as a list ("DDR" -> D, D, R). */
export const letters = (text) => [...sortCards(text ?? "")];

/** Return the round, phase and start player line. */
export function roundLine(observation, seatName) {
  const phase = observation.terminal ? 0 : observation.phase;
  return h("div", {
    class: "elf-round", "data-testid": "round-info", "data-round": observation.round,
    "data-phase": phase,
  },
  h("strong", {}, t("elfenland.round", { round: observation.round, rounds: observation.rounds })),
  " · ", t(`elfenland.phase.${phase}`),
  observation.terminal ? null
    : [" · ", t("elfenland.startPlayer", { player: seatName(observation.start_player) })]);
}

/**
 * Return the face-up counters: buttons for `take i` when `canTake(slot)`, and the blind draw
 * when `canDraw`. `onPick(target)` gets "slot:i" or "draw"; `whyNot(playable)` says why a
 * counter cannot be taken (null: nothing to say), as its tooltip.
 */
export function displayRow(observation, { canTake, canDraw, onPick, busy, whyNot = () => null }) {
  const slots = observation.display.map((letter, index) => {
    const slot = index + 1;
    if (!letter) return h("span", { class: "elf-token empty" });
    const playable = canTake(slot);
    return counterToken(letter, {
      "data-testid": "display-counter", "data-slot": slot, "data-counter": letter,
      title: counterTitle(counterWords(letter), whyNot(playable)),
      "data-playable": String(playable), disabled: !playable || busy,
      onclick: () => onPick(`slot:${slot}`),
    }, "button");
  });
  const draw = canDraw ? h("button", {
    class: "elf-draw", "data-testid": "draw-counter", disabled: busy,
    onclick: () => onPick("draw"),
  }, t("elfenland.drawBlind")) : null;
  return h("div", { class: "elf-display-box" },
    h("h2", {}, t("elfenland.display")),
    h("div", { class: "elf-display", "data-testid": "display" }, slots, draw),
    h("div", { class: "muted small" }, t("elfenland.supply", { n: observation.supply_size })));
}

/** Return one line per seat: colour, name, open and secret counters, obstacle, cards, towns. */
export function seatTable(observation, { seatName, colours }) {
  return h("ul", { class: "elf-seats", "data-testid": "seat-counters-list" },
    observation.open_counters.map((open, seat) => h("li", {
      "data-testid": "seat-counters", "data-seat": seat,
      "data-current": String(observation.current_player === seat),
    },
    h("span", { class: "swatch", style: { background: colours[seat] } }),
    h("span", { class: "name" }, seatName(seat)),
    h("span", { class: "tokens" },
      letters(open).map((letter) => counterToken(letter)),
      Array.from({ length: observation.secret_counts[seat] }, () => hiddenToken()),
      observation.has_obstacle[seat] ? h("span", {
        class: "elf-obstacle-icon", "data-testid": "seat-obstacle", role: "img",
        title: t("elfenland.obstacleInHand"), "aria-label": t("elfenland.obstacleInHand"),
        style: { borderColor: colours[seat] },
      }) : null),
    h("span", { class: "facts" },
      plural("seat.cards", observation.hand_sizes[seat]), " · ",
      t("elfenland.seat.score", { n: observation.scores[seat] })))));
}

/**
 * Return the legend: terrains, water, the boot, the visited marks, the last move and the
 * routes. It is drawn again with every view, so `open` and `onToggle(open)` carry its open
 * state over.
 */
export function legend(colours, numPlayers, seatName, { open = false, onToggle = () => {} } = {}) {
  return h("details", { class: "elf-legend", "data-testid": "legend", open,
    ontoggle: (event) => onToggle(event.target.open) },
    h("summary", {}, t("elfenland.legend")),
    h("ul", {},
      TERRAINS.map((kind) => h("li", {},
        h("span", { class: `legend-line ${kind}` }), t(`elfenland.terrain.${kind}`))),
      h("li", {}, h("span", { class: "legend-arrow" }, "➤"), t("elfenland.legend.downstream")),
      h("li", {}, h("span", { class: "legend-capital" }), t("elfenland.legend.capital")),
      Array.from({ length: numPlayers }, (_, seat) => h("li", {},
        h("span", { class: "legend-dot", style: { background: colours[seat] } }),
        t("elfenland.legend.visited", { player: seatName(seat) }))),
      h("li", {}, h("span", { class: "legend-last" }), t("elfenland.legend.lastMove")),
      Array.from({ length: numPlayers }, (_, seat) => h("li", {},
        h("span", { class: "legend-route", style: { background: colours[seat] } }),
        t("elfenland.legend.route", { player: seatName(seat) }))),
      h("li", {}, h("span", { class: "elf-obstacle-icon" }), t("elfenland.obstacle")),
      h("li", { class: "muted" }, CARD_ORDER.split("").map((letter) => `${letter} ${kindName(letter)}`)
        .join(" · "))));
}

/**
 * Return the transport-cost chart of the board data, `chart[letter][terrain]` the cards of the
 * counter's own type per road (null: the counter may not lie there), and the Raft cards `raft`
 * pays on water, as a table in a toggle; `open` and `onToggle(open)` as for the legend.
 */
export function costChart(chart, raft, { open = false, onToggle = () => {} } = {}) {
  const rows = Object.entries(chart);
  const terrains = [...new Set(rows.flatMap(([, costs]) => Object.keys(costs)))];
  const cost = (value) => (value === null || value === undefined ? "—" : String(value));
  return h("details", { class: "elf-chart", "data-testid": "cost-chart", open,
    ontoggle: (event) => onToggle(event.target.open) },
  h("summary", {}, t("elfenland.chart")),
  h("p", { class: "muted small" }, t("elfenland.chart.caption")),
  h("div", { class: "elf-chart-scroll" }, h("table", { "aria-label": t("elfenland.chart") },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("elfenland.chart.counter")),
      terrains.map((terrain) => h("th", { scope: "col" },
        h("span", { class: `legend-line ${terrain}` }), t(`elfenland.terrain.${terrain}`))))),
    h("tbody", {}, rows.map(([letter, costs]) => h("tr", {},
      h("th", { scope: "row" }, counterToken(letter, { class: "elf-token small" }), " ",
        kindName(letter)),
      terrains.map((terrain) => h("td", {
        "data-testid": "cost-cell", "data-counter": letter, "data-terrain": terrain,
        class: costs[terrain] === null ? "forbidden" : null,
      }, cost(costs[terrain])))))))),
  h("p", { class: "muted small", "data-testid": "raft-costs" }, t("elfenland.chart.water", {
    down: raft.river_downstream, up: raft.river_upstream, lake: raft.lake,
  })));
}

/**
 * Return the payment dialog for a step along `edgeText` (words) with the payments offered;
 * `onPay(cards)` and `onCancel()` answer it.
 */
export function paymentDialog(title, payments, { onPay, onCancel }) {
  const box = h("div", {
    class: "elf-dialog", role: "dialog", "aria-modal": "true", "data-testid": "payment-dialog",
    "aria-label": title,
    onkeydown: (event) => { if (event.key === "Escape") onCancel(); },
  },
  h("div", { class: "box" },
    h("div", { class: "title" }, title),
    h("div", { class: "payments" }, payments.map((cards) => h("button", {
      class: "payment", "data-testid": "payment-option", "data-cards": cards,
      "aria-label": cardsWords(cards), onclick: () => onPay(cards),
    }, letters(cards).map((letter) => counterToken(letter, { class: "elf-token small" }))))),
    h("button", { "data-testid": "payment-cancel", onclick: onCancel }, t("elfenland.cancel"))));
  return box;
}
