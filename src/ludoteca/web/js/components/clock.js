// Clocks (docs/web-api.md "Clocks"): the lobby's time control picker, and each seat's time
// beside its name on the match page, counting down for the seat whose turn runs. The summary
// gives every seat's time and the running seat's deadline; this page counts down to it on its
// own, and the server stays the judge (it gives a seat out of time to a bot).

import { h } from "../dom.js";
import { t } from "../i18n.js";

const TICK_MS = 250;
const LOW_SHARE = 0.25; // a running clock is low below this share of a turn or of the game …
const LOW_MOST_SECONDS = 30; // … but at most this many seconds
const DEFAULTS = { seconds: 60, minutes: 10, increment: 5 };
const BOUNDS = { seconds: [5, 86400], minutes: [1, 600], increment: [0, 3600] };
const painted = new WeakMap(); // clock element -> { clock, seat }

/** Return the seconds `seat` has at `nowMs` by this browser's clock (never below 0). */
export function secondsLeft(clock, seat, nowMs = Date.now()) {
  if (clock.running === seat && clock.deadline) {
    return Math.max(0, (Date.parse(clock.deadline) - nowMs) / 1000);
  }
  return Math.max(0, clock.remaining[seat] ?? 0);
}

/** Return a time as m:ss, or h:mm:ss from an hour on (whole seconds, rounded up). */
export function clockText(seconds) {
  const whole = Math.ceil(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${Math.floor(whole / 60)}:${two(rest)}`;
}

/** Return the time control in words ("30 s per turn", "10 min + 5 s"). */
export function controlText(clock) {
  return clock.mode === "move"
    ? t("clock.describe.move", { seconds: clock.seconds })
    : t("clock.describe.game", { minutes: clock.minutes, increment: clock.increment });
}

/** Return the clock of `seat` for the seats panel (null: no clock, or a bot's seat). */
export function seatClock(summary, seat, playerName) {
  const clock = summary.clock;
  const info = summary.seats[seat];
  // Bots have no clock; a person's seat that a bot plays for now keeps the person's time.
  if (!clock || (info.type === "bot" && !info.replaced)) return null;
  const running = clock.running === seat && summary.status === "running";
  const element = h("span", {
    class: "seat-clock", "data-testid": "seat-clock", "data-seat": seat,
    "data-running": String(running), role: "timer", title: controlText(clock),
  });
  painted.set(element, { clock, seat, playerName });
  paint(element);
  return element;
}

/** Show an element's time now (and whether it is low). */
function paint(element) {
  const { clock, seat, playerName } = painted.get(element);
  const seconds = secondsLeft(clock, seat);
  const budget = clock.mode === "move" ? clock.seconds : clock.minutes * 60;
  const low = element.dataset.running === "true"
    && seconds <= Math.min(LOW_MOST_SECONDS, budget * LOW_SHARE);
  const text = clockText(seconds);
  if (element.textContent !== text) element.textContent = text;
  element.dataset.seconds = String(Math.ceil(seconds));
  element.classList.toggle("low", low);
  element.setAttribute("aria-label", t("clock.label", { player: playerName, time: text }));
}

/** Count down every running clock under `root` until the returned function is called. */
export function tickClocks(root) {
  const timer = setInterval(() => {
    for (const element of root.querySelectorAll("[data-testid=seat-clock][data-running=true]")) {
      if (painted.has(element)) paint(element);
    }
  }, TICK_MS);
  return () => clearInterval(timer);
}

/**
 * Return the lobby's time control picker: `element` to put in the form, and `read()` giving
 * the request's `clock` (null: no clock).
 */
export function timeControlPicker() {
  const mode = h("select", { "data-testid": "clock-mode" },
    h("option", { value: "" }, t("clock.none")),
    h("option", { value: "move" }, t("clock.move")),
    h("option", { value: "game" }, t("clock.game")));
  const number = (name) => h("input", {
    type: "number", value: DEFAULTS[name], min: BOUNDS[name][0], max: BOUNDS[name][1], step: 1,
    required: true, "data-testid": `clock-${name}`,
  });
  const inputs = { seconds: number("seconds"), minutes: number("minutes"),
    increment: number("increment") };
  const field = (name) => h("label", { "data-clock-field": name }, t(`clock.${name}`),
    inputs[name]);
  const fields = { seconds: field("seconds"), minutes: field("minutes"),
    increment: field("increment") };
  const shown = { "": [], move: ["seconds"], game: ["minutes", "increment"] };

  function drawFields() {
    for (const [name, label] of Object.entries(fields)) {
      const visible = shown[mode.value].includes(name);
      label.hidden = !visible;
      inputs[name].disabled = !visible; // a hidden field is neither checked nor sent
    }
  }
  mode.addEventListener("change", drawFields);
  drawFields();

  const element = h("fieldset", { class: "time-control", "data-testid": "time-control" },
    h("legend", {}, t("clock.title")),
    h("label", {}, t("clock.mode"), mode),
    Object.values(fields),
    h("p", { class: "muted" }, t("clock.help")));

  function read() {
    const value = (name) => Number(inputs[name].value);
    if (mode.value === "move") return { mode: "move", seconds: value("seconds") };
    if (mode.value === "game") {
      return { mode: "game", minutes: value("minutes"), increment: value("increment") };
    }
    return null;
  }
  return { element, read };
}
