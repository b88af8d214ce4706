// Absent players (docs/web-api.md "Absent players"): an "away" badge on a person's seat that has
// no page open, the vote "Replace with a bot" beside it for the other players who are here,
// and "Take my seat back" for the person whose seat a bot plays (after a time-out or a vote).

import { api } from "../api.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { errorText } from "./errors.js";

/** Return the badges and buttons of seat `info` for this page (`context`: the matchContext). */
export function absenceControls(summary, info, context) {
  const seat = info.seat;
  const running = summary.status === "running";
  if (info.replaced) {
    const badge = h("span", { class: "badge away", "data-testid": "seat-replaced",
      "data-seat": seat });
    label(badge, reasonsOf(context).get(seat));
    if (!running || !(seat in context.tokens)) return [" ", badge];
    const token = context.tokens[seat];
    return [" ", badge, h("button", { class: "primary absence", "data-testid": "take-seat-back",
      onclick: (event) => send(event, context, () => api.takeBack(context.id, token)),
    }, t("absence.takeBack"))];
  }
  // A hot-seat page listens as a spectator: its players are never "here", and never vote.
  if (info.type !== "human" || !info.claimed || info.present || !running || summary.hotseat) {
    return [];
  }
  const badge = h("span", { class: "badge away", "data-testid": "seat-away" }, t("absence.away"));
  const voter = context.mode === "player" ? context.seats[0] : null;
  if (voter === null || voter === seat) return [" ", badge];
  // Every other player who is here must vote; the votes of those who left still count.
  const needed = summary.seats.filter((s) => s.seat !== seat && s.type === "human" && s.claimed
    && s.present).length;
  const counts = { votes: info.votes.length, needed: Math.max(needed, info.votes.length) };
  const voted = info.votes.includes(voter);
  return [" ", badge, h("button", {
    class: "absence", "data-testid": "vote-replace", "data-seat": seat, disabled: voted,
    title: t("absence.voteHelp"),
    onclick: (event) => send(event, context,
      () => api.vote(context.id, context.tokens[voter], seat)),
  }, t(voted ? "absence.voted" : "absence.vote", counts))];
}

// Why a bot plays a seat, from the match's notices: seat -> "timeout" or "replaced" (a vote),
// per match page. A notice arrives just after the view that shows the bot, so the badge on
// screen is worded again when it comes.
const reasons = new WeakMap();
const REASONS = ["timeout", "replaced"];

function reasonsOf(context) {
  let bySeat = reasons.get(context);
  if (!bySeat) {
    bySeat = new Map();
    reasons.set(context, bySeat);
    context.onMessage((message) => {
      const seat = message.params?.seat;
      if (!REASONS.includes(message.kind) || typeof seat !== "number") return;
      bySeat.set(seat, message.kind);
      for (const badge of document.querySelectorAll(
        `[data-testid=seat-replaced][data-seat="${seat}"]`)) label(badge, message.kind);
    });
  }
  return bySeat;
}

/** Word a replaced seat's badge by why a bot plays it (unknown: the general wording). */
function label(badge, reason) {
  badge.dataset.reason = reason ?? "";
  badge.textContent = t(reason ? `absence.replaced.${reason}` : "absence.replaced");
}

/** Send a request from a button (disabled meanwhile); a refusal is shown as a toast. */
async function send(event, context, request) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    await request(); // the socket brings the match as it is after it
  } catch (e) {
    context.toast(errorText(e));
    button.disabled = false;
  }
}
