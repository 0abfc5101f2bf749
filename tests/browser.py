"""A real headless Chromium for the viewer tests (Debian's `chromium`, driven by Playwright).

Locally the browser tests skip with the reason when Playwright or Chromium is missing; in CI
(`CI` set to true, as CI services and .ci/run do) a missing browser fails them instead.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = os.environ.get("SIMULATOR_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def unavailable() -> str | None:
    """Why no browser can be driven here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright's Python package is not installed (pip install -e '.[test]')"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; or set SIMULATOR_CHROMIUM)"
    return None


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched headless browser (Playwright `Browser`), closed afterwards."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def open_page(browser: Any, url: str, width: int = 1400, height: int = 900) -> tuple[Any, list[str]]:
    """A new page at `url`, waited until the viewer is ready; and the list its console errors go to."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console.{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url}"))
    page.goto(url)
    page.wait_for_function("(document.body && document.body.dataset.ready === '1') || document.documentElement.localName === 'svg'",
                           timeout=60_000)
    return page, errors
