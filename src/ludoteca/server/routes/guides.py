"""GET /api/games/{name}/guide: a game's guide for players in a UI language (server/guides)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ludoteca.server.errors import ApiError
from ludoteca.server.guides import guide_answer
from ludoteca.server.rules_pages import ENGLISH, ui_languages

router = APIRouter(tags=["games"])


# A plain function: FastAPI runs it in a worker thread, so building a guide the first time
# (Markdown and the diagrams' positions) never holds up the event loop.
@router.get("/games/{name}/guide")
def guide(name: str, language: str = ENGLISH) -> dict[str, Any]:
    """Return `name`'s guide in `language` (English where it has none in that language)."""
    if language not in ui_languages():
        raise ApiError("malformed", f"language: {language[:20]!r} is not one of "
                       f"{', '.join(ui_languages())}")
    answer = guide_answer(name, language)
    if answer is None:
        raise ApiError("not_found", f"the game {name[:40]!r} has no guide")
    return answer
