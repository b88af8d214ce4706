"""Research adapters over the engine contract: OpenSpiel games, PettingZoo and Gymnasium
environments for every registered game (optional extra `ludoteca[research]`).

Each adapter module imports its library on import, so `import ludoteca` never needs them.
"""

from __future__ import annotations

from ludoteca.core.registry import game_spec


def camel_title(game: str) -> str:
    """Return a registered game's title as one capitalised word, e.g. "ThurnUndTaxis"."""
    words = game_spec(game).title.replace("'", "").split()
    return "".join(word[:1].upper() + word[1:] for word in words)
