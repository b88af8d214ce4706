"""`ludoteca train-value`: self-play, fit, judge on held-out games, write the weights file.

One reproducible command per game and player count: the same arguments give the same positions
(`value_data`), the same weights (`value_fit`, seeded) and so the same file.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ludoteca.bots.value_data import HELD_OUT_EVERY, cached_self_play
from ludoteca.bots.value_fit import FitSettings, fit_net, predict, reliability_text
from ludoteca.bots.value_net import FORMAT, ValueNet, layout_fingerprint, load_net, save_net
from ludoteca.core.registry import game_spec, load


@dataclass(frozen=True)
class TrainingRun:
    """What to train: the game, its seats, how many positions, the seed and the processes."""

    game: str
    players: int | None = None
    positions: int = 20_000
    seed: int = 0
    processes: int = 1
    settings: FitSettings = field(default_factory=FitSettings)
    data: Path | None = None
    """Where to keep the self-play positions, to fit again without playing again (None: not
    kept)."""


def train_value(run: TrainingRun, out: Path) -> str:
    """Train a value network as `run` says, write it to `out` and return the report's text."""
    game = load(run.game, run.players)
    spec = game_spec(game.name)
    if spec.observation_encoder is None:
        raise ValueError(f"{game.name} has no observation encoder to train a value network on")
    layout = spec.observation_encoder(game).layout
    data = cached_self_play(game.name, game.num_players, run.positions, run.seed, run.processes,
                            run.data, layout_fingerprint(layout))
    train, held = data.split()
    if not len(train.labels) or not len(held.labels):
        raise ValueError(
            f"{data.positions} positions from {int(data.games.max()) + 1} games are too few to "
            f"hold out every {HELD_OUT_EVERY}th game: ask for more positions"
        )
    fit = fit_net(train.features, train.labels, held.features, held.labels, run.settings,
                  run.seed)
    params = [array for layer in zip(fit.weights, fit.biases, strict=True) for array in layer]
    digest = hashlib.sha256(b"".join(array.tobytes() for array in params)).hexdigest()[:12]
    meta = {
        "format": FORMAT,
        "version": f"{game.name}-{game.num_players}p-{digest}",
        "game": game.name,
        "players": game.num_players,
        "options": dict(game.options),
        "layout": layout_fingerprint(layout),
        "inputs": layout.size,
        "hidden": list(run.settings.hidden),
        "training": {
            "positions": data.positions, "games": int(data.games.max()) + 1, "seed": run.seed,
            "epochs": fit.epochs, "best_epoch": fit.best_epoch,
            "held_out_loss": round(fit.held_loss, 5),
        },
    }
    size = save_net(ValueNet(fit.weights, fit.biases, meta), out)
    load_net(out).check(game, layout, str(out))  # what was written reads back and fits
    chances = predict(params, held.features)
    games = int(data.games.max()) + 1
    return "\n".join([
        f"{game.name}, {game.num_players} players: {data.positions:,} positions "
        f"({len(data.labels):,} seat views) from {games:,} heuristic self-play games in "
        f"{data.seconds:.1f} s ({data.positions / data.seconds:,.0f} positions/s, "
        f"{run.processes} process{'es' if run.processes > 1 else ''})",
        f"network {layout.size}-{'-'.join(map(str, run.settings.hidden))}-1: "
        f"{fit.epochs} epochs in {fit.seconds:.1f} s, best held-out loss {fit.held_loss:.4f} "
        f"at epoch {fit.best_epoch} (training loss {fit.train_loss:.4f})",
        "",
        f"Reliability on the {len(np.unique(held.games)):,} held-out games "
        f"(every {HELD_OUT_EVERY}th game from the first):",
        reliability_text(chances, held.labels),
        "",
        f"weights {meta['version']} written to {out} ({size:,} bytes)",
    ])
