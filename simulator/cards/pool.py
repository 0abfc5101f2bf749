"""The card pool: card and token definitions loaded from TOML files.

A card file holds ``[[card]]`` and ``[[token]]`` tables (see ``data/*.toml``)::

    [[card]]
    name = "Llanowar Elves"
    cost = "{G}"                      # omitted for lands
    type = "Creature — Elf Druid"
    power = 1
    toughness = 1
    text = "{T}: Add {G}."            # one ability per line

    [[token]]                         # same keys, no cost, plus colors = ["W", ...]
    name = "Thopter"
    type = "Artifact Creature — Thopter"
    colors = []
    power = 1
    toughness = 1
    text = "Flying"

Everything is checked on load; any problem is a :class:`CardDataError` naming
the file and the card.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from simulator.cards.cache import cached_load
from simulator.cards.model import (
    COLORS, CardDefinition, EnchantedLandTappedForMana, EnchantRestriction, GrantAbility,
    Keyword, ParsedText, SetLandType, StaticAbilityLine, Targets, TokenReference, TriggeredAbility,
)
from simulator.base.errors import CardDataError
from simulator.base.limits import DocumentProblem, read_document

__all__ = ["DATA_DIR", "CardFileError", "CardPool", "load_card_file"]

DATA_DIR = Path(__file__).with_name("data")

_CARD_KEYS = ("name", "cost", "type", "power", "toughness", "text")
_TOKEN_KEYS = ("name", "type", "colors", "power", "toughness", "text")
_TOP_KEYS = ("card", "token")
_SELF_NOUN_TYPES = {"creature": "Creature", "land": "Land", "enchantment": "Enchantment",
                    "artifact": "Artifact"}


class CardFileError(CardDataError):
    """A card file that cannot be read at all (not TOML, unknown top-level key, ...)."""

    def __init__(self, source: str, problem: str) -> None:
        super().__init__("", problem, source)
        self.args = (f"{source}: {problem}",)

    def __str__(self) -> str:
        return self.args[0]


@dataclass(frozen=True)
class _Loaded:
    """One definition read from a file, with what its text refers to."""

    card: CardDefinition
    tokens: tuple[TokenReference, ...]
    source: str


# --------------------------------------------------------------------------- one entry

def _int(entry: Mapping[str, Any], key: str, card: str, source: str) -> int | None:
    value = entry.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardDataError(card, f"{key} must be a whole number, not {value!r}", source)
    return value


def _str(entry: Mapping[str, Any], key: str, card: str, source: str) -> str | None:
    value = entry.get(key)
    if value is not None and not isinstance(value, str):
        raise CardDataError(card, f"{key} must be a string, not {value!r}", source)
    return value


def _build(entry: Any, kind: str, index: int, source: str) -> _Loaded:
    """Checks one ``[[card]]``/``[[token]]`` table and builds its definition."""
    # the parser (and lark) only where a card file is parsed: a cached parse needs neither
    from simulator.cards.parser import parse_card_text, parse_mana_cost, parse_type_line
    name = _checked_name(entry, kind, index, source)
    type_line = _str(entry, "type", name, source) or ""
    supertypes, types, subtypes = parse_type_line(type_line, card=name, source=source)
    cost_text = _str(entry, "cost", name, source)
    mana_cost = parse_mana_cost(cost_text, card=name, source=source) if cost_text else None
    if mana_cost is not None and "Land" in types:
        raise CardDataError(name, "a land has no mana cost", source)
    power, toughness = _power_toughness(entry, name, types, source)
    text = _str(entry, "text", name, source) or ""
    colors = (_token_colors(entry, name, source) if kind == "token"
              else mana_cost.colors if mana_cost else ())

    is_spell = "Instant" in types or "Sorcery" in types
    if is_spell and len(types) > 1:
        raise CardDataError(name, f"type line {type_line!r} mixes a spell type with others", source)
    parsed: ParsedText = parse_card_text(name, text, spell=is_spell, source=source)
    _check_self_references(name, types, subtypes, parsed, source)

    card = CardDefinition(
        name=name, mana_cost=mana_cost, supertypes=supertypes, types=types, subtypes=subtypes,
        power=power, toughness=toughness, abilities=parsed.abilities,
        oracle="\n".join(ln.strip() for ln in text.strip().splitlines() if ln.strip()),
        colors=colors, is_token=kind == "token", spell_effects=parsed.spell_effects,
        spell_targets=_spell_targets(name, subtypes, parsed, source))
    return _Loaded(card, parsed.token_references, source)


def _checked_name(entry: Any, kind: str, index: int, source: str) -> str:
    """The entry is a table with only known keys and the required ones; its name."""
    label = f"{kind} #{index}"
    if not isinstance(entry, dict):
        raise CardDataError(label, f"each [[{kind}]] must be a table", source)
    if isinstance(entry.get("name"), str) and entry["name"].strip():
        label = entry["name"].strip()
    allowed = _TOKEN_KEYS if kind == "token" else _CARD_KEYS
    unknown = sorted(set(entry) - set(allowed))
    if unknown:
        raise CardDataError(label, f"unknown key(s) {', '.join(map(repr, unknown))} "
                                   f"(a [[{kind}]] has {', '.join(allowed)})", source)
    for key in ("name", "type") + (("colors",) if kind == "token" else ()):
        if key not in entry:
            raise CardDataError(label, f"missing key {key!r}", source)
    name = _str(entry, "name", label, source)
    if not name or not name.strip() or name != name.strip():
        raise CardDataError(label, "name must be a non-empty string without surrounding spaces",
                            source)
    return name


def _power_toughness(entry: Mapping[str, Any], name: str, types: tuple[str, ...],
                     source: str) -> tuple[int | None, int | None]:
    """Both or neither, and only (and always) for a creature (208.1)."""
    power = _int(entry, "power", name, source)
    toughness = _int(entry, "toughness", name, source)
    if (power is None) != (toughness is None):
        raise CardDataError(name, "power and toughness go together", source)
    if "Creature" in types and power is None:
        raise CardDataError(name, "a creature needs power and toughness", source)
    if "Creature" not in types and power is not None:
        raise CardDataError(name, "only creatures have power and toughness", source)
    return power, toughness


def _token_colors(entry: Mapping[str, Any], name: str, source: str) -> tuple[str, ...]:
    """A token's colors are given (111.4), in W U B R G order."""
    colors_value = entry["colors"]
    if not isinstance(colors_value, list) or not all(c in COLORS for c in colors_value):
        raise CardDataError(name, f"colors must be a list of W U B R G letters, "
                                  f"not {colors_value!r}", source)
    return tuple(c for c in COLORS if c in colors_value)


