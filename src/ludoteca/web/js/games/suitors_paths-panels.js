// HTML pieces of the Suitors' Paths table: cards in their colours, the line saying whose turn
// and which step it is, the final-round notice, the auction's state (hex, bid, high bidder,
// passes, turn order so far), the supplies (blocks, deck, discard pile) and the players table
// (start hex, turn position, markers, connections, cards seen and unseen, score). Each takes the
// observation and returns an element.

import { h } from "../dom.js";
import { listText, t } from "../i18n.js";
import { CARD_FILLS, TERRAIN_GLYPHS } from "../boards/suitors_paths.js";
import {
  cardName, cardsWords, placeWords, SEAT_COLOURS, terrainName,
} from "./suitors_paths-words.js";

const LIGHT_CARDS = new Set(["Y"]); // cards whose letter is dark

/** Return a card of colour `letter` as a button (`tag` "span" for one that is only shown). */
export function card(letter, props = {}, tag = "button") {
  return h(tag, { class: LIGHT_CARDS.has(letter) ? "sp-card light" : "sp-card",
    style: `--card: ${CARD_FILLS[letter] ?? "#ccc"}`, title: cardName(letter), ...props },
  h("span", { class: "sp-card-letter", "aria-hidden": "true" }, letter),
  h("span", { class: "sp-card-name" }, cardName(letter)));
}

/** Return a seat's colour swatch. */
export const swatch = (seat) => h("span", { class: "swatch",
  style: { background: SEAT_COLOURS[seat] } });

/** Return the line naming the round, the player to act and the step. */
export function turnLine(observation, seatName) {
  const seat = observation.current_player;
  const step = observation.terminal ? "over" : observation.step;
  return h("p", { class: "sp-turn", "data-testid": "round-info", "data-round": observation.round,
    "data-step": step },
  observation.round ? t("suitors_paths.round", { round: observation.round })
    : t("suitors_paths.auctions"),
  seat === null || seat === undefined ? ""
    : ` · ${t("suitors_paths.turnOf", { player: seatName(seat) })}`,
  ` · ${t(`suitors_paths.step.${step}`)}`);
}

/** Return the final-round notice, or null when no one has connected a sixth route. */
export function finalRoundNotice(observation, seatName) {
  const final = observation.final_round;
  if (!final || observation.terminal) return null;
  return h("p", { class: "sp-final", "data-testid": "final-round", role: "status" },
    t("suitors_paths.finalRound", { player: seatName(final.trigger), n: final.turns_left }));
}

/** Return the auction's state for everybody, or null after the auctions. */
export function auctionPanel(observation, { seatName }) {
  const auction = observation.auction;
  if (!auction) return null;
  const line = (testid, label, value, hex = null) => h("div", { class: "sp-auction-line",
    "data-testid": testid, "data-sp-hexes": hex }, h("dt", {}, label), h("dd", {}, value));
  const seats = (list) => (list.length ? listText(list.map(seatName)) : "–");
  return h("section", { class: "sp-auction", "data-testid": "auction",
    "aria-label": t("suitors_paths.auction") },
  h("h2", {}, t("suitors_paths.auction")),
  h("dl", {},
    line("auction-opener", t("suitors_paths.opener"), seatName(auction.opener)),
    line("auction-hex", t("suitors_paths.auctionHex"),
      auction.hex ? placeWords(auction.hex) : t("suitors_paths.notOpened"), auction.hex),
    line("auction-bid", t("suitors_paths.bid"), auction.bid ?? "–"),
    line("auction-high", t("suitors_paths.highBidder"),
      auction.high_bidder === null || auction.high_bidder === undefined ? "–"
        : seatName(auction.high_bidder)),
    line("auction-passed", t("suitors_paths.passed"), seats(auction.passed)),
    line("auction-order", t("suitors_paths.turnOrder"), seats(observation.turn_order)),
    auction.to_pay ? line("auction-to-pay", t("suitors_paths.toPay"), auction.to_pay) : null));
}

