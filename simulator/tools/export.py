"""Export a stored game as a recorded game (GAME_FORMAT.md, format 1), from its log alone.

`export_game(envelopes, pool)` gives the starting position (from the setup
events) and every decision since, as `[[actions]]`: replaying the export makes
the same events as the log (the GameCreated `source` aside: it is the new
file's). `export_game(..., at=SEQ)` gives the position just after event SEQ
as a new starting position with no actions (a puzzle to hand to someone);
what format 1 cannot express there (restricted mana, the stack, a pending choice,
lands already played this turn, ...) is dropped and listed in `warnings`; the mana in
the pools (`mana_pool`) and what permanents chose as they entered (`chosen`) are kept.
The real cards the game took from the Oracle data (stored in its log as `oracle_cards`) are
written as one more card file, `cards/oracle-cards.toml`, so the export replays with the texts
the game was played with, whatever Oracle data the reading machine has.
The source file's `goal` and `description` (a puzzle's text for its reader) are
kept in both; a whole-game export also carries the source's `[[expect]]` tables
over (when its actions map one to one onto the exported ones; else those tied to
an action number are dropped, with a warning).

Decisions come back from the events that record them: `PriorityPassed` ->
`pass`, `LandPlayed` -> `play`, `SpellCast` -> `cast` (with `x`, `targets`, and
`pay` when the mana spent is not the default payment), `AbilityActivated` ->
`activate` (with `ability`, `targets`, the `sacrifice` cost's victims from the
ZoneChanged it caused, and the `mana` choice read from the production it
caused), `ChoiceMade` -> `choose` (the answer as it was written). `resolve`/`advance`
come back as the passes they stood for.

Handles (GAME_FORMAT.md: `{ card = "...", id = "..." }` in a library, hand,
graveyard or exile) are written back: a card the game knows by a handle is
written with it in the starting position, and an action names an object by the
id users see for it (`view.shown_id`: its handle while the handle names it, else
its own id). `cast`/`play` name the card by its handle when it has one, else by
its name when the name picks that very card (the first of that name in the
hand), so two identical cards stay apart and the replay makes the same objects.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import takewhile
from pathlib import Path
from typing import Any, Iterable

import tomli_w

from simulator.game import events as ev
from simulator.cards import model as m
from simulator.game.layers import characteristics
from simulator.base.errors import IllegalAction, InvalidInput, NotFound, SimulatorError
from simulator.tools.legal import action_toml, mana_choices
from simulator.rules.queries import summoning_sick
from simulator.rules.payment import Spend, activate_purpose, cast_purpose, spend_from_pool
from simulator.rules.casting import kicked_cost
from simulator.rules.cast_costs import base_cost
from simulator.game.state import GameState, Player, pool_units, project
from simulator.base.symbols import mana_letters, mana_text
from simulator.session.view import chosen_values, shown_id

__all__ = ["Exported", "export_game", "to_toml", "to_json", "write_export"]


@dataclass
class Exported:
    """A recorded game as a mapping, the card files it needs, and what an `--at` export dropped."""

    game: dict[str, Any]
    card_files: list[dict[str, str]] = field(default_factory=list)   # [{"file", "text"}] to write beside it
    warnings: list[str] = field(default_factory=list)
    text: str | None = None          # the stored file itself, rewritten to the log (tools/roundtrip.py)


# --------------------------------------------------------------------------- positions

def _handle(state: GameState, oid: str) -> str | None:
    """The handle that names the object `oid` now (it follows its card from zone to zone), if any."""
    handle = state.objects[oid].handle
    return handle if handle and state.current_id(handle) == oid else None


def _zone_card(state: GameState, oid: str) -> str | dict[str, str]:
    """A library/hand/graveyard/exile entry: the card's name, or `{ card, id }` when a handle names it."""
    card = state.objects[oid].card
    handle = _handle(state, oid)
    return {"card": card, "id": handle} if handle else card


