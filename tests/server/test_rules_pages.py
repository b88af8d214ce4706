"""The rules pages (GET /rules/<game>): each game's rules as HTML in the app's look, the
original texts in their language, raw HTML escaped, 404 and 400 pages, the security headers,
and the lookup that finds docs/rules in a wheel and in a checkout (issue 10)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

from ludoteca.server import rules_pages
from ludoteca.server.rules_pages import (
    RULES_FOLDER,
    docs_base,
    markdown_html,
    package_folder,
    plain_text_html,
    rules_text,
)
from tests.server.support import TestClient, serve
from tests.server.test_security_headers import directives

ROOT = Path(__file__).resolve().parents[2]
ORIGINALS = ROOT / "docs" / "rules" / "original"
# The first and a late numbered rule of each game's English page.
RULE_IDS = {"keezen": ("K1.", "K37"), "elfenland": ("E1.", "E41")}
# The first numbered rule of a page that the English page test does not cover.
FIRST_RULE = {game: ids[0] for game, ids in RULE_IDS.items()} | {"thurn_und_taxis": "T1 "}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with serve(tmp_path_factory.mktemp("rules")) as client:
        yield client


def page(client: TestClient, path: str, status: int = 200) -> str:
    """Return the HTML page at `path`, checking its status and type."""
    response = client.get(path)
    assert response.status_code == status, response.text[:300]
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    return response.text


def html_lang(html: str) -> str:
    match = re.search(r'<html lang="([a-z]+)">', html)
    assert match, html[:200]
    return match.group(1)


def paragraphs(html: str) -> list[str]:
    """Return the text of the article's paragraphs."""
    article = html.split("<article", 1)[1].split("</article>", 1)[0]
    return [unescape(text) for text in re.findall(r"<p>(.*?)</p>", article, flags=re.S)]


@pytest.mark.parametrize("game", sorted(RULE_IDS))
def test_each_game_s_english_page_has_its_title_rule_ids_and_the_way_back(client, game):
    html = page(client, f"/rules/{game}")
    title = game.capitalize()
    assert html_lang(html) == "en"
    assert re.search(rf"<h1>{title}\b", html)
    assert f"<title>{title}: rules · Ludoteca</title>" in html
    for rule in RULE_IDS[game]:
        assert f"<strong>{rule}" in html
    assert "<table>" in html  # Markdown tables become HTML tables
    assert '<a href="/" data-testid="back-to-lobby">Back to the lobby</a>' in html
    assert 'href="/static/css/rules.css"' in html
    assert 'data-shown="english"' in html and 'data-testid="rules-note"' not in html


def test_the_dutch_keezen_page_is_the_original_text_with_a_link_to_the_numbered_rules(client):
    html = page(client, "/rules/keezen?lang=nl")
    assert html_lang(html) == "nl"
    assert "<h1>Keezen: de oorspronkelijke spelregels</h1>" in html
    assert 'href="/rules/keezen?lang=en" data-testid="english-rules"' in html
    assert "oorspronkelijke spelregeltekst" in html
    original = (ORIGINALS / "keezen.nl.txt").read_text(encoding="utf-8")
    assert paragraphs(html) == [line.strip() for line in original.splitlines() if line.strip()]
    assert "Terug naar de lobby" in html
    assert "K37" not in html


def test_the_chinese_elfenland_page_is_the_original_text(client):
    html = page(client, "/rules/elfenland?lang=zh")
    assert html_lang(html) == "zh"
    assert '<article class="rules-text original" lang="zh">' in html
    assert "<h1>精灵之地 Elfenland：规则原文</h1>" in html
    lines = paragraphs(html)
    assert lines[0] == "游戏规则" and "城镇标记最多的玩家成为赢家" in lines[-1]
    assert 'href="/rules/elfenland?lang=en"' in html and "返回大厅" in html


