// The waiting room: what the match page shows instead of the board while the match is open
// (docs/web-api.md: no game state exists until every human seat is taken or a seated player
// starts it with bots in the empty seats). When the game starts, the socket brings the first
// view with an observation and the page shows the board by itself.

import { api } from "../api.js";
import { h, replaceChildren } from "../dom.js";
import { t } from "../i18n.js";
import { navigate } from "../router.js";
import { rememberName, rememberTokens } from "../store.js";
import { errorText } from "./errors.js";
import {
  copyLinkButton, freeSeats, inviteLink, joinPrompt, seatLinkPanel, watchingBanner,
} from "./invite.js";
import { botLabel, seatName } from "./seats.js";

// How a seat stands: taken (by a person or a bot), free, or kept for its player of the match
// before (a rematch).
function seatState(info) {
  if (info.type === "bot") return "bot";
  if (info.claimed) return "taken";
  return info.reserved ? "reserved" : "free";
}

function seatRow(summary, game, info, viewerSeats) {
  const state = seatState(info);
  const badge = {
    bot: h("span", { class: "badge" }, botLabel(game, info.bot)),
    taken: viewerSeats.includes(info.seat) ? h("span", { class: "badge" }, t("seat.you")) : null,
    reserved: h("span", { class: "badge", "data-testid": "seat-reserved" }, t("seat.reserved")),
    free: h("span", { class: "badge open" }, t("seat.free")),
  }[state];
  const who = state === "free" ? game.seatColourName(info.seat) : seatName(summary, game, info.seat);
  return h("li", { "data-seat": info.seat, "data-state": state },
    h("span", { class: "swatch", style: { background: game.seatColour(info.seat) } }),
    h("span", { class: "name" }, who, badge ? [" ", badge] : null));
}

/**
 * Return the waiting room of an open match: the name prompt of a visitor (`prompt`), its seats,
 * and the controls (`invite`: the invite link to copy; `start`: for a seated player, the button
 * that starts it with bots in the empty seats). The page makes the prompt and the controls once
 * and passes the same elements on every view, so a typed name or a shown link stays.
 */
export function waitingRoom(summary, game, { viewerSeats, prompt, invite, start }) {
  return h("section", { class: "panel waiting-room", "data-testid": "waiting-room" },
    prompt,
    h("h2", {}, t("waiting.title")),
    h("p", { class: "muted" }, t("waiting.help")),
    h("ul", { class: "seats", "data-testid": "waiting-seats" },
      summary.seats.map((info) => seatRow(summary, game, info, viewerSeats))),
    h("div", { class: "actions" }, invite, start));
}

/**
 * Return the match page's part for people arriving: the waiting room while the match is open,
 * and in every phase the seat holder's personal link or the spectator's banner (`inviteArea`).
 * `take(view)` draws what belongs to a view and returns true if the waiting room shows it (the
 * match has not started: no observation), so the page draws no board for it; `gamePanels`
 * (the players and the log of the side column) are hidden until then.
 */
export function arrivals(context, {
  page, boardArea, inviteArea, turn, spectate, game, gamePanels,
}) {
  const { id, mode, seats, tokens, toast } = context;
  const seatPanel = mode === "player" ? seatLinkPanel(id, seats[0], tokens[seats[0]], toast) : null;
  // A visitor who opened the invite link is asked for a name first; "#/watch/…" only watches.
  let prompting = mode === "spectator" && !spectate;
  let waiting = false;
  let last = null;
  const invite = copyLinkButton(inviteLink(id), {
    label: t("invite.copy"), copied: t("invite.copied"), testid: "copy-invite", toast,
  });
  const startButton = mode === "player" ? h("button", { type: "button", class: "primary",
    "data-testid": "start-with-bots", onclick: () => startNow() }, t("waiting.start")) : null;
  let prompt = null; // made when first shown

  async function join(name) {
    try {
      if (name) rememberName(name);
      const joined = await api.join(id, null, name || null);
      rememberTokens(id, { [joined.seat]: joined.token });
      navigate(`/match/${id}`); // mounted again (also from "#/watch/…"), now holding the seat
    } catch (e) {
      toast(errorText(e));
    }
  }

  async function startNow() {
    startButton.disabled = true;
    try {
      await api.start(id, tokens[seats[0]]);
      await context.refresh?.(seats[0]); // the socket brings it too; this page need not wait
    } catch (e) {
      toast(errorText(e));
    }
    startButton.disabled = false;
  }

  const redraw = (wanted) => {
    prompting = wanted;
    if (last) take(last);
  };

  function take(view) {
    last = view;
    const summary = view.match;
    const open = summary.status === "open";
    const asking = prompting && open && view.observation === null && freeSeats(summary).length > 0;
    replaceChildren(inviteArea, seatPanel, mode === "spectator" && !asking
      ? watchingBanner(summary, { onTakeSeat: () => redraw(true) }) : null);
    for (const panel of gamePanels) panel.hidden = view.observation === null;
    if (view.observation !== null) {
      if (waiting) boardArea.replaceChildren(); // the game has started: the board goes here
      waiting = false;
      delete page.dataset.waiting;
      return false;
    }
    waiting = true;
    Object.assign(page.dataset, {
      waiting: "true", stateId: view.state_id, seat: view.seat ?? "", status: summary.status,
    });
    Object.assign(turn.dataset, { currentPlayer: "", yourTurn: "false" });
    turn.textContent = open ? t("match.waitingForPlayers") : t("match.expired");
    if (asking) prompt ??= joinPrompt({ onJoin: join, onWatch: () => redraw(false) });
    replaceChildren(boardArea, waitingRoom(summary, game(), {
      viewerSeats: seats, prompt: asking ? prompt : null, invite: open ? invite : null,
      start: open ? startButton : null,
    }));
    return true;
  }

  return { take };
}
