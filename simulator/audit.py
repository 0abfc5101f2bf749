"""The audit: why did this happen? Walk `cause_seq` from any event back to a player's decision.

Every event records the event it follows from and the Comprehensive Rules
number behind it, so the answer is a chain of (event, rule) links ending at a
decision (an event with no cause). `describe` puts one event in words;
`trigger_report` is the `simulator triggers --json` list of GAME_FORMAT.md.
"""
from __future__ import annotations

from typing import Any, Iterable

from . import events as ev
from .errors import NotFound
from .mana import mana_text
from .state import GameState, evolve

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


def _mana(m: Any) -> str:
    return mana_text(dict(m)) or "no mana"


def describe(env: ev.Envelope) -> str:
    """One event in words."""
    e = env.event
    t = type(e)
    if t is ev.AbilityActivated:
        granted = ""
        if e.granted_by:
            by = f"{e.granted_by_card} ({e.granted_by})" if e.granted_by_card else e.granted_by
            granted = f" (granted by {by})"
        return f"{e.player} activates {e.source} ({e.source_card}): {e.text}{granted}"
    if t is ev.SpellCast:
        x = f" with X={e.x}" if e.x else ""
        tg = f" targeting {', '.join(e.targets)}" if e.targets else ""
        return f"{e.player} casts {e.card}{x}{tg}"
    if t is ev.LandPlayed:
        return f"{e.player} plays {e.card}"
    if t is ev.PriorityPassed:
        return f"{e.player} passes priority"
    if t is ev.ChoiceMade:
        return f"{e.player} chooses {e.answer!r} ({e.kind})"
    if t is ev.ChoiceRequested:
        return f"{e.player} must choose ({e.kind}): {e.prompt}"
    if t is ev.PermanentTapped:
        return f"{e.object_id} becomes tapped"
    if t is ev.PermanentUntapped:
        return f"{e.object_id} untaps"
    if t is ev.ManaProduced:
        if not any(e.mana.values()):
            return f"{e.source_card} ({e.source}) produces no mana"
        how = "is tapped for mana and produces" if e.tapped_for_mana else "produces"
        return f"{e.source_card} ({e.source}) {how} {_mana(e.mana)}"
    if t is ev.ManaAdded:
        return f"{e.player} adds {_mana(e.mana)}" + (f" (from {e.source})" if e.source else "")
    if t is ev.ManaSpent:
        return f"{e.player} spends {_mana(e.mana)}"
    if t is ev.ManaPoolEmptied:
        return f"{e.player}'s unspent {_mana(e.mana)} empties from their pool"
    if t is ev.ReplacementApplied:
        before = _mana(e.before) if e.applies_to == "mana" else e.before
        after = _mana(e.after) if e.applies_to == "mana" else e.after
        return f"{e.source_card} ({e.source}) replaces the event: {before} becomes {after} — {e.effect}"
    if t is ev.AbilityTriggered:
        return f"{e.source_card} ({e.source}) triggers: {_trigger_reason(e)}"
    if t is ev.AbilityPutOnStack:
        tg = f" targeting {', '.join(e.targets)}" if e.targets else ""
        return f"{e.source_card}'s ability goes on the stack ({e.stack_id}){tg}: {e.text}"
    if t is ev.TriggerRemoved:
        return f"{e.source_card}'s triggered ability is removed ({e.reason or 'cannot be put on the stack'}): {e.text}"
    if t is ev.AbilityResolved:
        return f"{e.stack_id} resolves" + (" (countered: no legal targets)" if e.countered else "")
    if t is ev.SpellResolved:
        return f"{e.spell_id} resolves" + (" (countered: no legal targets)" if e.countered else "")
    if t is ev.ZoneChanged:
        why = f" ({e.reason})" if e.reason else ""
        return f"{e.card} moves from {e.from_zone} to {e.to_zone} as {e.new_id}{why}"
    if t is ev.CardDrawn:
        return f"{e.player} draws {e.card}"
    if t is ev.CardRevealed:
        return f"{e.player} reveals {e.card}"
    if t is ev.CountersPlaced:
        return f"{e.amount} {e.counter} counter(s) placed on {e.object_id}"
    if t is ev.CreatureExplored:
        where = {"hand": "to hand", "top": "kept on top", "graveyard": "to graveyard",
                 "none": "nothing revealed"}[e.result]
        left = "" if e.on_battlefield else ", after it left the battlefield"
        return f"{e.object_id} ({e.card}) explores: {e.revealed or 'empty library'} {where}{left}"
    if t is ev.TokenCreated:
        return f"{e.controller} creates a {e.token} token ({e.object_id})"
    if t is ev.DamageDealt:
        return f"{e.source_card} ({e.source}) deals {e.amount} damage to {e.player}"
    if t is ev.LifeGained:
        return f"{e.player} gains {e.amount} life"
    if t is ev.LifePaid:
        return f"{e.player} pays {e.amount} life"
    if t is ev.StepBegan:
        return f"the {e.step} step begins"
    if t is ev.TurnBegan:
        return f"turn {e.turn} begins ({e.active})"
    if t is ev.PriorityReceived:
        return f"{e.player} receives priority"
    if t is ev.GameCreated:
        return f"game {e.title!r} begins: {', '.join(e.players)}"
    if t is ev.CardPlaced:
        return f"{e.card} placed in {e.owner}'s {e.zone} as {e.object_id}"
    if t is ev.PlayerLost:
        return f"{e.player} loses the game: {e.reason}"
    if t is ev.LandPlayAdded:
        return f"{e.player} may play {e.amount} additional land(s) this turn"
    if t is ev.DrawFailed:
        return f"{e.player} tries to draw from an empty library"
    if t is ev.TokenCeasedToExist:
        return f"token {e.object_id} in the {e.zone} ceases to exist"
    if t is ev.GameEnded:
        return f"the game ends: {e.winner + ' wins' if e.winner else 'a draw'}"
    return f"{env.type} {e.payload()}"


