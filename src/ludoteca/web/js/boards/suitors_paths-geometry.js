// Where things are on the Suitors' Paths board (rules §4.2-4.4). Pointy-top hexes; a point is
// an integer key [X, Y] (a hex's centre is [2q + r, 3r], its corners the centre plus D[k]) and is
// drawn at (X·s·√3/2, Y·s/2) for hex size s (centre to corner):
//
//            N (0,-2)
//   NW (-1,-1)     NE (+1,-1)
//            C (0,0)
//   SW (-1,+1)     SE (+1,+1)
//            S (0,+2)

/** Hex size in board units: centre to corner, and the length of every segment. */
export const HEX = 10;
const HALF_WIDTH = (HEX * Math.sqrt(3)) / 2;
/** The corners of a hex in order (index k of the rules): N, NE, SE, S, SW, NW. */
export const CORNER_NAMES = ["N", "NE", "SE", "S", "SW", "NW"];
/** Corner k's point key minus its hex's centre key. */
export const CORNER_OFFSETS = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]];
const CORNERS = Object.fromEntries(CORNER_NAMES.map((name, k) => [name, CORNER_OFFSETS[k]]));

/** Return the board position {x, y} of a point key [X, Y]. */
export const at = ([X, Y]) => ({ x: X * HALF_WIDTH, y: (Y * HEX) / 2 });

/** Return the point key of hex "q,r"'s centre. */
export function centreKey(hex) {
  const [q, r] = hex.split(",").map(Number);
  return [2 * q + r, 3 * r];
}

/** Return the point key of a named point of hex "q,r" ("N" … "NW", or "C"). */
export function pointKey(hex, name) {
  const [X, Y] = centreKey(hex);
  const [dx, dy] = CORNERS[name] ?? [0, 0];
  return [X + dx, Y + dy];
}

/** Return the position of hex "q,r"'s centre. */
export const centreOf = (hex) => at(centreKey(hex));

/** Return the SVG points of hex "q,r"'s outline, shrunk towards its centre by `inset` units. */
export function hexOutline(hex, inset = 0) {
  const c = centreOf(hex);
  const scale = (HEX - inset) / HEX;
  return Object.keys(CORNERS).map((name) => {
    const p = at(pointKey(hex, name));
    return `${(c.x + (p.x - c.x) * scale).toFixed(2)},${(c.y + (p.y - c.y) * scale).toFixed(2)}`;
  }).join(" ");
}

/** Return a point at `distance` units from hex "q,r"'s centre at `degrees` (0 = east, y down). */
export function aside(hex, degrees, distance) {
  const c = centreOf(hex);
  const angle = (degrees * Math.PI) / 180;
  return { x: c.x + distance * Math.cos(angle), y: c.y + distance * Math.sin(angle) };
}

/** Return the board's box {minX, minY, width, height} with `margin` units round the hexes. */
export function bounds(hexes, margin) {
  const xs = [];
  const ys = [];
  for (const hex of hexes) {
    for (const name of Object.keys(CORNERS)) {
      const p = at(pointKey(hex, name));
      xs.push(p.x);
      ys.push(p.y);
    }
  }
  const minX = Math.min(...xs) - margin;
  const minY = Math.min(...ys) - margin;
  return { minX, minY, width: Math.max(...xs) + margin - minX,
    height: Math.max(...ys) + margin - minY };
}

/**
 * Return `width` board units in the zoom's units (44 CSS px each when zoomed): a zoom unit is
 * 4.5 board units, so a segment's card label (4.2 units across) is some 40 px, a finger's size.
 */
export const zoomUnits = (width) => width / 4.5;
