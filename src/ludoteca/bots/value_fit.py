"""Fitting a value network in numpy, and judging its calibration on held-out games.

The network (`value_net.ValueNet`) is trained on the binary cross-entropy of its sigmoid output
against the seats' results with Adam on shuffled mini-batches; after each pass over the training
examples the loss on the held-out games decides: the best weights so far are kept, and training
stops after `patience` passes without improvement. A seeded generator draws the initial weights
and the batches, so the same data and seed give the same weights.
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
    max_epochs: int = 60
    patience: int = 4
    weight_decay: float = 1e-5
    """Decoupled (AdamW) shrinkage of the weights per step, relative to the step size."""


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
    best_epoch = epoch = 0
    train_loss = math.nan
    targets = labels.reshape(-1, 1).astype(np.float32)
    while epoch < settings.max_epochs and epoch - best_epoch < settings.patience:
        epoch += 1
        order = rng.permutation(len(labels))
        total = 0.0
        for start in range(0, len(order), settings.batch):
            rows = order[start:start + settings.batch]
            batch_loss, grads = _gradients(params, features[rows], targets[rows])
            adam.step(params, grads)
            total += batch_loss * len(rows)
        train_loss = total / len(order)
        held = loss(params, held_features, held_labels)
        if held < best_loss:
            best_loss, best_epoch, best = held, epoch, [p.copy() for p in params]
    return Fit(
        tuple(best[0::2]), tuple(best[1::2]), epoch, best_epoch, train_loss, best_loss,
        time.perf_counter() - started,
    )


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


def _forward(params: list[Array], features: Array) -> list[Array]:
    """Return every layer's output: inputs, the ReLU layers, then the logits."""
    outputs = [features]
    last = len(params) // 2 - 1
    for index in range(last + 1):
        z = outputs[-1] @ params[2 * index] + params[2 * index + 1]
        outputs.append(np.maximum(z, 0.0) if index < last else z)
    return outputs


def _gradients(params: list[Array], features: Array, targets: Array) -> tuple[float, list[Array]]:
    """Return the batch's mean loss and its gradient for each parameter."""
    outputs = _forward(params, features)
    logits = outputs[-1]
    batch_loss = float(np.mean(_cross_entropy(logits, targets)))
    delta = (_sigmoid(logits) - targets) / len(targets)
    grads: list[Array] = [np.empty(0, dtype=np.float32)] * len(params)
    for index in range(len(params) // 2 - 1, -1, -1):
        below = outputs[index]
        grads[2 * index] = below.T @ delta
        grads[2 * index + 1] = delta.sum(axis=0)
        if index:
            delta = (delta @ params[2 * index].T) * (below > 0)
    return batch_loss, grads


class _Adam:
    """Adam with decoupled weight decay on the weight matrices."""

    def __init__(self, params: list[Array], settings: FitSettings) -> None:
        self.rate = settings.learning_rate
        self.decay = settings.weight_decay
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
            if param.ndim == 2:
                param *= 1 - self.rate * self.decay
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
