// Suitors' Paths in the browser: the board, the table (the turn and step, the final-round
// notice, the auction, the display and the deck, the supplies, every seat's markers, connections
// and cards), your hand, choosing an action by clicks, and the log in words. The match and
// replay pages call this through the interface in games/index.js.
//
// Choosing: in an auction, click a highlighted hex on the board and then the opening bid, or a
// raise, or pass; to pay a bid (or discard down to ten), click exactly the cards to give up and
// confirm. To build, click a highlighted segment (labelled with the card it needs): with one way
// to pay it is built at once, otherwise a small chooser asks which (the card or a pair). Girls
// move by their arrows; cards are taken from the display (one slot, or all of a colour) or the
// deck. Every click sequence ends in exactly one legal action text of the observation, which is
// posted through `onAction`.
//
// Places are named in words (suitors_paths-places.js); a log line or control that names one
// outlines its hex on the board while the pointer or focus is on it. A disabled card or control
// says why in its tooltip (suitors_paths-reasons.js).

import { createSpBoard } from "../boards/suitors_paths.js";
import { h, replaceChildren } from "../dom.js";
import { listText, plural, t } from "../i18n.js";
import { rememberFocus } from "../components/focus.js";
import { COLOURS, parseAction, SpChoices } from "./suitors_paths-moves.js";
import {
  auctionPanel, card, finalRoundNotice, seatTable, suppliesLine, terrainLegend, turnLine,
} from "./suitors_paths-panels.js";
import {
  actionLabel, cardName, cardsWords, colourName, describe, SEAT_COLOURS,
} from "./suitors_paths-words.js";
import {
  actionHexes, entryHexes, placeWords, segmentWords, setPlaces,
} from "./suitors_paths-places.js";
import { whyNotUsable } from "./suitors_paths-reasons.js";

// On a phone the controls go between the board and the table, so that the hand is near the board.
const NARROW = "(max-width: 820px)";

/**
 * Create the Suitors' Paths view: board and table go into `boardArea`, your hand and the move
 * controls into `controlsArea`. `onAction(text)` receives a completed legal action text.
 */
