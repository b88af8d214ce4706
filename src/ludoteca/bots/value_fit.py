"""Fitting a value network in numpy, and judging its calibration on held-out games.

The network (`value_net.ValueNet`) is trained on the binary cross-entropy of its sigmoid output
against the seats' results with Adam on shuffled mini-batches. The positions of one game share
its result, so a network soon learns to recognise games instead of judging positions: dropout
on the inputs and hidden layers and an L2 penalty hold it back, and the loss on the held-out
games, measured `checks` times a pass, decides: the best weights so far are kept, and training
stops after `patience` checks without improvement. A seeded generator draws the initial
weights, the batches and the dropout, so the same data and seed give the same weights.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.floating[Any]]


@dataclass(frozen=True)
class FitSettings:
    """How to fit: layer sizes, Adam's step, batch size and the early stop."""

    hidden: tuple[int, ...] = (128, 64)
    learning_rate: float = 1e-3
    batch: int = 256
    max_epochs: int = 40
    checks: int = 4
    """Held-out evaluations per pass over the training examples."""
    patience: int = 8
    """Checks without a better held-out loss before training stops."""
    l2: float = 1e-4
    """The penalty on the squared weights (not the biases), added to the loss's gradient."""
    input_dropout: float = 0.1
    hidden_dropout: float = 0.2


@dataclass(frozen=True)
class Fit:
    """The fitted layers and how the fit went."""

    weights: tuple[Array, ...]
    biases: tuple[Array, ...]
    epochs: int
    best_epoch: int
    train_loss: float
    held_loss: float
    seconds: float


