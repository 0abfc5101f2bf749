"""What the engine knows about a card: its printed data and the abilities parsed from its text.

`describe(card)` turns a `CardDefinition` of the pool into plain data (for
``simulator cards --json`` and docs/cards.md), and `model_text(obj)` writes a
parsed ability the way the engine holds it -- from the model objects
themselves, never from a hand-written description, so the documentation
cannot drift from the parser.
"""
from __future__ import annotations

import dataclasses
import difflib
from pathlib import Path
from typing import Any, Iterable

from simulator.cards import model as m
from simulator.base.errors import NotFound
from simulator.game.layers import printed_colors

__all__ = ["Status", "ability_kind", "card_line", "card_status", "card_text", "describe", "find_card", "model_data",
           "model_text", "search", "status_data", "status_text", "tested_by"]

_SKIP_FIELDS = ("text",)        # the ability's own text is shown beside its model


def _fields(obj: Any) -> Iterable[tuple[str, Any]]:
    """The fields of a model dataclass that differ from their defaults (what the parser set)."""
    for f in dataclasses.fields(obj):
        if f.name in _SKIP_FIELDS:
            continue
        value = getattr(obj, f.name)
        if f.default is not dataclasses.MISSING and value == f.default:
            continue
        if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
            continue
        yield f.name, value


def model_text(obj: Any) -> str:
    """``AddMana(mana=AddFixed(mana=[G]))``: a model object in one line, defaults left out."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        inner = ", ".join(f"{k}={model_text(v)}" for k, v in _fields(obj))
        return f"{type(obj).__name__}({inner})"
    if isinstance(obj, (tuple, list)):
        return "[" + ", ".join(model_text(v) for v in obj) + "]"
    if isinstance(obj, bool):
        return "true" if obj else "false"
    if obj is None:
        return "none"
    return str(obj)


def model_data(obj: Any) -> Any:
    """The same as JSON-ready data: ``{"type": "AddFixed", "mana": ["G"]}``."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {"type": type(obj).__name__, **{k: model_data(v) for k, v in _fields(obj)}}
    if isinstance(obj, (tuple, list)):
        return [model_data(v) for v in obj]
    if isinstance(obj, (str, int, float, bool)) or obj is None:
        return obj
    return str(obj)


_KINDS = {m.ActivatedAbility: "activated (602)", m.TriggeredAbility: "triggered (603)",
          m.StaticAbilityLine: "static (604)", m.ReplacementAbility: "replacement (614)"}


def ability_kind(ability: Any) -> str:
    """"activated (602)", with ", mana ability (605.1a/b)" when it is one."""
    kind = next((k for cls, k in _KINDS.items() if isinstance(ability, cls)), type(ability).__name__)
    is_mana = getattr(ability, "is_mana_ability", False)
    if callable(is_mana):
        is_mana = is_mana()
    if is_mana:
        rule = "605.1a" if isinstance(ability, m.ActivatedAbility) else "605.1b"
        kind += f", mana ability ({rule})"
    return kind


def _intrinsic(card: m.CardDefinition) -> list[m.ActivatedAbility]:
    from simulator.game.layers import LAND_TYPES, intrinsic_ability
    return [intrinsic_ability(t) for t in LAND_TYPES if t in card.subtypes and "Land" in card.types]


def describe(card: m.CardDefinition) -> dict[str, Any]:
    """A card as data: printed characteristics, Oracle text, the abilities the engine sees."""
    abilities = [{"kind": ability_kind(a), "text": getattr(a, "text", ""), "origin": "printed",
                  "model": model_text(a), "data": model_data(a)} for a in card.abilities]
    abilities += [{"kind": ability_kind(a) + ", intrinsic to its land type (305.6)", "text": a.text,
                   "origin": "intrinsic", "model": model_text(a), "data": model_data(a)}
                  for a in _intrinsic(card)]
    spell = None
    if card.spell_effects:
        spell = {"effects": [model_text(e) for e in card.spell_effects],
                 "targets": model_text(card.spell_targets) if card.spell_targets else None,
                 "data": {"effects": model_data(list(card.spell_effects)),
                          "targets": model_data(card.spell_targets)}}
    return {
        "name": card.name,
        "token": card.is_token,
        "cost": card.mana_cost.text() if card.mana_cost is not None else None,
        "mana_value": card.mana_cost.mana_value if card.mana_cost is not None else 0,
        "type": card.type_line,
        "colors": list(printed_colors(card)),   # devoid: none (702.114a)
        "power": card.printed_stat("power"),
        "toughness": card.printed_stat("toughness"),
        "oracle": card.oracle,
        "abilities": abilities,
        "spell": spell,
    }


