"""The README's pictures, taken by the tests' browser: the viewer on an explore game, and the
`why --svg` graph of a Wild Growth mana. `python tests/viewer_pictures.py` rewrites docs/*.png;
tests/viewer/test_viewer_browser.py runs the same code into a temporary directory."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from simulator.session import audit  # noqa: E402
from simulator.session.recorder import read_envelopes, replay_file  # noqa: E402
from simulator.store import EventStore  # noqa: E402
from simulator.viewer import game_page, why_svg  # noqa: E402

EXPLORE = ROOT / "tests" / "games" / "explore_wildgrowth_jadelight.toml"
EXAMPLE = ROOT / "examples" / "forest_and_elves.toml"
VIEWER_SEQ = 60      # Alice gains 3 life from the second Wildgrowth Walker trigger
WHY_SEQ = 16         # the {G} Wild Growth added


def write_pictures(browser: Any, out: Path) -> tuple[Path, Path]:
    from browser import open_page
    with tempfile.TemporaryDirectory() as tmp:
        result = replay_file(EXPLORE, None)
        html = Path(tmp) / "explore.html"
        html.write_text(game_page(result.game.events, result.game.pool, result.game.game_id), encoding="utf-8")
        page, errors = open_page(browser, f"{html.as_uri()}#seq={VIEWER_SEQ}", 1400, 1240)
        assert not errors, errors
        viewer_png = out / "viewer.png"
        page.screenshot(path=str(viewer_png))
        page.close()

        db = str(Path(tmp) / "g.sqlite")
        example = replay_file(EXAMPLE, db)
        store = EventStore(db)
        try:
            log = audit.index_log(read_envelopes(store, example.game.game_id))
        finally:
            store.close()
        svg = Path(tmp) / "why.svg"
        svg.write_text(why_svg([audit.why(log, WHY_SEQ, example.game.game_id)]), encoding="utf-8")
        page, errors = open_page(browser, svg.as_uri(), 700, 600)
        assert not errors, errors
        why_png = out / "why.png"
        page.locator("svg").screenshot(path=str(why_png))
        page.close()
    return viewer_png, why_png


if __name__ == "__main__":
    from browser import chromium, unavailable
    reason = unavailable()
    if reason:
        sys.exit(f"cannot take the pictures: {reason}")
    with chromium() as b:
        for p in write_pictures(b, ROOT / "docs"):
            print(f"wrote {p.relative_to(ROOT)}")
