// Thurn und Taxis actions as data: a legal action text (the notation of the rules page, §7.3)
// parsed into {verb, ...}, and the legal actions grouped the way the board offers them (takes by
// slot, plays by card and end, closes by house set, hand-limit discards by cards). The view only
// ever posts a text from the observation's legal actions.

const CLOSE = /^C(?:=([A-Z]{3})|\*)\[((?:[A-Z]{3}(?:,[A-Z]{3})*)?)\]$/;
const DROP = /^X\[([A-Z]{3}(?:,[A-Z]{3})*)\]$/;
const OFFICIAL_CODES = ["PM", "AD", "PC", "CW"];

/** Return the official codes in the order the board shows them. */
export const OFFICIALS = OFFICIAL_CODES;

/** Return an action text as {verb, text, ...}: take, draw, official, start, left, right, restart,
 * close (mode "region" with `region`, or "each"; `cities`), drop (`cities`), end. */
export function parseAction(text) {
  let match;
  if ((match = /^T([1-6])(?::([A-Z]{3}))?$/.exec(text))) {
    return { verb: "take", text, slot: Number(match[1]), city: match[2] ?? null };
  }
  if ((match = /^TD(?::([A-Z]{3}))?$/.exec(text))) {
    return { verb: "draw", text, city: match[1] ?? null };
  }
  if (OFFICIAL_CODES.includes(text)) return { verb: "official", text, official: text };
  if ((match = /^\*([A-Z]{3})$/.exec(text))) return { verb: "start", text, city: match[1] };
  if ((match = /^\/([A-Z]{3})$/.exec(text))) return { verb: "restart", text, city: match[1] };
  if ((match = /^\+([A-Z]{3})$/.exec(text))) return { verb: "right", text, city: match[1] };
  if ((match = /^([A-Z]{3})\+$/.exec(text))) return { verb: "left", text, city: match[1] };
  if ((match = CLOSE.exec(text))) {
    return { verb: "close", text, mode: match[1] ? "region" : "each", region: match[1] ?? null,
      cities: match[2] ? match[2].split(",") : [] };
  }
  if ((match = DROP.exec(text))) return { verb: "drop", text, cities: match[1].split(",") };
  if (text === ".") return { verb: "end", text };
  return { verb: "unknown", text };
}

/** Return the key of a set of cities, the same whatever their order. */
export const citiesKey = (cities) => [...cities].sort().join(",");

/**
 * The legal actions of one decision, grouped for the board: what each display slot, card, end,
 * official and button does. Every method answers from the legal texts alone.
 */
export class TntChoices {
  constructor(legal) {
    this.actions = legal.map(parseAction);
  }

  /** Return the legal text of verb (and a matching field), or null. */
  find(verb, test = () => true) {
    return this.actions.find((action) => action.verb === verb && test(action))?.text ?? null;
  }

  /** Return the take of display slot `slot`, or null. */
  take(slot) {
    return this.find("take", (action) => action.slot === slot);
  }

  /** Return the blind draw, or null. */
  draw() {
    return this.find("draw");
  }

  /** Return the use of an official, or null. */
  official(code) {
    return this.find("official", (action) => action.official === code);
  }

  /** Return {start, left, right, restart}: the legal plays of a card of `city` (null: none). */
  plays(city) {
    const of = (verb) => this.find(verb, (action) => action.city === city);
    return { start: of("start"), left: of("left"), right: of("right"), restart: of("restart") };
  }

  /** Return whether a card of `city` can be played anyhow. */
  playable(city) {
    return Object.values(this.plays(city)).some(Boolean);
  }

  /** Return the legal closes, parsed. */
  closes() {
    return this.actions.filter((action) => action.verb === "close");
  }

  /** Return the legal hand-limit discards, parsed. */
  drops() {
    return this.actions.filter((action) => action.verb === "drop");
  }

  /** Return the hand-limit discard of exactly these cards, or null. */
  drop(cities) {
    const key = citiesKey(cities);
    return this.drops().find((action) => citiesKey(action.cities) === key)?.text ?? null;
  }

  /** Return the end of the turn ("."), or null. */
  end() {
    return this.find("end");
  }
}
