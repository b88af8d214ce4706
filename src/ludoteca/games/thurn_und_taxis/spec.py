"""The Thurn und Taxis descriptor: everything the registry, CLI, arena, server and front end
need. Kept light on purpose: the rules and renderer are imported when first used."""

from __future__ import annotations

from ludoteca.core.lazy import imported
from ludoteca.core.spec import BotSpec, GameSpec, SearchHints
from ludoteca.games.thurn_und_taxis.options import (
    DEFAULT_PLAYERS,
    OPTIONS,
    PLAYER_COUNTS,
)

SPEC = GameSpec(
    name="thurn_und_taxis",
    title="Thurn und Taxis",
    summary="Build postal routes across southern Germany, place houses and collect carriages.",
    player_counts=PLAYER_COUNTS,
    default_players=DEFAULT_PLAYERS,
    options=OPTIONS,
    build=imported("ludoteca.games.thurn_und_taxis.rules", "build"),
    renderer=imported("ludoteca.games.thurn_und_taxis.render", "TntRenderer"),
    bots=(
        BotSpec(
            "heuristic", 1,
            "Grows one route, closes it when the next carriage is in reach, and places the "
            "houses that complete the most valuable tiles.",
            imported("ludoteca.games.thurn_und_taxis.bots", "TntHeuristicBot"),
        ),
    ),
    default_bot="heuristic",
    board_data=imported("ludoteca.games.thurn_und_taxis.board", "board_data"),
    observation_encoder=imported("ludoteca.games.thurn_und_taxis.encoding", "TntEncoder"),
    observation_keys=(
        "round", "point", "point_words", "forced_postmaster", "official_used", "display",
        "deck_size", "discard_pile", "hand", "hands", "blind_counts", "routes", "houses",
        "houses_left", "carriages", "tiles", "stacks", "end_holder", "ranks",
    ),
    languages=("en", "nl", "zh", "de", "es", "fi"),
    rules_page="docs/rules/thurn_und_taxis.md",
    original_rules=(("es", "docs/rules/original/thurn_und_taxis.es.txt"),),
    play_minutes=(60, 60),
    # Scores count houses placed at once but not a route still growing, so a search that trusts
    # them closes routes too early: it overrules the heuristic only when clearly better.
    search=SearchHints(rollout="heuristic", depth=8, margin=0.1),
)
