// Keezen in the browser: the board, the hand of cards, choosing a move by clicks, and the
// log in words. The match and replay pages call this through the interface in games/index.js.

import { createKeezenBoard, SEAT_COLOURS } from "../boards/keezen.js";
import { h, replaceChildren } from "../dom.js";
import { listText, t } from "../i18n.js";
import { rememberFocus } from "../components/focus.js";
import { partnersOf } from "../components/seats.js";
import { MovePicker, parseAction } from "./keezen-moves.js";
import { cardReasonText } from "./keezen-reasons.js";
import { actionWords, cardFace, colourName, describe, holeName } from "./keezen-words.js";

/** Return the pawns after the parts chosen so far (the first part of a split 7) and their moves. */
function applyParts(observation, parts, controlled) {
  const pawns = observation.pawns.map((locs) => [...locs]);
  const moves = [];
  for (const { from, to } of parts) {
    const mover = from === "s" ? controlled : pawns.findIndex((locs) => locs.includes(from));
    const victim = /^\d+$/.test(to) ? pawns.findIndex((locs) => locs.includes(to)) : -1;
    if (victim >= 0) pawns[victim][pawns[victim].indexOf(to)] = "s";
    if (mover >= 0) pawns[mover][pawns[mover].indexOf(from)] = to;
    moves.push({ pawn_of: mover, from, to, victim });
  }
  return { pawns, moves };
}

/**
 * Return a legal action in words; its seats are read from the pawns as each click is made. The
 * viewer's own pawns are "your pawn"; a partner's, moved once one's own are home, keep its colour.
 */
function candidateWords(observation, action, controlled) {
  const you = observation.seat ?? undefined;
  if (action.swap) {
    const seatAt = (loc) => observation.pawns.findIndex((locs) => locs.includes(loc));
    return actionWords(action, action.path.map(seatAt), you);
  }
  const { moves } = applyParts(observation, action.parts, controlled);
  return actionWords(action, moves.flatMap((m) => [m.pawn_of, m.victim]), you);
}

const HINTS = {
  false: ["keezen.hint.source", "keezen.hint.dest", "keezen.hint.source2", "keezen.hint.dest2"],
  true: ["keezen.hint.swapOwn", "keezen.hint.swapOther"],
};

/**
 * Create the Keezen view: the board goes into `boardArea`, hand and move controls into
 * `controlsArea`. `onAction(text)` receives a completed legal action text; `game` (the loaded
 * game, games/index.js) names the teams, whose partners the board marks.
 */
