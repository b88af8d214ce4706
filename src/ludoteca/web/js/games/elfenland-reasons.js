// Why an Elfenland card or counter on the page cannot be used now, in the page's language. The
// page disables what the seat's legal actions do not offer; this says why, from the phase, the
// turn and, for a counter in phase 4, the legal actions themselves (none places it: rule E17).

import { t } from "../i18n.js";

/**
 * Return why a `kind` of thing ("display": a face-up counter, "counter": one of the seat's own
 * counters, "card": a card of the hand) cannot be used now, or null when it can be or there is
 * nothing to say (a spectator, a finished game, a move being sent). `usable`: the picker offers
 * it; `active`: the seat may choose now (its turn, nothing being sent).
 */
export function whyNotUsable(observation, kind, { usable, active }) {
  if (usable || observation.terminal || observation.seat == null) return null;
  if (observation.current_player !== observation.seat) return t("elfenland.why.notYourTurn");
  if (!active) return null;
  const { phase } = observation;
  if (kind === "display") return phase === 3 ? null : t("elfenland.why.displayPhase");
  if (kind === "card") {
    return t(phase === 6 ? "elfenland.why.cardsKept" : "elfenland.why.cardsPay");
  }
  if (phase === 4) return t("elfenland.why.noFreeRoad");
  if (phase === 6) return t("elfenland.why.keepCardsFirst");
  return t(phase === 3 ? "elfenland.why.counterLater" : "elfenland.why.counterPlaced");
}

/** Return a counter's tooltip: its name, and why it cannot be used when there is a reason. */
export function counterTitle(name, reason) {
  return reason ? t("elfenland.why.titled", { name, reason }) : name;
}