def _position(state: GameState, pool: m.Cards, title: str) -> dict[str, Any]:
    """The state as a format-1 starting position: players (their zones, with the cards' handles;
    their permanents with the ids users see, tapped, sick, counters, attachments, linked exiled
    cards) and `start`."""
    linked: dict[str, list[str]] = {}
    for name in state.order:
        for oid in state.players[name].exile:
            with_ = state.objects[oid].exiled_with
            if with_ and state.on_battlefield(with_):
                linked.setdefault(with_, []).append(oid)
    linked_ids = {oid for ids in linked.values() for oid in ids}
    players = []
    for name in state.order:
        p = state.players[name]
        entry: dict[str, Any] = {"name": name}
        if p.life != 20:
            entry["life"] = p.life
        free = _unrestricted_pool(p)
        if free:
            entry["mana_pool"] = free
        for zone in ("library", "hand", "graveyard", "exile"):
            cards = [_zone_card(state, oid) for oid in getattr(p, zone) if oid not in linked_ids]
            if cards:
                entry[zone] = cards
        battlefield = []
        for oid in state.battlefield:
            o = state.objects[oid]
            if o.controller != name:
                continue
            perm: dict[str, Any] = {"card": o.card, "id": shown_id(state, oid)}
            if o.tapped:
                perm["tapped"] = True
            if summoning_sick(state, o):
                perm["sick"] = True
            counters = {k: v for k, v in dict(o.counters).items() if v}
            if counters:
                perm["counters"] = counters
            if o.attached_to:
                perm["attached"] = shown_id(state, o.attached_to)
            if oid in linked:
                perm["exiled"] = [state.objects[x].card for x in linked[oid]]
            chosen = chosen_values(o)   # every kind the starting position reads back (614.12)
            if chosen:
                perm["chosen"] = chosen
            battlefield.append(perm)
        if battlefield:
            entry["battlefield"] = battlefield
        players.append(entry)
    out: dict[str, Any] = {"format": 1, "title": title}
    if state.seed:
        out["seed"] = state.seed
    out["start"] = {"turn": state.turn, "active": state.active, "step": state.step}
    out["players"] = players
    return out


def _unrestricted_pool(p: Player) -> dict[str, int]:
    """The mana of `p`'s pool a starting position's `mana_pool` can hold: the unrestricted units
    (106.4); restricted mana (106.6) is not written as if it could pay for anything."""
    free: dict[str, int] = {}
    for u in pool_units(p):
        if u.restriction is None:
            free[u.type] = free.get(u.type, 0) + u.amount
    return {k: free[k] for k in m.MANA_TYPES if free.get(k)}


def _dropped(state: GameState) -> list[str]:
    """What a format-1 starting position cannot say about `state`."""
    out = []
    for name in state.order:
        p = state.players[name]
        for u in pool_units(p):
            if u.restriction is not None:
                out.append(f"{name}'s pool holds {mana_text({u.type: u.amount})} of restricted mana "
                           f"({u.restriction['text']}, 106.6): a starting position's mana_pool cannot "
                           "say so, and it is not written")
        if p.lands_played:
            out.append(f"{name} has played {p.lands_played} land(s) this turn; the new game starts with none played")
        for oid in p.exile:
            with_, handle = state.objects[oid].exiled_with, _handle(state, oid)
            if handle and with_ and state.on_battlefield(with_):
                out.append(f"the handle {handle!r} of {state.objects[oid].card} (exiled with "
                           f"{shown_id(state, with_)}) is not kept: `exiled` lists card names")
    for oid in state.battlefield:
        o = state.objects[oid]
        if o.owner != o.controller:
            out.append(f"{oid} is owned by {o.owner} but controlled by {o.controller}: "
                       f"it starts under {o.controller}, as theirs")
    if state.stack:
        out.append(f"the stack ({len(state.stack)} object(s)) is dropped")
    if state.waiting:
        out.append(f"{len(state.waiting)} triggered abilit(ies) waiting to go on the stack are dropped")
    if state.pending is not None:
        out.append(f"the pending {state.pending['kind']} choice of {state.pending['player']} is dropped")
    if state.game_over:
        out.append("the game is over there")
    if state.priority not in (None, state.active):
        out.append(f"{state.priority} holds priority there; the new game gives it to {state.active}")
    return out


