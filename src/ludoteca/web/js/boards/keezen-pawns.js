// Which pawn went where. Pawns of one colour are interchangeable, and an observation lists only
// where they stand; to animate a move the board must know which pawn walked which way. Pawns
// whose hole is still full stay; the others are paired with the new places by the moves of the
// log entries since the last update (the route of a walk follows the colour's track), and what
// is left (a page opened mid-game, a jump in a replay) moves straight.

import { routeBetween } from "./keezen-geometry.js";

/**
 * Move the pawn objects ({loc}) of `colour` to `locs` and return the moves to animate:
 * {pawn, colour, from, route (location texts walked), group (order of animation)}.
 */
export function matchPawns(layout, colour, pawnList, locs, entries) {
  const targets = [...locs];
  const movers = [];
  for (const pawn of pawnList) {
    const i = targets.indexOf(pawn.loc);
    if (i >= 0) targets.splice(i, 1);
    else movers.push(pawn);
  }
  const moves = [];
  const take = (pawn, to, route, group) => {
    movers.splice(movers.indexOf(pawn), 1);
    targets.splice(targets.indexOf(to), 1);
    moves.push({ pawn, colour, from: pawn.loc, route, group });
    pawn.loc = to;
  };
  entries.forEach((entry, group) => {
    for (const move of entry.moves || []) {
      if (move.pawn_of !== colour) continue;
      const pawn = movers.find((p) => p.loc === move.from);
      if (!pawn || !targets.includes(move.to)) continue;
      const straight = entry.kind === "swap" || move.from === "s";
      const route = straight ? [move.to]
        : routeBetween(layout, colour, move.from, move.to, entry.card === "4");
      take(pawn, move.to, route, group);
    }
    if (entry.kind === "capture" && entry.pawn_of === colour) {
      const pawn = movers.find((p) => p.loc === String(entry.square));
      if (pawn && targets.includes("s")) take(pawn, "s", ["s"], group + 0.5);
    }
  });
  for (const pawn of [...movers]) {
    const to = targets[0];
    const first = pawn.loc === null; // a pawn just created is simply put in place
    take(pawn, to, [to], first ? -1 : entries.length);
  }
  return moves.filter((m) => m.group >= 0);
}
