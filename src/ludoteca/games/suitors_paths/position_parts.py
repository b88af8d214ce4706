"""The parts of a Suitors' Paths position text beyond the table (positions.py reads the table):
an auction under way or its payment, the flags of the turn under way, the turn counters and
the end of a finished game, each read with the checks that refuse what play cannot reach."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from ludoteca.core.errors import StateFormatError
from ludoteca.core.game import Seat
from ludoteca.core.positions import read_number
from ludoteca.games.suitors_paths.flow import score_stacks, tie_order
from ludoteca.games.suitors_paths.moves import MAX_BID, auction_hexes
from ludoteca.games.suitors_paths.state import (
    END_REASONS,
    NONE,
    REASON_BLOCKS,
    REASON_ROUND_CAP,
    REASON_SIXTH,
    REASON_STALL,
    SpState,
    Step,
)

if TYPE_CHECKING:
    from ludoteca.games.suitors_paths.board import Hex
    from ludoteca.games.suitors_paths.rules import SpGame

AUCTION_KEYS = ("auction", "bid", "passed", "opener")
FLAGS = ("scrapped", "virtual", "took-all")
"""The words of `this turn`: a route was scrapped (P40); the supply ran out in this build
step, so further segments are virtual (P48); a whole colour was taken (P58)."""
TURN_STEPS = (Step.BUILD, Step.GIRL, Step.CARDS, Step.DISCARD)


class Auction(NamedTuple):
    """The auction fields of a state: opener, hex, bid, high bidder, passed seats (a mask)."""

    opener: Seat
    hex: Hex
    bid: int
    high_bidder: Seat
    passed: int


def read_auction(
    game: SpGame, facts: Mapping[str, str], step: Step, current: Seat | None,
    starts: list[Hex], order: list[Seat], hand_sizes: list[int], seat: Callable[[str], Seat],
) -> Auction:
    """Return the auction fields the facts give; StateFormatError if they are inconsistent."""
    given = [key for key in AUCTION_KEYS if key in facts]
    if step not in (Step.AUCTION, Step.PAY):
        if given:
            raise StateFormatError(f"{given[0]}: only during the auctions (step auction or "
                                   "pay)")
        return Auction(NONE, NONE, NONE, NONE, 0)
    assert current is not None
    if "auction" not in facts:
        if step == Step.PAY:
            raise StateFormatError("step pay needs the auction won (auction: HEX, bid: SEAT "
                                   "CARDS, opener: SEAT)")
        if given:
            raise StateFormatError(f"{given[0]}: only with an auction under way (auction: HEX)")
        if starts[current] != NONE:
            raise StateFormatError(f"to move: {name(current)} has a suitor already, but between "
                                   "auctions the player to move opens the next one (P20)")
        # Between auctions the player to move opens the next one (P20).
        return Auction(current, NONE, NONE, NONE, 0)
    missing = [key for key in ("bid", "opener") if key not in facts]
    if missing:
        raise StateFormatError(f"an auction under way needs {' and '.join(missing)} (bid: the "
                               "high bidder and the bid, e.g. 'B 3'; opener: a seat)")
    h = game.board.parse_hex(facts["auction"])
    if h is None or game.board.ring2_index[h] < 0:
        raise StateFormatError(f"auction: {facts['auction'][:12]!r} is not a hex of the second "
                               "ring (P21)")
    words = facts["bid"].split()
    if len(words) != 2:
        raise StateFormatError("bid: the high bidder and the bid, e.g. 'B 3'")
    high, bid = seat(words[0]), read_number(words[1], "bid")
    if bid > MAX_BID:
        raise StateFormatError(f"bid: bids are 0 to {MAX_BID} cards (P16)")
    opener = seat(facts["opener"])
    passed = 0
    for word in facts.get("passed", "").split():
        passed |= 1 << seat(word)
    if hand_sizes[high] < bid:
        raise StateFormatError(f"bid: the high bidder holds {hand_sizes[high]} cards, fewer "
                               f"than the bid of {bid} (a bid never exceeds the hand)")
    if passed >> high & 1:
        raise StateFormatError("passed: the high bidder has not passed")
    if step == Step.PAY:
        _check_payment(h, bid, high, current, starts, order)
    else:
        _check_bidding(game, h, bid, high, current, opener, passed, starts)
    return Auction(opener, h, bid, high, passed)


def _check_payment(
    h: Hex, bid: int, high: Seat, current: Seat, starts: list[Hex],
    order: list[Seat],
) -> None:
    """Refuse a payment play cannot reach: the winner pays a bid above 0 for its new hex."""
    if current != high:
        raise StateFormatError("to move: the high bidder pays the bid (P19)")
    if starts[high] != h or not order or order[-1] != high:
        raise StateFormatError("auction: the payer's suitor stands on the hex won, and the "
                               "payer is last in the turn order so far (P19)")
    if bid == 0:
        raise StateFormatError("bid: a bid of 0 is not paid; the next auction follows (P19)")


def _check_bidding(
    game: SpGame, h: Hex, bid: int, high: Seat, current: Seat, opener: Seat, passed: int,
    starts: list[Hex],
) -> None:
    """Refuse bidding play cannot reach: who bids, on which hex, at which bid."""
    placed = [s for s in (high, current, opener) if starts[s] != NONE]
    placed += [s for s in range(len(starts)) if passed >> s & 1 and starts[s] != NONE]
    if placed:
        raise StateFormatError(f"an auction under way: {chr(ord('A') + placed[0])} already "
                               "has a suitor, so takes no part in it (P17)")
    if h not in auction_hexes(game.board, tuple(starts)):
        raise StateFormatError(f"auction: {game.board.hex_names[h]} cannot be put up for "
                               "auction beside these suitors (P21, P22)")
    if current == high or passed >> current & 1:
        raise StateFormatError("to move: the player to bid is neither the high bidder nor "
                               "one who passed (P17)")
    if bid == MAX_BID:
        raise StateFormatError(f"bid: a bid of {MAX_BID} wins at once, so no auction stays "
                               "under way (P18)")


def auction_lines(game: SpGame, state: SpState) -> list[str]:
    """Return the lines of an auction under way or its payment (none between auctions)."""
    if state.auction_hex == NONE:
        return []
    passed = [name(s) for s in range(game.num_players) if state.passed >> s & 1]
    return [f"auction: {game.board.hex_names[state.auction_hex]}",
            f"bid: {name(state.high_bidder)} {state.bid}",
            "passed: " + " ".join(passed),
            f"opener: {name(state.opener)}"]


def read_flags(facts: Mapping[str, str], step: Step, supply: int, taken: int) -> set[str]:
    """Return the words of `this turn`; StateFormatError if a flag cannot stand at `step`."""
    words = facts.get("this turn", "").split()
    for word in words:
        if word not in FLAGS or words.count(word) > 1:
            raise StateFormatError(f"this turn: {word[:20]!r} is not one of {', '.join(FLAGS)} "
                                   "(each once)")
    flags = set(words)
    if flags and step not in (*TURN_STEPS, Step.OVER):
        raise StateFormatError("this turn: no turn is under way in the auctions")
    if "virtual" in flags and (step not in (Step.BUILD, Step.OVER) or supply):
        # P64: the turn whose build step empties the supply ends the game after that step.
        raise StateFormatError("this turn: virtual needs supply 0 and the build step (or the "
                               "game's end): the game ends once that step is over (P64)")
    if "took-all" in flags and (step not in (Step.DISCARD, Step.OVER) or not taken):
        # Taking a whole colour ends the card step at once (P58).
        raise StateFormatError("this turn: took-all ends the card step; it stands only in "
                               "the discard step or at the game's end, with taken 1 or more")
    return flags


def flag_line(state: SpState) -> str:
    """Return the `this turn` line of `state`."""
    flags = zip(FLAGS, (state.scrapped, state.exhausted, state.took_colour), strict=True)
    return "this turn: " + " ".join(word for word, on in flags if on)


def read_end(game: SpGame, facts: Mapping[str, str], state: SpState) -> tuple[str, Seat]:
    """Return the end reason and the winner of a finished game (P66–P68, S1), checked."""
    given = [key for key in ("end", "winner") if key in facts]
    if state.step != Step.OVER:
        if given:
            raise StateFormatError(f"{given[0]}: only in a finished game (step over)")
        return "", NONE
    reason = facts.get("end", "")
    if reason not in END_REASONS[1:]:
        raise StateFormatError("step over needs end: one of " + ", ".join(END_REASONS[1:]))
    if state.last_turn == NONE:
        raise StateFormatError("step over needs last turn: the seat whose turn ended the game "
                               "(P68's tie-break starts after it)")
    flow = game.flow
    why = {
        REASON_SIXTH: (state.final_trigger != NONE and state.turns_left == 0,
                       "final round with 0 turns left (P63)"),
        REASON_BLOCKS: (state.exhausted, "this turn: virtual (P64)"),
        REASON_STALL: (flow.stall_turns is not None and state.idle_turns >= flow.stall_turns,
                       f"idle turns of at least {flow.stall_turns} (S1's stall guard)"),
        REASON_ROUND_CAP: (state.turns >= flow.last_turn,
                           f"turns of at least {flow.last_turn} (S1's round cap)"),
    }
    reached, needs = why[reason]
    if not reached:
        raise StateFormatError(f"end: {reason} needs {needs}")
    scores = score_stacks(state.girls, game.num_players)
    order = tie_order(state.turn_order, state.last_turn)
    winner = next(seat for seat in order if scores[seat] == max(scores))
    if "winner" in facts and facts["winner"] != name(winner):
        raise StateFormatError(f"winner: the scores {list(scores)} and the tie-break from "
                               f"last turn make {name(winner)} the winner (P66–P68)")
    return reason, winner


def counter_lines(state: SpState) -> list[str]:
    """Return the lines of the counters that are not 0, and of a finished game's end."""
    lines = [f"{key}: {value}" for key, value in (
        ("turns", state.turns), ("idle turns", state.idle_turns),
        ("reshuffles", state.reshuffles)) if value]
    if state.step == Step.OVER:
        lines += [f"end: {state.end_reason}", f"winner: {name(state.winner)}"]
    return lines


def name(seat: Seat) -> str:
    """Return a seat's letter (A for seat 0)."""
    return chr(ord("A") + seat)
