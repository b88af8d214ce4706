// "It is your turn": a short tone, and a browser notification when the page is not on screen.
// Both fire when the seat to move becomes one this page holds after a seat it does not hold
// (another player, a bot): so a player is called once per turn, not for each step of a
// multi-step turn, and a hot-seat screen is not called for each hand-over between the seats
// it holds (everybody is at that screen anyway). Opening a page where it is already your turn
// calls nobody. The two settings are the player's, remembered in this browser.

import { h } from "../dom.js";
import { t } from "../i18n.js";

const SOUND_KEY = "ludoteca.turnSound";
const NOTIFY_KEY = "ludoteca.turnNotify";
const TONE = [[660, 0], [880, 0.12]]; // [hertz, seconds from the start]: a rising two-note call
const TONE_SECONDS = 0.32;
const VOLUME = 0.2;

/** Return whether the tone is wanted (on unless turned off). */
export const soundWanted = () => localStorage.getItem(SOUND_KEY) !== "off";
/** Return whether notifications are wanted (off unless turned on). */
export const notifyWanted = () => localStorage.getItem(NOTIFY_KEY) === "on";
const notificationsAllowed = () => "Notification" in window && Notification.permission === "granted";

let audio = null; // one AudioContext per page: browsers limit how many may exist

/** Play the turn tone with an oscillator (no sound file to fetch); never throws. */
export function playTone() {
  try {
    const AudioContextClass = window.AudioContext ?? window.webkitAudioContext;
    if (!AudioContextClass) return;
    audio ??= new AudioContextClass();
    audio.resume?.(); // a context made before the first click starts suspended
    const start = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    for (const [hertz, at] of TONE) oscillator.frequency.setValueAtTime(hertz, start + at);
    // Ramps in and out: a tone that starts or stops at full volume clicks.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(VOLUME, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + TONE_SECONDS);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + TONE_SECONDS);
  } catch {
    // No sound is better than a broken page (audio blocked or unsupported).
  }
}

/** Return a checkbox with its label for the settings box. */
function toggle(testId, label, checked, onchange) {
  const box = h("input", { type: "checkbox", "data-testid": testId, checked, onchange });
  return [box, h("label", { class: "check" }, box, " ", label)];
}

/**
 * Return the turn alerts of a match page: `element` (the settings box, null for spectators)
 * and `update(view)`, to call with every view shown. `ctx` is the page's matchContext.
 */
export function turnAlerts(ctx) {
  if (ctx.seats.length === 0) return { element: null, update() {} };
  let heldBefore = null; // did a seat held here have the move in the last view? (null: no view)

  const [soundBox, soundLabel] = toggle("turn-sound", t("turnAlert.sound"), soundWanted(),
    () => localStorage.setItem(SOUND_KEY, soundBox.checked ? "on" : "off"));
  const [notifyBox, notifyLabel] = toggle("turn-notify", t("turnAlert.notify"),
    notifyWanted() && notificationsAllowed(), () => changeNotify());

  async function changeNotify() {
    if (!notifyBox.checked) {
      localStorage.setItem(NOTIFY_KEY, "off");
      return;
    }
    if (!("Notification" in window)) {
      notifyBox.checked = false;
      ctx.toast(t("turnAlert.unsupported"));
      return;
    }
    const permission = Notification.permission === "default"
      ? await Notification.requestPermission() : Notification.permission;
    notifyBox.checked = permission === "granted";
    localStorage.setItem(NOTIFY_KEY, notifyBox.checked ? "on" : "off");
    if (!notifyBox.checked) ctx.toast(t("turnAlert.blocked"));
  }

  function call(view) {
    if (soundWanted()) playTone();
    if (notifyWanted() && notificationsAllowed() && document.hidden) {
      try {
        const game = t(`game.${view.match.game}`);
        // One notification per match: a newer one replaces one still on screen.
        new Notification(t("turnAlert.notification", { game }), {
          tag: `ludoteca-turn-${ctx.id}`, lang: document.documentElement.lang,
        });
      } catch {
        // Some browsers only notify from a service worker; the tone and the title remain.
      }
    }
  }

  function update(view) {
    const observation = view.observation ?? {};
    const acting = observation.current_player;
    const over = observation.terminal || ["finished", "expired"].includes(view.match.status);
    const held = !over && acting !== null && acting !== undefined && ctx.seats.includes(acting);
    if (held && heldBefore === false) call(view);
    heldBefore = held;
  }

  const element = h("section", { class: "panel turn-alerts", "data-testid": "turn-alerts" },
    h("h2", {}, t("turnAlert.title")), soundLabel, notifyLabel);
  return { element, update };
}
