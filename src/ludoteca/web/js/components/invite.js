// Getting people to a match and back to their seats: the invite link, each holder's personal
// seat link, the name prompt of a visitor and the "you are watching" banner.
//
// A seat link carries the seat's token in the URL fragment only (#/seat/<match>/<seat>/<token>),
// which browsers never send to a server; opening it stores the token in this browser and goes on
// to #/match/<match> at once, without a history entry that would keep the token.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { render, replacePath } from "../router.js";
import { playerName, rememberTokens } from "../store.js";

const pageUrl = () => `${location.origin}${location.pathname}`;

/** Return the link that invites people to the match (they get the name prompt). */
export const inviteLink = (matchId) => `${pageUrl()}#/match/${encodeURIComponent(matchId)}`;

/** Return the personal link back to `seat` of the match: whoever opens it plays that seat. */
export const seatLink = (matchId, seat, token) =>
  `${pageUrl()}#/seat/${encodeURIComponent(matchId)}/${seat}/${encodeURIComponent(token)}`;

/** Route "#/seat/:id/:seat/:token": keep the token, then show the match as that seat. */
export function openSeatLink(root, { id, seat, token }) {
  if (/^\d+$/.test(seat)) rememberTokens(id, { [seat]: token });
  replacePath(`/match/${id}`);
  queueMicrotask(render); // after the router has taken this mount's answer
  return { destroy() {} };
}

/**
 * Return a button that puts `link` on the clipboard and says so with `toast(copied)`; where the
 * browser refuses (no permission, no secure context) the field with the link appears (if not
 * `shown` already), selected, for the player to copy by hand.
 */
export function copyLinkButton(link, { label, copied, testid, toast, shown = false }) {
  const field = h("input", {
    type: "text", readonly: true, value: link, class: "link-field", hidden: !shown,
    "data-testid": `${testid}-field`, "aria-label": label,
  });
  const button = h("button", {
    type: "button", "data-testid": testid,
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast(copied);
      } catch {
        field.hidden = false;
        field.focus();
        field.select();
      }
    },
  }, label);
  return h("span", { class: "copy-link" }, button, field);
}

/** Return the panel that shows a seat holder their personal link back to the seat. */
export function seatLinkPanel(matchId, seat, token, toast) {
  const link = seatLink(matchId, seat, token);
  return h("section", { class: "panel", "data-testid": "seat-link" },
    h("h2", {}, t("invite.seatTitle")),
    h("p", { class: "muted" }, t("invite.keepLink")),
    copyLinkButton(link, {
      label: t("invite.copySeatLink"), copied: t("invite.seatLinkCopied"),
      testid: "copy-seat-link", toast, shown: true,
    }));
}

/** Return the human seats of a match summary that anybody may take. */
export const freeSeats = (summary) =>
  summary.seats.filter((s) => s.type === "human" && !s.claimed && !s.reserved);

/** Return the banner a spectator sees, offering a free seat of an open match if there is one. */
export function watchingBanner(summary, { onTakeSeat }) {
  const offer = summary.status === "open" && freeSeats(summary).length > 0;
  return h("div", { class: "panel watching", role: "status", "data-testid": "watching-banner" },
    h("strong", {}, t("watching.banner")),
    offer ? [" ", h("button", { type: "button", "data-testid": "take-free-seat",
      onclick: onTakeSeat }, t("watching.takeSeat"))] : null);
}

/**
 * Return the name prompt of a visitor of an open match: a name (prefilled with the one this
 * browser remembers), "Take a seat" and "Just watch". `onJoin(name)` takes the seat.
 */
export function joinPrompt({ onJoin, onWatch }) {
  const name = h("input", {
    type: "text", value: playerName(), maxlength: 40, autocomplete: "nickname",
    "data-testid": "join-name", placeholder: t("lobby.namePlaceholder"),
  });
  const take = h("button", { type: "submit", class: "primary", "data-testid": "join-seat" },
    t("join.take"));
  const form = h("form", { class: "panel join-prompt", "data-testid": "join-offer",
    onsubmit: async (event) => {
      event.preventDefault();
      take.disabled = true;
      await onJoin(name.value.trim());
      take.disabled = false;
    } },
  h("h2", {}, t("join.title")),
  h("label", {}, t("join.name"), name),
  h("div", { class: "actions" }, take,
    h("button", { type: "button", "data-testid": "just-watch", onclick: onWatch },
      t("join.watch"))));
  queueMicrotask(() => name.focus());
  return form;
}
