"""The page's files under content-hashed names (scorekeeper/web/assets.py): cached for a year under
a name that changes with the content, found by the modules' own imports through the shell's import
map, the old names still served; the start page preloads only what it runs."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import brotli
import pytest
from flask.testing import FlaskClient

from scorekeeper import create_app, web
from scorekeeper.web import assets

IMMUTABLE = "public, max-age=31536000, immutable"


def plain(url: str) -> str:
    return re.sub(r"\.[0-9a-f]{10}\.js$", ".js", url.removeprefix("/assets/"))


def import_map(html: str) -> dict[str, str]:
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found
    imports: dict[str, str] = json.loads(found[1])["imports"]
    return imports


def test_every_module_is_served_under_its_hashed_name_for_a_year(client: FlaskClient) -> None:
    page = client.get("/")
    html = page.get_data(as_text=True)
    imports = import_map(html)
    assert imports["/assets/dom.js"] != "/assets/dom.js"
    assert set(imports) == {f"/assets/{name}" for name in web.shell_files() if name.endswith(".js")}
    for plain, hashed in imports.items():
        got = client.get(hashed)
        assert got.status_code == 200 and got.headers["Cache-Control"] == IMMUTABLE, hashed
        assert got.data == (web.STATIC / plain.removeprefix("/assets/")).read_bytes()
    # The stylesheet, the icons and the script that starts it all, by hashed name too.
    for name in ("app.css", "icons/icon-192.png", "app.js"):
        assert f'"{imports.get(f"/assets/{name}", "")}"' in html or re.search(
            rf'/assets/{re.escape(name.rsplit(".", 1)[0])}\.[0-9a-f]{{10}}\.', html), name
    # The import map is the page's one inline script, allowed by its hash.
    script = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)[1]  # type: ignore[index]
    assert assets.csp_hash(script) in page.headers["Content-Security-Policy"]
    assert "'unsafe-inline'" not in page.headers["Content-Security-Policy"]


def test_the_plain_and_old_names_are_still_served_revalidated(client: FlaskClient) -> None:
    """A page opened before a deploy asks for the names it was given."""
    current = (web.STATIC / "dom.js").read_bytes()
    for path in ("/assets/dom.js", "/assets/dom.0123456789.js"):
        got = client.get(path)
        assert got.status_code == 200 and got.data == current, path
        assert got.headers["Cache-Control"] == "no-cache"
    assert client.get("/assets/nothing.0123456789.js").status_code == 404
    assert client.get("/assets/../__init__.py").status_code == 404


def test_the_shell_is_revalidated_with_a_304(client: FlaskClient) -> None:
    for path in ("/", "/sw.js"):
        first = client.get(path, headers={"Accept-Encoding": "br"})
        assert first.headers["Cache-Control"] == "no-cache"
        tag = first.headers["ETag"]
        assert client.get(path, headers={"If-None-Match": tag}).status_code == 304, path


def test_a_hashed_file_is_compressed_once(client: FlaskClient) -> None:
    hashed = import_map(client.get("/").get_data(as_text=True))["/assets/home.js"]
    kept = client.application.extensions["scorekeeper.compress"].cache
    first = client.get(hashed, headers={"Accept-Encoding": "br"})
    assert brotli.decompress(first.data) == (web.STATIC / "home.js").read_bytes()
    key = f"br;static|{hashed.removeprefix('/assets/')}"
    assert key in kept.bodies
    kept.bodies[key] = brotli.compress(b"// kept")
    again = client.get(hashed, headers={"Accept-Encoding": "br"})
    assert brotli.decompress(again.data) == b"// kept"


def test_the_start_page_preloads_only_what_it_runs(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    names = {plain(url) for url in preloaded}
    assert {"home.js", "dom.js", "api.js", "i18n.js"} <= names
    assert not names & {"game/sheet.js", "game/contract.js", "bids.js", "tournament.js", "app.js"}
    game = json.loads(re.search(r"data-game-modules='([^']*)'", html)[1])  # type: ignore[index]
    game_names = {plain(url) for url in game}
    assert {"game/sheet.js", "game/contract.js", "bids.js"} <= game_names
    assert not game_names & names


def test_a_new_module_and_a_changed_one_get_names_of_their_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody adding or changing a module names a hash: the files on disk decide."""
    static = tmp_path / "static"
    shutil.copytree(web.STATIC, static)
    monkeypatch.setattr(web, "STATIC", static)
    client = create_app({"TESTING": True,
                         "DATABASE_URL": f"sqlite:///{tmp_path}/x.db"}).test_client()
    before = import_map(client.get("/").get_data(as_text=True))
    (static / "ladder.js").write_text('import { h } from "./dom.js";\nexport const ladder = h;\n')
    (static / "dom.js").write_text((static / "dom.js").read_text() + "\n// changed\n")
    after = import_map(client.get("/").get_data(as_text=True))
    assert after["/assets/dom.js"] != before["/assets/dom.js"]
    assert after["/assets/home.js"] == before["/assets/home.js"]
    assert client.get(after["/assets/ladder.js"]).data.startswith(b'import { h } from "./dom.js"')
    assert after["/assets/ladder.js"] in client.get("/sw.js").get_data(as_text=True)


def test_static_imports_are_read_from_the_modules() -> None:
    text = ('import { a } from "./a.js";\nimport {\n  b,\n  c,\n} from "../queue/b.js";\n'
            'import "./side.js";\nexport { d } from "./d.js";\nconst e = import("./later.js");\n')
    assert assets.imports_of("game/x.js", text) == ["game/a.js", "queue/b.js", "game/side.js",
                                                    "game/d.js"]
