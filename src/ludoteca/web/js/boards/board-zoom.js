// Zoom for a board on a small screen. On a phone a whole Keezen board leaves each hole about
// 20 CSS px, too small to hit with a finger; zoomed, a board unit is 44 px (access.css) and the
// board scrolls inside its frame. The toggle shows only on small screens.

import { h } from "../dom.js";

/**
 * Add a zoom toggle and a frame for a board to `container`; return {frame, reveal, destroy}.
 * The board's svg goes into `frame` and sets `--board-units` (its width in board units);
 * `reveal(elements)` scrolls a zoomed frame to the first of them unless one is in view already.
 */
export function createBoardZoom(container, { label }) {
  const frame = h("div", { class: "board-zoom", "data-testid": "board-zoom-frame",
    "data-zoomed": "false" });
  const toggle = h("button", {
    type: "button", "data-testid": "board-zoom", "aria-pressed": "false",
    onclick: () => setZoomed(frame.dataset.zoomed !== "true"),
  }, label);
  const bar = h("div", { class: "board-zoom-bar" }, toggle);
  container.append(bar, frame);

  function setZoomed(zoomed) {
    frame.dataset.zoomed = String(zoomed);
    toggle.setAttribute("aria-pressed", String(zoomed));
    // A zoomed frame scrolls: the keyboard must be able to reach it even with nothing to choose
    // (arrow keys then scroll it). The board inside names itself.
    if (zoomed) {
      frame.setAttribute("tabindex", "0");
      reveal([...frame.querySelectorAll("[data-choice]")]);
    } else {
      frame.removeAttribute("tabindex");
    }
  }

  function reveal(elements) {
    if (!elements.length || frame.dataset.zoomed !== "true") return;
    const view = frame.getBoundingClientRect();
    const inView = (box) => box.left >= view.left && box.right <= view.right
      && box.top >= view.top && box.bottom <= view.bottom;
    if (elements.some((el) => inView(el.getBoundingClientRect()))) return;
    const box = elements[0].getBoundingClientRect();
    // Scroll the frame only (scrollIntoView would move the whole page as well).
    frame.scrollBy({
      left: box.left + box.width / 2 - (view.left + view.width / 2),
      top: box.top + box.height / 2 - (view.top + view.height / 2),
    });
  }

  return {
    frame,
    reveal,
    destroy() {
      bar.remove();
      frame.remove();
    },
  };
}

const MAP_MAX_SCALE = 4;
const MAP_STEP = 1.5; // one press of a zoom button
const MAP_TAP_PX = 44; // "show my pieces" zooms in until a tap target is this big (access.css)

/**
 * Zoom and pan for a map that fits its frame's width at first (Elfenland, Thurn und Taxis).
 * Puts zoom-out, zoom-in and "show my pieces" buttons before `frame`; two fingers pinch the map
 * `map` (its svg), one finger scrolls the zoomed map inside `frame`. `mine()` returns the
 * elements of the player's own pieces; `tapUnits` is the size of the map's tap targets (a road's
 * or city's ring) in the units of the map's viewBox. Returns {setScale, showMine, refresh, destroy}.
 */
export function createMapZoom(frame, map, { labels, mine = () => [], tapUnits = 6 }) {
  let scale = 1;
  frame.classList.add("map-zoom");
  frame.dataset.testid = "map-zoom-frame";
  frame.dataset.scale = "1";
  const button = (testid, text, label, onclick) => h("button", {
    type: "button", "data-testid": testid, "aria-label": label, title: label, onclick,
  }, text);
  const zoomOut = button("map-zoom-out", "−", labels.out, () => setScale(scale / MAP_STEP));
  const zoomIn = button("map-zoom-in", "+", labels.in, () => setScale(scale * MAP_STEP));
  const pieces = button("map-show-mine", labels.mine, labels.mine, () => showMine());
  const bar = h("div", { class: "map-zoom-bar", role: "group", "aria-label": labels.group },
    zoomOut, zoomIn, pieces);
  frame.before(bar);

  // Zoom to `next`, keeping the map point under `at` (px from the frame's top left; by default
  // the middle of the frame) where it is.
  function setScale(next, at = null) {
    const clamped = Math.min(MAP_MAX_SCALE, Math.max(1, next));
    const x = at?.x ?? frame.clientWidth / 2;
    const y = at?.y ?? frame.clientHeight / 2;
    const ratio = clamped / scale;
    const left = (frame.scrollLeft + x) * ratio - x;
    const top = (frame.scrollTop + y) * ratio - y;
    scale = clamped;
    map.style.width = `${(scale * 100).toFixed(1)}%`;
    frame.dataset.scale = scale.toFixed(2);
    frame.dataset.zoomed = String(scale > 1);
    frame.scrollLeft = left;
    frame.scrollTop = top;
    zoomOut.disabled = scale <= 1;
    zoomIn.disabled = scale >= MAP_MAX_SCALE;
  }

  // The scale at which a tap target of the map is MAP_TAP_PX wide (at most MAP_MAX_SCALE).
  function tappableScale() {
    const units = map.viewBox.baseVal?.width || 1;
    const pxPerUnit = map.getBoundingClientRect().width / scale / units;
    return Math.min(MAP_MAX_SCALE, MAP_TAP_PX / (tapUnits * pxPerUnit));
  }

  // Zoom in far enough to tap a road or a city, scroll the player's pieces to the middle of the
  // frame and the frame onto the screen.
  function showMine() {
    const own = mine();
    if (!own.length) return;
    const tappable = tappableScale();
    if (scale < tappable) setScale(tappable);
    const boxes = own.map((el) => el.getBoundingClientRect());
    const left = Math.min(...boxes.map((box) => box.left));
    const right = Math.max(...boxes.map((box) => box.right));
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    const view = frame.getBoundingClientRect();
    // Scroll the frame (scrollIntoView on a piece would centre the whole page on it as well).
    frame.scrollBy({
      left: (left + right) / 2 - (view.left + view.width / 2),
      top: (top + bottom) / 2 - (view.top + view.height / 2),
    });
    frame.scrollIntoView({ block: "nearest" });
  }

  // Two fingers pinch; the page itself must not zoom then (touchmove is cancelled).
  let pinch = null;
  const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX,
    touches[0].clientY - touches[1].clientY);
  function onTouchStart(event) {
    if (event.touches.length === 2) pinch = { spread: spread(event.touches), scale };
  }
  function onTouchMove(event) {
    if (!pinch || event.touches.length !== 2) return;
    event.preventDefault();
    const view = frame.getBoundingClientRect();
    const [a, b] = event.touches;
    setScale(pinch.scale * (spread(event.touches) / pinch.spread), {
      x: (a.clientX + b.clientX) / 2 - view.left, y: (a.clientY + b.clientY) / 2 - view.top,
    });
  }
  function onTouchEnd(event) {
    if (event.touches.length < 2) pinch = null;
  }
  frame.addEventListener("touchstart", onTouchStart, { passive: true });
  frame.addEventListener("touchmove", onTouchMove, { passive: false });
  frame.addEventListener("touchend", onTouchEnd);
  frame.addEventListener("touchcancel", onTouchEnd);
  setScale(1);

  return {
    setScale: (next) => setScale(next),
    showMine,
    /** Offer "show my pieces" only when the player has pieces on the map. */
    refresh() {
      pieces.disabled = mine().length === 0;
    },
    destroy() {
      bar.remove();
    },
  };
}
