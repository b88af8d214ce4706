// The keyboard focus across a redraw. Panels are drawn anew on every view (a clock tick, a seat
// coming online, the player's own click), which replaces the button that had the focus and drops
// the focus to the page; the new button that stands for the same thing takes it back.

// The data attributes that say what a control stands for (its test id, card, counter, slot…).
const IDENTITY = ["testid", "card", "index", "ref", "slot", "cards", "action", "seat"];

/**
 * Return a function to call once `containers` are redrawn: if one of them had the focus, the
 * element now in it with the same test id and data takes the focus back.
 */
export function rememberFocus(...containers) {
  const focused = document.activeElement;
  const container = containers.find((c) => focused && focused !== c && c.contains(focused));
  if (!container) return () => {};
  const selector = IDENTITY.filter((key) => focused.dataset[key] !== undefined)
    .map((key) => `[data-${key}="${CSS.escape(focused.dataset[key])}"]`).join("");
  return () => {
    if (!selector || focused.isConnected) return; // not redrawn: the focus stayed where it was
    container.querySelector(selector)?.focus();
  };
}
