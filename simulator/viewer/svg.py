"""The causal graph of `why` as SVG drawn here (no Graphviz): a layered layout, decision on top.

Every event has at most one cause, so the graph behind some events is a forest whose roots
are players' decisions. Layer = distance from the root; within a layer, nodes follow their
cause's position (barycentre order), then their seq. Each box shows the event's seq, type
and rule, its words, and its objects as they were just after it (the `why --json` links).
"""
from __future__ import annotations

import textwrap
from html import escape as html_escape
from typing import Any, Iterable
from xml.sax.saxutils import escape

from simulator.viewer.glossary import explain

CHAR_W = 6.4          # average advance of the 12px sans-serif font, in px (bold: 7.0, 11px: 5.9)
LINE_H = 16
PAD = 10
WRAP = 64             # characters per line of a box
LAYER_GAP = 42
NODE_GAP = 24
MARGIN = 16

MARKS = {"AbilityTriggered": "trigger", "TriggerRemoved": "trigger", "ReplacementApplied": "replacement"}
STROKE = {"decision": "#1f5fa8", "trigger": "#c46a00", "replacement": "#7b3fa8", "": "#666"}
FILL = {"decision": "#e8f0fb", "trigger": "#fff4e5", "replacement": "#f4ecfa", "": "#fafafa"}


class _Node:
    def __init__(self, link: dict[str, Any], cause: int | None) -> None:
        self.link = link
        self.seq: int = link["seq"]
        self.cause = cause
        self.kind = "decision" if link.get("decision") else MARKS.get(link["type"], "")
        head = f"#{self.seq} {link['type']}" + (f" · {link['rule']}" if link.get("rule") else "")
        if link.get("decision"):
            head += " · the player's decision"
        self.head = head
        self.body = textwrap.wrap(link["text"], WRAP) or [""]
        self.objects = [w for o in link.get("objects", []) for w in textwrap.wrap("· " + o, WRAP + 4)]
        lines = [self.head] + self.body + self.objects
        self.width = max([len(self.head) * 7.0] + [len(s) * CHAR_W for s in self.body]
                         + [len(s) * 5.9 for s in self.objects]) + 2 * PAD
        self.height = len(lines) * LINE_H + 2 * PAD - 4
        self.layer = 0
        self.x = 0.0
        self.y = 0.0


def _nodes(reports: Iterable[dict[str, Any]]) -> dict[int, _Node]:
    nodes: dict[int, _Node] = {}
    for report in reports:
        links = report["chain"]
        for i, link in enumerate(links):
            cause = links[i + 1]["seq"] if i + 1 < len(links) else None
            nodes.setdefault(link["seq"], _Node(link, cause))
    return nodes


def layout(reports: Iterable[dict[str, Any]]) -> tuple[list[_Node], float, float]:
    """Place the nodes of the chains of `reports` (each a `why --json` object)."""
    nodes = _nodes(reports)

    def depth(n: _Node) -> int:
        d, seen = 0, {n.seq}
        while n.cause is not None and n.cause in nodes and n.cause not in seen:
            seen.add(n.cause)
            n = nodes[n.cause]
            d += 1
        return d

    layers: dict[int, list[_Node]] = {}
    for n in nodes.values():
        n.layer = depth(n)
        layers.setdefault(n.layer, []).append(n)
    width = max((sum(n.width for n in row) + NODE_GAP * (len(row) - 1) for row in layers.values()),
                default=0)
    order: dict[int, float] = {}
    y = MARGIN
    for layer in sorted(layers):
        row = layers[layer]
        row.sort(key=lambda n: (order.get(n.cause, 0) if n.cause is not None else 0, n.seq))
        row_w = sum(n.width for n in row) + NODE_GAP * (len(row) - 1)
        x = MARGIN + (width - row_w) / 2
        for i, n in enumerate(row):
            n.x, n.y = x, y
            order[n.seq] = i
            x += n.width + NODE_GAP
        y += max(n.height for n in row) + LAYER_GAP
    return list(nodes.values()), width + 2 * MARGIN, y - LAYER_GAP + MARGIN


def why_svg(reports: Iterable[dict[str, Any]]) -> str:
    """An SVG document of the causal graph of one or more `why --json` reports."""
    nodes, width, height = layout(reports)
    by_seq = {n.seq: n for n in nodes}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
           '<title>Causal graph: each event and the event it follows from, back to the decision</title>',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" '
           'markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/>'
           '</marker></defs>',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>']
    for n in sorted(nodes, key=lambda n: n.seq):
        if n.cause is not None and n.cause in by_seq:
            c = by_seq[n.cause]
            x1, y1 = c.x + c.width / 2, c.y + c.height
            x2, y2 = n.x + n.width / 2, n.y
            out.append(f'<path class="link" data-from="{c.seq}" data-to="{n.seq}" '
                       f'd="M {x1:.1f} {y1:.1f} C {x1:.1f} {y1 + 20:.1f}, {x2:.1f} {y2 - 20:.1f}, {x2:.1f} {y2 - 1:.1f}" '
                       f'fill="none" stroke="#555" stroke-width="1.4" marker-end="url(#arrow)"/>')
    for n in sorted(nodes, key=lambda n: n.seq):
        rule = n.link.get("rule")
        tip = f"{rule}: {explain(rule) or ''}" if rule else n.link["type"]
        out.append(f'<g class="event {n.kind}" data-seq="{n.seq}"><title>{escape(tip)}</title>'
                   f'<rect x="{n.x:.1f}" y="{n.y:.1f}" width="{n.width:.1f}" height="{n.height:.1f}" rx="6" '
                   f'fill="{FILL[n.kind]}" stroke="{STROKE[n.kind]}" '
                   f'stroke-width="{2.2 if n.kind == "decision" else 1.4}"/>')
        ty = n.y + PAD + 10
        out.append(f'<text x="{n.x + PAD:.1f}" y="{ty:.1f}" font-weight="bold" fill="{STROKE[n.kind]}">'
                   f'{escape(n.head)}</text>')
        for line in n.body:
            ty += LINE_H
            out.append(f'<text x="{n.x + PAD:.1f}" y="{ty:.1f}" fill="#111">{escape(line)}</text>')
        for line in n.objects:
            ty += LINE_H
            out.append(f'<text x="{n.x + PAD:.1f}" y="{ty:.1f}" fill="#555" font-size="11">{escape(line)}</text>')
        out.append('</g>')
    out.append('</svg>')
    return "\n".join(out)


def why_html(reports: list[dict[str, Any]], text: str) -> str:
    """A self-contained HTML page: the graph, the chain in words, the rules it cites."""
    rules = sorted({l["rule"] for r in reports for l in r["chain"] if l.get("rule")})
    glossary = "".join(f"<dt>{html_escape(r)}</dt><dd>{html_escape(explain(r) or '')}</dd>" for r in rules)
    title = ", ".join(f"#{r['seq']}" for r in reports)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>Why {html_escape(title)}</title><style>"
            "body{font:14px/1.4 Helvetica,Arial,sans-serif;margin:24px;color:#111}"
            "pre{background:#f5f5f5;padding:12px;overflow:auto}dt{font-weight:bold;float:left;width:5em}"
            "dd{margin:0 0 4px 5.5em}</style></head><body>"
            f"<h1>Why {html_escape(title)}?</h1>{why_svg(reports)}"
            f"<h2>In words</h2><pre>{html_escape(text)}</pre>"
            f"<h2>Rules</h2><dl>{glossary}</dl></body></html>\n")
