"""Train sb3-contrib's MaskablePPO on a Ludoteca game for a few minutes and plot its win rate.

    pip install -e '.[train]'
    python examples/train_maskable_ppo.py --game keezen --players 2 --opponent random --minutes 4

The learner holds one seat of a Gymnasium environment (`ludoteca.interop.gymnasium`); our bots
play the other seats. Its only reward is the environment's own: the learner's return at the
end of a game (1.0 for a win, 0.0 otherwise). Every `--eval-every` environment steps the
current policy plays `--eval-games` seeded games against the same opponent, deterministically
and within the action mask, its seat rotating round the table; the share it wins is one point
of the learning curve. A random policy that picks uniformly among the legal actions plays the
same games once, for the baseline drawn across the plot.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from ludoteca.bots.base import available_bots
from ludoteca.core.registry import available_games, game_spec
from ludoteca.interop.gymnasium import LudotecaEnv

EVAL_SEED = 1_000_000
"""The first seed of the evaluation deals, the same at every evaluation (training deals are drawn
by the training tables' own generators)."""

TABLES_PER_SEAT = 2
"""Training tables with the learner in each seat."""

ROLLOUT_STEPS = 2048
"""Environment steps in one rollout, over all the training tables."""

Choose = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]
"""A policy for evaluation: (observation, action mask) -> action id."""


@dataclass(frozen=True)
class CurvePoint:
    """The win rate measured after `steps` environment steps and `seconds` of the run."""

    steps: int
    seconds: float
    win_rate: float


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Return the command line's settings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="keezen", choices=available_games())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random",
                        help="the bot in every other seat: random or heuristic (default random)")
    parser.add_argument("--minutes", type=float, default=4.0,
                        help="wall-clock budget of the whole run, evaluations included")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=int, default=4096,
                        help="environment steps between two evaluations")
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    parser.add_argument("--output", type=Path, default=Path("docs/research-learning-curve.png"))
    args = parser.parse_args(argv)
    if args.opponent not in available_bots(args.game):
        parser.error(f"--opponent: {args.game} has the bots {', '.join(available_bots(args.game))}")
    return args


def play_games(choose: Choose, game: str, players: int, opponent: str, games: int) -> float:
    """Return the share of the seeded evaluation games that `choose` wins (or shares the win).

    Game i is dealt from seed EVAL_SEED + i with the policy in seat i mod players, so every
    evaluation, and the random baseline, meets the same deals from every seat.
    """
    tables = [LudotecaEnv(game=game, players=players, seat=seat, opponents=opponent)
              for seat in range(players)]
    wins = 0
    for index in range(games):
        table = tables[index % players]
        observation, _ = table.reset(seed=EVAL_SEED + index)
        over, reward = False, 0.0
        while not over:
            observation, reward, ended, truncated, _ = table.step(
                choose(observation, table.action_masks()))
            over = ended or truncated
        wins += reward > 0  # the return: 1.0 for the winner(s), 0.0 for the others
    return wins / games


def random_policy(seed: int) -> Choose:
    """Return a policy that picks uniformly among the legal actions (the baseline)."""
    rng = np.random.default_rng(seed)
    return lambda _observation, mask: int(rng.choice(np.flatnonzero(mask)))