def _spell_targets(name: str, subtypes: tuple[str, ...], parsed: ParsedText, source: str) -> Targets | None:
    """What the spell targets: an Aura's "Enchant ..." (303.4a), else its text's targets; only an
    Aura has "Enchant ..." or refers to "enchanted land"."""
    enchants = [a.effect for a in parsed.abilities
                if isinstance(a, StaticAbilityLine) and isinstance(a.effect, EnchantRestriction)]
    if "Aura" in subtypes:
        if len(enchants) != 1:
            raise CardDataError(name, 'an Aura needs exactly one "Enchant ..." ability (303.4a)',
                                source)
        return Targets(enchants[0].what)
    if enchants:
        raise CardDataError(name, '"Enchant ..." is only for Auras', source)
    for ability in parsed.abilities:
        if _mentions_enchanted_land(ability):
            raise CardDataError(name, f'{ability.text!r} refers to "enchanted land" '
                                      "but the card is not an Aura", source)
    return parsed.spell_targets


def _mentions_enchanted_land(ability: Any) -> bool:
    if isinstance(ability, TriggeredAbility):
        return isinstance(ability.condition, EnchantedLandTappedForMana)
    if isinstance(ability, StaticAbilityLine):
        effect = ability.effect
        return (isinstance(effect, (GrantAbility, SetLandType))
                and effect.affected.relation == "enchanted")
    return False


def _check_self_references(name: str, types: tuple[str, ...], subtypes: tuple[str, ...],
                           parsed: ParsedText, source: str) -> None:
    """"this land" on a card that is not a land is a mistake in the card's text."""
    for noun, line in parsed.self_references:
        ok = ("Aura" in subtypes) if noun == "aura" else _SELF_NOUN_TYPES[noun] in types
        if not ok:
            raise CardDataError(name, f'"this {noun}" in line {line!r}, but {name} is not '
                                      f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}", source)


# --------------------------------------------------------------------------- files

def _load_document(document: Mapping[str, Any], source: str) -> list[_Loaded]:
    unknown = sorted(set(document) - set(_TOP_KEYS))
    if unknown:
        raise CardFileError(source, f"unknown top-level key(s) {', '.join(map(repr, unknown))} "
                                    "(use [[card]] and [[token]] tables)")
    loaded: list[_Loaded] = []
    for kind in _TOP_KEYS:
        entries = document.get(kind, [])
        if not isinstance(entries, list):
            raise CardFileError(source, f"{kind!r} must be written as [[{kind}]] tables")
        loaded += [_build(entry, kind, i, source) for i, entry in enumerate(entries, 1)]
    return loaded


