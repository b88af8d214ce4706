// Entry point: load the translations, draw the top bar and start the router.

import { h } from "./dom.js";
import {
  availableLanguages, initI18n, language, onLanguageChange, setLanguage, t,
} from "./i18n.js";
import { mountGuide } from "./pages/guide.js";
import { mountLobby } from "./pages/lobby.js";
import { mountMatch } from "./pages/match.js";
import { openSeatLink } from "./components/invite.js";
import { mountReplay } from "./pages/replay.js";
import { render, route, startRouter } from "./router.js";

/** Return `mount` with the page's name as its h1 first (hidden: the page shows what it is). */
function titled(mount, title) {
  return (root, params) => {
    root.append(h("h1", { class: "visually-hidden", "data-testid": "page-title" }, t(title)));
    return mount(root, params);
  };
}

function topBar() {
  const picker = h("select", {
    "data-testid": "language", "aria-label": t("language.choose"),
    onchange: (event) => setLanguage(event.target.value),
  }, Object.entries(availableLanguages()).map(([code, name]) =>
    h("option", { value: code, selected: code === language() }, name)));
  return h("header", { class: "top-bar" },
    h("a", { class: "brand", href: "#/" }, "Ludoteca"),
    h("a", { href: "#/", "data-testid": "nav-lobby" }, t("nav.lobby")),
    h("span", { class: "spacer" }),
    picker);
}

async function start() {
  await initI18n();
  const header = document.getElementById("top");
  header.replaceChildren(topBar());
  onLanguageChange(() => {
    header.replaceChildren(topBar());
    document.title = t("app.title");
    render();
  });
  document.title = t("app.title");
  route("/", titled(mountLobby, "nav.lobby"));
  route("/match/:id", titled((root, params) => mountMatch(root, { ...params, spectate: false }),
    "access.title.match"));
  route("/watch/:id", titled((root, params) => mountMatch(root, { ...params, spectate: true }),
    "access.title.match"));
  route("/replay/:id/:step?", titled(mountReplay, "replay.title"));
  route("/guide/:game", mountGuide); // its h1 is the guide's title
  route("/seat/:id/:seat/:token", openSeatLink); // keeps the seat's token, then shows the match
  startRouter(document.getElementById("app"));
}

start();