# --------------------------------------------------------------------------- decisions

def _mana_choice(env: ev.Envelope, later: list[ev.Envelope]) -> str | None:
    """The mana an activated mana ability was told to make: the production it caused, before any
    replacement effect (the first ReplacementApplied's `before`, else ManaProduced's `mana`)."""
    chain = {env.seq}
    source = getattr(env.event, "source", None)
    for e in later:
        if e.cause_seq not in chain:
            continue
        chain.add(e.seq)
        if isinstance(e.event, ev.ReplacementApplied) and e.event.applies_to == "mana":
            return mana_letters(e.event.before) or None
        if isinstance(e.event, ev.ManaProduced) and e.event.source == source:
            return mana_letters(e.event.mana) or None
    return None


def _activate(state: GameState, pool: m.Cards, env: ev.Envelope, batch: list[ev.Envelope],
              later: list[ev.Envelope]) -> dict[str, Any]:
    e: Any = env.event
    out: dict[str, Any] = {"player": e.player, "activate": shown_id(state, e.source), "ability": e.number}
    acts = characteristics(state, e.source, pool).activated_in_zone(state.objects[e.source].zone)
    ab = acts[e.number - 1].ability if 0 < e.number <= len(acts) else None
    # the source sacrificed by "Sacrifice this ..." is no choice; by "Sacrifice a Goblin" it is one
    # (a permanent a mana ability's effect sacrifices as it resolves, Hickory Woodlot's, is neither)
    own = isinstance(ab, m.ActivatedAbility) and ab.cost.sacrifice_self
    chosen = not isinstance(ab, m.ActivatedAbility) or ab.cost.sacrifice is not None
    victims = [shown_id(state, x.event.object_id) for x in batch
               if chosen and isinstance(x.event, ev.ZoneChanged) and x.cause_seq == env.seq
               and x.event.reason == "sacrificed" and not (own and x.event.object_id == e.source)]
    if victims:
        out["sacrifice"] = victims
    tapped = [shown_id(state, x.event.object_id) for x in batch
              if isinstance(x.event, ev.PermanentTapped) and x.cause_seq == env.seq and x.rule == "602.2h"]
    if tapped:     # "Tap an untapped creature you control" (602.2h)
        out["tap"] = tapped
    discarded = [shown_id(state, x.event.object_id) for x in batch
                 if isinstance(x.event, ev.ZoneChanged) and x.cause_seq == env.seq
                 and x.event.reason == "discarded" and x.event.object_id != e.source]
    if discarded and not (isinstance(ab, m.ActivatedAbility) and ab.cost.discard_hand):
        # "Discard a card" (701.9a); not cycling's own card, nor "Discard your hand" (no choice)
        out["discard"] = discarded
    if isinstance(ab, m.ActivatedAbility) and ab.cost.remove_counters and not ab.cost.remove_counters[0]:
        # "Remove a counter from this creature" (any kinds, 122.1): the kinds removed
        out["counters"] = [x.event.counter for x in batch if isinstance(x.event, ev.CountersPaid)
                           and x.cause_seq == env.seq and x.event.object_id == e.source
                           for _ in range(x.event.amount)]
    if isinstance(ab, m.ActivatedAbility) and ab.is_mana_ability and mana_choices(ab) != [None]:
        mana = _mana_choice(env, later)
        if mana:
            out["mana"] = mana
    if e.targets:
        out["targets"] = [shown_id(state, t) for t in e.targets]
    if e.x:
        out["x"] = e.x
    pay_with = _pay_with(state, pool, env, batch, later)
    if pay_with:
        out["pay_with"] = pay_with
    if isinstance(ab, m.ActivatedAbility) and ab.cost.mana is not None:
        restricted = _activation_restricted(state, pool, env, batch, ab.cost.mana, e, bool(pay_with))
        if restricted is not None:
            out["pay_restricted"] = restricted
    return out


