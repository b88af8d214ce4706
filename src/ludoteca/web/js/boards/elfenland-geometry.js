// Where everything of the Elfenland map lies, in map units: the map is 100 units tall and
// `aspect_ratio` × 100 wide; the data gives town positions in 0..1 (GET /api/games/elfenland/board).
//
// Edges run from town centre to town centre. Seven town pairs have a road and a water edge side
// by side: both are drawn as arcs bending away from each other (the lake crossing towards the
// middle of its lake), so each keeps its own line and its own click target (the handle in the
// middle of the edge). Each lake is a smooth shape inside the triangle of its shore towns.

export const MAP_HEIGHT = 100;
export const MARGIN = 7; // room around the outer towns for labels and pieces
const PARALLEL_BEND = 2.8; // how far a parallel edge's middle leaves the straight line
const LAKE_SCALE = 1.12; // a lake's corners lie this far from its middle, relative to its towns

/** Return the layout of the map: towns, edges with their curves, lakes and the view box. */
export function elfenlandLayout(board) {
  const width = MAP_HEIGHT * board.aspect_ratio;
  const towns = new Map(board.towns.map((town) => [town.name, {
    name: town.name, capital: !town.pieces,
    x: town.at[0] * width, y: town.at[1] * MAP_HEIGHT,
  }]));
  const lakes = lakeShapes(board.edges, towns);
  const pairKey = (edge) => [edge.a, edge.b].sort().join("|");
  const pairs = new Map();
  for (const edge of board.edges) pairs.set(pairKey(edge), [...pairs.get(pairKey(edge)) ?? [], edge]);
  const edges = new Map(board.edges.map((edge) => {
    const a = towns.get(edge.a);
    const b = towns.get(edge.b);
    const pair = pairs.get(pairKey(edge));
    let bend = 0;
    if (pair.length > 1) {
      // In the frame of the pair (from the first name to the second, `bend` > 0 to the left),
      // the water edge bends one way and the road the other; a lake crossing into its lake.
      const [from, to] = [edge.a, edge.b].sort().map((name) => towns.get(name));
      const lake = lakes.find((l) => pair.some((e) => e.lake === l.name));
      const intoLake = lake ? -Math.sign(cross(from, to, lake.centre)) || 1 : 1;
      const water = edge.kind === "river" || edge.kind === "lake";
      const inPairFrame = (water ? intoLake : -intoLake) * PARALLEL_BEND;
      bend = from === a ? inPairFrame : -inPairFrame;
    }
    return [edge.id, edgeCurve(edge, a, b, bend)];
  }));
  return {
    width, height: MAP_HEIGHT, towns, edges, lakes,
    viewBox: `${-MARGIN} ${-MARGIN} ${width + 2 * MARGIN} ${MAP_HEIGHT + 2 * MARGIN}`,
  };
}

// Which side of the line from `p` to `q` the point `r` lies on (sign of the cross product).
function cross(p, q, r) {
  return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
}

/**
 * Return an edge's curve: a quadratic Bézier from town a to town b whose middle lies `bend`
 * units to the left of the straight line (0: a straight line). `at(t)` gives a point,
 * `angle(t)` the direction of travel from a to b in degrees.
 */
export function edgeCurve(edge, a, b, bend = 0) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy) || 1;
  const normal = { x: dy / length, y: -dx / length };
  // The curve's middle is half way from the chord's middle to the control point.
  const control = {
    x: (a.x + b.x) / 2 + normal.x * bend * 2, y: (a.y + b.y) / 2 + normal.y * bend * 2,
  };
  const at = (t) => ({
    x: (1 - t) ** 2 * a.x + 2 * (1 - t) * t * control.x + t ** 2 * b.x,
    y: (1 - t) ** 2 * a.y + 2 * (1 - t) * t * control.y + t ** 2 * b.y,
  });
  const angle = (t) => {
    const tx = 2 * (1 - t) * (control.x - a.x) + 2 * t * (b.x - control.x);
    const ty = 2 * (1 - t) * (control.y - a.y) + 2 * t * (b.y - control.y);
    return (Math.atan2(ty, tx) * 180) / Math.PI;
  };
  const fmt = (p) => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`;
  const d = bend === 0 ? `M${fmt(a)} L${fmt(b)}` : `M${fmt(a)} Q${fmt(control)} ${fmt(b)}`;
  return { edge, a, b, d, at, angle, middle: at(0.5), length };
}

// The lakes: a smooth closed shape through points between the lake's middle and its towns.
function lakeShapes(edges, towns) {
  const byLake = new Map();
  for (const edge of edges) {
    if (!edge.lake) continue;
    const names = byLake.get(edge.lake) ?? new Set();
    names.add(edge.a);
    names.add(edge.b);
    byLake.set(edge.lake, names);
  }
  return [...byLake].map(([name, names]) => {
    const points = [...names].map((n) => towns.get(n));
    const centre = {
      x: points.reduce((s, p) => s + p.x, 0) / points.length,
      y: points.reduce((s, p) => s + p.y, 0) / points.length,
    };
    const corners = points
      .map((p) => ({ x: centre.x + (p.x - centre.x) * LAKE_SCALE,
        y: centre.y + (p.y - centre.y) * LAKE_SCALE }))
      .sort((p, q) => Math.atan2(p.y - centre.y, p.x - centre.x)
        - Math.atan2(q.y - centre.y, q.x - centre.x));
    return { name, centre, d: smoothClosedPath(corners) };
  });
}

// A closed path through the middles of the sides, bending round each corner (rounded polygon).
function smoothClosedPath(corners) {
  const mid = (p, q) => ({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 });
  const fmt = (p) => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`;
  const n = corners.length;
  const start = mid(corners[n - 1], corners[0]);
  let d = `M${fmt(start)}`;
  for (let i = 0; i < n; i++) {
    d += ` Q${fmt(corners[i])} ${fmt(mid(corners[i], corners[(i + 1) % n]))}`;
  }
  return `${d} Z`;
}

/** Return where the `index`-th of `count` things sits in a row centred on x (spacing `gap`). */
export function rowOffset(index, count, gap) {
  return (index - (count - 1) / 2) * gap;
}
