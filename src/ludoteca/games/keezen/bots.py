"""The Keezen heuristic bot: every legal action scored a short look ahead for the bot's team.

The bot uses only what its seat may know (K12): the public position and log, and its own
hand. It never reads another seat's hand or the pack; hand sizes follow from the deal schedule.

A position is worth, in squares of progress, the team's pawn values minus the opponents'
(per team):

    pawn in the start area          0
    pawn on the track or home lane  ENTRY + its progress, reshaped by the expected number of
                                    turns it still needs to land exactly on its home slot
                                    (K24), + HOME + HOME_DEPTH·k in home slot k

so a capture costs the victim its whole value, entering gains ENTRY, squares from which few
cards fit (4 or 11 short of the free slot) are worth less than their progress, and squares
from which a 4 backwards lands near home are worth more. A team pawn on the track loses
RISK × value × its rough chance of capture before the team moves again: an opponent pawn 1–12
squares behind it (one card, or part of a 7), 4 squares ahead of it (a 4 backwards), or an
opponent about to enter onto it. The chance that an opponent holds a rank is counted from the
cards not yet seen this cycle. A pawn on its own start square is protected, and early on,
while its colour still has pawns to bring in, worth a little extra.

An action's score blends the position right after it with the best position the next card of
the remaining hand reaches from there (other seats' moves ignored): that sees a 10 followed by
a 3 into the home lane, and charges a move that leaves the rest of the hand unplayable (K18).
A move that completes the team wins outright. Card economy is a light tie-breaker: an Ace,
King, 4, 7 or Jack is kept when another card is about as good. Ties go to `rng`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ludoteca.core.game import Seat
from ludoteca.core.players import Budget, HeuristicBot
from ludoteca.games.keezen.actions import KeezenAction
from ludoteca.games.keezen.board import HOME_SLOTS, Board, Colour, Loc
from ludoteca.games.keezen.cards import (
    ACE,
    CARDS_PER_DEAL,
    FORWARD_STEPS,
    FOUR,
    JACK,
    KING,
    RANKS,
    SEVEN,
    Rank,
)
from ludoteca.games.keezen.rules import DEALS_PER_CYCLE, KeezenGame
from ludoteca.games.keezen.state import DiscardEvent, KeezenState, PlayEvent

Pawns = tuple[tuple[Loc, ...], ...]
ColourValue = tuple[float, tuple[tuple[Loc, float], ...]]
"""One colour's summed pawn value, and (square, value) of its pawns open to capture."""
Squares = tuple[Colour, ...]

WIN_SCORE = 1e9
TIE_MARGIN = 1e-6
MAX_REACH = 12
"""The longest single move (a Queen): an opponent further behind cannot capture at once."""
BACKWARD_INDEX, ENTER_INDEX = 0, MAX_REACH + 1
"""Slots of a capture chance table besides distances 1–12: a 4 backwards, and entering."""
COLOUR_CACHE_SIZE = 100_000


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's knobs, in squares of progress (section 3.4)."""

    entry: float = 20.0
    """Value of a pawn on the track at progress 0 over one in the start area."""
    home: float = 5.0
    """Extra value of a pawn in its home lane (it is safe there for good)."""
    home_depth: float = 6.0
    """Extra value per slot deeper in the home lane (a shallow pawn blocks the others, K29)."""
    exactness: float = 1.0
    """Weight of the expected turns to land exactly on the home slot (1) against progress (0)."""
    card_chance: float = 0.2
    """Chance that a given rank is at hand on a turn, in the expected-turns model."""
    risk: float = 0.6
    """Share of a team pawn's value lost per expected capturing card the opponents hold."""
    protected: float = 3.0
    """Bonus for a pawn on its own start square while its colour still has pawns to enter."""
    follow_up: float = 0.5
    """Weight of the best next card of the remaining hand, against the action alone."""
    follow_up_width: int = 3
    """How many of the best positions per card get the follow-up look."""
    discard: float = 6.0
    """Cost per card of a remaining hand that has no legal action left (K18)."""
    keep: tuple[tuple[Rank, float], ...] = (
        (ACE, 1.0), (KING, 0.8), (FOUR, 1.2), (SEVEN, 1.5), (JACK, 0.6),
    )
    """Small value of still holding a card of these ranks: other cards are played first."""


DEFAULT_WEIGHTS = Weights()


