"""The Suitors' Paths heuristic bot: connect where a marker gains most for the fewest cards.

It reads only what its seat may know (S3: the public fields of the state and its own hand,
never another hand or the deck's order) and decides at each step:

- auction: opens the ring-2 hex nearest to the most girls (cheapest paths priced in its
  hand), at 0, and raises while the hex is worth more cards than the hexes it would get
  instead; pays with the cards its plan from that hex needs least;
- build: the cheapest path (Dijkstra over segments, a card it holds costing 1 and one it
  lacks 2, as a pair would) to every girl who can take a marker; it connects now to the one
  whose P66 gain (on top, not bottom, the top bonus taken from a rival) best repays the cards,
  continuing its unfinished route or scrapping it when a new route is clearly better; when no
  connection is affordable it builds toward a routed girl (who never moves) as far as its cards
  pay, and otherwise ends the build to save cards for one connecting turn;
- girl: the move that takes a girl furthest from the rivals' reach and nearest to its own;
- cards: the display cards its planned path lacks (a whole colour when that brings more of
  them), else the deck when an unseen card promises more; discards and payments shed the cards
  its plan needs least.

Ties go to the first action in the engine's stable order: the bot never draws from `rng`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import NamedTuple

from ludoteca.core.game import Seat
from ludoteca.core.players import Budget, HeuristicBot
from ludoteca.games.suitors_paths.actions import COLOURS, MULTI, SpAction
from ludoteca.games.suitors_paths.board import Board, Hex, game_data
from ludoteca.games.suitors_paths.moves import HAND_LIMIT, auction_hexes
from ludoteca.games.suitors_paths.planner import (
    UNREACHED,
    Payment,
    Table,
    Target,
    cheapest_paths,
    connections,
    marker_gain,
    payment_plan,
    points_on,
    reach_costs,
    shortfall,
)
from ludoteca.games.suitors_paths.rules import SpGame
from ludoteca.games.suitors_paths.state import NONE, SpState, Step

PAIR_PRICE = 2.0
"""A requirement the hand holds no card of costs a pair (or a card still to draw)."""
CARD_WEIGHT = 0.5
"""Points a card is worth: each turn brings about two, and a connection scores 2 to 4."""
MIN_VALUE = 0.25
"""A connection must gain at least this much more than its cards cost to spend a marker."""
ROAMING = 0.6
"""How much of a route-less girl's value is left by the time a plan needs more turns."""
SHORT_WEIGHT = 0.8
"""The cost of each card a plan still has to draw (a turn takes two)."""
SCRAP_MARGIN = 1.0
"""How much better a new route must be before the unfinished one is scrapped."""
REACH = 6.0
"""Girls further than this (in priced segments) are out of anyone's reach for a while."""
NEEDED_CARD = 3.0
"""The value of a card the planned path lacks; other cards are worth about 1."""
HEX_VALUE_PER_CARD = 2.0
"""Auction: how much start-hex value (summed reach to the girls) one card of bid is worth."""
MAX_BID_WORTH = 3


class SpHeuristicBot(HeuristicBot[SpGame, SpState]):
    """Connects where a marker gains most for the fewest cards; see the module docstring."""

    plays = SpGame
    title = "Suitors' Paths bot"

    def pick(self, game: SpGame, state: SpState, seat: Seat, rng: random.Random,
             budget: Budget | None) -> SpAction:
        """Return the action the heuristic prefers, from what `seat` may know alone."""
        # The state is read directly, not through an observation: building one (its log
        # above all) cost more than the decision in search rollouts.
        legal = game.legal_actions(state)
        texts = [game.action_to_text(state, action) for action in legal]
        return legal[texts.index(Choice(game, state, seat).best(texts))]


class Plan(NamedTuple):
    """A way to connect to one girl: the route's path, how the hand pays it, what it gains."""

    target: Target
    fresh: bool
    """True for a new route from the suitor (after scrapping the unfinished one, if any)."""
    payments: tuple[Payment | None, ...]
    cards: int
    short: int
    """Requirements the hand cannot pay yet."""
    value: float
    routed: bool
    """The girl already has a marker, so she will not move away."""

    @property
    def affordable(self) -> bool:
        """Return True if the hand pays the whole path now."""
        return self.short == 0

    def now(self, card_weight: float) -> float:
        """Return the worth of connecting this turn: gain less the cards spent."""
        return self.value - card_weight * self.cards

    def later(self, card_weight: float) -> float:
        """Return the worth of working toward it over more turns."""
        value = self.value if self.routed or self.affordable else ROAMING * self.value
        return value - card_weight * self.cards - SHORT_WEIGHT * self.short


