// Suitors' Paths places in words, so that a player finds them on the board: a hex is its terrain
// and where it lies ("the forest on the north-east edge", "the water south-west of Ann's
// suitor", "the clearing of Ann's suitor"), a point is a corner or the centre of such a hex, a
// segment runs between two of them. The board last shown (its terrains, edge and suitors) is
// remembered here, as the log is worded from the entries alone. Also: which hexes a log entry
// or an action names, to highlight them on the board.

import { t } from "../i18n.js";
import { CORNER_NAMES, CORNER_OFFSETS, centreKey } from "../boards/suitors_paths-geometry.js";
import { parseAction } from "./suitors_paths-moves.js";

// The six neighbours of a hex, as the difference of their centre keys (see the geometry module),
// with the compass side they lie on (pointy-top hexes have none due north or south).
const NEIGHBOURS = [[[2, 0], "E"], [[1, -3], "NE"], [[-1, -3], "NW"], [[-2, 0], "W"],
  [[-1, 3], "SW"], [[1, 3], "SE"]];
// Eight compass sides by angle (0 = east, counter-clockwise, as north is up).
const SIDES = ["E", "NE", "N", "NW", "W", "SW", "S", "SE"];

let board = { terrains: new Map(), edge: new Set(), suitors: [], middle: [0, 0], radius: 1 };
let boardHexes = new Set(); // the hex names of the board, to name corners by
let seatName = (seat) => String(seat);
let viewer = null; // the seat the page belongs to (observation.seat; null for a spectator)

/** Remember only the board's hex names (to name points as the notation does). */
export function setBoardHexes(names) {
  boardHexes = new Set(names);
}

/**
 * Remember the board to name places on: the observation's hexes, path and suitors, and whose
 * view it is (its own suitor is "your suitor", as Keezen says "your pawn").
 */
