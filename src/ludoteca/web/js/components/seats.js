// The seats of a match in words: names, whose turn it is, cards in hand and progress.

import { h } from "../dom.js";
import { has, listText, plural, t } from "../i18n.js";
import { levelName } from "./game-help.js";

/** Return how a seat is called: the player's name, or its colour (with "bot" for bots). */
export function seatName(summary, game, seat) {
  const info = summary?.seats?.[seat];
  // A bot's "name" may just repeat its kind, shown as a badge anyway: call bots by colour.
  if (info?.name && !(info.type === "bot" && info.name === info.bot)) return info.name;
  const colour = game.seatColourName(seat);
  return info?.type === "bot" ? t("seat.botName", { colour }) : colour;
}

/**
 * Return a bot's name for players: its level in the page's language ("Medium"), not the
 * engine's name of it ("heuristic"); the engine's name only for a bot the game does not list.
 */
export function botLabel(game, botName) {
  const bot = game.info?.bots?.find((known) => known.name === botName);
  return bot ? levelName(bot.level) : botName;
}

/** Return a short label for the board: the player's name, or just the colour. */
export function seatLabel(summary, game, seat) {
  const info = summary?.seats?.[seat];
  if (info?.name && !(info.type === "bot" && info.name === info.bot)) return info.name;
  return game.seatColourName(seat);
}

// The seats a game's descriptor names as markers (Keezen's dealer, Elfenland's start player) get
// a badge: the observation holds the seat number under the marker's key.
function markerBadges(game, observation, seat) {
  const markers = (game.info?.seat_markers ?? []).filter((key) => observation?.[key] === seat);
  return markers.map((key) => {
    const label = `marker.${game.name}.${key}`;
    const title = has(label) ? t(label) : key.replaceAll("_", " ");
    return [" ", h("span", { class: "badge", "data-testid": "seat-marker", "data-marker": key,
      title }, has(`${label}.short`) ? t(`${label}.short`) : title)];
  });
}

/** Return the seats that play on `seat`'s team besides it (game.info.teams), in seat order. */
export function partnersOf(game, numPlayers, seat) {
  const team = game.info?.teams?.[String(numPlayers)]?.find((seats) => seats.includes(seat));
  return (team ?? []).filter((other) => other !== seat);
}

// A seat with partners gets a badge naming them ("partner of Yellow").
function partnerBadge(summary, game, seat) {
  const partners = partnersOf(game, summary.seats.length, seat);
  if (!partners.length) return "";
  const names = listText(partners.map((other) => seatLabel(summary, game, other)));
  return [" ", h("span", { class: "badge partner", "data-testid": "seat-partner",
    "data-partners": partners.join(" ") }, t("seat.partnerOf", { names }))];
}

/**
 * Return the list of seats for the side panel; `game` is a loaded game (games/index.js);
 * `extra(info)` adds to each seat's name (its clock, the absent player's vote button).
 */
export function seatList(summary, observation, game, viewerSeats, extra = () => []) {
  return h("ul", { class: "seats", "data-testid": "seats" }, summary.seats.map((info) => {
    const seat = info.seat;
    const facts = [];
    if (observation?.hand_sizes) facts.push(plural("seat.cards", observation.hand_sizes[seat]));
    // A game may word a seat's progress itself (Keezen: own pawns home beside the team's) or say
    // what its score means.
    const scoreKey = has(`${game.name}.seat.score`) ? `${game.name}.seat.score` : "seat.score";
    const progress = observation && game.seatProgress?.(observation, seat);
    if (progress) facts.push(progress);
    else if (observation?.scores) facts.push(t(scoreKey, { n: observation.scores[seat] }));
    const current = observation?.current_player === seat;
    return h("li", { "data-seat": seat, "data-current": String(current) },
      h("span", { class: "swatch", style: { background: game.seatColour(seat) } }),
      h("span", { class: "name" },
        seatName(summary, game, seat),
        viewerSeats.includes(seat) ? ` ${t("seat.you")}` : "",
        info.type === "bot" ? [" ", h("span", { class: "badge", "data-testid": "seat-bot",
          "data-bot": info.bot }, botLabel(game, info.bot))] : "",
        info.type === "human" && !info.claimed ? [" ", info.reserved
          ? h("span", { class: "badge", "data-testid": "seat-reserved" }, t("seat.reserved"))
          : h("span", { class: "badge open" }, t("seat.free"))] : "",
        markerBadges(game, observation, seat), partnerBadge(summary, game, seat), extra(info)),
      h("span", { class: "facts" }, facts.join(" · ")));
  }));
}
