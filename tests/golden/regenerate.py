"""Rewrite the golden playthroughs after a deliberate rules change (bump rules_version too).

Run with `make golden` (or `python tests/golden/regenerate.py` from the project root).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.golden.playthrough import CASES, golden_path, playthrough_text


def main() -> None:
    """Write one golden file per game and player count and say where."""
    for (game_name, players), seed in CASES.items():
        path = golden_path(game_name, players)
        path.write_text(playthrough_text(game_name, players, seed))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
