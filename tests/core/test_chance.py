"""Seeded chance: the same seed and labels give the same draws in any process."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ludoteca.core.chance import check_seed, event_rng, fresh_seed, shuffled


def test_event_rng_is_fixed_by_seed_and_labels() -> None:
    assert event_rng(7, "pack", 0).random() == event_rng(7, "pack", 0).random()
    assert event_rng(7, "pack", 0).random() != event_rng(7, "pack", 1).random()
    assert event_rng(7, "pack", 0).random() != event_rng(8, "pack", 0).random()


def test_event_rng_is_the_same_in_another_process() -> None:
    code = "from ludoteca.core.chance import event_rng; print(event_rng(42, 'x').random())"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={"PYTHONHASHSEED": str(hash_seed)},
        ).stdout
        for hash_seed in (1, 2)
    }
    assert outputs == {f"{event_rng(42, 'x').random()}\n"}


def test_shuffled_leaves_its_input_alone() -> None:
    items = [1, 2, 3, 4, 5]
    result = shuffled(items, event_rng(1))
    assert items == [1, 2, 3, 4, 5]
    assert sorted(result) == items


def test_fresh_seed_is_non_negative_and_drawn_from_the_generator() -> None:
    assert fresh_seed(event_rng(3)) == fresh_seed(event_rng(3)) >= 0


@pytest.mark.parametrize("seed", [-1, 1.5, "1", True, None])
def test_bad_seeds_are_rejected(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        check_seed(seed)
