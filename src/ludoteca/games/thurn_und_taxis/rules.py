"""The Thurn und Taxis game: setup (T1–T8) and the decisions of a turn (T9–T52)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeAlias

from ludoteca.core.chance import check_seed, event_rng, shuffled
from ludoteca.core.engine import Engine
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.game import JSON, Seat
from ludoteca.games.thurn_und_taxis import codec, explain, observe, positions, resample, undo
from ludoteca.games.thurn_und_taxis.actions import (
    OFFICIALS,
    PLAYS,
    ActionIds,
    TntAction,
    Verb,
    action_text,
    drop,
    fixed_texts,
    parse_token,
    take,
)
from ludoteca.games.thurn_und_taxis.board import Board, tnt_board
from ludoteca.games.thurn_und_taxis.explain import explain_token
from ludoteca.games.thurn_und_taxis.flow import Flow, TntDraft, added, note, open_draft, replaced
from ludoteca.games.thurn_und_taxis.moves import close_options, legal_at_point
from ludoteca.games.thurn_und_taxis.observe import LogRenderer
from ludoteca.games.thurn_und_taxis.options import TntOptions
from ludoteca.games.thurn_und_taxis.state import (
    NONE,
    ActionEvent,
    Point,
    TntState,
)

RULES_VERSION = "1"
MAX_ACTIONS_PER_TURN = 6
"""T55: take, Postmaster, take, play, close, discard (one official per turn)."""

AFTER_PLAY = {Point.AFTER_TAKE: Point.AFTER_PLAY, Point.PLAY: Point.AFTER_PLAY,
              Point.AFTER_CARRIER: Point.AFTER_SECOND_PLAY}
AFTER_OFFICIAL = {Verb.ADMINISTRATOR: Point.AFTER_ADMINISTRATOR,
                  Verb.POSTMASTER: Point.AFTER_POSTMASTER,
                  Verb.CARRIER: Point.AFTER_CARRIER, Verb.CARTWRIGHT: Point.AFTER_CARTWRIGHT}


Step: TypeAlias = Callable[[TntDraft, Seat, TntAction, str], None]
"""A kind of action carried out on a draft: (draft, seat, action, its text)."""


class TntGame(Engine[TntState, TntAction]):
    """Thurn und Taxis for 2 to 4 players (`ludoteca.load("thurn_und_taxis", …)`)."""

    name = "thurn_und_taxis"
    rules_version = RULES_VERSION
    codec = codec
    positions = positions
    explain = explain
    chance = resample
    undo = undo
    observe = observe

    settings: TntOptions
    log_renderer: LogRenderer

    def __init__(self, options: TntOptions) -> None:
        super().__init__(options)
        self.board: Board = tnt_board()
        self.flow = Flow(self.board, options)
        self.texts = fixed_texts(self.board)
        """The texts of the actions that name them alone, as `play` logs them."""
        self.ids = ActionIds(self.board)
        self.num_distinct_actions = self.ids.size
        self.log_renderer = LogRenderer(self)
        self.max_game_length = MAX_ACTIONS_PER_TURN * self.num_players * options.last_round
        self._steps: dict[Verb, Step] = {
            Verb.TAKE: self._take, Verb.BLIND: self._blind, Verb.CLOSE: self._close,
            Verb.DROP: self._drop, Verb.END: self._end,
            **dict.fromkeys(AFTER_OFFICIAL, self._official), **dict.fromkeys(PLAYS, self._play),
        }
        """How each kind of action changes the draft (`play` dispatches on the verb)."""

    # -- setup and play ----------------------------------------------------------------------

    def initial_state(self, seed: int) -> TntState:
        """Return the state after setup (T3–T7): seat 0's first draw is next (T2)."""
        seed = check_seed(seed)
        board = self.board
        n = self.num_players
        cards = [city for city in range(board.num_cities) for _ in range(board.cards_per_city)]
        no_cards = (0,) * board.num_cities
        state = TntState(
            seed=seed, reshuffles=0, round=1, current=None, point=Point.DRAW, forced=True,
            official=NONE, played=0, display=(NONE,) * board.display_slots,
            deck=shuffled(cards, event_rng(seed, "setup")), discards=no_cards,
            hands=(no_cards,) * n, blind=(no_cards,) * n, routes=((),) * n, houses=(0,) * n,
            supply=(board.houses_per_player,) * n, carriages=(0,) * n, tiles=((),) * n,
            taken=(0,) * len(board.stacks), end_holder=NONE, end_reason="", ranks=(),
            log=((),),
        )
        draft = open_draft(state)
        self.flow.refill(draft)  # T5: the display is dealt before the first turn
        self.flow.begin_turn(draft, 0)
        return self.flow.settle(draft)

    def play(self, state: TntState, action: TntAction) -> TntState:
        """Return the state after the legal `action` (T9–T52)."""
        seat = state.current
        assert seat is not None  # a terminal state has no legal actions
        text = self.texts.get(action) or action_text(self.board, state, action)
        draft = open_draft(state)
        self._steps[action.verb](draft, seat, action, text)
        return self.flow.settle(draft)

    def _take(self, draft: TntDraft, seat: Seat, action: TntAction, text: str) -> None:
        """T16: the displayed card goes to the hand and R refills its slot."""
        city = action.city
        draft.display = replaced(draft.display, action.slot - 1, NONE)
        draft.hands = replaced(draft.hands, seat, added(draft.hands[seat], city))
        note(draft, ActionEvent(seat, text, city))
        self.flow.refill(draft)
        draft.point = Point.AFTER_TAKE if draft.point == Point.DRAW else Point.PLAY

    def _blind(self, draft: TntDraft, seat: Seat, action: TntAction, text: str) -> None:
        """T17: the deck's top card goes to the hand, seen by its taker alone."""
        if not draft.deck:
            self.flow.reshuffle(draft)
        city = draft.deck[0]
        draft.deck = draft.deck[1:]
        draft.hands = replaced(draft.hands, seat, added(draft.hands[seat], city))
        draft.blind = replaced(draft.blind, seat, added(draft.blind[seat], city))
        note(draft, ActionEvent(seat, text, city))
        draft.point = Point.AFTER_TAKE if draft.point == Point.DRAW else Point.PLAY

    def _official(self, draft: TntDraft, seat: Seat, action: TntAction, text: str) -> None:
        """T18–T22, T30, T50: the turn's official; the Administrator renews the display."""
        verb = action.verb
        draft.official = OFFICIALS.index(verb)
        note(draft, ActionEvent(seat, text, NONE))
        if verb == Verb.ADMINISTRATOR:
            discards = list(draft.discards)
            for city in draft.display:
                if city != NONE:
                    discards[city] += 1
            draft.discards = tuple(discards)
            draft.display = (NONE,) * self.board.display_slots
            self.flow.refill(draft)
        draft.point = AFTER_OFFICIAL[verb]

    def _close(self, draft: TntDraft, seat: Seat, action: TntAction, text: str) -> None:
        """T31–T49: the route closes; its rewards come at once."""
        self.flow.close(draft, seat, action.houses, text)
        draft.point = Point.AFTER_CLOSE

    def _drop(self, draft: TntDraft, seat: Seat, action: TntAction, text: str) -> None:
        """T52: the cards beyond the three kept are discarded, and the turn ends."""
        kept = (0,) * self.board.num_cities
        for city in action.kept:
            kept = added(kept, city)
        note(draft, ActionEvent(seat, text, NONE))
        for city, count in enumerate(draft.hands[seat]):
            for _ in range(count - kept[city]):
                self.flow.remove_card(draft, seat, city)
                draft.discards = added(draft.discards, city)
        self.flow.end_turn(draft)

    def _end(self, draft: TntDraft, seat: Seat, action: TntAction, text: str) -> None:
        """T12: the player ends the turn without closing."""
        note(draft, ActionEvent(seat, text, NONE))
        self.flow.end_turn(draft)

    def _play(self, draft: TntDraft, seat: Seat, action: TntAction, text: str) -> None:
        """T23–T29: the card leaves the hand and starts or extends the route."""
        self.flow.remove_card(draft, seat, action.city)
        route = draft.routes[seat]
        city = action.city
        verb = action.verb
        if verb == Verb.RESTART:
            discards = list(draft.discards)
            for old in route:
                discards[old] += 1
            draft.discards = tuple(discards)
            route = (city,)
        elif verb == Verb.START:
            route = (city,)
        elif verb == Verb.LEFT:
            route = (city, *route)
        else:
            route = (*route, city)
        draft.routes = replaced(draft.routes, seat, route)
        draft.played += 1
        note(draft, ActionEvent(seat, text, city))
        draft.point = AFTER_PLAY[draft.point]

    # -- queries -----------------------------------------------------------------------------

    def find_legal(self, state: TntState) -> tuple[TntAction, ...]:
        """Return the legal actions of the seat to act, in a stable order (§4.10)."""
        return tuple(legal_at_point(state, self.board, self.settings.blind_draw))

    def returns(self, state: TntState) -> tuple[float, ...]:
        """Return 1.0 for the winner (T58; with round_limit, all tied first), else 0.0."""
        if not state.ranks:
            return (0.0,) * self.num_players
        return tuple(1.0 if rank == 1 else 0.0 for rank in state.ranks)

    def scores(self, state: TntState) -> tuple[int, ...]:
        """Return each seat's score (T56): highest carriage + tiles − houses left."""
        return self.flow.scores(state)

    # -- notation ------------------------------------------------------------------------------

    def action_to_text(self, state: TntState, action: TntAction) -> str:
        """Return the canonical text of `action` in `state` (§7.5)."""
        return action_text(self.board, state, action)

    def action_from_text(self, state: TntState, text: str) -> TntAction:
        """Return the action `text` denotes (§7.3); InvalidActionError if it is not notation.

        A take without its city means the card in that slot; a take naming another city, a
        close naming the wrong option and a discard of cards not in hand are IllegalActionError.
        """
        token = parse_token(self.board, text)
        action = token.action
        seat = state.current
        if action.verb == Verb.TAKE:
            card = state.display[action.slot - 1]
            if action.city == -1:
                return take(action.slot, card)
            if action.city != card:
                raise IllegalActionError(explain_token(self, state, token))
        elif action.verb == Verb.DROP:
            hand = list(state.hands[seat]) if seat is not None else []
            for city in token.dropped:
                if not hand or hand[city] == 0:
                    raise IllegalActionError(explain_token(self, state, token))
                hand[city] -= 1
            kept = tuple(city for city, count in enumerate(hand) for _ in range(count))
            if len(kept) != self.board.hand_limit:
                raise IllegalActionError(explain_token(self, state, token))
            return drop(kept)
        elif action.verb == Verb.CLOSE and action in self.legal_actions(state):
            assert seat is not None
            options = close_options(state.routes[seat], state.houses[seat], state.supply[seat])
            if token.one_per_region:
                stated = action.houses in options.one_per_region
            else:
                region = self.board.region_index[token.region or ""]
                stated = any(action.houses in sets for r, sets in options.one_region
                             if r == region)
            if not stated:
                raise IllegalActionError(explain_token(self, state, token))
        elif action.verb == Verb.BLIND and token.blind_city is not None:
            raise IllegalActionError(explain_token(self, state, token))
        return action


def build(values: Mapping[str, JSON]) -> TntGame:
    """Return the game with these option values (the descriptor's `build`)."""
    return TntGame(TntOptions.from_values(values))
