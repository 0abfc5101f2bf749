"""The position drawn as SVG (`simulator state --svg FILE`): each player's life and mana pool,
their permanents as cards (a tapped one turned sideways, 701.26a), with the card's name, id,
type line, counters, what it chose as it entered (614.12), what it is attached to and its
power/toughness; the hand, graveyard and exile as counts and names; the stack and a pending
choice. Drawn from the `state --json` object, so it shows what the contract says, for writers
(the way `chess.svg.board` draws a position)."""
from __future__ import annotations

import textwrap
from typing import Any
from xml.sax.saxutils import escape

from simulator.base.symbols import mana_text

CARD_W, CARD_H = 132, 92
GAP = 14
MARGIN = 16
ROW_HEAD = 46
ZONES_H = 40
COLORS = {"W": "#f8f1d4", "U": "#d6e6f7", "B": "#d5d0cc", "R": "#f6d5cc", "G": "#d5ecd3"}
LAND = "#efe6d6"

__all__ = ["board_svg"]


def _text(x: float, y: float, s: str, size: int = 11, weight: str = "normal", fill: str = "#222",
          cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}"{c}>'
            f"{escape(s)}</text>")


def _card(b: dict[str, Any], x: float, y: float) -> str:
    """One permanent: a card, turned 90° about its centre when tapped."""
    chosen = b.get("chosen") or {}
    fill = COLORS.get(chosen.get("color", ""), LAND if "Land" in b["types"] else "#ffffff")
    parts = [f'<rect width="{CARD_W}" height="{CARD_H}" rx="7" fill="{fill}" stroke="#555"/>',
             _text(6, 15, b["card"][:22], 11, "bold", cls="name"),
             _text(6, 28, b["id"][:26], 9, fill="#666", cls="id"),
             _text(6, 41, (" ".join(b["types"]) + (" — " + " ".join(b["subtypes"]) if b["subtypes"] else ""))[:26],
                   9, fill="#444")]
    lines = [f"{n}× {k}" for k, n in b.get("counters", {}).items()]
    lines += [f"{k.replace('_', ' ')} chosen: {v}" for k, v in chosen.items()]
    if b.get("attached"):
        lines.append(f"attached to {b['attached']}")
    if b.get("token"):
        lines.append("token")
    for i, line in enumerate(lines[:3]):
        parts.append(_text(6, 55 + 12 * i, line[:26], 9, "bold" if "chosen" in line else "normal",
                           cls="chosen" if "chosen" in line else "note"))
    if b.get("power") is not None:
        parts.append(_text(CARD_W - 34, CARD_H - 8, f"{b['power']}/{b['toughness']}", 12, "bold", cls="pt"))
    turn = f" rotate(90 {CARD_W / 2} {CARD_H / 2})" if b["tapped"] else ""
    tapped = ' data-tapped="true"' if b["tapped"] else ""
    return (f'<g class="card" data-id="{escape(b["id"])}"{tapped} transform="translate({x:.0f} {y:.0f}){turn}">'
            + "".join(parts) + "</g>")


def board_svg(view: dict[str, Any]) -> str:
    """The `state --json` object `view` as one SVG document."""
    per_row = 6
    rows: list[str] = []
    y = MARGIN + 24
    width = MARGIN * 2 + per_row * (CARD_W + GAP)
    title = f"{view.get('title') or ''} — turn {view['turn']}, {view['active']}'s {view['step']}"
    if view.get("priority"):
        title += f"; priority: {view['priority']}"
    rows.append(_text(MARGIN, MARGIN + 10, title, 13, "bold"))
    for p in view["players"]:
        perms = [b for b in view["battlefield"] if b["controller"] == p["name"]]
        lost = " — lost" if p.get("lost") else ""
        pool = mana_text(p["mana_pool"]) or "empty"
        rows.append(f'<g class="player" data-player="{escape(p["name"])}">')
        rows.append(_text(MARGIN, y + 16, f"{p['name']}: life {p['life']}, mana pool {pool}{lost}", 13, "bold"))
        zones = "; ".join(f"{z} {len(p[z])}" + (f" ({', '.join(p[z][:4])}{'…' if len(p[z]) > 4 else ''})"
                                                 if p[z] and z != "library" else "")
                          for z in ("library", "hand", "graveyard", "exile"))
        rows.append(_text(MARGIN, y + 32, zones[:150], 10, fill="#555"))
        y += ROW_HEAD
        for i, b in enumerate(perms):
            col, line = i % per_row, i // per_row
            rows.append(_card(b, MARGIN + col * (CARD_W + GAP),        # centred in a square cell,
                              y + line * (CARD_W + GAP) + (CARD_W - CARD_H) / 2))   # so a tapped card fits
        lines = max(1, -(-len(perms) // per_row)) if perms else 0
        y += lines * (CARD_W + GAP) + (0 if perms else 8)
        rows.append("</g>")
    if view["stack"]:
        rows.append(_text(MARGIN, y + 14, "Stack (top first):", 12, "bold"))
        y += 18
        for item in view["stack"]:
            for said in textwrap.wrap(f"{item.get('card') or item['source']}: {item['text']}", 110)[:2]:
                rows.append(_text(MARGIN + 10, y + 12, said, 10, cls="stack"))
                y += 14
    if view.get("pending"):
        pend = view["pending"]
        rows.append(_text(MARGIN, y + 16, f"Pending {pend['kind']} choice for {pend['player']}: {pend['prompt']}"[:140],
                          11, "bold", "#8a4b00"))
        y += 22
    height = y + MARGIN
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
            f'viewBox="0 0 {width} {height:.0f}" font-family="sans-serif">'
            f'<rect width="100%" height="100%" fill="#fbfbf8"/>' + "".join(rows) + "</svg>\n")