def find_card(pool: m.Cards, name: str) -> m.CardDefinition:
    """A card of the pool by exact name, or by a case-insensitive unique prefix; else NotFound
    with suggestions."""
    names = list(pool.names()) + list(pool.token_names())
    if name in names:
        return pool.get(name)
    folded = [n for n in names if n.lower() == name.lower()]
    if not folded:
        folded = [n for n in names if n.lower().startswith(name.lower())]
    if len(folded) == 1:
        return pool.get(folded[0])
    if folded:
        raise NotFound(f"card {name!r} is ambiguous: {', '.join(sorted(folded))}")
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    hint = f" (did you mean {', '.join(map(repr, close))}?)" if close else ""
    raise NotFound(f"no card {name!r} in the pool{hint}; `simulator cards` lists them all")


def tested_by(card_name: str, games_dir: Path) -> list[tuple[str, str]]:
    """(file name, title) of the recorded test games under `games_dir` that use the card."""
    import tomllib
    found = []
    quoted = f'"{card_name}"'
    for path in sorted(games_dir.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        if quoted not in text:
            continue
        try:
            title = tomllib.loads(text).get("title") or path.stem
        except tomllib.TOMLDecodeError:
            title = path.stem
        found.append((path.name, str(title)))
    return found


def card_text(d: dict[str, Any], tests: Iterable[tuple[str, str]] = ()) -> str:
    """One described card for a terminal: header, Oracle text, parsed abilities, tests."""
    pt = f"  {d['power']}/{d['toughness']}" if d["power"] is not None else ""
    lines = [f"{d['name']}  {d['cost'] or ''}".rstrip(), f"{d['type']}{pt}"
             + ("  (token)" if d["token"] else "")]
    if d["oracle"]:
        lines += ["", *("  " + t for t in d["oracle"].splitlines())]
    lines += ["", "Abilities the engine sees:" if d["abilities"] or d["spell"] else "No abilities."]
    for i, a in enumerate(d["abilities"], 1):
        lines.append(f"  {i}. {a['text']}  [{a['kind']}]")
        lines.append(f"     {a['model']}")
    if d["spell"]:
        lines.append(f"  spell effect (608.2): {', '.join(d['spell']['effects'])}")
        if d["spell"]["targets"]:
            lines.append(f"     targets: {d['spell']['targets']}")
    tests = list(tests)
    if tests:
        lines += ["", "Tested by:", *(f"  tests/games/{n}  {t}" for n, t in tests)]
    return "\n".join(lines)


def card_line(d: dict[str, Any]) -> str:
    """One row of `simulator cards`: name, cost, type, P/T."""
    pt = f"{d['power']}/{d['toughness']}" if d["power"] is not None else ""
    return f"{d['name']:<26} {d['cost'] or '':<13} {d['type']:<34} {pt}".rstrip()


# --------------------------------------------------------------------------- real cards: plays or refused

@dataclasses.dataclass(frozen=True)
class Status:
    """Whether a game accepts a card: the card as the engine holds it (None if it does not load)
    and the refusal a game would give (None: it plays)."""

    name: str
    card: m.CardDefinition | None
    real: bool
    builtin: bool
    refusal: str | None

    @property
    def supported(self) -> bool:
        return self.refusal is None


def card_status(pool: Any, name: str) -> Status:
    """The card of the pool (a built-in or a card file's) or the real card of that name, with
    the same checks a game runs: the card file's (parser, pool checks) and the rules check
    (`rules.support`). NotFound (with suggestions) when neither the pool nor the Oracle data
    has it."""
    from simulator.base.errors import CardDataError
    from simulator.cards.oracle import is_real_card
    from simulator.cards.pool import is_unheld_face
    from simulator.rules.support import unsupported
    try:
        card = find_card(pool, name)
    except NotFound:
        real = _real_name(name)
        if real is None:
            raise
        try:
            extended = pool.with_real_card(real)
        except CardDataError as e:
            return Status(real, None, True, False, str(e))
        card = extended.get(real)
        problems = unsupported(card)
        if name != real and is_unheld_face(name):
            try:                 # the card plays as its front face; a game naming this face is refused
                pool.with_real_card(name)
            except CardDataError as e:
                return Status(real, card, True, False, str(e))
        return Status(real, card, True, False, _rules_refusal(real, problems))
    problems = [] if card.is_token else unsupported(card)
    builtin = card.name in _builtin_names()
    # a built-in card is its Oracle record (cards/builtins.py): the Oracle data is read only
    # for a card file's card
    is_real = (builtin and not card.is_token) or (not builtin and is_real_card(card.name))
    return Status(card.name, card, is_real, builtin, _rules_refusal(card.name, problems))


def _rules_refusal(name: str, problems: list[str]) -> str | None:
    """The message `rules.support.check_cards` gives a game with the card, None if it plays."""
    return f"card {name!r}: the rules cannot play it: " + "; ".join(problems) if problems else None


def _builtin_names() -> set[str]:
    from simulator.cards import CardPool
    return set(CardPool.builtin().names()) | set(CardPool.builtin().token_names())


def _real_name(name: str) -> str | None:
    """The real card's name: exact, else case-insensitive (a full name or a front face's)."""
    from simulator.cards.oracle import current_oracle
    oracle = current_oracle()
    record = oracle.record(name)
    if record is not None:
        return record.card_name
    folded = name.casefold()
    matches = sorted({n for n in oracle.names() if n.casefold() == folded})
    return oracle.record(matches[0]).card_name if len(matches) == 1 else None   # type: ignore[union-attr]


def status_data(status: Status) -> dict[str, Any]:
    """`simulator cards NAME --json`: the card as data, and whether it plays."""
    data = describe(status.card) if status.card is not None else {"name": status.name}
    return {**data, "real": status.real, "builtin": status.builtin, "supported": status.supported,
            "refusal": status.refusal}


def status_text(status: Status, tests: Iterable[tuple[str, str]] = ()) -> str:
    """`simulator cards NAME`: the card, then whether a game plays it or why not."""
    if status.card is not None:
        head = card_text(describe(status.card), tests)
    else:
        from simulator.cards.oracle import oracle_record
        record = oracle_record(status.name)
        head = status.name
        if record is not None:
            head = "\n".join([f"{status.name}  {record.mana_cost or ''}".rstrip(), record.type, "",
                              *("  " + t for t in record.text.splitlines())])
    where = ("a built-in card" if status.builtin else "a real card (from the Oracle data)" if status.real
             else "a card of a card file")
    verdict = (f"Plays: {where}; a game accepts it." if status.supported
               else f"Refused: {where}; a game refuses it at load (exit 2):\n  {status.refusal}")
    return f"{head}\n\n{verdict}"


# --------------------------------------------------------------------------- search

def search(pool: Any, text: str | None = None, type_: str | None = None,
           supported: bool | None = None) -> list[tuple[str, str | None, str, str | None]]:
    """Real cards (the Oracle data, fronts) and the pool's own cards whose Oracle text contains
    `text` and whose type line contains `type_` (case-insensitive); `supported` True/False keeps
    those a game accepts/refuses (each judged as a game would, parsed once and cached). Rows of
    (name, cost, type line, refusal or None)."""
    from simulator.cards.oracle import current_oracle
    want_text = text.casefold() if text else None
    want_type = type_.casefold() if type_ else None
    rows: list[tuple[str, str | None, str, str | None]] = []
    seen: set[str] = set()

    def keep(oracle_text: str, type_line: str) -> bool:
        return ((want_text is None or want_text in oracle_text.casefold())
                and (want_type is None or want_type in type_line.casefold()))

    for name in pool.names():           # the pool's own cards first (a card file's, the built-ins)
        card = pool.get(name)
        if keep(card.oracle, card.type_line):
            seen.add(name)
            st = card_status(pool, name) if supported is not None else None
            rows.append((name, card.mana_cost.text() if card.mana_cost else None, card.type_line,
                         st.refusal if st else None))
    from simulator.tools.coverage import judge
    for record in current_oracle():
        if record.is_back or record.card_name in seen or not keep(record.text, record.type):
            continue
        seen.add(record.card_name)
        refusal = None
        if supported is not None:
            verdict = judge(record)
            refusal = None if verdict.accepted else verdict.message
        rows.append((record.card_name, record.mana_cost, record.type, refusal))
    if supported is not None:
        rows = [r for r in rows if (r[3] is None) == supported]
    return sorted(rows, key=lambda r: r[0])
