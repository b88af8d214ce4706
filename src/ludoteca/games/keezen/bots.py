"""The Keezen heuristic bot: every legal action scored one ply ahead for the bot's team.

The bot uses only what its seat may know (K12): the public position and log, and its own
hand. It never reads another seat's hand or the pack; hand sizes come from the deal schedule.

A position is worth, in squares of progress, the team's pawn values minus the opponents'
(scaled per team):

    pawn in the start area          0
    pawn on the track or home lane  ENTRY + a blend of its progress d and of the expected
                                    number of turns it still needs to land exactly on its
                                    home slot (K24), plus HOME + HOME_DEPTH·k in slot k

so a capture costs the victim its whole value, a pawn entering gains ENTRY, and squares from
which few cards fit (1–3, 4 or 11 short of the free slot) are worth less than their progress.
A team pawn on the track loses RISK × value × its rough chance of capture before the team
moves again: an opponent pawn 1–12 squares behind it (one card, or part of a 7), 4 squares
ahead of it (a 4 backwards), or an opponent about to enter onto it. The chance that a rank is
held is estimated from the cards not yet seen this cycle. A pawn on its own start square is
protected, and worth a little extra while its colour still has pawns to bring in.

An action's score blends the position right after it with the best position the next card
of the remaining hand could reach (the other seats' moves ignored): that sees a 10 followed
by a 3 into the home lane, and charges a move that leaves the rest of the hand unplayable
(K18). A move that completes the team wins outright. Card economy is a light tie-breaker:
an Ace, King, 4, 7 or Jack is kept when another card is about as good.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ludoteca.core.game import Game, Seat
from ludoteca.games.keezen.actions import KeezenAction
from ludoteca.games.keezen.board import EMPTY, HOME_SLOTS, Board, Colour, Loc
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
Squares = tuple[Colour, ...]

WIN_SCORE = 1e9
TIE_MARGIN = 1e-6
MAX_REACH = 12
"""The longest single move (a Queen): an opponent further behind cannot capture at once."""
BACKWARD_INDEX, ENTER_INDEX = 0, MAX_REACH + 1
"""Slots of a capture chance table besides distances 1–12: a 4 backwards, and entering."""
TYPICAL_HAND = 4


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's knobs, in squares of progress (section 3.4)."""

    entry: float = 20.0
    """Value of a pawn on the track at progress 0 over one in the start area."""
    home: float = 14.0
    """Extra value of a pawn in its home lane (it is safe there for good)."""
    home_depth: float = 6.0
    """Extra value per slot deeper in the home lane (a shallow pawn blocks the others, K29)."""
    exactness: float = 1.0
    """Weight of the expected turns to land exactly on the home slot, against plain progress."""
    card_chance: float = 0.3
    """Chance that a given rank is at hand on a turn, in the expected-turns model."""
    risk: float = 0.6
    """Share of a team pawn's value lost per expected capturing card the opponents hold."""
    protected: float = 3.0
    """Bonus for a pawn on its own start square while its colour still has pawns to enter."""
    follow_up: float = 0.5
    """Weight of the best next card of the remaining hand, against the action alone."""
    mode: int = 0
    blockade: float = 0.0
    depth: int = 1
    discard: float = 3.0
    """Cost per card of a remaining hand that has no legal action left (K18)."""
    keep: tuple[tuple[Rank, float], ...] = (
        (ACE, 1.0), (KING, 0.8), (FOUR, 1.2), (SEVEN, 1.5), (JACK, 0.6),
    )
    """Small value of still holding a card of these ranks: other cards are played first."""


DEFAULT_WEIGHTS = Weights()


class KeezenHeuristicBot:
    """Plays the legal action whose look-ahead score is best for the bot's team."""

    name = "heuristic"

    def __init__(self) -> None:
        self.weights = DEFAULT_WEIGHTS
        self._tables: dict[tuple[int, int, Weights], _Tables] = {}

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        rng: random.Random,
        budget: object | None = None,
    ) -> KeezenAction:
        """Return the best-scoring legal action for `seat`, ties broken with `rng`."""
        if not isinstance(game, KeezenGame) or not isinstance(state, KeezenState):
            raise TypeError("the Keezen heuristic bot plays Keezen only")
        if state.current != seat:
            raise ValueError(f"seat {seat} is not to move (to move: {state.current})")
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        odds, opponent_cards = _card_knowledge(game, state, seat)
        board = game.board
        key = (board.num_players, board.track_length, self.weights)
        tables = self._tables.get(key)
        if tables is None:
            tables = self._tables[key] = _Tables(board, self.weights)
        look = _Lookahead(game, tables, self.weights, seat, _capture_chances(odds, opponent_cards))
        keep = dict(self.weights.keep)
        hand = state.hands[seat]
        best_score = -2 * WIN_SCORE
        best: list[KeezenAction] = []
        for action in legal:
            score = look.score(state.squares, state.pawns, action, hand)
            score -= keep.get(action.card, 0.0)
            if score > best_score + TIE_MARGIN:
                best_score = score
                best = [action]
            elif score >= best_score - TIE_MARGIN:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class _Tables:
    """Lookup tables of one board under one set of weights."""

    def __init__(self, board: Board, weights: Weights) -> None:
        n, length = board.num_players, board.track_length
        self.length = length
        self.home_base = board.home_base
        self.start_base = board.start_base
        self.starts = tuple(board.start_square(c) for c in range(n))
        self.teams = tuple(board.team(seat) for seat in range(n))
        # value[c][t][loc]: a pawn of colour c on loc whose deepest reachable home slot is t.
        curves = tuple(_route_value(length, slot, weights) for slot in range(HOME_SLOTS))
        self.value = tuple(
            tuple(_values_by_location(board, c, curve) for curve in curves) for c in range(n)
        )
        # progress[c][t]: progress of track square t on colour c's route.
        self.progress = tuple(
            tuple((t - self.starts[c]) % length for t in range(length)) for c in range(n)
        )


