"""The audit: why did this happen? Walk `cause_seq` from any event back to a player's decision.

Every event records the event it follows from and the Comprehensive Rules
number behind it, so the answer is a chain of (event, rule) links ending at a
decision (an event with no cause). `describe` puts one event in words;
`trigger_report` is the `simulator triggers --json` list of GAME_FORMAT.md.
"""
from __future__ import annotations

from typing import Any, Iterable

from simulator.game import events as ev
from simulator.base.errors import NotFound
from simulator.game.names import Names
from simulator.game.state import GameState, project

OBJECT_KEYS = ("object_id", "source", "new_id", "spell_id", "land", "explorer")


def index_log(envelopes: Iterable[ev.Envelope]) -> dict[int, ev.Envelope]:
    return {e.seq: e for e in envelopes}


def chain(log: dict[int, ev.Envelope], seq: int) -> list[ev.Envelope]:
    """The event and its causes, back to the decision (last)."""
    if seq not in log:
        raise NotFound(f"there is no event #{seq} in this game (it has {len(log)})")
    out = [log[seq]]
    seen = {seq}
    while out[-1].cause_seq is not None and out[-1].cause_seq in log and out[-1].cause_seq not in seen:
        seen.add(out[-1].cause_seq)
        out.append(log[out[-1].cause_seq])
    return out


def describe(env: ev.Envelope, names: Names | None = None) -> str:
    """One event in words (each event class says its own), objects by `names` (one name per
    object: a handled card's handle; without `names`, the engine's ids)."""
    words = env.event.describe()
    return words if names is None else names.text(words)


def names_of(envelopes: Iterable[ev.Envelope]) -> Names:
    """The names of a game's objects, from its events (the whole log, or the log up to the
    last event to be described)."""
    names = Names()
    for env in envelopes:
        names.see(env)
    return names


def objects_of(env: ev.Envelope) -> list[str]:
    p = env.event.payload()
    seen: list[str] = []
    for k in OBJECT_KEYS:
        v = p.get(k)
        if isinstance(v, str) and v not in seen:
            seen.append(v)
    for v in p.get("targets", []) or []:
        if v not in seen:
            seen.append(v)
    data = p.get("data") or p        # AbilityPutOnStack keeps a `data` dict; AbilityTriggered typed fields
    for k in ("land", "explorer", "entered"):
        if isinstance(data.get(k), str) and data[k] not in seen:
            seen.append(data[k])
    return seen


def object_state(state: GameState, oid: str) -> str:
    o = state.objects.get(oid)
    if o is None and oid in state.players:     # a targeted player (115.4)
        p = state.players[oid]
        return f"{oid}: player, life {p.life}" + (", lost" if p.lost else "")
    if o is None:
        return f"{oid}: (not yet in the game)"
    if o.zone == "moved":
        # 400.7: the record of an object that changed zones (any zones, not only the battlefield)
        now = state.objects.get(o.moved_to) if o.moved_to else None
        where = f" in {now.zone}" if now is not None and now.zone not in ("moved", "gone") else ""
        bits = [o.card, f"changed zones (now {o.moved_to}{where})"]
    else:
        bits = [o.card, f"in {o.zone}"]
    if o.zone == "battlefield":
        bits.append(f"controller {o.controller}")
        bits.append("tapped" if o.tapped else "untapped")
        # by name: a map's own order follows the string hash (PYTHONHASHSEED) and how it was
        # built, so a state restored from a snapshot would list the same counters otherwise
        counters = {k: v for k, v in sorted(o.counters.items()) if v}
        if counters:
            bits.append(", ".join(f"{v}×{k}" for k, v in counters.items()))
        if o.damage:
            bits.append(f"{o.damage} damage")
        if o.attached_to:
            bits.append(f"attached to {o.attached_to}")
    return f"{oid}: " + ", ".join(bits)


def object_fields(state: GameState, oid: str, names: Names | None = None) -> dict[str, Any]:
    """One object of a `why` link as data (`why --json`): id, card, zone, controller, tapped,
    counters, attached, and for an object that changed zones (400.7) the id it became; `text`
    the same in words. Fields that do not apply are null. Ids as `names` gives them."""
    names = names or Names()
    o = state.objects.get(oid)
    out: dict[str, Any] = {"id": names.name(oid), "card": None, "zone": None, "controller": None,
                           "tapped": None, "counters": {}, "attached": None, "moved_to": None,
                           "text": names.text(object_state(state, oid))}
    if o is None:
        return out
    out.update(card=o.card, zone="changed zones" if o.zone == "moved" else o.zone)
    if o.zone == "moved":
        out["moved_to"] = names.name(o.moved_to)
    if o.zone == "battlefield":
        out.update(controller=o.controller, tapped=o.tapped, attached=names.name(o.attached_to),
                   counters={k: v for k, v in sorted(o.counters.items()) if v})
    return out


def states_at(envelopes: Iterable[ev.Envelope], seqs: set[int], game_id: str,
              start: GameState | None = None) -> dict[int, GameState]:
    """The state right after each of `seqs`: one pass over the log from `start` (a snapshot at
    or before the first of `seqs`) or, without one, from the first event."""
    out: dict[int, GameState] = {}
    start = start or GameState(game_id=game_id)
    if start.version in seqs:
        out[start.version] = start

    def keep(env: ev.Envelope, state: GameState) -> None:
        if env.seq in seqs:
            out[env.seq] = state

    project((e for e in envelopes if e.seq > start.version), start, max(seqs, default=0), keep)
    return out


