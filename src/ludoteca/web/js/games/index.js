// The browser side of each game. A game module gives: seatColour(seat), seatColourName(seat),
// optionChoices {option: [values]}, describe(logEntry, ctx) -> words or null, and
// createView({boardArea, controlsArea, onAction}) -> {update(view, opts), destroy()}.

import elfenland from "./elfenland.js";
import generic from "./generic.js";
import keezen from "./keezen.js";

const games = { elfenland, keezen };

/** Return the browser module of `name`; games without one get a plain list of moves. */
export function gameModule(name) {
  return games[name] ?? generic;
}
