"""The round's automatic steps and turn order (E8–E15, E21, E23, E32–E42), on a mutable draft.

`apply` thaws a state into a draft (`core.draft`), carries out the action and then runs
whatever happens by itself until a seat must decide again: dealing cards, secret draws,
display refills, the end of a phase, the round's end and the next round. `freeze` makes the
new state.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from ludoteca.core.chance import event_rng, shuffled
from ludoteca.core.draft import Draft
from ludoteca.games.elfenland.actions import KEPT_CARDS
from ludoteca.games.elfenland.board import COUNTER_KINDS, Kind
from ludoteca.games.elfenland.cards import count, expand, plus
from ludoteca.games.elfenland.options import ElfenlandOptions
from ludoteca.games.elfenland.state import (
    NONE,
    ClearEvent,
    ElfenlandState,
    Event,
    GameEndEvent,
    Phase,
    RefillEvent,
    ReshuffleEvent,
    RoundEvent,
    SecretDrawEvent,
)

HAND_SIZE = 8
COUNTER_HOLD_MAX = 5
OPEN_PICKS_PER_ROUND = 3
TOWNS_TO_COLLECT = 20

ElfDraft: TypeAlias = Draft[ElfenlandState]


def note(draft: ElfDraft, event: Event) -> None:
    """Add `event` to the current round's log."""
    log = draft.log
    draft.log = (*log[:-1], log[-1] + (event,))


