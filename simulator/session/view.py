"""The state as users see it: the `--json` object of GAME_FORMAT.md, and a text table."""
from __future__ import annotations

from typing import Any, Mapping

from simulator.cards import model as m
from simulator.game.layers import Characteristics, all_characteristics, characteristics
from simulator.game.names import renamed
from simulator.game.state import GameObject, GameState, Player, pool_units


def _names(state: GameState, ids: Any) -> list[str]:
    return [state.objects[i].card for i in ids]


def shown_id(state: GameState, oid: Any) -> Any:
    """The id users see for an object: the recorded game's handle for the card while the card
    is this object (the handle follows the card as it moves), else the object's own id."""
    o = state.objects.get(oid) if isinstance(oid, str) else None
    if o is not None and o.handle and state.current_id(o.handle) == oid:
        return o.handle
    return oid


def _pool(pool: Mapping[str, int]) -> dict[str, int]:
    return {k: pool[k] for k in m.MANA_TYPES if pool.get(k)}


def _units(state: GameState, p: Player) -> list[dict[str, Any]]:
    """`mana_units`: the pool in units of one type, source and restriction (106.4, 106.6), in the
    order they were added; the restriction as its text, or null."""
    return [{"type": u.type, "amount": u.amount, "source": shown_id(state, u.source) if u.source else None,
             "restriction": u.restriction["text"] if u.restriction is not None else None}
            for u in pool_units(p)]


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


def state_json(state: GameState, pool: m.Cards, events: int, memo: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The `simulator replay --json` object (GAME_FORMAT.md, "Output").

    `memo`: a dict the caller keeps between calls over one game (the HTML viewer projects every
    state of a game). Parts whose inputs are the very same objects as last time are reused:
    a zone's names (same vector), the battlefield (same objects map, order and layer results),
    a permanent's entry (same object, characteristics and exiled cards)."""
    memo = {} if memo is None else memo
    players = []
    for name in state.order:
        p = state.players[name]
        zones = {z: _zone_names(state, getattr(p, z), memo, (name, z))
                 for z in ("library", "hand", "graveyard", "exile")}
        players.append({"name": name, "life": p.life, "mana_pool": _pool(p.pool),
                        "mana_units": _units(state, p), **zones,
                        "lost": {"rule": state.loss_rule(name)} if p.lost else None,
                        **({"counters": {k: n for k, n in (("energy", p.energy), ("poison", p.poison)) if n}}
                           if p.energy or p.poison else {})})
    battlefield = _battlefield(state, pool, memo)
    stack = []
    for item in reversed(state.stack):
        stack.append({"kind": item.kind, "id": shown_id(state, item.id),
                      "source": shown_id(state, item.source), "card": item.source_card,
                      "controller": item.controller, "text": item.text,
                      "targets": [shown_id(state, t) for t in item.targets],
                      **({"x": item.x} if item.x else {})})
    pending = None
    if state.pending is not None:
        pending = {"kind": state.pending["kind"], "player": state.pending["player"],
                   "options": [shown_id(state, o) for o in state.pending["options"]],
                   "prompt": renamed(state.pending["prompt"], lambda w: shown_id(state, w))}
    return {"game": state.game_id, "title": state.title, "events": events, "turn": state.turn,
            "active": state.active, "step": state.step, "priority": priority_holder(state),
            "players": players, "battlefield": battlefield, "stack": stack, "pending": pending,
            "game_over": game_over(state), "winner": state.winner}


def _zone_names(state: GameState, ids: Any, memo: dict[Any, Any], key: tuple[Any, ...]) -> list[str]:
    cached = memo.get(key)
    if cached is not None and cached[0] is ids:
        return cached[1]
    names = _names(state, ids)
    memo[key] = (ids, names)
    return names


def _battlefield(state: GameState, pool: m.Cards, memo: dict[Any, Any]) -> list[dict[str, Any]]:
    """The `battlefield` list. Everything it reads: the objects, the battlefield's order, the
    layers' results (`all_characteristics`); the same three objects give the same list."""
    inputs = (state.objects, state.battlefield, all_characteristics(state, pool))
    cached = memo.get("battlefield")
    if cached is not None and all(a is b for a, b in zip(cached[0], inputs)):
        return cached[1]
    battlefield = []
    exiled_with = exiled_with_links(state)
    for oid in state.battlefield:
        o = state.objects[oid]
        c = characteristics(state, oid, pool)
        linked = exiled_with.get(oid, [])
        entry_key = ("permanent", oid)
        hit = memo.get(entry_key)
        if hit is not None and hit[0] is o and hit[1] is c and hit[2] == linked:
            battlefield.append(hit[3])
            continue
        entry = _permanent_json(o, c, linked, shown_id(state, o.attached_to))
        memo[entry_key] = (o, c, linked, entry)
        battlefield.append(entry)
    memo["battlefield"] = (inputs, battlefield)
    return battlefield


def priority_holder(state: GameState) -> str | None:
    """The player holding priority (117.1); None while a choice is pending or the game is over."""
    if state.pending is not None or state.game_over:
        return None
    return state.priority


def game_over(state: GameState) -> dict[str, Any] | None:
    """None while the game goes on; once it is over (104.2a: one player left, or 104.4a: none),
    who won, who lost, and the rule of the loss (704.5b: drew from an empty library, ...)."""
    if not state.game_over:
        return None
    losers = [n for n in state.order if state.players[n].lost]
    rules = list(dict.fromkeys(r for r in (state.loss_rule(n) for n in losers) if r))
    # 104.2a: the one player left; 104.2b: the one an effect names; none for a draw (104.4)
    return {"winners": [state.winner] if state.winner else [],
            "losers": losers, "rule": ", ".join(rules) or None}


def chosen_values(o: GameObject) -> dict[str, str]:
    """`chosen` (GAME_FORMAT.md): what was chosen for the permanent as it entered (614.12)."""
    out: dict[str, str] = {}
    if o.chosen_color:
        out["color"] = o.chosen_color
    if o.chosen_creature_type:
        out["creature_type"] = o.chosen_creature_type
    if o.chosen_land_type:
        out["land_type"] = o.chosen_land_type
    return out


def _permanent_json(o: GameObject, c: Characteristics, linked: list[str], attached: Any) -> dict[str, Any]:
    """One permanent of `battlefield`: layered types and abilities (613), counters, links (607)."""
    # a permanent is the object its handle (if any) names now: it is on the battlefield
    entry = {"id": o.handle or o.id, "card": o.card, "controller": o.controller, "owner": o.owner,
             "tapped": o.tapped, "counters": {k: v for k, v in sorted(o.counters.items()) if v},
             "chosen": chosen_values(o),
             "types": list(c.types), "subtypes": list(c.subtypes),
             "power": c.power, "toughness": c.toughness,
             "supertypes": list(c.supertypes), "colors": list(c.colors), "keywords": c.keywords(),
             "abilities": [{"text": a.text, "origin": a.origin, "granted_by": a.granted_by}
                           for a in c.activated()]}
    if o.attached_to:
        entry["attached"] = attached
    if o.is_token:
        entry["token"] = True
    if o.damage:
        entry["damage"] = o.damage          # marked damage (120.3e), removed in the cleanup step (514.2)
    if linked:
        entry["exiled"] = linked
    return entry


def state_text(state: GameState, pool: m.Cards, events: int) -> str:
    """A readable summary: turn, players with pools and zones, battlefield, stack, pending
    (simulator/statetext.py writes it, repeated cards grouped)."""
    from simulator.session.statetext import plain_state
    return plain_state(state_json(state, pool, events), events)
