"""The learned value networks: training pipeline, file format, inference, and the search on it."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ludoteca
from ludoteca.bots import Budget, ISMCTSBot, available_bots, make_bot
from ludoteca.bots.value_data import final_labels, game_positions, self_play
from ludoteca.bots.value_fit import FitSettings, reliability
from ludoteca.bots.value_net import (
    FORMAT,
    ValueEvaluator,
    ValueNet,
    WeightsError,
    layout_fingerprint,
    learned_evaluator,
    load_net,
    save_net,
    weights_resource,
)
from ludoteca.bots.value_training import TrainingRun, train_value
from ludoteca.cli import main
from ludoteca.core.registry import game_spec

GAMES = ludoteca.available_games()
TINY = FitSettings(hidden=(8, 4), max_epochs=3, patience=2)
# Positions for the tiny runs: a few games of each (an Elfenland game is long and slow).
POSITIONS = {"elfenland": 80}


def tiny_net(tmp_path: Path, name: str) -> tuple[Any, Path, str]:
    """Train a tiny 2-player net of `name` into tmp_path; return the game, file and report."""
    game = ludoteca.load(name, players=2)
    out = tmp_path / f"{name}.npz"
    run = TrainingRun(name, 2, POSITIONS.get(name, 200), seed=3, settings=TINY)
    return game, out, train_value(run, out)


@pytest.fixture(scope="module")
def tiny_nets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Any, Path, str]]:
    folder = tmp_path_factory.mktemp("nets")
    return {name: tiny_net(folder, name) for name in GAMES}


def mid_game(game: Any, seed: int, moves: int = 25) -> Any:
    """Return the state after up to `moves` random moves of a seeded game."""
    rng = random.Random(seed)
    state = game.initial_state(seed=seed)
    for _ in range(moves):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_the_pipeline_trains_writes_and_reads_a_tiny_net(
    name: str, tiny_nets: dict[str, tuple[Any, Path, str]]
) -> None:
    game, out, report = tiny_nets[name]
    net = load_net(out)
    layout = game_spec(name).observation_encoder(game).layout
    net.check(game, layout, str(out))
    assert net.meta["game"] == name and net.meta["players"] == 2
    assert net.meta["layout"] == layout_fingerprint(layout)
    assert [w.shape for w in net.weights] == [(layout.size, 8), (8, 4), (4, 1)]
    assert "Brier score" in report and "held-out games" in report
    assert f"({out.stat().st_size:,} bytes)" in report
    chances = net.predict(np.zeros((3, layout.size)))
    assert chances.shape == (3,) and np.all((chances > 0) & (chances < 1))


def test_the_same_command_gives_the_same_weights(tmp_path: Path) -> None:
    run = TrainingRun("keezen", 2, 150, seed=5, settings=TINY)
    train_value(run, tmp_path / "a.npz")
    train_value(run, tmp_path / "b.npz")
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    other = TrainingRun("keezen", 2, 150, seed=6, settings=TINY)
    train_value(other, tmp_path / "c.npz")
    assert (tmp_path / "a.npz").read_bytes() != (tmp_path / "c.npz").read_bytes()


def test_self_play_is_the_same_in_any_number_of_processes() -> None:
    one = self_play("suitors_paths", 2, 60, seed=1, processes=1)
    two = self_play("suitors_paths", 2, 60, seed=1, processes=2)
    assert one.positions >= 60 and one.positions == two.positions
    assert np.array_equal(one.features, two.features) and np.array_equal(one.labels, two.labels)
    train, held = one.split()
    assert set(held.games.tolist()) == {0} and 0 not in set(train.games.tolist())


def test_each_position_gives_every_seat_its_own_view_and_result() -> None:
    features, labels = game_positions("keezen", 2, seed=0, index=0)
    assert len(features) == len(labels) and len(labels) % 2 == 0
    assert sorted(set(labels[:2].tolist())) == [0.0, 1.0]  # one winner of two
    assert labels.tolist() == labels[:2].tolist() * (len(labels) // 2)


def test_labels_split_a_shared_win_between_the_winning_teams() -> None:
    assert final_labels([1.0, 0.0, 1.0], [(0,), (1,), (2,)]) == [0.5, 0.0, 0.5]
    assert final_labels([1.0, 0.0, 1.0, 0.0], [(0, 2), (1, 3)]) == [1.0, 0.0, 1.0, 0.0]
    assert final_labels([0.0, 0.0], [(0,), (1,)]) == [0.0, 0.0]


def test_inference_matches_a_forward_pass_by_hand() -> None:
    w0 = np.array([[1.0, -2.0], [0.5, 1.0], [-1.0, 0.25]], dtype=np.float32)
    b0 = np.array([0.1, -0.2], dtype=np.float32)
    w1 = np.array([[2.0], [-1.5]], dtype=np.float32)
    b1 = np.array([0.3], dtype=np.float32)
    net = ValueNet((w0, w1), (b0, b1), {})
    rows = [[0.2, 0.9, 0.4], [1.0, 0.0, 0.5]]
    expected = []
    for x in rows:
        hidden = [max(0.0, sum(x[i] * float(w0[i, j]) for i in range(3)) + float(b0[j]))
                  for j in range(2)]
        logit = sum(hidden[j] * float(w1[j, 0]) for j in range(2)) + float(b1[0])
        expected.append(1 / (1 + math.exp(-logit)))
    assert net.predict(rows).tolist() == pytest.approx(expected, rel=1e-6)


def write_net(path: Path, **meta: Any) -> Path:
    """Write a small keezen-2p-shaped net whose metadata `meta` overrides."""
    game = ludoteca.load("keezen", players=2)
    layout = game_spec("keezen").observation_encoder(game).layout
    base = {"format": FORMAT, "game": "keezen", "players": 2, "options": dict(game.options),
            "layout": layout_fingerprint(layout), "inputs": layout.size}
    weights = (np.zeros((layout.size, 4), np.float32), np.zeros((4, 1), np.float32))
    biases = (np.zeros(4, np.float32), np.zeros(1, np.float32))
    save_net(ValueNet(weights, biases, {**base, **meta}), path)
    return path


def test_stale_and_foreign_weights_are_refused_with_the_reason(tmp_path: Path) -> None:
    game = ludoteca.load("keezen", players=2)
    layout = game_spec("keezen").observation_encoder(game).layout
    load_net(write_net(tmp_path / "good.npz")).check(game, layout, "good")
    with pytest.raises(WeightsError, match="stale: trained on encoding layout 0123456789abcdef"):
        load_net(write_net(tmp_path / "stale.npz", layout="0123456789abcdef")).check(
            game, layout, "stale.npz")
    with pytest.raises(WeightsError, match="retrain: ludoteca train-value keezen --players 2"):
        load_net(write_net(tmp_path / "stale.npz", layout="x")).check(game, layout, "s")
    with pytest.raises(WeightsError, match="for elfenland with 2 players, not keezen with 2"):
        load_net(write_net(tmp_path / "elf.npz", game="elfenland")).check(game, layout, "e")
    with pytest.raises(WeightsError, match="for keezen with 4 players"):
        load_net(write_net(tmp_path / "four.npz", players=4)).check(game, layout, "f")
    with pytest.raises(WeightsError, match="weights format 99, this version reads 1"):
        load_net(write_net(tmp_path / "future.npz", format=99))
    with pytest.raises(WeightsError, match="shapes do not chain from 7 inputs"):
        load_net(write_net(tmp_path / "shape.npz", inputs=7))
    (tmp_path / "junk.npz").write_text("not weights")
    with pytest.raises(WeightsError, match="is not a value weights file"):
        load_net(tmp_path / "junk.npz")


def shipped() -> list[tuple[str, int]]:
    """Return the (game, players) whose package ships value weights."""
    found = []
    for name in GAMES:
        for players in game_spec(name).player_counts:
            if weights_resource(ludoteca.load(name, players=players)).is_file():
                found.append((name, players))
    return found


def test_keezen_two_player_weights_ship() -> None:
    assert ("keezen", 2) in shipped()


@pytest.mark.parametrize(("name", "players"), shipped())
def test_shipped_weights_fit_the_current_encoder(name: str, players: int) -> None:
    game = ludoteca.load(name, players=players)
    evaluate = learned_evaluator(game)  # raises WeightsError if the encoding changed
    assert isinstance(evaluate, ValueEvaluator)
    values = evaluate(game, mid_game(game, 1))
    assert len(values) == players and all(0 < v < 1 for v in values)
    meta = evaluate.net.meta
    assert str(meta["version"]).startswith(f"{name}-{players}p-")
    assert json.loads(json.dumps(meta))["training"]["positions"] > 0


def test_other_options_or_player_counts_fall_back_to_the_hand_written_evaluation() -> None:
    assert learned_evaluator(ludoteca.load("keezen", players=2, max_deals=50)) is None
    assert learned_evaluator(ludoteca.load("keezen", players=6)) is None
    bot = ISMCTSBot(value_net=True)
    plan = bot._plan(ludoteca.load("keezen", players=6))
    assert not isinstance(plan.evaluate, ValueEvaluator)
    assert isinstance(bot._plan(ludoteca.load("keezen", players=2)).evaluate, ValueEvaluator)
    plain = ISMCTSBot()  # the default, the lobby's Hard level: no network until it helps
    assert not isinstance(plain._plan(ludoteca.load("keezen", players=2)).evaluate, ValueEvaluator)


@pytest.mark.parametrize("name", GAMES)
def test_the_search_on_a_value_net_plays_legal_moves(
    name: str, tiny_nets: dict[str, tuple[Any, Path, str]]
) -> None:
    game, out, _ = tiny_nets[name]
    encoder = game_spec(name).observation_encoder(game)
    bot = ISMCTSBot(evaluate=ValueEvaluator(load_net(out), encoder, 2), depth=1)
    rng = random.Random(2)
    for seed in range(3):
        state = mid_game(game, seed, moves=10 * seed)
        if game.is_terminal(state):
            continue
        seat = game.current_player(state)
        result = bot.search(game, state, seat, rng, Budget(iterations=12))
        assert result.action in game.legal_actions(state)


def test_the_search_on_the_network_is_made_by_name_but_offered_nowhere() -> None:
    game = ludoteca.load("keezen", players=2)
    bot = make_bot("ismcts_net", game)
    assert isinstance(bot, ISMCTSBot) and bot.value_net
    assert "ismcts_net" not in available_bots("keezen")
    assert not make_bot("ismcts", game).value_net
    state = mid_game(game, 4)
    action = bot.choose(game, state, game.current_player(state), random.Random(0),
                        Budget(iterations=20))
    assert action in game.legal_actions(state)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_value_reads_only_what_the_seat_may_see(
    name: str, tiny_nets: dict[str, tuple[Any, Path, str]]
) -> None:
    game, out, _ = tiny_nets[name]
    evaluate = ValueEvaluator(load_net(out), game_spec(name).observation_encoder(game), 2)
    rng = random.Random(7)
    changed = 0
    for seed in range(4):
        state = mid_game(game, seed, moves=15 + 10 * seed)
        for seat in range(2):
            other = 1 - seat
            guess = game.resample(state, seat, rng)  # the other seat's hidden cards redrawn
            assert evaluate(game, guess)[seat] == evaluate(game, state)[seat]
            changed += evaluate(game, guess)[other] != evaluate(game, state)[other]
    if name != "thurn_und_taxis":  # its hands are hidden only from one side at a time
        assert changed  # the test can fail: a seat that cannot see the cards does change


def test_positions_are_evaluated_at_turn_boundaries() -> None:
    game = ludoteca.load("thurn_und_taxis", players=2)
    actor_of: dict[int, tuple[Any, int | None]] = {}
    real_apply = game.apply

    def apply(state: Any, action: Any) -> Any:
        after = real_apply(state, action)
        actor_of[id(after)] = (after, game.current_player(state))  # keeps `after` alive
        return after

    game.apply = apply  # type: ignore[method-assign]
    mid_turn: list[bool] = []

    def evaluate(game_: Any, state: Any) -> tuple[float, ...]:
        mid_turn.append(game.current_player(state) == actor_of[id(state)][1])
        return (0.5, 0.5)

    state = mid_game(game, 2, moves=6)
    seat = game.current_player(state)
    for cap in (0, 200):
        mid_turn.clear()
        bot = ISMCTSBot(evaluate=evaluate, depth=1, turn_cap=cap, rollout="random")
        bot.search(game, state, seat, random.Random(1), Budget(iterations=60))
        assert mid_turn
        assert any(mid_turn) if cap == 0 else not any(mid_turn)


def test_reliability_bins_count_and_average() -> None:
    chances = np.array([0.05, 0.15, 0.12, 0.95], dtype=np.float32)
    labels = np.array([0.0, 1.0, 0.0, 1.0], dtype=np.float32)
    table, brier = reliability(chances, labels)
    assert [row.count for row in table] == [1, 2, 0, 0, 0, 0, 0, 0, 0, 1]
    assert table[1].actual == 0.5 and table[1].predicted == pytest.approx(0.135)
    assert brier == pytest.approx(np.mean((chances - labels) ** 2))


def test_the_engines_never_load_numpy() -> None:
    script = (
        "import random, sys, ludoteca, ludoteca.bots\n"
        "for name in ludoteca.available_games():\n"
        "    game = ludoteca.load(name, players=2)\n"
        "    state = game.initial_state(seed=1)\n"
        "    for _ in range(30):\n"
        "        state = game.apply(state, random.choice(game.legal_actions(state)))\n"
        "print('numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_the_command_trains_prints_the_table_and_keeps_the_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, data = tmp_path / "net.npz", tmp_path / "positions.npz"
    argv = ["train-value", "keezen", "--players", "2", "--positions", "100", "--seed", "2",
            "--out", str(out), "--data", str(data)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "Reliability on the" in printed and "Brier score" in printed
    assert load_net(out).meta["training"]["positions"] >= 100 and data.is_file()
    first = out.read_bytes()
    assert main(argv) == 0  # fitted again on the kept positions: the same weights
    assert out.read_bytes() == first
