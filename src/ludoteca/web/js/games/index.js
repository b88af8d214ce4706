// The browser side of each game is one module, ./<name>.js, found by the game's name: adding a
// game means adding that module (and its board files), nothing here. A game module's default
// export gives: seatColour(seat), seatColourName(seat), stylesheets (file names in ../../css/),
// describe(logEntry, ctx) -> words or null, and
// createView({boardArea, controlsArea, onAction}) -> {update(view, opts), destroy()}.
// A game without a module (or whose module fails to load) is played through generic.js.

import { api } from "../api.js";
import generic from "./generic.js";

const GAME_NAME = /^[a-z][a-z0-9_]*$/; // a game name is a module file name, never a path
const css = new URL("../../css/", import.meta.url);
const loaded = new Map(); // game name -> promise of its browser side
const stylesheets = new Map(); // href -> promise that settles when the sheet has loaded
let descriptors = null; // promise of GET /api/games, once per page load

/** Return the games the server offers (GET /api/games), fetched once per page load. */
export function gameInfos() {
  descriptors ??= api.games().catch((error) => {
    descriptors = null; // let the next caller try again
    throw error;
  });
  return descriptors;
}

/**
 * Return (a promise of) the browser side of game `name`: its module's functions, `name` (the
 * game's, also with the generic module) and `info`, the server's descriptor of the game (null if
 * the server does not offer it). Its stylesheets have loaded when the promise resolves, so a
 * board is never drawn unstyled.
 */
export function loadGame(name) {
  if (!loaded.has(name)) {
    loaded.set(name, Promise.all([importModule(name), gameInfos()]).then(async ([ui, infos]) => {
      await Promise.all((ui.stylesheets ?? []).map(addStylesheet));
      return { ...ui, name, info: infos.find((info) => info.name === name) ?? null };
    }));
    loaded.get(name).catch(() => loaded.delete(name));
  }
  return loaded.get(name);
}

/** Return {name: browser side} for the game names given (repeats are fine). */
export async function loadGames(names) {
  const unique = [...new Set(names)];
  const games = await Promise.all(unique.map(loadGame));
  return Object.fromEntries(unique.map((name, index) => [name, games[index]]));
}

async function importModule(name) {
  if (!GAME_NAME.test(name)) return generic;
  try {
    return (await import(`./${name}.js`)).default;
  } catch (error) {
    // No module yet (404) or a broken one: the game stays playable as a list of moves.
    console.warn(`no browser module for ${name}, using the generic one:`, error);
    return generic;
  }
}

// A sheet is linked once, however many games or pages ask for it.
function addStylesheet(file) {
  const href = new URL(file, css).href;
  if (!stylesheets.has(href)) {
    stylesheets.set(href, new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      link.onload = resolve;
      link.onerror = () => {
        console.warn(`cannot load ${href}`);
        resolve(); // an unstyled board still plays
      };
      document.head.append(link);
    }));
  }
  return stylesheets.get(href);
}
