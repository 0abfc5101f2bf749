"""`simulator state --svg FILE` (issue 23): the position drawn as SVG, the battlefield as cards,
for writers: each permanent a card with its id, a tapped one turned sideways (701.26a), what it
chose as it entered (614.12), the players' life and mana pools."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from clirun import run as cli

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "utopia_sprawl_color.toml"


def _board(tmp_path: Path, *args: str) -> ET.Element:
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", str(EXAMPLE), "--db", db).code == 0
    out = tmp_path / "board.svg"
    r = cli("state", "--db", db, "--svg", str(out), *args)
    assert r.code == 0, r.err
    assert f"wrote {out}" in r.err
    return ET.parse(out).getroot()


def _texts(e: ET.Element) -> list[str]:
    return [t.text or "" for t in e.iter(f"{SVG}text")]


def test_the_position_as_cards(tmp_path: Path) -> None:
    root = _board(tmp_path)
    assert root.tag == f"{SVG}svg"
    cards = {g.get("data-id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "card"}
    assert set(cards) == {"forest-a", "forest-b", "utopia-sprawl-3"}
    assert all("rotate(90" in cards[c].get("transform") for c in ("forest-a", "forest-b"))
    assert "rotate" not in cards["utopia-sprawl-3"].get("transform")
    sprawl = _texts(cards["utopia-sprawl-3"])
    assert "Utopia Sprawl" in sprawl and "color chosen: U" in sprawl and "attached to forest-b" in sprawl
    alice = next(g for g in root.iter(f"{SVG}g") if g.get("data-player") == "Alice")
    assert "Alice: life 20, mana pool {U}{G}" in _texts(alice)


def test_before_anything_happened(tmp_path: Path) -> None:
    root = _board(tmp_path, "--at", "5")
    cards = {g.get("data-id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "card"}
    assert set(cards) == {"forest-a", "forest-b"}
    assert not any(g.get("data-tapped") for g in cards.values())


def test_svg_and_json_are_exclusive(tmp_path: Path) -> None:
    r = cli("state", "--svg", "x.svg", "--json")
    assert r.code == 2 and "not allowed with" in r.err
