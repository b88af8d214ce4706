// Thurn und Taxis in the browser: the map, the table (display, officials, bonus stacks,
// carriages, every seat's houses, carriage and score), your route and hand, choosing an action
// by clicks, the close with a preview of its houses, and the log in words. The match and replay
// pages call this through the interface in games/index.js.
//
// Choosing: take a face-up card (or draw from the deck, or use an official); play a card by
// clicking it in your hand, then a highlighted end of your route (in the route row or on the
// map); "Close the route" opens the two house placements (one region, or one house per region
// with the cities to choose), previewed on the map before confirming; after a close, click the
// cards to discard down to three. Every click sequence ends in exactly one legal action text of
// the observation, which is posted through `onAction`.

import { createTntBoard } from "../boards/thurn_und_taxis.js";
import { h, replaceChildren } from "../dom.js";
import { t } from "../i18n.js";
import { rememberFocus } from "../components/focus.js";
import { citiesKey, OFFICIALS, parseAction, TntChoices } from "./thurn_und_taxis-moves.js";
import {
  carriagesPanel, cityCard, regionOf as regionOfCity, roundLine, seatTable, stacksPanel,
} from "./thurn_und_taxis-panels.js";
import {
  actionLabel, citiesWords, colourName, describe, loadBoard, officialName, placeName,
  pointsSoFar, SEAT_COLOURS,
} from "./thurn_und_taxis-words.js";
import { cardHelp, howToPlay, turnHelp } from "./thurn_und_taxis-help.js";
import { whyNotUsable } from "./thurn_und_taxis-reasons.js";

// The pages draw the log as soon as this module has loaded (games/index.js loadGame), before any
// view exists, and a page opened mid-game gets no new entry to redraw it: so the city names must
// be known now, or the whole log would name cities by their codes. A failure is shown by the
// view, which asks again when it draws the map.
await loadBoard().catch(() => null);

// The names of the map's zoom buttons (js/boards/board-zoom.js).
const zoomLabels = () => ({
  group: t("zoom.group"), in: t("zoom.in"), out: t("zoom.out"), mine: t("zoom.showMine"),
});

// On a phone the controls go between the map and the table, so that the hand is near the map.
const NARROW = "(max-width: 820px)";

/**
 * Create the Thurn und Taxis view: map and table go into `boardArea`, your route, hand and the
 * move controls into `controlsArea`. `onAction(text)` receives a completed legal action text.
 */
