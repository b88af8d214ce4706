"""The Thurn und Taxis heuristic bot: grow one route, close it when a carriage is in reach.

It reads only its seat's observation (T8) and the board, and decides at each point:

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
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core.game import Seat
from ludoteca.core.players import Budget, HeuristicBot
from ludoteca.games.thurn_und_taxis.actions import TntAction
from ludoteca.games.thurn_und_taxis.board import Board, City, bits, tnt_board
from ludoteca.games.thurn_und_taxis.rules import TntGame
from ludoteca.games.thurn_und_taxis.state import TntState


class TntHeuristicBot(HeuristicBot[TntGame, TntState]):
    """Builds routes toward carriages and unclaimed regions; see the module docstring."""

    plays = TntGame
    title = "Thurn und Taxis heuristic bot"

    def pick(self, game: TntGame, state: TntState, seat: Seat, rng: random.Random,
             budget: Budget | None) -> TntAction:
        """Return the action the heuristic prefers, read from `seat`'s observation alone."""
        view = game.observation(state, seat)
        choice = Choice(tnt_board(), view, seat)
        return game.action_from_text(state, choice.best(view["legal_actions"]))


class Choice:
    """One decision: the bot's reading of its observation and its scores for each action."""

    def __init__(self, board: Board, view: dict[str, Any], seat: Seat) -> None:
        self.board = board
        index = board.city_index
        self.route: list[City] = [index[code] for code in view["routes"][seat]]
        self.hand: list[City] = [index[code] for code in view["hand"]]
        self.houses = 0
        for code in view["houses"][seat]:
            self.houses |= 1 << index[code]
        self.carriage: int = view["carriages"][seat]
        self.supply: int = view["houses_left"][seat]
        self.stacks: dict[str, list[int]] = view["stacks"]
        self.held = {tile["stack"] for tile in view["tiles"][seat]}

    def best(self, texts: list[str]) -> str:
        """Return the legal text with the highest score (the first one on ties)."""
        closes = [text for text in texts if text.startswith(("C=", "C*"))]
        if closes and (len(closes) == len(texts) or self.should_close(texts)):
            if "CW" in texts and self.cartwright_helps():
                return "CW"
            return max(closes, key=self.close_value)
        scored = [(self.score(text), -position, text) for position, text in enumerate(texts)]
        return max(scored)[2]

    # -- what each kind of action is worth ------------------------------------------------------

    def score(self, text: str) -> float:
        """Return the value of one non-closing action."""
        if text.startswith("T") and text != "TD":
            return self.take_value(self.board.city_index[text.split(":")[1]])
        if text == "TD":
            return 0.5
        if text == "AD":
            return 0.4
        if text == "PM":
            return 5.0 if not self.extenders() else -1.0
        if text == "PC":
            return 10.0
        if text == "CW":
            return -5.0
        if text == ".":
            return 0.0
        if text.startswith("X["):
            return self.drop_value(text)
        if text.startswith(("C=", "C*")):
            return -100.0  # closes are chosen by `best`
        return self.play_value(text)

    def ends(self) -> list[City]:
        """Return the route's end cities (one for a one-card route)."""
        if not self.route:
            return []
        return [self.route[0], self.route[-1]] if len(self.route) > 1 else [self.route[0]]

    def fits(self, city: City) -> bool:
        """Return True if a card of `city` extends the route now."""
        if city in self.route:
            return False
        return any(self.board.joined(city, end) for end in self.ends())

    def extenders(self) -> list[City]:
        """Return the hand's cards that extend the route."""
        return [city for city in self.hand if self.route and self.fits(city)]

    def take_value(self, city: City) -> float:
        """Return how good taking a card of `city` is."""
        value = 0.0
        if self.route and self.fits(city):
            value += 4.0
        elif not self.route and any(self.board.joined(city, other) for other in self.hand):
            value += 2.0
        if any(self.board.joined(city, other) for other in self.hand):
            value += 1.0
        if not self.houses >> city & 1:
            value += 1.0
        return value + self.board.neighbours[city].bit_count() / 10

    def play_value(self, text: str) -> float:
        """Return how good a play (`*c`, `+c`, `c+`, `/c`) is."""
        restart = text[0] in "*/"
        code = text.strip("*/+")
        city = self.board.city_index[code]
        links = sum(self.board.joined(city, other) for other in self.hand if other != city)
        fresh = 0.0 if self.houses >> city & 1 else 2.0
        if restart:
            return (-20.0 if text[0] == "/" else 0.0) + links + fresh / 2
        free_roads = (self.board.neighbours[city] & ~self._route_mask()).bit_count()
        return 10.0 + fresh + links + free_roads / 10

    def _route_mask(self) -> int:
        mask = 0
        for city in self.route:
            mask |= 1 << city
        return mask

    def drop_value(self, text: str) -> float:
        """Return how well the cards kept by a hand-limit discard link to each other."""
        kept = list(self.hand)
        for code in text[2:-1].split(","):
            kept.remove(self.board.city_index[code])
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

    def should_close(self, texts: list[str]) -> bool:
        """Return True if closing now beats keeping the route open."""
        length = len(self.route)
        wanted = self.next_carriage()
        if wanted and length >= wanted:
            return True
        if "CW" in texts and self.cartwright_helps():
            return True
        if "CW" not in texts and "PC" not in texts and wanted and \
                wanted - self.board.cartwright_reduction <= length < wanted:
            return False  # wait a turn: the Cartwright will be free then
        if "PC" in texts:
            return False
        if not self.extenders():
            return True  # the next turn would probably have to discard it
        return length >= 7 or self.supply <= length

    def close_value(self, text: str) -> float:
        """Return houses placed plus the values of the tiles those houses complete."""
        codes = text[text.index("[") + 1:-1]
        placed = [self.board.city_index[code] for code in codes.split(",") if code]
        houses = self.houses
        for city in placed:
            houses |= 1 << city
        value = 2.0 * len(placed)
        for stack in self.board.stacks:
            if stack.id in self.held or not self.stacks.get(stack.id):
                continue
            top = self.stacks[stack.id][0]
            if stack.kind == "region":
                complete = houses & stack.cities == stack.cities
            else:
                complete = stack.kind == "outside_baiern" and all(
                    houses & self.board.region_cities[region] for region in stack.regions
                )
            if complete:
                value += top
            elif stack.kind == "region":
                value += len(bits(houses & stack.cities)) / max(len(bits(stack.cities)), 1)
        return value
