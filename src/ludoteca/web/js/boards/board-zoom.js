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
