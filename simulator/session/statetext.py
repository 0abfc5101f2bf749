"""The state for people: plain text (pipes, files, tests) and a `rich` rendering (terminals).

Both read the `--json` object of `simulator.session.view.state_json`, so what a person sees
is what a program gets. Repeated cards are grouped: consecutive equal names in a
zone read ``Forest ×100`` (order kept: a library stays top first), and a run of
three or more identical permanents is one row ``forest-1…forest-100  Forest ×100``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulator.base.symbols import mana_text

__all__ = ["PermanentRow", "group_runs", "zone_text", "permanent_rows", "plain_state", "rich_state"]

ZONES = ("hand", "library", "graveyard", "exile")
GROUP_PERMANENTS = 3     # identical permanents in a row before they share one line


def group_runs(names: list[str]) -> list[tuple[str, int]]:
    """Consecutive equal names as (name, count), in order."""
    out: list[tuple[str, int]] = []
    for n in names:
        if out and out[-1][0] == n:
            out[-1] = (n, out[-1][1] + 1)
        else:
            out.append((n, 1))
    return out


def zone_text(names: list[str]) -> str:
    """``Forest ×3, Grizzly Bears, Forest``."""
    return ", ".join(n if c == 1 else f"{n} ×{c}" for n, c in group_runs(names))


@dataclass(frozen=True)
class PermanentRow:
    """One line of a battlefield: one permanent, or a run of identical ones."""

    first: str
    last: str
    card: str
    count: int
    kind: str
    flags: tuple[str, ...]

    @property
    def ids(self) -> str:
        return self.first if self.count == 1 else f"{self.first}…{self.last}"

    @property
    def name(self) -> str:
        return self.card if self.count == 1 else f"{self.card} ×{self.count}"


def _flags(b: dict[str, Any]) -> tuple[str, ...]:
    flags = []
    if b["tapped"]:
        flags.append("tapped")
    if b["counters"]:
        flags.append(", ".join(f"{v}×{k}" for k, v in b["counters"].items()))
    if b["power"] is not None:
        flags.append(f"{b['power']}/{b['toughness']}")
    if b.get("damage"):
        flags.append(f"{b['damage']} damage")       # marked (120.3e) until the cleanup step (514.2)
    if b.get("attached"):
        flags.append(f"attached to {b['attached']}")
    for kind, value in (b.get("chosen") or {}).items():
        flags.append(f"{kind.replace('_', ' ')} chosen: {value}")      # 614.12: "As this enters, choose a color"
    return tuple(flags)


def _kind(b: dict[str, Any]) -> str:
    return " ".join(b["types"]) + (" — " + " ".join(b["subtypes"]) if b["subtypes"] else "")


def permanent_rows(perms: list[dict[str, Any]],
                   attached_to: frozenset[str] | set[str] = frozenset()) -> list[PermanentRow]:
    """Rows for permanents in entry order; identical neighbours (same card, types, flags, nothing
    attached to them) share a row when there are at least GROUP_PERMANENTS of them."""
    singles = [PermanentRow(b["id"], b["id"], b["card"], 1, _kind(b), _flags(b)) for b in perms]
    rows: list[PermanentRow] = []
    i = 0
    while i < len(singles):
        j = i
        r = singles[i]
        while (j + 1 < len(singles) and (singles[j + 1].card, singles[j + 1].kind, singles[j + 1].flags)
               == (r.card, r.kind, r.flags) and singles[j + 1].first not in attached_to
               and r.first not in attached_to):
            j += 1
        n = j - i + 1
        if n >= GROUP_PERMANENTS:
            rows.append(PermanentRow(r.first, singles[j].first, r.card, n, r.kind, r.flags))
        else:
            rows.extend(singles[i:j + 1])
        i = j + 1
    return rows


def _header(j: dict[str, Any], events: int) -> list[str]:
    head = f"{j.get('title') or 'game'} ({j.get('game') or '-'}) — {events} events"
    if not j["players"]:
        return [head, "Before the first event: nothing exists yet (event 1 creates the game)."]
    return [head, f"Turn {j['turn']}, {j['active']}'s {j['step']} step; priority: {j['priority'] or '-'}"]


def _attached_targets(j: dict[str, Any]) -> set[str]:
    return {b["attached"] for b in j["battlefield"] if b.get("attached")}


def plain_state(j: dict[str, Any], events: int) -> str:
    """A readable summary: turn, players with pools and zones, battlefield, stack, pending."""
    lines = _header(j, events)
    if j.get("game_over"):
        lines.append(f"Game over. Winner: {j.get('winner') or 'none'}")
    enchanted = _attached_targets(j)
    for p in j["players"]:
        lines.append("")
        lines.append(f"{p['name']}: life {p['life']}, mana pool {mana_text(p['mana_pool']) or 'empty'}"
                     + (f", energy {p['counters']['energy']}" if p.get("counters", {}).get("energy") else "")
                     + (f", poison {p['counters']['poison']}" if p.get("counters", {}).get("poison") else "")
                     + (" (lost)" if p.get("lost") else ""))
        for zone in ZONES:
            if p[zone]:
                lines.append(f"  {zone:<9} {zone_text(p[zone])}")
        rows = permanent_rows([b for b in j["battlefield"] if b["controller"] == p["name"]], enchanted)
        if rows:
            lines.append("  battlefield:")
            width = max(len(r.ids) for r in rows)
            for r in rows:
                flags = f" ({'; '.join(r.flags)})" if r.flags else ""
                lines.append(f"    {r.ids:<{width}}  {r.name} [{r.kind}]{flags}")
    if j["stack"]:
        lines.append("")
        lines.append("Stack (top first):")
        for item in j["stack"]:
            lines.append(f"  {item['kind']} {item['id']} ({item['controller']}): {item['text']}")
    if j["pending"]:
        pd = j["pending"]
        lines.append("")
        lines.append(f"Pending {pd['kind']} choice for {pd['player']}: {pd['prompt']}")
        lines.append("  options: " + ", ".join(f"{i}. {o}" for i, o in enumerate(pd["options"], 1)))
    return "\n".join(lines)


_MANA_STYLE = {"W": "bold white", "U": "bold blue", "B": "bold magenta", "R": "bold red",
               "G": "bold green", "C": "bold grey70"}


def rich_state(j: dict[str, Any], events: int) -> Any:
    """The same content as `plain_state`, as `rich` renderables: colour, aligned tables."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[Any] = []
    head = _header(j, events)
    parts.append(Text(head[0], style="bold"))
    parts.append(Text(head[1], style="cyan"))
    if j.get("game_over"):
        parts.append(Text(f"Game over. Winner: {j.get('winner') or 'none'}", style="bold red"))
    enchanted = _attached_targets(j)
    for p in j["players"]:
        parts.append(Text(""))
        line = Text()
        line.append(p["name"], style="bold yellow")
        line.append(f": life {p['life']}, mana pool ")
        if p["mana_pool"]:
            for letter, n in p["mana_pool"].items():
                line.append("{%s}" % letter * n, style=_MANA_STYLE.get(letter, "bold"))
        else:
            line.append("empty", style="dim")
        if p.get("counters", {}).get("energy"):
            line.append(f", energy {p['counters']['energy']}")
        if p.get("counters", {}).get("poison"):
            line.append(f", poison {p['counters']['poison']}")
        if p.get("lost"):
            line.append(" (lost)", style="bold red")
        parts.append(line)
        zones = Table.grid(padding=(0, 2))
        zones.add_column(style="dim")
        zones.add_column()
        for zone in ZONES:
            if p[zone]:
                zones.add_row(f"  {zone}", zone_text(p[zone]))
        if zones.row_count:
            parts.append(zones)
        rows = permanent_rows([b for b in j["battlefield"] if b["controller"] == p["name"]], enchanted)
        if rows:
            table = Table(box=None, padding=(0, 2), show_header=True, header_style="dim")
            for col in ("id", "card", "type", "state"):
                table.add_column(col)
            for r in rows:
                style = "dim" if "tapped" in r.flags else ""
                table.add_row(r.ids, Text(r.name, style="bold " + style if style else "bold"),
                              r.kind, "; ".join(r.flags), style=style)
            parts.append(table)
    if j["stack"]:
        parts.append(Text(""))
        parts.append(Text("Stack (top first):", style="bold"))
        for item in j["stack"]:
            parts.append(Text(f"  {item['kind']} {item['id']} ({item['controller']}): {item['text']}"))
    if j["pending"]:
        pd = j["pending"]
        parts.append(Text(""))
        parts.append(Text(f"Pending {pd['kind']} choice for {pd['player']}: {pd['prompt']}",
                          style="bold magenta"))
        parts.append(Text("  options: " + ", ".join(f"{i}. {o}" for i, o in enumerate(pd["options"], 1))))
    return Group(*parts)
