// What a Thurn und Taxis turn offers now, in words: the status line and the hint name only the
// moves the legal actions hold (rules §4.10). A forced-Postmaster turn (T20) offers neither the
// Administrator nor a play before the second card; a route no card extends offers only its
// discard (T28). Viewers without legal actions (the other players, spectators) read the point.

import { t } from "../i18n.js";
import { parseAction } from "./thurn_und_taxis-moves.js";

// The points where a card is taken (T16–T19): a hand card waits until the draw is over.
export const TAKING = new Set(["draw", "after_administrator", "after_postmaster"]);

/** Return the key of one thing the legal actions offer ("take", "PM", "close"…), in order. */
function offers(observation, legal) {
  const verbs = new Set(legal.map((text) => parseAction(text).verb));
  const officials = new Set(legal.filter((text) => parseAction(text).verb === "official"));
  const forced = Boolean(observation.forced_postmaster);
  const extending = verbs.has("left") || verbs.has("right");
  const keys = [];
  if (verbs.has("take")) keys.push(forced && observation.point === "draw" ? "takeForced" : "take");
  if (verbs.has("draw")) keys.push("draw");
  if (officials.has("AD")) keys.push("AD");
  if (officials.has("PM")) keys.push(forced ? "PMforced" : "PM");
  if (verbs.has("start")) keys.push("start");
  if (extending) keys.push(observation.point === "after_carrier" ? "second" : "play");
  else if (verbs.has("restart")) keys.push("restart");
  for (const code of ["PC", "CW"]) if (officials.has(code)) keys.push(code);
  if (verbs.has("close")) keys.push("close");
  if (verbs.has("end")) keys.push("end");
  return keys;
}

/** Return "a, b or c" in the current language. */
function orList(items) {
  if (items.length < 2) return items.join("");
  return t("thurn_und_taxis.can.or", {
    first: items.slice(0, -1).join(t("thurn_und_taxis.can.comma")), last: items.at(-1),
  });
}

/**
 * Return what the player to act may do now, as one sentence, from `legal` (the seat's legal
 * action texts); with none (another seat to act, a spectator), what the point of the turn is.
 */
export function turnHelp(observation, legal = []) {
  if (observation.terminal) return t("thurn_und_taxis.point.over");
  const keys = legal.length && observation.point !== "after_close"
    ? offers(observation, legal) : [];
  if (!keys.length) {
    const forced = observation.forced_postmaster
      && (observation.point === "draw" || observation.point === "after_take");
    return t(`thurn_und_taxis.point.${observation.point}${forced ? "_forced" : ""}`);
  }
  const choices = orList(keys.map((key) => t(`thurn_und_taxis.can.${key}`)));
  // The parts are phrases; the sentence starts with a capital where the language has them.
  return t("thurn_und_taxis.can.sentence",
    { choices: choices.charAt(0).toLocaleUpperCase() + choices.slice(1) });
}

/**
 * Return how to go on once the card `cityName` is chosen: click a highlighted end when the card
 * starts or extends the route (`plays` from TntChoices.plays), else discard the route with it.
 */
export function cardHelp(plays, cityName) {
  if (plays.start || plays.left || plays.right) {
    return t("thurn_und_taxis.hint.end", { city: cityName });
  }
  return plays.restart ? t("thurn_und_taxis.hint.restartOnly", { city: cityName }) : "";
}

/** Return how to play a card when the legal actions hold a play, else "" (nothing to add). */
export function howToPlay(legal) {
  const verbs = new Set(legal.map((text) => parseAction(text).verb));
  if (verbs.has("start") || verbs.has("left") || verbs.has("right")) {
    return t("thurn_und_taxis.hint.howToPlay");
  }
  return verbs.has("restart") ? t("thurn_und_taxis.hint.howToRestart") : "";
}
