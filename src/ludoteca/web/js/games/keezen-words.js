// Keezen in words, in the current language: cards, colours, holes and the game log.

import { SEAT_COLOUR_NAMES } from "../boards/keezen.js";
import { listText, t } from "../i18n.js";

/** Return a card's letter in the current language (J, Q, K are B, V, H in Dutch). */
export const cardFace = (card) => t(`keezen.card.${card}`);

/** Return the name of a seat's colour. */
export const colourName = (seat) => t(`colour.${SEAT_COLOUR_NAMES[seat]}`);

/** Return a location in words: a square number, "start" or "home 3". */
function locText(loc) {
  if (loc === "s") return t("keezen.loc.start");
  if (loc.startsWith("h")) return t("keezen.loc.home", { slot: Number(loc.split(".")[1]) + 1 });
  return loc;
}

/** Return a hole's name for screen readers: "square 12", "start area of Red", "home 2 of Red". */
export function holeName(loc, colour) {
  if (loc === "s") return t("keezen.hole.start", { colour: colourName(colour) });
  if (loc.startsWith("h")) {
    const [seat, slot] = loc.slice(1).split(".").map(Number);
    return t("keezen.hole.home", { slot: slot + 1, colour: colourName(seat) });
  }
  return t("keezen.hole.square", { n: loc });
}

function movesText(moves) {
  return moves.map((m) => (m.from === "s"
    ? t("keezen.log.enter", { to: locText(m.to) })
    : t("keezen.log.move", { from: locText(m.from), to: locText(m.to) }))).join(", ");
}

/** Return the log entry in the current language; null means "use entry.text". */
export function describe(entry, { seatName, viewerSeat }) {
  switch (entry.kind) {
    case "deal": {
      const text = t("keezen.log.deal", { deal: entry.deal, dealer: seatName(entry.dealer) });
      const own = viewerSeat === null || viewerSeat === undefined ? null
        : entry.hands?.[viewerSeat];
      if (!own) return text;
      return `${text} ${t("keezen.log.yourCards", { cards: own.map(cardFace).join(" ") })}`;
    }
    case "play":
      return t("keezen.log.play", {
        player: seatName(entry.seat), card: cardFace(entry.card), moves: movesText(entry.moves),
      });
    case "swap":
      return t("keezen.log.swap", {
        player: seatName(entry.seat), card: cardFace(entry.card),
        a: entry.moves[0].from, b: entry.moves[1].from,
      });
    case "capture":
      return t("keezen.log.capture", {
        player: seatName(entry.seat), owner: seatName(entry.pawn_of), square: entry.square,
      });
    case "discard":
      return t("keezen.log.discard", {
        player: seatName(entry.seat), cards: entry.cards.map(cardFace).join(" "),
      });
    case "win":
      return t(entry.seats.length > 1 ? "keezen.log.winTeam" : "keezen.log.win",
        { players: listText(entry.seats.map(seatName)) });
    case "draw":
      return t("keezen.log.draw");
    default:
      return null;
  }
}

/** Return a location in a move's words: "square 12" or "home 3". */
export function placeText(loc) {
  if (loc.startsWith("h")) return locText(loc);
  return t("keezen.hole.square", { n: loc });
}

/**
 * Return a legal action (keezen-moves.js parseAction) in words, e.g. "7: Red's pawn from square
 * 0 to square 1, then Blue's pawn from square 51 to square 57". `seats[i]` is the seat whose pawn
 * is on path[i] when that click is made (-1: none), so it names movers, victims and swaps.
 * `you` is the viewer's seat (by default the mover's), whose pawns the words call "your pawn";
 * a partner's pawns, moved once one's own are home, keep their colour.
 */
export function actionWords(action, seats, you = seats[0]) {
  const owner = (i) => (seats[i] >= 0 ? colourName(seats[i]) : "?");
  const mine = (i) => seats[i] >= 0 && seats[i] === you;
  if (action.swap) {
    const words = { own: owner(0), a: placeText(action.path[0]), other: owner(1),
      b: placeText(action.path[1]) };
    return t("keezen.action", { card: cardFace(action.card),
      moves: t(mine(0) ? "keezen.action.swapOwn" : "keezen.action.swap", words) });
  }
  const parts = action.parts.map((part, i) => {
    if (part.from === "s") return t("keezen.action.enter", { to: placeText(part.to) });
    const words = { owner: owner(2 * i), from: placeText(part.from), to: placeText(part.to) };
    if (!mine(2 * i)) {
      return part.capture && seats[2 * i + 1] >= 0
        ? t("keezen.action.capture", { ...words, victim: owner(2 * i + 1) })
        : t("keezen.action.move", words);
    }
    if (!part.capture || seats[2 * i + 1] < 0) return t("keezen.action.moveOwn", words);
    return mine(2 * i + 1) ? t("keezen.action.captureSelf", words)
      : t("keezen.action.captureOwn", { ...words, victim: owner(2 * i + 1) });
  });
  return t("keezen.action", { card: cardFace(action.card),
    moves: parts.join(t("keezen.action.then")) });
}
