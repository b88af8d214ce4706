// Where every hole of a Keezen board lies, in board units (1 unit = distance between two squares).
//
// The track is drawn as a star of arms, one per seat (rules section 3.3). Each arm is three
// columns wide: the two outer columns carry the track, the middle one the seat's home lane.
// In an arm's own frame v points outwards and u across, towards the next seat (clockwise):
//
//        E(p)  S(p)            v = T   (tip: E(p) in the middle, S(p) at u = +1)
//     ○   ○   ○   ▢▢          the ▢ are the four start-area holes, beside S(p)
//     ○   h0  ○   ▢▢
//     ○   h1  ○
//     ○   h2  ○
//     ○   h3  ○
//     ○       ○                 v = v0  (the outer columns meet the neighbouring arms' columns)
//    u=-1 u=0 u=+1
//
// From E(p) the track goes to S(p), inwards along u = +1, round the corner where it meets the
// next arm's u = -1 column, outwards to that arm's tip and so to E(p+1): G = L / N squares.
// Two players use a four-armed cross with the seats on opposite arms (L = 32 or 64).

const HOME_SLOTS = 4;
const LABEL_HALF_WIDTH = 1.6; // room kept for a seat name (names are cut to fit)

/** Return the arm index of `seat`: two players sit on opposite arms of a four-armed cross. */
function armOfSeat(numPlayers, seat) {
  return numPlayers === 2 ? 2 * seat : seat;
}

/**
 * Return the layout of a board: points of every track square, home slot and start hole,
 * the arm tips (for labels) and the bounding box. `bottomSeat` is drawn at the bottom.
 */
export function keezenLayout(numPlayers, trackLength, bottomSeat = 0) {
  const arms = numPlayers === 2 ? 4 : numPlayers;
  const alpha = (2 * Math.PI) / arms;
  const v0 = 1 / Math.tan(alpha / 2); // where neighbouring outer columns meet
  const halfLeg = trackLength / (2 * arms) - 1; // squares per column between tip and corner
  const tip = halfLeg + v0;
  const bottomArm = armOfSeat(numPlayers, bottomSeat ?? 0);

  const frames = [];
  for (let a = 0; a < arms; a++) {
    // SVG angles grow clockwise (y points down); arm of the bottom seat points down.
    const theta = Math.PI / 2 + (a - bottomArm) * alpha;
    const d = { x: Math.cos(theta), y: Math.sin(theta) };
    const n = { x: -Math.sin(theta), y: Math.cos(theta) }; // towards the next arm
    frames.push((u, v) => ({ x: v * d.x + u * n.x, y: v * d.y + u * n.y }));
  }

  // Walk the track from E(0), the tip of seat 0's arm: one square per unit of path length.
  const corners = [];
  for (let k = 0; k < arms; k++) {
    const a = (armOfSeat(numPlayers, 0) + k) % arms;
    const next = frames[(a + 1) % arms];
    corners.push(frames[a](0, tip), frames[a](1, tip), frames[a](1, v0), next(-1, tip));
  }
  const path = sampleClosedPath(corners, trackLength);
  // path[0] is E(0) = square L-1; path[k] is square k-1.
  const squares = path.map((_, k) => path[(k + 1) % trackLength]);

  // Slots go inwards from the tip; on the small two-player cross they are packed closer.
  const slotGap = Math.min(1, (tip - 1.7) / (HOME_SLOTS - 1));
  const home = [];
  const startArea = [];
  const tips = [];
  for (let seat = 0; seat < numPlayers; seat++) {
    const frame = frames[armOfSeat(numPlayers, seat)];
    home.push([0, 1, 2, 3].map((k) => frame(0, tip - 1 - k * slotGap)));
    startArea.push([
      frame(2.5, tip), frame(3.5, tip), frame(2.5, tip - 1), frame(3.5, tip - 1),
    ]);
    // The name goes beside the tip, on the side away from the start area, and runs away from
    // the arm: right-aligned when that side is to the left, left-aligned when to the right.
    const away = frame(-1, 0);
    const anchor = away.x < -0.3 ? "end" : away.x > 0.3 ? "start" : "middle";
    const label = frame(anchor === "middle" ? -2.6 : -1.9, tip - 0.5);
    tips.push({ label, anchor, startCentre: frame(3, tip - 0.5) });
  }

  const labelEdges = tips.flatMap(({ label, anchor }) => {
    const width = 2 * LABEL_HALF_WIDTH;
    const left = label.x - { end: width, middle: width / 2, start: 0 }[anchor];
    return [{ x: left, y: label.y }, { x: left + width, y: label.y }];
  });
  // Holes reach 0.5 beyond their centre and the wooden bed 0.75; labels need little margin.
  const boxes = [
    ...[...squares, ...home.flat(), ...startArea.flat()].map((p) => ({ ...p, margin: 0.8 })),
    ...labelEdges.map((p) => ({ ...p, margin: 0.45 })),
  ];
  const bounds = {
    minX: Math.min(...boxes.map((p) => p.x - p.margin)),
    minY: Math.min(...boxes.map((p) => p.y - p.margin)),
    maxX: Math.max(...boxes.map((p) => p.x + p.margin)),
    maxY: Math.max(...boxes.map((p) => p.y + p.margin)),
  };
  // Free room in the middle: the corners of the track are at distance 1/sin(alpha/2).
  const centreRoom = Math.min(1 / Math.sin(alpha / 2), tip - 1 - (HOME_SLOTS - 1) * slotGap) - 0.45;
  return { numPlayers, trackLength, squares, home, startArea, tips, outline: corners, bounds,
    centreRoom };
}

