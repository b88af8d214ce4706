// Newcomer help beside the lobby's game chooser: what the chosen game is, for how many players,
// how long it takes, links to its guide for players (#/guide/<game>) and to its rules page
// (/rules/<game>, in the page's language where the app has a text in it) and what each bot
// level means. Words come from the catalogues by key;
// the server's English (the game descriptor) is the fallback.

import { h } from "../dom.js";
import { has, language, t } from "../i18n.js";

/** Return the help panel for `game` (a loaded game with its `info`: see games/index.js). */
export function gameHelp(game) {
  const { info } = game;
  const title = has(`game.${info.name}`) ? t(`game.${info.name}`) : info.title;
  return h("section", {
    class: "game-help", "data-testid": "game-help", "data-game": info.name,
    "aria-label": t("help.heading", { game: title }),
  },
  h("p", { "data-testid": "help-summary" },
    has(`${info.name}.summary`) ? t(`${info.name}.summary`) : info.summary),
  h("ul", { class: "help-facts" },
    h("li", { "data-testid": "help-players" },
      t("help.players", { counts: countsText(info.players) })),
    h("li", { "data-testid": "help-time" }, playTimeText(info.play_minutes))),
  rulesLink(info),
  h("h3", {}, t("help.bots")),
  h("dl", { class: "help-bots", "data-testid": "help-bots" }, info.bots.map((bot) => [
    h("dt", { "data-bot": bot.name },
      levelName(bot.level)),
    h("dd", { "data-bot": bot.name }, botDescription(game, bot)),
  ])));
}

/** Return a bot's meaning from the catalogue (bot.<game>.<bot>, bot.<bot>), else the server's. */
export function botDescription(game, bot) {
  for (const key of [`bot.${game.name}.${bot.name}`, `bot.${bot.name}`]) {
    if (has(key)) return t(key);
  }
  return bot.description;
}

// A run of player counts reads as a range ("2–6"), others as a list ("2, 4 or 6").
function countsText(counts) {
  const run = counts.every((n, i) => i === 0 || n === counts[i - 1] + 1);
  if (counts.length > 2 && run) return `${counts[0]}–${counts[counts.length - 1]}`;
  if (counts.length < 2) return counts.join("");
  return t("help.or", { first: counts.slice(0, -1).join(", "), last: counts[counts.length - 1] });
}

function playTimeText([shortest, longest]) {
  return shortest === longest
    ? t("help.time.fixed", { minutes: shortest })
    : t("help.time.range", { shortest, longest });
}

// The rules page answers in the page's language: an original text where the game has one in it,
// else the English page with a note; the link's words say which the reader will get.
function rulesLink(info) {
  const code = language();
  let words = "help.rulesEnglish";
  if (code === "en") words = "help.rules";
  else if (info.rules_languages.includes(code)) words = "help.rulesOriginal";
  return h("p", { class: "help-links" }, guideLink(info.name), " · ", h("a", {
    href: `/rules/${encodeURIComponent(info.name)}?lang=${encodeURIComponent(code)}`,
    target: "_blank", rel: "noopener", title: t("help.newTab"), "data-testid": "help-rules",
  }, t(words)));
}

/**
 * Return the link to `game`'s guide for players (#/guide/<game>), in the page's language;
 * `newTab`: it opens beside the page (a match goes on while its player reads).
 */
export function guideLink(game, { newTab = false } = {}) {
  return h("a", {
    href: `#/guide/${encodeURIComponent(game)}`, "data-testid": "guide-link",
    target: newTab ? "_blank" : null, rel: newTab ? "noopener" : null,
    title: newTab ? t("help.newTab") : null,
  }, t("guide.link"));
}

/** Return the name of bot strength `level` ("Easy", "Medium", "Hard"; else "Level n"). */
export function levelName(level) {
  return has(`bot.level.${level}`) ? t(`bot.level.${level}`) : t("bot.level.other", { level });
}
