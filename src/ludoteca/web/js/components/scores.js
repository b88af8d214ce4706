// The final score table of a finished match: every seat with its score (a game may name its own
// columns, e.g. Elfenland's tie-break), its rank and its outcome, why the game ended, and how
// each score adds up (breakdown.js).

import { h } from "../dom.js";
import { has, t } from "../i18n.js";
import { scoreBreakdown } from "./breakdown.js";

/**
 * Return each seat's rank from the game's result: the winners (returns above 0) first, then the
 * others by score, higher first; equal seats share a rank and the next one skips (1, 2, 2, 4).
 * A draw (no winners) ranks nobody above anybody: every seat shares first place. A game that
 * ranks its seats itself (Elfenland's and Thurn und Taxis's tie-breaks) gives `ranks`.
 */
export function ranksOf(observation) {
  if (observation.ranks?.length) return observation.ranks;
  const winners = observation.winners ?? [];
  const scores = observation.scores;
  if (!winners.length) return scores.map(() => 1);
  // Higher is better: a winner's key beats every loser's, then the score decides.
  const key = (seat) => [winners.includes(seat) ? 1 : 0, scores[seat]];
  const better = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  return scores.map((_, seat) =>
    1 + scores.filter((__, other) => better(key(other), key(seat))).length);
}

/** Return "won", "lost" or "draw" for a seat of a finished game. */
function outcomeOf(winners, seat) {
  if (!winners.length) return "draw";
  return winners.includes(seat) ? "won" : "lost";
}

/** Return why the game ended in words, or null when the game does not say. */
export function endReasonText(game, observation) {
  const key = `${game.name}.end.${observation.end_reason}`;
  if (!observation.end_reason) return null;
  return has(key) ? t(key, { rounds: observation.rounds }) : observation.end_reason;
}

/**
 * Return the score table of a finished game (null while it runs). `game` is a loaded game
 * (games/index.js); its optional `scoreColumns(observation)` gives the columns as
 * [{testid, label, values (per seat), note?}], by default one column of the observation's scores.
 */
export function scoreTable(observation, game, { seatName, viewerSeats = [] }) {
  if (!observation?.terminal || !observation.scores) return null;
  const columns = game.scoreColumns?.(observation)
    ?? [{ testid: "score", label: t("scores.score"), values: observation.scores }];
  const ranks = ranksOf(observation);
  const winners = observation.winners ?? [];
  const order = observation.scores.map((_, seat) => seat)
    .sort((a, b) => ranks[a] - ranks[b] || a - b);
  const reason = endReasonText(game, observation);
  return h("section", { class: "panel final-scores", "data-testid": "score-table" },
    h("h2", {}, t("scores.title")),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("scores.player")),
        columns.map((column) => h("th", { scope: "col" }, column.label)),
        h("th", { scope: "col" }, t("scores.rank")),
        h("th", { scope: "col" }, t("scores.result")))),
      h("tbody", {}, order.map((seat) => {
        const outcome = outcomeOf(winners, seat);
        return h("tr", {
          "data-testid": "score-row", "data-seat": seat, "data-rank": ranks[seat],
          "data-outcome": outcome, class: viewerSeats.includes(seat) ? "you" : null,
        },
        // The swatch and the name side by side: a long name wraps beside its swatch.
        h("th", { scope: "row" }, h("span", { class: "who" },
          h("span", { class: "swatch", style: { background: game.seatColour(seat) } }),
          h("span", {}, seatName(seat), viewerSeats.includes(seat) ? ` ${t("seat.you")}` : ""))),
        columns.map((column) => h("td", { "data-testid": column.testid }, column.values[seat])),
        h("td", { "data-testid": "rank" }, ranks[seat]),
        h("td", { "data-testid": "outcome" }, t(`scores.${outcome}`)));
      }))),
    columns.filter((column) => column.note).map((column) =>
      h("p", { class: "muted" }, column.note)),
    reason ? h("p", { class: "end-reason", "data-testid": "end-reason" }, reason) : null,
    scoreBreakdown(observation, game, { seatName, order, ranks }));
}
