// The game log in words, newest first. Entries the game module cannot phrase show their text.

import { h } from "../dom.js";
import { t } from "../i18n.js";

/**
 * Return the log for `observation`; `ctx` = {seatName(seat), viewerSeat}. A game's `describe`
 * gets `ctx.log` too, the whole log, to name what an entry refers to earlier in the game. The
 * list scrolls, so it takes the keyboard focus (arrow keys scroll it) and is named as the log
 * it is.
 */
export function logList(observation, game, ctx) {
  const items = observation.log.map((entry, index) => h("li", {
    "data-testid": "log-entry", "data-kind": entry.kind, "data-index": index,
    // The notation stays in data-text for tests and tools, never in a tooltip: players read
    // words (the replay export and the API carry the notation).
    "data-text": entry.text,
  }, game.describe(entry, { ...ctx, log: observation.log }) ?? entry.text));
  return h("div", { role: "log", "aria-label": t("match.log"), "data-testid": "log-region" },
    h("ol", { class: "log", "data-testid": "log", reversed: true, tabindex: 0,
      "aria-label": t("match.log") }, items.reverse()));
}
