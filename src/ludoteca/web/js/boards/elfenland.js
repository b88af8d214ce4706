// Elfenland board renderer: draws the map of GET /api/games/elfenland/board in SVG (lakes, roads
// coloured by terrain, rivers with flow arrows, lake crossings, towns), then per observation the
// counters and obstacles on the roads, the boots and each seat's visited towns, the last move
// and each seat's route this round, and marks the edges that can be picked. It knows nothing of
// the rules: the move picker says what is pickable.

import { svg } from "../dom.js";
import { createMapZoom } from "./board-zoom.js";
import { elfenlandLayout, rowOffset } from "./elfenland-geometry.js";

/** Counter and card colours: background and letter colour per type. */
export const KIND_COLOURS = {
  P: ["#f4a7bb", "#4a1d2a"],
  E: ["#f2a541", "#3d2300"],
  C: ["#bfe3f7", "#113a55"],
  U: ["#c7a6e8", "#2c1247"],
  T: ["#8b5a34", "#fff"],
  D: ["#c8322c", "#fff"],
  R: ["#2f6db5", "#fff"],
};

const TOWN_RADIUS = 2.3;
const CAPITAL_RADIUS = 2.7;
const BOOT_GAP = 3.1;
const ARROW_AT = [0.27, 0.73]; // where a river's flow arrows sit along it
const BOOT_PATH = "M-1 -2 H0.45 V0.05 L1.5 0.4 Q2 0.55 2 1.1 V1.45 H-1 Z";
const RING_RADIUS = 2.9; // a road's handle: the ring round its counter, the road's tap target
const ROUTE_SHIFT = 0.55; // seats' routes along one road lie side by side, this far apart

/**
 * Create a board in `container`. `onPick(edgeId)` is called when a highlighted edge is clicked
 * or activated from the keyboard. `describeEdge(edge)` and `label` name things for screen
 * readers; `colours[seat]` gives the seat colours; `zoomLabels` = {group, in, out, mine} names
 * the zoom buttons.
 */
