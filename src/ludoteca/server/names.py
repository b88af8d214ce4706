"""Names people give themselves: which characters show nothing, and when two names are one.

Every player sees the names, so none may pass for another. Cleaning (schemas.player_name) drops
what shows nothing; `name_key` then says which names read the same, so that no two seats of a
match, and no spectator and a player, go by one name. User accounts reuse both.
"""

from __future__ import annotations

import unicodedata

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories that show nothing: control, format (bidi overrides, zero-width
characters), surrogate, private use and unassigned code points."""

DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner (a mark, so not in INVISIBLE_CATEGORIES)
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers (letters that show nothing)
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner, joiner; LRM, RLM
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidi isolates
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # zero-width no-break space (byte-order mark)
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned specials
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical format controls
    (0xE0000, 0xE0FFF),  # tags and variation selectors supplement
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters a font
draws as nothing. Several are letters or marks, which the categories above do not catch."""

BLANK_SYMBOLS = frozenset({"\u2800"})
"""Symbols that are not ignorable yet draw as nothing: the blank braille pattern."""


def is_invisible(char: str) -> bool:
    """Return whether the character `char` shows nothing (whitespace aside)."""
    code = ord(char)
    if unicodedata.category(char) in INVISIBLE_CATEGORIES:
        return True
    return code >= DEFAULT_IGNORABLE[0][0] and (
        char in BLANK_SYMBOLS or any(first <= code <= last for first, last in DEFAULT_IGNORABLE)
    )


def visible_words(text: str) -> str:
    """Return `text` in NFC without invisible characters, its words joined by single spaces."""
    visible = "".join(char for char in text if char.isspace() or not is_invisible(char))
    return " ".join(unicodedata.normalize("NFC", visible).split())


def name_key(name: str) -> str:
    """Return the key two names share when they read the same: NFKC, case folded, without
    invisible characters, single spaces ("Ａｎｎ", "ann" and "Ann" + U+034F share "ann")."""
    # NFKC maps some visible-looking forms onto invisible ones (U+FFA0 to U+1160), so the
    # invisible characters go after it; the first pass keeps them from blocking composition.
    folded = unicodedata.normalize("NFKC", visible_words(name)).casefold()
    return visible_words(unicodedata.normalize("NFKC", folded))
