"""What one Elfenland seat may know (E43), as the bots read it.

The public table (boots, collected pieces, counters and obstacles on the roads, the display,
everyone's open counters) plus the seat's own hand and its own secret counters. `seat_view`
copies exactly that out of the state, and every decision of the heuristic and the tour planner
is made from the copy, so another seat's hand or secrets, the draw pile and the supply never
reach them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core.game import Seat
from ludoteca.games.elfenland.actions import KEPT_CARDS, ElfAction
from ludoteca.games.elfenland.board import COUNTER_KINDS, Kind, Town
from ludoteca.games.elfenland.cards import Cards
from ludoteca.games.elfenland.rules import ElfenlandGame
from ludoteca.games.elfenland.state import NONE, ElfenlandState, Phase

Held = tuple[int, ...]
"""Counters held per kind P E C U T D, open and secret together."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know (E43) that the bot uses; built only by `seat_view`."""

    seat: Seat
    rivals: tuple[Seat, ...]
    phase: Phase
    final_round: bool
    card_cap: int | None
    """How many cards still count after moving (None: all of them, E41)."""
    boots: tuple[Town, ...]
    visited: tuple[int, ...]
    hand: Cards
    open_held: Held
    secret_held: Held
    has_obstacle: bool
    road_counter: tuple[Kind, ...]
    road_obstacle: tuple[Seat, ...]
    display: tuple[Kind, ...]
    unseen_counters: Held
    """Per kind, counters not visible anywhere: what a blind draw may bring."""
    legal: tuple[ElfAction, ...]

    @property
    def held(self) -> Held:
        """Return the seat's unplaced counters per kind, open and secret together."""
        return tuple(a + b for a, b in zip(self.open_held, self.secret_held, strict=True))

    @property
    def boot(self) -> Town:
        """Return the town of the seat's boot."""
        return self.boots[self.seat]


def seat_view(game: ElfenlandGame, state: ElfenlandState, seat: Seat) -> SeatView:
    """Return what `seat` may know of `state`: the public table, its own hand and secrets."""
    n = game.num_players
    final_round = state.round >= game.settings.rounds
    after_move = game.settings.hand_limit_timing == "after_move"
    visible = [0] * len(COUNTER_KINDS)
    for held in (*state.open_counters, state.secret_counters[seat], state.set_aside_open):
        for kind, number in enumerate(held):
            visible[kind] += number
    for kind in (*state.display, *state.road_counter):
        if kind != NONE:
            visible[kind] += 1
    unseen = tuple(
        max(total - seen, 0)
        for total, seen in zip(game.map.counter_counts, visible, strict=True)
    )
    return SeatView(
        seat=seat,
        rivals=tuple(other for other in range(n) if other != seat),
        phase=state.phase,
        final_round=final_round,
        card_cap=KEPT_CARDS if after_move or not final_round else None,
        boots=state.boots,
        visited=state.visited,
        hand=state.hands[seat],
        open_held=state.open_counters[seat],
        secret_held=state.secret_counters[seat],
        has_obstacle=state.has_obstacle[seat],
        road_counter=state.road_counter,
        road_obstacle=state.road_obstacle,
        display=state.display,
        unseen_counters=unseen,
        legal=game.legal_actions(state),
    )