def _activation_restricted(state: GameState, pool: m.Cards, env: ev.Envelope, batch: list[ev.Envelope], cost: m.ManaCost,
                           e: Any, paid_while: bool) -> str | None:
    """`pay_restricted` of an activation (106.6) when its payment was not the default one."""
    paid = next((x.event for x in batch if isinstance(x.event, ev.ManaSpent) and x.cause_seq == env.seq), None)
    if paid is None or not paid.mana:
        return None
    units = [dict(u) for u in paid.units or ()]
    paying = _pool_when_paid(state, env, batch) if paid_while else state
    purpose = activate_purpose(state, pool, e.source, cost_x=cost.x > 0)
    try:
        default = spend_from_pool(paying.players[e.player], cost, 0, None, "", "602.2h", purpose)
    except IllegalAction:
        default = None
    if default is not None and [dict(u) for u in default.units] == units:
        return None
    return "".join(u["type"] * int(u["amount"]) for u in units)


def _hand_card(state: GameState, player: str, oid: str) -> str:
    """How `cast`/`play` name the card `oid` in the player's hand: its handle if it has one, else
    its name when the name picks that very card (the first of that name in the hand, as the
    rules read a name), else its id."""
    handle = _handle(state, oid)
    if handle:
        return handle
    card = state.objects[oid].card
    first = next((x for x in state.players[player].hand if state.objects[x].card.lower() == card.lower()), None)
    return card if first == oid else oid


def _pay_with(state: GameState, pool: m.Cards, env: ev.Envelope, batch: list[ev.Envelope],
              later: list[ev.Envelope]) -> list[dict[str, Any]]:
    """The mana abilities activated while paying for `env`'s spell or ability (601.2g, 602.2b):
    the activations its decision caused, each as an `activate` without `player`."""
    out = []
    for x in batch:
        if isinstance(x.event, ev.AbilityActivated) and x.cause_seq == env.seq and x.seq != env.seq:
            entry = _activate(state, pool, x, batch, later)
            entry.pop("player")
            # An entry pays its own mana cost (Skycloud Egg's {2}) the default way: the rules take
            # no `pay_restricted` for it, and `state` (before the decision) is not the pool it paid from.
            entry.pop("pay_restricted", None)
            out.append(entry)
    return out


def _pool_when_paid(state: GameState, env: ev.Envelope, batch: list[ev.Envelope]) -> GameState:
    """The state just before the decision's ManaSpent: after any `pay_with` mana abilities."""
    first_spent = next((i for i, x in enumerate(batch) if isinstance(x.event, ev.ManaSpent)
                        and x.cause_seq == env.seq), len(batch))
    return project(batch[:first_spent], state)


def _cast(state: GameState, pool: m.Cards, env: ev.Envelope, batch: list[ev.Envelope],
          later: list[ev.Envelope] | None = None) -> dict[str, Any]:
    e: Any = env.event
    out: dict[str, Any] = {"player": e.player, "cast": _hand_card(state, e.player, e.object_id)}
    if e.x:
        out["x"] = e.x
    if e.kicked:
        out["kicked"] = e.kicked
    if e.alternative:
        out["alternative"] = True
    if e.modes:                 # 601.2b: a modal spell's mode, as printed
        out["mode"] = e.modes[0]
    moved = [x.event for x in batch if isinstance(x.event, ev.ZoneChanged) and x.cause_seq == env.seq]
    sacrificed = [shown_id(state, z.object_id) for z in moved if z.reason == "sacrificed"]   # 601.2h: its own costs
    returned = [shown_id(state, z.object_id) for z in moved if z.reason == "returned"]
    if sacrificed:
        out["sacrifice"] = sacrificed
    if returned:
        out["return"] = returned
    pay_with = _pay_with(state, pool, env, batch, later or [])
    paid = next((x.event for x in batch if isinstance(x.event, ev.ManaSpent) and x.cause_seq == env.seq), None)
    if paid is not None and paid.mana:
        spent, units = dict(paid.mana), [dict(u) for u in paid.units or ()]
        paying = _pool_when_paid(state, env, batch) if pay_with else state
        card = pool.get(e.card)
        total = kicked_cost(card, base_cost(card, e.alternative), e.kicked)   # 601.2f
        valued = card.mana_cost or m.ManaCost() if e.alternative else total    # 118.9c: the mana cost's value
        purpose = cast_purpose(card, valued.mana_value + e.x * valued.x, e.kicked, cost_x=total.x > 0)
        try:
            default: Spend | None = spend_from_pool(paying.players[e.player], total, e.x, None, "", "601.2h",
                                                    purpose)
        except IllegalAction:
            default = None
        if default is None or default.mana != spent:
            out["pay"] = mana_letters(spent)
        try:
            chosen = spend_from_pool(paying.players[e.player], total, e.x, out.get("pay"), "", "601.2h",
                                     purpose)
        except IllegalAction:
            chosen = None
        if chosen is None or [dict(u) for u in chosen.units] != units:
            out["pay_restricted"] = "".join(u["type"] * int(u["amount"]) for u in units)
    if e.targets:
        out["targets"] = [shown_id(state, t) for t in e.targets]
    if pay_with:
        out["pay_with"] = pay_with
    return out


