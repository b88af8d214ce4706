"""Drafts: a mutable copy of a frozen, slotted dataclass state that freezes without a copy.

An engine builds each next state on a draft: `thaw(state)` copies the state's constructor
fields into a draft, the rules assign to the draft's fields, and `draft.freeze()` returns the
new state. Fields that are no constructor fields (a cache such as `legal`) start at their
default, so nothing computed from the old fields survives into the new state.

Why not `dataclasses.replace` or the constructor: a frozen dataclass's `__init__` sets every
field through `object.__setattr__`, which on the engines' hot paths costs about as much as a
move's rules. A draft is instead an instance of a twin class with exactly the state's slots:
`thaw` is a generated run of plain attribute copies (as `dataclasses` generates `__init__`),
and `freeze` reassigns the draft's `__class__` to the state class, which CPython allows
between classes of identical layout. The draft becomes the state without copying, and a
later assignment to it raises FrozenInstanceError like on any other state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Draft(Protocol[S_co]):
    """A state being changed: every field of the state, assignable, until `freeze`."""

    def freeze(self) -> S_co:
        """Return the state this draft describes (the draft object itself, now frozen)."""
        ...

    if TYPE_CHECKING:
        # The fields are the state's own, found by name at run time; statically they are Any.
        def __getattr__(self, name: str) -> Any: ...

        def __setattr__(self, name: str, value: Any) -> None: ...


def thaw(state: S) -> Draft[S]:
    """Return a draft of `state`: constructor fields copied, the other fields at their default."""
    thawer = _THAWERS.get(type(state))
    if thawer is None:
        thawer = _THAWERS[type(state)] = _thawer(type(state))
    return cast("Draft[S]", thawer(state))


_THAWERS: dict[type[Any], Callable[[Any], Any]] = {}
"""Per state class, its `_thawer` (made once: a class's fields never change)."""


def _thawer(cls: type[Any]) -> Callable[[Any], Any]:
    """Return the function that copies a state of class `cls` into a new draft."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    slots = vars(cls).get("__slots__")
    # Bases may add methods but no slots (e.g. `core.engine.SegmentedState`): the twin derives
    # from the same bases, so that both classes have one layout.
    if slots is None or any(vars(base).get("__slots__") != () for base in cls.__mro__[1:-1]):
        raise TypeError(f"{cls.__name__} must be slotted, its bases adding no slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__ that freezing would skip")

    def freeze(draft: Any) -> Any:
        draft.__class__ = cls
        return draft

    twin = type(f"{cls.__name__}Draft", cls.__bases__, {
        "__slots__": slots, "__module__": cls.__module__, "freeze": freeze,
    })
    namespace: dict[str, Any] = {"new": object.__new__, "twin": twin}
    lines = ["def thaw(state):", "    draft = new(twin)"]
    for field in fields(cls):
        if field.init:
            lines.append(f"    draft.{field.name} = state.{field.name}")
        elif field.default is not MISSING:
            namespace[f"default_{field.name}"] = field.default
            lines.append(f"    draft.{field.name} = default_{field.name}")
        elif field.default_factory is not MISSING:
            namespace[f"factory_{field.name}"] = field.default_factory
            lines.append(f"    draft.{field.name} = factory_{field.name}()")
        else:
            raise TypeError(f"{cls.__name__}.{field.name} has neither __init__ nor a default")
    lines.append("    return draft")
    exec("\n".join(lines), namespace)  # only field names are spliced in, as dataclasses does
    return cast("Callable[[Any], Any]", namespace["thaw"])
