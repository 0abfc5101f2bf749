"""What the HTML viewer embeds: every event in words, the state after each, and the causal links.

One pass over the log folds the state (`state.project`, visiting each event) and projects it with the code the commands
use: `view.state_json` (`state --at SEQ --json`) and `audit.why_link` (one link of
`why --json`). Full states are embedded every `snapshot_every` events; every event carries
the delta (`delta.diff`) from the state before it, which the page applies.
"""
from __future__ import annotations

from typing import Any, Iterable

from simulator.session import audit
from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.layers import characteristics
from simulator.game.names import Names
from simulator.rules.queries import summoning_sick
from simulator.game.state import GameState, project
from simulator.session.view import state_json
from simulator.viewer import delta
from simulator.viewer.glossary import glossary_for

SNAPSHOT_EVERY = 200
FORMAT = 1

# Event types the page marks: triggered abilities (603) and replacement effects (614).
MARKS = {"AbilityTriggered": "trigger", "TriggerRemoved": "trigger", "ReplacementApplied": "replacement"}


def state_view(state: GameState, pool: m.Cards, seq: int, memo: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the page shows after event `seq`: exactly `state --at SEQ --json` under "state",
    and under "extra" what the contract's JSON leaves out: per permanent, summoning sickness
    (302.6) and its abilities other than activated ones, as the layers leave them (613).
    `memo`: a dict kept between calls over one game (see `state_json`)."""
    memo = {} if memo is None else memo
    shown = state_json(state, pool, seq, memo)
    # sickness reads each controller's most recent turn (302.6): part of the inputs here
    inputs = (shown["battlefield"], tuple(p.last_turn for p in state.players.values()))
    cached = memo.get("extra")
    if cached is not None and cached[0][0] is inputs[0] and cached[0][1] == inputs[1]:
        return {"state": shown, "extra": cached[1]}
    extra = []
    for oid, entry in zip(state.battlefield, shown["battlefield"]):
        o = state.objects[oid]
        c = characteristics(state, oid, pool)
        extra.append({"id": entry["id"], "sick": c.is_creature and summoning_sick(state, o),
                      "other": [{"text": a.text, "origin": a.origin, "granted_by": a.granted_by}
                                for a in c.abilities if not isinstance(a.ability, m.ActivatedAbility)]})
    memo["extra"] = (inputs, extra)
    return {"state": shown, "extra": extra}


def page_data(envelopes: Iterable[ev.Envelope], pool: m.Cards, game_id: str,
              snapshot_every: int = SNAPSHOT_EVERY) -> dict[str, Any]:
    """The viewer's data for one game (see the module docstring)."""
    types: list[str] = []
    strings: list[str] = []
    string_index: dict[str, int] = {}
    rows: list[list[Any]] = []
    deltas: list[Any] = []
    snapshots: dict[str, dict[str, Any]] = {}
    actives: dict[str, str] = {}
    rules: set[str] = set()
    memo: dict[str, Any] = {}
    before: dict[str, Any] | None = None
    names = Names()   # the timeline names objects as the cards do (one name per object)

    def intern(text: str) -> int:
        if text not in string_index:
            string_index[text] = len(strings)
            strings.append(text)
        return string_index[text]

    def visit(env: ev.Envelope, state: GameState) -> None:
        nonlocal before
        names.see(env)
        link = audit.why_link(env, state, names=names)
        if env.type not in types:
            types.append(env.type)
        if env.cited:
            rules.add(env.cited)
        actives[str(state.turn)] = state.active
        rows.append([env.seq, types.index(env.type), env.cited, env.cause_seq, env.decision_seq,
                     link["text"], state.turn, _step(env, state), MARKS.get(env.type, ""),
                     [intern(o) for o in link["objects"]]])
        after = state_view(state, pool, env.seq, memo)
        if before is None or env.seq % snapshot_every == 0:
            snapshots[str(env.seq)] = after
        deltas.append(None if before is None else delta.diff(before, after))
        before = after

    state = project(envelopes, GameState(game_id=game_id), visit=visit)
    return {"format": FORMAT, "game": game_id, "title": state.title, "players": list(state.order),
            "types": types, "events": rows, "strings": strings, "turn_active": actives,
            "snapshot_every": snapshot_every, "snapshots": snapshots, "deltas": deltas,
            "glossary": glossary_for(rules)}


def _step(env: ev.Envelope, state: GameState) -> str:
    """The step an event belongs to; "" for the start of a turn, before its first step begins."""
    return "" if isinstance(env.event, ev.TurnBegan) else state.step


EVENT_FIELDS = ("seq", "type", "rule", "cause", "decision", "text", "turn", "step", "mark", "objects")
