// Thurn und Taxis in words, in the current language: seat colours, city, region, official and
// bonus-stack names, legal actions (the move list) and the game log. City and region names are
// the board's own spellings (Carlsruhe, Baiern), read once from GET /api/games/<name>/board.

import { api } from "../api.js";
import { listText, t } from "../i18n.js";
import { parseAction } from "./thurn_und_taxis-moves.js";

/** House colours, in seat order. */
export const SEAT_COLOURS = ["#d7263d", "#1b6fd1", "#e0a800", "#23995a"];
const SEAT_COLOUR_NAMES = ["red", "blue", "yellow", "green"];

let board = null; // promise of the board data, fetched once per page load
let names = new Map(); // city or region code -> its name on the board
let carriagePoints = new Map(); // carriage length -> its points (T57)

/** Return (a promise of) the board data; city and region names are known once it resolves. */
export function loadBoard() {
  board ??= api.board("thurn_und_taxis").then((data) => {
    names = new Map([...data.cities, ...data.regions].map((item) => [item.id, item.name]));
    carriagePoints = new Map(data.carriages.map((c) => [c.length, c.points]));
    return data;
  }).catch((error) => {
    board = null;
    throw error;
  });
  return board;
}

/** Return the name of a seat's colour. */
export const colourName = (seat) => t(`colour.${SEAT_COLOUR_NAMES[seat]}`);

/** Return a city or region name ("München"), or its code before the board has loaded. */
export const placeName = (code) => names.get(code) ?? code;

/**
 * Return the points a seat has earned so far: its highest carriage and its bonus tiles (T56,
 * T57). The houses left in its supply cost a point each only when the game is scored.
 */
export function pointsSoFar(observation, seat) {
  const tiles = observation.tiles[seat].reduce((sum, tile) => sum + tile.value, 0);
  return (carriagePoints.get(observation.carriages[seat]) ?? 0) + tiles;
}

/** Return a carriage's points by its length (T57), undefined before the board has loaded. */
export const carriagePointsOf = (length) => carriagePoints.get(length);

/** Return cities in words: "München, Passau and Linz" (none: "no city"). */
export const citiesWords = (codes) =>
  (codes.length ? listText(codes.map(placeName)) : t("thurn_und_taxis.noCity"));

/** Return an official's name: "Postmaster". */
export const officialName = (code) => t(`thurn_und_taxis.official.${code}`);

/** Return a bonus stack's name: "Route of 7 or more cards". */
export const stackName = (id) => t(`thurn_und_taxis.stack.${id}`);

/** Return a legal action text in words, as the move list and the move confirmation write it. */
export function actionLabel(text, { route = [] } = {}) {
  const action = parseAction(text);
  const city = action.city ? placeName(action.city) : "";
  switch (action.verb) {
    case "take":
      return t("thurn_und_taxis.action.take", { slot: action.slot, city });
    case "draw":
      return action.city ? t("thurn_und_taxis.action.drawCity", { city })
        : t("thurn_und_taxis.action.draw");
    case "official":
      return t(`thurn_und_taxis.action.${action.official}`);
    case "start":
      return t("thurn_und_taxis.action.start", { city });
    case "restart":
      return t("thurn_und_taxis.action.restart", { city });
    case "left":
      return t("thurn_und_taxis.action.left", { city, end: placeName(route[0] ?? "") });
    case "right":
      return t("thurn_und_taxis.action.right", { city, end: placeName(route.at(-1) ?? "") });
    case "close":
      return action.mode === "region"
        ? t("thurn_und_taxis.action.closeRegion", { region: placeName(action.region),
          houses: citiesWords(action.cities) })
        : t("thurn_und_taxis.action.closeEach", { houses: citiesWords(action.cities) });
    case "drop":
      return t("thurn_und_taxis.action.drop", { cities: citiesWords(action.cities) });
    case "end":
      return t("thurn_und_taxis.action.end");
    default:
      return text;
  }
}

function tileWords(tiles) {
  return listText(tiles.map((tile) => t("thurn_und_taxis.log.tile", { stack: stackName(tile.stack),
    value: tile.value })));
}

/** Return a log entry in the current language; null means "use entry.text". */
export function describe(entry, { seatName }) {
  const player = entry.seat === undefined || entry.seat === null ? "" : seatName(entry.seat);
  switch (entry.kind) {
    case "turn":
      return t("thurn_und_taxis.log.turn", { round: entry.round, player });
    case "refill":
      return t("thurn_und_taxis.log.refill", { slot: entry.slot, city: placeName(entry.city) });
    case "reshuffle":
      return t("thurn_und_taxis.log.reshuffle", { n: entry.number });
    case "close": {
      const parts = [t("thurn_und_taxis.log.close", { player, n: entry.length,
        houses: citiesWords(entry.houses) })];
      if (entry.tiles.length) {
        parts.push(t("thurn_und_taxis.log.tiles", { tiles: tileWords(entry.tiles) }));
      }
      if (entry.carriage) parts.push(t("thurn_und_taxis.log.carriage", { n: entry.carriage }));
      return parts.join(" ");
    }
    case "end":
      return t("thurn_und_taxis.log.gameOver", {
        scores: listText(entry.scores.map((n, seat) => t("thurn_und_taxis.log.score",
          { player: seatName(seat), n }))),
      });
    case "action":
      return actionLog(entry, player);
    default:
      return null;
  }
}

function actionLog(entry, player) {
  const action = parseAction(entry.token);
  const city = action.city ? placeName(action.city) : "";
  switch (action.verb) {
    case "take":
      return t("thurn_und_taxis.log.take", { player, city });
    case "draw":
      return action.city ? t("thurn_und_taxis.log.drawOwn", { player, city })
        : t("thurn_und_taxis.log.draw", { player });
    case "official":
      return t(`thurn_und_taxis.log.${action.official}`, { player });
    case "start":
      return t("thurn_und_taxis.log.start", { player, city });
    case "restart":
      return t("thurn_und_taxis.log.restart", { player, city });
    case "left":
      return t("thurn_und_taxis.log.left", { player, city });
    case "right":
      return t("thurn_und_taxis.log.right", { player, city });
    case "drop":
      return t("thurn_und_taxis.log.drop", { player, cities: citiesWords(action.cities) });
    case "end":
      return t("thurn_und_taxis.log.end", { player });
    default:
      return null;
  }
}
