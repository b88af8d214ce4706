// The game log in words, newest first. Entries the game module cannot phrase show their text.

import { h } from "../dom.js";
import { t } from "../i18n.js";

/**
 * Return the log for `observation`; `ctx` = {seatName(seat), viewerSeat}. The list scrolls, so
 * it takes the keyboard focus (arrow keys scroll it) and is named as the log it is.
 */
export function logList(observation, game, ctx) {
  const items = observation.log.map((entry, index) => h("li", {
    "data-testid": "log-entry", "data-kind": entry.kind, "data-index": index,
    "data-text": entry.text, title: entry.text, // the notation, for those who read it
  }, game.describe(entry, ctx) ?? entry.text));
  return h("div", { role: "log", "aria-label": t("match.log"), "data-testid": "log-region" },
    h("ol", { class: "log", "data-testid": "log", reversed: true, tabindex: 0,
      "aria-label": t("match.log") }, items.reverse()));
}
