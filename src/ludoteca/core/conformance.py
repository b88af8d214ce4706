"""The conformance harness: random games that assert the engine contract of DESIGN.md §2."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any

from ludoteca.core.chance import SEED_BITS
from ludoteca.core.errors import IllegalActionError, InvalidActionError
from ludoteca.core.game import JSON, Game, Seat
from ludoteca.core.observation import COMMON_KEYS, observation_problems
from ludoteca.core.records import make_record, replay
from ludoteca.core.registry import available_games, game_spec

MALFORMED_TEXTS = ("", "\x00", "definitely not an action", "-1", "?: ?")
UNDO_SAMPLE = 2
"""Legal actions besides the chosen one whose `undoable` is checked at a deep step."""


class ConformanceError(AssertionError):
    """A game broke the engine contract; the message names the game, seed and step."""


@dataclass(frozen=True, slots=True)
class ConformanceReport:
    """What `check_game` played: games, actions, and the longest game."""

    games: int
    actions: int
    longest_game: int
    deep_checks: int


def check_game(
    game: Game[Any, Any], games: int = 100, seed: int = 0, deep_fraction: float = 0.1
) -> ConformanceReport:
    """Play `games` seeded random games of `game`, assert the contract, return what was played.

    Cheap checks (legal set, text and id round trips, termination) run on every step; the
    expensive ones (JSON round trip, the observation's common part and the observation
    property, purity of `apply`, rejection of illegal actions, the meaning of `undoable`, see
    `_GameChecker.check_undoable`) on a seeded `deep_fraction` of the steps and always on the
    first and last state of each game. For a registered game the
    observation holds exactly the common keys and those its `GameSpec` declares.
    """
    total_actions = longest = deep_checks = 0
    for index in range(games):
        rng = random.Random(f"check_game:{seed}:{index}")
        checker = _GameChecker(game, rng, f"{game.name} game {index} (check seed {seed})")
        checker.play(deep_fraction)
        total_actions += checker.steps
        longest = max(longest, checker.steps)
        deep_checks += checker.deep_checks
    return ConformanceReport(games, total_actions, longest, deep_checks)


class _GameChecker:
    """Plays one random game and checks every state it passes through."""

    def __init__(self, game: Game[Any, Any], rng: random.Random, label: str) -> None:
        self.game = game
        self.rng = rng
        self.label = label
        self.steps = 0
        self.deep_checks = 0
        self.seen_actions: list[Any] = []
        self.declared_keys: frozenset[str] | None = None
        if game.name in available_games():
            self.declared_keys = COMMON_KEYS | set(game_spec(game.name).observation_keys)

    def fail(self, message: str) -> ConformanceError:
        """Return an error that names the game and the step."""
        return ConformanceError(f"{self.label}, step {self.steps}: {message}")

    def play(self, deep_fraction: float) -> None:
        """Play the game to its end, checking each state."""
        game = self.game
        game_seed = self.rng.getrandbits(SEED_BITS)
        state = game.initial_state(game_seed)
        if game.to_json(game.initial_state(game_seed)) != game.to_json(state):
            raise self.fail("initial_state is not deterministic for one seed")
        texts: list[str] = []
        while True:
            legal = self.check_legal_set(state)
            if not legal:
                break
            deep = self.steps == 0 or self.rng.random() < deep_fraction
            if deep:
                self.check_deeply(state, legal)
            action = self.rng.choice(legal)
            texts.append(game.action_to_text(state, action))
            if self.undoable(state, action) and deep:
                self.check_undoable(state, action)
            if deep:
                self.check_undoable_sample(state, legal, action)
            before = game.to_json(state) if deep else None
            next_state = game.apply(state, action)
            if before is not None and game.to_json(state) != before:
                raise self.fail("apply changed its input state")
            state = next_state
            self.seen_actions.append(action)
            self.steps += 1
            if self.steps > game.max_game_length:
                raise self.fail(f"game exceeds max_game_length {game.max_game_length}")
        self.check_deeply(state, ())
        self.check_end(state, game_seed, texts)

    def check_legal_set(self, state: Any) -> tuple[Any, ...]:
        """Assert the legal set's contract in `state` and return it."""
        game = self.game
        legal = game.legal_actions(state)
        terminal = game.is_terminal(state)
        player = game.current_player(state)
        if terminal != (not legal) or terminal != (player is None):
            raise self.fail(
                f"terminal={terminal}, current_player={player}, {len(legal)} legal actions disagree"
            )
        if player is not None and not 0 <= player < game.num_players:
            raise self.fail(f"current_player {player} is not a seat")
        if len(set(legal)) != len(legal):
            raise self.fail("legal_actions contains duplicates")
        if legal != game.legal_actions(state):
            raise self.fail("legal_actions is not stable")
        texts = set()
        ids = set()
        for action in legal:
            text = game.action_to_text(state, action)
            if game.action_from_text(state, text) != action:
                raise self.fail(f"text round trip fails for {text!r}")
            action_id = game.action_to_id(action)
            if not 0 <= action_id < game.num_distinct_actions:
                raise self.fail(f"id {action_id} of {text!r} is out of range")
            if game.action_from_id(state, action_id) != action:
                raise self.fail(f"id round trip fails for {text!r}")
            texts.add(text)
            ids.add(action_id)
        if len(texts) != len(legal) or len(ids) != len(legal):
            raise self.fail("two legal actions share a text or an id")
        return legal

    def check_deeply(self, state: Any, legal: tuple[Any, ...]) -> None:
        """Assert the JSON round trip, the observation property and the rejection of bad input."""
        game = self.game
        self.deep_checks += 1
        encoded = game.to_json(state)
        if json.loads(json.dumps(encoded)) != encoded:
            raise self.fail("to_json is not JSON-safe")
        decoded = game.from_json(encoded)
        if decoded != state or game.to_json(decoded) != encoded:
            raise self.fail("from_json(to_json(state)) differs from state")
        # The spectator, the seat to move and one more seat in rotation: over a game every
        # seat is checked many times, at a fraction of the cost of checking all at every step.
        player = game.current_player(state)
        rotating = self.deep_checks % game.num_players
        for seat in dict.fromkeys((None, player, rotating)):
            observation = game.observation(state, seat)
            if json.loads(json.dumps(observation)) != observation:
                raise self.fail(f"observation for seat {seat} is not JSON-safe")
            self.check_observation_keys(observation, seat)
            self.check_log_apart(state, seat, observation)
            resampled = game.resample(state, seat, self.rng)
            if game.observation(resampled, seat) != observation:
                raise self.fail(f"observation for seat {seat} depends on hidden information")
        if game.to_json(state) != encoded:
            raise self.fail("observation or resample changed the state")
        if legal:
            self.check_rejections(state, legal, encoded)

    def check_log_apart(self, state: Any, seat: Seat | None,
                        observation: dict[str, JSON]) -> None:
        """Assert that `observation(log=False)` is `observation` without its log and that
        `log_digest` is the SHA-256 of the log's JSON."""
        without_log = self.game.observation(state, seat, log=False)
        if without_log != {**observation, "log": []}:
            raise self.fail(f"observation(log=False) for seat {seat} differs from the "
                            f"observation beyond its log")
        expected = hashlib.sha256(json.dumps(observation["log"]).encode()).hexdigest()
        if self.game.log_digest(state, seat) != expected:
            raise self.fail(f"log_digest for seat {seat} is not the SHA-256 of the log's JSON")

    def undoable(self, state: Any, action: Any) -> bool:
        """Return `game.undoable(state, action)`, asserting that it is a bool."""
        answer = self.game.undoable(state, action)
        if not isinstance(answer, bool):
            raise self.fail(f"undoable returned {answer!r}, not a bool")
        return answer

    def check_undoable_sample(self, state: Any, legal: tuple[Any, ...], chosen: Any) -> None:
        """Check `undoable` on a few more legal actions than the one played."""
        others = [action for action in legal if action != chosen]
        for action in self.rng.sample(others, min(UNDO_SAMPLE, len(others))):
            if self.undoable(state, action):
                self.check_undoable(state, action)

    def check_undoable(self, state: Any, action: Any) -> None:
        """Assert that an action said to be undoable shows nobody anything hidden or chance.

        For the actor, the spectator and one more seat in rotation: in a state that seat cannot
        tell from `state` (`resample`: hidden parts redrawn, future chance re-seeded), the same
        action must lead to the same observation for that seat. So what the action shows follows
        from what the seat knew and the action itself, never from a hidden card or the seed:
        the actor learns nothing by trying it and taking it back. The action must be legal in
        every state its actor cannot tell apart (the actor chose it from what it knows); another
        seat's redrawn state may lack what the actor spends (a card it paid), and is skipped.
        """
        game = self.game
        after = game.apply(state, action)
        actor = game.current_player(state)
        rotating = (self.deep_checks + 1) % game.num_players
        text = game.action_to_text(state, action)
        for seat in dict.fromkeys((actor, None, rotating)):
            twin = game.resample(state, seat, self.rng)
            try:
                twin_after = game.apply(twin, action)
            except IllegalActionError as error:
                if seat == actor:
                    raise self.fail(
                        f"undoable {text!r} is illegal in a state its actor cannot tell apart"
                    ) from error
                continue
            if game.observation(twin_after, seat) != game.observation(after, seat):
                raise self.fail(
                    f"undoable({text!r}) is True, but what seat {seat} sees after it depends "
                    "on hidden information or chance"
                )

    def check_observation_keys(self, observation: dict[str, Any], seat: int | None) -> None:
        """Assert the common part of an observation and that every other key is declared."""
        problems = observation_problems(observation, self.game.num_players, seat)
        if problems:
            raise self.fail(f"observation for seat {seat} {'; '.join(problems)}")
        if self.declared_keys is not None:
            undeclared = set(observation) - self.declared_keys
            missing = self.declared_keys - set(observation)
            if undeclared or missing:
                raise self.fail(
                    f"observation keys differ from the GameSpec: undeclared {sorted(undeclared)}, "
                    f"missing {sorted(missing)}"
                )

    def check_rejections(self, state: Any, legal: tuple[Any, ...], encoded: Any) -> None:
        """Assert that illegal actions, malformed text and bad ids raise and change nothing."""
        game = self.game
        foreign = [action for action in self.seen_actions[-50:] if action not in legal]
        if foreign:
            action = self.rng.choice(foreign)
            try:
                game.apply(state, action)
            except IllegalActionError as error:
                if not str(error):
                    raise self.fail("IllegalActionError without a reason") from error
            else:
                raise self.fail(f"apply accepted the illegal action {action!r}")
        for text in MALFORMED_TEXTS:
            try:
                game.action_from_text(state, text)
            except InvalidActionError:
                continue
            raise self.fail(f"action_from_text accepted malformed text {text!r}")
        for action_id in (-1, game.num_distinct_actions):
            try:
                game.action_from_id(state, action_id)
            except InvalidActionError:
                continue
            raise self.fail(f"action_from_id accepted id {action_id}")
        if game.to_json(state) != encoded:
            raise self.fail("a rejected input changed the state")

    def check_end(self, state: Any, game_seed: int, texts: list[str]) -> None:
        """Assert returns, scores and replay determinism at the end of a game."""
        game = self.game
        returns = game.returns(state)
        scores = game.scores(state)
        if len(returns) != game.num_players or len(scores) != game.num_players:
            raise self.fail("returns or scores do not have one entry per seat")
        if any(value not in (0.0, 1.0) for value in returns):
            raise self.fail(f"returns {returns} are not 0.0 or 1.0")
        final = replay(make_record(game, game_seed, texts), game)[-1]
        if game.to_json(final) != game.to_json(state):
            raise self.fail("replaying the record does not reproduce the final state")
