"""The front end's one HTML page, with every module and stylesheet announced in its head.

The front end is plain ES modules without a build step, and its imports go up to eight levels
deep: a browser that finds them import by import waits one round trip per level before it can
show the lobby. So the page names them all at once, `modulepreload` for each module and
`preload` for each game's stylesheet (games/index.js links it when the game is first shown),
and the browser fetches them side by side. The list is
made from the folder when the app starts, so a new module needs no edit here.
"""

from __future__ import annotations

from pathlib import Path

HEAD_END = "</head>"


def front_page(web: Path) -> str | None:
    """Return index.html of the front end in `web` with its preload links (None: no page)."""
    page = web / "index.html"
    if not page.is_file():
        return None
    html = page.read_text(encoding="utf-8")
    linked = {part for part in html.split('"') if part.startswith("/static/")}
    links = [
        f'  <link rel="modulepreload" href="{url}">'
        for url in _urls(web, "js", "*.js") if url not in linked
    ] + [
        f'  <link rel="preload" as="style" href="{url}">'
        for url in _urls(web, "css", "*.css") if url not in linked
    ]
    return html.replace(HEAD_END, "\n".join(links) + "\n" + HEAD_END, 1)


def _urls(web: Path, folder: str, pattern: str) -> list[str]:
    """Return the /static/ URLs of the files matching `pattern` under `web/folder`, sorted."""
    return sorted(
        "/static/" + path.relative_to(web).as_posix() for path in (web / folder).rglob(pattern)
    )
