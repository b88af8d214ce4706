"""The front end's page names every module at once (server/front_page.py)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from ludoteca.server.app import web_directory

WEB = web_directory()


def test_the_page_names_every_module_and_game_stylesheet_once(client: TestClient) -> None:
    page = client.get("/").text
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    modules = {f"/static/{path.relative_to(WEB).as_posix()}" for path in WEB.rglob("*.js")}
    # main.js is the page's script already; every other module is fetched from the start.
    assert set(preloaded) == modules - {"/static/js/main.js"}
    assert len(preloaded) == len(set(preloaded))
    styles = re.findall(r'<link rel="preload" as="style" href="([^"]+)">', page)
    assert "/static/css/keezen.css" in styles
    assert "/static/css/app.css" not in styles  # linked as the page's own stylesheet
    assert page.index("modulepreload") < page.index("</head>")
