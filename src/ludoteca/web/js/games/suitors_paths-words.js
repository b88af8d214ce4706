// Suitors' Paths in words, in the current language: seat colours, card colours and terrains,
// cards, points and segments, legal actions (the move list and the move confirmation) and the
// game log, worded from each event's kind and parameters.

import { listText, t } from "../i18n.js";
import { COLOURS, parseAction } from "./suitors_paths-moves.js";
import {
  placeWords, pointHex, pointPlaceWords, segmentWords, setBoardHexes,
} from "./suitors_paths-places.js";

export { placeWords, segmentWords, setBoardHexes };

/**
 * Route, suitor and marker colours, in seat order: after Okabe and Ito's colour-blind-safe set
 * (vermillion, blue, a deeper yellow, bluish green, reddish purple), far apart in lightness too.
 */
export const SEAT_COLOURS = ["#d55e00", "#0072b2", "#eecc16", "#009e73", "#cc79a7"];
const SEAT_COLOUR_NAMES = ["red", "blue", "yellow", "green", "purple"];

/** Return the name of a seat's colour. */
export const colourName = (seat) => t(`colour.${SEAT_COLOUR_NAMES[seat]}`);

/** Return a card colour's name from its letter: "green", "multicolour". */
export const cardName = (letter) => t(`suitors_paths.card.${letter}`);

/** Return a terrain's name from its letter: "forest". */
export const terrainName = (letter) => t(`suitors_paths.terrain.${letter}`);

/** Return cards in words, grouped by colour: "2 green, yellow and multicolour" (none: "no card"). */
export function cardsWords(cards) {
  const counts = COLOURS.map((letter) => [letter, [...cards].filter((c) => c === letter).length])
    .filter(([, n]) => n);
  if (!counts.length) return t("suitors_paths.noCards");
  return listText(counts.map(([letter, n]) => (n === 1 ? cardName(letter)
    : t("suitors_paths.cardCount", { n, card: cardName(letter) }))));
}

/** Return the notation's name of a point key [X, Y]: "2,1" (a centre), "2,0 SE" (a corner). */
export function pointWords(point) {
  if (!Array.isArray(point)) return String(point);
  const { hex, name } = pointHex(point);
  return name === "C" ? hex : `${hex} ${name}`;
}

/**
 * Return a legal action text in words, as the move list and the move confirmation write it.
 * `display` (the observation's) names the card a slot holds.
 */
export function actionLabel(text, { display = [] } = {}) {
  const action = parseAction(text);
  switch (action.verb) {
    case "open":
      return t("suitors_paths.action.open", { hex: placeWords(action.hex), n: action.bid });
    case "raise":
      return t("suitors_paths.action.raise", { n: action.bid });
    case "pass":
      return t("suitors_paths.action.pass");
    case "pay":
      return t("suitors_paths.action.pay", { cards: cardsWords(action.cards) });
    case "build":
      return t("suitors_paths.action.build", { segment: segmentWords(action.segment),
        cards: cardsWords(action.payment) });
    case "scrap":
      return t("suitors_paths.action.scrap");
    case "end":
      return t("suitors_paths.action.end");
    case "girl":
      return t(`suitors_paths.action.girl.${action.dir}`, { hex: placeWords(action.hex) });
    case "take": {
      const card = display[action.slot - 1];
      return t("suitors_paths.action.take", { slot: action.slot,
        card: card ? cardName(card) : "?" });
    }
    case "deck":
      return t("suitors_paths.action.deck");
    case "all":
      return t("suitors_paths.action.all", { card: cardName(action.colour) });
    case "discard":
      return t("suitors_paths.action.discard", { cards: cardsWords(action.cards) });
    default:
      return text;
  }
}

const seatOf = (entry) => entry.seat ?? entry.trigger ?? null;

/** Return a log entry in the current language; null means "use entry.text". */
export function describe(entry, { seatName }) {
  const seat = seatOf(entry);
  const player = seat === null || seat === undefined ? "" : seatName(seat);
  const action = parseAction(entry.text ?? "");
  const log = (key, params = {}) => t(`suitors_paths.log.${key}`, { player, ...params });
  switch (entry.kind) {
    case "girls_placed":
      return log("girls_placed", { hexes: listText((entry.hexes ?? []).map(placeWords)) });
    case "deal":
      return log("deal", { cards: cardsWords((entry.display ?? []).filter(Boolean).join("")) });
    case "opener":
      return log("opener");
    case "open":
      return log("open", { hex: placeWords(action.hex ?? entry.hex),
        n: action.bid ?? entry.bid ?? "?" });
    case "raise":
      return log("raise", { n: action.bid ?? entry.bid ?? "?" });
    case "pass":
      return log("pass");
    case "auction_won":
      return log("auction_won", { hex: placeWords(entry.hex, { bySuitor: false }),
        n: entry.bid });
    case "pay":
      return log("pay", { cards: cardsWords(entry.cards ?? action.cards ?? "") });
    case "last_place":
      return log("last_place", { hex: placeWords(entry.hex, { bySuitor: false }) });
    case "turn_order":
      return log("turn_order", { players: listText((entry.order ?? []).map(seatName)) });
    case "build":
      return log(entry.virtual ? "build_virtual" : "build", {
        segment: segmentWords(entry.segment ?? action.segment ?? ""),
        cards: cardsWords(entry.payment ?? action.payment ?? ""),
      });
    case "connect":
      return log("connect", { hex: placeWords(entry.girl), n: (entry.stack ?? []).length });
    case "scrap":
      return log("scrap", { n: entry.blocks ?? 0 });
    case "end_build":
      return entry.head ? log("end_build", { point: pointPlaceWords(entry.head) })
        : log("end_build_none");
    case "girl":
      return log(`girl.${entry.dir ?? action.dir}`, { hex: placeWords(entry.hex ?? action.hex),
        to: placeWords(entry.to) });
    case "girl_skipped":
      return log("girl_skipped");
    case "take":
      return log("take", { slot: entry.slot, card: cardName(entry.colour) });
    case "take_deck":
      return entry.colour ? log("take_deck_own", { card: cardName(entry.colour) })
        : log("take_deck");
    case "take_all":
      return log("take_all", { card: cardName(entry.colour), n: entry.count });
    case "discard":
      return log("discard", { cards: cardsWords(entry.cards ?? action.cards ?? "") });
    case "refill": {
      const cards = Object.values(entry.slots ?? {}).join("");
      return cards ? log("refill", { cards: cardsWords(cards) }) : log("refill_none");
    }
    case "reshuffle":
      return log("reshuffle", { n: Array.isArray(entry.cards) ? entry.cards.length
        : entry.cards ?? "?" });
    case "final_round":
      return log("final_round");
    case "game_end":
      return log("game_end", {
        reason: t(`suitors_paths.end.${entry.reason}`),
        scores: listText((entry.scores ?? []).map((n, index) => t("suitors_paths.log.score",
          { player: seatName(index), n }))),
        winner: entry.winner === null || entry.winner === undefined ? "?"
          : seatName(entry.winner),
      });
    default:
      return null;
  }
}