def _choose(answer: Any) -> Any:
    if isinstance(answer, tuple):
        return [_choose(a) for a in answer]
    if answer is True:
        return "pay"
    if answer is False:
        return "tapped"
    return answer


def _action(state: GameState, pool: m.Cards, env: ev.Envelope, batch: list[ev.Envelope],
            later: list[ev.Envelope]) -> dict[str, Any] | None:
    e: Any = env.event
    if isinstance(e, ev.PriorityPassed):
        return {"player": e.player, "pass": True}
    if isinstance(e, ev.LandPlayed):
        return {"player": e.player, "play": _hand_card(state, e.player, e.object_id)}
    if isinstance(e, ev.SpellCast):
        return _cast(state, pool, env, batch, later)
    if isinstance(e, ev.AbilityActivated):
        return _activate(state, pool, env, batch, later)
    if isinstance(e, ev.ChoiceMade):
        return {"player": e.player, "choose": _choose(e.answer)}
    return None


# --------------------------------------------------------------------------- the export

def export_game(envelopes: Iterable[ev.Envelope], pool: m.Cards, at: int | None = None,
                keep_file: bool = True) -> Exported:
    """The stored game as a format-1 recorded game (see the module docstring). `keep_file`:
    the whole game as the file stored in its log, rewritten to the log's decisions (comments,
    shorthands, [[expect]] kept); False, or a log without a file: rebuilt from the events."""
    log = list(envelopes)
    if not log or not isinstance(log[0].event, ev.GameCreated):
        raise NotFound("the game has no GameCreated event: nothing to export")
    created: Any = log[0].event
    source = created.source or {}
    card_files = [dict(c) for c in source.get("card_files") or ()] + _oracle_card_file(source)
    title = created.title
    if at is not None:
        if not 1 <= at <= log[-1].seq:
            raise NotFound(f"the game has events 1..{log[-1].seq}; there is no event {at}")
        state = project(log, GameState(game_id="export"), upto=at)
        game = {**_position(state, pool, f"{title} (position after event {at})"), **_texts(source)}
        return _finish(game, card_files, _dropped(state))
    batches = list(ev.decision_batches(log))
    setup = batches[0]
    # the starting position: the cards placed and the mana already in the pools (106.4)
    placed = takewhile(lambda env: isinstance(env.event, (ev.GameCreated, ev.CardPlaced, ev.ManaAdded)), setup)
    game = _position(project(placed, GameState(game_id="export")), pool, title)
    state = project(setup, GameState(game_id="export"))
    actions = []
    position = len(setup)
    for batch in batches[1:]:
        later = log[position + 1:]
        position += len(batch)
        action = _action(state, pool, batch[0], batch, later) if batch[0].event.decision else None
        if action is not None:
            actions.append(action)
        state = project(batch, state)
    if actions:
        game["actions"] = actions
    game.update(_texts(source))
    warnings: list[str] = []
    kept = _kept_file(source, pool, actions, card_files, title) if keep_file else None
    if kept is not None:
        return kept
    expect = _expectations(source, len(actions), warnings)
    if expect:
        game["expect"] = expect
    return _finish(game, card_files, warnings)


