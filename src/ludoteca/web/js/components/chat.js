// The chat of a match (docs/web-api.md "Chat"): every line of kind "chat" in the match's
// messages, oldest at the top, and a one-line input. Players write as their seat; spectators
// give a name once (remembered with the player's name). Lines are other people's words: they
// are only ever put in the page as text nodes, never as markup.

import { api } from "../api.js";
import { h } from "../dom.js";
import { language, t } from "../i18n.js";
import { playerName, rememberName } from "../store.js";
import { errorText } from "./errors.js";

export const MAX_CHAT_LENGTH = 500; // the server's bound (schemas.MAX_CHAT_LENGTH)

/** Return the seat whose token a line is sent with: the one to move if held, else the first. */
function writingSeat(ctx) {
  const acting = ctx.currentView()?.observation?.current_player;
  return ctx.seats.includes(acting) ? acting : ctx.seats[0];
}

/** Return the time of day of an ISO timestamp in the page's language ("14:05"). */
function clockTime(at) {
  return new Date(at).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
}

/** Return one chat line: who, when, what. */
function chatLine(message, ctx) {
  const spectator = message.seat === null;
  const who = spectator ? message.name : message.name ?? ctx.seatName(message.seat);
  return h("li", {
    class: "chat-line", "data-testid": "chat-line", "data-id": message.id,
    "data-seat": message.seat ?? "",
  },
  h("span", { class: "chat-who" }, who,
    spectator ? h("span", { class: "chat-watcher" }, ` (${t("chat.spectator")})`) : null),
  " ",
  h("time", { class: "chat-time", datetime: message.at }, clockTime(message.at)),
  h("span", { class: "chat-text", "data-testid": "chat-text" }, message.text));
}

/** Return the chat panel of a match page; `ctx` is the page's matchContext. */
export function chatPanel(ctx) {
  const spectator = ctx.seats.length === 0;
  const lines = h("ol", {
    class: "chat-lines", "data-testid": "chat-lines", tabindex: "0",
    "aria-label": t("chat.title"), "data-empty": t("chat.empty"),
  });
  const nameInput = spectator ? h("input", {
    type: "text", class: "chat-name", "data-testid": "chat-name", maxlength: "40",
    autocomplete: "nickname", placeholder: t("chat.namePlaceholder"),
    "aria-label": t("chat.namePlaceholder"), value: playerName(),
  }) : null;
  // A spectator who gave a name before is not asked again (the field stays hidden).
  if (nameInput && playerName()) nameInput.hidden = true;
  const input = h("input", {
    type: "text", class: "chat-input", "data-testid": "chat-input",
    maxlength: String(MAX_CHAT_LENGTH), autocomplete: "off",
    placeholder: t("chat.placeholder"), "aria-label": t("chat.placeholder"),
  });
  const send = h("button", { type: "submit", "data-testid": "chat-send" }, t("chat.send"));
  const form = h("form", { class: "chat-form", onsubmit: submit }, nameInput, input, send);
  const panel = h("section", { class: "panel chat", "data-testid": "chat" },
    h("h2", {}, t("chat.title")), lines, form);

  ctx.onMessage((message) => {
    if (message.kind !== "chat") return; // notices are worded in the log
    if (lines.querySelector(`[data-id="${message.id}"]`)) return;
    const stick = lines.scrollTop + lines.clientHeight >= lines.scrollHeight - 4;
    lines.append(chatLine(message, ctx));
    // Follow new lines unless the reader scrolled up to read older ones.
    if (stick) lines.scrollTop = lines.scrollHeight;
  });

  async function submit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const name = nameInput?.value.trim();
    if (spectator && !name) {
      nameInput.hidden = false;
      nameInput.focus();
      ctx.toast(t("chat.nameNeeded"));
      return;
    }
    send.disabled = true;
    try {
      if (spectator) await api.chat(ctx.id, text, { name });
      else await api.chat(ctx.id, text, { token: ctx.tokens[writingSeat(ctx)] });
      input.value = "";
      if (spectator) {
        rememberName(name);
        nameInput.hidden = true;
      }
    } catch (e) {
      // A spectator's name that a player has (the server says bad_request) is asked again.
      if (spectator && e.code === "bad_request") {
        nameInput.hidden = false;
        nameInput.select();
        ctx.toast(t("chat.nameTaken"));
      } else if (e.code === "rate_limited") ctx.toast(t("chat.tooFast"));
      else ctx.toast(errorText(e));
    } finally {
      send.disabled = false;
      input.focus();
    }
  }

  return panel;
}