function createView({ boardArea, controlsArea, onAction }) {
  let observation = null;
  let choices = new SpChoices([]);
  let interactive = false;
  let showHand = false;
  let busy = false;
  let labels = [];
  let openHex = null; // the hex chosen to open an auction on
  let stretch = null; // the segment names of the stretch chosen to build, while asking how
  let picked = new Set(); // indices into the hand chosen to pay a bid or to discard
  let readySpokes = true; // false when routes start at the suitor (option route_start)
  let byKeyboard = false; // the last choice was made with the keyboard: the focus follows
  const narrow = window.matchMedia(NARROW);

  const board = createSpBoard(boardArea, {
    colours: SEAT_COLOURS, label: t("suitors_paths.board"), zoomLabel: t("access.zoom"),
    onPick: pickOnBoard, hexTitle: placeWords,
    girlTitle: (girl) => (girl.stack.length
      ? t("suitors_paths.girlTitle", { hex: placeWords(girl.hex),
        players: listText(girl.stack.map(seatName)) })
      : t("suitors_paths.girlFree", { hex: placeWords(girl.hex) })),
    suitorTitle: (seat) => t("suitors_paths.suitorTitle", { player: seatName(seat) }),
  });
  const table = h("section", { class: "panel sp-table", "data-testid": "sp-table" });
  boardArea.append(table);

  const hand = h("div", { class: "hand sp-hand", "data-testid": "hand", role: "group",
    "aria-label": t("suitors_paths.yourHand") });
  const hint = h("div", { class: "hint", "data-testid": "move-hint", "aria-live": "polite" });
  const chooser = h("div", { class: "sp-chooser", "data-testid": "chooser" });
  const buttons = h("div", { class: "move-controls", "data-testid": "move-buttons" });
  const candidates = h("div", { class: "candidates", "data-testid": "candidates" });
  const allMoves = h("details", { class: "sp-all-moves", "data-testid": "all-moves" },
    h("summary", {}), candidates);
  const controls = h("section", { class: "panel sp-controls", "data-testid": "controls" },
    h("h2", {}, t("suitors_paths.yourHand")), hand, hint, chooser, buttons, allMoves);

  function onKey(event) {
    if (event.key === "Enter" || event.key === " ") byKeyboard = true;
    if (event.key === "Escape" && interactive && (openHex || stretch || picked.size)) cancel();
  }
  const onPointer = () => { byKeyboard = false; };
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", onPointer);

  // A log line or a control that names a place lights its hex up on the board while the
  // pointer or the focus is on it: log lines by their entry, controls by data-sp-hexes.
  function namedHexes(target) {
    const named = target instanceof Element
      ? target.closest("[data-sp-hexes], [data-testid=log-entry]") : null;
    if (!named) return [];
    const listed = named.dataset.spHexes;
    if (listed !== undefined) return listed.split(" ").filter(Boolean);
    const entry = observation?.log[Number(named.dataset.index)];
    return entry ? entryHexes(entry) : [];
  }
  const onPoint = (event) => board.highlight(namedHexes(event.target));
  const onBlur = () => board.highlight([]);
  document.addEventListener("pointerover", onPoint);
  document.addEventListener("focusin", onPoint);
  document.addEventListener("focusout", onBlur);

  function placeControls() {
    if (!showHand) controls.remove();
    else if (narrow.matches) {
      if (controls.nextElementSibling !== table) table.before(controls);
    } else if (controls.parentElement !== controlsArea) controlsArea.append(controls);
  }
  narrow.addEventListener("change", placeControls);

  const seatName = (seat) => labels[seat] ?? colourName(seat);
  const active = () => interactive && !busy;
  const words = (text) => actionLabel(text, { display: observation?.display ?? [] });
  // Why a disabled card or control of `kind` cannot be used (see suitors_paths-reasons.js).
  const whyNot = (kind, usable) => whyNotUsable(observation, kind, { usable, active: active(),
    needed: choices.cardsToChoose(), chosen: picked.size });

  function submit(text) {
    if (!text || !active()) return;
    busy = true;
    refresh();
    Promise.resolve(onAction(text)).finally(() => {
      busy = false;
      resetChoice();
      refresh();
    });
  }

  function resetChoice() {
    openHex = null;
    stretch = null;
    picked = new Set();
  }

  function cancel() {
    resetChoice();
    refresh();
  }

  // A click (or Enter) on the board: a hex to open, a segment to build, a girl's arrow.
  function pickOnBoard(pick) {
    if (!active()) return;
    if (pick.kind === "hex" && choices.openBids(pick.hex).length) {
      openHex = openHex === pick.hex ? null : pick.hex;
      stretch = null;
      refresh();
      if (openHex) chooser.querySelector("[data-action]")?.focus();
    } else if (pick.kind === "segment") {
      const ways = buildWays(pick.segment);
      if (ways.length === 1) submit(ways[0].text);
      else if (ways.length > 1) {
        stretch = stretch === pick.segment ? null : pick.segment;
        refresh();
        if (stretch) chooser.querySelector("[data-action]")?.focus();
      }
    } else if (pick.kind === "girl") {
      submit(choices.girl(pick.hex, pick.dir));
    }
  }

  // The builds of a stretch ("names" of its segment, space-separated): [{segment, payment, text}].
  const buildWays = (names) => names.split(" ").flatMap((name) => choices.builds(name)
    .map((way) => ({ segment: name, ...way })));

  function pickCard(index) {
    if (!active() || !choices.cardsToChoose()) return;
    if (picked.has(index)) picked.delete(index);
    else if (picked.size < choices.cardsToChoose()) picked.add(index); // never more than asked
    refresh();
  }

  function refresh() {
    if (!observation) return;
    const restoreFocus = rememberFocus(table, controls);
    redraw();
    restoreFocus();
  }

  function redraw() {
    controls.dataset.busy = String(busy);
    board.update(observation, boardChoices(), { readySpokes });
    drawTable();
    if (!showHand) return;
    drawHand();
    drawChooser();
    drawButtons();
    drawHint();
    const list = active() ? observation.legal_actions : [];
    allMoves.hidden = !list.length;
    allMoves.querySelector("summary").textContent = t("suitors_paths.allMoves",
      { n: list.length });
    replaceChildren(candidates, list.map((text) => h("button", {
      "data-testid": "candidate-action", "data-action": text, disabled: busy,
      "data-sp-hexes": actionHexes(text).join(" "), onclick: () => submit(text),
    }, words(text))));
  }

  // After an action chosen from the keyboard the control that had the focus is gone: the focus
  // goes to the first thing to choose next (the board's offers, the cards to pay or take, the
  // buttons), unless the player has put it somewhere already.
  function focusNextChoice() {
    const lost = !document.activeElement || document.activeElement === document.body
      || !document.activeElement.isConnected;
    if (!lost) return;
    const next = boardArea.querySelector("svg [data-choice]")
      ?? controls.querySelector("[data-testid=hand-card][data-playable=true]")
      ?? table.querySelector("button[data-playable=true]")
      ?? controls.querySelector("button[data-action]:not([disabled])");
    next?.focus();
  }

  // What the board offers now: hexes to open, segments to build, girls' arrows.
  function boardChoices() {
    if (!active()) return {};
    const path = observation.board.path;
    const buildable = new Map((observation.buildable ?? []).map((entry) => [entry.segment, entry]));
    return {
      hexes: choices.openHexes().map((hex) => ({ hex, pressed: openHex === hex,
        label: t("suitors_paths.openHex", { hex: placeWords(hex) }) })),
      segments: choices.segmentGroups().map(({ names, from, to }) => {
        const entry = buildable.get(names[0]);
        const requirement = entry?.requirement
          ?? choices.builds(names[0]).find((way) => way.payment.length === 1)?.payment ?? "M";
        const connects = Boolean(entry?.connects);
        return {
          segment: names.join(" "), requirement, connects, from, to,
          ways: buildWays(names.join(" ")).length,
          pressed: stretch === names.join(" "),
          label: t(connects ? "suitors_paths.buildConnecting" : "suitors_paths.buildSegment",
            { segment: names.map(segmentWords).join(" / "), card: cardName(requirement) }),
        };
      }),
      arrows: choices.girls().map(({ hex, dir }) => {
        const index = path.indexOf(hex);
        const to = path[(index + (dir === "cw" ? 1 : -1) + path.length) % path.length];
        return { hex, dir, to, label: words(choices.girl(hex, dir)) };
      }),
    };
  }

  function drawTable() {
    const canAct = active();
    const display = h("div", { class: "sp-display", "data-testid": "display", role: "group",
      "aria-label": t("suitors_paths.display") },
    observation.display.map((letter, index) => {
      const take = canAct ? choices.take(index + 1) : null;
      if (!letter) {
        return h("span", { class: "sp-card empty", "data-testid": "display-card",
          "data-slot": index + 1 }, t("suitors_paths.emptySlot"));
      }
      return card(letter, {
        "data-testid": "display-card", "data-slot": index + 1, "data-card": letter,
        "data-playable": String(Boolean(take)), disabled: !take,
        title: whyNot("display", Boolean(take)) ?? cardName(letter),
        "aria-label": t("suitors_paths.displayCard", { slot: index + 1, card: cardName(letter) }),
        onclick: () => submit(take),
      });
    }),
    h("button", { class: "sp-deck", "data-testid": "take-deck",
      "data-playable": String(Boolean(canAct && choices.deck())),
      disabled: !(canAct && choices.deck()),
      title: whyNot("deck", Boolean(canAct && choices.deck())),
      onclick: () => submit(choices.deck()) },
    t("suitors_paths.deck", { n: observation.deck_size })));
    const colours = canAct ? COLOURS.filter((letter) => choices.takeAll(letter)) : [];
    const takeAll = colours.length ? h("div", { class: "sp-take-all", role: "group",
      "aria-label": t("suitors_paths.takeAllTitle") }, colours.map((letter) => h("button", {
      "data-testid": "take-all", "data-colour": letter, "data-action": choices.takeAll(letter),
      onclick: () => submit(choices.takeAll(letter)),
    }, card(letter, {}, "span"), t("suitors_paths.takeAll", { card: cardName(letter),
      n: observation.display.filter((c) => c === letter).length })))) : null;
    replaceChildren(table, turnLine(observation, seatName),
      finalRoundNotice(observation, seatName),
      auctionPanel(observation, { seatName }),
      h("h2", {}, t("suitors_paths.display")), display, takeAll,
      suppliesLine(observation),
      seatTable(observation, { seatName }),
      terrainLegend());
  }

  function drawHand() {
    const cards = observation.hand ?? [];
    const choosing = active() && choices.cardsToChoose() > 0;
    const full = picked.size >= choices.cardsToChoose(); // as many chosen as asked: no more
    replaceChildren(hand, cards.length ? [...cards].map((letter, index) => {
      const usable = choosing && (picked.has(index) || !full);
      return card(letter, {
        "data-testid": "hand-card", "data-card": letter, "data-index": index,
        "data-playable": String(usable), "aria-pressed": choosing ? String(picked.has(index))
          : null, disabled: !usable, title: whyNot("hand", usable) ?? cardName(letter),
        onclick: () => pickCard(index),
      });
    }) : h("span", { class: "muted" }, t("suitors_paths.noCards")));
  }

  // The small choosers: the opening bid for the chosen hex, the payment for the chosen segment.
  function drawChooser() {
    let body = null;
    if (active() && openHex) {
      const title = t("suitors_paths.openTitle", { hex: placeWords(openHex) });
      body = [h("h3", { "data-sp-hexes": openHex }, title),
        h("div", { class: "sp-options", role: "group", "aria-label": title,
          "data-sp-hexes": openHex },
        choices.openBids(openHex).map(({ bid, text }) => h("button", {
          "data-testid": "open-bid", "data-bid": bid, "data-action": text,
          "aria-label": words(text), onclick: () => submit(text) }, String(bid))))];
    } else if (active() && stretch) {
      const names = stretch.split(" ");
      const title = t("suitors_paths.payTitle", { segment: names.map(segmentWords).join(" / ") });
      body = [h("h3", {}, title),
        h("div", { class: "sp-options", role: "group", "aria-label": title },
          buildWays(stretch).map(({ segment, payment, text }) => h("button", {
            "data-testid": "payment", "data-payment": payment, "data-segment": segment,
            "data-sp-hexes": segment.split("/")[0],
            "data-action": text, onclick: () => submit(text) },
          // Named by its words (the group names the segment); the card chips are for the eye.
          names.length > 1 ? h("span", {}, segmentWords(segment)) : null,
          [...payment].map((letter) => card(letter, { "aria-hidden": "true" }, "span")),
          h("span", {}, cardsWords(payment)))))];
    }
    chooser.hidden = !body;
    replaceChildren(chooser, body);
  }

  function drawButtons() {
    const parts = [];
    if (active()) {
      const needed = choices.cardsToChoose();
      if (needed) {
        const chosen = [...picked].map((index) => observation.hand[index]);
        const text = choices.pays().length ? choices.pay(chosen) : choices.discard(chosen);
        parts.push(h("button", { class: "primary", "data-testid": "cards-confirm",
          "data-action": text ?? "", disabled: !text, title: whyNot("confirm", Boolean(text)),
          onclick: () => submit(text) },
        plural(choices.pays().length ? "suitors_paths.payConfirm"
          : "suitors_paths.discardConfirm", needed)));
      }
      for (const { bid, text } of choices.raises()) {
        parts.push(h("button", { "data-testid": "raise", "data-bid": bid, "data-action": text,
          onclick: () => submit(text) }, t("suitors_paths.raiseTo", { n: bid })));
      }
      const simple = [["pass", choices.pass()], ["scrap", choices.scrap()], ["end", choices.end()]];
      for (const [name, text] of simple) {
        if (!text) continue;
        parts.push(h("button", { "data-testid": `${name}-button`, "data-action": text,
          class: name === "end" ? "primary" : null, onclick: () => submit(text) },
        t(`suitors_paths.button.${name}`)));
      }
      if (openHex || stretch || picked.size) {
        parts.push(h("button", { "data-testid": "move-cancel", onclick: cancel },
          t("suitors_paths.cancel")));
      }
    }
    replaceChildren(buttons, parts);
  }

  function drawHint() {
    let text = "";
    if (busy) text = t("suitors_paths.hint.sending");
    else if (!interactive) text = "";
    else if (choices.cardsToChoose()) {
      text = plural(choices.pays().length ? "suitors_paths.hint.pay"
        : "suitors_paths.hint.discard", choices.cardsToChoose(), { chosen: picked.size });
    } else if (openHex) text = t("suitors_paths.hint.bid");
    else if (stretch) text = t("suitors_paths.hint.payment");
    else if (choices.openHexes().length) text = t("suitors_paths.hint.open");
    else if (choices.raises().length || choices.pass()) text = t("suitors_paths.hint.raise");
    else if (choices.segments().length) text = t("suitors_paths.hint.build");
    else if (choices.end() || choices.scrap()) text = t("suitors_paths.hint.noSegment");
    else if (choices.girls().length) text = t("suitors_paths.hint.girl");
    else if (observation.this_turn?.taken) text = t("suitors_paths.hint.secondCard");
    else text = t("suitors_paths.hint.cards");
    hint.textContent = text;
  }

  return {
    /** Show a view. `showHand`: render this seat's cards; `interactive`: it may act. */
    update(view, { showHand: show, interactive: canAct, seatLabels = [] }) {
      const previous = observation;
      observation = view.observation;
      labels = seatLabels;
      setPlaces(observation, seatName);
      readySpokes = view.match?.options?.route_start !== "centre";
      const wasInteractive = interactive;
      interactive = Boolean(canAct && observation.legal_actions.length);
      // Keep a half-made choice only while the same actions are on offer.
      const same = previous && interactive === wasInteractive
        && previous.legal_actions.join("|") === observation.legal_actions.join("|")
        && previous.log.length === observation.log.length;
      choices = new SpChoices(interactive ? observation.legal_actions : []);
      if (!same) resetChoice();
      showHand = Boolean(show && observation.hand !== null && observation.hand !== undefined);
      placeControls();
      refresh();
      // After the page has finished this view (a hot-seat cover may still be going away).
      queueMicrotask(() => {
        if (byKeyboard && active()) focusNextChoice();
      });
    },

    /** Return a legal action text in words, as the move list writes it (a move to confirm). */
    actionWords: (text) => words(text),

    destroy() {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("pointerover", onPoint);
      document.removeEventListener("focusin", onPoint);
      document.removeEventListener("focusout", onBlur);
      narrow.removeEventListener("change", placeControls);
      board.destroy();
      table.remove();
      controls.remove();
    },
  };
}

/** Return the final score table's columns: the score and the tie-break order (P68). */
function scoreColumns(observation) {
  const order = observation.tie_order ?? [];
  const columns = [{ testid: "score", label: t("scores.score"), values: observation.scores }];
  if (order.length) {
    columns.push({ testid: "tie-order", label: t("suitors_paths.col.tieOrder"),
      values: observation.scores.map((_, seat) => order.indexOf(seat) + 1),
      note: t("suitors_paths.tieNote") });
  }
  return columns;
}

export default {
  name: "suitors_paths",
  seatColour: (seat) => SEAT_COLOURS[seat],
  seatColourName: colourName,
  stylesheets: ["suitors_paths.css"],
  describe,
  createView,
  scoreColumns,
  parseAction,
};
