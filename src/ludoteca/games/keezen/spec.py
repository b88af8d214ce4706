"""The Keezen descriptor: everything the registry, CLI, arena, server and front end need.

Kept light on purpose: listing the games imports this module only, and the rules, bots and
renderer are imported when first used.
"""

from __future__ import annotations

from ludoteca.core.lazy import imported
from ludoteca.core.spec import BotSpec, GameSpec, SearchHints, Teams
from ludoteca.games.keezen.board import SEGMENT, Board
from ludoteca.games.keezen.options import DEFAULT_PLAYERS, OPTIONS, PLAYER_COUNTS


def _teams(num_players: int) -> Teams:
    # Partners sit opposite each other; the track length does not matter for who they are (K2).
    return Board(num_players, SEGMENT * num_players).teams()


_EVALUATOR = imported("ludoteca.games.keezen.evaluation", "pawn_evaluator")

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
    build=imported("ludoteca.games.keezen.rules", "build"),
    renderer=imported("ludoteca.games.keezen.render", "KeezenRenderer"),
    bots=(
        BotSpec(
            "heuristic", 1,
            "Looks one move ahead, weighs the risk of being captured and plans its next card; "
            "it beats the random bot in more than 9 games out of 10.",
            imported("ludoteca.games.keezen.bots", "KeezenHeuristicBot"),
        ),
    ),
    default_bot="heuristic",
    teams=_teams,
    observation_keys=(
        "track_length", "deal", "deal_in_cycle", "dealer", "position", "pawns",
        "controlled_colour", "hand", "pack_size", "card_reasons",
    ),
    seat_markers=("dealer",),
    observation_encoder=imported("ludoteca.games.keezen.encoding", "KeezenEncoder"),
    languages=("en", "nl", "zh", "de", "es", "fi"),
    rules_page="docs/rules/keezen.md",
    original_rules=(("nl", "docs/rules/original/keezen.nl.txt"),),
    # The original text names no play time and the game has no box: half an hour to an hour
    # is the usual length of a game of four (deals of five and four cards until a team is home).
    play_minutes=(30, 60),
    # The pawn values score a position well enough to search on them alone, many times over.
    search=SearchHints(rollout="heuristic", depth=0, evaluator=_EVALUATOR),
)
