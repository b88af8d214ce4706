// Elfenland in the browser: the map, the table (face-up counters, every seat's counters), your
// cards and counters, choosing an action by clicks, and the log in words. The match and replay
// pages call this through the interface in games/index.js.
//
// Choosing: phase 3 a face-up counter or "draw blind"; phase 4 one of your counters (or the
// obstacle button), then a highlighted road, or "pass"; phase 5 a highlighted edge from the
// boot's town, paid in a small dialog when there is a choice of payments, or "end"; phase 6 four
// cards to keep (then "keep") and the counter to keep. Every click sequence ends in exactly one
// legal action text of the observation, which is posted through `onAction`.

import { api } from "../api.js";
import { createElfenlandBoard } from "../boards/elfenland.js";
import { h, replaceChildren } from "../dom.js";
import { t } from "../i18n.js";
import { rememberFocus } from "../components/focus.js";
import { ElfPicker, parseAction } from "./elfenland-moves.js";
import {
  cardButton, costChart, counterToken, displayRow, legend, letters, paymentDialog, roundLine,
  seatTable,
} from "./elfenland-panels.js";
import { counterTitle, whyNotUsable } from "./elfenland-reasons.js";
import {
  actionLabel, colourName, counterWords, describe, edgeName, otherEnd, SEAT_COLOURS, stepWords,
  useMap,
} from "./elfenland-words.js";

let boardData = null; // the map never changes: fetched once per page load

function loadBoard() {
  boardData ??= api.board("elfenland").then((data) => {
    useMap(data);
    return data;
  }, (error) => {
    boardData = null;
    throw error;
  });
  return boardData;
}

// The log names edges by their towns, so the module is ready once the map is: a page writes
// its log only after loading the game's module. Without the map (a failed request) the towns
// read "?" and the view retries, showing the error.
await loadBoard().catch(() => null);

const KEPT_CARDS = 4;

// The names of the map's zoom buttons (js/boards/board-zoom.js).
const zoomLabels = () => ({
  group: t("zoom.group"), in: t("zoom.in"), out: t("zoom.out"), mine: t("zoom.showMine"),
});

// On a phone the controls go between the map and the table, so that the choice is near the map.
const NARROW = "(max-width: 820px)";

/**
 * Return what the map marks of this round's log: the edge of the last place, obstacle or move
 * (`lastEdge`), the edge of the last placed counter and each seat's travelled edges.
 */
function roundHistory(observation) {
  const log = observation.log;
  let start = log.length;
  while (start > 0 && log[start - 1].kind !== "round") start -= 1;
  const entries = log.slice(start);
  const withEdge = entries.filter((entry) => entry.edge !== undefined);
  const placed = entries.filter((entry) => entry.kind === "place");
  const routes = Array.from({ length: observation.num_players }, () => []);
  for (const entry of entries) if (entry.kind === "move") routes[entry.seat].push(entry.edge);
  return {
    lastEdge: withEdge.at(-1)?.edge ?? null, lastPlaced: placed.at(-1)?.edge ?? null, routes,
  };
}

/**
 * Create the Elfenland view: map and table go into `boardArea`, your cards, counters and the
 * move controls into `controlsArea`. `onAction(text)` receives a completed legal action text.
 */
