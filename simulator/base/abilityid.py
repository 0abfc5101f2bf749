"""`AbilityId`: which ability an object has, one value for the rules, the log and the stack.

An ability is named by how the object has it and where its text is:

    kind        printed              intrinsic                 granted
    card        the object's card    ""                        the card whose text holds it
    index       its position in      the basic land type's     its position in `card`'s abilities
                `card`'s abilities   position in W U B R G

* printed (113.1): the object's own rules text (`CardDefinition.abilities`).
* intrinsic (305.6): "{T}: Add [mana]." of a basic land type the object has now; `index` is the
  type's position in `BASIC_LAND_TYPES` (Plains 0, Island 1, Swamp 2, Mountain 3, Forest 4).
* granted (613.1f): another object's effect gives it. `card`/`index` say where the text is: the
  granting card's line ("Lands you control have ...": Cryptolith Rite, Chromatic Lantern) or a
  linked card (607: Steward of the Harvest's exiled land; `card` "" for that land's intrinsic
  ability, as above). The granting object is `granted_by` beside the id (events, `AbilityRef`).

Every index is 0-based. The GAME_FORMAT ability *number* of an `activate` action (1-based,
printed then intrinsic then granted, as the object has them now) is not an id: it is kept as
`AbilityActivated.number`.

`card`/`index` are None only in ids read back from a version-1 `AbilityActivated` (v0.1 logged
the object's ability number and text, not where the text is): see `from_legacy_activation`.
The one place that reads an intrinsic ability's land type from its text is `legacy_intrinsic`,
for payloads stored before ids (they wrote -1 and the text).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

PRINTED, INTRINSIC, GRANTED = "printed", "intrinsic", "granted"
# the triggered ability that spending mana made by the mana ability at `card`/`index` creates
# ("When you spend this mana to cast ...", 106.6): it is written inside that ability's text
SPENT = "spent"
# the quoted ability an effect written in the ability at `card`/`index` gives an object ("... becomes
# a 1/1 black Skeleton creature with "{B}: Regenerate this creature"", Spawning Pool; 613.1f)
QUOTED = "quoted"
# the delayed triggered ability an effect written at `card`/`index` creates (603.7a: "Draw a card at
# the beginning of the next turn's upkeep."): an instant's or sorcery's `index` is its effect's
# number in the card's spell effects, a permanent's the line of the ability whose effect it is
DELAYED = "delayed"
# the reflexive triggered ability written inside the replacement ability at `card`/`index` (603.12:
# Magma Pummeler's "When one or more counters are removed from this creature this way, ...")
REFLEXIVE = "reflexive"
KINDS = (PRINTED, INTRINSIC, GRANTED, SPENT, QUOTED, DELAYED, REFLEXIVE)
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")   # 205.3i, W U B R G (305.6)
# 205.3i: the land types (the basic ones and the others, as real lands print them). Only these
# go under an effect that sets a land type (305.7): not a creature type, nor Saga, Clue, ...;
# and only a land has one (205.3i), so "a Desert card" is always a land card.
ALL_LAND_TYPES = frozenset(BASIC_LAND_TYPES) | {
    "Barnyard", "Cave", "Cloud", "Desert", "Gate", "Lair", "Locus", "Mine", "Omenpath", "Planet",
    "Power-Plant", "Sphere", "Tower", "Town", "Ulamog's", "Urza's"}
_LETTERS = "WUBRG"
LEGACY_INTRINSIC = -1    # the index payloads stored before ids gave an intrinsic ability


@dataclass(frozen=True)
class AbilityId:
    """Which ability: `kind` (printed | intrinsic | granted), the `card` whose text holds it and
    its 0-based `index` there (module docstring)."""

    kind: str
    card: str | None
    index: int | None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown ability kind {self.kind!r} (one of {', '.join(KINDS)})")
        if self.index is not None and self.index < 0:
            raise ValueError(f"an ability index is 0-based, not {self.index}")

    # ---------------------------------------------------------------- constructors
    @classmethod
    def printed(cls, card: str, index: int) -> "AbilityId":
        return cls(PRINTED, card, index)

    @classmethod
    def intrinsic(cls, land_type: str) -> "AbilityId":
        return cls(INTRINSIC, "", BASIC_LAND_TYPES.index(land_type))

    def spent(self) -> "AbilityId":
        """The trigger a rider of this mana ability's mana creates (106.6): same place, kind spent."""
        return AbilityId(SPENT, self.card, self.index)

    def quoted(self) -> "AbilityId":
        """The quoted ability an effect of this ability gives (613.1f): same place, kind quoted."""
        return AbilityId(QUOTED, self.card, self.index)

    def delayed(self) -> "AbilityId":
        """The delayed trigger an effect of this ability creates (603.7a): same place, kind delayed."""
        return AbilityId(DELAYED, self.card, self.index)

    def reflexive(self) -> "AbilityId":
        """The reflexive trigger written inside this (replacement) ability (603.12): same place."""
        return AbilityId(REFLEXIVE, self.card, self.index)

    def granted(self) -> "AbilityId":
        """The same text, had by another object through a granting effect (613.1f)."""
        return AbilityId(GRANTED, self.card, self.index)

    # ---------------------------------------------------------------- what it names
    @property
    def land_type(self) -> str | None:
        """The basic land type whose intrinsic ability this is (305.6), else None."""
        if self.card == "" and self.index is not None:
            return BASIC_LAND_TYPES[self.index]
        return None

    @property
    def recorded(self) -> bool:
        """False for an id read back from a version-1 AbilityActivated that lacked its place."""
        return self.card is not None and self.index is not None

    def refines(self, other: "AbilityId") -> bool:
        """`self` says everything `other` says (an unrecorded card/index matches any)."""
        return (self.kind == other.kind and other.card in (None, self.card)
                and other.index in (None, self.index))

    def __str__(self) -> str:
        if self.land_type is not None:
            where = f"the {self.land_type} type's ability"
        elif self.recorded:
            where = f"{self.card} ability {self.index}"
        else:
            where = "place not recorded"
        return f"{self.kind} ({where})"

    # ---------------------------------------------------------------- JSON (event payloads, frames)
    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": self.card, "index": self.index}

    @classmethod
    def from_json(cls, data: Any) -> "AbilityId":
        if isinstance(data, AbilityId):
            return data
        if not isinstance(data, dict) or set(data) != {"kind", "card", "index"}:
            raise ValueError(f"not an ability id: {data!r}")
        return cls(str(data["kind"]), data["card"], data["index"])