class KeezenHeuristicBot(HeuristicBot[KeezenGame, KeezenState]):
    """Plays the legal action whose look-ahead score is best for the bot's team."""

    plays = KeezenGame
    title = "Keezen heuristic bot"

    def __init__(self) -> None:
        self.weights = DEFAULT_WEIGHTS
        self._tables: dict[tuple[int, int, Weights], ValueTables] = {}

    def pick(self, game: KeezenGame, state: KeezenState, seat: Seat, rng: random.Random,
             budget: Budget | None) -> KeezenAction:
        """Return the best-scoring legal action for `seat`, ties broken with `rng`."""
        legal = game.legal_actions(state)
        unseen, opponent_cards = _card_knowledge(game, state, seat)
        board = game.board
        key = (board.num_players, board.track_length, self.weights)
        tables = self._tables.get(key)
        if tables is None:
            tables = self._tables[key] = ValueTables(board, self.weights)
        chances = _capture_chances(unseen, opponent_cards)
        look = _Lookahead(game, tables, self.weights, seat, chances)
        keep = dict(self.weights.keep)
        scores = look.scores(state.squares, state.pawns, legal, state.hands[seat])
        best_score = -2 * WIN_SCORE
        best: list[KeezenAction] = []
        for action, score in zip(legal, scores, strict=True):
            score -= keep.get(action.card, 0.0)
            if score > best_score + TIE_MARGIN:
                best_score = score
                best = [action]
            elif score >= best_score - TIE_MARGIN:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class ValueTables:
    """Lookup tables of one board under one set of weights."""

    def __init__(self, board: Board, weights: Weights) -> None:
        n, length = board.num_players, board.track_length
        self.length = length
        self.home_base = board.home_base
        self.start_base = board.start_base
        self.starts = tuple(board.start_square(c) for c in range(n))
        self.team_of = tuple(board.team(seat) for seat in range(n))
        # value[c][t][loc]: a pawn of colour c on loc whose deepest reachable home slot is t.
        curves = tuple(_route_value(length, slot, weights) for slot in range(HOME_SLOTS))
        self.value = tuple(
            tuple(_values_by_location(board, c, curve) for curve in curves) for c in range(n)
        )
        self.protected = weights.protected
        self.colour_values: dict[tuple[Colour, tuple[Loc, ...]], ColourValue] = {}
        # progress[c][t]: progress of track square t on colour c's route.
        self.progress = tuple(
            tuple((t - self.starts[c]) % length for t in range(length)) for c in range(n)
        )

    def colour_value(self, colour: Colour, locs: tuple[Loc, ...]) -> ColourValue:
        """Return the summed value of one colour's pawns and its unprotected track pawns.

        `locs` is sorted as in the state: track squares, home slots, start area. Home pawns
        aim at the slot before the next pawn deeper in the lane, the others at the deepest
        slot left once the lane is packed.
        """
        key = (colour, locs)
        known = self.colour_values.get(key)
        if known is not None:
            return known
        length, start_base = self.length, self.start_base
        values = self.value[colour]
        total = 0.0
        target = HOME_SLOTS - 1
        for loc in reversed(locs):
            if loc < start_base:
                if loc < length:
                    break
                total += values[target][loc]
                target = loc - self.home_base - HOME_SLOTS * colour - 1
        home = sum(1 for loc in locs if length <= loc < start_base)
        outside = values[max(0, HOME_SLOTS - 1 - home)]
        start = self.starts[colour]
        exposed = []
        for loc in locs:
            if loc >= length:
                break
            total += outside[loc]
            if loc != start:
                exposed.append((loc, outside[loc]))
            elif locs[-1] >= start_base:
                total += self.protected
        if len(self.colour_values) >= COLOUR_CACHE_SIZE:
            self.colour_values.clear()
        known = self.colour_values[key] = (total, tuple(exposed))
        return known


def _values_by_location(
    board: Board, colour: Colour, curve: tuple[float, ...]
) -> tuple[float, ...]:
    """Return `curve` (a value by progress) indexed by location instead, 0 off the route."""
    values = [0.0] * board.num_locations
    for loc in range(board.start_base):
        if board.is_track(loc) or board.home_owner(loc) == colour:
            progress = board.progress(colour, loc)
            if progress < len(curve):
                values[loc] = curve[progress]
    return tuple(values)


@lru_cache(maxsize=64)
def _route_value(length: int, target_slot: int, weights: Weights) -> tuple[float, ...]:
    """Return the value of a pawn by progress when home slot `target_slot` is its goal."""
    target = length + target_slot
    turns = _turns_to_goal(length, target, weights.card_chance)
    pace = target / turns[0]  # squares per turn far from the goal, to express turns in squares
    values = []
    for progress in range(target + 1):
        value = weights.entry + (1.0 - weights.exactness) * progress
        value += weights.exactness * pace * (turns[0] - turns[progress])
        if progress >= length:
            value += weights.home + weights.home_depth * (progress - length)
        values.append(value)
    return tuple(values)