export function createElfenlandBoard(container, options = {}) {
  const {
    onPick = () => {}, describeEdge = (edge) => `${edge.a} – ${edge.b}`, label = "Elfenland",
    colours = [], describeTown = (name) => name,
    zoomLabels = { group: "Zoom", in: "+", out: "−", mine: "Mine" },
  } = options;
  const root = svg("svg", {
    "data-testid": "board", class: "elfenland-board", role: "group", "aria-label": label,
  });
  const frame = document.createElement("div");
  frame.className = "elfenland-frame";
  frame.append(root);
  container.append(frame);
  let ownSeat = null; // the seat whose boot "show my pieces" finds
  const zoom = createMapZoom(frame, root, {
    labels: zoomLabels, tapUnits: 2 * RING_RADIUS,
    mine: () => [...root.querySelectorAll(`[data-testid=boot][data-seat="${ownSeat}"]`)],
  });
  // The map fits the frame's width until zoomed; zoomed, it scrolls in its frame, which then
  // takes the keyboard focus, so that arrow keys scroll it also when no road is to be chosen.
  const scrolling = new ResizeObserver(() => {
    const scrolls = frame.scrollWidth > frame.clientWidth
      || frame.scrollHeight > frame.clientHeight;
    if (scrolls) frame.setAttribute("tabindex", "0");
    else frame.removeAttribute("tabindex");
  });
  scrolling.observe(frame);
  scrolling.observe(root);
  let layout = null;
  let layers = null;

  function pickFrom(event) {
    const target = event.target.closest("[data-edge][data-choice]");
    return target ? Number(target.dataset.edge) : null;
  }
  root.addEventListener("click", (event) => {
    const edge = pickFrom(event);
    if (edge !== null) onPick(edge);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const edge = pickFrom(event);
    if (edge === null) return;
    event.preventDefault();
    const handle = event.target.closest("[data-edge]");
    const step = handle.dataset.choice;
    onPick(edge);
    // The road chosen is no longer this step's choice: the keyboard goes on to the next step's
    // roads, unless something else took the focus (the payment dialog).
    const lost = document.activeElement === handle || document.activeElement === document.body;
    if (lost && handle.dataset.choice !== step) focusFirstChoice();
  });

  /** Move the keyboard focus to the first road that can be chosen now, if any. */
  function focusFirstChoice() {
    layers?.handles.querySelector("[data-choice]")?.focus();
  }

  /** Draw the static map once its data is known. */
  function setMap(board) {
    layout = elfenlandLayout(board);
    root.setAttribute("viewBox", layout.viewBox);
    layers = {
      ground: svg("g", { class: "ground" }),
      edges: svg("g", { class: "edges" }),
      routes: svg("g", { class: "routes" }),
      towns: svg("g", { class: "towns" }),
      handles: svg("g", { class: "handles" }),
      pieces: svg("g", { class: "pieces" }),
      labels: svg("g", { class: "labels" }),
    };
    root.replaceChildren(...Object.values(layers));
    drawGround(layers.ground, layout);
    for (const curve of layout.edges.values()) {
      layers.edges.append(edgeLine(curve));
      layers.handles.append(svg("g", {
        class: "edge-handle", "data-testid": "edge-handle", "data-edge": curve.edge.id,
        transform: `translate(${curve.middle.x.toFixed(2)} ${curve.middle.y.toFixed(2)})`,
      }));
    }
    for (const town of layout.towns.values()) {
      layers.towns.append(townMark(town));
      layers.labels.append(svg("text", {
        class: town.capital ? "town-name capital" : "town-name",
        x: town.x, y: town.y + (town.capital ? CAPITAL_RADIUS : TOWN_RADIUS) + 4.1,
      }, town.name));
    }
    root.dataset.towns = layout.towns.size;
    root.dataset.edges = layout.edges.size;
  }

  function edgeLine(curve) {
    const { edge } = curve;
    const group = svg("g", {
      class: `edge ${edge.kind}`, "data-testid": "edge", "data-edge": edge.id,
      "data-kind": edge.kind,
    },
    svg("path", { class: "hit", d: curve.d }),
    svg("path", { class: "casing", d: curve.d }),
    svg("path", { class: "line", d: curve.d }),
    svg("title", {}, describeEdge(edge)));
    if (edge.kind === "river") {
      // Arrows point downstream: along a→b when b is the downstream town.
      const flip = edge.downstream === edge.a ? 180 : 0;
      for (const t of ARROW_AT) {
        const p = curve.at(t);
        group.append(svg("path", {
          class: "flow", d: "M-1.1 -0.9 L0.9 0 L-1.1 0.9 Z", "data-testid": "flow-arrow",
          transform: `translate(${p.x.toFixed(2)} ${p.y.toFixed(2)}) `
            + `rotate(${(curve.angle(t) + flip).toFixed(1)})`,
        }));
      }
    }
    return group;
  }

  function townMark(town) {
    const r = town.capital ? CAPITAL_RADIUS : TOWN_RADIUS;
    return svg("g", {
      class: town.capital ? "town capital" : "town", "data-testid": "town", "data-town": town.name,
      "data-capital": String(town.capital),
      transform: `translate(${town.x.toFixed(2)} ${town.y.toFixed(2)})`,
    },
    svg("circle", { class: "town-dot", r }),
    town.capital ? svg("path", { class: "crown",
      d: "M-1.5 0.8 L-1.5 -0.7 L-0.75 0.05 L0 -1.1 L0.75 0.05 L1.5 -0.7 L1.5 0.8 Z" }) : null,
    svg("title", {}, describeTown(town.name)));
  }

  return {
    element: root,
    setMap,
    ready: () => layout !== null,
    focusFirstChoice,
    edge: (id) => layout?.edges.get(id)?.edge ?? null,

    /** Show the counters, obstacles, boots and visited towns of `observation`. */
    update(observation) {
      if (!layout) return;
      root.dataset.round = observation.round;
      root.dataset.phase = observation.phase;
      const roads = new Map(observation.roads.map((road) => [road.edge, road]));
      for (const handle of layers.handles.children) {
        const id = Number(handle.dataset.edge);
        const road = roads.get(id) ?? null;
        const key = road ? `${road.counter}/${road.obstacle_by}` : "";
        if (handle.dataset.key === key && handle.childElementCount) continue;
        handle.dataset.key = key;
        handle.replaceChildren(...handleContent(road, layout.edges.get(id), colours));
        if (road) handle.dataset.counter = road.counter;
        else delete handle.dataset.counter;
        if (road && road.obstacle_by !== null) handle.dataset.obstacle = road.obstacle_by;
        else delete handle.dataset.obstacle;
      }
      drawPieces(layers.pieces, layout, observation, colours);
      // A spectator's "pieces" are those of the seat to move.
      ownSeat = observation.seat ?? observation.current_player;
      zoom.refresh();
    },

    /**
     * Mark `edges` as pickable (`kind`: "place", "obstacle" or "move"); `from` is the town a
     * journey continues from, `selected` an edge that stays marked (the one being paid for).
     */
    setChoices({ kind = null, edges = [], from = null, selected = null } = {}) {
      if (!layers) return;
      // A road that stays a choice keeps its tabindex: removing it would drop the keyboard focus
      // whenever the page redraws (a clock tick, a seat coming online).
      const keep = new Set(edges.map(String));
      for (const el of root.querySelectorAll("[data-choice], .selected, .from")) {
        el.classList.remove("selected", "from");
        if (keep.has(el.dataset.edge)) continue;
        delete el.dataset.choice;
        for (const name of ["tabindex", "role", "aria-label"]) el.removeAttribute(name);
      }
      for (const id of edges) {
        for (const el of root.querySelectorAll(`[data-edge="${id}"]`)) el.dataset.choice = kind;
        const handle = layers.handles.querySelector(`[data-edge="${id}"]`);
        handle.setAttribute("tabindex", "0");
        handle.setAttribute("role", "button");
        handle.setAttribute("aria-label", describeEdge(layout.edges.get(id).edge));
      }
      if (selected !== null) {
        for (const el of root.querySelectorAll(`[data-edge="${selected}"]`)) {
          el.classList.add("selected");
        }
      }
      if (from) root.querySelector(`[data-town="${CSS.escape(from)}"]`)?.classList.add("from");
    },

    /**
     * Mark the road of the last move (`lastEdge`), the counter placed last (`lastPlaced`, an
     * edge) and draw `routes[seat]`, the edges each seat travelled this round, in its colour.
     */
    setHistory({ lastEdge = null, lastPlaced = null, routes = [] } = {}) {
      if (!layers) return;
      for (const el of root.querySelectorAll("[data-last-move], [data-last-placed]")) {
        delete el.dataset.lastMove;
        delete el.dataset.lastPlaced;
      }
      if (lastEdge !== null) {
        const line = layers.edges.querySelector(`[data-edge="${lastEdge}"]`);
        if (line) line.dataset.lastMove = "true";
      }
      if (lastPlaced !== null) {
        const counter = layers.handles.querySelector(`[data-edge="${lastPlaced}"] .counter`);
        if (counter) counter.dataset.lastPlaced = "true";
      }
      const n = routes.length;
      layers.routes.replaceChildren(...routes.flatMap((edges, seat) => edges.map((id) => {
        const shift = ((seat - (n - 1) / 2) * ROUTE_SHIFT).toFixed(2);
        return svg("path", {
          class: "route", "data-testid": "route", "data-seat": seat, "data-edge": id,
          d: layout.edges.get(id).d, stroke: colours[seat],
          transform: `translate(${shift} ${shift})`,
        });
      })));
    },

    destroy() {
      scrolling.disconnect();
      zoom.destroy();
      frame.remove();
    },
  };
}

