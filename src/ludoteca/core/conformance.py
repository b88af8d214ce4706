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
from ludoteca.core.players import Bot
from ludoteca.core.records import make_record, replay
from ludoteca.core.registry import available_games, game_spec

MALFORMED_TEXTS = ("", "\x00", "definitely not an action", "-1", "?: ?")
UNDO_SAMPLE = 2
"""Legal actions besides the chosen one whose `undoable` is checked at a deep step."""
EARLY_STEPS = 8
"""Every one of a game's first steps is checked deeply (setup and first turns hold most rules)."""
REPLAY_EVERY = 10
"""One game in this many (the first, the eleventh, …) is replayed from its record at its end."""


class ConformanceError(AssertionError):
    """A game broke the engine contract; the message names the game, seed and step."""


@dataclass(frozen=True, slots=True)
class ConformanceReport:
    """What `check_game` played: games, actions, and the longest game."""

    games: int
    actions: int
    longest_game: int
    deep_checks: int
    guided_actions: int = 0
    """Actions the guide bot chose (the others were drawn at random)."""
    end_reasons: tuple[str, ...] = ()
    """The distinct `end_reason`s the games ended with, sorted."""


def check_game(
    game: Game[Any, Any],
    games: int = 100,
    seed: int = 0,
    deep_fraction: float = 0.1,
    *,
    guide: Bot | None = None,
    guided_share: float = 0.0,
    replay_every: int = REPLAY_EVERY,
) -> ConformanceReport:
    """Play `games` seeded games of `game`, assert the contract, return what was played.

    Moves are drawn at random, except that with a `guide` bot a `guided_share` of them is the
    bot's choice (random players of some games rarely reach the natural endings).

    Cheap checks (legal set, text and id round trips, termination) run on every step. The
    expensive ones (JSON round trip, the observation's common part and the observation
    property, purity of `apply`, rejection of illegal actions, the meaning of `undoable`, see
    `_GameChecker.check_undoable`) run on a schedule by step index, as OpenSpiel's
    random_sim_test does: every one of the first EARLY_STEPS steps, every power of two, the
    last state, and a seeded `deep_fraction` of the others. They compare observations without
    their log plus `log_digest`, so their cost does not grow with the game; the whole log is
    compared with its digest at the first step, at powers of two and at the end. One game in
    `replay_every` is replayed from its record. For a registered game the observation holds
    exactly the common keys and those its `GameSpec` declares.

    Any exception raised while checking, not only a broken assertion, becomes a
    `ConformanceError` that names the game, its seeds and the step.
    """
    if guide is not None and not 0.0 < guided_share <= 1.0:
        raise ValueError(f"guided_share must be in (0, 1] with a guide, got {guided_share}")
    total_actions = longest = deep_checks = guided = 0
    end_reasons: set[str] = set()
    for index in range(games):
        rng = random.Random(f"check_game:{seed}:{index}")
        checker = _GameChecker(game, rng, f"{game.name} game {index}", seed)
        try:
            checker.play(deep_fraction, guide, guided_share, replay=index % replay_every == 0)
        except ConformanceError:
            raise
        except Exception as error:
            raise checker.fail(f"{type(error).__name__}: {error}") from error
        total_actions += checker.steps
        longest = max(longest, checker.steps)
        deep_checks += checker.deep_checks
        guided += checker.guided
        end_reasons.add(checker.end_reason)
    return ConformanceReport(games, total_actions, longest, deep_checks, guided,
                             tuple(sorted(end_reasons)))


def _is_scheduled(step: int) -> bool:
    """Return True for the steps always checked deeply: the first few and the powers of two."""
    return step < EARLY_STEPS or step & (step - 1) == 0


