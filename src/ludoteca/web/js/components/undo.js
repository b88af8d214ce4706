// The Undo button of the match controls: shown while the seat on screen may take back its last
// action (view.can_undo: its own turn goes on and the action showed nothing hidden; the server
// decides and refuses anything else). An undo makes the match go back one state, so the page
// takes a view with a lower state_id when it is newer (`isRewound`).

import { api, ApiError } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { errorText } from "./errors.js";

/** Return true if `incoming`, of a lower state than `shown`, is newer: the match was rewound. */
export function isRewound(shown, incoming) {
  return incoming.state_id < shown.state_id
    && Date.parse(incoming.match.updated_at) > Date.parse(shown.match.updated_at);
}

/**
 * Return the Undo control: `element` and `update(view)`, to call with every view shown. `ctx` is
 * the page's matchContext; its `receive(view)` shows the view the server answers.
 */
export function undoControl(ctx) {
  let busy = false;
  const button = h("button", {
    type: "button", "data-testid": "undo", title: t("undo.help"), onclick: () => undo(),
  }, t("undo.button"));
  const element = h("div", { class: "undo-bar", hidden: true }, button);

  async function undo() {
    const view = ctx.currentView();
    if (busy || !view?.can_undo) return;
    busy = true;
    button.disabled = true;
    try {
      await ctx.receive(await api.undo(ctx.id, ctx.tokens[view.seat], view.state_id));
    } catch (e) {
      if (e instanceof ApiError && e.code === "stale_state") await ctx.refresh(view.seat);
      else ctx.toast(errorText(e));
    } finally {
      busy = false;
      button.disabled = false;
    }
  }

  return {
    element,
    update(view) {
      element.hidden = !(view.can_undo && view.seat in ctx.tokens);
    },
  };
}
