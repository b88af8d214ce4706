"""The Thurn und Taxis heuristic bot: grow one route, close it when a carriage is in reach.

It reads only what its seat may see (T8): its own hand and the public table (routes, houses,
carriages, supplies, tiles and stacks), straight from the state, never the others' blind cards
or the deck. It decides at each point:

- take: the displayed card that extends the route at an end (a city without its house first),
  else one joined by road to a card in hand, else the Administrator;
- Postmaster: when the hand holds no card that extends the route (it needs more cards);
- play: the extension onto a city without its house, preferring the end with more roads left;
  a forced restart starts from the card with most road links to the rest of the hand;
- Postal Carrier: whenever a card of the hand extends the route;
- close: when the next carriage is reached (with the Cartwright if that is what reaches it), or
  when no card of the hand extends the route any more; the houses are the close that places
  most houses and completes the most valuable tiles;
- hand limit: the three cards best linked to each other by roads.

Ties go to the first action in the engine's stable order: the bot never draws from `rng`.
The bot plays every rollout move of the search bot, so it scores the actions themselves,
without building an observation or the actions' texts.
"""

from __future__ import annotations

import random
from itertools import compress

from ludoteca.core.game import Seat
from ludoteca.core.players import Budget, HeuristicBot
from ludoteca.games.thurn_und_taxis.actions import CARRIER, CARTWRIGHT, TntAction, Verb
from ludoteca.games.thurn_und_taxis.board import Board, Cards, City, tnt_board
from ludoteca.games.thurn_und_taxis.moves import BIT, route_mask
from ludoteca.games.thurn_und_taxis.rules import TntGame
from ludoteca.games.thurn_und_taxis.state import TntState

FIXED_SCORES = {Verb.BLIND: 0.5, Verb.ADMINISTRATOR: 0.4, Verb.CARRIER: 10.0,
                Verb.CARTWRIGHT: -5.0, Verb.END: 0.0}
"""The value of the actions that name no card (the Postmaster's depends on the hand)."""


class TntHeuristicBot(HeuristicBot[TntGame, TntState]):
    """Builds routes toward carriages and unclaimed regions; see the module docstring."""

    plays = TntGame
    title = "Thurn und Taxis heuristic bot"

    def pick(self, game: TntGame, state: TntState, seat: Seat, rng: random.Random,
             budget: Budget | None) -> TntAction:
        """Return the action the heuristic prefers, from what `seat` may see alone."""
        return Choice(tnt_board(), state, seat).best(game.legal_actions(state))