def test_the_spanish_thurn_und_taxis_page_is_the_original_text(client):
    html = page(client, "/rules/thurn_und_taxis?lang=es")
    assert html_lang(html) == "es"
    assert '<article class="rules-text original" lang="es">' in html
    assert "<h1>Thurn und Taxis: las reglas originales</h1>" in html
    assert "<title>Thurn und Taxis: reglas · Ludoteca</title>" in html
    original = (ORIGINALS / "thurn_und_taxis.es.txt").read_text(encoding="utf-8")
    assert paragraphs(html) == [line.strip() for line in original.splitlines() if line.strip()]
    assert 'href="/rules/thurn_und_taxis?lang=en" data-testid="english-rules"' in html
    assert "las reglas numeradas (en inglés)" in html and "Volver a la sala" in html


def test_the_finnish_suitors_paths_page_is_the_original_text(client):
    html = page(client, "/rules/suitors_paths?lang=fi")
    assert html_lang(html) == "fi"
    assert '<article class="rules-text original" lang="fi">' in html
    assert "<h1>Kosijoiden polut: alkuperäiset säännöt</h1>" in html
    assert "<title>Kosijoiden polut: säännöt · Ludoteca</title>" in html
    original = (ORIGINALS / "suitors_paths.fi.txt").read_text(encoding="utf-8")
    assert paragraphs(html) == [line.strip() for line in original.splitlines() if line.strip()]
    assert 'href="/rules/suitors_paths?lang=en" data-testid="english-rules"' in html
    assert "numeroidut säännöt (englanniksi)" in html and "Takaisin aulaan" in html


@pytest.mark.parametrize(("game", "language", "note"), [
    ("keezen", "zh", "这份规则还没有中文译本"),
    ("elfenland", "nl", "niet in het Nederlands vertaald"),
    ("thurn_und_taxis", "de", "nicht ins Deutsche übersetzt"),
    ("keezen", "de", "nicht ins Deutsche übersetzt"),
    ("elfenland", "es", "no están traducidas al español"),
    ("keezen", "fi", "ei ole käännetty suomeksi"),
    ("elfenland", "fi", "ei ole käännetty suomeksi"),
    ("thurn_und_taxis", "fi", "ei ole käännetty suomeksi"),
])
def test_without_a_text_in_the_language_the_english_page_comes_with_a_note(
    client, game, language, note
):
    html = page(client, f"/rules/{game}?lang={language}")
    assert html_lang(html) == language  # the page's own words are in that language ...
    assert note in html
    assert '<article class="rules-text" lang="en">' in html  # ... the rules are English
    assert f"<strong>{FIRST_RULE[game]}" in html


def test_a_finnish_page_speaks_finnish_and_links_every_language(client):
    html = page(client, "/rules/elfenland?lang=fi")
    assert "<title>Elfenland: säännöt · Ludoteca</title>" in html
    assert '<a href="/" data-testid="back-to-lobby">Takaisin aulaan</a>' in html
    nav = html.split('data-testid="rules-languages">', 1)[1].split("</nav>", 1)[0]
    assert nav.startswith("Säännöt kielellä: ")
    codes = re.findall(r'hreflang="([a-z]+)"', nav)
    assert codes == ["en", "nl", "zh", "de", "es", "fi"]
    assert ('<a href="/rules/elfenland?lang=fi" hreflang="fi" lang="fi" aria-current=page>'
            "Suomi</a>") in nav


def test_the_unknown_language_page_names_finnish_among_the_languages(client):
    html = page(client, "/rules/keezen?lang=sv", status=400)
    assert "<h1>Unknown language</h1>" in html and "Spanish and Finnish only" in html


def test_raw_html_in_a_rules_file_is_shown_as_text_never_run(client, monkeypatch):
    hostile = (
        "# Keezen <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n"
        "<div style=\"color:red\">styled</div> [link](javascript:alert(3)) **K1.** fine\n"
    )
    monkeypatch.setattr(rules_pages, "rules_text", lambda relative: hostile)
    rules_pages._rules_page.cache_clear()
    try:
        html = page(client, "/rules/keezen")
    finally:
        rules_pages._rules_page.cache_clear()
    body = html.split('<main', 1)[1]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body and "<script" not in html
    assert "&lt;img src=x onerror=alert(2)&gt;" in body and "<img" not in html
    assert "&lt;div style=&quot;color:red&quot;&gt;" in body and 'style="' not in html
    assert 'href="javascript:' not in html
    assert "<strong>K1.</strong> fine" in body


