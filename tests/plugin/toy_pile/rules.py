"""The rules of Toy Pile (rules.md): pure functions over a frozen state."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.core import IllegalActionError, InvalidActionError, StateFormatError
from ludoteca.core.chance import event_rng, fresh_seed
from ludoteca.core.game import JSON, Seat

TAKES = (1, 2, 3)
"""The actions: how many counters a turn takes (P2)."""
FIRST_TAKES = (1, 2)
"""What the first take of a game may take (P2)."""
CARDS = 3
"""Secret cards are 0 .. CARDS - 1 (P1)."""


@dataclass(frozen=True, slots=True)
class PileState:
    """Where a game of Toy Pile stands: the pile, the secret cards, the takes so far."""

    pile: int
    secrets: tuple[int, ...]
    takes: tuple[int, ...]
    current: Seat | None
    winner: Seat | None
    seed: int


class ToyPileGame:
    """Toy Pile for `num_players` seats and a pile of `pile` counters, registered as `name`."""

    rules_version = "1"
    num_distinct_actions = len(TAKES)

    def __init__(self, num_players: int, pile: int, name: str = "toy_pile") -> None:
        self.name = name
        self.num_players = num_players
        self.pile = pile
        self.max_game_length = pile
        self._options: dict[str, JSON] = {"num_players": num_players, "pile": pile}

    @property
    def options(self) -> Mapping[str, JSON]:
        """Return the option values the game was loaded with (`num_players` included)."""
        return dict(self._options)

    def initial_state(self, seed: int) -> PileState:
        """Return the start: a full pile, secret cards dealt from `seed`, seat 0 to move."""
        rng = event_rng(seed, "deal")
        secrets = tuple(rng.randrange(CARDS) for _ in range(self.num_players))
        return PileState(self.pile, secrets, (), 0, None, seed)

    def current_player(self, state: PileState) -> Seat | None:
        """Return the seat to move, None when the game is over."""
        return state.current

    def legal_actions(self, state: PileState) -> tuple[int, ...]:
        """Return the takes the pile and the previous take allow, none when the game is over."""
        if state.current is None:
            return ()
        if not state.takes:
            return tuple(take for take in FIRST_TAKES if take <= state.pile)
        return tuple(take for take in TAKES if (take < state.pile and take != state.takes[-1])
                     or take == state.pile)

    def apply(self, state: PileState, action: int) -> PileState:
        """Return the state after the seat to move takes `action` counters (P2, P3)."""
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"seat {state.current} cannot take {action!r} from a pile "
                                     f"of {state.pile} after a take of {state.takes[-1:]}")
        seat = state.current
        assert seat is not None
        pile = state.pile - action
        takes = (*state.takes, action)
        if pile > 0:
            return replace(state, pile=pile, takes=takes,
                           current=(seat + 1) % self.num_players)
        return replace(state, pile=0, takes=takes, current=None,
                       winner=self._winner(state.secrets, seat))

    def _winner(self, secrets: tuple[int, ...], taker: Seat) -> Seat:
        order = [(taker + step) % self.num_players for step in range(1, self.num_players)]
        best = max(order, key=lambda seat: (secrets[seat], -order.index(seat)))
        return best if secrets[best] > secrets[taker] else taker

    def is_terminal(self, state: PileState) -> bool:
        """Return True when the pile is empty."""
        return state.current is None

    def returns(self, state: PileState) -> tuple[float, ...]:
        """Return 1.0 for the winner, 0.0 for the others (and for all while playing)."""
        return tuple(float(seat == state.winner) for seat in range(self.num_players))

    def scores(self, state: PileState) -> tuple[int, ...]:
        """Return the counters each seat has taken."""
        return tuple(sum(state.takes[seat::self.num_players]) for seat in range(self.num_players))

    def observation(self, state: PileState, seat: Seat | None, *, log: bool = True
                    ) -> dict[str, JSON]:
        """Return what `seat` may know: the pile, the takes and its own secret card."""
        over = state.current is None
        return {
            "game": self.name,
            "num_players": self.num_players,
            "seat": seat,
            "current_player": state.current,
            "terminal": over,
            "end_reason": "pile_empty" if over else None,
            "log": self._log(state) if log else [],
            "legal_actions": [self.action_to_text(state, action)
                              for action in self.legal_actions(state)]
            if seat is not None and seat == state.current else [],
            "hand_sizes": [1] * self.num_players,
            "scores": list(self.scores(state)),
            "winners": [] if state.winner is None else [state.winner],
            "pile": state.pile,
            "secret": None if seat is None else state.secrets[seat],
        }

    def _log(self, state: PileState) -> list[dict[str, JSON]]:
        return [{"kind": "take", "seat": index % self.num_players, "count": take,
                 "text": f"take {take}"} for index, take in enumerate(state.takes)]

    def log_digest(self, state: PileState, seat: Seat | None) -> str:
        """Return the SHA-256 of the log's JSON (every seat sees the same log)."""
        return hashlib.sha256(json.dumps(self._log(state)).encode()).hexdigest()

    def action_to_text(self, state: PileState, action: int) -> str:
        """Return `take <n>`."""
        return f"take {action}"

    def action_from_text(self, state: PileState, text: str) -> int:
        """Return the take `text` names; InvalidActionError unless it is `take 1` to `take 3`."""
        words = text.split()
        if len(words) != 2 or words[0] != "take" or words[1] not in ("1", "2", "3"):
            raise InvalidActionError(f"{text[:30]!r} is not 'take 1', 'take 2' or 'take 3'")
        return int(words[1])

    def action_to_id(self, action: int) -> int:
        """Return the id of a take: its number of counters less one."""
        return action - 1

    def action_from_id(self, state: PileState, action_id: int) -> int:
        """Return the legal take with this id; InvalidActionError if there is none."""
        action = action_id + 1
        if action not in self.legal_actions(state):
            raise InvalidActionError(f"action id {action_id} is not a legal action here")
        return action

    def to_json(self, state: PileState) -> dict[str, JSON]:
        """Return the state as JSON."""
        return {"pile": state.pile, "secrets": list(state.secrets), "takes": list(state.takes),
                "current": state.current, "winner": state.winner, "seed": state.seed}

    def from_json(self, obj: Mapping[str, Any]) -> PileState:
        """Return the state `to_json` wrote; StateFormatError if it does not fit this game."""
        try:
            state = PileState(obj["pile"], tuple(obj["secrets"]), tuple(obj["takes"]),
                              obj["current"], obj["winner"], obj["seed"])
        except (KeyError, TypeError) as error:
            raise StateFormatError(f"not a Toy Pile state: {error}") from error
        if (len(state.secrets) != self.num_players or not 0 <= state.pile <= self.pile
                or state.pile + sum(state.takes) != self.pile):
            raise StateFormatError("the pile, the takes and the seats do not fit this game")
        return state

    def resample(self, state: PileState, seat: Seat | None, rng: random.Random) -> PileState:
        """Return `state` with every secret card but `seat`'s redrawn (none once it is over:
        the winner tells something of them) and future chance re-seeded."""
        secrets = list(state.secrets)
        if state.current is not None:
            secrets = [card if other == seat else rng.randrange(CARDS)
                       for other, card in enumerate(secrets)]
        return replace(state, secrets=tuple(secrets), seed=fresh_seed(rng))

    def undoable(self, state: PileState, action: int) -> bool:
        """Return True unless the take ends the game (the winner shows whose card is higher)."""
        return action < state.pile


class TakeMost:
    """The heuristic bot: takes the last counters when it may, else as many as it may."""

    name = "heuristic"

    def choose(self, game: Any, state: PileState, seat: Seat, rng: random.Random,
               budget: Any = None) -> int:
        """Return the take that empties the pile, else the largest legal take."""
        legal = game.legal_actions(state)
        return state.pile if state.pile in legal else max(legal)
