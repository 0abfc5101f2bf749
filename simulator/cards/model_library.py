"""The model of library effects (701.23 search, 701.24 shuffle): what a searched card must be,
how many may be found and where they go; mill (701.17) and draws (121.1) by players other than
"you" or of a counted number of cards. Part of the model (`cards.model` puts the effects in
its `Effect` union); kept apart so each family of card text has its own module."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Union

if TYPE_CHECKING:    # cards.model imports this module (its `Effect` union)
    from simulator.cards.model import Quantity

from simulator.base.abilityid import ALL_LAND_TYPES, BASIC_LAND_TYPES   # 205.3i

_ARTIFACT_ONLY = frozenset({"Equipment", "Vehicle"})   # 205.3g: artifact types, only artifacts have them


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
    non: tuple[str, ...] = ()          # none of these card types ("a nonland card", 205.4b)
    # "a historic card" (700.6: an artifact, a legendary card or a Saga; pool-misca, issue 22)
    historic: bool = False
    # "a card with the same mana value as the discarded card" (transmute, 702.53a): the mana value
    # of the card whose ability searches (202.3), given to `matches` as `source_mana_value`
    same_mana_value: bool = False

    @property
    def stated(self) -> bool:
        """701.23b: a quality is stated, so the player may fail to find such a card."""
        return bool(self.types or self.supertypes or self.subtypes_any or self.basic_land_type or self.non
                    or self.historic or self.same_mana_value)

    @property
    def only_permanents(self) -> bool:
        """Whether every card of this quality is a permanent card that is not an Aura, so that it
        can be put onto the battlefield alone (307.4 / 304.4: an instant or sorcery card cannot;
        303.4f: an Aura would need something to enchant): a land, creature, artifact,
        planeswalker or battle card, or a card of a land type (205.3i: only lands have them)."""
        return bool({"Land", "Creature", "Artifact", "Planeswalker", "Battle"} & set(self.types)
                    or self.basic_land_type
                    or (self.subtypes_any and all(s in ALL_LAND_TYPES or s in _ARTIFACT_ONLY for s in self.subtypes_any)))

    def matches(self, types: tuple[str, ...], supertypes: tuple[str, ...], subtypes: tuple[str, ...],
                mana_value: int = 0, source_mana_value: int | None = None) -> bool:
        """Whether a card with these characteristics (as printed: in a library no effect changes
        them; `mana_value` its mana value, 202.3) is such a card."""
        if self.same_mana_value and mana_value != source_mana_value:
            return False
        if any(t not in types for t in self.types) or any(s not in supertypes for s in self.supertypes):
            return False
        if any(t in types for t in self.non):
            return False
        if self.subtypes_any and not any(s in subtypes for s in self.subtypes_any):
            return False
        if self.historic and not ("Artifact" in types or "Legendary" in supertypes or "Saga" in subtypes):
            return False
        return not self.basic_land_type or any(s in BASIC_LAND_TYPES for s in subtypes)

    def describe(self) -> str:
        """"basic Forest, Plains, or Island card", "land card with a basic land type", "card"."""
        words = [s.lower() for s in self.supertypes]
        if self.subtypes_any:
            names = list(self.subtypes_any)
            words.append(names[0] if len(names) == 1 else
                         (" or ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + ", or " + names[-1]))
        words += ["non" + t.lower() for t in self.non] + [t.lower() for t in self.types]
        if self.historic:
            words.append("historic")
        words.append("card")
        if self.basic_land_type:
            words.append("with a basic land type")
        if self.same_mana_value:
            words.append("with the same mana value as the discarded card")
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
    library is shuffled (701.24a). `who`: the players who search, each their own library, one
    after the other in APNAP order (101.4), the ability's controller ("you") by default."""

    find: tuple[CardQuality, ...]
    to: Literal["battlefield", "hand"] = "battlefield"
    tapped: bool = False
    reveal: bool = False
    share_land_type: bool = False
    who: str = "you"       # `Players`: "Target player searches ..." / "Each player searches ..." (each their own)

    def describe(self) -> str:
        n = len(self.find)
        if n == 1:
            what = self.find[0].describe()
            what = ("an " if what[0].lower() in "aeiou" else "a ") + what
        elif len(set(self.find)) == 1:
            count = ("two", "three", "four", "five")[n - 2] if n <= 5 else str(n)
            what = f"up to {count} {self.find[0].describe().replace('card', 'cards', 1)}"
            if self.share_land_type:
                what += " that share a land type"
        else:
            what = " and ".join(("an " if q.describe()[0].lower() in "aeiou" else "a ") + q.describe() for q in self.find)
        return what


# Who an instruction names (the ability's controller is "you"): "target player" / "target
# opponent" (`target`: the ability's `Targets`, 115.4), "each opponent", "each player" (in APNAP
# order, 101.4).
# "target_controller": the controller of the ability's one target permanent, as it is or last
# existed (608.2h): Ghost Quarter's "Its controller may search their library ...".
Players = Literal["you", "target", "each_opponent", "each_player", "target_controller"]
PLAYER_WORDS = {"you": "you", "target": "target player", "each_opponent": "each opponent",
                "each_player": "each player", "target_controller": "its controller"}
CardCount = Union[int, "Quantity"]     # a number printed, or one read as it resolves (608.2h)


@dataclass(frozen=True)
class Mill:
    """"Mill two cards." / "Target player mills three cards." / "Each opponent mills a card." /
    "... mills X cards, where X is ..." / "... mills a card for each Locus you control"
    (701.17a: the player puts that many cards from the top of their library into their
    graveyard; 701.17b: a library with fewer cards is milled entirely)."""

    amount: CardCount
    who: Players = "you"