class _GameChecker:
    """Plays one game and checks every state it passes through."""

    def __init__(self, game: Game[Any, Any], rng: random.Random, label: str,
                 check_seed: int) -> None:
        self.game = game
        self.rng = rng
        self.label = label
        self.check_seed = check_seed
        self.game_seed: int | None = None
        self.steps = 0
        self.deep_checks = 0
        self.guided = 0
        self.end_reason = ""
        self.seen_actions: list[Any] = []
        self.declared_keys: frozenset[str] | None = None
        if game.name in available_games():
            self.declared_keys = COMMON_KEYS | set(game_spec(game.name).observation_keys)

    def fail(self, message: str) -> ConformanceError:
        """Return an error that names the game, its seeds and the step."""
        return ConformanceError(
            f"{self.label} (check seed {self.check_seed}, game seed {self.game_seed}), "
            f"step {self.steps}: {message}"
        )

    def play(self, deep_fraction: float, guide: Bot | None, guided_share: float,
             replay: bool) -> None:
        """Play the game to its end, checking each state."""
        game = self.game
        game_seed = self.game_seed = self.rng.getrandbits(SEED_BITS)
        state = game.initial_state(game_seed)
        if game.to_json(game.initial_state(game_seed)) != game.to_json(state):
            raise self.fail("initial_state is not deterministic for one seed")
        texts: list[str] = []
        while True:
            legal = self.check_legal_set(state)
            if not legal:
                break
            deep = _is_scheduled(self.steps) or self.rng.random() < deep_fraction
            if deep:
                self.check_deeply(state, legal)
            action = self.choose(state, legal, guide, guided_share)
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
        self.check_deeply(state, (), whole_log=True)
        self.check_end(state, game_seed, texts, replay)

    def choose(self, state: Any, legal: tuple[Any, ...], guide: Bot | None,
               guided_share: float) -> Any:
        """Return the guide's choice for a `guided_share` of the steps, else a random action."""
        if guide is None or self.rng.random() >= guided_share:
            return self.rng.choice(legal)
        player = self.game.current_player(state)
        assert player is not None  # check_legal_set: a state with legal actions has a player
        action = guide.choose(self.game, state, player, self.rng)
        if action not in legal:
            raise self.fail(f"the guide bot chose {action!r}, which is not legal")
        self.guided += 1
        return action

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

    def check_deeply(self, state: Any, legal: tuple[Any, ...], whole_log: bool = False) -> None:
        """Assert the JSON round trip, the observation property and the rejection of bad input.

        Observations are compared without their log, plus the log's digest; the whole log is
        checked against the digest on the schedule's powers of two and when `whole_log`.
        """
        game = self.game
        self.deep_checks += 1
        encoded = game.to_json(state)
        if json.loads(json.dumps(encoded)) != encoded:
            raise self.fail("to_json is not JSON-safe")
        decoded = game.from_json(encoded)
        if decoded != state or game.to_json(decoded) != encoded:
            raise self.fail("from_json(to_json(state)) differs from state")
        whole_log = whole_log or self.steps & (self.steps - 1) == 0
        # The spectator, the seat to move and one more seat in rotation: over a game every
        # seat is checked many times, at a fraction of the cost of checking all at every step.
        player = game.current_player(state)
        rotating = self.deep_checks % game.num_players
        for seat in dict.fromkeys((None, player, rotating)):
            view = self.view(state, seat)
            observation = view[0]
            if json.loads(json.dumps(observation)) != observation:
                raise self.fail(f"observation for seat {seat} is not JSON-safe")
            if whole_log:
                observation = self.check_whole_log(state, seat, view)
            self.check_observation_keys(observation, seat)
            resampled = game.resample(state, seat, self.rng)
            if self.view(resampled, seat) != view:
                raise self.fail(f"observation for seat {seat} depends on hidden information")
        if game.to_json(state) != encoded:
            raise self.fail("observation or resample changed the state")
        if legal:
            self.check_rejections(state, legal, encoded)

    def view(self, state: Any, seat: Seat | None) -> tuple[dict[str, JSON], str]:
        """Return what `seat` sees in `state`: its observation without the log, and the digest."""
        return self.game.observation(state, seat, log=False), self.game.log_digest(state, seat)

    def check_whole_log(self, state: Any, seat: Seat | None,
                        view: tuple[dict[str, JSON], str]) -> dict[str, JSON]:
        """Assert that `view` is the whole observation without its log plus the log's SHA-256
        (JSON-safe), and return the whole observation."""
        observation = self.game.observation(state, seat)
        without_log, digest = view
        if without_log != {**observation, "log": []}:
            raise self.fail(f"observation(log=False) for seat {seat} differs from the "
                            f"observation beyond its log")
        log_json = json.dumps(observation["log"])
        if json.loads(log_json) != observation["log"]:
            raise self.fail(f"the log for seat {seat} is not JSON-safe")
        if digest != hashlib.sha256(log_json.encode()).hexdigest():
            raise self.fail(f"log_digest for seat {seat} is not the SHA-256 of the log's JSON")
        return observation

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
            if self.view(twin_after, seat) != self.view(after, seat):
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

    def check_end(self, state: Any, game_seed: int, texts: list[str], replay_it: bool) -> None:
        """Assert returns and scores at the end of a game, and replay determinism if asked."""
        game = self.game
        returns = game.returns(state)
        scores = game.scores(state)
        if len(returns) != game.num_players or len(scores) != game.num_players:
            raise self.fail("returns or scores do not have one entry per seat")
        if any(value not in (0.0, 1.0) for value in returns):
            raise self.fail(f"returns {returns} are not 0.0 or 1.0")
        self.end_reason = str(game.observation(state, None, log=False)["end_reason"])
        if not replay_it:
            return
        final = replay(make_record(game, game_seed, texts), game)[-1]
        if game.to_json(final) != game.to_json(state):
            raise self.fail("replaying the record does not reproduce the final state")
