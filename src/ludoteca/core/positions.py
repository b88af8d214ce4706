"""Reading the position texts of the rules documents: one `key: value` fact per line.

Each game's `positions` module says which keys it knows and how to read each value; the line
format, its errors and the reading of numbers and seats are the same for every game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import Seat


def read_facts(
    text: str, keys: Sequence[str], required: Sequence[str], title: str
) -> dict[str, str]:
    """Return the `key: value` lines of a position text, every key known and given once.

    Blank lines and lines starting with '#' are skipped; StateFormatError says what is wrong.
    """
    facts: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip()
        if not colon or key not in keys:
            raise StateFormatError(
                f"{line[:60]!r} is not a position line; lines read 'key: value' with key one of "
                + ", ".join(keys)
            )
        if key in facts:
            raise StateFormatError(f"the position text gives {key!r} twice")
        facts[key] = value.strip()
    missing = [key for key in required if key not in facts]
    if missing:
        raise StateFormatError(f"a {title} position text needs {', '.join(missing)}")
    return facts


def read_number(text: str, what: str) -> int:
    """Return the non-negative integer `text`; StateFormatError naming `what` if it is not one."""
    if not (text.isascii() and text.isdigit()):
        raise StateFormatError(f"{what} must be a number, not {text[:40]!r}")
    return int(text)


def read_seat(text: str, num_players: int, what: str) -> Seat:
    """Return the seat `text` names; StateFormatError if it is not a seat of the game."""
    seat = read_number(text, what)
    if seat >= num_players:
        raise StateFormatError(f"{what}: {seat} is not a seat of a {num_players}-player game")
    return seat