def _values_by_location(board: Board, colour: Colour, curve: tuple[float, ...]) -> tuple[float, ...]:
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
    steps = sorted(set(FORWARD_STEPS.values()) | {7})
    turns = [0.0] * (target + 1)
    for _ in range(1000):
        change = 0.0
        for progress in range(target - 1, -1, -1):
            options = [turns[progress + step] for step in steps if progress + step <= target]
            if progress < length:  # a 4 backwards; from progress 0–3 it lands near home (K42)
                options.append(turns[progress - 4 if progress >= 4 else length - 4 + progress])
            options.sort()
            current = turns[progress]
            expected, missing = 0.0, 1.0
            for option in options:
                expected += missing * chance * min(option, current)
                missing *= 1.0 - chance
            # t = 1 + expected + missing·t, solved for t.
            new = (1.0 + expected) / (1.0 - missing) if options else current
            change = max(change, abs(new - current))
            turns[progress] = new
        if change < 1e-9:
            break
    return turns


class _Lookahead:
    """The scoring of one decision, with its caches of positions already valued."""

    def __init__(
        self,
        game: KeezenGame,
        tables: _Tables,
        weights: Weights,
        seat: Seat,
        chances: tuple[float, ...],
    ) -> None:
        self.moves = game.moves
        self.tables = tables
        self.weights = weights
        self.seat = seat
        self.team = self.tables.teams[seat]
        self.opponents = tuple(c for c in range(game.num_players) if c not in self.team)
        self.opponent_share = len(self.team) / len(self.opponents)
        self.chances = chances
        self.values: dict[Pawns, float] = {}
        self.scores: dict[tuple[Pawns, Rank], float] = {}

    def score(
        self, squares: Squares, pawns: Pawns, action: KeezenAction, hand: tuple[Rank, ...]
    ) -> float:
        """Return the score of playing `action` from `hand` in this position."""
        squares, pawns, _moved, _captured = self.moves.carry_out(squares, pawns, action)
        key = (pawns, action.card)
        score = self.scores.get(key)
        if score is None:
            now = self.value(squares, pawns)
            if now >= WIN_SCORE:
                score = now
            else:
                rest = list(hand)
                rest.remove(action.card)
                later = self.follow_up(squares, pawns, tuple(rest), now)
                blend = self.weights.follow_up
                score = (1.0 - blend) * now + blend * later
            self.scores[key] = score
        return score

    def follow_up(self, squares: Squares, pawns: Pawns, rest: tuple[Rank, ...], now: float, depth: int = 1) -> float:
        """Return the value after the best next card of `rest`, or after losing them all."""
        if not rest:
            return now
        options = self.moves.legal_actions(squares, pawns, self.seat, rest)
        if not options:
            return now - self.weights.discard * len(rest)
        carry_out = self.moves.carry_out
        if self.weights.mode == 0:
            best = -WIN_SCORE
            for action in options:
                after_squares, after_pawns, _moved, _captured = carry_out(squares, pawns, action)
                value = self.value(after_squares, after_pawns)
                if depth < self.weights.depth and value < WIN_SCORE:
                    more = list(rest)
                    more.remove(action.card)
                    value = self.follow_up(after_squares, after_pawns, tuple(more), value, depth + 1)
                if value > best:
                    best = value
            return best
        best_by_card: dict[Rank, float] = {}
        for action in options:
            after_squares, after_pawns, _moved, _captured = carry_out(squares, pawns, action)
            value = self.value(after_squares, after_pawns)
            if value > best_by_card.get(action.card, -WIN_SCORE):
                best_by_card[action.card] = value
        total = 0.0
        for card in rest:
            v = best_by_card.get(card)
            if v is None:
                total -= self.weights.discard
            elif v >= WIN_SCORE:
                return WIN_SCORE
            else:
                total += v - now
        return now + total

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
        """Return the team's pawn values, less their risks, minus the opponents' per team."""
        tables = self.tables
        length, start_base = tables.length, tables.start_base
        hunters = [
            (loc, colour) for colour in self.opponents for loc in pawns[colour] if loc < length
        ]
        entry_squares = [
            tables.starts[colour] for colour in self.opponents if pawns[colour][-1] >= start_base
        ]
        protected, risk = self.weights.protected, self.weights.risk
        score = 0.0
        for colour in self.team:
            locs = pawns[colour]
            score += _home_values(tables, locs, colour)
            outside = _outside_values(tables, locs, colour)
            start = tables.starts[colour]
            for loc in locs:
                if loc >= length:
                    break
                value = outside[loc]
                if loc == start:
                    if locs[-1] >= start_base:
                        value += protected
                    if self.weights.blockade:
                        for square, hunter in hunters:
                            if tables.progress[hunter][square] < tables.progress[hunter][loc]:
                                value += self.weights.blockade
                else:
                    danger = self.danger(loc, hunters, entry_squares)
                    if danger:
                        value -= risk * danger * value
                score += value
        opponents_value = 0.0
        for colour in self.opponents:
            locs = pawns[colour]
            outside = _outside_values(tables, locs, colour)
            opponents_value += _home_values(tables, locs, colour)
            for loc in locs:
                if loc >= length:
                    break
                opponents_value += outside[loc]
        return score - self.opponent_share * opponents_value

    def danger(self, loc: Loc, hunters: list[tuple[Loc, Colour]], entry_squares: list[Loc]) -> float:
        """Return the rough chance (at most 1) that an opponent captures the pawn on `loc`."""
        tables, chances = self.tables, self.chances
        length = tables.length
        danger = 0.0
        for square, colour in hunters:
            distance = (loc - square) % length
            if distance <= MAX_REACH:
                # The hunter must reach `loc` before its route turns into its home lane.
                if distance and tables.progress[colour][loc] >= distance:
                    danger += chances[distance]
            elif distance == length - 4:
                danger += chances[BACKWARD_INDEX]
        if loc in entry_squares:
            danger += chances[ENTER_INDEX]
        return danger if danger < 1.0 else 1.0