// The land, the lakes and a faint frame.
function drawGround(layer, layout) {
  const [x, y, width, height] = layout.viewBox.split(" ").map(Number);
  layer.append(svg("rect", { class: "land", x, y, width, height }));
  for (const lake of layout.lakes) {
    layer.append(svg("path", { class: "lake", d: lake.d, "data-lake": lake.name }));
    layer.append(svg("text", {
      class: "lake-name", x: lake.centre.x, y: lake.centre.y + 0.8,
    }, lake.name));
  }
}

// The middle of an edge: an empty disc (the place for a counter), or the counter lying there
// and an obstacle beside it. The handle is also the edge's click target. Edges carry no numbers:
// players name a road by its towns, as the log does.
function handleContent(road, curve, colours) {
  const parts = [svg("circle", { class: "ring", r: RING_RADIUS })];
  if (!road) {
    const water = curve.edge.kind === "river" || curve.edge.kind === "lake";
    parts.push(svg("circle", { class: water ? "id-disc water" : "id-disc", r: 1.45 }));
    return parts;
  }
  const [fill, ink] = KIND_COLOURS[road.counter];
  parts.push(svg("g", { class: "counter", "data-testid": "road-counter",
    "data-counter": road.counter, "data-placed-by": road.placed_by },
  svg("rect", { x: -1.9, y: -1.9, width: 3.8, height: 3.8, rx: 0.7, fill }),
  svg("text", { class: "counter-letter", y: 0.85, fill: ink }, road.counter)));
  if (road.obstacle_by !== null) {
    parts.push(svg("g", { class: "obstacle", "data-testid": "obstacle",
      "data-seat": road.obstacle_by },
    svg("rect", { x: 2.2, y: -2.1, width: 1.3, height: 4.2, rx: 0.35,
      stroke: colours[road.obstacle_by] }),
    svg("path", { d: "M2.35 -1.1 L3.35 -0.2 M2.35 0.6 L3.35 1.5" })));
  }
  return parts;
}

