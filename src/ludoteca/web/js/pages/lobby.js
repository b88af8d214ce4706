// The lobby: start a new match (game, players, options, who sits where) and find matches to
// join, watch or replay.

import { api } from "../api.js";
import { h, replaceChildren } from "../dom.js";
import { gameModule } from "../games/index.js";
import { has, t } from "../i18n.js";
import { navigate } from "../router.js";
import { heldSeats, playerName, rememberName, rememberTokens } from "../store.js";
import { seatName } from "../components/seats.js";

const REFRESH_MS = 4000;

export function mountLobby(root) {
  const error = h("div", { class: "error-banner", role: "alert", "data-testid": "error" });
  const formPanel = h("section", { class: "panel" }, h("h2", {}, t("lobby.newGame")),
    h("p", { class: "muted" }, t("lobby.loading")));
  const listPanel = h("section", { class: "panel" }, h("h2", {}, t("lobby.matches")));
  const list = h("div", { "data-testid": "match-lists" });
  listPanel.append(list);
  root.append(error, h("div", { class: "lobby" }, formPanel, listPanel));

  const showError = (e) => { error.textContent = e ? e.message || String(e) : ""; };
  let lastListing = "";
  let timer = null;
  let alive = true;

  async function refreshList() {
    try {
      const matches = await api.matches();
      const listing = JSON.stringify(matches);
      if (alive && listing !== lastListing) {
        lastListing = listing;
        replaceChildren(list, matchLists(matches, showError));
      }
    } catch (e) {
      showError(e);
    }
    if (alive) timer = setTimeout(refreshList, REFRESH_MS);
  }

  api.games().then((games) => {
    if (!alive) return;
    replaceChildren(formPanel, h("h2", {}, t("lobby.newGame")), newGameForm(games, showError));
  }).catch(showError);
  refreshList();

  return {
    destroy() {
      alive = false;
      clearTimeout(timer);
    },
  };
}

const gameTitle = (name) => (has(`game.${name}`) ? t(`game.${name}`) : name);

function optionLabel(game, option) {
  const key = `option.${game}.${option}`;
  return has(key) ? t(key) : option.replaceAll("_", " ");
}

function choiceLabel(game, option, value) {
  const key = `option.${game}.${option}.${value}`;
  return has(key) ? t(key) : String(value);
}

function newGameForm(games, showError) {
  const form = h("form", { "data-testid": "new-game-form" });
  const nameInput = h("input", {
    type: "text", value: playerName(), maxlength: 24, "data-testid": "player-name",
    placeholder: t("lobby.namePlaceholder"), autocomplete: "nickname",
  });
  const gameSelect = h("select", { "data-testid": "game" },
    games.map((g) => h("option", { value: g.name }, gameTitle(g.name))));
  const playersSelect = h("select", { "data-testid": "players" });
  const seatsBox = h("fieldset", { "data-testid": "seats-setup" });
  const optionsBox = h("div", { class: "options-grid" });
  const hotseat = h("input", { type: "checkbox", "data-testid": "hotseat" });
  const submit = h("button", { type: "submit", class: "primary", "data-testid": "create-match" },
    t("lobby.create"));

  const currentGame = () => games.find((g) => g.name === gameSelect.value);

  function drawPlayers() {
    const game = currentGame();
    replaceChildren(playersSelect, game.players.map((n) =>
      h("option", { value: n, selected: n === game.default_players }, String(n))));
    drawSeats();
    drawOptions();
  }

  function drawSeats() {
    const game = currentGame();
    const ui = gameModule(game.name);
    const count = Number(playersSelect.value);
    const bot = game.default_bot ?? game.bots[0];
    replaceChildren(seatsBox, h("legend", {}, t("lobby.seats")),
      Array.from({ length: count }, (_, seat) => h("div", { class: "seat-row" },
        h("span", { class: "swatch", style: { background: ui.seatColour(seat) } }),
        h("span", {}, ui.seatColourName(seat)),
        h("select", { "data-testid": "seat-type", "data-seat": seat,
          "aria-label": t("lobby.seatType", { colour: ui.seatColourName(seat) }) },
        h("option", { value: "human", selected: seat === 0 }, t("lobby.human")),
        game.bots.map((name) => h("option", {
          value: `bot:${name}`, selected: seat > 0 && name === bot,
        }, t("lobby.bot", { bot: name })))))));
  }

  function drawOptions() {
    const game = currentGame();
    const ui = gameModule(game.name);
    replaceChildren(optionsBox, Object.entries(game.options).map(([option, fallback]) => {
      const choices = ui.optionChoices[option];
      let input;
      if (choices) {
        input = h("select", {}, choices.map((value) => h("option", {
          value: JSON.stringify(value), selected: value === fallback,
        }, choiceLabel(game.name, option, value))));
      } else if (typeof fallback === "boolean") {
        input = h("input", { type: "checkbox", checked: fallback });
      } else if (typeof fallback === "number" || fallback === null) {
        input = h("input", {
          type: "number", value: fallback ?? "", placeholder: t("lobby.random"),
        });
      } else {
        input = h("input", { type: "text", value: fallback });
      }
      input.dataset.testid = `option-${option}`;
      input.dataset.option = option;
      return h("label", { class: typeof fallback === "boolean" ? "inline" : "" },
        typeof fallback === "boolean" ? [input, optionLabel(game.name, option)]
          : [optionLabel(game.name, option), input]);
    }));
  }

  function readOptions() {
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const option = input.dataset.option;
      if (input.type === "checkbox") options[option] = input.checked;
      else if (input.tagName === "SELECT") options[option] = JSON.parse(input.value);
      else if (input.type === "number") {
        options[option] = input.value === "" ? null : Number(input.value);
      }
      else options[option] = input.value;
    }
    return options;
  }

  gameSelect.addEventListener("change", drawPlayers);
  playersSelect.addEventListener("change", drawSeats);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll("[data-testid=seat-type]")].map((select) =>
      (select.value === "human" ? { type: "human" } : { type: "bot", bot: select.value.slice(4) }));
    const humans = seats.flatMap((s, seat) => (s.type === "human" ? [seat] : []));
    const name = nameInput.value.trim();
    rememberName(name);
    submit.disabled = true;
    try {
      const created = await api.createMatch({
        game: gameSelect.value,
        players: Number(playersSelect.value),
        options: readOptions(),
        seats,
        hotseat: hotseat.checked,
        // Hot seat: this screen plays every human seat; otherwise the first, the rest is open.
        claim: hotseat.checked ? humans : humans.slice(0, 1),
        name: name || null,
      });
      rememberTokens(created.match_id, created.tokens ?? {});
      const held = Object.keys(created.tokens ?? {}).length;
      navigate(held ? `/match/${created.match_id}` : `/watch/${created.match_id}`);
    } catch (e) {
      showError(e);
      submit.disabled = false;
    }
  });

  drawPlayers();
  form.append(
    h("label", {}, t("lobby.name"), nameInput),
    h("label", {}, t("lobby.game"), gameSelect),
    h("label", {}, t("lobby.players"), playersSelect),
    seatsBox,
    h("details", {}, h("summary", {}, t("lobby.options")), optionsBox),
    h("label", { class: "inline" }, hotseat, t("lobby.hotseat")),
    h("p", { class: "muted" }, t("lobby.hotseatHelp")),
    submit);
  return form;
}

