"""What each of a player's permanents could produce now: `mana_report(state, cards, player)`,
the judge's first question ("what can Alice make with this board?").

Nothing here computes mana. For every mana ability of every permanent the player controls
(605.1a), and every mana choice the ability allows, the activation is handed to `decide`, the
rules themselves, on the state as it is (with the player holding priority, 605.3a: a mana
ability can be activated whenever its controller has priority or pays a cost): what it adds
is then read off the events it made, so triggered mana abilities (Wild Growth, 106.12a),
replacement effects (Contamination, Mana Reflection: 106.12b, 614) and costs (life, a
sacrifice) are exactly the engine's. An activation the rules refuse is listed with the
refusal's reason and rule (a tapped land: 107.5; summoning sickness: 302.6). `could_produce`
is 106.7's answer for the permanent: the types of mana its abilities could produce now, the
question Reflecting Pool and Exotic Orchard ask.
"""
from __future__ import annotations

from typing import Any

from simulator.base.errors import IllegalAction
from simulator.base.symbols import MANA_TYPES, mana_text
from simulator.cards import model as m
from simulator.game import events as ev
from simulator.game.could_produce import add_mana_effect, could_produce
from simulator.game.layers import characteristics
from simulator.game.names import Names
from simulator.game.state import GameState
from simulator.rules import ActivateAbility, decide
from simulator.session.view import shown_id
from simulator.tools.legal import mana_choices

__all__ = ["mana_report"]


def _with_priority(state: GameState, player: str) -> GameState:
    """The state with `player` holding priority (the question is what they could make now)."""
    if state.priority == player or state.pending is not None or state.game_over:
        return state
    from simulator.game.state import _replace
    return _replace(state, priority=player)


def _cost(text: str) -> str:
    """The cost part of an activated ability's text (602.1: "[Cost]: [Effect.]")."""
    return text.split(":", 1)[0].strip() if ":" in text else ""


def _added(events: list[ev.Envelope], player: str) -> dict[str, int]:
    pool: dict[str, int] = {}
    for env in events:
        e = env.event
        if isinstance(e, ev.ManaAdded) and e.player == player:
            for k, n in e.mana.items():
                pool[k] = pool.get(k, 0) + int(n)
    return {k: pool[k] for k in MANA_TYPES if pool.get(k)}


def _also(events: list[ev.Envelope], player: str) -> list[str]:
    """What else the activation did, in words (life paid, damage, sacrifices, triggers that went
    on the stack): the rest of the price."""
    out = []
    for env in events:
        e = env.event
        if isinstance(e, (ev.LifePaid, ev.DamageDealt)):
            out.append(e.describe())
        elif isinstance(e, ev.ZoneChanged) and e.from_zone == "battlefield":
            out.append(e.describe())
        elif isinstance(e, ev.AbilityTriggered):
            out.append(e.describe())
    return list(dict.fromkeys(out))


def mana_report(state: GameState, cards: m.Cards, player: str) -> list[dict[str, Any]]:
    """One entry per permanent `player` controls, in battlefield order: {"id", "card",
    "could_produce": [types, 106.7], "abilities": [{"number", "text", "cost", "choices":
    [{"mana" (the `mana` answer, or null), "adds" ("{G}{G}"), "mana_pool" (what is added),
    "also" (other effects in words), "pending" (a choice the activation leaves to make, e.g.
    the order of two replacement effects, 616.1), "legal", "why_not"}]}]}."""
    asking = _with_priority(state, player)
    types = could_produce(state, cards)
    names = Names.of_state(state)   # the words name objects as the state does (one name per object)
    out = []
    for oid in state.battlefield:
        o = state.objects[oid]
        if o.controller != player:
            continue
        abilities = []
        for number, ref in enumerate(characteristics(state, oid, cards).activated(), 1):
            ab = ref.ability
            if not isinstance(ab, m.ActivatedAbility) or add_mana_effect(ab) is None or ab.is_loyalty_ability:
                continue
            choices = []
            for mana in mana_choices(ab):
                entry: dict[str, Any] = {"mana": mana}
                decision = ActivateAbility(player, oid, number, (), mana, ())
                try:
                    after, events = decide(asking, decision, cards)
                except IllegalAction as e:
                    entry.update(adds=None, mana_pool=None, also=[], pending=None, legal=False,
                                 why_not=names.text(f"{e.why} ({e.rule})"))
                else:
                    added = _added(events, player)
                    waiting = after.pending
                    then = names.copy()
                    for env in events:
                        then.see(env)
                    entry.update(adds=mana_text(added), mana_pool=added,
                                 also=[then.text(t) for t in _also(events, player)],
                                 pending=(f"{waiting['player']} must then answer a {waiting['kind']} choice"
                                          if waiting is not None else None),
                                 legal=True, why_not=None)
                choices.append(entry)
            abilities.append({"number": number, "text": ref.text, "cost": _cost(ref.text), "choices": choices})
        out.append({"id": shown_id(state, oid), "card": o.card,
                    "could_produce": [t for t in MANA_TYPES if t in types.get(oid, ())],
                    "abilities": abilities})
    return out
