"""Elfenland as plain text: the table and the log lines a spectator sees (never hidden cards).

A table reads:

    Elfenland, 3 players: round 2 of 4, place counters, start player 1, seat 2 to act
    seat  boot          pieces  cards  open  secret  obstacle
       0  Lapphalya          3      8  PUD        1  yes
       1  Elvenhold          0      8  CC         1  used
    display D U P T C; draw pile 40; discards PPER; supply 30
    roads 2:P(0) 21:D(0)+obstacle(2)
"""

from __future__ import annotations

from ludoteca.core.render import Renderer
from ludoteca.games.elfenland.board import LETTERS
from ludoteca.games.elfenland.cards import cards_text
from ludoteca.games.elfenland.rules import ElfenlandGame
from ludoteca.games.elfenland.state import NONE, PHASE_WORDS, ElfenlandState, Event


def board_text(game: ElfenlandGame, state: ElfenlandState) -> str:
    """Return a plain-text picture of the public table of `state`."""
    names = game.map.town_names
    width = max(len(name) for name in names)
    lines = [_header(game, state),
             f"seat  {'boot':<{width}}  pieces  cards  open  secret  obstacle"]
    for seat in range(game.num_players):
        opened = cards_text(state.open_counters[seat]) or "-"
        lines.append(
            f"{seat:>4}  {names[state.boots[seat]]:<{width}}  {state.pieces(seat):>6}"
            f"  {sum(state.hands[seat]):>5}  {opened:<4}  {sum(state.secret_counters[seat]):>6}"
            f"  {'yes' if state.has_obstacle[seat] else 'used'}"
        )
    display = " ".join("-" if kind == NONE else LETTERS[kind] for kind in state.display)
    lines.append(
        f"display {display}; draw pile {len(state.draw_pile)}; "
        f"discards {cards_text(state.discards) or '-'}; supply {len(state.supply)}"
    )
    lines.append("roads " + (" ".join(_road(state, e) for e in game.map.road_ids
                                      if state.road_counter[e] != NONE) or "-"))
    return "\n".join(lines)


def _header(game: ElfenlandGame, state: ElfenlandState) -> str:
    title = f"Elfenland, {game.num_players} players: round {state.round} of {game.settings.rounds}"
    if state.current is None:
        ranks = ", ".join(f"seat {seat} #{rank}" for seat, rank in enumerate(state.ranks))
        return f"{title}, game over: {ranks}"
    return (f"{title}, {PHASE_WORDS[state.phase].name}, start player {state.start}, "
            f"seat {state.current} to act")


def _road(state: ElfenlandState, e: int) -> str:
    text = f"{e}:{LETTERS[state.road_counter[e]]}({state.road_placer[e]})"
    if state.road_obstacle[e] != NONE:
        text += f"+obstacle({state.road_obstacle[e]})"
    return text


class ElfenlandRenderer(Renderer[ElfenlandGame, ElfenlandState]):
    """The text renderer the Elfenland descriptor offers (`core.spec.TextRenderer`)."""

    def board_text(self, state: ElfenlandState) -> str:
        """Return the public table of `state` as text."""
        return board_text(self.game, state)

    def event_line(self, event: Event, omniscient: bool) -> str:
        """Return one event as a record line (§7.3): a spectator's, or with every hidden card
        and counter shown."""
        viewer = getattr(event, "seat", None) if omniscient else None
        text = self.game.log_renderer.entry(event, viewer)["text"]
        assert isinstance(text, str)
        return text

    def snapshot_lines(self, before: ElfenlandState | None, state: ElfenlandState) -> list[str]:
        """Return the public table whenever a phase begins, else nothing."""
        if before is not None and (before.round, before.phase) == (state.round, state.phase):
            return []
        return self.table_lines(state)