def _read(path: str | Path) -> tuple[dict[str, Any], str]:
    source = str(path)
    try:
        return read_document(Path(path), "toml")[0], source
    except DocumentProblem as exc:
        at = f" at {exc.key}" if exc.key else ""
        line = f" (line {exc.line})" if exc.line and "line" not in exc.problem else ""
        problem = exc.problem.replace("TOML syntax error: ", "not valid TOML: ")
        if not exc.key and not problem.startswith("not valid TOML"):
            problem = f"cannot read the card file: {problem}"
        raise CardFileError(source, f"{problem}{at}{line}") from None


def _load_file(path: str | Path) -> list[_Loaded]:
    """One file's definitions, parsed or from the disk cache (`cache.py`)."""
    return cached_load(path, lambda: _load_document(*_read(path)))


def load_card_file(path: str | Path) -> tuple[CardDefinition, ...]:
    """The definitions in one card file, checked on their own (token names not resolved)."""
    document, source = _read(path)
    return tuple(item.card for item in _load_document(document, source))


# --------------------------------------------------------------------------- the pool

class CardPool:
    """An immutable set of card and token definitions, looked up by name."""

    def __init__(self, items: Iterable[_Loaded] = ()) -> None:
        self._items: dict[str, _Loaded] = {}
        self._add(items)

    def _add(self, items: Iterable[_Loaded]) -> None:
        new: list[_Loaded] = []
        for item in items:
            name = item.card.name
            present = self._items.get(name)
            if present is not None:
                if present.card != item.card:
                    raise CardDataError(name, f"already defined in {present.source} "
                                              "with different data", item.source)
                continue
            self._items[name] = item
            new.append(item)
        for item in new:
            for ref in item.tokens:
                self._check_token(item, ref)

    def _check_token(self, item: _Loaded, ref: TokenReference) -> None:
        """A "create ... token" effect must name a token of the pool, as it is defined."""
        spec, card = ref.spec, item.card.name
        token = self._items.get(spec.name)
        if token is None or not token.card.is_token:
            raise CardDataError(card, f"line {ref.line!r} creates a {spec.name!r} token, "
                                      "but no [[token]] of that name is defined", item.source)
        if not spec.described:
            return
        d = token.card
        keywords = tuple(a.effect.name for a in d.abilities
                         if isinstance(a, StaticAbilityLine) and isinstance(a.effect, Keyword))
        other = [a.text for a in d.abilities
                 if not (isinstance(a, StaticAbilityLine) and isinstance(a.effect, Keyword))]
        described = (spec.power, spec.toughness, spec.colors, tuple(sorted(spec.types)),
                     tuple(sorted(spec.keywords)))
        defined = (d.power, d.toughness, d.colors, tuple(sorted(d.types)), tuple(sorted(keywords)))
        if described != defined or other:
            raise CardDataError(card, f"line {ref.line!r} describes a {spec.name} token that "
                                      f"differs from the [[token]] definition ({d.type_line}, "
                                      f"{d.power}/{d.toughness})", item.source)

    @classmethod
    def builtin(cls) -> "CardPool":
        """The built-in cards and tokens (all ``data/*.toml``), parsed once."""
        return _builtin()

    @classmethod
    def from_files(cls, *paths: str | Path) -> "CardPool":
        """A pool of only the given files' cards."""
        items: list[_Loaded] = []
        for path in paths:
            items += _load_file(path)
        return cls(items)

    def with_file(self, path: str | Path) -> "CardPool":
        """A new pool with the file's cards and tokens added (a name already present
        with different data is an error)."""
        pool = CardPool()
        pool._items = dict(self._items)
        pool._add(_load_file(path))
        return pool

    def with_text(self, text: str, source: str) -> "CardPool":
        """A new pool with the cards of a card file's text (as stored in a game's log) added;
        `source` names it in errors."""
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise CardFileError(source, f"not valid TOML: {exc}") from None
        pool = CardPool()
        pool._items = dict(self._items)
        pool._add(_load_document(document, source))
        return pool

    def get(self, name: str) -> CardDefinition:
        """The card or token of that name; KeyError(name) if unknown."""
        try:
            return self._items[name].card
        except KeyError:
            raise KeyError(name) from None

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __len__(self) -> int:
        return len(self._items)

    def names(self) -> list[str]:
        """Names of the (non-token) cards, sorted."""
        return sorted(n for n, item in self._items.items() if not item.card.is_token)

    def token_names(self) -> list[str]:
        """Names of the token definitions, sorted."""
        return sorted(n for n, item in self._items.items() if item.card.is_token)

    def is_token(self, name: str) -> bool:
        """True for a token definition; KeyError(name) if unknown."""
        return self.get(name).is_token

    def __repr__(self) -> str:
        return f"CardPool({len(self.names())} cards, {len(self.token_names())} tokens)"


@cache
def _builtin() -> CardPool:
    items: list[_Loaded] = []
    for path in sorted(DATA_DIR.glob("*.toml")):      # tokens may be defined in a later file
        items += _load_file(path)
    return CardPool(items)
