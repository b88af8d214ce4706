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
const MAX_YOURS = 12; // the matches of this browser's that the lobby looks up, newest first
const TOKENS_PREFIX = "ludoteca.tokens."; // store.js keeps a match's tokens under this + id

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

  // This browser's own matches (hot seat ones too, finished ones for their replay) are looked up
  // once; the public list, which shows only what others may join or watch, is polled.
  const yours = heldMatches();

  async function refreshList() {
    try {
      const [mine, offered] = await Promise.all([yours, api.matches("lobby")]);
      const listing = JSON.stringify([mine, offered]);
      if (listing !== lastListing) {
        // Their games' modules name the seats.
        const games = await loadGames([...mine, ...offered].map((m) => m.game));
        if (alive) {
          lastListing = listing;
          replaceChildren(list, matchLists(mine, offered, games, showError));
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
  const form = h("form", { class: "new-game", "data-testid": "new-game-form" });
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
  const hotseatLabel = [h("label", { class: "inline" }, hotseat, t("lobby.hotseat")),
    h("p", { class: "muted hint" }, t("lobby.hotseatHelp"))];
  const nameLabel = h("label", {}, t("lobby.name"), nameInput);
  const seatNames = new Map(); // typed hot-seat names survive a change of player count
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
    replaceChildren(seatsBox, h("legend", {}, t("lobby.seats")), hotseatLabel,
      Array.from({ length: playerCount() }, (_, seat) => h("div", { class: "seat-row" },
        h("span", { class: "swatch", style: { background: game.seatColour(seat) } }),
        h("span", {}, game.seatColourName(seat)),
        h("select", { "data-testid": "seat-type", "data-seat": seat,
          "aria-label": t("lobby.seatType", { colour: game.seatColourName(seat) }),
          onchange: showSeatNames },
        h("option", { value: "human", selected: seat === 0 }, t("lobby.human")),
        bots.map((bot) => h("option", {
          value: `bot:${bot.name}`, selected: seat > 0 && bot.name === defaultBot,
          title: botDescription(game, bot),
        }, t("lobby.bot", { level: levelName(bot.level) })))),
        h("input", { type: "text", class: "seat-name", maxlength: 24, hidden: true,
          value: seatNames.get(seat) ?? "", "data-testid": "seat-name", "data-seat": seat,
          "aria-label": t("lobby.seatName", { colour: game.seatColourName(seat) }),
          placeholder: t("lobby.seatNamePlaceholder"),
          oninput: (event) => seatNames.set(seat, event.target.value) }))));
    showSeatNames();
  }

  // Hot seat: several people share this screen, so each human seat is named by its player; the
  // first one's field stands in for "Your name". Online, the others name themselves on joining.
  function showSeatNames() {
    const humans = humanSeats();
    nameLabel.hidden = hotseat.checked;
    for (const input of seatsBox.querySelectorAll("[data-testid=seat-name]")) {
      const seat = Number(input.dataset.seat);
      input.hidden = !hotseat.checked || !humans.includes(seat);
      if (!input.hidden && seat === humans[0] && !input.value) input.value = nameInput.value;
    }
  }

  const humanSeats = () => [...seatsBox.querySelectorAll("[data-testid=seat-type]")]
    .filter((select) => select.value === "human").map((select) => Number(select.dataset.seat));

  // The name of each human seat in hot seat mode, by seat number (null: none given).
  function hotseatNames() {
    return [...seatsBox.querySelectorAll("[data-testid=seat-name]")].map((input) =>
      (input.hidden ? null : input.value.trim() || null));
  }

  gameSelect.addEventListener("change", drawGame);
  hotseat.addEventListener("change", () => {
    // Leaving hot seat: the first seat's name is "Your name" again.
    const first = seatsBox.querySelector(`[data-testid=seat-name][data-seat="${humanSeats()[0]}"]`);
    if (!hotseat.checked && first?.value.trim()) nameInput.value = first.value.trim();
    showSeatNames();
  });
  playersSelect.addEventListener("change", drawPlayers);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll("[data-testid=seat-type]")].map((select) =>
      (select.value === "human" ? { type: "human" } : { type: "bot", bot: select.value.slice(4) }));
    const humans = seats.flatMap((s, seat) => (s.type === "human" ? [seat] : []));
    const names = hotseat.checked ? hotseatNames() : null;
    const name = (names ? names[humans[0]] : nameInput.value.trim()) ?? "";
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
        names,
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
  // Two columns on a wide screen, the game's help and the clock beside the fields, so Start is in view
  // at 1366×768; one column on a phone, the help under the game chooser (css: .new-game).
  form.append(
    h("div", { class: "new-game-fields" },
      nameLabel,
      h("label", {}, t("lobby.game"), gameSelect),
      h("label", {}, t("lobby.players"), playersSelect),
      seatsBox,
      h("details", {}, h("summary", {}, t("lobby.options")), optionsBox),
      submit),
    h("div", { class: "new-game-help" }, helpBox, timeControl.element));
  return form;
}

/**
 * Return the summaries of the matches this browser holds seats in, most recently changed first
 * (at most MAX_YOURS; an expired match, or one the server no longer knows, is left out).
 */
async function heldMatches() {
  const ids = Object.keys(localStorage).filter((key) => key.startsWith(TOKENS_PREFIX))
    .map((key) => key.slice(TOKENS_PREFIX.length));
  const found = await Promise.all(ids.map((id) => api.match(id).catch(() => null)));
  return found.filter((m) => m && m.status !== "expired")
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .slice(0, MAX_YOURS);
}

// Your matches first (to resume or replay), then what others offer: open, then running.
function matchLists(mine, offered, games, showError) {
  const section = (testid, title, rows) => h("section", { "data-testid": testid },
    h("h3", {}, title),
    rows.length
      ? h("ul", { class: "match-list" }, rows.map((m) => matchRow(m, games[m.game], showError)))
      : h("p", { class: "muted" }, t("lobby.none")));
  const own = new Set(mine.map((m) => m.match_id));
  const others = offered.filter((m) => !own.has(m.match_id));
  return [
    mine.length ? section("matches-yours", t("lobby.yours"), mine) : null,
    ["open", "running"].map((status) => section(`matches-${status}`, t(`lobby.status.${status}`),
      others.filter((m) => m.status === status))),
  ];
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