def link_json(env: ev.Envelope, names: Names | None = None) -> dict[str, Any]:
    return {"seq": env.seq, "type": env.type, "rule": env.cited, "text": describe(env, names),
            "decision": env.cause_seq is None}


def why(log: dict[int, ev.Envelope], seq: int, game_id: str, start: GameState | None = None,
        envelopes: Iterable[ev.Envelope] | None = None) -> dict[str, Any]:
    """The chain for `seq`, each link with its rule, words and the objects' state then.
    `start`: a state at or before the chain's first event (a snapshot) to fold from;
    `envelopes`: the events to fold, in seq order, from `start` to `seq` at least (None: `log`'s,
    which must then hold every event up to `seq`; `log` need only hold the chain's otherwise)."""
    links = chain(log, seq)
    if envelopes is None:
        envelopes = sorted(log.values(), key=lambda e: e.seq)
    envelopes = list(envelopes)
    known = {**{e.seq: e for e in envelopes if e.seq in {getattr(x, "decision_seq", None) for x in links}}, **log}
    states = states_at(envelopes, {e.seq for e in links}, game_id, start)
    names = Names.of_state(states[seq])   # the chain's last event: every object it names exists
    out = []
    root = links[-1].seq
    for env in links:
        item = why_link(env, states[env.seq], structured=True, names=names)
        decided = getattr(env, "decision_seq", None)
        if decided is not None and decided != root and decided != env.seq and decided in known:
            # the other cause: the decision this happened in (a trigger resolves because the
            # last player passed, 117.4 and 608.1), not only the chain of what it follows from
            item["during"] = {"seq": decided, "type": known[decided].type,
                              "text": describe(known[decided], names)}
        out.append(item)
    return {"game": game_id, "seq": seq, "chain": out}


def why_link(env: ev.Envelope, state: GameState, structured: bool = False,
             names: Names | None = None) -> dict[str, Any]:
    """One link of a `why` chain: the event, its rule and words, and its objects in `state`
    (the state just after it) in words (`objects`, as released) and, `structured`, as fields
    (`object_fields`, one object each, in the same order); objects named by `names`."""
    names = names or Names()
    item = link_json(env, names)
    ids = objects_of(env)
    item["objects"] = [names.text(object_state(state, o)) for o in ids]
    if structured:
        item["object_fields"] = [object_fields(state, o, names) for o in ids]
    return item


def why_text(report: dict[str, Any]) -> str:
    lines = []
    for i, link in enumerate(report["chain"]):
        arrow = "" if i == 0 else "← "
        rule = f" ({link['rule']})" if link["rule"] else ""
        tail = "  [the player's decision]" if link["decision"] else ""
        lines.append(f"{'  ' * min(i, 1)}{arrow}#{link['seq']} {link['text']}{rule}{tail}")
        if link.get("during"):
            d = link["during"]
            lines.append(f"{'  ' * min(i, 1)}      (during #{d['seq']} {d['text']}  [the player's decision])")
        for o in link["objects"]:
            lines.append(f"{'  ' * min(i, 1)}      · {o}")
    return "\n".join(lines)


def why_dot(log: dict[int, ev.Envelope], seqs: list[int], names: Names | None = None) -> str:
    """Graphviz DOT of the causal graph behind `seqs` (edges point from cause to effect);
    objects named by `names`."""
    nodes: dict[int, ev.Envelope] = {}
    for s in seqs:
        for env in chain(log, s):
            nodes[env.seq] = env
    lines = ["digraph why {", "  rankdir=BT;", '  node [shape=box, fontname="Helvetica"];']
    for seq in sorted(nodes):
        env = nodes[seq]
        label = f"#{seq} {env.type}\\n{describe(env, names)}\\n({env.cited or '-'})".replace('"', "'")
        shape = ', style=bold' if env.cause_seq is None else ""
        lines.append(f'  e{seq} [label="{label}"{shape}];')
    for seq in sorted(nodes):
        env = nodes[seq]
        if env.cause_seq is not None and env.cause_seq in nodes:
            lines.append(f"  e{env.cause_seq} -> e{seq};")
    lines.append("}")
    return "\n".join(lines)


def trigger_report(log: dict[int, ev.Envelope]) -> list[dict[str, Any]]:
    """GAME_FORMAT: one entry per triggered ability that triggered, in log order; `source_id`
    the source's name (its handle, if its card has one: one name per object)."""
    out = []
    names = names_of(log[s] for s in sorted(log))
    for seq in sorted(log):
        env = log[seq]
        if not isinstance(env.event, ev.AbilityTriggered):
            continue
        e = env.event
        causes = chain(log, env.cause_seq) if env.cause_seq is not None else []
        out.append({"seq": seq, "source": e.source_card, "source_id": names.name(e.source), "controller": e.controller,
                    "rule": env.cited, "text": e.text, "mana_ability": e.mana_ability,
                    "cause": [{"seq": c.seq, "type": c.type, "rule": c.cited} for c in causes]})
    return out
