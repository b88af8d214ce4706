"""The one plug-in point of a game: its descriptor, `GameSpec` (DESIGN.md §2a).

Each package under `ludoteca.games` has a light module `spec.py` exporting `SPEC`, a `GameSpec`
that says everything the rest of the system needs: how to build the game, its player counts
and declared options, its bots, its text renderer, its static board, its teams, what its
observation adds to the common part, and the UI languages it ships. The registry, the CLI, the
arena, the server, the golden playthroughs and the front end read only this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from ludoteca.core.game import JSON, Game, Seat
from ludoteca.core.options import OptionSpec, validate_options
from ludoteca.core.players import Bot

if TYPE_CHECKING:  # core.encoding imports the conformance harness, which reads the registry
    from ludoteca.core.encoding import ObservationEncoder

Teams: TypeAlias = tuple[tuple[Seat, ...], ...]
Evaluator: TypeAlias = Callable[[Game[Any, Any], Any], Sequence[float]]
"""Scores a state that is not over: per seat a value in [0, 1] (1: as good as won)."""


class TextRenderer(Protocol):
    """Plain-text pictures of one game's states, for the CLI, replays and golden files."""

    def board_text(self, state: Any) -> str:
        """Return the public table of `state` as text."""
        ...

    def new_log_lines(self, before: Any, after: Any) -> list[str]:
        """Return the spectator's log lines that `after` adds to `before` (None: the start)."""
        ...

    def omniscient_log_lines(self, before: Any, after: Any) -> list[str]:
        """Return the log lines `after` adds to `before` with every hidden part shown."""
        ...

    def snapshot_lines(self, before: Any, state: Any) -> list[str]:
        """Return the lines a golden playthrough shows after a step from `before` to `state`."""
        ...


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot a game offers besides the generic ones: its name, strength level and factory.

    `level` orders bots by strength (0 is the weakest, the generic random bot); the lobby
    offers bots in this order.
    """

    name: str
    level: int
    description: str
    make: Callable[[], Bot]


@dataclass(frozen=True, slots=True)
class SearchHints:
    """How a search bot (ISMCTS) plays a game best: its rollouts and its evaluation.

    A rollout plays `depth` moves by `rollout` ("heuristic": the game's heuristic bot, or
    "random") and then scores the position with the evaluator that `evaluator` makes (None:
    the generic one, from `Game.scores`; a factory, so the game's modules load when first
    used), or with the learned value network in `value_weights` where one is shipped. The
    heuristic bot's move is played unless another beats it by `margin`.
    """

    rollout: str = "heuristic"
    depth: int = 8
    evaluator: Callable[[], Evaluator] | None = None
    margin: float = 0.01
    """How much higher another move's mean value must be for the search to play it instead of
    the heuristic bot's: larger where the evaluation is rough, so that its errors are not
    mistaken for better moves."""
    rollout_budget: int | None = None
    """Iterations a heuristic rollout move may spend (`Budget(iterations=...)`, read as the
    heuristic bot reads it: Elfenland's tour planner takes it as its node limit); None: the
    bot's default, as at the table."""
    value_weights: str = "data/value"
    """Where the game's package keeps its learned value networks, one file per player count
    (`<n>p.npz`, bots/value_net.py); where a file exists and fits the game's options, the
    search scores positions with it instead of `evaluator`."""


def solo_teams(num_players: int) -> Teams:
    """Return one team per seat: the teams of every game without partnerships."""
    return tuple((seat,) for seat in range(num_players))


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the system knows about one game, declared by the game's package."""

    name: str
    """The registry name, which is also the package and front-end module name."""
    title: str
    summary: str
    player_counts: tuple[int, ...]
    default_players: int
    options: tuple[OptionSpec, ...]
    build: Callable[[dict[str, JSON]], Game[Any, Any]]
    """Makes the game from validated options (`num_players` included)."""
    renderer: Callable[[Game[Any, Any]], TextRenderer]
    bots: tuple[BotSpec, ...] = ()
    default_bot: str = "random"
    teams: Callable[[int], Teams] = solo_teams
    """The teams for a player count; a seat's returns are shared by its team (DESIGN.md §2)."""
    board_data: Callable[[], dict[str, JSON]] | None = None
    """The static board for drawing it (a map), if the front end needs one."""
    observation_keys: tuple[str, ...] = ()
    """The keys a game's observation adds to the common part (`core.observation`)."""
    seat_markers: tuple[str, ...] = ()
    """Observation keys whose value is a seat the UI marks (Keezen: the dealer)."""
    observation_encoder: Callable[[Game[Any, Any]], ObservationEncoder] | None = None
    """Builds the numeric observation encoding of a loaded game for the research adapters
    (`core.encoding`, `ludoteca.interop`)."""
    languages: tuple[str, ...] = ("en",)
    """The UI languages whose message catalogues hold every string of this game."""
    rules_page: str = ""
    """The project's English rules page, from the repository root (`docs/rules/<game>.md`)."""
    original_rules: tuple[tuple[str, str], ...] = ()
    """(language, path) of each original rules text, which the rules page serves in its
    language instead of the English page (Keezen: the Dutch original)."""
    play_minutes: tuple[int, int] = (0, 0)
    """How long one game usually takes, shortest and longest, in minutes (for newcomers)."""
    search: SearchHints = SearchHints()
    """How the generic search bot plays this game best (bots/ismcts.py)."""

    def __post_init__(self) -> None:
        if self.default_players not in self.player_counts:
            raise ValueError(f"{self.name}: default players {self.default_players} not offered")
        names = [option.name for option in self.options]
        if len(set(names)) != len(names) or "num_players" in names:
            raise ValueError(f"{self.name}: option names must be unique, without num_players")
        if self.default_bot not in {"random", *(bot.name for bot in self.bots)}:
            raise ValueError(f"{self.name}: default bot {self.default_bot!r} is not offered")
        shortest, longest = self.play_minutes
        if not 0 <= shortest <= longest:
            raise ValueError(f"{self.name}: play time {self.play_minutes} is not a range")
        languages = [language for language, _ in self.original_rules]
        if len(set(languages)) != len(languages) or "en" in languages:
            raise ValueError(f"{self.name}: one original rules text per language, not English")

    def option(self, name: str) -> OptionSpec:
        """Return the declared option `name`; KeyError if the game has none."""
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def validated_options(self, players: object, options: Mapping[str, Any]) -> dict[str, JSON]:
        """Return all option values for a `load` call; ValueError naming what is wrong."""
        return validate_options(
            self.title, self.player_counts, self.default_players, self.options, players, options
        )

    def load(self, players: int | None = None, **options: Any) -> Game[Any, Any]:
        """Return the game for `players` seats with validated options."""
        return self.build(self.validated_options(players, options))

    def bot(self, name: str) -> BotSpec | None:
        """Return the game's own bot `name`, or None."""
        return next((bot for bot in self.bots if bot.name == name), None)

    def published(self) -> dict[str, JSON]:
        """Return what a client needs to offer the game (`GET /api/games`)."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "players": list(self.player_counts),
            "default_players": self.default_players,
            "options": [option.published() for option in self.options],
            "bots": [
                {"name": bot.name, "level": bot.level, "description": bot.description}
                for bot in self.bots
            ],
            "default_bot": self.default_bot,
            "teams": {str(n): [list(team) for team in self.teams(n)] for n in self.player_counts},
            "has_board_data": self.board_data is not None,
            "observation_keys": list(self.observation_keys),
            "seat_markers": list(self.seat_markers),
            "languages": list(self.languages),
            "play_minutes": list(self.play_minutes),
            "rules_languages": self.rules_languages(),
        }

    def rules_languages(self) -> list[str]:
        """Return the languages the rules page has a text in: English, then the originals."""
        return ["en", *sorted(language for language, _ in self.original_rules)]

