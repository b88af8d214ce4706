// Elfenland in words, in the current language: counters and cards, colours, edges, actions and
// the game log. Letters stay the notation's (P E C U T D R); names come from the catalogue.

import { listText, plural, t } from "../i18n.js";
import { parseAction } from "./elfenland-moves.js";

/** Boot and town-piece colours of the box, in seat order. */
export const SEAT_COLOURS = ["#1b6fd1", "#f2b705", "#23995a", "#d7263d", "#2b2b2b", "#8e44ad"];
export const SEAT_COLOUR_NAMES = ["blue", "yellow", "green", "red", "black", "purple"];

/** Return the name of a seat's colour. */
export const colourName = (seat) => t(`colour.${SEAT_COLOUR_NAMES[seat]}`);

/** Return the name of a counter or card type: "Dragon". */
export const kindName = (letter) => t(`elfenland.kind.${letter}`);

/** Return a counter reference ("D", "D?") in words: "Dragon", "secret Dragon". */
export function counterWords(ref) {
  const letter = ref[0];
  return ref.endsWith("?") ? t("elfenland.secretKind", { kind: kindName(letter) })
    : kindName(letter);
}

/** Return cards ("DDR") in words: "2× Dragon, 1× Raft". */
export function cardsWords(cards) {
  if (!cards) return t("elfenland.nothing");
  const counts = new Map();
  for (const letter of cards) counts.set(letter, (counts.get(letter) ?? 0) + 1);
  return [...counts].map(([letter, n]) => t("elfenland.cardsCount", { n, kind: kindName(letter) }))
    .join(", ");
}

/** Return an edge in words: "forest road 12 (Lapphalya – Feodor)". */
export function edgeName(edge) {
  if (!edge) return "";
  const key = edge.kind === "river" || edge.kind === "lake" ? edge.kind : "road";
  return t(`elfenland.edgeName.${key}`, {
    id: edge.id, a: edge.a, b: edge.b, terrain: t(`elfenland.terrain.${edge.kind}`),
  });
}

/** Return the town at the other end of `edge` from `town`. */
export function otherEnd(edge, town) {
  return edge.a === town ? edge.b : edge.a;
}

/**
 * Return a legal action text in words, e.g. "Place Dragon on road 21". `ctx` may give
 * `boardEdge(id)` (edges of the map), `town` (the boot's town) and `display` (face-up counters).
 */
export function actionLabel(text, ctx = {}) {
  const action = parseAction(text);
  switch (action.verb) {
    case "take":
      return t("elfenland.action.take", {
        slot: action.slot, counter: kindName(ctx.display?.[action.slot - 1] ?? "?"),
      });
    case "draw":
      return t("elfenland.action.draw");
    case "place":
      return t("elfenland.action.place", { counter: counterWords(action.counter),
        edge: action.edge });
    case "obstacle":
      return t("elfenland.action.obstacle", { edge: action.edge });
    case "pass":
      return t("elfenland.action.pass");
    case "move": {
      const edge = ctx.boardEdge?.(action.edge);
      return t("elfenland.action.move", {
        edge: action.edge, cards: cardsWords(action.cards),
        town: edge && ctx.town ? otherEnd(edge, ctx.town) : "?",
      });
    }
    case "end":
      return t("elfenland.action.end");
    case "keep-cards":
      return t("elfenland.action.keepCards", { cards: cardsWords(action.cards) });
    case "keep-counter":
      return t("elfenland.action.keepCounter", { counter: counterWords(action.counter) });
    default:
      return text;
  }
}

/** Return the log entry in the current language; null means "use entry.text". */
export function describe(entry, { seatName, viewerSeat }) {
  const own = viewerSeat !== null && viewerSeat !== undefined && entry.seat === viewerSeat;
  const player = entry.seat === undefined ? "" : seatName(entry.seat);
  switch (entry.kind) {
    case "round":
      return t("elfenland.log.round", { round: entry.round, player: seatName(entry.start) });
    case "refill": {
      const text = plural("elfenland.log.refill", entry.number, { player });
      return own && entry.cards
        ? `${text} ${t("elfenland.log.yourCards", { cards: cardsWords(entry.cards) })}` : text;
    }
    case "secret":
      return own && entry.counter
        ? t("elfenland.log.secretOwn", { player, counter: kindName(entry.counter) })
        : t("elfenland.log.secret", { player });
    case "take": {
      const text = t("elfenland.log.take", { player, counter: kindName(entry.counter) });
      return entry.refill
        ? `${text} ${t("elfenland.log.turnedUp", { counter: kindName(entry.refill) })}` : text;
    }
    case "draw":
      return t("elfenland.log.draw", { player, counter: kindName(entry.counter) });
    case "place":
      return t(entry.secret ? "elfenland.log.placeSecret" : "elfenland.log.place",
        { player, counter: kindName(entry.counter), edge: entry.edge });
    case "obstacle":
      return t("elfenland.log.obstacle", { player, edge: entry.edge });
    case "pass":
      return t("elfenland.log.pass", { player });
    case "move":
      return t(entry.piece ? "elfenland.log.movePiece" : "elfenland.log.move", {
        player, edge: entry.edge, town: entry.town, cards: cardsWords(entry.cards),
      });
    case "end":
      if (entry.scores) {
        return t("elfenland.log.gameOver", {
          scores: listText(entry.scores.map((n, seat) => t("elfenland.log.score",
            { player: seatName(seat), n }))),
        });
      }
      return t("elfenland.log.end", { player });
    case "keep-cards":
      return own && entry.kept
        ? t("elfenland.log.keepCards", { player, kept: cardsWords(entry.kept),
          discarded: cardsWords(entry.discarded) })
        : t("elfenland.log.keepCardsHidden", { player, discarded: cardsWords(entry.discarded) });
    case "keep-counter":
      // A kept secret counter shows only to its owner (a hot-seat view may carry it).
      if (!entry.counter || (entry.secret && !own)) {
        return t("elfenland.log.keepCounterHidden", { player });
      }
      return t("elfenland.log.keepCounter", { player, counter: counterWords(entry.counter) });
    case "reshuffle":
      return t("elfenland.log.reshuffle", { n: entry.number });
    case "clear":
      return t("elfenland.log.clear", { n: entry.number });
    default:
      return null;
  }
}