function createView({ boardArea, controlsArea, onAction }) {
  let observation = null;
  let choices = new TntChoices([]);
  let interactive = false;
  let showHand = false;
  let busy = false;
  let labels = [];
  let selected = null; // index into the hand of the card chosen to play
  let dropping = new Set(); // indices into the hand chosen to discard (hand limit)
  let closing = null; // {mode: "region" | "each", text: the close chosen, picks: region -> city}
  let data = null; // the board data
  const open = { stacks: true, carriages: true }; // folded by the player, kept across redraws
  const narrow = window.matchMedia(NARROW);

  const board = createTntBoard(boardArea, {
    colours: SEAT_COLOURS, label: t("thurn_und_taxis.board"), onPick: pickCity,
    zoomLabels: zoomLabels(),
  });
  const table = h("section", { class: "panel tnt-table", "data-testid": "tnt-table" });
  boardArea.append(table);

  const route = h("div", { class: "tnt-route", "data-testid": "own-route", role: "group",
    "aria-label": t("thurn_und_taxis.yourRoute") });
  const hand = h("div", { class: "hand tnt-hand", "data-testid": "hand", role: "group",
    "aria-label": t("thurn_und_taxis.yourHand") });
  const hint = h("div", { class: "hint", "data-testid": "move-hint", "aria-live": "polite" });
  const buttons = h("div", { class: "move-controls", "data-testid": "move-buttons" });
  const closePanel = h("div", { class: "tnt-close", "data-testid": "close-panel" });
  const candidates = h("div", { class: "candidates", "data-testid": "candidates" });
  const allMoves = h("details", { class: "tnt-all-moves", "data-testid": "all-moves" },
    h("summary", {}), candidates);
  const controls = h("section", { class: "panel tnt-controls", "data-testid": "controls" },
    h("h2", {}, t("thurn_und_taxis.yourRoute")), route,
    h("h2", {}, t("thurn_und_taxis.yourHand")), hand,
    hint, buttons, closePanel, allMoves);

  function onKey(event) {
    if (event.key === "Escape" && interactive && (selected !== null || closing || dropping.size)) {
      cancel();
    }
  }
  document.addEventListener("keydown", onKey);

  function placeControls() {
    if (!showHand) controls.remove();
    else if (narrow.matches) {
      if (controls.nextElementSibling !== table) table.before(controls);
    } else if (controls.parentElement !== controlsArea) controlsArea.append(controls);
  }
  narrow.addEventListener("change", placeControls);

  loadBoard().then((loaded) => {
    data = loaded;
    board.setMap(loaded);
    render();
  }).catch((error) => {
    table.prepend(h("div", { class: "error-banner" }, error.message));
  });

  const seatName = (seat) => labels[seat] ?? colourName(seat);
  const active = () => interactive && !busy;
  const ownRoute = () => observation.routes[observation.seat] ?? [];
  const regionOf = (city) => regionOfCity(data, city);
  // The legal actions of the seat when it may choose now (none for the others and spectators).
  const legalNow = () => (interactive ? observation.legal_actions : []);

  // A disabled card or control says why (its tooltip, and the description a screen reader reads).
  function whyNot(kind, usable, thing = {}) {
    return whyNotUsable(observation, kind, { usable, active: active(), choices, ...thing });
  }

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
    selected = null;
    dropping = new Set();
    closing = null;
  }

  function cancel() {
    resetChoice();
    refresh();
  }

  // The card chosen to play, as a city code (null when none).
  const selectedCity = () => (selected === null ? null : observation.hand[selected]);

  function pickCard(index, event) {
    if (!active()) return;
    if (choices.drops().length) {
      if (dropping.has(index)) dropping.delete(index);
      else dropping.add(index);
      refresh();
      return;
    }
    closing = null;
    selected = selected === index ? null : index;
    refresh();
    // Chosen from the keyboard (a click without a pointer): go on to the route's ends, or to
    // "discard your route" when the card joins neither end.
    if (event?.detail === 0 && selected !== null) {
      (route.querySelector("[data-end]") ?? buttons.querySelector("[data-action]"))?.focus();
    }
  }

  function pickCity(city) {
    if (!active()) return;
    if (closing?.mode === "each") {
      pickHouse(city);
      return;
    }
    const card = selectedCity();
    if (!card) return;
    const plays = choices.plays(card);
    const routeNow = ownRoute();
    if (plays.start && city === card) submit(plays.start);
    else if (plays.right && city === routeNow.at(-1)) submit(plays.right);
    else if (plays.left && city === routeNow[0]) submit(plays.left);
  }

  function openClose(mode) {
    const closes = choices.closes();
    const first = closes.find((action) => action.mode === mode) ?? null;
    closing = { mode, text: first?.text ?? null, picks: new Map() };
    if (mode === "each" && first) {
      for (const city of first.cities) closing.picks.set(regionOf(city), city);
    }
    selected = null;
    refresh();
  }

  function pickHouse(city) {
    const region = regionOf(city);
    if (closing.picks.get(region) === city) closing.picks.delete(region);
    else closing.picks.set(region, city);
    const key = citiesKey(closing.picks.values());
    closing.text = choices.closes().find((action) => action.mode === "each"
      && citiesKey(action.cities) === key)?.text ?? null;
    refresh();
  }

  // Everything that depends on the observation and the clicks so far.
  function render() {
    if (!observation) return;
    refresh();
  }

  function refresh() {
    if (!observation) return;
    const restoreFocus = rememberFocus(table, controls, boardArea);
    redraw();
    restoreFocus();
  }

  function previewHouses() {
    if (!closing?.text) return null;
    return { seat: observation.seat, cities: parseAction(closing.text).cities };
  }

  function redraw() {
    controls.dataset.busy = String(busy);
    if (board.ready()) {
      board.update(observation, previewHouses());
      drawMapChoices();
    }
    drawTable();
    if (!showHand) return;
    drawRoute();
    drawHand();
    drawButtons();
    drawClosePanel();
    drawHint();
    const list = active() ? observation.legal_actions : [];
    allMoves.hidden = !list.length;
    allMoves.querySelector("summary").textContent = t("thurn_und_taxis.allMoves",
      { n: list.length });
    replaceChildren(candidates, list.map((text) => h("button", {
      "data-testid": "candidate-action", "data-action": text, disabled: busy,
      onclick: () => submit(text),
    }, actionLabel(text, { route: ownRoute() }))));
  }

  function drawMapChoices() {
    const offered = [];
    const card = active() ? selectedCity() : null;
    const routeNow = showHand ? ownRoute() : [];
    if (card) {
      const plays = choices.plays(card);
      if (plays.start) offered.push({ city: card, label: actionLabel(plays.start) });
      if (plays.right) {
        offered.push({ city: routeNow.at(-1),
          label: actionLabel(plays.right, { route: routeNow }) });
      }
      if (plays.left && !(plays.right && routeNow.length === 1)) {
        offered.push({ city: routeNow[0], label: actionLabel(plays.left, { route: routeNow }) });
      }
    }
    if (active() && closing?.mode === "each") {
      for (const city of houseCandidates().flatMap(([, cities]) => cities)) {
        offered.push({ city, pressed: closing.picks.get(regionOf(city)) === city,
          label: t("thurn_und_taxis.houseIn", { city: placeName(city) }) });
      }
    }
    board.setChoices(offered);
    board.setMarks(card ? [card] : []);
  }

  function drawTable() {
    const canAct = active();
    const display = h("div", { class: "tnt-display", "data-testid": "display", role: "group",
      "aria-label": t("thurn_und_taxis.display") },
    observation.display.map((city, index) => {
      const take = canAct ? choices.take(index + 1) : null;
      if (!city) {
        return h("span", { class: "tnt-card empty", "data-testid": "display-card",
          "data-slot": index + 1 }, t("thurn_und_taxis.emptySlot"));
      }
      return cityCard(data, city, {
        "data-testid": "display-card", "data-slot": index + 1, "data-card": city,
        "data-playable": String(Boolean(take)), disabled: !take,
        "aria-label": t("thurn_und_taxis.displayCard", { slot: index + 1,
          city: placeName(city) }),
        title: whyNot("display", Boolean(take)),
        onclick: () => submit(take),
      });
    }),
    observation.deck_size || choices.draw() ? h("button", {
      class: "tnt-deck", "data-testid": "draw-card", "data-playable": String(Boolean(canAct
        && choices.draw())), disabled: !(canAct && choices.draw()),
      title: whyNot("display", Boolean(canAct && choices.draw()), { deck: true }),
      onclick: () => submit(choices.draw()),
    }, t("thurn_und_taxis.deck", { n: observation.deck_size })) : null);
    const officials = h("div", { class: "tnt-officials", "data-testid": "officials", role: "group",
      "aria-label": t("thurn_und_taxis.officials") },
    OFFICIALS.map((code) => {
      const text = canAct ? choices.official(code) : null;
      const used = observation.official_used === code;
      return h("button", {
        class: "tnt-official", "data-testid": "official", "data-official": code,
        "data-playable": String(Boolean(text)), "data-used": String(used), disabled: !text,
        title: whyNot("official", Boolean(text), { code })
          ?? t(`thurn_und_taxis.officialHelp.${code}`),
        onclick: () => submit(text),
      }, h("strong", {}, officialName(code)), h("span", { class: "tnt-official-help" },
        used ? t("thurn_und_taxis.usedThisTurn") : t(`thurn_und_taxis.officialHelp.${code}`)));
    }));
    replaceChildren(table, roundLine(observation, seatName, turnHelp(observation, legalNow())),
      h("h2", {}, t("thurn_und_taxis.display")), display,
      h("h2", {}, t("thurn_und_taxis.officials")), officials,
      seatTable(observation, { data, seatName }),
      stacksPanel(observation, { open: open.stacks,
        onToggle: (shown) => { open.stacks = shown; } }),
      carriagesPanel(observation, { data, seatName, open: open.carriages,
        onToggle: (shown) => { open.carriages = shown; } }));
  }

  function drawRoute() {
    const routeNow = ownRoute();
    const card = active() ? selectedCity() : null;
    const plays = card ? choices.plays(card) : {};
    const end = (side, text, near) => h("button", {
      class: "tnt-end", "data-testid": "route-end", "data-end": side, "data-action": text,
      "aria-label": actionLabel(text, { route: routeNow }), onclick: () => submit(text),
    }, side === "left" ? `◀ ${placeName(card)}` : `${placeName(card)} ▶`, near);
    replaceChildren(route,
      plays.start ? end("start", plays.start) : null,
      plays.left ? end("left", plays.left) : null,
      routeNow.length ? routeNow.map((city, index) => {
        const card = cityCard(data, city, { class: "tnt-card route-card",
          "data-testid": "route-card", "data-card": city }, "span");
        const end = index === 0 ? "leftEnd" : index === routeNow.length - 1 ? "rightEnd" : null;
        if (end) card.prepend(h("span", { class: "tnt-end-mark" }, t(`thurn_und_taxis.${end}`)));
        return card;
      })
        : h("span", { class: "muted" }, t("thurn_und_taxis.noRoute")),
      plays.right ? end("right", plays.right) : null);
  }

  function drawHand() {
    const cards = observation.hand ?? [];
    const drops = choices.drops();
    const canAct = active();
    replaceChildren(hand, cards.length ? cards.map((city, index) => {
      const playable = canAct && (drops.length ? true : choices.playable(city));
      const pressed = drops.length ? dropping.has(index) : selected === index;
      return cityCard(data, city, {
        "data-testid": "hand-card", "data-card": city, "data-index": index,
        "data-playable": String(playable), "aria-pressed": String(pressed), disabled: !playable,
        title: whyNot("card", playable, { city }),
        onclick: (event) => pickCard(index, event),
      });
    }) : h("span", { class: "muted" }, t("thurn_und_taxis.noCards")));
  }

  function drawButtons() {
    const parts = [];
    const canAct = active();
    const card = canAct ? selectedCity() : null;
    const restart = card ? choices.plays(card).restart : null;
    if (restart) {
      parts.push(h("button", { "data-testid": "restart-button", "data-action": restart,
        onclick: () => submit(restart) }, actionLabel(restart)));
    }
    if (canAct && choices.closes().length && !closing) {
      parts.push(h("button", { class: "primary", "data-testid": "close-button",
        onclick: () => openClose(choices.closes().some((a) => a.mode === "region") ? "region"
          : "each") }, t("thurn_und_taxis.closeRoute", { n: ownRoute().length })));
    }
    if (canAct && choices.drops().length) {
      const text = choices.drop([...dropping].map((index) => observation.hand[index]));
      const needed = observation.hand.length - 3;
      parts.push(h("button", { class: "primary", "data-testid": "drop-confirm",
        "data-action": text ?? "", disabled: !text, onclick: () => submit(text),
        title: text ? null : t("thurn_und_taxis.why.dropCount", { n: needed }) },
      t("thurn_und_taxis.dropConfirm", { n: needed })));
    }
    if (canAct && choices.end()) {
      parts.push(h("button", { "data-testid": "end-button", onclick: () => submit(choices.end()) },
        t("thurn_und_taxis.endTurn")));
    }
    if (canAct && (selected !== null || closing || dropping.size)) {
      parts.push(h("button", { "data-testid": "move-cancel", onclick: cancel },
        t("thurn_und_taxis.cancel")));
    }
    replaceChildren(buttons, parts);
  }

  // The cities a one-house-per-region close may choose from, by region: [[region, cities]].
  function houseCandidates() {
    const byRegion = new Map();
    for (const action of choices.closes()) {
      if (action.mode !== "each") continue;
      for (const city of action.cities) {
        const region = regionOf(city);
        if (!byRegion.has(region)) byRegion.set(region, new Set());
        byRegion.get(region).add(city);
      }
    }
    return [...byRegion].map(([region, cities]) => [region, [...cities]]);
  }

  function drawClosePanel() {
    if (!closing || !active()) {
      closePanel.replaceChildren();
      closePanel.hidden = true;
      return;
    }
    closePanel.hidden = false;
    const closes = choices.closes();
    const modes = ["region", "each"].map((mode) => {
      const offered = closes.some((action) => action.mode === mode);
      return h("button", {
        "data-testid": "close-mode", "data-mode": mode,
        "aria-pressed": String(closing.mode === mode), disabled: !offered,
        title: whyNot("closeMode", offered), onclick: () => openClose(mode),
      }, t(`thurn_und_taxis.closeMode.${mode}`));
    });
    let body;
    if (closing.mode === "region") {
      body = h("div", { class: "tnt-close-options", role: "group",
        "aria-label": t("thurn_und_taxis.closeMode.region") },
      closes.filter((action) => action.mode === "region").map((action) => h("button", {
        "data-testid": "close-option", "data-action": action.text,
        "aria-pressed": String(closing.text === action.text),
        onclick: () => { closing.text = action.text; refresh(); },
      }, t("thurn_und_taxis.closeRegionOption", { region: placeName(action.region),
        houses: citiesWords(action.cities), n: action.cities.length }))));
    } else {
      body = h("div", { class: "tnt-close-options" }, houseCandidates().map(([region, cities]) =>
        h("div", { class: "tnt-close-region", role: "group", "aria-label": placeName(region) },
          h("span", { class: "tnt-region-name" }, placeName(region)),
          cities.map((city) => h("button", {
            "data-testid": "close-city", "data-city": city, "data-region": region,
            "aria-pressed": String(closing.picks.get(region) === city),
            onclick: () => pickHouse(city),
          }, placeName(city))))));
    }
    const chosen = closing.text ? parseAction(closing.text) : null;
    closePanel.replaceChildren(
      h("h3", {}, t("thurn_und_taxis.closeTitle", { n: ownRoute().length })),
      h("div", { class: "tnt-close-modes", role: "group" }, modes),
      h("p", { class: "muted" }, t(`thurn_und_taxis.closeHelp.${closing.mode}`)),
      body,
      h("p", { "data-testid": "close-preview", "aria-live": "polite" }, chosen
        ? t("thurn_und_taxis.closePreview", { houses: citiesWords(chosen.cities),
          n: chosen.cities.length })
        : t("thurn_und_taxis.closeIncomplete")),
      h("button", { class: "primary", "data-testid": "close-confirm",
        "data-action": closing.text ?? "", disabled: !closing.text,
        title: closing.text ? null : t("thurn_und_taxis.closeIncomplete"),
        onclick: () => submit(closing.text) }, t("thurn_und_taxis.closeConfirm")));
  }

  function drawHint() {
    let text = "";
    if (busy) text = t("thurn_und_taxis.hint.sending");
    else if (!interactive) text = "";
    else if (choices.drops().length) {
      text = t("thurn_und_taxis.hint.drop",
        { n: observation.hand.length - 3, chosen: dropping.size });
    } else if (closing) text = t("thurn_und_taxis.hint.close");
    else if (selected !== null) {
      text = cardHelp(choices.plays(selectedCity()), placeName(selectedCity()));
    } else {
      // Only what the legal actions offer, then how a card is played when one may be.
      text = [turnHelp(observation, legalNow()), howToPlay(legalNow())].filter(Boolean).join(" ");
    }
    hint.textContent = text;
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
      const same = previous && interactive === wasInteractive
        && previous.legal_actions.join("|") === observation.legal_actions.join("|")
        && previous.log.length === observation.log.length;
      choices = new TntChoices(interactive ? observation.legal_actions : []);
      if (!same) resetChoice();
      showHand = Boolean(show && observation.hand !== null && observation.hand !== undefined);
      placeControls();
      render();
    },

    /** Return a legal action text in words, as the move list writes it (a move to confirm). */
    actionWords: (text) => actionLabel(text, { route: observation ? ownRoute() : [] }),

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
 * Return a seat's progress for the list of seats: the points earned so far while the game runs
 * (the score of T56 would count every house still to place against it: −20 at the start); null
 * at the end, when the list shows the score.
 */
function seatProgress(observation, seat) {
  if (observation.terminal || !observation.tiles) return null;
  return t("thurn_und_taxis.seat.points", { n: pointsSoFar(observation, seat) });
}

/** Return the final score table's columns: the score, then the carriage held (its length). */
function scoreColumns(observation) {
  return [
    { testid: "score", label: t("scores.score"), values: observation.scores },
    { testid: "carriage", label: t("thurn_und_taxis.col.carriage"),
      values: observation.carriages.map((length) => length || "–") },
  ];
}

export default {
  name: "thurn_und_taxis",
  seatColour: (seat) => SEAT_COLOURS[seat],
  seatColourName: colourName,
  stylesheets: ["thurn_und_taxis.css"],
  describe,
  seatProgress,
  createView,
  scoreColumns,
  parseAction,
};
