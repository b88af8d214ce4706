// The match page in its three modes:
//   player    this browser holds one seat: its hand, its moves, the others' moves live;
//   hotseat   it holds several seats (one screen passed around): before each of their turns a
//             cover hides everything until the next player confirms, and a hand is shown only
//             to the seat whose turn it is;
//   spectator it holds none (or "#/watch/…"): the public view, no hand at all.
// Views arrive over the WebSocket (and as answers to our own actions); the newest state wins.

import { api, ApiError, MatchSocket } from "../api.js";
import { h, replaceChildren } from "../dom.js";
import { loadGame } from "../games/index.js";
import { t } from "../i18n.js";
import { navigate } from "../router.js";
import { heldTokens, rememberTokens } from "../store.js";
import { absenceControls } from "../components/absence.js";
import { chatPanel } from "../components/chat.js";
import { seatClock, tickClocks } from "../components/clock.js";
import { errorText } from "../components/errors.js";
import { guideLink } from "../components/game-help.js";
import { confirmMoves } from "../components/confirm.js";
import { noticeList } from "../components/notices.js";
import { isRewound, undoControl } from "../components/undo.js";
import { rememberFocus } from "../components/focus.js";
import { logList } from "../components/log.js";
import { resultBanner } from "../components/result.js";
import { scoreTable } from "../components/scores.js";
import { seatLabel, seatList, seatName } from "../components/seats.js";
import { turnAlerts } from "../components/turn-alert.js";
import { arrivals } from "../components/waiting.js";

const TOAST_MS = 5000;

