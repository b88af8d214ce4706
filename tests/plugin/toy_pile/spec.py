"""The Toy Pile descriptor, as a plug-in distribution would declare it (entry point
`toy_pile = "tests.plugin.toy_pile.spec:SPEC"` in the group `ludoteca.games`).

`make_spec` also builds the same game under another name without its numeric encoding, to
show that the encoding is optional."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.core.encoding import ObservationEncoder
from ludoteca.core.game import JSON
from ludoteca.core.options import OptionSpec
from ludoteca.core.players import Bot
from ludoteca.core.spec import BotSpec, GameSpec, TextRenderer


def _builder(name: str) -> Callable[[dict[str, JSON]], Any]:
    def build(values: dict[str, JSON]) -> Any:
        from tests.plugin.toy_pile.rules import ToyPileGame

        players, pile = values["num_players"], values["pile"]
        assert isinstance(players, int) and isinstance(pile, int)
        return ToyPileGame(players, pile, name)

    return build


def _renderer(game: Any) -> TextRenderer:
    from tests.plugin.toy_pile.render import PileRenderer

    return PileRenderer(game)


def _heuristic() -> Bot:
    from tests.plugin.toy_pile.rules import TakeMost

    return TakeMost()


def _encoder(game: Any) -> ObservationEncoder:
    from tests.plugin.toy_pile.encoding import PileEncoder

    return PileEncoder(game)


def make_spec(name: str = "toy_pile", encoding: bool = True) -> GameSpec:
    """Return the descriptor of Toy Pile registered as `name`, with or without its encoding."""
    return GameSpec(
        name=name,
        title="Toy Pile" if encoding else "Toy Pile Plain",
        summary="Take one to three counters from a pile, never as many as the last take; the "
                "last take wins unless a secret card beats the taker's.",
        player_counts=(2, 3),
        default_players=2,
        options=(
            OptionSpec("pile", "integer", 120, "Counters in the pile",
                       "How many counters the pile starts with (P2).", minimum=3, maximum=200),
        ),
        build=_builder(name),
        renderer=_renderer,
        bots=(BotSpec("heuristic", 1,
                      "Takes the last counters when it may, else as many as it may.", _heuristic),),
        default_bot="heuristic",
        observation_keys=("pile", "secret"),
        observation_encoder=_encoder if encoding else None,
        rules_page="tests/plugin/toy_pile/rules.md",
        play_minutes=(1, 2),
    )


SPEC = make_spec()