/** Return `count` points spaced evenly along the closed polygon through `corners`. */
function sampleClosedPath(corners, count) {
  const edges = corners.map((p, i) => {
    const q = corners[(i + 1) % corners.length];
    return { p, q, length: Math.hypot(q.x - p.x, q.y - p.y) };
  });
  const total = edges.reduce((sum, e) => sum + e.length, 0);
  const step = total / count;
  const points = [];
  let edge = 0;
  let walked = 0; // path length before the current edge
  for (let k = 0; k < count; k++) {
    const at = k * step;
    while (at > walked + edges[edge].length + 1e-9) walked += edges[edge++].length;
    const { p, q, length } = edges[edge];
    const f = length ? (at - walked) / length : 0;
    points.push({ x: p.x + f * (q.x - p.x), y: p.y + f * (q.y - p.y) });
  }
  return points;
}

/** Return the point of a location text ("12", "h1.3") or of start hole `index` of `colour`. */
export function locPoint(layout, loc, colour, index = 0) {
  if (loc === "s") return layout.startArea[colour][index % HOME_SLOTS];
  if (loc.startsWith("h")) {
    const [seat, slot] = loc.slice(1).split(".").map(Number);
    return layout.home[seat][slot];
  }
  return layout.squares[Number(loc)];
}

/**
 * Return the location texts a pawn of `colour` passes when it moves from `from` to `to`
 * (both on its route), ending with `to`; `backward` for the 4.
 */
export function routeBetween(layout, colour, from, to, backward = false) {
  const length = layout.trackLength;
  const segment = length / layout.numPlayers;
  const start = segment * colour;
  const progress = (loc) => (loc.startsWith("h")
    ? length + Number(loc.split(".")[1])
    : (Number(loc) - start + length) % length);
  const locAt = (d) => (d >= length ? `h${colour}.${d - length}` : String((start + d) % length));
  const steps = [];
  if (backward) {
    for (let k = 1; k <= 4; k++) steps.push(String((Number(from) - k + length) % length));
    return steps;
  }
  const a = progress(from);
  const b = progress(to);
  if (b <= a) return [to];
  for (let d = a + 1; d <= b; d++) steps.push(locAt(d));
  return steps;
}