// Visited towns (each seat's wedge of the town's disc in its colour) and boots (in a row above
// each town).
function drawPieces(layer, layout, observation, colours) {
  layer.replaceChildren();
  const n = observation.num_players;
  const bootsAt = new Map();
  observation.boots.forEach((town, seat) => bootsAt.set(town, [...bootsAt.get(town) ?? [], seat]));
  observation.visited.forEach((towns, seat) => {
    for (const name of towns) {
      const town = layout.towns.get(name);
      if (!town) continue;
      layer.append(svg("path", {
        class: "visited", "data-testid": "visited", "data-seat": seat, "data-town": name,
        d: wedge(town, seat, n, TOWN_RADIUS - 0.3), fill: colours[seat],
      }));
    }
  });
  for (const [name, seats] of bootsAt) {
    const town = layout.towns.get(name);
    if (!town) continue;
    const top = town.y - (town.capital ? CAPITAL_RADIUS : TOWN_RADIUS) - 3.6;
    seats.forEach((seat, index) => {
      const x = town.x + rowOffset(index, seats.length, BOOT_GAP);
      layer.append(svg("path", {
        class: "boot", "data-testid": "boot", "data-seat": seat, "data-town": name,
        "data-current": String(observation.current_player === seat),
        d: BOOT_PATH, fill: colours[seat],
        transform: `translate(${x.toFixed(2)} ${top.toFixed(2)})`,
      }));
    });
  }
}

// The wedge of seat `seat` out of `n` in a disc of radius `r` round the town (seat 0 from the
// top, clockwise); a whole disc for one player.
function wedge(town, seat, n, r) {
  const point = (k) => {
    const angle = ((-90 + (360 / n) * k) * Math.PI) / 180;
    return `${(town.x + r * Math.cos(angle)).toFixed(2)} ${(town.y + r * Math.sin(angle)).toFixed(2)}`;
  };
  if (n === 1) {
    return `M${(town.x - r).toFixed(2)} ${town.y.toFixed(2)} a${r} ${r} 0 1 0 ${2 * r} 0 `
      + `a${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
  }
  return `M${town.x.toFixed(2)} ${town.y.toFixed(2)} L${point(seat)} `
    + `A${r} ${r} 0 0 1 ${point(seat + 1)} Z`;
}
