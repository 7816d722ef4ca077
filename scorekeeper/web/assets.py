"""The page's files under content-hashed names, worked out from the files on disk: nobody adding a
module names a hash or a version. `dom.js` is also served as `dom.<hash>.js`, cached for a year
(its name changes with its content); an import map in the shell sends the modules' own imports
(`import "./dom.js"`) to those names, and the start page preloads only the modules it imports.

The table is made when first asked for and again whenever a file's size or time changes (one
`stat` a file), so a deploy, or an edit while developing, gives new names."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HASH_LENGTH = 10
# `name.<hash>.ext`: a hashed name, current or from an earlier version of the file.
HASHED = re.compile(rf"^(?P<stem>.+)\.[0-9a-f]{{{HASH_LENGTH}}}(?P<ext>\.[A-Za-z0-9]+)$")
# A module's static imports and re-exports of a file of the page (not `import(...)`, which loads
# when needed).
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\s+(?:[^"';()]*?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.MULTILINE)


@dataclass(frozen=True)
class Assets:
    hashed: dict[str, str]  # "game/sheet.js" -> "game/sheet.1a2b3c4d5e.js"
    bodies: dict[str, bytes]  # the hashed name -> the content it was hashed from
    imports: dict[str, list[str]]  # a module -> the modules it imports statically

    def original(self, name: str) -> str | None:
        """The file a hashed name stands for, current or old (None for any other name)."""
        match = HASHED.match(name)
        return f"{match['stem']}{match['ext']}" if match else None

    def graph(self, *roots: str) -> list[str]:
        """The modules `roots` import, directly or not, the roots included, in a stable order."""
        seen: dict[str, None] = {}
        todo = list(roots)
        while todo:
            module = todo.pop(0)
            if module in seen or module not in self.hashed:
                continue
            seen[module] = None
            todo.extend(self.imports.get(module, []))
        return list(seen)

    def import_map(self, url: Callable[[str], str]) -> str:
        """The shell's import map: each module's address to its hashed address. `url` gives a
        file's address under the static folder."""
        return json.dumps({"imports": {url(name): url(hashed)
                                       for name, hashed in sorted(self.hashed.items())
                                       if name.endswith(".js")}}, separators=(",", ":"))


def csp_hash(script: str) -> str:
    """The CSP source that lets the shell's one inline script (its import map) run."""
    digest = hashlib.sha256(script.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def imports_of(module: str, text: str) -> list[str]:
    """The page's files `module` imports statically, as paths under the static folder."""
    folder = Path(module).parent
    found = []
    for target in STATIC_IMPORT.findall(text):
        parts: list[str] = []
        for part in (folder / target).as_posix().split("/"):
            if part == "..":
                parts = parts[:-1]
            elif part not in (".", ""):
                parts.append(part)
        found.append("/".join(parts))
    return found


def build(static: Path, files: list[str]) -> Assets:
    hashed, bodies, imports = {}, {}, {}
    for name in files:
        body = (static / name).read_bytes()
        stem, dot, ext = name.rpartition(".")
        digest = hashlib.sha256(body).hexdigest()[:HASH_LENGTH]
        hashed[name] = f"{stem}.{digest}{dot}{ext}"
        bodies[hashed[name]] = body
        if name.endswith(".js"):
            imports[name] = imports_of(name, body.decode())
    return Assets(hashed, bodies, imports)


_made: dict[Path, tuple[tuple[tuple[str, int, int], ...], Assets]] = {}
_lock = threading.Lock()


def current(static: Path, files: list[str]) -> Assets:
    """The table for these files as they are on disk now."""
    stats = tuple((name, (static / name).stat().st_mtime_ns, (static / name).stat().st_size)
                  for name in files)
    with _lock:
        made = _made.get(static)
        if made is None or made[0] != stats:
            made = (stats, build(static, files))
            _made[static] = made
        return made[1]
