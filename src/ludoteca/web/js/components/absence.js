// Absent players (docs/web-api.md "Absent players"): an "away" badge on a person's seat that has
// no page open, the vote "Replace with a bot" beside it for the other players who are here,
// and "Take my seat back" for the person whose seat a bot plays (after a time-out or a vote):
// not while the bot plays that seat's turn (the server refuses it then: a return must not
// restart a turn that ran out), and never once the bot keeps the seat to the end ("kept").

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
    const reason = reasonsOf(context).get(seat);
    label(badge, reason);
    if (!running || !(seat in context.tokens) || reason === "kept") return [" ", badge];
    if (summary.current_player === seat) {
      return [" ", badge, " ", h("span", { class: "hint", "data-testid": "bots-turn" },
        t("absence.botsTurn"))];
    }
    const token = context.tokens[seat];
    return [" ", badge, h("button", { class: "primary absence", "data-testid": "take-seat-back",
      onclick: (event) => send(event, context, () => api.takeBack(context.id, token),
        returnRefusal),
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

// Why a bot plays a seat, from the match's notices: seat -> "timeout", "replaced" (a vote) or
// "kept" (out of time too often: to the end of the match), per match page. A notice arrives just after the view that shows the bot, so the badge on
// screen is worded again when it comes.
const reasons = new WeakMap();
const REASONS = ["timeout", "replaced", "kept"];

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

/** Send a request from a button (disabled meanwhile); a refusal is shown as a toast, in the
 * words of `refusal` (default: errorText). */
async function send(event, context, request, refusal = errorText) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    await request(); // the socket brings the match as it is after it
  } catch (e) {
    context.toast(refusal(e));
    button.disabled = false;
  }
}

/** Return the words of a refused return: the server's reason (its turn came back to the bot
 * meanwhile, the bot keeps the seat, or the seat is yours already). */
function returnRefusal(e) {
  return e?.code === "cannot_return" && e.message ? e.message : errorText(e);
}
