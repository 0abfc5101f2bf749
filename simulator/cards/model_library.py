"""The model of library effects (701.23 search, 701.24 shuffle): what a searched card must be,
how many may be found and where they go. Part of the model (`cards.model` puts the effects in
its `Effect` union); kept apart so each family of card text has its own module."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")   # 205.3i


@dataclass(frozen=True)
class CardQuality:
    """What a card searched for must be (701.23b: "a card with a stated quality"): all of
    `types` and `supertypes`, one of `subtypes_any` if any are listed, and at least one basic
    land type if `basic_land_type` ("a land card with a basic land type"). Nothing listed: "a
    card", any card (701.23c: then the player must find one if there is one)."""

    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes_any: tuple[str, ...] = ()
    basic_land_type: bool = False

    @property
    def stated(self) -> bool:
        """701.23b: a quality is stated, so the player may fail to find such a card."""
        return bool(self.types or self.supertypes or self.subtypes_any or self.basic_land_type)

    def matches(self, types: tuple[str, ...], supertypes: tuple[str, ...], subtypes: tuple[str, ...]) -> bool:
        """Whether a card with these characteristics (as printed: in a library no effect changes
        them) is such a card."""
        if any(t not in types for t in self.types) or any(s not in supertypes for s in self.supertypes):
            return False
        if self.subtypes_any and not any(s in subtypes for s in self.subtypes_any):
            return False
        return not self.basic_land_type or any(s in BASIC_LAND_TYPES for s in subtypes)

    def describe(self) -> str:
        """"basic Forest, Plains, or Island card", "land card with a basic land type", "card"."""
        words = [s.lower() for s in self.supertypes]
        if self.subtypes_any:
            names = list(self.subtypes_any)
            words.append(names[0] if len(names) == 1 else
                         (" or ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + ", or " + names[-1]))
        words += [t.lower() for t in self.types]
        words.append("card")
        if self.basic_land_type:
            words.append("with a basic land type")
        return " ".join(words)


@dataclass(frozen=True)
class SearchLibrary:
    """"Search your library for a basic land card, put it onto the battlefield tapped, then
    shuffle." (701.23a, 701.24a): the ability's controller looks through their library and finds
    up to one card per slot of `find` (each found card fits its own slot: "a Forest card and a
    Plains card"; "up to two basic land cards" is two slots of one quality). A card with a stated
    quality may be not found (701.23b); "a card" must be found if the library has one (701.23c).
    `share_land_type`: the found cards share a land type (Myriad Landscape). `to` is where the
    found cards go ("battlefield", `tapped`; or "hand", `reveal`: shown first, 701.23d); then the
    library is shuffled (701.24a)."""

    find: tuple[CardQuality, ...]
    to: Literal["battlefield", "hand"] = "battlefield"
    tapped: bool = False
    reveal: bool = False
    share_land_type: bool = False

    def describe(self) -> str:
        n = len(self.find)
        if n == 1:
            what = self.find[0].describe()
            what = ("an " if what[0] in "aeiou" else "a ") + what
        elif len(set(self.find)) == 1:
            count = ("two", "three", "four", "five")[n - 2] if n <= 5 else str(n)
            what = f"up to {count} {self.find[0].describe().replace('card', 'cards', 1)}"
            if self.share_land_type:
                what += " that share a land type"
        else:
            what = " and ".join(("an " if q.describe()[0] in "aeiou" else "a ") + q.describe() for q in self.find)
        return what
