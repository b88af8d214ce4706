// Why a Keezen card in the hand cannot be played, in the current language: the engine's
// reasons (observation.card_reasons, games/keezen/unplayable.py) are a code and params each.

import { has, plural, t } from "../i18n.js";
import { colourName, placeText } from "./keezen-words.js";

/** Return what stops one pawn (a "pawns" item of a reason) in words. */
function pawnText({ pawn, code, at, room }) {
  const from = placeText(pawn);
  if (code === "home_end") {
    return room ? plural("keezen.why.pawn.homeEnd", room, { from })
      : t("keezen.why.pawn.laneEnd", { from });
  }
  return t(`keezen.why.pawn.${code}`, { from, at: placeText(at) });
}

/** Return one reason in words; its English text when the code is unknown to this page. */
function reasonText({ code, params = {}, text }) {
  const key = `keezen.why.${code}`;
  const words = {
    ...params,
    colour: colourName(params.colour),
    pawns: (params.pawns ?? []).map(pawnText).join(t("keezen.why.pawnsJoin")),
  };
  if (code === "no_room" && has(`${key}.one`)) return plural(key, params.steps, words);
  return has(key) ? t(key, words) : text;
}

/** Return why a card cannot be played, or null when the engine gave no reasons for it. */
export function cardReasonText(reasons) {
  if (!reasons?.length) return null;
  return reasons.map(reasonText).join(" ");
}
