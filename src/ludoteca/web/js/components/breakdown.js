// How each seat's final score adds up, in words: one small table per seat (its parts and their
// points, then the total) and, when equal scores were split by the game's tie-break, how.
// The parts are computed from the public final observation, exactly as the engines score.

import { h } from "../dom.js";
import { listText, t } from "../i18n.js";
import { partnersOf } from "./seats.js";
import { carriagePointsOf, stackName } from "../games/thurn_und_taxis-words.js";
import { placeWords } from "../games/suitors_paths-places.js";

const sum = (values) => values.reduce((total, value) => total + value, 0);

/** Return points as players read them: a negative number with a true minus sign ("−6"). */
export function pointsText(points) {
  // A hyphen is not a minus sign: screen readers and typesetting tell them apart.
  return points < 0 ? `\u2212${-points}` : String(points);
}

/** Return, per seat, the parts of a Keezen score: each team member's pawns home (K56). */
function keezenParts(observation, game) {
  const home = observation.pawns.map((locs) => locs.filter((loc) => loc.startsWith("h")).length);
  return observation.scores.map((_, seat) => {
    const team = [seat, ...partnersOf(game, observation.num_players, seat)].sort((a, b) => a - b);
    return team.map((member) => ({
      label: t("breakdown.keezen.home", { player: game.seatName(member) }), points: home[member],
    }));
  });
}

/** Return, per seat, Elfenland's town pieces (E40) and its cards left, the tie-break (E41). */
function elfenlandParts(observation) {
  const end = observation.log.findLast((entry) => entry.kind === "end");
  const cards = end?.hand_sizes ?? observation.hand_sizes;
  return observation.visited.map((towns, seat) => [
    { label: t("breakdown.elfenland.towns"), points: towns.length },
    { label: t("breakdown.elfenland.cards"), value: cards[seat] },
  ]);
}

/** Return, per seat, Thurn und Taxis's carriage, bonus tiles and −1 per house left (T56, T57). */
function thurnUndTaxisParts(observation) {
  return observation.scores.map((score, seat) => {
    const length = observation.carriages[seat];
    const tiles = observation.tiles[seat];
    const houses = observation.houses_left[seat];
    const tilePoints = sum(tiles.map((tile) => tile.value));
    // Before the board data has loaded, the carriage's points are what the rest leaves.
    const carriage = length ? carriagePointsOf(length) ?? score - tilePoints + houses : 0;
    return [
      { label: length ? t("breakdown.tnt.carriage", { n: length }) : t("breakdown.tnt.noCarriage"),
        points: carriage },
      ...tiles.map((tile) => ({
        label: t("breakdown.tnt.tile", { stack: stackName(tile.stack) }), points: tile.value })),
      { label: t("breakdown.tnt.houses", { n: houses }), points: -houses },
    ];
  });
}

/** Return a girl's place in words, or her hex when the board's names are not known yet. */
function girlPlace(hex) {
  try {
    return placeWords(hex);
  } catch {
    return hex;
  }
}

/** Return, per seat, Suitors' Paths' markers and bonuses at each girl (P66). */
function suitorsPathsParts(observation) {
  return observation.scores.map((_, seat) => observation.girls
    .filter((girl) => girl.stack?.includes(seat))
    .flatMap((girl) => {
      const place = girlPlace(girl.hex);
      const rows = [{ label: t("breakdown.sp.markers", { place }),
        points: girl.stack.filter((owner) => owner === seat).length }];
      if (girl.stack[0] !== seat) rows.push({ label: t("breakdown.sp.notBottom"), points: 1 });
      if (girl.stack.at(-1) === seat) rows.push({ label: t("breakdown.sp.top"), points: 1 });
      return rows;
    }));
}

const PARTS = {
  keezen: keezenParts,
  elfenland: elfenlandParts,
  thurn_und_taxis: thurnUndTaxisParts,
  suitors_paths: suitorsPathsParts,
};

/** Return the groups of two or more seats with equal scores whose ranks differ. */
function decidedTies(observation, ranks) {
  const groups = new Map();
  observation.scores.forEach((score, seat) => groups.set(score, [...groups.get(score) ?? [], seat]));
  return [...groups.values()].filter((seats) =>
    seats.length > 1 && new Set(seats.map((seat) => ranks[seat])).size > 1);
}

/** Return the sentence explaining how the game's tie-break split a group of seats. */
function tieText(game, observation, seats, ranks, seatName) {
  const players = listText(seats.map(seatName));
  const n = observation.scores[seats[0]];
  const byRank = [...seats].sort((a, b) => ranks[a] - ranks[b]);
  if (game.name === "elfenland") {
    const end = observation.log.findLast((entry) => entry.kind === "end");
    const cards = end?.hand_sizes ?? observation.hand_sizes;
    return t("breakdown.tie.elfenland", { players, n,
      cards: listText(byRank.map((seat) => `${seatName(seat)} ${cards[seat]}`)) });
  }
  if (game.name === "thurn_und_taxis" && observation.end_holder != null) {
    return t("breakdown.tie.tnt", { players, n, holder: seatName(observation.end_holder),
      order: listText(byRank.map(seatName)) });
  }
  if (game.name === "suitors_paths") {
    return t("breakdown.tie.sp", { players, n, order: listText(byRank.map(seatName)) });
  }
  return null;
}

/** Return one seat's table: its parts in words with their points, then its total. */
function seatTable(seat, parts, total, seatName) {
  return h("table", { class: "breakdown", "data-testid": "breakdown-seat", "data-seat": seat,
    "data-total": total },
  h("caption", {}, seatName(seat)),
  h("thead", {}, h("tr", {},
    h("th", { scope: "col" }, t("breakdown.part")),
    h("th", { scope: "col" }, t("breakdown.points")))),
  h("tbody", {}, parts.map((part) => h("tr", { "data-testid": "breakdown-part",
    "data-points": part.points ?? null },
  h("th", { scope: "row" }, part.label),
  // A part that only breaks ties (Elfenland's cards) shows its count, not points.
  h("td", {}, part.points === undefined ? t("breakdown.tieOnly", { n: part.value })
    : pointsText(part.points))))),
  h("tfoot", {}, h("tr", {},
    h("th", { scope: "row" }, t("breakdown.total")),
    h("td", { "data-testid": "breakdown-total" }, pointsText(total)))));
}

/**
 * Return the breakdown of a finished game's scores (null for a game without one): a table per
 * seat, best ranked first, and a line per tie the game's tie-break decided.
 */
export function scoreBreakdown(observation, game, { seatName, order, ranks }) {
  const partsOf = PARTS[game.name];
  if (!partsOf || !observation?.terminal) return null;
  const parts = partsOf(observation, { ...game, seatName });
  const ties = decidedTies(observation, ranks)
    .map((seats) => tieText(game, observation, seats, ranks, seatName)).filter(Boolean);
  return h("div", { class: "breakdown-area", "data-testid": "breakdown" },
    h("h3", {}, t("breakdown.title")),
    h("div", { class: "breakdown-seats" }, order.map((seat) =>
      seatTable(seat, parts[seat], observation.scores[seat], seatName))),
    ties.map((text) => h("p", { class: "breakdown-tie", "data-testid": "breakdown-tie" }, text)));
}
