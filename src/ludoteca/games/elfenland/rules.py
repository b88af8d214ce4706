"""The Elfenland game: setup (E3–E7), the decisions of phases 3–6 and the game's end."""

from __future__ import annotations

from collections.abc import Mapping

from ludoteca.core.chance import check_seed, event_rng, shuffled
from ludoteca.core.draft import thaw
from ludoteca.core.engine import Engine
from ludoteca.core.game import JSON, Seat
from ludoteca.games.elfenland import codec, explain, observe, positions, resample, undo
from ludoteca.games.elfenland.actions import (
    ElfAction,
    Verb,
    action_ids,
    action_text,
    parse_action,
)
from ludoteca.games.elfenland.board import (
    COUNTER_KINDS,
    ElfMap,
    elfenland_map,
)
from ludoteca.games.elfenland.cards import expand, minus, plus
from ludoteca.games.elfenland.flow import (
    ElfDraft,
    Flow,
    note,
    replaced,
    set_counters,
    set_hand,
)
from ludoteca.games.elfenland.moves import move_generator
from ludoteca.games.elfenland.observe import LogRenderer
from ludoteca.games.elfenland.options import ElfenlandOptions
from ludoteca.games.elfenland.state import (
    NONE,
    ActionEvent,
    ElfenlandState,
    KeepCardsEvent,
    KeepCounterEvent,
    Phase,
    PickEvent,
)

RULES_VERSION = "1"
DISPLAY_SLOTS = 5