function matchLists(matches, showError) {
  const groups = ["open", "running", "finished"].map((status) => {
    const rows = matches.filter((m) => m.status === status);
    return h("section", { "data-testid": `matches-${status}` },
      h("h3", {}, t(`lobby.status.${status}`)),
      rows.length
        ? h("ul", { class: "match-list" }, rows.map((m) => matchRow(m, showError)))
        : h("p", { class: "muted" }, t("lobby.none")));
  });
  return groups;
}

function matchRow(match, showError) {
  const ui = gameModule(match.game);
  const held = heldSeats(match.match_id);
  const names = match.seats.map((s) => seatName(match, ui, s.seat)).join(", ");
  const actions = [];
  if (held.length && match.status !== "finished") {
    actions.push(h("button", { class: "primary", "data-testid": "resume",
      onclick: () => navigate(`/match/${match.match_id}`) }, t("lobby.resume")));
  }
  if (match.status === "open") {
    for (const seat of match.seats.filter((s) => s.type === "human" && !s.claimed)) {
      actions.push(h("button", {
        "data-testid": "join-seat", "data-seat": seat.seat,
        onclick: async () => {
          try {
            const joined = await api.join(match.match_id, seat.seat, playerName() || null);
            rememberTokens(match.match_id, { [joined.seat]: joined.token });
            navigate(`/match/${match.match_id}`);
          } catch (e) {
            showError(e);
          }
        },
      }, t("lobby.join", { colour: ui.seatColourName(seat.seat) })));
    }
  }
  if (match.status !== "finished") {
    actions.push(h("button", { "data-testid": "spectate",
      onclick: () => navigate(`/watch/${match.match_id}`) }, t("lobby.watch")));
  }
  actions.push(h("button", { "data-testid": "replay",
    onclick: () => navigate(`/replay/${match.match_id}`) }, t("lobby.replay")));
  return h("li", { class: "match-row", "data-testid": "match-row", "data-match-id": match.match_id,
    "data-status": match.status },
  h("div", { class: "what" },
    h("strong", {}, gameTitle(match.game)), " ",
    h("span", { class: `badge ${match.status}` }, t(`lobby.badge.${match.status}`)), " ",
    h("span", { class: "muted" }, t("lobby.moves", { n: match.state_id })),
    h("div", { class: "muted" }, names)),
  h("div", { class: "actions" }, actions));
}
