"""Typed errors of the engine contract: what was tried and why it is refused."""

from __future__ import annotations


class LudotecaError(ValueError):
    """Base class of every error the engines raise on bad input."""


class IllegalActionError(LudotecaError):
    """A well-formed action that the rules do not allow in this state."""


class InvalidActionError(LudotecaError):
    """Text or an id that does not denote any action of this game."""


class StateFormatError(LudotecaError):
    """A serialized state or record that cannot be read back."""
