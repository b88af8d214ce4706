// The game log in words, newest first. Entries the game module cannot phrase show their text.

import { h } from "../dom.js";

/** Return the log list for `observation`; `ctx` = {seatName(seat), viewerSeat}. */
export function logList(observation, game, ctx) {
  const items = observation.log.map((entry, index) => h("li", {
    "data-testid": "log-entry", "data-kind": entry.kind, "data-index": index,
    "data-text": entry.text, title: entry.text, // the notation, for those who read it
  }, game.describe(entry, ctx) ?? entry.text));
  return h("ol", { class: "log", "data-testid": "log", reversed: true }, items.reverse());
}
