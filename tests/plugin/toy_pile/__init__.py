"""Toy Pile: a small fifth game that lives in `tests/` and is registered like a plug-in.

It exists to prove that a game touches only its own files: `tests/plugin/test_fifth_game.py`
registers it through the entry point group `ludoteca.games` and runs the CLI, the research
adapters, the conformance harness and the plug-in surface check on it. Its files mirror a game
package (`spec.py`, `rules.py`, `render.py`, `encoding.py`) plus what a game adds outside its
package: its front-end module and catalogue entries (`web/`) and its rules page (`rules.md`).
"""