@dataclass(frozen=True)
class PlayersDraw:
    """"Each player draws a card." / "Target player draws three cards." / "Draw X cards, where X
    is ..." / "You draw two cards" (121.1; a draw from an empty library is the 704.5b loss, 121.4).
    "you draw N cards" with a printed N is the plain `DrawCards`."""

    amount: CardCount
    who: Players = "you"


@dataclass(frozen=True)
class LookAtTopCards:
    """"Look at the top five cards of your library. You may reveal a creature card from among
    them and put it into your hand. Put the rest on the bottom of your library in a random
    order." / "Look at the top X cards of your library, where X is .... Put one of those cards
    into your hand and the rest on the bottom of your library in any order." / "... Put up to
    two of them into your hand and the rest into your graveyard." / "look at the top three
    cards of your library, then put them back in any order."

    The ability's controller looks at the top `amount` cards (fewer if the library has fewer),
    chooses up to `take` of them that are `quality` cards (`must`: as many as there are, up to
    `take`: "Put one of those cards"; else any number up to it: "You may reveal ...", "up to
    two"), reveals them if `reveal` and puts them into their hand (608.2c); the rest go `rest`:
    to the bottom in a random order (drawn from the seed, as a shuffle, 701.24a) or in the order
    they choose (401.4), into the graveyard, or back on top in the order they choose."""

    amount: CardCount
    take: int = 0
    quality: CardQuality = CardQuality()
    must: bool = False
    reveal: bool = False
    rest: Literal["bottom_random", "bottom_any", "graveyard", "top_any"] = "bottom_random"
    # "reveal up to one basic land card from among them, then put that card on top of your library
    # and the rest on the bottom" (Fertile Thicket): the card taken stays on top instead of going
    # to the hand (pool-miscb)
    taken_to: Literal["hand", "top"] = "hand"

    def describe(self) -> str:
        what = self.quality.describe()
        return f"{'' if self.must else 'up to '}{self.take} {what}{'s' if self.take > 1 else ''}"


@dataclass(frozen=True)
class DiscardCards:
    """"Discard a card." / "Target player discards a card." / "Each player discards two cards."
    / "Draw a card, then discard a card." (701.9a): each player named chooses that many cards of
    their hand (all of them if fewer; APNAP order, 101.4) and puts them into their graveyard."""

    amount: int
    who: Players = "you"


@dataclass(frozen=True)
class ExileGraveyard:
    """"Exile target player's graveyard." / "Exile each opponent's graveyard." / "Exile all
    graveyards." (406.2): every card in each graveyard named moves to exile; with a `kind`, only
    the cards of that card type ("Exile all creature cards from your graveyard.", 205.2a)."""

    who: Players = "target"
    kind: str | None = None


@dataclass(frozen=True)
class ShuffleYourLibrary:
    """"Shuffle your library." (701.24a): the ability's controller shuffles their library."""


@dataclass(frozen=True)
class LookAtTopOfLibrary:
    """"Look at the top card of target player's library." (401.2: the ability's controller sees
    it; nothing moves): the player is the ability's target (115.4)."""


@dataclass(frozen=True)
class OwnerShufflesIntoLibrary:
    """"Target creature's owner shuffles it into their library." (701.24a: the card is put into
    its owner's library, then that library is shuffled; 608.2b: an illegal target is not moved,
    and nothing is shuffled)."""


@dataclass(frozen=True)
class LookAtTopCardMay:
    """"Look at the top card of your library. If it's a land card, you may put it onto the
    battlefield tapped. If you don't put the card onto the battlefield, you may put it on the
    bottom of your library." (Lantern of Revealing) / "... If it's a Mount card, you may reveal it
    and put it into your hand. If you don't put it into your hand, you may put it on the bottom of
    your library." / "... If it's an instant or sorcery card, ... If you don't ..., you may put it
    into your graveyard." / "Look at the top card of your library. You may exile that card."

    Its controller looks at the top card of their own library (401.2; none: nothing happens) and
    chooses (the pending `top_card`): if it is a card of one of `qualities` (none listed: any
    card), put it `to` ("battlefield", `tapped`; "hand", `reveal`: shown first; "exile"); else, or
    instead, `otherwise` ("bottom" of the library, "graveyard"; "" no such option); or leave it on
    top (608.2d: each "you may" declined)."""

    qualities: tuple[Any, ...] = ()       # model CardQuality: the card fits one of them
    to: Literal["battlefield", "hand", "exile"] = "battlefield"
    tapped: bool = False
    reveal: bool = False
    otherwise: Literal["bottom", "graveyard", ""] = ""


@dataclass(frozen=True)
class EachPlayerWithNamedDraws:
    """"Each player who controls a permanent named Bonder's Ornament draws a card." (121.1, 201.2):
    each player in the game who controls a permanent with the source's name as it resolves draws
    `amount` cards, in turn order from the active player (101.4)."""

    amount: int = 1


@dataclass(frozen=True)
class TargetPlayerPerDomain:
    """"Target player draws a card for each basic land type among lands they control." (Allied
    Strategies: `action` "draw", `whose` "target") / "Target player discards a card for each basic
    land type among lands you control." (Voices from the Void: "discard", "you"): the count read
    as it resolves (608.2h; 305.6 basic land types), then 121.1 / 701.9a."""

    action: Literal["draw", "discard"]
    whose: Literal["you", "target"]
