// Translations: one JSON message catalogue per language in ../i18n/<code>.json, listed in
// ../i18n/languages.json. Messages are looked up by key with {name} placeholders; a key missing
// from the chosen language falls back to English, then to the key itself.

const FALLBACK = "en";
const STORAGE_KEY = "ludoteca.language";
const base = new URL("../i18n/", import.meta.url);

let languages = { en: "English" };
let messages = {};
let fallbackMessages = {};
let current = FALLBACK;
const listeners = new Set();

async function fetchJson(name) {
  const response = await fetch(new URL(name, base));
  if (!response.ok) throw new Error(`cannot load ${name}: ${response.status}`);
  return response.json();
}

/** Return the language to start with: the stored choice, else the browser's, else English. */
function preferredLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && stored in languages) return stored;
  for (const tag of navigator.languages || [navigator.language]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in languages) return code;
  }
  return FALLBACK;
}

/** Load the language list and the preferred catalogue; call once before rendering. */
export async function initI18n() {
  languages = await fetchJson("languages.json");
  fallbackMessages = await fetchJson(`${FALLBACK}.json`);
  await setLanguage(preferredLanguage(), { silent: true });
}

/** Switch language, remember the choice and tell the listeners (pages re-render). */
export async function setLanguage(code, { silent = false } = {}) {
  messages = code === FALLBACK ? fallbackMessages : await fetchJson(`${code}.json`);
  current = code;
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  if (!silent) for (const listener of listeners) listener(code);
}

export const language = () => current;
export const availableLanguages = () => languages;

/** Call `listener(code)` after every language change; returns an unsubscribe function. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Return true if the catalogue (or the English one) has `key`. */
export function has(key) {
  return key in messages || key in fallbackMessages;
}

/** Return the message `key` with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  const template = messages[key] ?? fallbackMessages[key] ?? key;
  return template.replace(/\{(\w+)\}/g,
    (match, name) => (name in params ? String(params[name]) : match));
}

/** Return the message `key.one` or `key.other` for the count `n` (English and Dutch plurals). */
export function plural(key, n, params = {}) {
  return t(`${key}.${n === 1 ? "one" : "other"}`, { n, ...params });
}

/** Return a list in words: "a, b and c" with the language's "and". */
export function listText(items) {
  if (items.length < 2) return items.join("");
  return t("list.and", { first: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}
