// The end of a match: who won, and what to do next.

import { h } from "../dom.js";
import { listText, t } from "../i18n.js";

/** Return the result banner, or null while the match is running. */
export function resultBanner(summary, observation, { seatName, viewerSeats, actions = [] }) {
  const finished = summary.status === "finished" || observation?.terminal;
  if (!finished) return null;
  // The server's result once stored; in a replay's last step the observation says it.
  const winners = summary.result
    ? summary.result.returns.flatMap((value, seat) => (value > 0 ? [seat] : []))
    : observation?.winners ?? [];
  const headline = winners.length
    ? t(winners.length > 1 ? "result.winTeam" : "result.win",
      { players: listText(winners.map(seatName)) })
    : t("result.draw");
  // "You won" only makes sense when all seats on this screen are on one side.
  const won = viewerSeats.filter((seat) => winners.includes(seat)).length;
  let personal = null;
  if (viewerSeats.length && winners.length) {
    if (won === viewerSeats.length) personal = t("result.youWon");
    else if (won === 0) personal = t("result.youLost");
  }
  return h("div", { class: "result", "data-testid": "result", "data-winners": winners.join(",") },
    h("strong", {}, headline),
    personal ? h("span", {}, personal) : null,
    actions.length ? h("div", { class: "buttons" }, actions) : null);
}
