#!/bin/bash
# The Hard bot's strength table of issue 25 (docs/bots.md): Hard against the heuristic bot in
# every title, seat-rotated, at fixed iteration budgets matched to 1 s of one core, so that the
# result does not depend on the machine's load and the same seed gives the same games.
#
#   bash bench/strength.sh [GAMES] [PLAYERS] [PROCESSES] [BOT]
#
# GAMES per title (default 200), PLAYERS (default 2; with 4, the search in one seat against
# three heuristic bots, in every seat equally often: its fair share is 25%, in Keezen 50%, where
# a heuristic bot is its partner), PROCESSES (default 2), BOT the search bot (default ismcts;
# ismcts_margin for the ablation). Each title writes runs/strength-<game>-<N>p/
# (records, table, ratings chart) and its table ends with the head-to-head line and its Wilson
# 95% interval.
#
# The budgets are the mean iterations one decision of the search made in 1 CPU second at
# 2 players, measured at positions of heuristic games (docs/bots.md gives when and where).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-200}
PLAYERS=${2:-2}
PROCESSES=${3:-2}
BOT=${4:-ismcts}
declare -A BUDGET=(
    [keezen]=3000
    [thurn_und_taxis]=2400
    [suitors_paths]=400
    [elfenland]=90
)
for game in keezen suitors_paths thurn_und_taxis elfenland; do
    bots="$BOT:${BUDGET[$game]},heuristic"
    if [ "$PLAYERS" -gt 2 ]; then
        # Three heuristic bots need three names: a budget renames a bot. The heuristic bots
        # ignore it, except Elfenland's, which reads it as its planner's node limit: 20,000 is
        # its default, so all three play alike.
        bots="$bots,heuristic:20000,heuristic:20001"
    fi
    .venv/bin/ludoteca arena "$game" --players "$PLAYERS" --bots "$bots" --games "$GAMES" \
        --processes "$PROCESSES" --seed 21 --out "runs/strength-$game-${PLAYERS}p"
done
