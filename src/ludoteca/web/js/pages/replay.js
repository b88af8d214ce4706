// The replay viewer: any match, finished or running, step by step (GET …/history/{step}).
// Buttons, a slider and the keyboard (← → Home End) move through the steps; the URL keeps the
// step so a position can be linked. A browser holding one seat of the match sees that hand.

import { api } from "../api.js";
import { h, replaceChildren, svg } from "../dom.js";
import { loadGame } from "../games/index.js";
import { t } from "../i18n.js";
import { replacePath } from "../router.js";
import { heldTokens } from "../store.js";
import { errorText } from "../components/errors.js";
import { logList } from "../components/log.js";
import { resultBanner } from "../components/result.js";
import { scoreTable } from "../components/scores.js";
import { seatLabel, seatList, seatName } from "../components/seats.js";

// Button icons as paths: not every device has fonts with the media-control symbols.
const ICONS = {
  first: "M3 2h2v12H3z M13 2 6 8l7 6z",
  prev: "M12 2 4 8l8 6z",
  next: "M4 2l8 6-8 6z",
  last: "M11 2h2v12h-2z M3 2l7 6-7 6z",
};
const icon = (name) => svg("svg",
  { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true" },
  svg("path", { d: ICONS[name], fill: "currentColor" }));

export function mountReplay(root, { id, step: stepParam }) {
  const tokens = heldTokens(id);
  const held = Object.keys(tokens).map(Number);
  const token = held.length === 1 ? tokens[held[0]] : undefined;

  const page = h("div", {
    class: "match replay", "data-testid": "replay-page", "data-match-id": id,
  });
  const stepLabel = h("span", {
    class: "step", "data-testid": "replay-step", "aria-live": "polite",
  });
  const slider = h("input", {
    type: "range", min: 0, max: 0, value: 0, "data-testid": "replay-slider",
    "aria-label": t("replay.slider"),
  });
  const button = (testid, label, title, onclick) =>
    h("button", { "data-testid": testid, title, "aria-label": title, onclick }, label);
  const controls = h("div", { class: "replay-controls" },
    button("replay-first", icon("first"), t("replay.first"), () => goTo(0)),
    button("replay-prev", icon("prev"), t("replay.prev"), () => goTo(target - 1)),
    button("replay-next", icon("next"), t("replay.next"), () => goTo(target + 1)),
    button("replay-last", icon("last"), t("replay.last"), () => goTo(Infinity)),
    slider, stepLabel);
  const actionLine = h("div", { class: "muted replay-action", "data-testid": "replay-action" });
  const status = h("div", { class: "status" },
    h("span", { class: "turn" }, t("replay.title")),
    h("span", { class: "links" },
      h("a", { href: `#/match/${id}`, "data-testid": "live-link" }, t("replay.live")),
      h("a", { href: "#/" }, t("nav.lobby"))),
    controls, actionLine);
  const boardArea = h("div", { class: "board-area" });
  const controlsArea = h("div", {});
  const resultArea = h("div", {});
  const seatsPanel = h("section", { class: "panel" });
  const logPanel = h("section", { class: "panel" });
  page.append(status, boardArea, h("div", { class: "side" }, resultArea, controlsArea, seatsPanel,
    logPanel));
  root.append(page);

  let game = null;
  let gameView = null;
  let summary = null;
  let view = null;
  let step = 0; // the step on screen
  let target = 0; // the step asked for last (keys pressed quickly step from here)
  let total = 0;
  let request = 0; // only the answer to the latest request is shown
  let alive = true;

  async function refreshTotal() {
    summary = await api.match(id);
    total = summary.state_id;
    slider.max = total;
  }

  async function goTo(goal) {
    if (!game) return; // steps asked for before the game module has loaded are ignored
    if (goal >= total && summary?.status !== "finished") await refreshTotal();
    const wanted = Math.max(0, Math.min(total, goal));
    target = wanted;
    const mine = ++request;
    let next;
    try {
      next = await api.history(id, wanted, token);
    } catch (e) {
      actionLine.textContent = errorText(e);
      return;
    }
    if (!alive || mine !== request) return;
    show(next, wanted);
  }

  function show(next, wanted) {
    const previous = view;
    const previousStep = step;
    view = next;
    step = wanted;
    gameView ??= game.createView({ boardArea, controlsArea, onAction: () => {} });
    const observation = next.observation;
    // Animate single steps forward; jumps and steps back are shown at once.
    const entries = previous && step === previousStep + 1
      ? observation.log.slice(previous.observation.log.length) : [];
    const nameOf = (seat) => seatName(next.match, game, seat);
    gameView.update(next, {
      showHand: next.seat !== null, interactive: false, entries, bottomSeat: next.seat ?? 0,
      seatLabels: next.match.seats.map((s) => seatLabel(next.match, game, s.seat)),
    });
    page.dataset.step = step;
    page.dataset.stateId = next.state_id;
    slider.value = step;
    stepLabel.dataset.step = step;
    stepLabel.dataset.total = total;
    stepLabel.textContent = t("replay.step", { step, total });
    const last = [...observation.log].reverse().find((e) => e.kind !== "deal");
    actionLine.textContent = step === 0 || !last ? t("replay.start")
      : game.describe(last, { seatName: nameOf, viewerSeat: next.seat, log: observation.log })
        ?? last.text;
    // The notation only as data, never as a tooltip: players read the words.
    actionLine.dataset.text = step === 0 || !last ? "" : last.text;
    replaceChildren(seatsPanel, h("h2", {}, t("match.players")),
      seatList(next.match, observation, game, held));
    replaceChildren(logPanel, h("h2", {}, t("match.log")),
      logList(observation, game, { seatName: nameOf, viewerSeat: next.seat }));
    replaceChildren(resultArea, observation.terminal
      ? resultBanner({ ...next.match, status: "finished" }, observation,
        { seatName: nameOf, viewerSeats: held })
      : null, scoreTable(observation, game, { seatName: nameOf, viewerSeats: held }));
    replacePath(`/replay/${id}/${step}`);
  }

  function onKey(event) {
    if (event.target.closest?.("input, select, textarea")) return;
    const moves = { ArrowLeft: () => goTo(target - 1), ArrowRight: () => goTo(target + 1),
      Home: () => goTo(0), End: () => goTo(Infinity) };
    if (moves[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      moves[event.key]();
    }
  }

  slider.addEventListener("input", () => goTo(Number(slider.value)));
  document.addEventListener("keydown", onKey);

  refreshTotal().then(async () => {
    game = await loadGame(summary.game);
    const wanted = stepParam === undefined || stepParam === "" ? total : Number(stepParam);
    return goTo(Number.isFinite(wanted) ? wanted : total);
  }).catch((e) => {
    stepLabel.textContent = e.status === 404 ? t("match.notFound") : errorText(e);
  });

  return {
    destroy() {
      alive = false;
      document.removeEventListener("keydown", onKey);
      gameView?.destroy();
    },
  };
}
