"""Seeded playthroughs as text, kept as golden files so that any change in the rules shows up
as a text diff, for every registered game.

Every game is written by its descriptor's text renderer: the full log with every hidden part
shown, and after each step what the renderer's `snapshot_lines` choose (Keezen: the position
after every turn; Elfenland: the public table whenever a phase begins).

The golden files of a game are found by its name: `<name>_<players>p.txt` in `tests/golden/`,
in its test folder's `golden/` (`tests/games/<name>/golden/`), or in a `golden/` folder next to
the module that declares a plug-in game's spec. Each file's first line names its game, player
count and seed, so the cases are the files themselves. How the actions are chosen is
`Recipe`: seeded random choices by default; a game whose random games are too long (or whose
files were written before the default existed) has its own recipe in `RECIPES`.
"""

from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import ludoteca
from ludoteca.bots import make_bot
from ludoteca.core.registry import available_games, game_spec

GOLDEN_DIR = Path(__file__).parent
TESTS = GOLDEN_DIR.parent
HEADER = re.compile(r"(?P<game>\w+) (?P<players>\d+) players, seed (?P<seed>\d+), rules version ")
NEW_FILE_SEED = 1
"""The seed of the first golden file `regenerate.py` writes for a game that has none."""


@dataclass(frozen=True, slots=True)
class Recipe:
    """How a game's golden playthrough chooses its actions and ends its text.

    `bot`: the name of the bot that plays every seat (None: seeded random choices from the
    legal actions' stable order). `rng_label`: the generator is seeded with
    "<label>:<players>:<seed>" (None: with the game seed itself). `end_reason`: the last line
    names the observation's end reason.
    """

    bot: str | None = None
    rng_label: str | None = "golden:{name}"
    end_reason: bool = False


RECIPES = {
    # Keezen's files were written before the label named the game.
    "keezen": Recipe(rng_label="golden"),
    "suitors_paths": Recipe(rng_label=None, end_reason=True),
    # Random players rarely close a route, so a random game runs for hundreds of rounds; the
    # heuristic bot (its choices depend only on the state) plays whole games of some 25 rounds.
    "thurn_und_taxis": Recipe(bot="heuristic", rng_label=None),
}


def golden_folders(game_name: str) -> list[Path]:
    """Return the folders that may hold golden files of `game_name`, existing or not."""
    folders = [GOLDEN_DIR, TESTS / "games" / game_name / "golden"]
    declaring = sys.modules.get(game_spec(game_name).build.__module__)
    if declaring is not None and declaring.__file__ is not None:
        folders.append(Path(declaring.__file__).parent / "golden")
    return folders


def golden_files(game_name: str) -> dict[int, Path]:
    """Return the golden file of each player count that `game_name` has one for."""
    files = {}
    for folder in golden_folders(game_name):
        for path in sorted(folder.glob(f"{game_name}_*p.txt")):
            match = re.fullmatch(rf"{game_name}_(\d+)p\.txt", path.name)
            if match:
                files[int(match[1])] = path
    return files


def golden_seed(path: Path) -> int:
    """Return the game seed that the first line of golden file `path` names."""
    with path.open(encoding="utf-8") as text:
        match = HEADER.match(text.readline())
    assert match is not None, f"{path} does not begin with '<game> <n> players, seed <s>, ...'"
    return int(match["seed"])


def cases() -> list[tuple[str, int]]:
    """Return (game, player count) of every golden file of every registered game."""
    return [(name, players) for name in available_games() for players in golden_files(name)]


def playthrough_text(game_name: str, players: int, seed: int) -> str:
    """Return the text of the game's seeded playthrough by its recipe."""
    game = ludoteca.load(game_name, players=players)
    renderer = game_spec(game_name).renderer(game)
    recipe = RECIPES.get(game_name, Recipe())
    label = recipe.rng_label
    rng = random.Random(seed if label is None
                        else f"{label.format(name=game_name)}:{players}:{seed}")
    bot = None if recipe.bot is None else make_bot(recipe.bot, game)
    state = game.initial_state(seed)
    lines = [f"{game.name} {game.num_players} players, seed {seed}, "
             f"rules version {game.rules_version}"]
    before = None
    while True:
        lines.extend(renderer.omniscient_log_lines(before, state))
        lines.extend(renderer.snapshot_lines(before, state))
        seat = game.current_player(state)
        if seat is None:
            break
        if bot is None:
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        else:
            action = bot.choose(game, state, seat, rng)
        before, state = state, game.apply(state, action)
    ending = f"returns {list(game.returns(state))} scores {list(game.scores(state))}"
    if recipe.end_reason:
        ending = f"end {game.observation(state, None)['end_reason']}; {ending}"
    lines.append(ending)
    return "\n".join(lines) + "\n"
