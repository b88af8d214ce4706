// "Confirm each move": a player's setting, remembered in this browser. When it is on, a chosen
// action is first shown in words ("Play …?") with Confirm and Cancel, and sent only once
// confirmed; Escape cancels. While the question is open the move panel's hint says that nothing
// is sent yet (the game has already written "Sending…" there when the choice was made).

import { h } from "../dom.js";
import { t } from "../i18n.js";

const CONFIRM_KEY = "ludoteca.confirmMoves";

/** Return whether moves are to be confirmed (off unless turned on). */
export const confirmWanted = () => localStorage.getItem(CONFIRM_KEY) === "on";

/**
 * Return the confirm-move setting of a match page: `element` (its checkbox, null for
 * spectators), `slot` (where the question appears, above the controls), `ask(words)`, a promise
 * of true when the move is to be sent, and `update(view)`, to call with every view shown (a new
 * state cancels an unanswered question). `ctx` is the page's matchContext.
 */
export function confirmMoves(ctx) {
  let pending = null; // the open question: {dialog, resolve}
  let stateId = null;
  const slot = h("div", { class: "confirm-slot" });
  const box = h("input", {
    type: "checkbox", "data-testid": "confirm-moves", checked: confirmWanted(),
    onchange: () => localStorage.setItem(CONFIRM_KEY, box.checked ? "on" : "off"),
  });
  const element = ctx.seats.length
    ? h("div", { class: "confirm-setting" }, h("label", { class: "check" }, box, " ",
      t("confirm.setting")))
    : null;

  function close(answer) {
    if (!pending) return;
    const { dialog, resolve, restoreHints } = pending;
    pending = null;
    dialog.remove();
    restoreHints();
    resolve(answer);
  }

  // Say in the move panel's hints (below the slot) that nothing is sent until confirmed, and
  // keep saying it while the question is open; return a function putting the game's words back.
  function holdHints() {
    const hints = [...(slot.nextElementSibling?.querySelectorAll("[data-testid=move-hint]")
      ?? [])];
    const before = hints.map((hint) => hint.textContent);
    const waiting = t("confirm.waiting");
    const say = () => hints.forEach((hint) => {
      if (hint.textContent !== waiting) hint.textContent = waiting;
    });
    say();
    const watch = new MutationObserver(say);
    hints.forEach((hint) => watch.observe(hint, { childList: true, characterData: true,
      subtree: true }));
    return () => {
      watch.disconnect();
      hints.forEach((hint, i) => { hint.textContent = before[i]; });
    };
  }

  function ask(words) {
    if (!confirmWanted()) return Promise.resolve(true);
    close(false); // a second choice replaces an unanswered one
    return new Promise((resolve) => {
      const yes = h("button", { type: "button", class: "primary", "data-testid": "confirm-yes",
        onclick: () => close(true) }, t("confirm.yes"));
      const no = h("button", { type: "button", "data-testid": "confirm-no",
        onclick: () => close(false) }, t("confirm.no"));
      const dialog = h("div", {
        class: "panel confirm-move", role: "alertdialog", "data-testid": "confirm-move",
        "aria-labelledby": "confirm-move-question",
        onkeydown: (event) => { if (event.key === "Escape") close(false); },
      }, h("p", { id: "confirm-move-question" }, t("confirm.question", { move: words })),
      h("div", { class: "actions" }, yes, no));
      pending = { dialog, resolve, restoreHints: holdHints() };
      slot.append(dialog);
      yes.focus();
    });
  }

  return {
    element,
    slot,
    ask,
    update(view) {
      if (view.state_id !== stateId) close(false);
      stateId = view.state_id;
    },
  };
}
