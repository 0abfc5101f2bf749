"""One self-contained HTML file: the page template with its CSS, script and the game's data inline.

The data (`data.page_data`) is JSON, gzip-compressed and base64-encoded into a script element;
the page inflates it with the browser's own `DecompressionStream`. No network, no CDN: the
file opens from disk.
"""
from __future__ import annotations

from typing import Any

import base64
import gzip
import json
from html import escape
from importlib import resources


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def encode_data(data: dict[str, Any]) -> str:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def decode_data(blob: str) -> dict[str, Any]:
    """The inverse of `encode_data` (tests read the data a page embeds)."""
    return json.loads(gzip.decompress(base64.b64decode(blob)))


def render_page(data: dict[str, Any]) -> str:
    title = escape(f"{data.get('title') or 'game'} — simulator viewer")
    page = _asset("page.html")
    for key, value in (("__CSS__", _asset("page.css")), ("__JS__", _asset("page.js")),
                       ("__DATA__", encode_data(data)), ("__TITLE__", title)):
        page = page.replace(key, value)
    return page


def embedded_data(page: str) -> dict[str, Any]:
    """The data of a page written by `render_page`."""
    start = page.index('<script id="game-data" type="application/octet-stream">')
    start = page.index(">", start) + 1
    return decode_data(page[start:page.index("</script>", start)].strip())