function createView({ boardArea, controlsArea, onAction }) {
  let observation = null;
  let picker = new ElfPicker([]);
  let interactive = false;
  let showHand = false;
  let busy = false;
  let labels = [];
  let keep = new Set(); // indices into the sorted hand chosen to keep
  let chart = null; // the transport-cost chart and raft costs of the board data, once loaded
  const open = { legend: false, chart: false }; // toggles drawn anew with every view
  const narrow = window.matchMedia(NARROW);

  const board = createElfenlandBoard(boardArea, {
    onPick: (edge) => pick(`edge:${edge}`), label: t("elfenland.board"),
    colours: SEAT_COLOURS, describeEdge: edgeName, zoomLabels: zoomLabels(),
    describeTown: (name) => (name === "Elvenhold" ? t("elfenland.capitalName", { town: name })
      : name),
  });
  const table = h("section", { class: "panel elf-table", "data-testid": "elf-table" });
  boardArea.append(table);

  const hand = h("div", { class: "hand elf-hand", "data-testid": "hand", role: "group",
    "aria-label": t("elfenland.yourCards") });
  const counters = h("div", { class: "elf-own-counters", "data-testid": "own-counters" });
  const hint = h("div", { class: "hint", "data-testid": "move-hint", "aria-live": "polite" });
  const buttons = h("div", { class: "move-controls", "data-testid": "move-buttons" });
  const candidates = h("div", { class: "candidates", "data-testid": "candidates" });
  const allMoves = h("details", { class: "elf-all-moves", "data-testid": "all-moves" },
    h("summary", {}), candidates);
  const dialogSlot = h("div", {});
  const controls = h("section", { class: "panel elf-controls", "data-testid": "controls" },
    h("h2", {}, t("elfenland.yourCards")), hand,
    h("h2", {}, t("elfenland.yourCounters")), counters,
    hint, buttons, allMoves, dialogSlot);

  function onKey(event) {
    if (event.key === "Escape" && interactive && (picker.path.length || keep.size)) cancel();
  }
  document.addEventListener("keydown", onKey);

  function placeControls() {
    if (!showHand) controls.remove();
    else if (narrow.matches) {
      if (controls.nextElementSibling !== table) table.before(controls);
    } else if (controls.parentElement !== controlsArea) controlsArea.append(controls);
  }
  narrow.addEventListener("change", placeControls);

  loadBoard().then((data) => {
    chart = { costs: data.chart, raft: data.raft };
    board.setMap(data);
    render();
  }).catch((error) => {
    table.prepend(h("div", { class: "error-banner" }, error.message));
  });

  const seatName = (seat) => labels[seat] ?? colourName(seat);

  function pick(target) {
    if (!interactive || busy) return;
    keep = new Set();
    const done = picker.pick(target);
    if (done) submit(done);
    else refresh();
  }

  function cancel() {
    picker.reset();
    keep = new Set();
    refresh();
  }

  function submit(text) {
    busy = true;
    refresh();
    Promise.resolve(onAction(text)).finally(() => {
      busy = false;
      picker.reset();
      keep = new Set();
      refresh();
    });
  }

  // Everything that depends on the observation and the clicks so far.
  function render() {
    if (!observation) return;
    board.update(observation);
    board.setHistory(roundHistory(observation));
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
    const active = interactive && !busy;
    const starts = active ? picker.starts() : new Set();
    const offered = active ? picker.offered() : new Set();
    drawTable(starts);
    drawBoardChoices(active);
    if (!showHand) return;
    const sortedHand = letters(observation.hand);
    const keeping = active && picker.keepsCards();
    replaceChildren(hand, sortedHand.length ? sortedHand.map((letter, index) => cardButton(letter, {
      "data-testid": "hand-card", "data-card": letter, "data-index": index,
      "data-playable": String(keeping),
      "aria-pressed": keeping ? String(keep.has(index)) : undefined,
      title: whyNot("card", keeping),
      disabled: !keeping,
      onclick: () => toggleKeep(index),
    })) : h("span", { class: "muted" }, t("elfenland.noCards")));
    drawOwnCounters(starts);
    drawButtons(starts, keeping, sortedHand);
    drawHint(keeping, offered);
    drawDialog(active);
    const list = active ? picker.candidates() : [];
    allMoves.hidden = !list.length;
    allMoves.querySelector("summary").textContent = t("elfenland.allMoves", { n: list.length });
    const ctx = labelContext();
    replaceChildren(candidates, list.map((action) => h("button", {
      "data-testid": "candidate-action", "data-action": action.text, disabled: busy,
      onclick: () => submit(action.text),
    }, actionLabel(action.text, ctx))));
  }

  function labelContext() {
    const seat = observation.seat ?? observation.current_player;
    return { town: observation.boots[seat], display: observation.display,
      roads: observation.roads };
  }

  function drawTable(starts) {
    replaceChildren(table,
      roundLine(observation, seatName),
      displayRow(observation, {
        canTake: (slot) => starts.has(`slot:${slot}`), canDraw: starts.has("draw"),
        onPick: pick, busy, whyNot: (playable) => whyNot("display", playable),
      }),
      seatTable(observation, { seatName, colours: SEAT_COLOURS }),
      legend(SEAT_COLOURS, observation.num_players, seatName, {
        open: open.legend, onToggle: (isOpen) => { open.legend = isOpen; },
      }),
      chart ? costChart(chart.costs, chart.raft, {
        open: open.chart, onToggle: (isOpen) => { open.chart = isOpen; },
      }) : null);
  }

  function drawBoardChoices(active) {
    if (!board.ready()) return;
    const first = picker.selected();
    const edges = active ? picker.offeredEdges() : [];
    const kind = first?.startsWith("counter:") ? "place" : first === "obstacle" ? "obstacle"
      : "move";
    const payingFor = active && picker.offeredPayments().length ? Number(first.slice(5)) : null;
    const seat = observation.current_player;
    board.setChoices({
      kind, edges, selected: payingFor,
      from: active && observation.phase === 5 && seat !== null ? observation.boots[seat] : null,
    });
  }

  // A disabled card or counter says why (tooltip and accessible description).
  function whyNot(kind, usable) {
    return whyNotUsable(observation, kind, { usable, active: interactive && !busy });
  }

  function drawOwnCounters(starts) {
    const refs = [...letters(observation.open_counters[observation.seat] ?? ""),
      ...letters(observation.secret_counters ?? "").map((letter) => `${letter}?`)];
    let pressedShown = false;
    replaceChildren(counters, refs.length ? refs.map((ref) => {
      const playable = starts.has(`counter:${ref}`);
      const pressed = !pressedShown && picker.selected() === `counter:${ref}`;
      pressedShown ||= pressed;
      return counterToken(ref, {
        "data-testid": "own-counter", "data-ref": ref, "data-playable": String(playable),
        "aria-pressed": String(pressed), disabled: !playable || busy,
        title: counterTitle(counterWords(ref), whyNot("counter", playable)),
        onclick: (event) => {
          pick(`counter:${ref}`);
          // Chosen from the keyboard (a click without a pointer): go on to the roads.
          if (event.detail === 0) board.focusFirstChoice();
        },
      }, "button");
    }) : h("span", { class: "muted" }, t("elfenland.noCounters")));
  }

  function drawButtons(starts, keeping, sortedHand) {
    const parts = [];
    if (starts.has("obstacle")) {
      parts.push(h("button", {
        "data-testid": "obstacle-button", "aria-pressed": String(picker.selected() === "obstacle"),
        onclick: (event) => {
          pick("obstacle");
          if (event.detail === 0) board.focusFirstChoice(); // from the keyboard: to the roads
        },
      }, h("span", { class: "elf-obstacle-icon" }), t("elfenland.obstacleButton")));
    }
    if (starts.has("pass")) {
      parts.push(h("button", { "data-testid": "pass-button", onclick: () => pick("pass") },
        t("elfenland.pass")));
    }
    if (starts.has("end")) {
      parts.push(h("button", { "data-testid": "end-button", onclick: () => pick("end") },
        t("elfenland.endJourney")));
    }
    if (keeping) {
      const text = picker.keepText([...keep].map((index) => sortedHand[index]).join(""));
      parts.push(h("button", {
        class: "primary", "data-testid": "keep-cards-confirm", disabled: !text,
        "data-action": text ?? "", onclick: () => text && submit(text),
      }, t("elfenland.keepConfirm")));
    }
    if (interactive && !busy && (picker.path.length || keep.size)) {
      parts.push(h("button", { "data-testid": "move-cancel", onclick: cancel },
        t("elfenland.cancel")));
    }
    replaceChildren(buttons, parts);
  }

  function drawHint(keeping, offered) {
    const seat = observation.seat;
    const first = picker.selected();
    let text = "";
    if (busy) text = t("elfenland.hint.sending");
    else if (!interactive) text = "";
    else if (keeping) text = t("elfenland.hint.keepCards", { n: keep.size });
    else if (first?.startsWith("counter:") && picker.path.length === 1 && offered.size) {
      text = t("elfenland.hint.placeRoad", { counter: counterWords(first.slice(8)) });
    } else if (first === "obstacle") text = t("elfenland.hint.obstacleRoad");
    else if (picker.offeredPayments().length) text = t("elfenland.hint.pay");
    else if (observation.phase === 3) text = t("elfenland.hint.pick");
    else if (observation.phase === 4) {
      const starts = picker.starts();
      text = [...starts].some((x) => x.startsWith("counter:")) ? t("elfenland.hint.place")
        : starts.has("obstacle") ? t("elfenland.hint.obstacleOrPass")
          : t("elfenland.hint.passOnly");
    }
    else if (observation.phase === 5) {
      text = t("elfenland.hint.move", { town: observation.boots[seat] });
    } else if ([...picker.starts()].some((x) => x.startsWith("counter:"))) {
      text = t("elfenland.hint.keepCounter");
    }
    hint.textContent = text;
  }

  function drawDialog(active) {
    const payments = active ? picker.offeredPayments() : [];
    if (!payments.length) {
      dialogSlot.replaceChildren();
      return;
    }
    const id = Number(picker.selected().slice(5));
    const edge = board.edge(id);
    const to = edge ? otherEnd(edge, observation.boots[observation.seat]) : "?";
    const counter = observation.roads.find((road) => road.edge === id)?.counter ?? null;
    const title = t("elfenland.pay.title", stepWords(id, to, counter));
    const dialog = paymentDialog(title, payments, {
      onPay: (cards) => pick(`pay:${cards}`),
      onCancel: cancel,
    });
    dialogSlot.replaceChildren(dialog);
    dialog.querySelector("button")?.focus();
  }

  function toggleKeep(index) {
    if (!interactive || busy) return;
    if (keep.has(index)) keep.delete(index);
    else if (keep.size < KEPT_CARDS) keep.add(index);
    refresh();
  }

  return {
    /** Show a view. `showHand`: render this seat's cards; `interactive`: it may act. */
    update(view, { showHand: show, interactive: canAct, seatLabels = [] }) {
      const previous = observation;
      observation = view.observation;
      labels = seatLabels;
      const wasInteractive = interactive;
      interactive = Boolean(canAct && observation.legal_actions.length);
      // Keep a half-made choice only while the same actions are on offer.
      const sameChoice = previous && interactive === wasInteractive
        && previous.legal_actions.join("|") === observation.legal_actions.join("|")
        && previous.log.length === observation.log.length;
      if (!sameChoice) {
        picker = new ElfPicker(interactive ? observation.legal_actions : []);
        keep = new Set();
      }
      showHand = Boolean(show && observation.hand !== null && observation.hand !== undefined);
      placeControls();
      render();
    },

    /** Return a legal action text in words, as the move list writes it (a move to confirm). */
    actionWords: (text) => actionLabel(text, labelContext()),

    destroy() {
      document.removeEventListener("keydown", onKey);
      narrow.removeEventListener("change", placeControls);
      board.destroy();
      table.remove();
      controls.remove();
    },
  };
}

/**
 * Return the final score table's columns: town pieces (the score) and the tie-break, cards in
 * hand when the game ended (E41/E42), as the log's end entry records them.
 */
function scoreColumns(observation) {
  const end = observation.log.findLast((entry) => entry.kind === "end");
  return [
    { testid: "score", label: t("elfenland.scores.towns"), values: observation.scores },
    { testid: "tie-break", label: t("elfenland.scores.tieBreak"),
      values: end?.hand_sizes ?? observation.hand_sizes, note: t("elfenland.scores.tieBreakNote") },
  ];
}

export default {
  name: "elfenland",
  seatColour: (seat) => SEAT_COLOURS[seat],
  seatColourName: colourName,
  stylesheets: ["elfenland.css"],
  describe,
  createView,
  scoreColumns,
  parseAction,
};
