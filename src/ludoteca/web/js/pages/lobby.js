// The lobby: start a new match (game, players, options, who sits where) and find matches to
// join, watch or replay.

import { api } from "../api.js";
import { h, replaceChildren } from "../dom.js";
import { gameInfos, loadGames } from "../games/index.js";
import { has, t } from "../i18n.js";
import { navigate } from "../router.js";
import { heldSeats, playerName, rememberName, rememberTokens } from "../store.js";
import { controlText, timeControlPicker } from "../components/clock.js";
import { errorText } from "../components/errors.js";
import { botDescription, gameHelp, levelName } from "../components/game-help.js";
import { optionFields, readOptions } from "../components/options.js";
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

  const showError = (e) => { error.textContent = e ? errorText(e) : ""; };
  let lastListing = "";
  let timer = null;
  let alive = true;

  async function refreshList() {
    try {
      const matches = await api.matches();
      const listing = JSON.stringify(matches);
      if (listing !== lastListing) {
        const games = await loadGames(matches.map((m) => m.game)); // for their seat names
        if (alive) {
          lastListing = listing;
          replaceChildren(list, matchLists(matches, games, showError));
        }
      }
    } catch (e) {
      showError(e);
    }
    if (alive) timer = setTimeout(refreshList, REFRESH_MS);
  }

  gameInfos().then((infos) => loadGames(infos.map((info) => info.name))).then((games) => {
    if (!alive) return;
    replaceChildren(formPanel, h("h2", {}, t("lobby.newGame")),
      newGameForm(Object.values(games), showError));
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

/** Return the new-game form for `games` (loaded games: see games/index.js). */
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
  const helpBox = h("div", { class: "game-help-box" }); // newcomer help for the chosen game
  const optionsBox = h("div", { class: "options-grid", "data-testid": "options" });
  const hotseat = h("input", { type: "checkbox", "data-testid": "hotseat" });
  const timeControl = timeControlPicker();
  const submit = h("button", { type: "submit", class: "primary", "data-testid": "create-match" },
    t("lobby.create"));

  const currentGame = () => games.find((g) => g.name === gameSelect.value);
  const playerCount = () => Number(playersSelect.value);

  function drawGame() {
    const { info } = currentGame();
    replaceChildren(helpBox, gameHelp(currentGame()));
    replaceChildren(playersSelect, info.players.map((n) =>
      h("option", { value: n, selected: n === info.default_players }, String(n))));
    drawSeats();
    replaceChildren(optionsBox, optionFields(currentGame(), playerCount()));
  }

  // Seat options name the seats, so they follow the player count; chosen values stay.
  function drawPlayers() {
    drawSeats();
    const chosen = readOptions(optionsBox);
    replaceChildren(optionsBox, optionFields(currentGame(), playerCount(), chosen));
  }

  function drawSeats() {
    const game = currentGame();
    const { bots, default_bot: defaultBot } = game.info;
    replaceChildren(seatsBox, h("legend", {}, t("lobby.seats")),
      Array.from({ length: playerCount() }, (_, seat) => h("div", { class: "seat-row" },
        h("span", { class: "swatch", style: { background: game.seatColour(seat) } }),
        h("span", {}, game.seatColourName(seat)),
        h("select", { "data-testid": "seat-type", "data-seat": seat,
          "aria-label": t("lobby.seatType", { colour: game.seatColourName(seat) }) },
        h("option", { value: "human", selected: seat === 0 }, t("lobby.human")),
        bots.map((bot) => h("option", {
          value: `bot:${bot.name}`, selected: seat > 0 && bot.name === defaultBot,
          title: botDescription(game, bot),
        }, t("lobby.bot", { level: levelName(bot.level), bot: bot.name })))))));
  }

  gameSelect.addEventListener("change", drawGame);
  playersSelect.addEventListener("change", drawPlayers);
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
        options: readOptions(optionsBox),
        seats,
        hotseat: hotseat.checked,
        // Hot seat: this screen plays every human seat; otherwise the first, the rest is open.
        claim: hotseat.checked ? humans : humans.slice(0, 1),
        name: name || null,
        clock: timeControl.read(),
      });
      rememberTokens(created.match_id, created.tokens ?? {});
      const held = Object.keys(created.tokens ?? {}).length;
      navigate(held ? `/match/${created.match_id}` : `/watch/${created.match_id}`);
    } catch (e) {
      showError(e);
      submit.disabled = false;
    }
  });

  drawGame();
  form.append(
    h("label", {}, t("lobby.name"), nameInput),
    h("label", {}, t("lobby.game"), gameSelect),
    helpBox,
    h("label", {}, t("lobby.players"), playersSelect),
    seatsBox,
    h("details", {}, h("summary", {}, t("lobby.options")), optionsBox),
    timeControl.element,
    h("label", { class: "inline" }, hotseat, t("lobby.hotseat")),
    h("p", { class: "muted" }, t("lobby.hotseatHelp")),
    submit);
  return form;
}

function matchLists(matches, games, showError) {
  const groups = ["open", "running", "finished"].map((status) => {
    const rows = matches.filter((m) => m.status === status);
    return h("section", { "data-testid": `matches-${status}` },
      h("h3", {}, t(`lobby.status.${status}`)),
      rows.length
        ? h("ul", { class: "match-list" }, rows.map((m) => matchRow(m, games[m.game], showError)))
        : h("p", { class: "muted" }, t("lobby.none")));
  });
  return groups;
}

function matchRow(match, game, showError) {
  const held = heldSeats(match.match_id);
  const names = match.seats.map((s) => seatName(match, game, s.seat)).join(", ");
  const actions = [];
  if (held.length && match.status !== "finished") {
    actions.push(h("button", { class: "primary", "data-testid": "resume",
      onclick: () => navigate(`/match/${match.match_id}`) }, t("lobby.resume")));
  }
  if (match.status === "open") {
    // A rematch seat kept for its player of the previous match is not offered.
    const free = match.seats.filter((s) => s.type === "human" && !s.claimed && !s.reserved);
    for (const seat of free) {
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
      }, t("lobby.join", { colour: game.seatColourName(seat.seat) })));
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
    match.clock ? [" · ", h("span", { class: "muted", "data-testid": "match-clock" },
      controlText(match.clock))] : "",
    h("div", { class: "muted" }, names)),
  h("div", { class: "actions" }, actions));
}