/** Return the supplies: blocks left, the deck's size, the discard pile's size and top card. */
export function suppliesLine(observation) {
  const pile = observation.discard_pile ?? [];
  const top = pile.at(-1);
  return h("p", { class: "sp-supplies" },
    h("span", { "data-testid": "supply", "data-n": observation.supply },
      t("suitors_paths.supply", { n: observation.supply })),
    " · ",
    h("span", { "data-testid": "deck-size", "data-n": observation.deck_size },
      t("suitors_paths.deckSize", { n: observation.deck_size })),
    " · ",
    h("span", { "data-testid": "discard-pile", "data-n": pile.length, "data-top": top ?? "" },
      top ? t("suitors_paths.discardTop", { n: pile.length, card: cardName(top) })
        : t("suitors_paths.discardEmpty")));
}

/** Return the players table: score, start hex, turn position, markers, connections, cards. */
export function seatTable(observation, { seatName }) {
  const order = observation.turn_order ?? [];
  // The score next to the name, the long cards column last (on a phone it may scroll).
  const columns = ["player", "score", "start", "position", "markers", "connections", "cards"];
  const cardsCell = (seat) => {
    const known = observation.known_cards?.[seat] ?? "";
    const unseen = observation.unseen_counts?.[seat] ?? 0;
    if (seat === observation.seat && observation.hand) return cardsWords(observation.hand);
    const parts = [];
    if (known.length) parts.push(cardsWords(known));
    if (unseen) parts.push(t("suitors_paths.unseen", { n: unseen }));
    return parts.join(" + ") || t("suitors_paths.noCards");
  };
  // The frame scrolls sideways on a phone, so it takes the focus (arrow keys scroll it).
  return h("div", { class: "sp-seats-frame", tabindex: 0, role: "region",
    "aria-label": t("suitors_paths.players") }, h("table", { class: "sp-seats",
    "data-testid": "seat-table" },
  h("caption", {}, t("suitors_paths.players")),
  h("thead", {}, h("tr", {}, columns.map((column) => h("th", { scope: "col",
    class: `col-${column}` }, t(`suitors_paths.col.${column}`))))),
  h("tbody", {}, observation.suitors.map((hex, seat) => h("tr", {
    "data-testid": "seat-row", "data-seat": seat,
    class: seat === observation.current_player ? "current" : null,
  },
  h("th", { scope: "row" }, h("span", { class: "who" }, swatch(seat), seatName(seat))),
  h("td", { "data-testid": "score", class: "col-score" }, observation.scores[seat]),
  h("td", { "data-testid": "start-hex", class: "col-start", "data-sp-hexes": hex },
    hex ? placeWords(hex, { bySuitor: false }) : "–"),
  h("td", { "data-testid": "position", class: "col-position" },
    order.includes(seat) ? order.indexOf(seat) + 1 : "–"),
  h("td", { "data-testid": "markers", class: "col-markers" }, observation.markers[seat]),
  h("td", { "data-testid": "connections", class: "col-connections" },
    observation.connections[seat]),
  h("td", { "data-testid": "cards", class: "col-cards",
    "data-count": observation.hand_sizes[seat] },
  h("span", { class: "sp-count" }, observation.hand_sizes[seat]), " ",
  h("span", { class: "sp-known" }, cardsCell(seat))))))));
}

/** Return the legend: each terrain's glyph and letter with the card that pays a segment in it. */
export function terrainLegend() {
  return h("ul", { class: "sp-legend", "data-testid": "terrain-legend",
    "aria-label": t("suitors_paths.legend") },
  Object.entries(TERRAIN_GLYPHS).map(([letter, glyph]) => h("li", { "data-terrain": letter },
    card(letter, {}, "span"), t("suitors_paths.legendItem",
      { glyph, terrain: terrainName(letter), card: cardName(letter) }))),
  h("li", { "data-terrain": "M" }, card("M", {}, "span"), t("suitors_paths.legendMulti")));
}
