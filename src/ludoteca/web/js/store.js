// What this browser remembers between visits: the seat tokens it holds per match and the
// player's name. Tokens are secrets; they stay in this browser's localStorage only.

const tokensKey = (matchId) => `ludoteca.tokens.${matchId}`;

/** Return {seat: token} for the seats this browser holds in `matchId`. */
export function heldTokens(matchId) {
  try {
    return JSON.parse(localStorage.getItem(tokensKey(matchId))) ?? {};
  } catch {
    return {};
  }
}

/** Remember more seat tokens of `matchId` (merged with those already held). */
export function rememberTokens(matchId, tokens) {
  const all = { ...heldTokens(matchId), ...tokens };
  localStorage.setItem(tokensKey(matchId), JSON.stringify(all));
}

/** Return the seats held in `matchId`, ascending. */
export function heldSeats(matchId) {
  return Object.keys(heldTokens(matchId)).map(Number).sort((a, b) => a - b);
}

export const playerName = () => localStorage.getItem("ludoteca.name") ?? "";
export const rememberName = (name) => localStorage.setItem("ludoteca.name", name);