def test_the_renderers_escape_what_they_are_given() -> None:
    assert markdown_html("a <b>b</b> & c") == "<p>a &lt;b&gt;b&lt;/b&gt; &amp; c</p>\n"
    assert plain_text_html("  one <i>\n\n two & three \n") == (
        "<p>one &lt;i&gt;</p>\n<p>two &amp; three</p>")


def test_an_unknown_game_gets_a_404_page_that_does_not_repeat_the_name(client):
    html = page(client, "/rules/%3Cscript%3Etetris?lang=nl", status=404)
    assert html_lang(html) == "nl"
    assert "<h1>Niet gevonden</h1>" in html and "tetris" not in html and "<script" not in html
    assert 'href="/"' in html


def test_an_unknown_language_gets_a_400_page(client):
    html = page(client, "/rules/keezen?lang=%3Cfr%3E", status=400)
    assert "<h1>Unknown language</h1>" in html and "fr" not in html.split("<main", 1)[1]


@pytest.mark.parametrize("path", ["/rules/keezen", "/rules/elfenland?lang=zh", "/rules/nope"])
def test_rules_pages_carry_the_content_security_policy(client, path):
    response = client.get(path)
    policy = directives(response.headers["content-security-policy"])
    assert policy["default-src"] == ["'none'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert response.headers["x-frame-options"] == "DENY"
    # Nothing on the page needs an exception: no scripts, no style elements or attributes.
    assert not re.search(r"<script|<style|\sstyle=|\son[a-z]+=", response.text)


def test_a_page_is_built_once_and_then_kept(monkeypatch):
    reads: list[str] = []

    def counting(relative: str) -> str:
        reads.append(relative)
        return "# Keezen\n\n**K1.** one rule\n"

    monkeypatch.setattr(rules_pages, "rules_text", counting)
    rules_pages._rules_page.cache_clear()
    try:
        first = rules_pages.rules_page("keezen", "en")
        assert rules_pages.rules_page("keezen", "en") is first
    finally:
        rules_pages._rules_page.cache_clear()
    assert reads == ["docs/rules/keezen.md"]


def test_the_lookup_finds_docs_rules_in_a_wheel_and_in_a_checkout(tmp_path: Path) -> None:
    wheel_package = tmp_path / "site-packages" / "ludoteca"
    (wheel_package / RULES_FOLDER).mkdir(parents=True)
    assert docs_base(wheel_package) == wheel_package
    checkout = tmp_path / "checkout"
    (checkout / "src" / "ludoteca").mkdir(parents=True)
    (checkout / RULES_FOLDER).mkdir(parents=True)
    assert docs_base(checkout / "src" / "ludoteca") == checkout
    with pytest.raises(FileNotFoundError, match="no docs/rules"):
        docs_base(tmp_path / "empty" / "src" / "ludoteca")
    # This checkout is an editable install: its rules are the repository's, not a copy.
    assert docs_base(package_folder()) == ROOT


def test_the_wheel_carries_docs_rules_where_the_lookup_reads_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["src/ludoteca"]
    assert wheel["force-include"][str(RULES_FOLDER)] == f"ludoteca/{RULES_FOLDER}"
    assert not (ROOT / "src" / "ludoteca" / RULES_FOLDER).exists()  # one copy in the repo
    assert any(
        requirement.startswith("markdown-it-py")
        for requirement in project["project"]["optional-dependencies"]["server"]
    )


def test_rules_text_reads_only_under_docs_rules() -> None:
    assert rules_text("docs/rules/original/keezen.nl.txt").startswith("Het spel kan")
    for outside in ("pyproject.toml", "docs/rules/../../pyproject.toml", "/etc/passwd"):
        with pytest.raises(ValueError, match="is not a file under docs/rules"):
            rules_text(outside)
