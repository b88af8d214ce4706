// Choosing an Elfenland action by clicks. Every legal action text (rules section 7) becomes a
// list of click targets:
//
//   "take 2"          slot:2                 a face-up counter
//   "draw"            draw                   the "draw blind" button
//   "place D? 21"     counter:D?  edge:21    one of your counters, then a highlighted road
//   "obstacle 21"     obstacle    edge:21    the obstacle button, then a highlighted road
//   "pass" / "end"    pass / end             a button
//   "move 37 R"       edge:37     pay:R      a highlighted edge, then (if there is a choice) a
//                                            payment in the dialog
//   "keep-counter T?" counter:T?             one of your counters
//   "keep-cards UUDR" keep:UUDR              four cards of the hand, then "keep" (see keepText)
//
// The picker keeps the clicks made so far and offers exactly the next targets that lead to a
// legal action, so a completed click sequence always names one legal action text.

/** Card and counter letters in the notation's canonical order (the chart order). */
export const CARD_ORDER = "PECUTDR";

/** Return cards ("RDUU") in canonical order ("UUDR"). */
export function sortCards(cards) {
  return [...cards].sort((x, y) => CARD_ORDER.indexOf(x) - CARD_ORDER.indexOf(y)).join("");
}

/** Return the parts and the click path of a legal action text. */
export function parseAction(text) {
  const [verb, first, second] = text.split(" ");
  switch (verb) {
    case "take":
      return { text, verb, slot: Number(first), path: [`slot:${first}`] };
    case "place":
      return { text, verb, counter: first, edge: Number(second),
        path: [`counter:${first}`, `edge:${second}`] };
    case "obstacle":
      return { text, verb, edge: Number(first), path: ["obstacle", `edge:${first}`] };
    case "move":
      return { text, verb, edge: Number(first), cards: second,
        path: [`edge:${first}`, `pay:${second}`] };
    case "keep-cards":
      return { text, verb, cards: first, path: [`keep:${first}`] };
    case "keep-counter":
      return { text, verb, counter: first, path: [`counter:${first}`] };
    default: // draw, pass, end
      return { text, verb, path: [verb] };
  }
}

export class ElfPicker {
  constructor(legalTexts) {
    this.actions = legalTexts.map(parseAction);
    this.path = [];
  }

  reset() {
    this.path = [];
  }

  /** Take back the last click. */
  back() {
    this.path = this.path.slice(0, -1);
  }

  /** Return the actions still possible after the clicks so far. */
  candidates() {
    return this.actions.filter((a) => this.path.every((target, i) => a.path[i] === target));
  }

  /** Return the targets of the next click (a Set of texts such as "edge:12"). */
  offered() {
    const step = this.path.length;
    return new Set(this.candidates().map((a) => a.path[step]).filter((x) => x !== undefined));
  }

  /** Return the targets of a first click (what can start a new choice). */
  starts() {
    return new Set(this.actions.map((a) => a.path[0]));
  }

  /** Return the ids of the edges offered for the next click. */
  offeredEdges() {
    return [...this.offered()].filter((x) => x.startsWith("edge:")).map((x) => Number(x.slice(5)));
  }

  /** Return the payments offered for the next click ("R", "RR", ...), or [] if none. */
  offeredPayments() {
    return [...this.offered()].filter((x) => x.startsWith("pay:")).map((x) => x.slice(4));
  }

  /** Return the first target clicked (e.g. "counter:D" or "obstacle"), or null. */
  selected() {
    return this.path[0] ?? null;
  }

  /**
   * Click `target`; return the completed legal action text, or null while more clicks are
   * needed. A target that starts a new choice replaces the old one; clicking the selected
   * first target again deselects it. A payment without alternatives is chosen at once.
   */
  pick(target) {
    if (this.path.length === 1 && this.path[0] === target) {
      this.path = [];
      return null;
    }
    if (!this.offered().has(target)) {
      if (!this.starts().has(target)) return null;
      this.path = [];
    }
    this.path = [...this.path, target];
    for (;;) {
      const candidates = this.candidates();
      const done = candidates.filter((a) => a.path.length === this.path.length);
      if (done.length === 1 && candidates.length === 1) return done[0].text;
      const payments = this.offeredPayments();
      if (payments.length !== 1) return null;
      this.path = [...this.path, `pay:${payments[0]}`];
    }
  }

  /** Return true if some action keeps four cards of the hand. */
  keepsCards() {
    return this.actions.some((a) => a.verb === "keep-cards");
  }

  /** Return the keep-cards action text for the chosen cards (letters), or null if not legal. */
  keepText(cards) {
    const wanted = sortCards(cards);
    return this.actions.find((a) => a.verb === "keep-cards" && sortCards(a.cards) === wanted)
      ?.text ?? null;
  }
}