export function mountMatch(root, { id, spectate }) {
  const tokens = spectate ? {} : heldTokens(id);
  const seats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
  const mode = seats.length === 0 ? "spectator" : seats.length === 1 ? "player" : "hotseat";

  const page = h("div", {
    class: "match", "data-testid": "match-page", "data-match-id": id, "data-mode": mode,
  });
  const turn = h("span", { class: "turn", "data-testid": "turn", "aria-live": "polite" },
    t("match.loading"));
  const connection = h("span", { class: "connection", "data-testid": "connection" });
  const links = h("span", { class: "links" },
    h("a", { href: `#/replay/${id}`, "data-testid": "replay-link" }, t("match.replay")),
    h("a", { href: "#/" }, t("nav.lobby")));
  // How to play, once the game is known (guideLink, components/game-help.js).
  const drawGuideLink = (name) => links.append(guideLink(name, { newTab: true }));
  const status = h("div", { class: "status" }, turn, connection, links);
  const boardArea = h("div", { class: "board-area" });
  const resultArea = h("div", {});
  const controlsArea = h("div", {});
  const seatsPanel = h("section", { class: "panel" }, h("h2", {}, t("match.players")));
  const logPanel = h("section", { class: "panel" }, h("h2", {}, t("match.log")));
  const side = h("div", { class: "side" }, resultArea, controlsArea, seatsPanel, logPanel);
  const toast = h("div", { class: "toast", role: "status", "data-testid": "toast" });
  page.append(status, boardArea, side, toast);
  root.append(page);
  const stopClocks = tickClocks(page);

  let game = null;
  let gameView = null;
  let view = null; // the view on screen
  let socket = null;
  let unlockedSeat = null; // hot seat: the seat that confirmed it holds the device
  let cover = null;
  let alive = true;
  let toastTimer = null;

  // The match's messages (chat lines and server notices, docs/web-api.md "Messages"), oldest
  // first; a component follows them with `matchContext.onMessage`.
  const messages = [];
  const messageListeners = new Set();

  function receiveMessage(message) {
    if (messages.some((known) => known.id === message.id)) return; // a reconnect resends them
    messages.push(message);
    for (const listener of messageListeners) listener(message);
  }

  /** What the match page's components share: the match, the seats held, views and messages. */
  const matchContext = {
    id,
    mode,
    tokens,
    seats,
    currentView: () => view,
    toast: (message) => showToast(message),
    seatName: (seat) => nameOf(seat),
    receive: (incoming) => receive(incoming),
    refresh: (seat) => catchUp(seat),
    onMessage(listener) {
      messageListeners.add(listener);
      messages.forEach(listener);
      return () => messageListeners.delete(listener);
    },
  };

  const undoBar = undoControl(matchContext); // Undo, confirm each move, notices in the log
  const confirm = confirmMoves(matchContext);
  const notices = noticeList(matchContext);
  controlsArea.before(confirm.slot);
  controlsArea.after(...[undoBar.element, confirm.element].filter(Boolean));
  const alerts = turnAlerts(matchContext); // a tone and a notification when the turn comes
  side.append(...[chatPanel(matchContext), alerts.element].filter(Boolean));
  // The waiting room until the match starts; the seat link or "you are watching" throughout,
  // below the hand and the controls (a spectator has neither: the banner comes first).
  const inviteArea = h("div", { class: "invite-area" });
  seatsPanel.before(inviteArea);
  const door = arrivals(matchContext, {
    page, boardArea, inviteArea, turn, spectate, game: () => game,
    gamePanels: [seatsPanel, logPanel], // nothing to show in them before the game starts
  });

  function showToast(message) {
    toast.textContent = message;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toast.textContent = ""; }, TOAST_MS);
  }

  const nameOf = (seat) => seatName(view?.match, game, seat);

  /** Take a view from the socket or an answer; older states than the one shown are dropped. */
  async function receive(incoming) {
    if (!alive) return;
    if (view && incoming.state_id < view.state_id && !isRewound(view, incoming)) return;
    // Same state again (a reconnect, or the socket echoing our own action): nothing new. In hot
    // seat the socket's public view must not replace the seat's view fetched for that state.
    if (view && incoming.state_id === view.state_id
      && JSON.stringify(incoming.match) === JSON.stringify(view.match)
      && (incoming.seat === view.seat || mode === "hotseat")) return;
    if (door.take(incoming)) return; // not started yet: the waiting room shows it
    // Hot seat: the socket speaks as a spectator; fetch the acting seat's own view.
    const acting = incoming.observation.current_player;
    if (mode === "hotseat" && incoming.seat !== acting && acting in tokens) {
      show(incoming); // the public view first, under the cover
      try {
        incoming = await api.view(id, tokens[acting]);
      } catch (e) {
        showToast(errorText(e));
        return;
      }
      if (!alive || (view && incoming.state_id < view.state_id && !isRewound(view, incoming))) {
        return;
      }
    }
    show(incoming);
  }

  function show(next) {
    const previous = view;
    view = next;
    gameView ??= game.createView({ boardArea, controlsArea, onAction: act });
    const observation = next.observation;
    const acting = observation.current_player;
    // An expired match (no action for --idle-hours) is over without a result: nobody acts.
    const expired = next.match.status === "expired";
    const finished = expired || next.match.status === "finished" || observation.terminal;
    const ownTurn = next.seat !== null && acting === next.seat && !finished;
    const seesOwn = next.seat !== null
      && (mode !== "hotseat" || (ownTurn && unlockedSeat === next.seat));
    // At the end the score table takes the hand's place (an empty or leftover hand says nothing);
    // an expired match keeps its hands on view.
    const showHand = seesOwn && !(finished && !expired);
    const entries = previous && next.state_id > previous.state_id
      ? observation.log.slice(previous.observation.log.length) : [];
    page.dataset.stateId = next.state_id;
    page.dataset.seat = next.seat ?? "";
    page.dataset.status = next.match.status;
    gameView.update(next, {
      showHand, interactive: showHand && ownTurn, entries,
      bottomSeat: seats[0] ?? 0, // a fixed orientation, also when the hot seat changes hands
      seatLabels: next.match.seats.map((s) => seatLabel(next.match, game, s.seat)),
    });
    drawTurn(observation, finished, showHand && ownTurn);
    alerts.update(next);
    undoBar.update(next);
    confirm.update(next);
    replaceChildren(seatsPanel, h("h2", {}, t("match.players")),
      seatList(next.match, observation, game, seats, (info) => [
        seatClock(next.match, info.seat, nameOf(info.seat)),
        absenceControls(next.match, info, matchContext)]));
    const restoreLogFocus = rememberFocus(logPanel); // a keyboard reader of the log stays there
    replaceChildren(logPanel, h("h2", {}, t("match.log")), notices.element,
      logList(observation, game, { seatName: nameOf, viewerSeat: seesOwn ? next.seat : null }));
    restoreLogFocus();
    replaceChildren(resultArea, resultBanner(next.match, observation, {
      seatName: nameOf, viewerSeats: seats, actions: finished ? resultActions() : [],
    }), scoreTable(observation, game, {
      seatName: nameOf, viewerSeats: seats,
    }));
    drawCover(acting, finished);
  }

  function drawTurn(observation, finished, yourTurn) {
    const acting = observation.current_player;
    turn.dataset.currentPlayer = acting ?? "";
    turn.dataset.yourTurn = String(yourTurn);
    // Tell a player in another tab that it is their turn.
    document.title = yourTurn ? `● ${t("match.yourTurn")} · ${t("app.title")}` : t("app.title");
    if (view.match.status === "expired") turn.textContent = t("match.expired");
    else if (finished) turn.textContent = t("match.finished");
    else if (yourTurn) turn.textContent = t("match.yourTurn");
    else if (view.match.status === "open") turn.textContent = t("match.waitingForPlayers");
    else turn.textContent = t("match.toPlay", { player: nameOf(acting) });
  }

  // Hot seat: hide the screen until the player whose turn it is says they hold the device.
  function drawCover(acting, finished) {
    const needed = mode === "hotseat" && !finished && acting in tokens && unlockedSeat !== acting;
    cover?.remove();
    cover = null;
    // Behind the cover nothing takes the keyboard focus (the toast still speaks).
    for (const part of page.children) part.inert = needed && part !== toast;
    if (!needed) return;
    cover = h("div", { class: "pass-device", "data-testid": "pass-device", "data-seat": acting,
      role: "dialog", "aria-modal": "true",
      "aria-labelledby": "pass-device-title pass-device-who" },
    h("div", { class: "box" },
      h("div", { id: "pass-device-title" }, t("hotseat.pass")),
      h("div", { class: "who", id: "pass-device-who", style: { color: game.seatColour(acting) } },
        nameOf(acting)),
      h("button", { class: "primary", "data-testid": "pass-device-confirm",
        onclick: () => {
          unlockedSeat = acting;
          const current = view;
          view = null; // re-show the same state with the hand revealed
          show(current);
        } }, t("hotseat.confirm", { player: nameOf(acting) }))));
    page.append(cover);
    cover.querySelector("button").focus();
  }

  function resultActions() {
    const actions = [];
    if (seats.length) {
      actions.push(h("button", { class: "primary", "data-testid": "rematch", onclick: rematch },
        view.match.rematch_id ? t("match.joinRematch") : t("match.rematch")));
    }
    actions.push(h("button", { "data-testid": "result-replay",
      onclick: () => navigate(`/replay/${id}`) }, t("match.replay")));
    return actions;
  }

  // The first to ask creates the rematch; the others asking later get their seats in it (each
  // seat is kept for its player). A hot-seat page asks with every token it holds.
  async function rematch() {
    try {
      const next = await api.rematch(id, seats.map((seat) => tokens[seat]));
      rememberTokens(next.match_id, next.tokens ?? {});
      navigate(`/match/${next.match_id}`);
    } catch (e) {
      showToast(errorText(e));
    }
  }

  /** Send a chosen action for the seat on screen; the answer is the new view. */
  async function act(text) {
    if (!(await confirm.ask(gameView.actionWords?.(text) ?? text))) return;
    const seat = view.seat;
    page.dataset.lastAction = text; // for tests and debugging: the last action sent
    try {
      await receive(await api.act(id, tokens[seat], view.state_id, text));
    } catch (e) {
      // This tab missed a move (a second tab, a dropped socket): show the match as it is now,
      // quietly; the player sees the new state and chooses again.
      if (e instanceof ApiError && e.code === "stale_state") await catchUp(seat);
      else showToast(errorText(e));
    }
  }

  async function catchUp(seat) {
    try {
      await receive(await api.view(id, tokens[seat]));
    } catch (e) {
      showToast(errorText(e));
    }
  }

  async function start() {
    try {
      const first = await api.view(id, mode === "player" ? tokens[seats[0]] : undefined);
      game = await loadGame(first.match.game); // before any view is shown
      drawGuideLink(game.name);
      await receive(first);
    } catch (e) {
      turn.textContent = e.status === 404 ? t("match.notFound") : errorText(e);
      return;
    }
    if (!alive) return;
    socket = new MatchSocket(id, mode === "player" ? tokens[seats[0]] : undefined, {
      onView: receive,
      onMessage: receiveMessage,
      onState: (state) => {
        connection.dataset.state = state;
        connection.textContent = state === "online" ? "" : t("match.reconnecting");
      },
    });
  }

  start();

  return {
    destroy() {
      alive = false;
      stopClocks();
      socket?.close();
      clearTimeout(toastTimer);
      gameView?.destroy();
      cover?.remove();
      document.title = t("app.title");
    },
  };
}