def greedy_policy(model: MaskablePPO) -> Choose:
    """Return the model's deterministic choice among the legal actions."""
    def choose(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        action, _ = model.predict(observation, deterministic=True, action_masks=mask)
        return int(action)
    return choose


def build_model(args: argparse.Namespace) -> MaskablePPO:
    """Return a MaskablePPO learner with TABLES_PER_SEAT training tables for each seat."""
    # TABLES_PER_SEAT tables for each seat, so the learner plays first as often as last and the
    # policy chooses for several tables in one forward pass. MaskablePPO finds the masks through
    # each environment's `action_masks()`, so no ActionMasker wrapper is needed.
    seats = [seat for seat in range(args.players) for _ in range(TABLES_PER_SEAT)]
    tables = DummyVecEnv([
        (lambda seat=seat: LudotecaEnv(game=args.game, players=args.players, seat=seat,
                                       opponents=args.opponent))
        for seat in seats
    ])
    return MaskablePPO(
        "MlpPolicy", tables,
        n_steps=ROLLOUT_STEPS // len(seats),  # a rollout holds about 45 two-player Keezen games
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,             # the only reward comes at the end of a game
        ent_coef=0.01,           # keeps it trying moves while the win rate is noisy
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )


def train(args: argparse.Namespace) -> tuple[list[CurvePoint], float]:
    """Train for the time budget; return the learning curve and the random policy's win rate."""
    torch.set_num_threads(args.threads)
    start = time.monotonic()
    deadline = start + 60 * args.minutes

    def evaluate(choose: Choose) -> float:
        return play_games(choose, args.game, args.players, args.opponent, args.eval_games)

    def measure(model: MaskablePPO) -> CurvePoint:
        win_rate = evaluate(greedy_policy(model))
        # Timed after the evaluation, so the last point's time is the whole run's.
        point = CurvePoint(model.num_timesteps, time.monotonic() - start, win_rate)
        report(point)
        return point

    baseline = evaluate(random_policy(args.seed))
    print(f"random masked policy: {baseline:.3f} of {args.eval_games} games")
    model = build_model(args)
    curve = [measure(model)]
    while time.monotonic() < deadline:
        model.learn(total_timesteps=args.eval_every, reset_num_timesteps=False)
        curve.append(measure(model))
    return curve, baseline


def report(point: CurvePoint) -> None:
    """Print one point of the curve."""
    print(f"{point.steps:>8,} steps  {point.seconds / 60:5.2f} min  win rate {point.win_rate:.3f}",
          flush=True)


def plot(curve: Sequence[CurvePoint], baseline: float, args: argparse.Namespace) -> None:
    """Save the learning curve, with the random baseline, as a PNG at `args.output`."""
    import matplotlib

    matplotlib.use("Agg")  # no display: render to a file only
    import matplotlib.pyplot as plt
    from matplotlib.ticker import StrMethodFormatter

    steps = np.array([point.steps for point in curve])
    rates = np.array([point.win_rate for point in curve])
    # The binomial standard error of a share measured on eval_games games.
    spread = np.sqrt(rates * (1 - rates) / args.eval_games)
    figure, axes = plt.subplots(figsize=(7, 4), dpi=100)
    axes.plot(steps, rates, marker="o", markersize=3, label="MaskablePPO (greedy, masked)")
    axes.fill_between(steps, rates - spread, rates + spread, alpha=0.2, label="± 1 std. error")
    axes.axhline(baseline, color="grey", linestyle="--",
                 label=f"random masked policy ({baseline:.2f})")
    axes.set_xlabel("environment steps (learner's moves)")
    axes.set_ylabel(f"win rate over {args.eval_games} games")
    axes.set_ylim(0, 1)
    axes.xaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    minutes = curve[-1].seconds / 60
    axes.set_title(f"{game_spec(args.game).title}, {args.players} players, against the "
                   f"{args.opponent} bot ({minutes:.1f} min on CPU)")
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    figure.tight_layout()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(args.output)
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> None:
    """Train, print the curve's summary and save its plot."""
    args = parse_args(argv)
    curve, baseline = train(args)
    best = max(curve, key=lambda point: point.win_rate)
    final = curve[-1]
    print(f"final: {final.win_rate:.3f} after {final.steps:,} steps; best: {best.win_rate:.3f} "
          f"at {best.steps:,}; random masked policy: {baseline:.3f}; "
          f"std. error of a point about {math.sqrt(0.25 / args.eval_games):.3f}")
    plot(curve, baseline, args)
    print(f"learning curve saved to {args.output}")


if __name__ == "__main__":
    main()
