// Choosing a Keezen move by clicks. Every legal action text becomes a list of clicks:
//
//   "Q: 20-32x"        card Q, pawn 20, hole 32
//   "7: 10-12, 7-12x"  card 7, pawn 10, hole 12, pawn 7, hole 12   (a split 7 in two parts)
//   "J: 20<>32"        card J, own pawn 20, other pawn 32
//   "K: s-16"          card K, start area "s", hole 16
//
// The picker keeps the clicks made so far and offers exactly the next clicks that lead to a
// legal action, so a completed click sequence always names one legal action text.

/** Return the card and the click path of a legal action text (notation of rules section 7.1). */
export function parseAction(text) {
  const [card, body] = text.split(": ");
  if (body.includes("<>")) {
    const [own, other] = body.split("<>");
    return { text, card, swap: true, path: [own, other], parts: [] };
  }
  const parts = body.split(", ").map((part) => {
    const [from, rest] = part.split("-");
    const capture = rest.endsWith("x");
    return { from, to: capture ? rest.slice(0, -1) : rest, capture };
  });
  return { text, card, swap: false, path: parts.flatMap((p) => [p.from, p.to]), parts };
}

/** What the next click chooses, for hints: index 0 a pawn, 1 its hole, 2 and 3 the second part. */
export const STEP_KIND = ["source", "dest", "source", "dest"];

export class MovePicker {
  constructor(legalTexts) {
    this.actions = legalTexts.map(parseAction);
    this.card = null;
    this.path = [];
  }

  /** Return the ranks that have at least one legal action. */
  playableCards() {
    return new Set(this.actions.map((a) => a.card));
  }

  /** Select (or, when selected again, deselect) a card. */
  selectCard(card) {
    this.card = this.card === card || !this.playableCards().has(card) ? null : card;
    this.path = [];
  }

  reset() {
    this.card = null;
    this.path = [];
  }

  /** Return the actions still possible after the clicks so far. */
  candidates() {
    if (this.card === null) return [];
    return this.actions.filter((a) => a.card === this.card
      && this.path.every((loc, i) => a.path[i] === loc));
  }

  /** Return {kind, locs, step, swap} for the next click, or null if no card is chosen. */
  next() {
    const candidates = this.candidates();
    if (!candidates.length) return null;
    const step = this.path.length;
    const locs = [...new Set(candidates.map((a) => a.path[step]).filter((l) => l !== undefined))];
    return { kind: STEP_KIND[step], locs, step, swap: candidates[0].swap };
  }

  /** Click `loc`; return the completed legal action text, or null while more clicks are needed. */
  pick(loc) {
    const next = this.next();
    if (!next || !next.locs.includes(loc)) return null;
    this.path = [...this.path, loc];
    const done = this.candidates().filter((a) => a.path.length === this.path.length);
    return done.length === 1 ? done[0].text : null;
  }

  /** Take back the last click (or the card when no click is left). */
  back() {
    if (this.path.length) this.path = this.path.slice(0, -1);
    else this.card = null;
  }

  /** Return the parts already chosen, e.g. the first move of a split 7, for a preview. */
  chosenParts() {
    const parts = [];
    for (let i = 0; i + 1 < this.path.length; i += 2) {
      parts.push({ from: this.path[i], to: this.path[i + 1] });
    }
    return parts;
  }
}
