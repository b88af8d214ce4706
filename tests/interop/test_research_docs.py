"""The Python blocks of docs/research.md run as written (each in a fresh namespace)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_a_block_for_each_library() -> None:
    text = "\n".join(BLOCKS)
    for library in ("pyspiel.load_game", "ISMCTSBot", "pettingzoo", "gymnasium.make"):
        assert library in text


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_block_runs(block: str) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, str(DOC), "exec"), {"__name__": "docs_research"})
    assert printed.getvalue().strip(), "each block prints what it shows"
