"""The Suitors' Paths descriptor: everything the registry, CLI, arena, server and front end
need. Kept light on purpose: the rules and renderer are imported when first used."""

from __future__ import annotations

from ludoteca.core.lazy import imported
from ludoteca.core.spec import BotSpec, GameSpec, SearchHints
from ludoteca.games.suitors_paths.options import (
    DEFAULT_PLAYERS,
    OPTIONS,
    PLAYER_COUNTS,
)

_EVALUATOR = imported("ludoteca.games.suitors_paths.evaluation", "plan_evaluator")

SPEC = GameSpec(
    name="suitors_paths",
    title="Suitors' Paths",
    summary="Build routes from your suitor across forests, clearings, houses, rocks and water "
            "to the girls strolling round the edge: each marker on a girl scores, more for "
            "being on top.",
    player_counts=PLAYER_COUNTS,
    default_players=DEFAULT_PLAYERS,
    options=OPTIONS,
    build=imported("ludoteca.games.suitors_paths.rules", "build"),
    renderer=imported("ludoteca.games.suitors_paths.render", "SpRenderer"),
    bots=(
        BotSpec(
            "heuristic", 1,
            "Connects where a marker gains most for the fewest cards, walks girls away from "
            "rival routes, and takes the cards its planned path lacks.",
            imported("ludoteca.games.suitors_paths.bots", "SpHeuristicBot"),
        ),
    ),
    default_bot="heuristic",
    board_data=None,
    observation_encoder=imported("ludoteca.games.suitors_paths.encoding", "SpEncoder"),
    observation_keys=(
        "step", "round", "board", "girls", "suitors", "routes", "heads", "markers",
        "connections", "supply", "display", "deck_size", "discard_pile", "hand", "known_cards",
        "unseen_counts", "turn_order", "auction", "final_round", "last_turn", "this_turn",
        "buildable", "tie_order",
    ),
    languages=("en", "nl", "zh", "de", "es", "fi"),
    rules_page="docs/rules/suitors_paths.md",
    original_rules=(("fi", "docs/rules/original/suitors_paths.fi.txt"),),
    play_minutes=(30, 60),
    # Short heuristic rollouts finish the turn before the plan evaluation judges it.
    search=SearchHints(rollout="heuristic", depth=8, evaluator=_EVALUATOR, margin=0.03),
)
