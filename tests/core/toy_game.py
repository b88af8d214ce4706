"""A tiny two-player game with a hidden card, used to test the conformance harness.

Each seat is dealt a secret card 0–2 from the seed; the seats alternately take 1 or 2 counters
from a pile of 7; whoever takes the last counter wins, unless the other seat's secret card is
higher than the taker's, in which case the other seat wins. Subclasses break one rule of the
engine contract each, so the tests can show that `check_game` notices.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.core import IllegalActionError, InvalidActionError, StateFormatError
from ludoteca.core.chance import event_rng, fresh_seed


@dataclass(frozen=True, slots=True)
class ToyState:
    pile: int
    secrets: tuple[int, int]
    current: int | None
    winner: int | None
    seed: int


class ToyGame:
    """A correct implementation of the contract."""

    name = "toy"
    num_players = 2
    rules_version = "1"
    max_game_length = 7
    num_distinct_actions = 2
    options: Mapping[str, Any] = {}

    def initial_state(self, seed: int) -> ToyState:
        rng = event_rng(seed, "deal")
        return ToyState(7, (rng.randrange(3), rng.randrange(3)), 0, None, seed)

    def current_player(self, state: ToyState) -> int | None:
        return state.current

    def legal_actions(self, state: ToyState) -> tuple[int, ...]:
        if state.current is None:
            return ()
        return tuple(take for take in (1, 2) if take <= state.pile)

    def apply(self, state: ToyState, action: int) -> ToyState:
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"cannot take {action!r} from a pile of {state.pile}")
        pile = state.pile - action
        seat = state.current
        assert seat is not None
        if pile == 0:
            other = 1 - seat
            winner = other if state.secrets[other] > state.secrets[seat] else seat
            return replace(state, pile=0, current=None, winner=winner)
        return replace(state, pile=pile, current=1 - seat)

    def is_terminal(self, state: ToyState) -> bool:
        return state.current is None

    def returns(self, state: ToyState) -> tuple[float, ...]:
        return tuple(1.0 if seat == state.winner else 0.0 for seat in range(2))

    def scores(self, state: ToyState) -> tuple[int, ...]:
        return tuple(int(seat == state.winner) for seat in range(2))

    def observation(self, state: ToyState, seat: int | None, *, log: bool = True
                    ) -> dict[str, Any]:
        over = state.current is None
        return {
            "game": self.name,
            "num_players": 2,
            "seat": seat,
            "current_player": state.current,
            "terminal": over,
            "end_reason": "pile_empty" if over else None,
            "log": [],
            "legal_actions": [
                self.action_to_text(state, action) for action in self.legal_actions(state)
            ] if seat == state.current else [],
            "hand_sizes": [1, 1],
            "scores": list(self.scores(state)),
            "winners": [] if state.winner is None else [state.winner],
            "pile": state.pile,
            "secret": None if seat is None else state.secrets[seat],
        }

    def log_digest(self, state: ToyState, seat: int | None) -> str:
        return hashlib.sha256(b"[]").hexdigest()

    def action_to_text(self, state: ToyState, action: int) -> str:
        return f"take {action}"

    def action_from_text(self, state: ToyState, text: str) -> int:
        if text not in ("take 1", "take 2"):
            raise InvalidActionError(f"{text!r} is not 'take 1' or 'take 2'")
        return int(text[-1])

    def action_to_id(self, action: int) -> int:
        return action - 1

    def action_from_id(self, state: ToyState, action_id: int) -> int:
        if action_id not in (0, 1):
            raise InvalidActionError(f"no action id {action_id}")
        return action_id + 1

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "pile": state.pile, "secrets": list(state.secrets), "current": state.current,
            "winner": state.winner, "seed": state.seed,
        }

    def from_json(self, obj: Mapping[str, Any]) -> ToyState:
        try:
            return ToyState(
                obj["pile"], tuple(obj["secrets"]), obj["current"], obj["winner"], obj["seed"]
            )
        except KeyError as error:
            raise StateFormatError(f"missing {error}") from error

    def resample(self, state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
        secrets = [rng.randrange(3), rng.randrange(3)]
        if seat is not None:
            secrets[seat] = state.secrets[seat]
        return replace(state, secrets=(secrets[0], secrets[1]), seed=fresh_seed(rng))

    def undoable(self, state: ToyState, action: int) -> bool:
        # The last take decides the winner, which shows whose secret card is higher.
        return action < state.pile


class LeakyObservation(ToyGame):
    """Shows both secret cards to every seat."""

    def observation(self, state: ToyState, seat: int | None, *, log: bool = True
                    ) -> dict[str, Any]:
        return {**super().observation(state, seat), "secrets": list(state.secrets)}


class UndoesTheReveal(ToyGame):
    """Says the last take may be taken back, though the winner it shows tells the secrets."""

    def undoable(self, state: ToyState, action: int) -> bool:
        return True


class UndoableNotBool(ToyGame):
    """Answers `undoable` with a number."""

    def undoable(self, state: ToyState, action: int) -> bool:
        return 1  # type: ignore[return-value]


class WrongCommonObservation(ToyGame):
    """Leaves out the legal actions of the common observation part."""

    def observation(self, state: ToyState, seat: int | None, *, log: bool = True
                    ) -> dict[str, Any]:
        observation = super().observation(state, seat)
        del observation["legal_actions"]
        return observation


class AcceptsIllegal(ToyGame):
    """Lets a seat take more counters than the pile holds."""

    def apply(self, state: ToyState, action: int) -> ToyState:
        if action > state.pile:
            return replace(state, pile=0, current=None, winner=state.current)
        return super().apply(state, action)


class ClockSeeded(ToyGame):
    """Draws the secret cards from a generator that is not fixed by the seed."""

    counter = 0

    def initial_state(self, seed: int) -> ToyState:
        ClockSeeded.counter += 1
        return replace(super().initial_state(seed), secrets=(ClockSeeded.counter % 3, 0))


class LossyJson(ToyGame):
    """Forgets the seed when encoding a state."""

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {**super().to_json(state), "seed": 0}


class NeverEnds(ToyGame):
    """Claims a game length bound it does not respect."""

    max_game_length = 2

    def legal_actions(self, state: ToyState) -> tuple[int, ...]:
        return tuple(take for take in (1,) if state.current is not None)
