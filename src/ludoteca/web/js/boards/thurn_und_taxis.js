// The Thurn und Taxis map in SVG, drawn from the board data (GET /api/games/thurn_und_taxis/
// board): regions shaded in their colours and named in a legend, roads, cities with their names,
// every seat's route as a line in its colour, houses in the seat colours, and, while choosing,
// the cities that can be chosen (route ends for a card, cities for a house) and a preview of the
// houses a close puts.
//
// Coordinates: the data gives each city at (x, y) in [0, 1] of a 600 × 420 board; the SVG uses
// that board's millimetres. Houses sit on a city's four corners, one corner per seat:
//
//      0 ┌───┐ 1
//        │ ● │        ● the city, seat 0..3 at the corners
//      3 └───┘ 2

import { svg } from "../dom.js";
import { createMapZoom } from "./board-zoom.js";

const WIDTH = 600;
const HEIGHT = 420;
const CITY_R = 8;
const HOUSE = 8;
const CORNERS = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
const ROUTE_SHIFT = 2.2; // routes of different seats along one road lie side by side
const REGION_R = 30; // a region reaches this far round its cities (discs, bands along roads)
const NAME_BELOW = CITY_R + 15; // a city's name hangs below its dot, descenders included
const NAME_HALF = 34; // half the width of a long city name, centred on its dot

/**
 * Draw the map into `container` and return its controls. `colours[seat]` colours houses and
 * routes; `label` names the map; `onPick(city)` is called when a city offered by `setChoices`
 * is clicked or chosen with Enter or Space. `zoomLabels` = {group, in, out, mine} names the
 * zoom buttons.
 */