class Choice:
    """One decision: what the bot's seat knows of the table and its scores for each action."""

    def __init__(self, board: Board, state: TntState, seat: Seat) -> None:
        self.board = board
        self.route: tuple[City, ...] = state.routes[seat]
        self.hand: Cards = state.hands[seat]
        self.in_hand = sum(compress(BIT, self.hand))
        """The cities of the hand's cards, as a mask."""
        self.houses: int = state.houses[seat]
        self.carriage: int = state.carriages[seat]
        self.supply: int = state.supply[seat]
        self.taken = state.taken
        self.held = {stack for stack, _ in state.tiles[seat]}
        self.on_route = route_mask(self.route)
        ends = board.neighbours[self.route[0]] | board.neighbours[self.route[-1]] \
            if self.route else 0
        self.reach = ends & ~self.on_route
        """The cities whose card extends the route now, as a mask."""

    def best(self, legal: tuple[TntAction, ...]) -> TntAction:
        """Return the legal action with the highest score (the first one on ties)."""
        closes = [action for action in legal if action.verb == Verb.CLOSE]
        if closes and (len(closes) == len(legal) or self.should_close(legal)):
            if CARTWRIGHT in legal and self.cartwright_helps():
                return CARTWRIGHT
            return max(closes, key=self.close_value)
        scored = [(self.score(action), -position) for position, action in enumerate(legal)]
        return legal[-max(scored)[1]]

    # -- what each kind of action is worth ------------------------------------------------------

    def score(self, action: TntAction) -> float:
        """Return the value of one non-closing action."""
        verb = action.verb
        fixed = FIXED_SCORES.get(verb)
        if fixed is not None:
            return fixed
        if verb == Verb.TAKE:
            return self.take_value(action.city)
        if verb == Verb.POSTMASTER:
            return -1.0 if self.extends() else 5.0
        if verb == Verb.DROP:
            return self.drop_value(action.kept)
        if verb == Verb.CLOSE:
            return -100.0  # closes are chosen by `best`
        return self.play_value(action)

    def fits(self, city: City) -> bool:
        """Return True if a card of `city` extends the route now."""
        return bool(self.reach >> city & 1)

    def extends(self) -> bool:
        """Return True if a card of the hand extends the route."""
        return bool(self.reach & self.in_hand)

    def take_value(self, city: City) -> float:
        """Return how good taking a card of `city` is."""
        value = 0.0
        linked = self.board.neighbours[city] & self.in_hand  # cards in hand a road away
        if self.route and self.fits(city):
            value += 4.0
        elif not self.route and linked:
            value += 2.0
        if linked:
            value += 1.0
        if not self.houses >> city & 1:
            value += 1.0
        return value + self.board.neighbours[city].bit_count() / 10

    def play_value(self, action: TntAction) -> float:
        """Return how good a play (`*c`, `+c`, `c+`, `/c`) is."""
        city = action.city
        links = sum(map(self.hand.__getitem__, self.board.adjacent[city]))  # cards, not cities
        fresh = 0.0 if self.houses >> city & 1 else 2.0
        if action.verb in (Verb.START, Verb.RESTART):
            return (-20.0 if action.verb == Verb.RESTART else 0.0) + links + fresh / 2
        free_roads = (self.board.neighbours[city] & ~self.on_route).bit_count()
        return 10.0 + fresh + links + free_roads / 10

    def drop_value(self, kept: tuple[City, ...]) -> float:
        """Return how well the cards kept by a hand-limit discard link to each other."""
        pairs = sum(self.board.joined(a, b) for i, a in enumerate(kept) for b in kept[i + 1:])
        fresh = sum(not self.houses >> city & 1 for city in kept)
        return 3.0 * pairs + fresh + sum(self.board.neighbours[c].bit_count() for c in kept) / 10

    # -- closing --------------------------------------------------------------------------------

    def next_carriage(self) -> int:
        """Return the length of the next carriage, 0 after the last."""
        if self.carriage >= self.board.last_carriage:
            return 0
        return self.board.first_carriage if not self.carriage else self.carriage + 1

    def cartwright_helps(self) -> bool:
        """Return True if the Cartwright turns this close into a carriage."""
        wanted = self.next_carriage()
        return bool(wanted) and wanted - self.board.cartwright_reduction <= len(self.route) < wanted

    def should_close(self, legal: tuple[TntAction, ...]) -> bool:
        """Return True if closing now beats keeping the route open."""
        length = len(self.route)
        wanted = self.next_carriage()
        if wanted and length >= wanted:
            return True
        cartwright, carrier = CARTWRIGHT in legal, CARRIER in legal
        if cartwright and self.cartwright_helps():
            return True
        if not cartwright and not carrier and wanted and \
                wanted - self.board.cartwright_reduction <= length < wanted:
            return False  # wait a turn: the Cartwright will be free then
        if carrier:
            return False
        if not self.extends():
            return True  # the next turn would probably have to discard it
        return length >= 7 or self.supply <= length

    def close_value(self, action: TntAction) -> float:
        """Return houses placed plus the values of the tiles those houses complete."""
        board = self.board
        houses = self.houses | action.houses
        value = 2.0 * action.houses.bit_count()
        for index, stack in enumerate(board.stacks):
            if index in self.held or self.taken[index] >= len(stack.values):
                continue
            if stack.kind == "region":
                complete = houses & stack.cities == stack.cities
            else:
                complete = stack.kind == "outside_baiern" and all(
                    houses & board.region_cities[region] for region in stack.regions
                )
            if complete:
                value += stack.values[self.taken[index]]
            elif stack.kind == "region":
                value += (houses & stack.cities).bit_count() / max(stack.cities.bit_count(), 1)
        return value
