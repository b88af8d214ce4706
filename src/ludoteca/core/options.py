"""Declared game options: each option's kind, default, allowed values and help text, and the one
check that turns `load(name, players, **options)` arguments into validated values.

A game lists its options as `OptionSpec`s in its `GameSpec`; the registry validates every
`load` call against them, the server publishes them (`GET /api/games`) and the lobby draws its
controls from them, so choices and ranges are written down exactly once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal, Self

from ludoteca.core.game import JSON

OptionKind = Literal["flag", "choice", "integer", "seat"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its kind, default, allowed values, and an English label and help.

    Kinds: a `flag` is true or false; a `choice` is one of `choices`; an `integer` lies in
    `minimum`..`maximum`; a `seat` is a seat number 0..n-1 of the game being loaded. With
    `nullable`, None is allowed too (it means "drawn by chance" or "not set").
    """

    name: str
    kind: OptionKind
    default: JSON
    label: str
    help: str
    choices: tuple[str | int, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def __post_init__(self) -> None:
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"choice option {self.name} declares no choices")
        if self.kind == "integer" and (self.minimum is None or self.maximum is None):
            raise ValueError(f"integer option {self.name} needs a minimum and a maximum")
        if self.kind != "seat":
            self.check(self.default, num_players=0, title="the default of")

    def allowed(self, num_players: int) -> str:
        """Return the allowed values in words, e.g. "one of 32, 64" or "a seat 0..3"."""
        if self.kind == "flag":
            text = "true or false"
        elif self.kind == "choice":
            text = "one of " + ", ".join(repr(choice) for choice in self.choices)
        elif self.kind == "integer":
            text = f"an integer from {self.minimum} to {self.maximum}"
        else:
            text = f"a seat 0..{num_players - 1}"
        return f"{text} or null" if self.nullable else text

    def check(self, value: object, num_players: int, title: str) -> None:
        """Raise ValueError in the one format of every option error unless `value` is allowed."""
        if not self._accepts(value, num_players):
            shown = repr(value)
            if len(shown) > 40:  # never echo an unbounded input back
                shown = shown[:37] + "..."
            raise ValueError(
                f"{title} option {self.name} must be {self.allowed(num_players)}, not {shown}"
            )

    def _accepts(self, value: object, num_players: int) -> bool:
        if value is None:
            return self.nullable
        if self.kind == "flag":
            return isinstance(value, bool)
        if isinstance(value, bool):  # True is an int in Python, never a number here
            return False
        if self.kind == "choice":
            return any(type(value) is type(choice) and value == choice for choice in self.choices)
        if not isinstance(value, int):
            return False
        if self.kind == "integer":
            assert self.minimum is not None and self.maximum is not None
            return self.minimum <= value <= self.maximum
        return 0 <= value < num_players

    def published(self) -> dict[str, JSON]:
        """Return the option as the API publishes it (JSON-safe)."""
        return {
            "name": self.name, "kind": self.kind, "default": self.default,
            "choices": list(self.choices), "minimum": self.minimum, "maximum": self.maximum,
            "nullable": self.nullable, "label": self.label, "help": self.help,
        }


def flag(name: str, default: bool, label: str, help: str) -> OptionSpec:
    """Return a true-or-false option."""
    return OptionSpec(name, "flag", default, label, help)


def choice(
    name: str, default: str | int, choices: Sequence[str | int], label: str, help: str
) -> OptionSpec:
    """Return an option that takes one of `choices`."""
    return OptionSpec(name, "choice", default, label, help, choices=tuple(choices))


def integer(
    name: str, default: int, minimum: int, maximum: int, label: str, help: str
) -> OptionSpec:
    """Return an integer option in `minimum`..`maximum`."""
    return OptionSpec(name, "integer", default, label, help, minimum=minimum, maximum=maximum)


def seat(name: str, default: int | None, label: str, help: str) -> OptionSpec:
    """Return an option naming a seat; a default of None makes null (chance) allowed."""
    return OptionSpec(name, "seat", default, label, help, nullable=default is None)


def players_text(counts: Sequence[int]) -> str:
    """Return player counts in words: "2, 4 or 6", "2 to 6"."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    if len(counts) == 1:
        return str(counts[0])
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def validate_options(
    title: str,
    player_counts: Sequence[int],
    default_players: int,
    specs: Sequence[OptionSpec],
    players: object,
    options: Mapping[str, Any],
) -> dict[str, JSON]:
    """Return every option's value (defaults filled in, `num_players` first) for a `load` call.

    ValueError names what is wrong: an unknown option, a player count the game is not played
    by, or a value outside its declared kind and range.
    """
    known = {spec.name for spec in specs}
    values = dict(options)
    unknown = sorted(str(name) for name in set(values) - known - {"num_players"})
    if unknown:
        shown = ", ".join(name[:40] for name in unknown[:5])
        raise ValueError(
            f"unknown {title} option(s) {shown}; known: {', '.join(sorted(known))}"
        )
    count = values.pop("num_players", None)
    if players is not None and count is not None and count != players:
        raise ValueError(f"players={players!r} contradicts num_players={count!r}")
    if players is not None:
        count = players
    elif count is None:
        count = default_players
    if isinstance(count, bool) or not isinstance(count, int) or count not in player_counts:
        raise ValueError(
            f"{title} is played by {players_text(player_counts)} players, not {count!r}"
        )
    result: dict[str, JSON] = {"num_players": count}
    for spec in specs:
        value = values.get(spec.name, spec.default)
        spec.check(value, count, title)
        result[spec.name] = value
    return result


class OptionValues:
    """A base for a game's option values, a frozen dataclass checked against its OPTIONS."""

    __slots__ = ()

    def as_dict(self) -> dict[str, Any]:
        """Return the options as a JSON-safe dict."""
        values: dict[str, Any] = asdict(self)  # type: ignore[call-overload]
        return values

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> Self:
        """Return the options of values checked by `GameSpec.validated_options`."""
        return cls(**values)

