// The server's notices in the match log: an undo, a time-out, a seat given to a bot, a vote, a
// player back (docs/web-api.md "Messages"). The server sends each as kind + params; they are
// worded here in the page's language. Chat lines (kind "chat") belong to the chat panel.
// Another kind of notice needs one entry in NOTICE_KEYS and its key in every catalogue; until
// then its English `text` is shown.

import { h, replaceChildren } from "../dom.js";
import { has, t } from "../i18n.js";

/** Catalogue key of each notice kind; its placeholders come from `noticeParams`. */
export const NOTICE_KEYS = {
  undo: "notice.undo", // params {seat, action}
  timeout: "notice.timeout", // params {seat, name}
  replaced: "notice.replaced", // params {seat, name}
  returned: "notice.returned", // params {seat, name}
  vote: "notice.vote", // params {seat, name, by, by_name}
  kept: "notice.kept", // params {seat, name, timeouts}: a bot plays the seat to the end
};

/** Return the placeholders of a notice: player (the seat it is about), by, action. */
function noticeParams(message, seatName) {
  const params = message.params ?? {};
  const seat = params.seat ?? message.seat;
  return {
    player: params.name ?? message.name ?? seatName(seat),
    by: params.by_name ?? (params.by === undefined ? "" : seatName(params.by)),
    action: params.action ?? "",
  };
}

/** Return the words of a notice in the page's language (its English text for unknown kinds). */
export function noticeText(message, seatName) {
  const key = NOTICE_KEYS[message.kind];
  if (!key || !has(key)) return message.text;
  return t(key, noticeParams(message, seatName));
}

/**
 * Return the notices of a match page: `element`, a list (newest first, like the log) to put in
 * the log panel, kept up to date from `ctx.onMessage`. `ctx` is the page's matchContext.
 */
export function noticeList(ctx) {
  const notices = [];
  const element = h("ol", { class: "notices", "data-testid": "notices", reversed: true,
    hidden: true, "aria-label": t("match.log") });

  function draw() {
    element.hidden = !notices.length;
    replaceChildren(element, notices.slice().reverse().map((message) => h("li", {
      class: "notice", "data-testid": "notice", "data-kind": message.kind,
      "data-step": message.step, title: t("notice.after", { step: message.step }),
    }, noticeText(message, ctx.seatName))));
  }

  ctx.onMessage((message) => {
    if (message.kind === "chat") return;
    notices.push(message);
    draw();
  });
  return { element, redraw: draw };
}
