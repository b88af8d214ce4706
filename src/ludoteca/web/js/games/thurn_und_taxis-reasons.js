// Why a Thurn und Taxis card or control on the page cannot be used now, in the page's language.
// The page disables what the seat's legal actions do not offer; this says why, from the point of
// the turn (§4.10), the official used, the forced Postmaster (T20) and the legal actions.

import { t } from "../i18n.js";
import { TAKING } from "./thurn_und_taxis-help.js";
import { officialName, placeName } from "./thurn_und_taxis-words.js";

const PLAYED = new Set(["after_play", "after_second_play", "after_cartwright"]);

// A face-up card or the deck: the draw is over, or goes on only through the Postmaster. The deck
// is shown while it holds cards, so a deck closed while cards are taken is the option that is
// off (blind_draw, T17).
function displayReason(observation, { deck, choices }) {
  if (TAKING.has(observation.point)) return deck ? t("thurn_und_taxis.why.blindDrawOff") : null;
  if (choices.official("PM")) return t("thurn_und_taxis.why.takeWithPostmaster");
  return t("thurn_und_taxis.why.drawDone");
}

// An official: one per turn (T10), only the Postmaster in a forced turn (T20), else its moment
// (T11) or, at its moment, what it would lack.
function officialReason(observation, code) {
  const used = observation.official_used;
  if (used === code) return t("thurn_und_taxis.why.officialUsed");
  if (used) return t("thurn_und_taxis.why.oneOfficial", { official: officialName(used) });
  if (observation.forced_postmaster && code !== "PM") return t("thurn_und_taxis.why.forced");
  const point = observation.point;
  if ((code === "AD" && point === "draw") || (code === "PM" && point === "after_take")) {
    return t("thurn_und_taxis.why.nothingToTake");
  }
  if (code === "PC" && point === "after_play") return t("thurn_und_taxis.why.carrierNoCard");
  return t(`thurn_und_taxis.why.moment.${code}`);
}

// A card of the hand: before the draw is over, after the play, or one that extends nothing.
function cardReason(observation, { city, choices }) {
  const point = observation.point;
  if (TAKING.has(point)) return t("thurn_und_taxis.why.takeFirst");
  if (point === "after_take" && choices.official("PM")) {
    return t("thurn_und_taxis.why.forcedSecondCard");
  }
  if (point === "after_carrier") return t("thurn_und_taxis.why.noExtend", { city: placeName(city) });
  if (PLAYED.has(point)) {
    return t(choices.official("PC") ? "thurn_und_taxis.why.playedCarrier"
      : "thurn_und_taxis.why.played");
  }
  return null;
}

/**
 * Return why a `kind` of thing cannot be used now, or null when it can be or there is nothing to
 * say (a spectator, a finished game, a move being sent). Kinds: "display" (a face-up card, or the
 * deck with `deck`), "official" (`code`), "card" (a hand card of `city`), "closeMode" (a way of
 * placing houses no close offers apart from the other). `usable`: the page offers it; `active`:
 * the seat may choose now; `choices`: the seat's TntChoices.
 */
export function whyNotUsable(observation, kind, { usable, active, choices, ...thing }) {
  if (usable || observation.terminal || observation.seat == null) return null;
  if (observation.current_player !== observation.seat) {
    return t("thurn_und_taxis.why.notYourTurn");
  }
  if (!active) return null;
  switch (kind) {
    case "display":
      return displayReason(observation, { ...thing, choices });
    case "official":
      return officialReason(observation, thing.code);
    case "card":
      return cardReason(observation, { ...thing, choices });
    case "closeMode":
      return t("thurn_und_taxis.why.closeSame");
    default:
      return null;
  }
}