def _home_values(tables: _Tables, locs: tuple[Loc, ...], colour: Colour) -> float:
    """Return the summed value of one colour's pawns in its home lane."""
    length, start_base = tables.length, tables.start_base
    values = tables.value[colour]
    total = 0.0
    # Deepest first: each home pawn can still move up to the slot before the next one.
    target = HOME_SLOTS - 1
    for loc in reversed(locs):
        if loc < start_base:
            if loc < length:
                break
            total += values[target][loc]
            target = loc - tables.home_base - HOME_SLOTS * colour - 1
    return total


def _outside_values(tables: _Tables, locs: tuple[Loc, ...], colour: Colour) -> tuple[float, ...]:
    """Return the value by location of one colour's pawns that are not yet home.

    They aim at the deepest slot that stays free once the home lane is packed.
    """
    length, start_base = tables.length, tables.start_base
    home = 0
    for loc in locs:
        if length <= loc < start_base:
            home += 1
    return tables.value[colour][max(0, HOME_SLOTS - 1 - home)]


def _card_knowledge(game: KeezenGame, state: KeezenState, seat: Seat) -> tuple[dict[Rank, float], int]:
    """Return each rank's share of the cards `seat` has not seen, and the opponents' card count.

    Both come from public facts only (K12): the own hand, the cards played or handed in since
    the last shuffle, and the deal schedule (K8), which fixes every hand's size.
    """
    unseen = dict.fromkeys(RANKS, game.num_players)
    for card in state.hands[seat]:
        unseen[card] -= 1
    place = (state.deal - 1) % DEALS_PER_CYCLE
    cycle_log = state.log[max(0, len(state.log) - place - 1) :]
    team = game.board.team(seat)
    in_hand = {other: CARDS_PER_DEAL[place] for other in range(game.num_players) if other not in team}
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
    total = sum(unseen.values())
    odds = {rank: count / total if total > 0 else 0.0 for rank, count in unseen.items()}
    # Empty-handed opponents get new cards at the next deal: count a typical hand then.
    return odds, max(sum(in_hand.values()), TYPICAL_HAND)


def _capture_chances(odds: dict[Rank, float], cards: int) -> tuple[float, ...]:
    """Return the chance that `cards` unseen cards include one that captures, by capture kind.

    Index d = 1–12: a forward move of d squares (that card, or part of a 7 for d < 7; no card
    moves 11); BACKWARD_INDEX: a 4; ENTER_INDEX: an Ace or King entering onto the pawn.
    """
    def held(share: float) -> float:
        return 1.0 - (1.0 - share) ** cards if share < 1.0 else 1.0

    chances = [0.0] * (ENTER_INDEX + 1)
    chances[BACKWARD_INDEX] = held(odds[FOUR])
    for rank, steps in FORWARD_STEPS.items():
        chances[steps] = held(odds[rank] + (odds[SEVEN] if steps < 7 else 0.0))
    chances[7] = held(odds[SEVEN])
    chances[4] = held(odds[SEVEN])
    chances[ENTER_INDEX] = held(odds[ACE] + odds[KING])
    return tuple(chances)
