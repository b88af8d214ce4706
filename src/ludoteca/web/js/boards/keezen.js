// Keezen board renderer: draws the track, home lanes and start areas of an observation in SVG,
// moves pawns along the track when the log says they moved, and shows which holes can be
// picked. It knows nothing about cards or the rules: the move picker decides what is pickable.

import { svg } from "../dom.js";
import { createBoardZoom } from "./board-zoom.js";
import { keezenLayout, locPoint } from "./keezen-geometry.js";
import { matchPawns } from "./keezen-pawns.js";
import { createAnimator, placePawnElement } from "./pawn-animation.js";

export const SEAT_COLOURS = ["#d7263d", "#1b6fd1", "#f2b705", "#23995a", "#8e44ad", "#f07b13"];
export const SEAT_COLOUR_NAMES = ["red", "blue", "yellow", "green", "purple", "orange"];

const PAWN_RADIUS = 0.36;
const MAX_ANIMATED_PLAYS = 4; // after a longer gap (reconnect) pawns go straight to their places

/**
 * Create a board in `container`. `onPick(loc, colour)` is called when a highlighted hole is
 * clicked or activated from the keyboard; `loc` is a location text ("12", "h1.3", "s").
 * `describeLoc(loc, colour)` names a hole and `describePawn(pawnColour, loc, colour)` a pawn in
 * it, `label` the board for screen readers; `zoomLabel` is the phone's zoom toggle;
 * `cardFace(card)` writes a card on the centre pile in the page's language.
 */