def ability_field(value: Any) -> AbilityId:
    """Field decoder of a stored AbilityId (events and frames name it in field metadata)."""
    return AbilityId.from_json(value)


DECODE = "decode"     # field metadata key: a function turning the stored JSON into the field's value
ABILITY_ID = {DECODE: ability_field}


# --------------------------------------------------------------------------- payloads stored before ids

def legacy_intrinsic(text: str) -> AbilityId:
    """An intrinsic ability stored as index -1 and its text "{T}: Add {G}." (305.6)."""
    found = re.fullmatch(r"\{T\}: Add \{([WUBRG])\}\.?", text.strip())
    if found is None:
        raise ValueError(f"not the text of an intrinsic mana ability: {text!r}")
    return AbilityId.intrinsic(BASIC_LAND_TYPES[_LETTERS.index(found.group(1))])


def from_legacy(card: str, index: int, text: str, holder_card: str) -> AbilityId:
    """An ability stored before ids as (card whose text holds it, index, text), had by an object
    of card `holder_card`: -1 was an intrinsic ability; text on the holder's own card is printed,
    on another card granted (Steward of the Harvest's linked land)."""
    if index == LEGACY_INTRINSIC:
        return legacy_intrinsic(text)
    return AbilityId(PRINTED if card == holder_card else GRANTED, card, index)


def legacy_index(ability: AbilityId, holder_card: str) -> int | None:
    """The index a record stored before ids would hold for `ability` (with `ability.card`), when
    `from_legacy` reads it back as the same id; else None (then the record stores the id)."""
    if ability.kind == INTRINSIC or ability.index is None or ability.card is None:
        return None
    return ability.index if from_legacy(ability.card, ability.index, "", holder_card) == ability else None


def from_legacy_activation(origin: str, text: str, source_card: str) -> AbilityId:
    """A version-1 AbilityActivated: it kept the object's 1-based ability number, the text and
    the origin, not where the text is. Intrinsic: the land type from the text; printed: on the
    object's card, index not recorded; granted: neither recorded."""
    if origin == INTRINSIC:
        return legacy_intrinsic(text)
    return AbilityId(origin, source_card if origin == PRINTED else None, None)
