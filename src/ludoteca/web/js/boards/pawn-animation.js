// Moves pawn elements along waypoints with requestAnimationFrame. A pawn walks square by
// square so that a move can be followed; moves of one group (the two pawns of a Jack swap) run
// together, groups run one after another (the two parts of a 7, then a capture).
//
// Updates may come faster than moves can be shown (bots with a short delay): one update may
// wait behind the running one; when a third arrives, both are finished at once.

const STEP_MS = 90; // per square walked
const MOVE_MS_MAX = 900; // a long walk goes faster
const JUMP_MS = 350; // straight moves: entering, swapping, going back to the start area

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** Put a pawn ({el}) at `point` and remember where it is shown. */
export function placePawnElement(pawn, point) {
  pawn.shown = point;
  pawn.el.setAttribute("transform", `translate(${point.x.toFixed(3)} ${point.y.toFixed(3)})`);
}

const lastPoint = (move) => move.points[move.points.length - 1];

/** Return an animator for the pawns of `root`: play(moves), finish(), isMoving(pawn). */
export function createAnimator(root) {
  let running = null; // {moves, frame}
  let waiting = null; // moves queued behind the running ones

  function snap(moves) {
    for (const move of moves) placePawnElement(move.pawn, lastPoint(move));
  }

  function schedule(moves) {
    // Each group starts when the longest move of the previous group has ended.
    const groups = [...new Set(moves.map((m) => m.group))].sort((a, b) => a - b);
    const timed = [];
    let offset = 0;
    for (const group of groups) {
      let longest = 0;
      for (const move of moves.filter((m) => m.group === group)) {
        const points = [move.pawn.shown ?? move.points[0], ...move.points];
        const walk = move.points.length > 1;
        const duration = walk ? Math.min(STEP_MS * move.points.length, MOVE_MS_MAX) : JUMP_MS;
        timed.push({ move, points, start: offset, duration });
        longest = Math.max(longest, duration);
      }
      offset += longest;
    }
    return { timed, total: offset };
  }

  function start(moves) {
    if (!moves.length || reducedMotion()) {
      snap(moves);
      startWaiting();
      return;
    }
    const { timed, total } = schedule(moves);
    const begin = performance.now();
    root.dataset.animating = "true";
    const tick = (now) => {
      const elapsed = now - begin;
      for (const { move, points, start: from, duration } of timed) {
        const f = Math.min(1, Math.max(0, (elapsed - from) / duration));
        const at = f * (points.length - 1);
        const i = Math.min(points.length - 2, Math.floor(at));
        const [p, q] = [points[i], points[i + 1]];
        const t = at - i;
        placePawnElement(move.pawn, { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
      }
      if (elapsed < total) {
        running.frame = requestAnimationFrame(tick);
      } else {
        running = null;
        startWaiting();
      }
    };
    running = { moves, frame: requestAnimationFrame(tick) };
  }

  function startWaiting() {
    const next = waiting;
    waiting = null;
    if (next) start(next);
    else delete root.dataset.animating;
  }

  function finish() {
    if (running) {
      cancelAnimationFrame(running.frame);
      snap(running.moves);
      running = null;
    }
    if (waiting) snap(waiting);
    waiting = null;
    delete root.dataset.animating;
  }

  return {
    /** Animate `moves` ({pawn, points, group}) after the running ones. */
    play(moves) {
      if (running && waiting) finish();
      if (running) waiting = moves;
      else start(moves);
    },
    /** Stop now and leave every pawn at its destination. */
    finish,
    /** Return true while `pawn` is moving or waiting to move. */
    isMoving(pawn) {
      return [running?.moves, waiting].some((moves) => moves?.some((m) => m.pawn === pawn));
    },
  };
}