export function setPlaces(observation, nameOfSeat) {
  const hexes = observation.board.hexes.map((tile) => tile.hex);
  const keys = hexes.map(centreKey);
  const middle = [mean(keys.map(([X]) => X)), mean(keys.map(([, Y]) => Y))];
  board = {
    terrains: new Map(observation.board.hexes.map((tile) => [tile.hex, tile.terrain])),
    edge: new Set(observation.board.path),
    suitors: observation.suitors ?? [],
    middle,
    radius: Math.max(...keys.map((key) => distance(key, middle))),
  };
  boardHexes = new Set(hexes);
  seatName = nameOfSeat;
  viewer = observation.seat ?? null;
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
// Distance between centre keys on the drawn board (a key's X unit is √3/2 of a hex size, Y ½).
const distance = ([X1, Y1], [X2, Y2]) => Math.hypot((X1 - X2) * 0.866, (Y1 - Y2) * 0.5);

/** Return the compass side ("N" … "NW") of the board on which hex `hex` lies. */
function sideOf(hex) {
  const [X, Y] = centreKey(hex);
  const angle = Math.atan2(-(Y - board.middle[1]) * 0.5, (X - board.middle[0]) * 0.866);
  const eighth = Math.round(angle / (Math.PI / 4));
  return SIDES[(eighth + 8) % 8];
}

/** Return the seat of a suitor on or next to `hex` and the side it lies on, or null. */
function suitorBy(hex) {
  const [X, Y] = centreKey(hex);
  for (const [seat, suitorHex] of board.suitors.entries()) {
    if (!suitorHex) continue;
    if (suitorHex === hex) return { seat, side: null };
    const [SX, SY] = centreKey(suitorHex);
    const near = NEIGHBOURS.find(([[dx, dy]]) => SX + dx === X && SY + dy === Y);
    if (near) return { seat, side: near[1] };
  }
  return null;
}

/**
 * Return hex "q,r" in words: a suitor's hex after its player, an edge hex by the side of the
 * board, an inner hex by a suitor next to it, else by the side of the board (or its middle).
 * `bySuitor` false names it by the board alone (the hex a player has just won, say).
 */
export function placeWords(hex, { bySuitor = true } = {}) {
  const letter = board.terrains.get(hex);
  if (!letter) return t("suitors_paths.place.unknown");
  const terrain = t(`suitors_paths.the.${letter}`); // with its article where the language has one
  const suitor = bySuitor ? suitorBy(hex) : null;
  // The viewer's own suitor is "your suitor", not the viewer's own name.
  const yours = suitor !== null && suitor.seat === viewer;
  if (suitor && suitor.side === null) {
    return yours ? t("suitors_paths.place.suitor.yours", { terrain })
      : t("suitors_paths.place.suitor", { terrain, player: seatName(suitor.seat) });
  }
  const side = t(`suitors_paths.side.${sideOf(hex)}`);
  if (board.edge.has(hex)) return t("suitors_paths.place.edge", { terrain, side });
  if (suitor) {
    const near = { terrain, side: t(`suitors_paths.side.${suitor.side}`) };
    return yours ? t("suitors_paths.place.near.yours", near)
      : t("suitors_paths.place.near", { ...near, player: seatName(suitor.seat) });
  }
  if (distance(centreKey(hex), board.middle) < board.radius * 0.3) {
    return t("suitors_paths.place.middle", { terrain });
  }
  return t("suitors_paths.place.inside", { terrain, side });
}

/** Return a point of hex "q,r" in words: "the north-east corner of …" ("C": its centre). */
export function hexPointWords(hex, name) {
  return t("suitors_paths.pointOf", { corner: t(`suitors_paths.corner.${name}`),
    place: placeWords(hex) });
}

/** Return a segment "q,r/A-B" in words: "a path from the centre to the north corner of …". */
export function segmentWords(segment) {
  if (!segment.includes("/")) return t("suitors_paths.place.unknown");
  const [hex, ends] = segment.split("/");
  const [from, to] = ends.split("-");
  return t("suitors_paths.segmentName", { from: t(`suitors_paths.corner.${from}`),
    to: t(`suitors_paths.corner.${to}`), place: placeWords(hex) });
}

/**
 * Return the hex and point name ("C" or a corner) of a point key [X, Y]: its centre's hex, or
 * the first hex of the board (smallest r, then q) with that corner, as the notation names it.
 */
export function pointHex([X, Y]) {
  if (Y % 3 === 0) return { hex: `${(X - Y / 3) / 2},${Y / 3}`, name: "C" };
  const candidates = [];
  CORNER_OFFSETS.forEach(([dx, dy], k) => {
    const cx = X - dx;
    const cy = Y - dy;
    if (cy % 3 !== 0 || (cx - cy / 3) % 2 !== 0) return;
    candidates.push({ q: (cx - cy / 3) / 2, r: cy / 3, name: CORNER_NAMES[k] });
  });
  candidates.sort((a, b) => a.r - b.r || a.q - b.q);
  const best = candidates.find((c) => boardHexes.has(`${c.q},${c.r}`))
    ?? candidates.find((c) => c.q >= 0 && c.r >= 0) ?? candidates[0];
  return { hex: `${best.q},${best.r}`, name: best.name };
}

/** Return a point key [X, Y] in words: "the south corner of the forest on the west edge". */
export function pointPlaceWords(point) {
  const { hex, name } = pointHex(point);
  return hexPointWords(hex, name);
}

/** Return the hexes a log entry names (to highlight them), in the order it names them. */
export function entryHexes(entry) {
  switch (entry.kind) {
    case "girls_placed": return entry.hexes ?? [];
    case "open": case "auction_won": case "last_place": return [entry.hex ?? parseAction(
      entry.text ?? "").hex].filter(Boolean);
    case "build": return [(entry.segment ?? parseAction(entry.text ?? "").segment ?? "")
      .split("/")[0]].filter(Boolean);
    case "connect": return [entry.girl].filter(Boolean);
    case "end_build": return entry.head ? [pointHex(entry.head).hex] : [];
    case "girl": return [entry.hex ?? parseAction(entry.text ?? "").hex, entry.to]
      .filter(Boolean);
    default: return [];
  }
}

/** Return the hexes a legal action text names: the hex opened, built in or a girl's. */
export function actionHexes(text) {
  const action = parseAction(text);
  return action.hex ? [action.hex] : [];
}
