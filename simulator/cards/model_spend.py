"""Restrictions on spending mana that name several uses (106.6): "Spend this mana only to cast
artifact spells or activate abilities of artifacts.", "... to cast a Cleric, Rogue, Warrior, or
Wizard spell or to activate an ability of a Cleric, Rogue, Warrior, or Wizard.", "... to cast a
multicolored spell.", "... to cast colorless Eldrazi spells or activate abilities of colorless
Eldrazi.". Part of the model (`simulator.cards.model`: one of its `ManaRestriction` kinds);
checked by `simulator.rules.payment.SPEND_CHECKS`.

The mana may pay for any one of the uses: casting a spell one of `spells` admits, or
activating an ability of a source one of `sources` admits (an empty `SourceKind`: any ability).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Colored = Literal["", "multicolored", "colorless"]


@dataclass(frozen=True)
class SpellKind:
    """One kind of spell a restriction names: "artifact" / "Dragon creature" / "Ally" /
    "noncreature" / "colorless Eldrazi" / "multicolored" / "legendary": it has one of `types`
    (none listed: any), every one of `subtypes` and `supertypes`, none of `non`, and the
    colors `colored` says (105.2c: two or more colors, or none)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    non: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colored: Colored = ""

    def admits(self, types: tuple[str, ...], subtypes: tuple[str, ...], supertypes: tuple[str, ...],
               colors: tuple[str, ...]) -> bool:
        return ((not self.types or any(t in types for t in self.types))
                and all(t in subtypes for t in self.subtypes)
                and all(t in supertypes for t in self.supertypes)
                and not any(t in types for t in self.non)
                and _colored(self.colored, colors))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in ("types", "subtypes", "non", "supertypes"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.colored:
            out["colored"] = self.colored
        return out

    @classmethod
    def from_json(cls, d: Any) -> "SpellKind":
        return cls(tuple(d.get("types", ())), tuple(d.get("subtypes", ())), tuple(d.get("non", ())),
                   tuple(d.get("supertypes", ())), _colored_of(d))


@dataclass(frozen=True)
class SourceKind:
    """The sources whose abilities a restriction names: "artifacts" / "artifact sources" /
    "a Dinosaur source" / "Elementals" / "colorless Eldrazi" / "a colorless permanent" (the
    source as it is when the ability is activated, 602.2); nothing listed: "an ability", any."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colored: Colored = ""
    permanent: bool = False           # "a colorless permanent": the source is on the battlefield

    def admits(self, types: tuple[str, ...], subtypes: tuple[str, ...], colors: tuple[str, ...],
               on_battlefield: bool) -> bool:
        return ((not self.types or any(t in types for t in self.types))
                and all(t in subtypes for t in self.subtypes)
                and _colored(self.colored, colors)
                and (on_battlefield or not self.permanent))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in ("types", "subtypes"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.colored:
            out["colored"] = self.colored
        if self.permanent:
            out["permanent"] = True
        return out

    @classmethod
    def from_json(cls, d: Any) -> "SourceKind":
        return cls(tuple(d.get("types", ())), tuple(d.get("subtypes", ())), _colored_of(d),
                   bool(d.get("permanent", False)))


def _colored_of(d: Any) -> Colored:
    value = str(d.get("colored", ""))
    if value == "multicolored":
        return "multicolored"
    if value == "colorless":
        return "colorless"
    if value:
        raise ValueError(f"not a kind of colors: {value!r}")
    return ""


def _colored(colored: Colored, colors: tuple[str, ...]) -> bool:
    return (colored == "" or colored == "multicolored" and len(colors) >= 2
            or colored == "colorless" and not colors)


@dataclass(frozen=True)
class SpendOnlyFor:
    """"Spend this mana only to cast <spells> [or activate abilities of <sources>]." (106.6):
    the mana pays for casting a spell one of `spells` admits, or for activating an ability of a
    source one of `sources` admits; nothing else (not an effect's "unless you pay")."""

    text: str
    spells: tuple[SpellKind, ...] = ()
    sources: tuple[SourceKind, ...] = ()

    def fields_json(self) -> dict[str, Any]:
        return {"spells": [s.to_json() for s in self.spells], "sources": [s.to_json() for s in self.sources]}

    @classmethod
    def from_json(cls, d: Any) -> "SpendOnlyFor":
        return cls(str(d["text"]), tuple(SpellKind.from_json(s) for s in d.get("spells", ())),
                   tuple(SourceKind.from_json(s) for s in d.get("sources", ())))
