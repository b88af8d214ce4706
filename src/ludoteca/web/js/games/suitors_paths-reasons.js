// Why a Suitors' Paths card or control on the page cannot be used now, in the page's language.
// The page disables what the seat's legal actions do not offer; this says why, from the turn,
// the step of the turn (rules P57–P62 for taking cards) and the cards chosen so far.

import { plural, t } from "../i18n.js";

/**
 * Return why a `kind` of thing cannot be used now, or null when it can be or there is nothing
 * to say (a spectator, a finished game, a move being sent). Kinds: "hand" (a card of the hand),
 * "display" (a face-up card), "deck", "confirm" (the button that pays or discards the chosen
 * cards). `usable`: the page offers it; `active`: the seat may choose now; `needed` and
 * `chosen`: how many cards the step asks to pay or discard, and how many are chosen.
 */
export function whyNotUsable(observation, kind, { usable, active, needed = 0, chosen = 0 }) {
  if (usable || observation.terminal || observation.seat == null) return null;
  if (observation.current_player !== observation.seat) return t("suitors_paths.why.notYourTurn");
  if (!active) return null;
  const { step } = observation;
  if (kind === "confirm") return plural("suitors_paths.why.chooseExactly", needed, { chosen });
  if (kind === "hand") {
    if (needed) return plural("suitors_paths.why.enoughChosen", needed);
    return t(`suitors_paths.why.hand.${step === "pay" || step === "discard" ? "auction" : step}`);
  }
  if (step === "cards") return kind === "deck" ? t("suitors_paths.why.deckEmpty") : null;
  return t(step === "auction" || step === "pay" ? "suitors_paths.why.takeAfterAuctions"
    : "suitors_paths.why.takeLater");
}
