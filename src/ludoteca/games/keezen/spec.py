"""The Keezen descriptor: everything the registry, CLI, arena, server and front end need.

Kept light on purpose: listing the games imports this module only, and the rules, bots and
renderer are imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.game import JSON
from ludoteca.core.players import Bot
from ludoteca.core.spec import BotSpec, Evaluator, GameSpec, SearchHints, Teams, TextRenderer
from ludoteca.games.keezen.board import SEGMENT, Board
from ludoteca.games.keezen.options import DEFAULT_PLAYERS, OPTIONS, PLAYER_COUNTS, KeezenOptions

if TYPE_CHECKING:
    from ludoteca.core.encoding import ObservationEncoder


def _build(values: dict[str, JSON]) -> Any:
    from ludoteca.games.keezen.rules import KeezenGame

    return KeezenGame(KeezenOptions.from_values(values))


def _renderer(game: Any) -> TextRenderer:
    from ludoteca.games.keezen.render import KeezenRenderer

    return KeezenRenderer(game)


def _heuristic() -> Bot:
    from ludoteca.games.keezen.bots import KeezenHeuristicBot

    return KeezenHeuristicBot()


def _evaluator() -> Evaluator:
    from ludoteca.games.keezen.evaluation import pawn_evaluator

    return pawn_evaluator()


def _encoder(game: Any) -> ObservationEncoder:
    from ludoteca.games.keezen.encoding import KeezenEncoder

    return KeezenEncoder(game)


def _teams(num_players: int) -> Teams:
    # Partners sit opposite each other; the track length does not matter for who they are (K2).
    return Board(num_players, SEGMENT * num_players).teams()


SPEC = GameSpec(
    name="keezen",
    title="Keezen",
    summary=(
        "A Dutch race game played with cards instead of dice: bring your four pawns around the "
        "board into your home. With 4 or 6 players, partners sit opposite each other and win "
        "together."
    ),
    player_counts=PLAYER_COUNTS,
    default_players=DEFAULT_PLAYERS,
    options=OPTIONS,
    build=_build,
    renderer=_renderer,
    bots=(
        BotSpec(
            "heuristic", 1,
            "Looks one move ahead, weighs the risk of being captured and plans its next card; "
            "it beats the random bot in more than 9 games out of 10.",
            _heuristic,
        ),
    ),
    default_bot="heuristic",
    teams=_teams,
    observation_keys=(
        "track_length", "deal", "deal_in_cycle", "dealer", "position", "pawns",
        "controlled_colour", "hand", "pack_size", "card_reasons",
    ),
    seat_markers=("dealer",),
    observation_encoder=_encoder,
    languages=("en", "nl", "zh", "de", "es", "fi"),
    rules_page="docs/rules/keezen.md",
    original_rules=(("nl", "docs/rules/original/keezen.nl.txt"),),
    # The original text names no play time and the game has no box: half an hour to an hour
    # is the usual length of a game of four (deals of five and four cards until a team is home).
    play_minutes=(30, 60),
    # The pawn values score a position well enough to search on them alone, many times over.
    search=SearchHints(rollout="heuristic", depth=0, evaluator=_evaluator),
)