def _turns_to_goal(length: int, target: int, chance: float) -> list[float]:
    """Return per progress the expected turns for a lone pawn to land exactly on `target`.

    Each turn each rank is at hand with probability `chance`; the pawn takes the available
    move that leaves it the fewest expected turns, or waits (the card serves another pawn).
    Solved by value iteration (Gauss–Seidel, nearest the goal first).
    """
    steps = sorted(set(FORWARD_STEPS.values()) | {SEVEN})
    landings = []
    for progress in range(target):
        squares = [progress + step for step in steps if progress + step <= target]
        if progress < length:  # a 4 backwards; from progress 0–3 it lands near home (K42)
            squares.append(progress - 4 if progress >= 4 else length - 4 + progress)
        landings.append(squares)
    turns = [0.0] * (target + 1)
    for _ in range(1000):
        change = 0.0
        for progress in range(target - 1, -1, -1):
            current = turns[progress]
            expected, missing = 0.0, 1.0
            for option in sorted(turns[square] for square in landings[progress]):
                expected += missing * chance * min(option, current)
                missing *= 1.0 - chance
            # t = 1 + expected + missing·t, solved for t.
            new = (1.0 + expected) / (1.0 - missing)
            change = max(change, abs(new - current))
            turns[progress] = new
        if change < 1e-7:
            break
    return turns


class _Lookahead:
    """The scoring of one decision, with its caches of positions already valued."""

    def __init__(
        self,
        game: KeezenGame,
        tables: ValueTables,
        weights: Weights,
        seat: Seat,
        chances: tuple[float, ...],
    ) -> None:
        self.moves = game.moves
        self.tables = tables
        self.weights = weights
        self.seat = seat
        self.team = self.tables.team_of[seat]
        self.opponents = tuple(c for c in range(game.num_players) if c not in self.team)
        self.opponent_share = len(self.team) / len(self.opponents)
        self.chances = chances
        self.values: dict[Pawns, float] = {}

    def scores(
        self,
        squares: Squares,
        pawns: Pawns,
        legal: tuple[KeezenAction, ...],
        hand: tuple[Rank, ...],
    ) -> list[float]:
        """Return the score of each legal action played from `hand` in this position.

        Every action is valued by the position it leads to; only the best few positions per
        card are looked at further (a 7 can be split dozens of ways), the others score
        -WIN_SCORE.
        """
        carry_out = self.moves.carry_out
        after: list[tuple[Squares, Pawns]] = []
        best_by_card: dict[Rank, dict[Pawns, float]] = {}
        for action in legal:
            next_squares, next_pawns, _moved, _captured = carry_out(squares, pawns, action)
            after.append((next_squares, next_pawns))
            best_by_card.setdefault(action.card, {})[next_pawns] = self.value(
                next_squares, next_pawns
            )
        width = self.weights.follow_up_width
        chosen = {
            (position, card)
            for card, values in best_by_card.items()
            for position in sorted(values, key=values.__getitem__, reverse=True)[:width]
        }
        blend = self.weights.follow_up
        known: dict[tuple[Pawns, Rank], float] = {}
        scores = []
        for action, (next_squares, next_pawns) in zip(legal, after, strict=True):
            key = (next_pawns, action.card)
            if key not in chosen:
                scores.append(-WIN_SCORE)
                continue
            score = known.get(key)
            if score is None:
                now = self.value(next_squares, next_pawns)
                if now < WIN_SCORE:
                    rest = list(hand)
                    rest.remove(action.card)
                    later = self.follow_up(next_squares, next_pawns, tuple(rest), now)
                    now = (1.0 - blend) * now + blend * later
                score = known[key] = now
            scores.append(score)
        return scores

    def follow_up(
        self, squares: Squares, pawns: Pawns, rest: tuple[Rank, ...], now: float
    ) -> float:
        """Return the value after the best next card of `rest`, or after losing them all."""
        if not rest:
            return now
        options = self.moves.legal_actions(squares, pawns, self.seat, rest)
        if not options:
            return now - self.weights.discard * len(rest)
        carry_out = self.moves.carry_out
        best = -WIN_SCORE
        for action in options:
            after_squares, after_pawns, _moved, _captured = carry_out(squares, pawns, action)
            value = self.value(after_squares, after_pawns)
            if value > best:
                best = value
        return best

    def value(self, squares: Squares, pawns: Pawns) -> float:
        """Return the worth of a position for the bot's team (WIN_SCORE once it has won)."""
        value = self.values.get(pawns)
        if value is None:
            is_finished = self.moves.is_finished
            if all(is_finished(pawns, colour) for colour in self.team):
                value = WIN_SCORE
            else:
                value = self.evaluate(pawns)
            self.values[pawns] = value
        return value

    def evaluate(self, pawns: Pawns) -> float:
        """Return the team's pawn values, less their risks, minus the opponents' per team.

        The hot path of the bot: written out with locals rather than split into helpers.
        """
        tables = self.tables
        cache, length, start_base = tables.colour_values, tables.length, tables.start_base
        progress, chances = tables.progress, self.chances
        score = 0.0
        hunters: list[tuple[Loc, Colour]] = []
        entry_squares: list[Loc] = []
        for colour in self.opponents:
            locs = pawns[colour]
            known = cache.get((colour, locs)) or tables.colour_value(colour, locs)
            score -= self.opponent_share * known[0]
            for loc in locs:
                if loc >= length:
                    break
                hunters.append((loc, colour))
            if locs[-1] >= start_base:
                entry_squares.append(tables.starts[colour])
        risk, backward = self.weights.risk, length - 4
        for colour in self.team:
            locs = pawns[colour]
            known = cache.get((colour, locs)) or tables.colour_value(colour, locs)
            score += known[0]
            for loc, value in known[1]:
                # The rough chance (at most 1) that an opponent captures this pawn next.
                danger = chances[ENTER_INDEX] if loc in entry_squares else 0.0
                for square, hunter in hunters:
                    distance = (loc - square) % length
                    if distance <= MAX_REACH:
                        # The hunter must reach `loc` before its route turns into its home lane.
                        if distance and progress[hunter][loc] >= distance:
                            danger += chances[distance]
                    elif distance == backward:
                        danger += chances[BACKWARD_INDEX]
                if danger:
                    score -= risk * (danger if danger < 1.0 else 1.0) * value
        return score