export function createTntBoard(container, { colours, label, onPick = () => {},
  zoomLabels = { group: "Zoom", in: "+", out: "−", mine: "Mine" } }) {
  const root = svg("svg", {
    "data-testid": "board", class: "tnt-board", viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "group", "aria-label": label,
  });
  const frame = document.createElement("div");
  frame.className = "tnt-frame";
  frame.append(root);
  container.append(frame);
  let ownSeat = null; // the seat whose route and houses "show my pieces" finds
  // A city's tap target is its ring (CITY_R + 4.5 round the city).
  const zoom = createMapZoom(frame, root, { labels: zoomLabels, mine: ownPieces,
    tapUnits: 2 * (CITY_R + 4.5) });
  const layers = {
    regions: svg("g", { class: "regions" }),
    legend: svg("g", { class: "legend", "data-testid": "region-legend" }),
    roads: svg("g", { class: "roads" }),
    routes: svg("g", { class: "routes" }),
    cities: svg("g", { class: "cities" }),
    houses: svg("g", { class: "houses" }),
  };
  root.append(...Object.values(layers));
  let points = null; // city code -> {x, y, city}
  let cityNodes = new Map(); // city code -> its <g>

  function pickFrom(event) {
    const node = event.target.closest("[data-city][data-choice]");
    return node ? node.dataset.city : null;
  }
  root.addEventListener("click", (event) => {
    const city = pickFrom(event);
    if (city) onPick(city);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const city = pickFrom(event);
    if (!city) return;
    event.preventDefault();
    onPick(city);
  });

  function setMap(data) {
    points = new Map(data.cities.map((city) => [city.id,
      { x: city.x * WIDTH, y: city.y * HEIGHT, city }]));
    const regionColour = new Map(data.regions.map((region) => [region.id, region.color]));
    const regionOf = new Map(data.cities.map((city) => [city.id, city.region]));
    // A region is the union of discs round its cities and broad bands along its inner roads,
    // drawn opaque in a group that is made translucent as a whole (overlaps do not darken).
    layers.regions.replaceChildren(...data.regions.map((region) => svg("g", {
      class: "region", "data-region": region.id, fill: region.color, stroke: region.color,
    },
    region.cities.map((code) => svg("circle", {
      cx: points.get(code).x, cy: points.get(code).y, r: REGION_R,
    })),
    data.roads.filter(([a, b]) => regionOf.get(a) === region.id && regionOf.get(b) === region.id)
      .map(([a, b]) => svg("line", { ...ends(a, b), "stroke-width": 2 * REGION_R })))));
    root.setAttribute("viewBox", drawingBox([...points.values()]));
    // The regions' names in the empty north-west corner: the colour of a city is its region's.
    layers.legend.replaceChildren(svg("rect", { class: "legend-box", x: 6, y: 6, width: 104,
      height: 12 * data.regions.length + 8, rx: 4 }),
    ...data.regions.map((region, index) => svg("g", { "data-region": region.id },
      svg("circle", { cx: 16, cy: 16 + 12 * index, r: 4, fill: region.color }),
      svg("text", { x: 25, y: 19.5 + 12 * index }, region.name))));
    layers.roads.replaceChildren(...data.roads.map(([a, b]) => svg("line", {
      class: "road", "data-road": `${a}-${b}`, ...ends(a, b),
    })));
    cityNodes = new Map(data.cities.map((city) => {
      const { x, y } = points.get(city.id);
      const node = svg("g", { class: "city", "data-testid": "city", "data-city": city.id,
        "data-region": city.region },
      svg("circle", { class: "ring", cx: x, cy: y, r: CITY_R + 4.5 }),
      svg("circle", { class: "dot", cx: x, cy: y, r: CITY_R,
        fill: regionColour.get(city.region) }),
      svg("text", { class: "name", x, y: y + CITY_R + 11 }, city.name));
      return [city.id, node];
    }));
    layers.cities.replaceChildren(...cityNodes.values());
    root.dataset.cities = String(data.cities.length);
    root.dataset.roads = String(data.roads.length);
  }

  // The drawing holds the whole map: the board's 600 × 420 and every region round a city near
  // its edge (Zürich and Innsbruck lie 20 mm above the bottom edge, their regions reach 30).
  function drawingBox(cities) {
    const left = Math.min(0, ...cities.map(({ x }) => x - Math.max(REGION_R, NAME_HALF)));
    const top = Math.min(0, ...cities.map(({ y }) => y - REGION_R));
    const right = Math.max(WIDTH, ...cities.map(({ x }) => x + Math.max(REGION_R, NAME_HALF)));
    const bottom = Math.max(HEIGHT, ...cities.map(({ y }) => y + Math.max(REGION_R, NAME_BELOW)));
    return `${left} ${top} ${right - left} ${bottom - top}`;
  }

  function ends(a, b) {
    const p = points.get(a);
    const q = points.get(b);
    return { x1: p.x, y1: p.y, x2: q.x, y2: q.y };
  }

  /** Draw every route and house of the observation; `preview` = {seat, cities} to place. */
  function update(observation, preview = null) {
    if (!points) return;
    const n = observation.num_players;
    layers.routes.replaceChildren(...observation.routes.map((route, seat) => {
      const shift = (seat - (n - 1) / 2) * ROUTE_SHIFT;
      const path = route.map((code) => {
        const { x, y } = points.get(code);
        return `${x + shift},${y + shift}`;
      }).join(" ");
      return svg("g", { class: "route", "data-testid": "map-route", "data-seat": seat,
        "data-cities": route.join("-") },
      route.length > 1 ? svg("polyline", { points: path, stroke: colours[seat] }) : null,
      route.map((code) => svg("circle", { cx: points.get(code).x + shift,
        cy: points.get(code).y + shift, r: 3, fill: colours[seat] })));
    }));
    const houses = [];
    observation.houses.forEach((cities, seat) => {
      for (const code of cities) houses.push(house(code, seat, false));
    });
    for (const code of preview?.cities ?? []) houses.push(house(code, preview.seat, true));
    layers.houses.replaceChildren(...houses);
    // A spectator's "pieces" are those of the seat to move.
    ownSeat = observation.seat ?? observation.current_player;
    zoom.refresh();
  }

  // The player's route (its city markers) and houses on the map.
  function ownPieces() {
    const seat = `[data-seat="${ownSeat}"]`;
    return [...root.querySelectorAll(`[data-testid=map-route]${seat} circle, `
      + `[data-testid=house]${seat}`)];
  }

  function house(code, seat, previewed) {
    const { x, y } = points.get(code);
    const [dx, dy] = CORNERS[seat];
    const cx = x + dx * (CITY_R + 1);
    const cy = y + dy * (CITY_R + 1);
    return svg("path", {
      class: previewed ? "house preview" : "house", "data-testid": previewed ? "house-preview"
        : "house", "data-seat": seat, "data-city": code, fill: colours[seat],
      d: `M${cx - HOUSE / 2},${cy + HOUSE / 2} v${-HOUSE * 0.6} l${HOUSE / 2},${-HOUSE * 0.45}`
        + ` l${HOUSE / 2},${HOUSE * 0.45} v${HOUSE * 0.6} z`,
    });
  }

  /**
   * Offer cities to choose: `choices` is [{city, label, pressed}] (an empty list offers none).
   * A city that stays a choice keeps its tabindex, so the keyboard focus survives a redraw.
   */
  function setChoices(choices) {
    const offered = new Map(choices.map((choice) => [choice.city, choice]));
    for (const [code, node] of cityNodes) {
      const choice = offered.get(code);
      if (!choice) {
        for (const name of ["data-choice", "tabindex", "role", "aria-label", "aria-pressed"]) {
          node.removeAttribute(name);
        }
        continue;
      }
      node.setAttribute("data-choice", "true");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", choice.label);
      if (choice.pressed === undefined) node.removeAttribute("aria-pressed");
      else node.setAttribute("aria-pressed", String(choice.pressed));
    }
  }

  /** Mark the cities of `codes` (the chosen card's city, the current route's ends). */
  function setMarks(codes) {
    for (const [code, node] of cityNodes) node.classList.toggle("marked", codes.includes(code));
  }

  return {
    setMap, update, setChoices, setMarks,
    ready: () => points !== null,
    focusFirstChoice: () => root.querySelector("[data-choice]")?.focus(),
    destroy: () => {
      zoom.destroy();
      frame.remove();
    },
  };
}
