// The new-game form's option fields, built from the options a game declares (GET /api/games):
// a flag is a checkbox, a choice a select, an integer a number field, a seat a select of the
// seats (and "random" when chance may pick). Labels, help and choice names come from the
// catalogues (option.<game>.<option>[.help|.<choice>]), else the server's English.

import { h } from "../dom.js";
import { has, t } from "../i18n.js";

const translated = (key, fallback) => (has(key) ? t(key) : fallback);

/**
 * Return one field per option of `game` (a loaded game: its `info` and seat names) for a match of
 * `players` seats, showing `values` where they are given and still possible, else the defaults.
 */
export function optionFields(game, players, values = {}) {
  return game.info.options.map((option) => {
    const key = `option.${game.name}.${option.name}`;
    const helpId = `option-help-${game.name}-${option.name}`;
    const value = option.name in values ? values[option.name] : option.default;
    const input = optionInput(game, option, players, value);
    Object.assign(input.dataset, { testid: `option-${option.name}`, option: option.name,
      kind: option.kind });
    input.setAttribute("aria-describedby", helpId);
    const label = translated(key, option.label);
    const help = h("small", { class: "muted option-help", id: helpId, "data-testid": "option-help",
      "data-option": option.name }, translated(`${key}.help`, option.help));
    return h("div", { class: "option-field" }, option.kind === "flag"
      ? h("label", { class: "inline" }, input, label)
      : h("label", {}, label, input), help);
  });
}

/** Return the options chosen in the fields under `box`, as the API takes them. */
export function readOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll("[data-kind]")) {
    const { option, kind } = input.dataset;
    if (kind === "flag") options[option] = input.checked;
    else if (kind === "integer") options[option] = input.value === "" ? null : Number(input.value);
    else options[option] = JSON.parse(input.value); // choice and seat values are JSON
  }
  return options;
}

function optionInput(game, option, players, value) {
  const key = `option.${game.name}.${option.name}`;
  switch (option.kind) {
    case "flag":
      return h("input", { type: "checkbox", checked: value });
    case "choice":
      return select(option.choices.map((choice) =>
        [choice, translated(`${key}.${choice}`, String(choice))]), value);
    case "integer":
      return h("input", {
        type: "number", step: 1, min: option.minimum, max: option.maximum, value: value ?? "",
        required: !option.nullable, placeholder: option.nullable ? t("lobby.random") : null,
      });
    case "seat":
      return select([
        ...(option.nullable ? [[null, t("lobby.random")]] : []),
        ...Array.from({ length: players }, (_, seat) => [seat, game.seatColourName(seat)]),
      ], value !== null && value >= players ? option.default : value); // fewer seats now
    default:
      throw new Error(`option ${option.name} has an unknown kind ${option.kind}`);
  }
}

// Values are JSON in the DOM so that numbers, strings and null come back as they were.
function select(entries, value) {
  return h("select", {}, entries.map(([choice, text]) => h("option", {
    value: JSON.stringify(choice), selected: choice === value,
  }, text)));
}
