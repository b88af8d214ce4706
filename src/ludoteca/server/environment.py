"""Command options from environment variables: `--some-option` may come from
`LUDOTECA_SOME_OPTION`, and the command line wins over the environment.

Containers and process managers configure a service through its environment; docs/deploy.md
lists every variable of `ludoteca serve`. A variable is read when the parser is built and
converted only when its command runs (`resolve`), so a bad value fails that command alone,
with a message naming the variable. A plain module: no server extra needed.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

PREFIX = "LUDOTECA_"
TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def variable_name(action: argparse.Action) -> str:
    """Return the environment variable of an option (`--bot-delay` -> LUDOTECA_BOT_DELAY)."""
    return PREFIX + action.dest.upper()


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Return the options of `parser` that take a setting (not --help)."""
    return [action for action in parser._actions
            if action.option_strings and action.dest != "help"]


@dataclass(frozen=True, slots=True)
class FromEnvironment:
    """An option's value as the text of its environment variable, not yet converted."""

    variable: str
    text: str
    action: argparse.Action

    def value(self) -> Any:
        """Return the text converted as the option converts its argument; ValueError naming
        the variable if it is not a valid value."""
        if self.action.nargs == 0:  # a flag such as --api-docs
            word = self.text.strip().lower()
            if word in TRUE_WORDS | FALSE_WORDS:
                return word in TRUE_WORDS
            raise ValueError(f"{self.variable}={self.text!r}: expected one of "
                             f"{', '.join(sorted(TRUE_WORDS | FALSE_WORDS))}")
        convert = self.action.type if callable(self.action.type) else str
        try:
            value = convert(self.text)
        except argparse.ArgumentTypeError as error:
            raise ValueError(f"{self.variable}={self.text!r}: {error}") from None
        except (TypeError, ValueError):
            kind = getattr(convert, "__name__", "value")
            raise ValueError(f"{self.variable}={self.text!r}: not a valid {kind}") from None
        choices = self.action.choices
        if choices is not None and value not in choices:
            raise ValueError(f"{self.variable}={self.text!r}: expected one of "
                             f"{', '.join(map(str, choices))}")
        return value


def default_from_environment(parser: argparse.ArgumentParser, environ: Mapping[str, str]) -> None:
    """Make every option of `parser` whose variable is set in `environ` default to it."""
    for action in options(parser):
        variable = variable_name(action)
        if variable in environ:
            action.default = FromEnvironment(variable, environ[variable], action)


def resolve(args: argparse.Namespace) -> None:
    """Convert in place every option of `args` that came from the environment."""
    for name, value in vars(args).items():
        if isinstance(value, FromEnvironment):
            setattr(args, name, value.value())