class ElfenlandGame(Engine[ElfenlandState, ElfAction]):
    """Elfenland for 2 to 6 players under one set of options (`ludoteca.load("elfenland", …)`)."""

    name = "elfenland"
    rules_version = RULES_VERSION
    codec = codec
    positions = positions
    explain = explain
    chance = resample
    undo = undo
    observe = observe
    settings: ElfenlandOptions
    log_renderer: LogRenderer

    def __init__(self, options: ElfenlandOptions) -> None:
        super().__init__(options)
        n = self.num_players
        # The map, move generator and id table never change: every game with the same options
        # shares them (an idle match then costs its states, not 1.7 MB of tables). The log
        # renderer is the game's own, since its cache holds this game's rendered rounds.
        self.map: ElfMap = elfenland_map()
        self.moves = move_generator(self.map, options.caravan == "any")
        self.flow = Flow(options)
        self.ids = action_ids(self.map)
        self.log_renderer = LogRenderer(self)
        self.num_distinct_actions = self.ids.size
        # E8's bound on a round's decisions: 3n picks, n(6n + 1) placement turns, 10n movement
        # decisions (8 steps, end and an after-move discard) and 2n round-end choices.
        self.max_game_length = options.rounds * n * (6 * n + 16)

    # -- setup and the flow of play ----------------------------------------------------------------

    def initial_state(self, seed: int) -> ElfenlandState:
        """Return the state after setup and round 1's phases 1 and 2: the first pick is next."""
        seed = check_seed(seed)
        n = self.num_players
        cards = shuffled(expand(self.map.card_counts), event_rng(seed, "setup cards"))
        counters = shuffled(
            expand(self.map.counter_counts), event_rng(seed, "setup counters")
        )
        no_edges = (NONE,) * (len(self.map.edge_ids) + 1)
        state = ElfenlandState(
            # The phase and turn are begin_round's to set, after phases 1 and 2.
            seed=seed, round=1, phase=Phase.OPEN_PICKS, start=self.settings.start_seat,
            current=None, step=0, passes=0, discarding=False,
            boots=(self.map.start_town,) * n, visited=(0,) * n, hands=((0,) * 7,) * n,
            draw_pile=cards, discards=(0,) * 7, reshuffles=0,
            supply=counters[DISPLAY_SLOTS:], display=counters[:DISPLAY_SLOTS],
            open_counters=((0,) * 6,) * n, secret_counters=((0,) * 6,) * n,
            road_counter=no_edges, road_placer=no_edges, road_obstacle=no_edges,
            has_obstacle=(True,) * n, set_aside_open=(0,) * 6, set_aside_secret=(),
            ranks=(), log=(),
        )
        draft = thaw(state)
        self.flow.begin_round(draft)
        return self._cache_legal(draft.freeze())

    def play(self, state: ElfenlandState, action: ElfAction) -> ElfenlandState:
        """Return the state after the legal `action` (phases 3–6)."""
        draft = thaw(state)
        seat = state.current
        assert seat is not None  # a terminal state has no legal actions
        verb = action.verb
        # The commonest decisions first: placements, picks, passes, then moves.
        if verb == Verb.PLACE:
            self._place(draft, seat, action)
            self.flow.after_placement_turn(draft, passed=False)
        elif verb == Verb.TAKE or verb == Verb.DRAW:
            self._pick(draft, seat, action)
            self.flow.after_pick(draft)
        elif verb == Verb.PASS:
            note(draft, ActionEvent(seat, action, draft.boots[seat], False))
            self.flow.after_placement_turn(draft, passed=True)
        elif verb == Verb.MOVE:
            self._move(draft, seat, action)
        elif verb == Verb.END:
            note(draft, ActionEvent(seat, action, draft.boots[seat], False))
            self.flow.after_movement_turn(draft)
        elif verb == Verb.OBSTACLE:
            draft.road_obstacle = replaced(draft.road_obstacle, action.edge, seat)
            draft.has_obstacle = replaced(draft.has_obstacle, seat, False)
            note(draft, ActionEvent(seat, action, draft.boots[seat], False))
            self.flow.after_placement_turn(draft, passed=False)
        elif verb == Verb.KEEP_CARDS:
            self._keep_cards(draft, seat, action)
        else:
            assert verb == Verb.KEEP_COUNTER
            self._keep_counter(draft, seat, action)
            self.flow.next_chooser(draft)
        return self._cache_legal(draft.freeze())

    def _move(self, draft: ElfDraft, seat: Seat, action: ElfAction) -> None:
        """E24, E29, E30: pay, discard face up, move the boot, collect the town's piece."""
        town = self.map.edge(action.edge).other_end(draft.boots[seat])
        set_hand(draft, seat, minus(draft.hands[seat], action.cards))
        draft.discards = plus(draft.discards, action.cards)
        draft.boots = replaced(draft.boots, seat, town)
        bit = 1 << town
        piece = self.map.has_pieces[town] and not draft.visited[seat] & bit
        if piece:
            draft.visited = replaced(draft.visited, seat, draft.visited[seat] | bit)
        note(draft, ActionEvent(seat, action, town, piece))

    def _place(self, draft: ElfDraft, seat: Seat, action: ElfAction) -> None:
        """E17: the counter leaves the seat's holding and lies face up on the road."""
        held = draft.secret_counters[seat] if action.secret else draft.open_counters[seat]
        set_counters(draft, seat, replaced(held, action.counter, held[action.counter] - 1),
                     action.secret)
        draft.road_counter = replaced(draft.road_counter, action.edge, action.counter)
        draft.road_placer = replaced(draft.road_placer, action.edge, seat)
        note(draft, ActionEvent(seat, action, draft.boots[seat], False))

    def _pick(self, draft: ElfDraft, seat: Seat, action: ElfAction) -> None:
        """E14, E15: take a displayed counter (the slot refills) or draw one; it is open."""
        refill = NONE
        if action.verb == Verb.TAKE:
            slot = action.slot - 1
            kind = draft.display[slot]
            if draft.supply:
                refill, draft.supply = draft.supply[0], draft.supply[1:]
            draft.display = replaced(draft.display, slot, refill)
        else:
            kind, draft.supply = draft.supply[0], draft.supply[1:]
        held = draft.open_counters[seat]
        set_counters(draft, seat, replaced(held, kind, held[kind] + 1), secret=False)
        note(draft, PickEvent(seat, action.slot, kind, refill))

    def _keep_cards(self, draft: ElfDraft, seat: Seat, action: ElfAction) -> None:
        """E35 (or its after-move option): keep 4 cards, the rest go face up to the discards."""
        discarded = minus(draft.hands[seat], action.cards)
        set_hand(draft, seat, action.cards)
        draft.discards = plus(draft.discards, discarded)
        note(draft, KeepCardsEvent(seat, action.cards, discarded))
        if draft.discarding:
            self.flow.after_movement_turn(draft)
        elif self.flow.held(draft, seat) < 2:
            self.flow.next_chooser(draft)

    def _keep_counter(self, draft: ElfDraft, seat: Seat, action: ElfAction) -> None:
        """E36: keep one counter with its visibility; set the others aside for E38."""
        open_held = list(draft.open_counters[seat])
        secret_held = list(draft.secret_counters[seat])
        (secret_held if action.secret else open_held)[action.counter] -= 1
        draft.set_aside_open = plus(draft.set_aside_open, tuple(open_held))
        draft.set_aside_secret = (*draft.set_aside_secret, *expand(tuple(secret_held)))
        kept = [0] * len(COUNTER_KINDS)
        kept[action.counter] = 1
        none = (0,) * len(COUNTER_KINDS)
        set_counters(draft, seat, none if action.secret else tuple(kept), secret=False)
        set_counters(draft, seat, tuple(kept) if action.secret else none, secret=True)
        note(draft, KeepCounterEvent(
            seat, action.counter, action.secret, tuple(open_held), sum(secret_held)
        ))

    # -- queries -----------------------------------------------------------------------------------

    def find_legal(self, state: ElfenlandState) -> tuple[ElfAction, ...]:
        """Return the legal actions of the seat to act, in a stable order."""
        return self.moves.legal_actions(state)

    def returns(self, state: ElfenlandState) -> tuple[float, ...]:
        """Return 1.0 for each seat ranked first (a shared first place: all of them), else 0.0."""
        return tuple(1.0 if rank == 1 else 0.0 for rank in state.ranks) or (0.0,) * self.num_players

    def scores(self, state: ElfenlandState) -> tuple[int, ...]:
        """Return per seat the number of town pieces collected (E40)."""
        return tuple(visited.bit_count() for visited in state.visited)

    # -- notation ------------------------------------------------------------------------------

    def action_to_text(self, state: ElfenlandState, action: ElfAction) -> str:
        """Return the canonical text of `action` (§7.2)."""
        return action_text(action)

    def action_from_text(self, state: ElfenlandState, text: str) -> ElfAction:
        """Return the action written as `text`; InvalidActionError if it is not notation."""
        return parse_action(self.map, text, state.current)

    def _cache_legal(self, state: ElfenlandState) -> ElfenlandState:
        """Fill in the legal-action cache of `state` and return the state.

        The cache is no part of the state's value (compare=False, init=False): setting it in
        place spares a copy of every field, and a state whose fields change is a new object
        that starts without it.
        """
        object.__setattr__(state, "legal", self.moves.legal_actions(state))
        return state


def build(values: Mapping[str, JSON]) -> ElfenlandGame:
    """Return the game with these option values (the descriptor's `build`)."""
    return ElfenlandGame(ElfenlandOptions.from_values(values))