def fit_net(
    features: Array, labels: Array, held_features: Array, held_labels: Array,
    settings: FitSettings, seed: int = 0,
) -> Fit:
    """Return the layers minimising the held-out loss (see the module docstring)."""
    started = time.perf_counter()
    rng = np.random.default_rng(seed)
    sizes = [features.shape[1], *settings.hidden, 1]
    params: list[Array] = []
    for fan_in, fan_out in itertools.pairwise(sizes):
        scale = math.sqrt(2.0 / fan_in) if fan_out > 1 else math.sqrt(1.0 / fan_in) * 0.1
        params.append((rng.standard_normal((fan_in, fan_out)) * scale).astype(np.float32))
        params.append(np.zeros(fan_out, dtype=np.float32))
    adam = _Adam(params, settings)
    best = [p.copy() for p in params]
    best_loss = loss(params, held_features, held_labels)
    best_check = check = epoch = 0
    train_loss = math.nan
    targets = labels.reshape(-1, 1).astype(np.float32)
    batches = math.ceil(len(labels) / settings.batch)
    check_every = max(1, batches // settings.checks)
    while epoch < settings.max_epochs and check - best_check < settings.patience:
        epoch += 1
        order = rng.permutation(len(labels))
        total = 0.0
        for number, start in enumerate(range(0, len(order), settings.batch), 1):
            rows = order[start:start + settings.batch]
            masks = _dropout_masks(rng, len(rows), sizes, settings)
            batch_loss, grads = _gradients(params, features[rows], targets[rows], masks)
            for index in range(0, len(params), 2):
                grads[index] += settings.l2 * params[index]
            adam.step(params, grads)
            total += batch_loss * len(rows)
            if number % check_every == 0 or number == batches:
                check += 1
                held = loss(params, held_features, held_labels)
                if held < best_loss:
                    best_loss, best_check, best = held, check, [p.copy() for p in params]
                elif check - best_check >= settings.patience:
                    break
        train_loss = total / max(1, min(len(order), number * settings.batch))
    return Fit(
        tuple(best[0::2]), tuple(best[1::2]), epoch, math.ceil(best_check / settings.checks),
        train_loss, best_loss, time.perf_counter() - started,
    )


def _dropout_masks(
    rng: np.random.Generator, rows: int, sizes: list[int], settings: FitSettings
) -> list[Array]:
    """Return the inverted-dropout mask of each layer's input for one batch (0 or 1/(1-p))."""
    masks = []
    for index, size in enumerate(sizes[:-1]):
        rate = settings.input_dropout if index == 0 else settings.hidden_dropout
        keep = rng.random((rows, size), dtype=np.float32) >= rate
        masks.append(keep.astype(np.float32) / np.float32(1.0 - rate))
    return masks


def predict(params: list[Array], features: Array) -> Array:
    """Return the network's win chances for each row (params: w0, b0, w1, b1, ...)."""
    return _sigmoid(_forward(params, features)[-1][:, 0])


def loss(params: list[Array], features: Array, labels: Array) -> float:
    """Return the mean binary cross-entropy of the network's chances against `labels`."""
    if len(labels) == 0:
        return math.inf
    logits = _forward(params, features)[-1][:, 0]
    return float(np.mean(_cross_entropy(logits, labels)))


def _cross_entropy(logits: Array, labels: Array) -> Array:
    # log(1 + e^z) - y z, written to stay finite for large |z|.
    result: Array = np.logaddexp(0.0, logits) - labels * logits
    return result


def _sigmoid(logits: Array) -> Array:
    result: Array = 1.0 / (1.0 + np.exp(-logits))
    return result


def _forward(
    params: list[Array], features: Array, masks: list[Array] | None = None
) -> list[Array]:
    """Return every layer's output: inputs, the ReLU layers, then the logits (each layer's
    input multiplied by its dropout mask, if any)."""
    outputs = [features if masks is None else features * masks[0]]
    last = len(params) // 2 - 1
    for index in range(last + 1):
        z = outputs[-1] @ params[2 * index] + params[2 * index + 1]
        if index == last:
            outputs.append(z)
        else:
            relu = np.maximum(z, 0.0)
            outputs.append(relu if masks is None else relu * masks[index + 1])
    return outputs


def _gradients(
    params: list[Array], features: Array, targets: Array, masks: list[Array]
) -> tuple[float, list[Array]]:
    """Return the batch's mean loss and its gradient for each parameter (with dropout)."""
    outputs = _forward(params, features, masks)
    logits = outputs[-1]
    batch_loss = float(np.mean(_cross_entropy(logits, targets)))
    delta = (_sigmoid(logits) - targets) / len(targets)
    grads: list[Array] = [np.empty(0, dtype=np.float32)] * len(params)
    for index in range(len(params) // 2 - 1, -1, -1):
        below = outputs[index]
        grads[2 * index] = below.T @ delta
        grads[2 * index + 1] = delta.sum(axis=0)
        if index:  # through the dropout mask and the ReLU: zero where either dropped the unit
            delta = (delta @ params[2 * index].T) * (below > 0) * masks[index]
    return batch_loss, grads


class _Adam:
    """Adam (Kingma and Ba 2015) with its usual constants."""

    def __init__(self, params: list[Array], settings: FitSettings) -> None:
        self.rate = settings.learning_rate
        self.first = [np.zeros_like(p) for p in params]
        self.second = [np.zeros_like(p) for p in params]
        self.steps = 0

    def step(self, params: list[Array], grads: list[Array]) -> None:
        """Move every parameter one step against its gradient."""
        self.steps += 1
        beta1, beta2 = 0.9, 0.999
        correction = math.sqrt(1 - beta2**self.steps) / (1 - beta1**self.steps)
        for index, (param, grad) in enumerate(zip(params, grads, strict=True)):
            first, second = self.first[index], self.second[index]
            first *= beta1
            first += (1 - beta1) * grad
            second *= beta2
            second += (1 - beta2) * grad * grad
            param -= self.rate * correction * first / (np.sqrt(second) + 1e-8)


@dataclass(frozen=True)
class Bin:
    """One bin of the reliability table: its predicted range, count and mean outcomes."""

    low: float
    high: float
    count: int
    predicted: float
    actual: float


def reliability(chances: Array, labels: Array, bins: int = 10) -> tuple[list[Bin], float]:
    """Return the reliability bins (equal widths of predicted chance) and the Brier score."""
    which = np.minimum((chances * bins).astype(int), bins - 1)
    table = []
    for index in range(bins):
        mask = which == index
        count = int(mask.sum())
        table.append(Bin(
            index / bins, (index + 1) / bins, count,
            float(chances[mask].mean()) if count else math.nan,
            float(labels[mask].mean()) if count else math.nan,
        ))
    brier = float(np.mean((chances - labels) ** 2)) if len(labels) else math.nan
    return table, brier


def reliability_text(chances: Array, labels: Array, bins: int = 10) -> str:
    """Return the reliability table and Brier scores (the net's, and always guessing the mean)."""
    table, brier = reliability(chances, labels, bins)
    lines = [
        "predicted   | seat views | mean predicted | actual win rate",
        "------------|------------|----------------|----------------",
    ]
    for row in table:
        if row.count:
            lines.append(f"{row.low:.1f} - {row.high:.1f}   | {row.count:10,d} | "
                         f"{row.predicted:14.3f} | {row.actual:15.3f}")
    base = float(np.mean((labels.mean() - labels) ** 2)) if len(labels) else math.nan
    lines.append(f"Brier score {brier:.4f} (always guessing the mean win rate: {base:.4f}) "
                 f"over {len(labels):,} held-out seat views")
    return "\n".join(lines)
