"""One package per game: rules as data plus pure functions, notation and heuristic bots."""