function createView({ boardArea, controlsArea, onAction, game = null }) {
  let observation = null;
  let picker = new MovePicker([]);
  let interactive = false;
  let busy = false;
  let previewKey = "";
  const board = createKeezenBoard(boardArea, {
    onPick: pick, describeLoc: holeName, cardFace, label: t("keezen.board"),
    describePawn: (pawnColour, loc, colour) => t("access.keezen.pawn",
      { colour: colourName(pawnColour), place: holeName(loc, colour) }),
    zoomLabel: t("access.zoom"),
  });
  const hand = h("div", { class: "hand", "data-testid": "hand", role: "group" });
  const hint = h("div", { class: "hint", "data-testid": "move-hint" });
  const candidates = h("div", { class: "candidates", "data-testid": "candidates" });
  const backButton = h("button", { "data-testid": "move-back", onclick: back }, t("keezen.back"));
  const cancelButton = h("button", { "data-testid": "move-cancel", onclick: cancel },
    t("keezen.cancel"));
  const controls = h("section", { class: "panel keezen-controls", "data-testid": "controls" },
    h("h2", {}, t("keezen.yourHand")), hand, hint,
    h("div", { class: "move-controls" }, backButton, cancelButton), candidates);

  // Escape takes back the whole choice, as the cancel button does.
  function onKey(event) {
    if (event.key !== "Escape" || !interactive || picker.card === null) return;
    const card = picker.card;
    const onBoard = board.element.contains(document.activeElement);
    cancel();
    // A keyboard player on the board goes back to the card given up, to choose again.
    if (onBoard) hand.querySelector(`[data-card="${CSS.escape(card)}"]`)?.focus();
  }
  document.addEventListener("keydown", onKey);

  function pick(loc) {
    if (!interactive || busy) return;
    const done = picker.pick(loc);
    if (done) submit(done);
    else refresh();
  }

  function back() {
    picker.back();
    refresh();
  }

  function cancel() {
    picker.reset();
    refresh();
  }

  function submit(text) {
    busy = true;
    refresh();
    Promise.resolve(onAction(text)).finally(() => {
      busy = false;
      picker.reset();
      refresh();
    });
  }

  // Redraw hand, hint and highlights from the picker's state.
  function refresh() {
    if (!observation) return;
    const playable = picker.playableCards();
    const waiting = observation.current_player != null
      && observation.current_player !== observation.seat;
    // A disabled card says why (a tooltip, and the description a screen reader reads): the
    // engine's reason when it gave one.
    const whyNot = (card) => (interactive && !playable.has(card)
      ? cardReasonText(observation.card_reasons?.[card]) ?? t("keezen.card.noMove")
      : !interactive && waiting ? t("keezen.card.notYourTurn") : null);
    // The cards are drawn anew: the one with the keyboard focus hands it to its successor.
    const restoreFocus = rememberFocus(hand);
    replaceChildren(hand, (observation.hand ?? []).map((card) => h("button", {
      class: "card", "data-testid": "hand-card", "data-card": card,
      "data-playable": String(interactive && playable.has(card)),
      "aria-pressed": String(interactive && picker.card === card),
      "aria-label": t("keezen.cardLabel", { card: cardFace(card) }),
      title: whyNot(card),
      disabled: !interactive || busy || !playable.has(card),
      onclick: (event) => {
        picker.selectCard(card);
        refresh();
        // Chosen from the keyboard (a click without a pointer): go on to the board's choices.
        if (event.detail === 0 && picker.card !== null) board.focusFirstChoice();
      },
    }, cardFace(card))));
    restoreFocus();
    const next = interactive && !busy ? picker.next() : null;
    const parts = next?.swap ? [] : picker.chosenParts();
    const controlled = observation.controlled_colour?.[observation.seat] ?? observation.seat;
    // Show the first part of a split 7 on the board: the second part starts from there.
    const key = JSON.stringify(parts);
    if (key !== previewKey) {
      const { pawns, moves } = applyParts(observation, parts, controlled);
      board.preview(pawns, [{ kind: "play", card: picker.card, moves }]);
      previewKey = key;
    }
    const choosingDest = next && next.step % 2 === 1;
    const selected = choosingDest
      ? [{ loc: picker.path[next.step - 1], colour: controlled }] : [];
    board.setChoices(next
      ? { kind: next.kind, locs: next.locs, colour: controlled, selected } : {});
    hint.textContent = !interactive ? "" : busy ? t("keezen.hint.sending")
      : picker.card === null ? t("keezen.hint.card")
        : t(HINTS[next.swap][next.step], { card: cardFace(picker.card) });
    backButton.hidden = !interactive || picker.card === null;
    cancelButton.hidden = backButton.hidden;
    replaceChildren(candidates, interactive && picker.card !== null
      ? picker.candidates().map((action) => h("button", {
        "data-testid": "candidate-action", "data-action": action.text, disabled: busy,
        onclick: () => submit(action.text),
      }, candidateWords(observation, action, controlled)))
      : []);
  }

  return {
    /** Return a legal action text in words (a move to confirm). */
    actionWords: (text) => candidateWords(observation, parseAction(text),
      observation.controlled_colour?.[observation.seat] ?? observation.seat),

    /**
     * Show a view. `showHand`: render this seat's hand; `interactive`: its moves can be chosen;
     * `entries`: log entries since the last view, animated on the board.
     */
    update(view, { showHand, interactive: canAct, entries = [], seatLabels = [], bottomSeat = 0 }) {
      const previous = observation;
      observation = view.observation;
      // Keep a half-made choice only while the same moves are on offer (e.g. a language switch).
      const wasInteractive = interactive;
      interactive = Boolean(canAct && observation.legal_actions.length);
      const sameChoice = previous && interactive === wasInteractive
        && previous.position === observation.position
        && previous.legal_actions.join("|") === observation.legal_actions.join("|");
      if (!sameChoice) picker = new MovePicker(interactive ? observation.legal_actions : []);
      previewKey = "[]";
      const lastPlay = [...observation.log].reverse()
        .find((e) => e.kind === "play" || e.kind === "swap") ?? null;
      const partners = observation.pawns.map((_, seat) =>
        (game ? partnersOf(game, observation.num_players, seat) : []));
      const partnerLabels = partners.map((seats) => (seats.length ? t("keezen.board.partner",
        { name: listText(seats.map((seat) => seatLabels[seat] ?? colourName(seat))) }) : ""));
      board.update(observation, {
        entries, labels: seatLabels, bottomSeat, lastPlay, partners, partnerLabels,
      });
      if (showHand && observation.hand) {
        if (!controls.isConnected) controlsArea.append(controls);
      } else {
        controls.remove();
      }
      refresh();
    },

    destroy() {
      document.removeEventListener("keydown", onKey);
      board.destroy();
      controls.remove();
    },
  };
}

/**
 * Return a seat's progress in words: its own pawns at home, and beside it the team's (the
 * observation's score) when it has partners. `game` is the loaded game (games/index.js).
 */
function seatProgress(game, observation, seat) {
  const own = observation.pawns[seat].filter((loc) => loc.startsWith("h")).length;
  if (!partnersOf(game, observation.num_players, seat).length) {
    return t("keezen.seat.score", { n: own });
  }
  return t("keezen.seat.scoreTeam", { n: own, team: observation.scores[seat] });
}

/**
 * Return the final score table's columns: the pawns home of each seat's team (its score) and,
 * when seats have partners, its own beside them.
 */
function scoreColumns(game, observation) {
  const own = observation.pawns.map((locs) => locs.filter((loc) => loc.startsWith("h")).length);
  const teams = observation.pawns.some((_, seat) =>
    partnersOf(game, observation.num_players, seat).length);
  if (!teams) {
    return [{ testid: "score", label: t("keezen.scores.home"), values: observation.scores }];
  }
  return [{ testid: "score", label: t("keezen.scores.team"), values: observation.scores },
    { testid: "score-own", label: t("keezen.scores.own"), values: own }];
}

export default {
  name: "keezen",
  seatColour: (seat) => SEAT_COLOURS[seat],
  seatColourName: colourName,
  stylesheets: ["keezen.css"],
  describe,
  // The pages call these as game.createView(…) and game.seatProgress(…): `this` is the loaded
  // game, whose `info` (the server's descriptor) holds the teams.
  createView(options) {
    return createView({ ...options, game: this });
  },
  seatProgress(observation, seat) {
    return seatProgress(this, observation, seat);
  },
  scoreColumns(observation) {
    return scoreColumns(this, observation);
  },
  parseAction,
};
