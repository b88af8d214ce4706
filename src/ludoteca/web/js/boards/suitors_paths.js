// The Suitors' Paths board in SVG, drawn from the observation: terrain hexes (a fill and a
// glyph with the card letter, so colour is never the only cue), the girls' path round the edge
// and ring 2 inside it, the girls with their marker stacks (bottom to top), the suitors with
// their six ready-made spokes (none when routes start at the suitor), every route as a thick line in its owner's colour (virtual
// segments dashed) and the head marker of each unfinished route. While choosing, it offers the
// hexes to open for auction, the segments to build (labelled with their requirement) and arrows
// on the girls that may move.

import { svg } from "../dom.js";
import { createBoardZoom } from "./board-zoom.js";
import {
  aside, at, bounds, centreKey, centreOf, CORNER_OFFSETS, HEX, hexOutline, zoomUnits,
} from "./suitors_paths-geometry.js";

/** Card colours by letter (white letters on them contrast at least 4.5:1, yellow takes dark). */
export const CARD_FILLS = {
  G: "#3a7d36", Y: "#f1d04b", R: "#c0492f", K: "#4a4a4a", B: "#2f6fbf", M: "#8f5bb5",
};
// Terrains differ in lightness as well as hue (forest and rocks darker, clearing lightest), so
// that red-green blindness still tells forest from house; the glyph and letter say it anyway.
const TERRAIN_FILLS = { G: "#86bf78", Y: "#f7e7a1", R: "#f2b8a8", K: "#a8a49d", B: "#a9cff2" };
/** Each terrain's glyph on its hexes, by card letter. */
export const TERRAIN_GLYPHS = { G: "♣", Y: "✿", R: "⌂", K: "▲", B: "≈" };
const DARK_CARDS = new Set(["G", "K", "B", "M", "R"]); // letters on these fills are white
const MARGIN = 4;
const MARKER = 2.2; // side of a marker square in a girl's stack

/**
 * Draw the board into `container` and return its controls. `colours[seat]` colours routes,
 * suitors and markers; `label` names the board, `zoomLabel` the phone's zoom toggle;
 * `hexTitle(hex)` names a hex in words, `girlTitle(girl)` and `suitorTitle(seat)` name a girl
 * (with her stack) and a suitor, so that colour is never the only cue; `onPick({kind, ...},
 * {keyboard})` is called when an offered hex, segment or girl arrow is clicked or chosen with
 * Enter or Space (`keyboard` true).
 */
