"""Elfenland options (§5) and setup parameters, validated; defaults follow the original text."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.core.options import build_options, expect_int

CARAVANS = ("identical", "any")
HAND_LIMIT_TIMINGS = ("round_end", "after_move")
ROUND_COUNTS = (3, 4)


@dataclass(frozen=True, slots=True)
class ElfenlandOptions:
    """The option switches and setup parameters of one Elfenland game."""

    num_players: int = 4
    caravan: str = "identical"
    hand_limit_timing: str = "round_end"
    rounds: int = 4
    start_seat: int = 0

    def __post_init__(self) -> None:
        expect_int("num_players", self.num_players)
        if not 2 <= self.num_players <= 6:
            raise ValueError(f"Elfenland is played by 2 to 6 players, not {self.num_players}")
        if self.caravan not in CARAVANS:
            raise ValueError(f"caravan must be 'identical' or 'any', not {self.caravan!r}")
        if self.hand_limit_timing not in HAND_LIMIT_TIMINGS:
            raise ValueError(
                "hand_limit_timing must be 'round_end' or 'after_move', "
                f"not {self.hand_limit_timing!r}"
            )
        expect_int("rounds", self.rounds)
        if self.rounds not in ROUND_COUNTS:
            raise ValueError(f"rounds must be 3 or 4, not {self.rounds}")
        expect_int("start_seat", self.start_seat)
        if not 0 <= self.start_seat < self.num_players:
            raise ValueError(
                f"start_seat must be a seat 0..{self.num_players - 1}, not {self.start_seat}"
            )

    def as_dict(self) -> dict[str, Any]:
        """Return the options as a JSON-safe dict."""
        return asdict(self)

    @classmethod
    def build(cls, players: int | None, options: dict[str, Any]) -> ElfenlandOptions:
        """Return validated options from `load`'s arguments; ValueError naming what is wrong."""
        return build_options(cls, "Elfenland", players, options)
