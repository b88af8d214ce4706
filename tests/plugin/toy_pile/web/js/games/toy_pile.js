// Toy Pile's browser side: the generic list of moves, with its own seat colours.

import generic from "./generic.js";

const COLOURS = ["#d7263d", "#1b6fd1", "#23995a"];

export default {
  ...generic,
  seatColour: (seat) => COLOURS[seat % COLOURS.length],
};