def _kept_file(source: dict[str, Any], pool: m.Cards, actions: list[dict[str, Any]],
               card_files: list[dict[str, str]], title: str) -> Exported | None:
    """The stored file itself, its actions made the log's (comments, `#:schema`, [[expect]],
    shorthands kept: tools/roundtrip.py); None when the log holds no file, or one this
    simulator no longer reads (then the game is rebuilt from the log)."""
    text = source.get("text") or ""
    if not text.strip():
        return None
    card_files = _unique_names(card_files)   # plain, distinct names inside cards/ (as _finish)
    from simulator.tools.roundtrip import rewrite_actions
    try:
        rw = rewrite_actions(text, source.get("media") or "toml", pool, len(actions), actions,
                             [f"cards/{c['file']}" for c in card_files] if card_files else None, title)
    except (SimulatorError, ValueError):
        return None
    return Exported(rw.data, card_files, rw.warnings, rw.text)


ORACLE_CARDS_FILE = "oracle-cards.toml"
_ORACLE_HEADER = ("# The real cards the game took from the Oracle data, as its log stored them: the export\n"
                  "# replays with these texts whatever Oracle data the reading machine has.\n")


def _oracle_card_file(source: dict[str, Any]) -> list[dict[str, str]]:
    """The real cards the game took from the Oracle data (`oracle_cards` of its source) as one
    more card file, so the exported file replays with the very texts the game was played with
    (a newer Oracle text, or none, on the reading machine changes nothing); [] if none."""
    text = source.get("oracle_cards")
    if not isinstance(text, str) or not text.strip():
        return []
    return [{"file": ORACLE_CARDS_FILE, "text": _ORACLE_HEADER + text + ("" if text.endswith("\n") else "\n")}]


def _source_data(source: dict[str, Any]) -> dict[str, Any]:
    """The recorded file stored in the log, decoded ({} when there is none or it does not read)."""
    text = source.get("text") or ""
    if not text:
        return {}
    try:
        if source.get("media") == "json":
            data = json.loads(text)
        else:
            import tomllib
            data = tomllib.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _texts(source: dict[str, Any]) -> dict[str, str]:
    """The source's `goal` and `description`, for the puzzle's reader."""
    data = _source_data(source)
    return {k: data[k] for k in ("goal", "description") if isinstance(data.get(k), str)}


def _expectations(source: dict[str, Any], exported: int, warnings: list[str]) -> list[dict[str, Any]]:
    """The source's `[[expect]]` tables for the exported actions. An action number (`after`,
    `stopped_at`) keeps its meaning only when the source's actions were exactly the exported
    ones (no `resolve`/`advance` shorthand, no stop): else such a table is dropped, with a
    warning; the tables about the end are kept."""
    data = _source_data(source)
    tables = [t for t in data.get("expect") or () if isinstance(t, dict)]
    actions = [a for a in data.get("actions") or () if isinstance(a, dict)]
    same = len(actions) == exported and not any("resolve" in a or "advance" in a for a in actions)
    out = []
    for i, t in enumerate(tables, 1):
        numbered = any(k in t for k in ("after", "illegal", "stopped_at"))
        if numbered and not same:
            warnings.append(f"expect[{i}] names an action number of the source file, whose actions are not "
                            f"the exported ones one to one: not carried over")
            continue
        out.append(dict(t))
    return out


def _plain_name(name: Any, index: int) -> str:
    """A card file's name as written beside an export: a plain file name (the stored name comes
    from the log, which whoever can write the database may have forged: no directory part, no
    `..`, no absolute path, no control character); anything else becomes `cards-N.toml`."""
    text = name if isinstance(name, str) else ""
    text = text.replace("\\", "/").rsplit("/", 1)[-1]
    text = "".join(ch for ch in text if ch.isprintable())
    if not text or text.startswith(".") or len(text) > 200:
        return f"cards-{index}.toml"
    return text