def replaced(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `values` with entry `index` set to `value`."""
    # Through a list: for the 49 entries of a per-edge tuple, faster than slicing twice.
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def set_hand(draft: ElfDraft, seat: int, hand: tuple[int, ...]) -> None:
    """Replace one seat's hand."""
    draft.hands = replaced(draft.hands, seat, hand)


def set_counters(draft: ElfDraft, seat: int, held: tuple[int, ...], secret: bool) -> None:
    """Replace one seat's open (or secret) unplaced counters."""
    if secret:
        draft.secret_counters = replaced(draft.secret_counters, seat, held)
    else:
        draft.open_counters = replaced(draft.open_counters, seat, held)


class Flow:
    """Turn order and automatic steps for one set of options."""

    def __init__(self, options: ElfenlandOptions) -> None:
        self.n = options.num_players
        self.rounds = options.rounds
        self.after_move = options.hand_limit_timing == "after_move"

    def seat_at(self, draft: ElfDraft, step: int) -> int:
        """Return the seat at position `step` of the round's turn order (E2)."""
        start: int = draft.start
        return (start + step) % self.n

    # -- a round's start: phases 1 to 3 ------------------------------------------------------------

    def begin_round(self, draft: ElfDraft) -> None:
        """Open a new round log, deal cards (phase 1) and secret counters (phase 2)."""
        draft.log = (*draft.log, ())
        note(draft, RoundEvent(draft.round, draft.start))
        for step in range(self.n):
            self.refill(draft, self.seat_at(draft, step))
        for step in range(self.n):
            self.secret_draw(draft, self.seat_at(draft, step))
        draft.phase, draft.step, draft.current = Phase.OPEN_PICKS, 0, draft.start

    def refill(self, draft: ElfDraft, seat: int) -> None:
        """E9, E11: draw until the seat holds 8, reshuffling the discards when the pile is out."""
        hand = draft.hands[seat]
        wanted = HAND_SIZE - sum(hand)
        drawn: list[Kind] = []
        while wanted > 0:
            if not draft.draw_pile:
                if not any(draft.discards):
                    break  # both piles empty: unreachable with 72 cards (E11)
                self.reshuffle(draft)
            take = min(wanted, len(draft.draw_pile))
            drawn.extend(draft.draw_pile[:take])
            draft.draw_pile = draft.draw_pile[take:]
            wanted -= take
        cards = count(drawn)
        set_hand(draft, seat, plus(hand, cards))
        note(draft, RefillEvent(seat, len(drawn), cards))

    def reshuffle(self, draft: ElfDraft) -> None:
        """E11: the face-up discard pile becomes a new, shuffled draw pile."""
        rng = event_rng(draft.seed, "cards", draft.reshuffles)
        draft.draw_pile = shuffled(expand(draft.discards), rng)
        draft.discards = (0,) * 7
        draft.reshuffles += 1
        note(draft, ReshuffleEvent(len(draft.draw_pile)))

    def secret_draw(self, draft: ElfDraft, seat: int) -> None:
        """E12: the seat takes the supply's top counter face down."""
        if not draft.supply:
            return  # unreachable: at least 31 counters remain here (E12)
        kind, draft.supply = draft.supply[0], draft.supply[1:]
        held = list(draft.secret_counters[seat])
        held[kind] += 1
        set_counters(draft, seat, tuple(held), secret=True)
        assert sum(held) + sum(draft.open_counters[seat]) <= COUNTER_HOLD_MAX, "E13"
        note(draft, SecretDrawEvent(seat, kind))

    # -- turn passing within phases 3 to 6 ---------------------------------------------------------

    def after_pick(self, draft: ElfDraft) -> None:
        """E14: three laps of picks, then phase 4 from the start player."""
        draft.step += 1
        if draft.step < OPEN_PICKS_PER_ROUND * self.n:
            draft.current = self.seat_at(draft, draft.step)
            return
        draft.phase, draft.passes, draft.current = Phase.PLACEMENT, 0, draft.start

    def after_placement_turn(self, draft: ElfDraft, passed: bool) -> None:
        """E21: phase 4 ends after n consecutive passes; else the next seat places."""
        assert draft.current is not None
        draft.passes = draft.passes + 1 if passed else 0
        if draft.passes < self.n:
            draft.current = (draft.current + 1) % self.n
            return
        draft.phase, draft.step, draft.current = Phase.MOVEMENT, 0, draft.start

    def after_movement_turn(self, draft: ElfDraft) -> None:
        """E23, E35 option: after `end` (and an after-move discard), the next seat moves."""
        assert draft.current is not None
        hand = draft.hands[draft.current]
        if self.after_move and not draft.discarding and sum(hand) > KEPT_CARDS:
            draft.discarding = True
            return
        draft.discarding = False
        draft.step += 1
        if draft.step < self.n:
            draft.current = self.seat_at(draft, draft.step)
            return
        self.end_round(draft)

    # -- phase 6 -----------------------------------------------------------------------------------

    def end_round(self, draft: ElfDraft) -> None:
        """E33, E34, then the first seat with a choice to make (E37), or straight to E38."""
        draft.phase = Phase.ROUND_END
        if any(visited.bit_count() >= TOWNS_TO_COLLECT for visited in draft.visited):
            self.end_game(draft)
            return
        if draft.round >= self.rounds:
            self.end_game(draft)
            return
        draft.step = -1
        self.next_chooser(draft)

    def next_chooser(self, draft: ElfDraft) -> None:
        """E37: the next seat in turn order with a choice; seats with none are skipped."""
        while True:
            draft.step += 1
            if draft.step >= self.n:
                self.clear_board(draft)
                return
            seat = self.seat_at(draft, draft.step)
            if sum(draft.hands[seat]) > KEPT_CARDS or self.held(draft, seat) >= 2:
                draft.current = seat
                return

    def held(self, draft: ElfDraft, seat: int) -> int:
        """Return the unplaced counters of `seat`."""
        held: int = sum(draft.open_counters[seat]) + sum(draft.secret_counters[seat])
        return held

    def clear_board(self, draft: ElfDraft) -> None:
        """E38 and E39: counters back into the supply, obstacles gone, next start player."""
        on_board = [kind for kind in draft.road_counter if kind != NONE]
        set_aside = expand(draft.set_aside_open) + list(draft.set_aside_secret)
        pool = [*draft.supply, *on_board, *set_aside]
        draft.supply = shuffled(pool, event_rng(draft.seed, "counters", draft.round))
        note(draft, ClearEvent(len(on_board) + len(set_aside)))
        empty = (NONE,) * len(draft.road_counter)
        draft.road_counter = draft.road_placer = draft.road_obstacle = empty
        draft.set_aside_open = (0,) * len(COUNTER_KINDS)
        draft.set_aside_secret = ()
        draft.start = (draft.start + 1) % self.n
        draft.round += 1
        self.begin_round(draft)

    def end_game(self, draft: ElfDraft) -> None:
        """E40–E42: score the pieces, break ties by cards in hand, shared ranks skip places."""
        scores = tuple(visited.bit_count() for visited in draft.visited)
        sizes = tuple(sum(hand) for hand in draft.hands)
        keys = list(zip(scores, sizes, strict=True))
        draft.ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
        draft.phase, draft.current = Phase.OVER, None
        note(draft, GameEndEvent(scores, sizes, draft.ranks))