def _card_knowledge(
    game: KeezenGame, state: KeezenState, seat: Seat
) -> tuple[dict[Rank, int], int]:
    """Return how many cards of each rank the opponents may hold, and how many they hold.

    Both come from public facts only (K12): the own hand, the cards played or handed in since
    the last shuffle, and the deal schedule (K8), which fixes every hand's size. Opponents
    with no cards left are counted with the hands of the next deal.
    """
    n = game.num_players
    place = (state.deal - 1) % DEALS_PER_CYCLE
    team = game.board.team(seat)
    opponents = [other for other in range(n) if other not in team]
    unseen = dict.fromkeys(RANKS, n)
    for card in state.hands[seat]:
        unseen[card] -= 1
    cycle_log = state.log[max(0, len(state.log) - place - 1) :]
    in_hand = dict.fromkeys(opponents, CARDS_PER_DEAL[place])
    for deal_events in cycle_log:
        for event in deal_events:
            if isinstance(event, PlayEvent):
                unseen[event.action.card] -= 1
            elif isinstance(event, DiscardEvent):
                for card in event.cards:
                    unseen[card] -= 1
    for event in cycle_log[-1] if cycle_log else ():
        if isinstance(event, PlayEvent) and event.seat in in_hand:
            in_hand[event.seat] -= 1
        elif isinstance(event, DiscardEvent) and event.seat in in_hand:
            in_hand[event.seat] = 0
    held = sum(in_hand.values())
    if held:
        return unseen, held
    next_place = (place + 1) % DEALS_PER_CYCLE
    if next_place == 0:  # a new cycle: every card is shuffled in again (K9)
        unseen = dict.fromkeys(RANKS, n)
    return unseen, CARDS_PER_DEAL[next_place] * len(opponents)


def _capture_chances(unseen: dict[Rank, int], cards: int) -> tuple[float, ...]:
    """Return the chance that the opponents' `cards` hold a capturing card, by capture kind.

    The cards are a random draw from the `unseen` ones (hypergeometric). Index d = 1–12: a
    forward move of d squares (that card, or part of a 7 for d < 7; no card moves 11);
    BACKWARD_INDEX: a 4; ENTER_INDEX: an Ace or King entering onto the pawn.
    """
    total = sum(unseen.values())
    cards = min(cards, total)

    def held(count: int) -> float:
        missing = 1.0
        for i in range(cards):
            missing *= (total - count - i) / (total - i)
            if missing <= 0.0:
                return 1.0
        return 1.0 - missing

    chances = [0.0] * (ENTER_INDEX + 1)
    chances[BACKWARD_INDEX] = held(unseen[FOUR])
    for rank, steps in FORWARD_STEPS.items():
        chances[steps] = held(unseen[rank] + (unseen[SEVEN] if steps < 7 else 0))
    chances[7] = held(unseen[SEVEN])
    chances[4] = held(unseen[SEVEN])
    chances[ENTER_INDEX] = held(unseen[ACE] + unseen[KING])
    return tuple(chances)