export function createKeezenBoard(container, options = {}) {
  const {
    onPick = () => {}, describeLoc = (loc) => loc, label = "Keezen", cardFace = (card) => card,
    describePawn = (pawnColour, loc) => loc, zoomLabel = "Zoom",
  } = options;
  const root = svg("svg", {
    "data-testid": "board", class: "keezen-board", role: "group", "aria-label": label,
  });
  const zoom = createBoardZoom(container, { label: zoomLabel });
  zoom.frame.append(root);
  let layout = null;
  let layoutKey = "";
  let layers = null;
  let pawns = []; // per colour: [{el, loc}]
  const animator = createAnimator(root);

  function build(observation, bottomSeat, seatTexts) {
    layout = keezenLayout(observation.num_players, observation.track_length, bottomSeat);
    const { minX, minY, maxX, maxY } = layout.bounds;
    root.setAttribute("viewBox", `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
    root.style.setProperty("--board-units", (maxX - minX).toFixed(2)); // for the zoom
    root.dataset.players = observation.num_players;
    root.dataset.trackLength = observation.track_length;
    layers = {
      ground: svg("g", { class: "ground" }),
      holes: svg("g", { class: "holes" }),
      centre: svg("g", { class: "centre" }),
      pawns: svg("g", { class: "pawns" }),
      labels: svg("g", { class: "labels" }),
    };
    root.replaceChildren(layers.ground, layers.centre, layers.holes, layers.pawns, layers.labels);
    drawGround(layers.ground, layout);
    drawHoles(layers.holes, layout);
    drawLabels(layers.labels, layout, seatTexts);
    pawns = [];
  }

  function holeAt(loc, colour) {
    const selector = loc === "s"
      ? `[data-loc="s"][data-colour="${colour}"]` : `[data-loc="${CSS.escape(loc)}"]`;
    return [...layers.holes.querySelectorAll(selector)];
  }

  root.addEventListener("click", (event) => {
    const hole = event.target.closest("[data-choice]");
    if (hole) onPick(hole.dataset.loc, Number(hole.dataset.colour ?? -1));
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const hole = event.target.closest("[data-choice]");
    if (!hole) return;
    event.preventDefault();
    const step = hole.dataset.choice;
    onPick(hole.dataset.loc, Number(hole.dataset.colour ?? -1));
    // The chosen hole is no longer this step's choice: the keyboard goes on to the next step's.
    if (hole.dataset.choice !== step) focusFirstChoice();
  });

  /** Move the keyboard focus to the first hole that can be chosen now, if any. */
  function focusFirstChoice() {
    layers?.holes.querySelector("[data-choice]")?.focus();
  }

  return {
    element: root,

    /**
     * Show `observation`. `entries` are the log entries since the previous call: their moves
     * are animated along the track. `labels[seat]` names each seat; `bottomSeat` is drawn at
     * the bottom; `lastPlay` (a log entry) marks the last move and shows its card.
     * `partners[seat]` lists the seats on its team, marked around its start area in their
     * colour and named by `partnerLabels[seat]` under its name.
     */
    update(observation, {
      entries = [], labels = [], bottomSeat = 0, lastPlay = null, partners = [], partnerLabels = [],
    } = {}) {
      const seatTexts = { labels, partners, partnerLabels };
      const key = `${observation.num_players}/${observation.track_length}/${bottomSeat}`;
      const plays = entries.filter((e) => e.kind === "play" || e.kind === "swap").length;
      if (plays > MAX_ANIMATED_PLAYS) entries = [];
      if (key !== layoutKey || !layers) {
        animator.finish();
        build(observation, bottomSeat, seatTexts);
        layoutKey = key;
        entries = [];
      } else {
        drawLabels(layers.labels, layout, seatTexts);
      }
      root.dataset.position = observation.position;
      root.dataset.currentPlayer = observation.current_player ?? "";
      drawCentre(layers.centre, layout, lastPlay, cardFace);
      markLastMove(layers.holes, lastPlay);
      animator.play(placePawns(observation.pawns, entries));
    },

    /** Mark `locs` as pickable ("source" or "dest"); `selected` stay marked as chosen. */
    setChoices({ kind = null, locs = [], colour = null, selected = [] } = {}) {
      if (!layers) return;
      const choices = locs.flatMap((loc) => {
        const holes = holeAt(loc, colour);
        // Entering takes any pawn of the start area: offer the holes that hold one.
        return (loc === "s" ? holes.filter((hole) => hole.dataset.occupied === "true") : holes)
          .map((hole) => [hole, loc]);
      });
      const keep = new Set(choices.map(([hole]) => hole));
      // A hole that stays a choice keeps its tabindex: removing it would drop the keyboard focus
      // whenever the page redraws (a clock tick, a seat coming online).
      for (const hole of layers.holes.querySelectorAll("[data-choice], .selected")) {
        hole.classList.remove("selected");
        if (keep.has(hole)) continue;
        delete hole.dataset.choice;
        for (const name of ["tabindex", "role", "aria-label"]) hole.removeAttribute(name);
      }
      for (const { loc, colour: c } of selected) {
        for (const hole of holeAt(loc, c)) hole.classList.add("selected");
      }
      for (const [hole, loc] of choices) {
        hole.dataset.choice = kind;
        hole.setAttribute("tabindex", "0");
        hole.setAttribute("role", "button");
        // A hole holding a pawn is named by the pawn: choosing it chooses that pawn.
        const pawnColour = hole.dataset.occupied === "true" ? pawnColourAt(loc, colour) : -1;
        hole.setAttribute("aria-label", pawnColour >= 0
          ? describePawn(pawnColour, loc, colour) : describeLoc(loc, colour));
      }
      zoom.reveal([...layers.holes.querySelectorAll("[data-choice]")]);
    },

    focusFirstChoice,

    /** Show pawns at `pawnLocs` (e.g. after the first part of a 7) without changing the log. */
    preview(pawnLocs, entries = []) {
      animator.finish();
      animator.play(placePawns(pawnLocs, entries));
    },

    destroy() {
      animator.finish();
      zoom.destroy();
    },
  };

  // The colour of the pawn standing at `loc` (a start area: `colour`'s own), or -1.
  function pawnColourAt(loc, colour) {
    if (loc === "s") return colour;
    return pawns.findIndex((list) => list?.some((pawn) => pawn.loc === loc));
  }

  // Match the pawns on the board to their new locations and return the moves to animate.
  function placePawns(pawnLocs, entries) {
    const moves = [];
    pawnLocs.forEach((locs, colour) => {
      if (!pawns[colour]) pawns[colour] = [];
      const old = pawns[colour];
      while (old.length < locs.length) {
        const el = svg("g", { class: "pawn", "data-testid": "pawn", "data-colour": colour },
          svg("circle", { r: PAWN_RADIUS, fill: SEAT_COLOURS[colour] }),
          svg("circle", { class: "shine", r: PAWN_RADIUS * 0.42, cx: -0.1, cy: -0.12 }));
        layers.pawns.append(el);
        old.push({ el, loc: null });
      }
      moves.push(...matchPawns(layout, colour, old, locs, entries));
    });
    // Start-area pawns fill the holes of their colour in order; record which holes are full.
    for (const hole of layers.holes.querySelectorAll("[data-loc]")) hole.dataset.occupied = "false";
    pawns.forEach((list, colour) => {
      let index = 0;
      for (const pawn of list) {
        pawn.el.dataset.loc = pawn.loc;
        pawn.index = pawn.loc === "s" ? index++ : 0;
        pawn.point = locPoint(layout, pawn.loc, colour, pawn.index);
        if (pawn.loc === "s") {
          const hole = layers.holes.querySelector(
            `[data-loc="s"][data-colour="${colour}"][data-index="${pawn.index}"]`);
          if (hole) hole.dataset.occupied = "true";
        } else {
          for (const hole of holeAt(pawn.loc, colour)) hole.dataset.occupied = "true";
        }
      }
    });
    for (const move of moves) {
      move.points = move.route.map((loc) => locPoint(layout, loc, move.colour, move.pawn.index));
      move.points[move.points.length - 1] = move.pawn.point;
    }
    // Pawns that stay put are placed now, unless an earlier move is still walking them there.
    pawns.flat().forEach((pawn) => {
      if (!moves.some((m) => m.pawn === pawn) && !animator.isMoving(pawn)) {
        placePawnElement(pawn, pawn.point);
      }
    });
    return moves;
  }
}

// The cross-shaped wooden ground, tinted home lanes and start areas.
function drawGround(layer, layout) {
  const outline = layout.outline.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).join(" ");
  layer.append(svg("polygon", { class: "track-bed", points: outline }));
  layout.home.forEach((slots, seat) => {
    const [a, b] = [slots[0], slots[3]];
    layer.append(svg("line", {
      class: "home-lane", x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: SEAT_COLOURS[seat],
    }));
    const c = layout.tips[seat].startCentre;
    layer.append(svg("circle", {
      class: "start-bed", cx: c.x, cy: c.y, r: 1.25, fill: SEAT_COLOURS[seat],
    }));
  });
}

function drawHoles(layer, layout) {
  const segment = layout.trackLength / layout.numPlayers;
  layout.squares.forEach((p, square) => {
    const owner = square % segment === 0 ? square / segment : null;
    const entryOf = (square + 1) % segment === 0 ? ((square + 1) / segment) % layout.numPlayers
      : null;
    layer.append(hole(p, {
      "data-loc": String(square),
      class: owner !== null ? "hole start-square" : entryOf !== null ? "hole home-entry" : "hole",
      "data-start-of": owner ?? undefined,
    }, owner !== null ? SEAT_COLOURS[owner] : null, String(square)));
  });
  layout.home.forEach((slots, seat) => slots.forEach((p, k) => {
    layer.append(hole(p, { "data-loc": `h${seat}.${k}`, class: "hole home-slot" },
      SEAT_COLOURS[seat], null));
  }));
  layout.startArea.forEach((holes, seat) => holes.forEach((p, k) => {
    layer.append(hole(p, {
      "data-loc": "s", "data-colour": seat, "data-index": k, class: "hole start-hole",
    }, SEAT_COLOURS[seat], null));
  }));
}

function hole(p, props, ring, label) {
  return svg("g", { ...props, "data-testid": "hole", transform: `translate(${p.x} ${p.y})` },
    svg("circle", { class: "hit", r: 0.5 }),
    svg("circle", { class: "pit", r: 0.3, stroke: ring ?? undefined }),
    label === null ? null : svg("text", { class: "square-number", y: 0.09 }, label),
    svg("circle", { class: "ring", r: 0.46 }));
}

// Each seat's name beside its arm; a seat with partners gets their names under its own and a
// dashed ring in the partner's colour around its start area.
function drawLabels(layer, layout, { labels, partners, partnerLabels }) {
  layer.replaceChildren();
  layout.tips.forEach((tip, seat) => {
    layer.append(svg("text", {
      class: "seat-label", x: tip.label.x, y: tip.label.y, fill: SEAT_COLOURS[seat],
      "text-anchor": tip.anchor,
      "data-seat": seat,
    }, shorten(labels[seat] ?? "", 9)));
    const team = partners[seat] ?? [];
    if (!team.length) return;
    const c = tip.startCentre;
    layer.append(svg("circle", {
      class: "partner-mark", "data-testid": "partner-mark", "data-seat": seat,
      "data-partners": team.join(" "), cx: c.x, cy: c.y, r: 1.22, stroke: SEAT_COLOURS[team[0]],
    }, svg("title", {}, partnerLabels[seat] ?? "")));
    layer.append(svg("text", {
      class: "partner-label", "data-testid": "partner-label", "data-seat": seat,
      x: tip.label.x, y: tip.label.y + 0.62, fill: SEAT_COLOURS[team[0]],
      "text-anchor": tip.anchor,
    }, shorten(partnerLabels[seat] ?? "", 16)));
  });
}

function shorten(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// The discard pile in the middle shows the card played last, when there is room for it.
function drawCentre(layer, layout, lastPlay, cardFace) {
  layer.replaceChildren();
  if (!lastPlay || layout.centreRoom < 0.6) return;
  // A card of height 2r·0.8 fits the free room in the middle (small on the 2-player cross).
  const height = Math.min(2.4, layout.centreRoom * 1.6);
  const width = height * 0.72;
  layer.append(svg("g", { class: "pile", "data-testid": "last-card" },
    svg("rect", { x: -width / 2, y: -height / 2, width, height, rx: height * 0.08,
      stroke: SEAT_COLOURS[lastPlay.seat] }),
    svg("text", { y: height * 0.15, style: `font-size: ${(height * 0.42).toFixed(2)}px` },
      cardFace(lastPlay.card))));
}

function markLastMove(layer, lastPlay) {
  for (const hole of layer.querySelectorAll(".last-from, .last-to")) {
    hole.classList.remove("last-from", "last-to");
  }
  for (const move of lastPlay?.moves ?? []) {
    if (move.to !== "s") layer.querySelector(`[data-loc="${CSS.escape(move.to)}"]`)
      ?.classList.add("last-to");
    if (move.from !== "s") layer.querySelector(`[data-loc="${CSS.escape(move.from)}"]`)
      ?.classList.add("last-from");
  }
}