def _trigger_reason(e: ev.AbilityTriggered) -> str:
    d = e.data
    if "land" in d and d.get("player"):
        produced = _mana(d.get("produced", {}))
        if "enchanted land" in e.text.lower():
            return f"enchanted {d.get('land_card')} ({d['land']}) was tapped for mana ({produced})"
        return f"{d['player']} tapped {d.get('land_card')} ({d['land']}) for mana ({produced})"
    if "explorer" in d:
        return f"{d['explorer']}, a creature {e.controller} controls, explored"
    if "spell" in d:
        return f"{e.controller} cast {d.get('card')} ({d['spell']})"
    if "counters" in d:
        return f"it died (last known counters: {dict(d['counters']) or 'none'})"
    return e.text


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
    data = p.get("data") or {}
    for k in ("land", "explorer"):
        if isinstance(data.get(k), str) and data[k] not in seen:
            seen.append(data[k])
    return seen


def object_state(state: GameState, oid: str) -> str:
    o = state.objects.get(oid)
    if o is None:
        return f"{oid}: (not yet in the game)"
    if o.zone == "moved":
        # 400.7: the record of an object that changed zones (any zones, not only the battlefield)
        now = state.objects.get(o.moved_to)
        where = f" in {now.zone}" if now is not None and now.zone not in ("moved", "gone") else ""
        bits = [o.card, f"changed zones (now {o.moved_to}{where})"]
    else:
        bits = [o.card, f"in {o.zone}"]
    if o.zone == "battlefield":
        bits.append(f"controller {o.controller}")
        bits.append("tapped" if o.tapped else "untapped")
        counters = {k: v for k, v in o.counters.items() if v}
        if counters:
            bits.append(", ".join(f"{v}×{k}" for k, v in counters.items()))
        if o.attached_to:
            bits.append(f"attached to {o.attached_to}")
    return f"{oid}: " + ", ".join(bits)


def states_at(envelopes: Iterable[ev.Envelope], seqs: set[int], game_id: str) -> dict[int, GameState]:
    """The state right after each of `seqs` (one pass over the log)."""
    out: dict[int, GameState] = {}
    state = GameState(game_id=game_id)
    last = max(seqs) if seqs else 0
    for env in envelopes:
        state = evolve(state, env)
        if env.seq in seqs:
            out[env.seq] = state
        if env.seq >= last:
            break
    return out


def link_json(env: ev.Envelope) -> dict:
    return {"seq": env.seq, "type": env.type, "rule": env.rule, "text": describe(env),
            "decision": env.cause_seq is None}


def why(log: dict[int, ev.Envelope], seq: int, game_id: str) -> dict:
    """The chain for `seq`, each link with its rule, words and the objects' state then."""
    links = chain(log, seq)
    states = states_at(sorted(log.values(), key=lambda e: e.seq), {e.seq for e in links}, game_id)
    return {"game": game_id, "seq": seq, "chain": [why_link(env, states[env.seq]) for env in links]}


def why_link(env: ev.Envelope, state: GameState) -> dict:
    """One link of a `why` chain: the event, its rule and words, and its objects in `state`
    (the state just after it)."""
    item = link_json(env)
    item["objects"] = [object_state(state, o) for o in objects_of(env)]
    return item


def why_text(report: dict) -> str:
    lines = []
    for i, link in enumerate(report["chain"]):
        arrow = "" if i == 0 else "← "
        rule = f" ({link['rule']})" if link["rule"] else ""
        tail = "  [the player's decision]" if link["decision"] else ""
        lines.append(f"{'  ' * min(i, 1)}{arrow}#{link['seq']} {link['text']}{rule}{tail}")
        for o in link["objects"]:
            lines.append(f"{'  ' * min(i, 1)}      · {o}")
    return "\n".join(lines)


def why_dot(log: dict[int, ev.Envelope], seqs: list[int]) -> str:
    """Graphviz DOT of the causal graph behind `seqs` (edges point from cause to effect)."""
    nodes: dict[int, ev.Envelope] = {}
    for s in seqs:
        for env in chain(log, s):
            nodes[env.seq] = env
    lines = ["digraph why {", "  rankdir=BT;", '  node [shape=box, fontname="Helvetica"];']
    for seq in sorted(nodes):
        env = nodes[seq]
        label = f"#{seq} {env.type}\\n{describe(env)}\\n({env.rule or '-'})".replace('"', "'")
        shape = ', style=bold' if env.cause_seq is None else ""
        lines.append(f'  e{seq} [label="{label}"{shape}];')
    for seq in sorted(nodes):
        env = nodes[seq]
        if env.cause_seq is not None and env.cause_seq in nodes:
            lines.append(f"  e{env.cause_seq} -> e{seq};")
    lines.append("}")
    return "\n".join(lines)


def trigger_report(log: dict[int, ev.Envelope]) -> list[dict]:
    """GAME_FORMAT: one entry per triggered ability that triggered, in log order."""
    out = []
    for seq in sorted(log):
        env = log[seq]
        if not isinstance(env.event, ev.AbilityTriggered):
            continue
        e = env.event
        causes = chain(log, env.cause_seq) if env.cause_seq is not None else []
        out.append({"seq": seq, "source": e.source_card, "source_id": e.source, "controller": e.controller,
                    "rule": env.rule, "text": e.text, "mana_ability": e.mana_ability,
                    "cause": [{"seq": c.seq, "type": c.type, "rule": c.rule} for c in causes]})
    return out