def _unique_names(card_files: list[dict[str, str]]) -> list[dict[str, str]]:
    """Plain names (`_plain_name`), made distinct: `a/cards.toml` and `b/cards.toml`, both
    stored as `cards.toml`, become `cards.toml` and `cards-2.toml` (case-insensitively, as
    some file systems compare names)."""
    taken: set[str] = set()
    out = []
    for i, c in enumerate(card_files, 1):
        name = _plain_name(c.get("file"), i)
        stem, dot, suffix = name.rpartition(".")
        if not dot:
            stem, suffix = name, ""
        k = 1
        while name.lower() in taken:
            k += 1
            name = f"{stem}-{k}{dot}{suffix}"
        taken.add(name.lower())
        out.append({"file": name, "text": c["text"]})
    return out


def _finish(game: dict[str, Any], card_files: list[dict[str, str]], warnings: list[str]) -> Exported:
    card_files = _unique_names(card_files)
    if card_files:
        game = {**game, "cards": [f"cards/{c['file']}" for c in card_files]}
    order = ["format", "title", "goal", "description", "seed", "cards", "start", "players", "actions", "expect"]
    game = {k: game[k] for k in order if k in game}
    return Exported(game, card_files, warnings)


def _action_toml(action: dict[str, Any]) -> str:
    """One `[[actions]]` table's body; `pay_with` as a list of inline tables (tomli_w would
    write an array of tables, which TOML would read as a key of the document)."""
    plain = {k: v for k, v in action.items() if k != "pay_with"}
    text = tomli_w.dumps(plain)
    if "pay_with" in action:
        text += "pay_with = [" + ", ".join(action_toml(p) for p in action["pay_with"]) + "]\n"
    return text


def to_toml(exported: Exported, header: str = "") -> str:
    """The recorded game as TOML text (a comment header first, if given; after a `#:schema`
    line, which editors read on the first line)."""
    lines = "".join(f"# {line}\n" for line in header.splitlines())
    if exported.text is not None:
        first, nl, rest = exported.text.partition("\n")
        if first.startswith("#:schema"):
            return first + nl + lines + rest
        return lines + exported.text
    game = {k: v for k, v in exported.game.items() if k not in ("actions", "expect")}
    actions = "".join(f"\n[[actions]]\n{_action_toml(a)}" for a in exported.game.get("actions", ()))
    expect = "".join("\n[[expect]]\n" + "".join(f"{_key(k)} = {_inline(v)}\n" for k, v in t.items())
                     for t in exported.game.get("expect", ()))
    return lines + tomli_w.dumps(game) + actions + expect


def _key(k: str) -> str:
    return k if k and all(c.isascii() and (c.isalnum() or c in "_-") for c in k) else json.dumps(k)


def _inline(value: Any) -> str:
    """A TOML value on one line: tables inline (`{ G = 2 }`), so a table stays inside its [[expect]]."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return tomli_w.dumps({"v": value})[len("v = "):].rstrip("\n")


def to_json(exported: Exported) -> str:
    return json.dumps(exported.game, indent=2, ensure_ascii=False, default=str) + "\n"


def write_export(exported: Exported, path: str | Path, text: str) -> list[Path]:
    """Write the recorded game to `path` and the card files it names to `cards/` beside it.
    A different file already at one of those card paths is an error, and then nothing is
    written. Returns the paths written."""
    out = Path(path)
    folder = out.parent / "cards"
    planned = []
    for c in exported.card_files:
        name = c["file"]
        if name != _plain_name(name, 0) or name in ("", ".", ".."):
            raise InvalidInput(f"card file name {name!r} is not a plain file name: nothing written")
        planned.append((folder / name, c["text"]))
    if folder.is_symlink():
        raise InvalidInput(f"{folder} is a symbolic link: nothing written (export to another directory)")
    for file, content in planned:
        if file.exists() and file.read_text(encoding="utf-8") != content:
            raise InvalidInput(f"{file} exists with other cards than the game's own {file.name}: "
                               f"nothing written (export to another directory)")
    written = []
    try:
        for file, content in planned:
            if not file.exists():
                file.parent.mkdir(parents=True, exist_ok=True)
                file.write_text(content, encoding="utf-8")
                written.append(file)
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        raise InvalidInput(f"cannot write {e.filename or out}: {e.strerror}") from e
    return [out, *written]