export function createSpBoard(container, {
  colours, label, zoomLabel = "Zoom",
  girlTitle = (girl) => girl.hex, suitorTitle = (seat) => String(seat), onPick = () => {},
  hexTitle = (hex) => hex,
}) {
  const root = svg("svg", { "data-testid": "board", class: "sp-board", role: "group",
    "aria-label": label });
  const zoom = createBoardZoom(container, { label: zoomLabel });
  zoom.frame.classList.add("sp-frame");
  zoom.frame.append(root);
  const layers = {
    hexes: svg("g", { class: "hexes" }),
    path: svg("g", { class: "path-line" }),
    spokes: svg("g", { class: "spokes" }),
    routes: svg("g", { class: "routes" }),
    suitors: svg("g", { class: "suitors" }),
    girls: svg("g", { class: "girls" }),
    marks: svg("g", { class: "marks" }), // hexes named where the pointer or focus is
    choices: svg("g", { class: "choices" }),
    heads: svg("g", { class: "heads" }), // over the offers that start at them, never in the way
  };
  root.append(...Object.values(layers));
  let shape = ""; // the hexes drawn, so the terrain is drawn once per board

  function pickFrom(event) {
    const node = event.target.closest("[data-choice]");
    if (!node) return null;
    const { kind, hex, segment, dir } = node.dataset;
    return { kind, hex, segment, dir };
  }
  root.addEventListener("click", (event) => {
    const pick = pickFrom(event);
    if (pick) onPick(pick);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const pick = pickFrom(event);
    if (!pick) return;
    event.preventDefault();
    onPick(pick, { keyboard: true });
  });

  function drawTerrain(board) {
    const hexes = board.hexes.map((tile) => tile.hex);
    const box = bounds(hexes, MARGIN);
    root.setAttribute("viewBox", `${box.minX.toFixed(2)} ${box.minY.toFixed(2)} `
      + `${box.width.toFixed(2)} ${box.height.toFixed(2)}`);
    root.style.setProperty("--board-units", zoomUnits(box.width).toFixed(2));
    root.dataset.hexes = String(hexes.length);
    const onPath = new Set(board.path);
    const inRing2 = new Set(board.ring2);
    layers.hexes.replaceChildren(...board.hexes.map((tile) => {
      const ring = onPath.has(tile.hex) ? "path" : inRing2.has(tile.hex) ? "ring2" : "inner";
      const glyph = aside(tile.hex, 180, HEX * 0.56);
      const letter = aside(tile.hex, -60, HEX * 0.58);
      return svg("g", { class: `hex ${ring}`, "data-testid": "hex", "data-hex": tile.hex,
        "data-terrain": tile.terrain, "data-kind": tile.kind, "data-ring": ring },
      svg("title", {}, hexTitle(tile.hex)),
      svg("polygon", { class: "tile", points: hexOutline(tile.hex),
        fill: TERRAIN_FILLS[tile.terrain] ?? "#ddd" }),
      ring === "inner" ? null : svg("polygon", { class: "ring-mark", points: hexOutline(tile.hex,
        ring === "path" ? 1.1 : 0.9) }),
      svg("text", { class: "glyph", x: glyph.x, y: glyph.y + 1.2 },
        TERRAIN_GLYPHS[tile.terrain] ?? ""),
      svg("text", { class: "letter", x: letter.x, y: letter.y + 1 }, tile.terrain));
    }));
    // The girls' path: a loop through the centres of the edge hexes, in path order.
    const loop = [...board.path, board.path[0]].map((hex) => centreOf(hex));
    layers.path.replaceChildren(svg("polyline", { "data-testid": "girl-path",
      points: loop.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(" ") }));
  }

  function drawRoutes(observation) {
    const lines = [];
    observation.routes.forEach((routes, seat) => routes.forEach((route, index) => {
      const points = route.points.map(at);
      const segments = points.slice(1).map((end, i) => {
        const start = points[i];
        const virtual = i >= route.blocks;
        return svg("g", { class: virtual ? "segment virtual" : "segment",
          "data-testid": "route-segment", "data-seat": seat, "data-virtual": String(virtual) },
        svg("line", { class: "under", x1: start.x, y1: start.y, x2: end.x, y2: end.y }),
        svg("line", { class: "over", x1: start.x, y1: start.y, x2: end.x, y2: end.y,
          stroke: colours[seat] }));
      });
      lines.push(svg("g", { class: "route", "data-testid": "route", "data-seat": seat,
        "data-route": index, "data-connected": String(route.connected),
        "data-girl": route.girl ?? "" }, segments));
    }));
    layers.routes.replaceChildren(...lines);
    // A seat without a head draws nothing (replaceChildren would write null as text).
    layers.heads.replaceChildren(...observation.heads.flatMap((head, seat) => {
      if (!head) return [];
      const p = at(head);
      return svg("rect", { class: "head", "data-testid": "route-head", "data-seat": seat,
        x: p.x - 1.6, y: p.y - 1.6, width: 3.2, height: 3.2, fill: colours[seat],
        transform: `rotate(45 ${p.x} ${p.y})` });
    }));
  }

  // `readySpokes`: the suitor is joined to its six corners (P34), unless routes start at the
  // suitor itself (option route_start "centre") and build those spokes.
  function drawSuitors(observation, readySpokes) {
    const spokes = [];
    const suitors = [];
    observation.suitors.forEach((hex, seat) => {
      if (!hex) return;
      const c = centreOf(hex);
      const [X, Y] = centreKey(hex);
      for (const [dx, dy] of readySpokes ? CORNER_OFFSETS : []) {
        const p = at([X + dx, Y + dy]);
        spokes.push(svg("line", { x1: c.x, y1: c.y, x2: p.x, y2: p.y, stroke: colours[seat] }));
      }
      suitors.push(svg("g", { class: "suitor", "data-testid": "suitor", "data-seat": seat,
        "data-hex": hex },
      svg("title", {}, suitorTitle(seat)),
      svg("path", { d: `M${c.x - 2.6},${c.y + 3.2} Q${c.x - 2.6},${c.y - 0.6} ${c.x},${c.y - 0.6}`
        + ` Q${c.x + 2.6},${c.y - 0.6} ${c.x + 2.6},${c.y + 3.2} Z`, fill: colours[seat] }),
      svg("circle", { cx: c.x, cy: c.y - 2.4, r: 1.8, fill: colours[seat] })));
    });
    layers.spokes.replaceChildren(...spokes);
    layers.suitors.replaceChildren(...suitors);
  }

  function drawGirls(observation) {
    layers.girls.replaceChildren(...observation.girls.map((girl) => {
      const c = centreOf(girl.hex);
      const stack = girl.stack.map((seat, level) => svg("rect", {
        class: "marker", "data-testid": "stack-marker", "data-seat": seat, "data-level": level,
        x: c.x + 3.4, y: c.y + 2.6 - (level + 1) * (MARKER + 0.3), width: MARKER,
        height: MARKER, fill: colours[seat] }));
      return svg("g", { class: girl.stack.length ? "girl routed" : "girl", "data-testid": "girl",
        "data-hex": girl.hex, "data-stack": girl.stack.join(",") },
      svg("title", {}, girlTitle(girl)),
      svg("path", { class: "dress", d: `M${c.x},${c.y - 1.2} L${c.x + 2.5},${c.y + 3.4}`
        + ` L${c.x - 2.5},${c.y + 3.4} Z` }),
      svg("circle", { class: "face", cx: c.x, cy: c.y - 2.4, r: 1.6 }),
      stack);
    }));
  }

  /**
   * Draw the observation (`readySpokes`: draw each suitor's six spokes as built) and the choices
   * on offer: `hexes` [{hex, label, pressed}] to open,
   * `segments` [{segment, from, to, requirement, connects, ways (of paying), label, pressed}]
   * to build, `arrows`
   * [{hex, dir, to, label}] to move a girl. A choice that stays keeps its tabindex, so the
   * keyboard focus survives a redraw.
   */
  function update(observation, { hexes = [], segments = [], arrows = [] } = {},
    { readySpokes = true } = {}) {
    const board = observation.board;
    const key = board.hexes.map((tile) => `${tile.hex}${tile.terrain}`).join();
    if (key !== shape) {
      shape = key;
      drawTerrain(board);
    }
    // A hex's name may change (a suitor arrives next to it, the language changes).
    for (const tile of layers.hexes.children) {
      tile.querySelector("title").textContent = hexTitle(tile.dataset.hex);
    }
    drawRoutes(observation);
    drawSuitors(observation, readySpokes);
    drawGirls(observation);
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused?.dataset.key;
    const offered = [
      ...hexes.map((choice) => svg("polygon", {
        class: "hex-choice", "data-choice": "true", "data-kind": "hex", "data-hex": choice.hex,
        "data-key": `hex:${choice.hex}`, "data-testid": "hex-choice", points: hexOutline(choice.hex,
          0.6), role: "button", tabindex: "0", "aria-label": choice.label,
        "aria-pressed": choice.pressed === undefined ? null : String(choice.pressed) })),
      ...segments.map(segmentChoice),
      ...arrows.map(arrowChoice),
    ];
    layers.choices.replaceChildren(...offered);
    root.dataset.choices = String(offered.length);
    if (focusKey) layers.choices.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
    zoom.reveal([...layers.choices.querySelectorAll("[data-choice]")]);
  }

  function segmentChoice(choice) {
    const a = at(choice.from);
    const b = at(choice.to);
    const mid = { x: a.x + (b.x - a.x) * 0.55, y: a.y + (b.y - a.y) * 0.55 };
    const dark = DARK_CARDS.has(choice.requirement);
    return svg("g", {
      class: choice.connects ? "segment-choice connects" : "segment-choice",
      "data-choice": "true", "data-kind": "segment", "data-segment": choice.segment,
      "data-key": `segment:${choice.segment}`, "data-testid": "segment-choice",
      "data-requirement": choice.requirement, "data-connects": String(choice.connects),
      "data-ways": choice.ways ?? 1,
      role: "button", tabindex: "0", "aria-label": choice.label,
      "aria-pressed": choice.pressed === undefined ? null : String(choice.pressed),
    },
    svg("line", { class: "hit", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
    svg("line", { class: "offer-under", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
    svg("line", { class: "offer", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
    choice.connects ? svg("circle", { class: "connect-ring", cx: mid.x, cy: mid.y, r: 2.9 }) : null,
    svg("circle", { class: "cost", cx: mid.x, cy: mid.y, r: 2.1,
      fill: CARD_FILLS[choice.requirement] }),
    // The letter repeats the label's card name for the eye: hidden from the accessible name.
    svg("text", { class: dark ? "cost-letter light" : "cost-letter", x: mid.x, y: mid.y + 0.95,
      "aria-hidden": "true" },
      choice.requirement));
  }

  function arrowChoice(choice) {
    const from = centreOf(choice.hex);
    const to = centreOf(choice.to);
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    const ux = (to.x - from.x) / length;
    const uy = (to.y - from.y) / length;
    const tip = { x: from.x + ux * HEX * 0.78, y: from.y + uy * HEX * 0.78 };
    const base = { x: from.x + ux * HEX * 0.38, y: from.y + uy * HEX * 0.38 };
    const wing = 1.6;
    const d = `M${tip.x},${tip.y} L${base.x - uy * wing},${base.y + ux * wing}`
      + ` L${base.x + uy * wing},${base.y - ux * wing} Z`;
    return svg("g", { class: "girl-arrow", "data-choice": "true", "data-kind": "girl",
      "data-hex": choice.hex, "data-dir": choice.dir, "data-key": `girl:${choice.hex}:${choice.dir}`,
      "data-testid": "girl-arrow", role: "button", tabindex: "0", "aria-label": choice.label },
    svg("circle", { class: "hit", cx: (tip.x + base.x) / 2, cy: (tip.y + base.y) / 2, r: 2.9 }),
    svg("path", { class: "arrow", d }));
  }

  /** Outline `hexes` (names "q,r") on the board, or none: the places a log line names. */
  function highlight(hexes) {
    const drawn = new Set(hexes);
    layers.marks.replaceChildren(...[...drawn].map((hex) => svg("polygon", {
      class: "hex-mark", "data-testid": "hex-highlight", "data-hex": hex,
      points: hexOutline(hex, 0.9) })));
  }

  return {
    update,
    highlight,
    focusFirstChoice: () => layers.choices.querySelector("[data-choice]")?.focus(),
    destroy: () => zoom.destroy(),
  };
}
