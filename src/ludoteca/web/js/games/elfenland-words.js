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

// The map's edges by id, from the board data (GET /api/games/elfenland/board): the log and the
// move list name an edge by its towns, never by its number. Set once the map has loaded.
let mapEdges = new Map();

/** Remember the edges of the map `data` (the board data), for naming edges by their towns. */
export function useMap(data) {
  mapEdges = new Map((data?.edges ?? []).map((edge) => [edge.id, edge]));
}

/** Return the map's edge `id` ({id, a, b, kind, downstream, lake}), or null before the map. */
export const mapEdge = (id) => mapEdges.get(id) ?? null;

/**
 * Return an edge's name, as its tooltip on the map: "Forest road Lapphalya – Feodor", "River
 * Beata – Elvenhold, flowing to Elvenhold", "Lake crossing Elvenhold – Virst".
 */
export function edgeName(edge) {
  if (!edge) return "";
  const key = edge.kind === "river" || edge.kind === "lake" ? edge.kind : "road";
  return t(`elfenland.edgeName.${key}`, {
    a: edge.a, b: edge.b, down: edge.downstream ?? "", terrain: t(`elfenland.terrain.${edge.kind}`),
  });
}

/** Return the town at the other end of `edge` from `town`. */
export function otherEnd(edge, town) {
  return edge.a === town ? edge.b : edge.a;
}

/** Return where a counter or the obstacle goes: "on the road between Tichih and Rivinia". */
export function onRoadWords(id) {
  const edge = mapEdge(id);
  return t("elfenland.onRoad", { a: edge?.a ?? "?", b: edge?.b ?? "?" });
}

/**
 * Return how a boot travels along `edge` to `to`: "by Elfcycle" (the road's counter, when
 * known), "down the river", "up the river", "across the lake", or "by road".
 */
export function wayWords(edge, to, counter) {
  if (edge?.kind === "river") {
    return t(edge.downstream === to ? "elfenland.way.downstream" : "elfenland.way.upstream");
  }
  if (edge?.kind === "lake") return t("elfenland.way.lake");
  return counter ? t("elfenland.way.counter", { counter: kindName(counter) })
    : t("elfenland.way.road");
}

/**
 * Return a journey step in its parts: {from, to, way}. `counter` is the road's counter letter
 * (null if unknown); a step whose edge is unknown (no map yet) names its towns "?".
 */
export function stepWords(id, to, counter) {
  const edge = mapEdge(id);
  return { from: edge ? otherEnd(edge, to) : "?", to, way: wayWords(edge, to, counter) };
}

/**
 * Return the counter lying on road `id` when the log's entry at `index` was made: the last
 * counter placed there since the board was last cleared (null if none is in the log).
 */
export function counterOnRoad(log, index, id) {
  for (let i = index - 1; i >= 0; i -= 1) {
    const entry = log[i];
    if (entry.kind === "clear" || entry.kind === "round") return null;
    if (entry.kind === "place" && entry.edge === id) return entry.counter;
  }
  return null;
}

/**
 * Return a legal action text in words, e.g. "Place Dragon on the road between Tichih and
 * Rivinia". `ctx` may give `town` (the boot's town), `display` (face-up counters) and `roads`
 * (the observation's counters on roads).
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
        road: onRoadWords(action.edge) });
    case "obstacle":
      return t("elfenland.action.obstacle", { road: onRoadWords(action.edge) });
    case "pass":
      return t("elfenland.action.pass");
    case "move": {
      const edge = mapEdge(action.edge);
      const to = edge && ctx.town ? otherEnd(edge, ctx.town) : "?";
      const counter = ctx.roads?.find((road) => road.edge === action.edge)?.counter ?? null;
      return t("elfenland.action.move", {
        ...stepWords(action.edge, to, counter), cards: cardsWords(action.cards),
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

/**
 * Return the log entry in the current language; null means "use entry.text". `log`, the whole
 * log, tells which counter lay on the road of a journey step.
 */
export function describe(entry, { seatName, viewerSeat, log = [] }) {
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
        { player, counter: kindName(entry.counter), road: onRoadWords(entry.edge) });
    case "obstacle":
      return t("elfenland.log.obstacle", { player, road: onRoadWords(entry.edge) });
    case "pass":
      return t("elfenland.log.pass", { player });
    case "move": {
      const counter = counterOnRoad(log, log.indexOf(entry), entry.edge);
      return t(entry.piece ? "elfenland.log.movePiece" : "elfenland.log.move", {
        player, ...stepWords(entry.edge, entry.town, counter), cards: cardsWords(entry.cards),
      });
    }
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
