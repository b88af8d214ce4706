// Thurn und Taxis in the browser (first version): the display, your hand, every route and the
// legal actions as buttons. The match and replay pages call this through games/index.js.

import { h, replaceChildren } from "../dom.js";
import { t } from "../i18n.js";

/** House colours of the box, in seat order. */
export const SEAT_COLOURS = ["#d7263d", "#1b6fd1", "#f2b705", "#23995a"];
const SEAT_COLOUR_NAMES = ["red", "blue", "yellow", "green"];

const colourName = (seat) => t(`colour.${SEAT_COLOUR_NAMES[seat]}`);

function createView({ boardArea, controlsArea, onAction }) {
  const table = h("section", { class: "panel", "data-testid": "board" });
  const actions = h("div", { class: "candidates", "data-testid": "candidates" });
  const controls = h("section", { class: "panel", "data-testid": "controls" },
    h("h2", {}, t("generic.moves")), actions);
  boardArea.append(table);
  return {
    update(view, { showHand, interactive }) {
      const observation = view.observation;
      replaceChildren(table,
        h("p", {}, observation.display.map((city) => city ?? "_").join(" ")),
        observation.routes.map((route, seat) => h("p", { "data-seat": seat },
          `${colourName(seat)}: ${route.join("-") || "()"}`)),
        showHand ? h("p", { "data-testid": "hand" }, (observation.hand ?? []).join(" ")) : null);
      if (showHand) controlsArea.append(controls);
      else controls.remove();
      replaceChildren(actions, interactive ? observation.legal_actions.map((text) => h("button", {
        "data-testid": "candidate-action", "data-action": text, onclick: () => onAction(text),
      }, text)) : []);
    },
    destroy() {
      table.remove();
      controls.remove();
    },
  };
}

export default {
  name: "thurn_und_taxis",
  seatColour: (seat) => SEAT_COLOURS[seat],
  seatColourName: colourName,
  describe: () => null,
  createView,
};
