"""The state as users see it: the `--json` object of GAME_FORMAT.md, and a text table."""
from __future__ import annotations

from typing import Any

from .cards import model as m
from .characteristics import Characteristics, characteristics
from .mana import mana_text
from .state import GameObject, GameState


def _names(state: GameState, ids: Any) -> list[str]:
    return [state.objects[i].card for i in ids]


def _pool(pool: Any) -> dict[str, int]:
    return {k: pool[k] for k in m.MANA_TYPES if pool.get(k)}


def exiled_with_links(state: GameState) -> dict[str, list[str]]:
    """607: object id -> names of the cards exiled with it, in the order they were exiled
    (sorted by timestamp: hash-map order changes with PYTHONHASHSEED). One pass over the exile
    zones, not one scan of every object per permanent (a long game has thousands of objects)."""
    exiled = sorted((state.objects[i] for name in state.order for i in state.players[name].exile),
                    key=lambda x: x.timestamp)
    out: dict[str, list[str]] = {}
    for x in exiled:
        if x.exiled_with:
            out.setdefault(x.exiled_with, []).append(x.card)
    return out


def state_json(state: GameState, pool: Any, events: int, memo: dict | None = None) -> dict:
    """The `simulator replay --json` object (GAME_FORMAT.md, "Output").

    `memo` (a dict the caller keeps between calls) reuses a permanent's entry while its
    object, its characteristics and its exiled cards are the same: projecting every state of
    a long game (the HTML viewer) would otherwise rebuild every permanent at every event."""
    players = []
    for name in state.order:
        p = state.players[name]
        players.append({"name": name, "life": p.life, "mana_pool": _pool(p.pool),
                        "library": _names(state, p.library), "hand": _names(state, p.hand),
                        "graveyard": _names(state, p.graveyard), "exile": _names(state, p.exile),
                        "lost": p.lost})
    battlefield = []
    exiled_with = exiled_with_links(state)
    for oid in state.battlefield:
        o = state.objects[oid]
        c = characteristics(state, oid, pool)
        linked = exiled_with.get(oid, [])
        cached = memo.get(o) if memo is not None else None
        if cached is not None and cached[0] is c and cached[1] == linked:
            battlefield.append(cached[2])
            continue
        entry = _permanent_json(o, c, linked)
        if memo is not None:
            memo[o] = (c, linked, entry)
        battlefield.append(entry)
    stack = []
    for item in reversed(state.stack):
        stack.append({"kind": item.kind, "id": item.id, "source": item.source, "card": item.source_card,
                      "controller": item.controller, "text": item.text, "targets": list(item.targets),
                      **({"x": item.x} if item.x else {})})
    pending = None
    if state.pending is not None:
        pending = {"kind": state.pending["kind"], "player": state.pending["player"],
                   "options": list(state.pending["options"]), "prompt": state.pending["prompt"]}
    return {"game": state.game_id, "title": state.title, "events": events, "turn": state.turn,
            "active": state.active, "step": state.step, "priority": state.priority,
            "players": players, "battlefield": battlefield, "stack": stack, "pending": pending,
            "game_over": state.game_over, "winner": state.winner}


def _permanent_json(o: GameObject, c: Characteristics, linked: list[str]) -> dict:
    """One permanent of `battlefield`: layered types and abilities (613), counters, links (607)."""
    entry = {"id": o.id, "card": o.card, "controller": o.controller, "owner": o.owner,
             "tapped": o.tapped, "counters": {k: v for k, v in sorted(o.counters.items()) if v},
             "types": list(c.types), "subtypes": list(c.subtypes),
             "power": c.power, "toughness": c.toughness,
             "supertypes": list(c.supertypes),
             "abilities": [{"text": a.text, "origin": a.origin, "granted_by": a.granted_by}
                           for a in c.activated()]}
    if o.attached_to:
        entry["attached"] = o.attached_to
    if o.is_token:
        entry["token"] = True
    if linked:
        entry["exiled"] = linked
    return entry


def state_text(state: GameState, pool: Any, events: int) -> str:
    """A readable summary: turn, players with pools and zones, battlefield, stack, pending."""
    j = state_json(state, pool, events)
    lines = [f"{j['title'] or 'game'} ({j['game']}) — {events} events",
             f"Turn {j['turn']}, {j['active']}'s {j['step']} step; priority: {j['priority'] or '-'}"]
    if j["game_over"]:
        lines.append(f"Game over. Winner: {j['winner'] or 'none'}")
    for p in j["players"]:
        lines.append("")
        lines.append(f"{p['name']}: life {p['life']}, mana pool {mana_text(p['mana_pool']) or 'empty'}"
                     + (" (lost)" if p["lost"] else ""))
        for zone in ("hand", "library", "graveyard", "exile"):
            if p[zone]:
                lines.append(f"  {zone:<9} {', '.join(p[zone])}")
        mine = [b for b in j["battlefield"] if b["controller"] == p["name"]]
        if mine:
            lines.append("  battlefield:")
            width = max(len(b["id"]) for b in mine)
            for b in mine:
                flags = []
                if b["tapped"]:
                    flags.append("tapped")
                if b["counters"]:
                    flags.append(", ".join(f"{v}×{k}" for k, v in b["counters"].items()))
                if b["power"] is not None:
                    flags.append(f"{b['power']}/{b['toughness']}")
                if b.get("attached"):
                    flags.append(f"attached to {b['attached']}")
                kind = " ".join(b["types"]) + (" — " + " ".join(b["subtypes"]) if b["subtypes"] else "")
                lines.append(f"    {b['id']:<{width}}  {b['card']} [{kind}]" + (f" ({'; '.join(flags)})" if flags else ""))
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