class Choice:
    """One decision: the bot's reading of the table and its plans.

    It reads of the state only what `seat` may know (S3): the public fields and its own hand.
    """

    def __init__(self, game: SpGame, state: SpState, seat: Seat) -> None:
        self.game = game
        self.board: Board = game.board
        self.state = state
        self.seat = seat
        self.n = game.num_players
        self.table = Table.of(game, state, seat)
        self.hand = list(self.table.hand)
        self.scores = game.scores(state)
        self.final_round = state.final_trigger != NONE
        # Cards a full hand cannot keep (P60) are worth little: spend them rather than wait.
        room = HAND_LIMIT - sum(self.hand)
        self.card_weight = CARD_WEIGHT * min(1.0, max(0.2, room / 4))
        if self.final_round:
            self.card_weight = 0.0  # no more cards come (P56): whatever connects is worth it

    def best(self, texts: list[str]) -> str:
        """Return the chosen legal text."""
        choice = self.decide(texts)
        # A choice the rules refuse would be a bug in this bot: play on legally rather than stop
        # a match (the tests check that heuristic games never get here).
        return choice if choice in texts else texts[0]

    def decide(self, texts: list[str]) -> str:
        """Return the text the bot's rules of thumb pick for this step."""
        step = self.state.step
        if step == Step.BUILD:
            choice = self.build(texts)
        elif step == Step.GIRL:
            choice = self.girl(texts)
        elif step == Step.CARDS:
            choice = self.take(texts)
        elif step == Step.DISCARD:
            choice = "discard " + self.shed(sum(self.hand) - HAND_LIMIT)
        elif step == Step.PAY:
            choice = "pay " + self.shed(self.state.bid)
        else:
            choice = self.auction(texts)
        return choice

    # -- plans -------------------------------------------------------------------------------

    def price(self, hand: Sequence[int]) -> list[float]:
        """Return per colour what one requirement costs the viewer, holding `hand`."""
        return [1.0 if count else PAIR_PRICE for count in hand]

    def plans(self, texts: Sequence[str] = ()) -> list[Plan]:
        """Return the viewer's plans: from its unfinished route's head, and new routes."""
        table = self.table
        seat = self.seat
        price = self.price(self.hand)
        suitors = table.suitor_hexes()
        route = table.unfinished[seat]
        plans: list[Plan] = []
        if route is not None:
            paths = cheapest_paths(table, [route.head], route.visited, price, suitors)
            plans += self._plans(connections(table, paths, price), fresh=False)
        start = table.suitors[seat]
        markers = table.markers[seat] + (route is not None)  # a scrap returns the head marker
        if start is not None and markers > 0 and (route is None or not texts or "scrap" in texts):
            fresh = table.without(route) if route is not None else table
            paths = cheapest_paths(fresh, self.game.route_starts(start), 0, price, suitors)
            plans += self._plans(connections(fresh, paths, price), fresh=True)
        return plans

    def _plans(self, targets: list[Target], fresh: bool) -> list[Plan]:
        needs = self.table.needs
        plans = []
        for target in targets:
            colours = [needs[segment] for segment in target.segments]
            payments = payment_plan(self.hand, colours)
            stack = self.table.girls[target.path_index]
            plans.append(Plan(
                target=target, fresh=fresh, payments=tuple(payments),
                cards=sum(p[1] if p is not None else 1 for p in payments),
                short=sum(p is None for p in payments),
                value=self.girl_value(stack), routed=bool(stack),
            ))
        return plans

    def girl_value(self, stack: tuple[int, ...]) -> float:
        """Return what topping `stack` is worth to the viewer: its gain plus the rival's loss."""
        gain, loser = marker_gain(stack, self.seat)
        if loser is None:
            return float(gain)
        scores = self.scores
        leader = max(s for seat, s in enumerate(scores) if seat != self.seat)
        # Taking the top from the leading rival matters as much as scoring; from others less.
        weight = 1.0 if self.n == 2 or scores[loser] == leader else 0.5
        return gain + weight

    def future(self) -> Plan | None:
        """Return the plan worth working toward over the next turns."""
        return max(self.plans(), key=self.later, default=None)

    def now(self, plan: Plan) -> float:
        """Return the worth of connecting by `plan` this turn."""
        return plan.now(self.card_weight)

    def later(self, plan: Plan) -> float:
        """Return the worth of working toward `plan`."""
        return plan.later(self.card_weight)

    # -- build -------------------------------------------------------------------------------

    def build(self, texts: list[str]) -> str:
        """Return the build step's choice: scrap, a segment, or end."""
        plans = self.plans(texts)
        ready = [plan for plan in plans if plan.affordable and self.may_finish(plan)
                 and self.now(plan) >= MIN_VALUE]
        if ready:
            return self.advance(max(ready, key=self.now))
        if self.final_round or not plans:
            return "end"
        best = max(plans, key=self.later)
        if best.fresh and self.table.unfinished[self.seat] is not None:
            head = [self.later(plan) for plan in plans if not plan.fresh]
            if head and self.later(best) < max(head) + SCRAP_MARGIN:
                best = max((plan for plan in plans if not plan.fresh), key=self.later)
        if best.routed and best.payments[0] is not None and self.later(best) > 0 \
                and self.may_finish(best):
            return self.advance(best)
        return "end"

    def may_finish(self, plan: Plan) -> bool:
        """Return False if the path would use up the blocks (P64) without the viewer leading."""
        if len(plan.target.segments) < self.state.supply:
            return True
        scores = list(self.scores)
        stack = self.table.girls[plan.target.path_index]
        after = (*stack, self.seat)
        for seat in set(after):
            scores[seat] += points_on(after, seat) - points_on(stack, seat)
        # The exhausting player comes last in the tie-break (P68): it must lead outright.
        return all(scores[self.seat] > s for seat, s in enumerate(scores) if seat != self.seat)

    def advance(self, plan: Plan) -> str:
        """Return the plan's next action: scrap first for a new route, else its next segment."""
        if plan.fresh and self.table.unfinished[self.seat] is not None:
            return "scrap"
        payment = plan.payments[0]
        if payment is None:
            return "end"
        points = plan.target.points
        colour, count = payment
        return f"build {self.board.segment_text(points[0], points[1])} {COLOURS[colour] * count}"

    # -- girl --------------------------------------------------------------------------------

    def girl(self, texts: list[str]) -> str:
        """Return the girl move that helps the viewer's reach most and the rivals' least."""
        reach = [self.reach(seat) for seat in range(self.n)]
        length = len(self.board.path)
        scored = []
        for position, text in enumerate(texts):
            _, name, direction = text.split(" ")
            i = self.board.path_index[self.board.hex_by_name[name]]
            j = (i + (1 if direction == "cw" else -1)) % length
            value = 0.0
            for seat, costs in enumerate(reach):
                change = _closeness(costs[j]) - _closeness(costs[i])
                value += change if seat == self.seat else -change
            scored.append((value, -position, text))
        return max(scored)[2]

    def reach(self, seat: Seat) -> dict[int, float]:
        """Return per path index the cost of `seat`'s cheapest connection there (rivals'
        hands are hidden: their segments all cost 1)."""
        table = self.table
        price = self.price(self.hand) if seat == self.seat else [1.0] * len(COLOURS)
        suitors = table.suitor_hexes()
        best = dict.fromkeys(range(len(self.board.path)), UNREACHED)
        route = table.unfinished[seat]
        starts = []
        if route is not None:
            starts.append(cheapest_paths(table, [route.head], route.visited, price, suitors))
        start = table.suitors[seat]
        if start is not None and table.connections[seat] < 6:
            fresh = table.without(route) if route is not None else table
            starts.append(cheapest_paths(fresh, self.game.route_starts(start), 0, price, suitors))
        for paths in starts:
            for i, cost in reach_costs(table, paths, price).items():
                best[i] = min(best[i], cost)
        return best

    # -- cards -------------------------------------------------------------------------------

    def lacking(self) -> list[int]:
        """Return per colour the cards the planned path lacks."""
        plan = self.future()
        if plan is None:
            return [0] * len(COLOURS)
        return shortfall(plan.payments, [self.table.needs[s] for s in plan.target.segments])

    def card_value(self, colour: int, hand: Sequence[int], lacking: Sequence[int]) -> float:
        """Return what one more card of `colour` is worth to a hand that lacks `lacking`."""
        if lacking[colour] > 0:
            return NEEDED_CARD
        value = 1.2 if colour == MULTI else 1.0
        if hand[colour] % 2 == 1:
            value += 0.8 if any(lacking) else 0.3  # it makes a pair, which pays anything
        return value

    def take(self, texts: list[str]) -> str:
        """Return the card step's take: needed display cards, a whole colour, or the deck."""
        lacking = self.lacking()
        first, first_value = self.best_single(texts, self.hand, lacking)
        if self.state.taken:
            return first
        # Two cards one at a time (P57) against a whole colour (P58): the first card, then the
        # best one after it, against each colour's cards together.
        hand, short = list(self.hand), list(lacking)
        if first != "take deck":
            colour = self.state.display[int(first.split(" ")[1]) - 1]
            hand[colour] += 1
            short[colour] = max(0, short[colour] - 1)
        rest = [text for text in texts if text != first]
        best, best_value = first, first_value + self.best_single(rest, hand, short)[1]
        for colour, letter in enumerate(COLOURS):
            if f"take all {letter}" in texts:
                value = self.all_value(colour, self.state.display.count(colour), lacking)
                if value > best_value:
                    best, best_value = f"take all {letter}", value
        return best

    def best_single(
        self, texts: Sequence[str], hand: Sequence[int], lacking: Sequence[int]
    ) -> tuple[str, float]:
        """Return the best single take among `texts` (the first slot on ties, the deck only
        when it promises more), and its value."""
        display = self.state.display
        best, best_value = "", -1.0
        for text in texts:
            words = text.split(" ")
            if words[0] == "take" and words[1].isdigit():
                value = self.card_value(display[int(words[1]) - 1], hand, lacking)
                if value > best_value:
                    best, best_value = text, value
        if "take deck" in texts:
            value = self.deck_value(hand, lacking)
            if value > best_value:
                best, best_value = "take deck", value
        return best, max(best_value, 0.0)

    def all_value(self, colour: int, count: int, lacking: Sequence[int]) -> float:
        """Return what taking `count` display cards of `colour` at once is worth."""
        hand, short = list(self.hand), list(lacking)
        value = 0.0
        for _ in range(count):
            value += self.card_value(colour, hand, short)
            hand[colour] += 1
            short[colour] = max(0, short[colour] - 1)
        room = max(0, HAND_LIMIT - sum(self.hand))
        return value * min(1.0, room / count) if count > room else value

    def deck_value(self, hand: Sequence[int], lacking: Sequence[int]) -> float:
        """Return the expected value of the deck's top card, over the cards nobody has shown."""
        deck: dict[str, int] = game_data()["deck"]
        state = self.state
        # Seen: the discard pile, the display, the own hand and the others' known cards.
        others = [known for seat, known in enumerate(state.known) if seat != self.seat]
        unseen = [deck[letter] - state.discards.count(colour) - state.display.count(colour)
                  - self.hand[colour] - sum(known[colour] for known in others)
                  for colour, letter in enumerate(COLOURS)]
        total = sum(max(0, count) for count in unseen)
        if total <= 0:
            return 0.0
        return sum(max(0, count) * self.card_value(colour, hand, lacking)
                   for colour, count in enumerate(unseen)) / total

    def shed(self, number: int) -> str:
        """Return the `number` cards the viewer needs least, in canonical order."""
        plan = self.future()
        wanted = [0] * len(COLOURS)
        if plan is not None:
            for segment in plan.target.segments:
                wanted[self.table.needs[segment]] += 1
        hand = list(self.hand)
        shed = [0] * len(COLOURS)
        for _ in range(number):
            # Shed from the colour with most to spare; keep multicolour (many sides need it).
            colour = max((c for c in range(len(COLOURS)) if hand[c]),
                         key=lambda c: (hand[c] - wanted[c], c != MULTI, hand[c], -c))
            hand[colour] -= 1
            shed[colour] += 1
        return "".join(letter * count for letter, count in zip(COLOURS, shed, strict=True))

    # -- auction -----------------------------------------------------------------------------

    def auction(self, texts: list[str]) -> str:
        """Return the opening of the best hex at 0, a raise while it is worth it, or pass."""
        state = self.state
        if state.auction_hex == NONE:
            hexes = auction_hexes(self.board, state.starts)
            best = max(hexes, key=lambda h: (self.hex_value(h), -hexes.index(h)))
            return f"open {self.board.hex_names[best]} 0"
        bid = state.bid + 1
        if bid <= self.hex_worth(state.auction_hex) and f"raise {bid}" in texts:
            return f"raise {bid}"
        return "pass"

    def hex_value(self, h: Hex) -> float:
        """Return how near a suitor on hex `h` stands to the girls (priced in the hand)."""
        table = self.table
        price = self.price(self.hand)
        paths = cheapest_paths(table, self.game.route_starts(h), 0, price,
                               table.suitor_hexes() | {h})
        costs = reach_costs(table, paths, price)
        return sum(max(0.0, REACH - costs[i]) for i in table.girls)

    def hex_worth(self, h: Hex) -> int:
        """Return how many cards winning hex `h` is worth, against the hexes left instead."""
        ring = self.board.ring2
        at = ring.index(h)
        taken = set(self.state.starts)
        others = [other for k, other in enumerate(ring)
                  if k % 2 == at % 2 and other != h and other not in taken]
        if not others:
            return 0
        spare = sum(self.hex_value(other) for other in others) / len(others)
        worth = math.floor((self.hex_value(h) - spare) / HEX_VALUE_PER_CARD + 0.5)
        return max(0, min(MAX_BID_WORTH, worth))


def _closeness(cost: float) -> float:
    return max(0.0, REACH - cost)
