"""GET /rules/{game}: a game's rules as an HTML page (not under /api; see server/rules_pages)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from ludoteca.server.rules_pages import ENGLISH, rules_page

router = APIRouter(tags=["rules"], include_in_schema=False)


# A plain function: FastAPI runs it in a worker thread, so building a page the first time
# (reading and converting its Markdown) never holds up the event loop.
@router.get("/rules/{game}", response_class=HTMLResponse)
def rules(game: str, lang: str = ENGLISH) -> HTMLResponse:
    """Return the rules page of `game` in the language `lang` (a code of i18n/languages.json)."""
    page = rules_page(game, lang)
    return HTMLResponse(page.html, status_code=page.status)
