"""Rewrite the golden playthroughs after a deliberate rules change (bump rules_version too).

Run with `make golden` (or `python tests/golden/regenerate.py` from the project root). Every
golden file of every registered game is rewritten with the seed its first line names; a game
that has none gets one for its default player count in `tests/games/<name>/golden/`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ludoteca.core.registry import available_games, game_spec
from tests.golden.playthrough import (
    NEW_FILE_SEED,
    TESTS,
    golden_files,
    golden_seed,
    playthrough_text,
)


def main() -> None:
    """Write the golden files of every game and say where."""
    for name in available_games():
        files = {players: (path, golden_seed(path))
                 for players, path in golden_files(name).items()}
        if not files:
            players = game_spec(name).default_players
            path = TESTS / "games" / name / "golden" / f"{name}_{players}p.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            files = {players: (path, NEW_FILE_SEED)}
        for players, (path, seed) in sorted(files.items()):
            path.write_text(playthrough_text(name, players, seed), encoding="utf-8")
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
