// Suitors' Paths actions as data: a legal action text (the notation of the rules page, §8)
// parsed into {verb, ...}, and the legal actions grouped the way the board offers them (opening
// hexes and their bids, raises, payments by cards, segments and their payments, girls and their
// directions, display slots, colours, the deck, discards by cards). The view only ever posts a
// text from the observation's legal actions.

import { pointKey } from "../boards/suitors_paths-geometry.js";

/** Colour letters in the canonical order G Y R K B M (cards are listed in this order). */
export const COLOURS = ["G", "Y", "R", "K", "B", "M"];

const BUILD = /^build (\d+,\d+)\/([NESWC]{1,2})-([NESWC]{1,2}) ([GYRKBM]{1,2})$/;

/** Return the key of a multiset of colour letters, the same whatever their order ("GGYM"). */
export function cardsKey(cards) {
  return [...cards].sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b)).join("");
}

/**
 * Return an action text as {verb, text, ...}: open (`hex`, `bid`), raise (`bid`), pass, pay
 * (`cards`), build (`segment`, `hex`, `from`, `to`, `payment`), scrap, end, girl (`hex`, `dir`),
 * take (`slot`), deck, all (`colour`), discard (`cards`); anything else is "unknown".
 */
export function parseAction(text) {
  let match;
  if ((match = /^open (\d+,\d+) ([0-6])$/.exec(text))) {
    return { verb: "open", text, hex: match[1], bid: Number(match[2]) };
  }
  if ((match = /^raise ([0-6])$/.exec(text))) return { verb: "raise", text, bid: Number(match[1]) };
  if (text === "pass" || text === "scrap" || text === "end") return { verb: text, text };
  if ((match = /^pay ([GYRKBM]+)$/.exec(text))) return { verb: "pay", text, cards: match[1] };
  if ((match = BUILD.exec(text))) {
    return { verb: "build", text, hex: match[1], from: match[2], to: match[3],
      segment: `${match[1]}/${match[2]}-${match[3]}`, payment: match[4] };
  }
  if ((match = /^girl (\d+,\d+) (cw|ccw)$/.exec(text))) {
    return { verb: "girl", text, hex: match[1], dir: match[2] };
  }
  if ((match = /^take ([1-6])$/.exec(text))) return { verb: "take", text, slot: Number(match[1]) };
  if (text === "take deck") return { verb: "deck", text };
  if ((match = /^take all ([GYRKBM])$/.exec(text))) {
    return { verb: "all", text, colour: match[1] };
  }
  if ((match = /^discard ([GYRKBM]+)$/.exec(text))) {
    return { verb: "discard", text, cards: match[1] };
  }
  return { verb: "unknown", text };
}

/**
 * The legal actions of one decision, grouped for the board and the panels: what each hex,
 * bid button, segment, payment, girl arrow, display slot and button does. Every method answers
 * from the legal texts alone.
 */
export class SpChoices {
  constructor(legal) {
    this.actions = legal.map(parseAction);
  }

  /** Return the parsed legal actions of `verb`. */
  all(verb) {
    return this.actions.filter((action) => action.verb === verb);
  }

  /** Return the legal text of verb (and a matching field), or null. */
  find(verb, test = () => true) {
    return this.actions.find((action) => action.verb === verb && test(action))?.text ?? null;
  }

  /** Return the hexes that may be opened for auction now, each once, in legal order. */
  openHexes() {
    return [...new Set(this.all("open").map((action) => action.hex))];
  }

  /** Return the opening bids allowed on `hex`: [{bid, text}]. */
  openBids(hex) {
    return this.all("open").filter((action) => action.hex === hex)
      .map((action) => ({ bid: action.bid, text: action.text }));
  }

  /** Return the legal raises: [{bid, text}], lowest first. */
  raises() {
    return this.all("raise").map((action) => ({ bid: action.bid, text: action.text }))
      .sort((a, b) => a.bid - b.bid);
  }

  /** Return "pass", or null. */
  pass() {
    return this.find("pass");
  }

  /** Return the legal payments of an auction bid, parsed. */
  pays() {
    return this.all("pay");
  }

  /** Return the bid payment with exactly these cards (any order), or null. */
  pay(cards) {
    const key = cardsKey(cards);
    return this.find("pay", (action) => cardsKey(action.cards) === key);
  }

  /** Return the segments that may be built now, each once, in legal order. */
  segments() {
    return [...new Set(this.all("build").map((action) => action.segment))];
  }

  /**
   * Return the segments to build grouped by where they lie: [{key, names, from, to}], one per
   * stretch of the board. A side of the suitor's own hex may be built from either end (two
   * names, one stretch); `from`/`to` are the point keys of the first name's ends.
   */
  segmentGroups() {
    const groups = new Map();
    for (const name of this.segments()) {
      const action = this.all("build").find((build) => build.segment === name);
      const from = pointKey(action.hex, action.from);
      const to = pointKey(action.hex, action.to);
      const key = [from.join(","), to.join(",")].sort().join("|");
      if (!groups.has(key)) groups.set(key, { key, names: [], from, to });
      groups.get(key).names.push(name);
    }
    return [...groups.values()];
  }

  /** Return the ways to pay for building `segment`: [{payment, text}] (single card first). */
  builds(segment) {
    return this.all("build").filter((action) => action.segment === segment)
      .map((action) => ({ payment: action.payment, text: action.text }))
      .sort((a, b) => a.payment.length - b.payment.length
        || COLOURS.indexOf(a.payment[0]) - COLOURS.indexOf(b.payment[0]));
  }

  /** Return the build of `segment` paid with `payment`, or null. */
  build(segment, payment) {
    return this.find("build", (action) => action.segment === segment
      && action.payment === payment);
  }

  /** Return "scrap", or null. */
  scrap() {
    return this.find("scrap");
  }

  /** Return "end" (end the build step), or null. */
  end() {
    return this.find("end");
  }

  /** Return the girl moves: [{hex, dir, text}]. */
  girls() {
    return this.all("girl").map(({ hex, dir, text }) => ({ hex, dir, text }));
  }

  /** Return the move of the girl on `hex` in direction `dir` ("cw" | "ccw"), or null. */
  girl(hex, dir) {
    return this.find("girl", (action) => action.hex === hex && action.dir === dir);
  }

  /** Return the take of display slot `slot` (1-6), or null. */
  take(slot) {
    return this.find("take", (action) => action.slot === slot);
  }

  /** Return "take deck", or null. */
  deck() {
    return this.find("deck");
  }

  /** Return the take of every display card of `colour`, or null. */
  takeAll(colour) {
    return this.find("all", (action) => action.colour === colour);
  }

  /** Return the legal hand-limit discards, parsed. */
  discards() {
    return this.all("discard");
  }

  /** Return the discard of exactly these cards (any order), or null. */
  discard(cards) {
    const key = cardsKey(cards);
    return this.find("discard", (action) => cardsKey(action.cards) === key);
  }

  /** Return how many cards a pay or discard takes now (0 when neither is asked). */
  cardsToChoose() {
    const first = this.pays()[0] ?? this.discards()[0];
    return first ? first.cards.length : 0;
  }
}
