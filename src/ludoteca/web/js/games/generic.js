// Fallback for games without their own board: the observation as text and the legal actions as
// buttons. It keeps every game playable in the browser before its renderer exists.

import { h, replaceChildren } from "../dom.js";
import { t } from "../i18n.js";

const PALETTE = ["#d7263d", "#1b6fd1", "#f2b705", "#23995a", "#8e44ad", "#f07b13"];

function createView({ boardArea, controlsArea, onAction }) {
  const state = h("pre", { class: "panel generic-state", "data-testid": "board" });
  const actions = h("div", { class: "candidates", "data-testid": "candidates" });
  const controls = h("section", { class: "panel", "data-testid": "controls" },
    h("h2", {}, t("generic.moves")), actions);
  boardArea.append(state);
  return {
    update(view, { showHand, interactive }) {
      const { log, legal_actions: legal, ...rest } = view.observation;
      state.textContent = JSON.stringify(rest, null, 1);
      if (showHand) controlsArea.append(controls);
      else controls.remove();
      replaceChildren(actions, interactive ? legal.map((text) => h("button", {
        "data-testid": "candidate-action", "data-action": text, onclick: () => onAction(text),
      }, text)) : []);
    },
    destroy() {
      state.remove();
      controls.remove();
    },
  };
}

export default {
  name: "generic",
  seatColour: (seat) => PALETTE[seat % PALETTE.length],
  seatColourName: (seat) => t("seat.number", { n: seat + 1 }),
  describe: () => null,
  createView,
};
