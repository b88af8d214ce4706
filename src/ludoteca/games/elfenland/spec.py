"""The Elfenland descriptor: everything the registry, CLI, arena, server and front end need.

Kept light on purpose: listing the games imports this module only, and the rules, bots, map
and renderer are imported when first used.
"""

from __future__ import annotations

from ludoteca.core.lazy import imported
from ludoteca.core.spec import BotSpec, GameSpec, SearchHints
from ludoteca.games.elfenland.options import (
    DEFAULT_PLAYERS,
    OPTIONS,
    PLAYER_COUNTS,
)

_EVALUATOR = imported("ludoteca.games.elfenland.evaluation", "tour_evaluator")

SPEC = GameSpec(
    name="elfenland",
    title="Elfenland",
    summary=(
        "Travel across Elfenland by troll wagon, unicorn, dragon and more, and visit as many "
        "towns as you can in four rounds: the most town pieces wins."
    ),
    player_counts=PLAYER_COUNTS,
    default_players=DEFAULT_PLAYERS,
    options=OPTIONS,
    build=imported("ludoteca.games.elfenland.rules", "build"),
    renderer=imported("ludoteca.games.elfenland.render", "ElfenlandRenderer"),
    bots=(
        BotSpec(
            "heuristic", 1,
            "Plans a tour its cards can pay for and picks counters and obstacles to suit it; "
            "it beats the random bot nearly every game.",
            imported("ludoteca.games.elfenland.bots", "ElfenlandHeuristicBot"),
        ),
    ),
    default_bot="heuristic",
    board_data=imported("ludoteca.games.elfenland.drawing", "board_data"),
    observation_keys=(
        "round", "rounds", "phase", "phase_name", "start_player", "discarding", "boots",
        "visited", "hand", "secret_counters", "secret_counts", "open_counters",
        "has_obstacle", "display", "roads", "discard_pile", "draw_pile_size", "supply_size",
        "ranks",
    ),
    seat_markers=("start_player",),
    observation_encoder=imported("ludoteca.games.elfenland.encoding", "ElfenlandEncoder"),
    languages=("en", "nl", "zh", "de", "es", "fi"),
    rules_page="docs/rules/elfenland.md",
    original_rules=(("zh", "docs/rules/original/elfenland.zh.txt"),),
    # The rules texts name no play time; the box says 60 minutes (for the 4 rounds).
    play_minutes=(60, 60),
    # The tour planner is a rough judge mid-round (measured: the search's own picks lose more
    # often than the heuristic's), so it overrules the heuristic only when far better.
    search=SearchHints(rollout="heuristic", depth=4, evaluator=_EVALUATOR, margin=0.2),
)
