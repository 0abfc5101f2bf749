"""Pending choices, one type per kind: each owns its prompt, its options and the ONE parser of
its answers (GAME_FORMAT.md "Pending choices"; docs/recorded-games.md lists every kind's answers).

A frame that needs a player's answer raises `Pause(SomeChoice.ask(...), resume, rule, cause)`.
The `ChoiceRequested` event stores the choice as it always has (player, kind, options, prompt:
stored games decode unchanged), and `pending_choice(state.pending)` makes the typed choice back
from it by its kind, through the registry `CHOICES`. Every reader of answers goes through it:

- the rules (`decisions._choose`): `choice.parse(state, answer)` is the answer as the frame that
  asked takes it, or IllegalAction (exit 3) naming the rule;
- the file loader (`formats.recorded`), which runs before the pending kind is known:
  `readable(value, is_reference)` of each kind — an answer no kind can read is refused at load
  (exit 2); one some kind reads, but not the kind pending when it is applied, is exit 3;
- `apply` and `play` read actions through the loader and then the rules;
- `legal_decisions`: `choice.candidates(state)`, every answer worth asking the rules about.

A number (or a one-number list: `choose = 4` is read as `[4]`) is a 1-based option index for
every kind that takes one answer, so the menu printed with the state (`options: 1. W, 2. U, ...`)
is answered by its numbers; `order` and `replacement` answers are lists of option numbers, and
`target`, `sacrifice` and `discard` lists may name options by number, id or card name.

A new kind is one subclass registered with `@choice_kind`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
import re
from typing import Any, Callable, ClassVar, Iterable, Iterator, Mapping, Self, TypeVar

from simulator.base.creature_types import CREATURE_TYPES, creature_type
from simulator.base.errors import IllegalAction, IntegrityError
from simulator.cards import model as m
from simulator.game.state import GameState
from simulator.rules.answers import current
from simulator.rules.queries import resolve_in_zone

MANA_LETTERS = "WUBRGC"
MAX_ORDERINGS = 120    # permutations listed per order/replacement choice (5!: every order of 5)
MAX_SUBSETS = 256      # subsets listed per target/discard choice

IsReference = Callable[[str], bool]   # the loader's test: an id, a card name or an engine id


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _single(value: Any) -> Any:
    """A one-element list stands for its element (the loader reads `choose = 4` as `[4]`)."""
    if isinstance(value, (list, tuple)) and len(value) == 1:
        return value[0]
    return value


def _shown(value: Any) -> str:
    return repr(list(value) if isinstance(value, tuple) else value)


@dataclass(frozen=True)
class Choice:
    """A pending choice of one kind: who decides, the numbered options, the prompt.

    `asked_under` is the rule the choice was asked under (the ChoiceRequested event's rule), for
    kinds whose refusal cites it."""

    kind: ClassVar[str] = ""
    answers: ClassVar[str] = ""            # what it takes, in words (docs, the loader's message)
    # the choice asks its player for a mana payment: they may activate mana abilities first (605.3a)
    asks_mana_payment: ClassVar[bool] = False

    player: str
    options: tuple[Any, ...]
    prompt: str
    asked_under: str | None = None

    # ---- the rules
    def parse(self, state: GameState, value: Any) -> Any:
        """The answer as the frame that asked takes it; IllegalAction if this kind can't read it."""
        raise NotImplementedError

    def option(self, n: int, rule: str) -> Any:
        """Option number `n` (1-based)."""
        if not 1 <= n <= len(self.options):
            raise IllegalAction(f"there is no option {n}: the options are 1..{len(self.options)}", rule)
        return self.options[n - 1]

    # ---- the file loader
    @classmethod
    def readable(cls, value: Any, is_reference: IsReference) -> bool:
        """Could an answer of this kind be written so (checked before the game runs)?"""
        raise NotImplementedError

    # ---- legal_decisions
    def candidates(self, state: GameState) -> Iterable[Any]:
        """The answers worth asking the rules about (a superset of the legal ones)."""
        return list(self.options)


CHOICES: dict[str, type[Choice]] = {}
C = TypeVar("C", bound=type[Choice])


def choice_kind(cls: C) -> C:
    """Register a kind of pending choice (one type per kind name)."""
    if not cls.kind or cls.kind in CHOICES:
        raise TypeError(f"pending choice kind {cls.kind!r}: missing or registered twice")
    CHOICES[cls.kind] = cls
    return cls


def pending_choice(pending: Mapping[str, Any]) -> Choice:
    """The typed choice a stored `ChoiceRequested` (the state's `pending`) asks."""
    cls = CHOICES.get(pending["kind"])
    if cls is None:
        raise IntegrityError(f"a stored choice has the unknown kind {pending['kind']!r}")
    return cls(pending["player"], tuple(pending["options"]), pending["prompt"], pending.get("rule"))


def asks_mana_payment(pending: Mapping[str, Any] | None, player: str) -> bool:
    """605.3a: `player` is asked to pay mana by the pending choice ("... unless you pay {1}"): they
    may activate mana abilities now, without priority, and the choice stays pending."""
    if pending is None or pending["player"] != player:
        return False
    cls = CHOICES.get(pending["kind"])
    return cls is not None and cls.asks_mana_payment


def readable_by_some_kind(value: Any, is_reference: IsReference) -> bool:
    return any(cls.readable(value, is_reference) for cls in CHOICES.values())


# --------------------------------------------------------------------------- one answer of the options

@dataclass(frozen=True)
class PickOne(Choice):
    """One of the options: the option itself (as the kind reads strings) or its number."""

    rule: ClassVar[str] = "608.2d"

    def parse(self, state: GameState, value: Any) -> Any:
        v = _single(value)
        n = _number(v)
        if n is not None:
            return self.option(n, self.refusal_rule())
        if isinstance(v, str):
            found = self.read(state, v)
            if found in self.options:
                return found
        raise self.refuse(v)

    def read(self, state: GameState, text: str) -> Any:
        """A string answer as this kind reads it."""
        return text

    def refusal_rule(self) -> str:
        return self.rule

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"choose one of {', '.join(map(str, self.options))}", self.refusal_rule())

    @classmethod
    def readable(cls, value: Any, is_reference: IsReference) -> bool:
        v = _single(value)
        if _number(v) is not None:
            return v >= 1
        return isinstance(v, str) and cls.reads(v, is_reference)

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        raise NotImplementedError


@dataclass(frozen=True)
class Words(PickOne):
    """Options that are words, read without regard to case or surrounding spaces."""

    words: ClassVar[tuple[str, ...]] = ()

    def read(self, state: GameState, text: str) -> Any:
        return text.strip().lower()

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        return text.strip().lower() in cls.words


@choice_kind
@dataclass(frozen=True)
class Explore(Words):
    """701.44a: a nonland card revealed by exploring stays on top or goes to the graveyard."""

    kind = "explore"
    rule = "701.44a"
    words = ("top", "graveyard")
    answers = '`"top"` or `"graveyard"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, explorer: str, revealed: str) -> "Explore":
        return cls(player, cls.words, f"{player}: {explorer} revealed {revealed}: leave it on top (\"top\") "
                                      f"or put it into the graveyard (\"graveyard\")")

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction("answer \"top\" or \"graveyard\" (or 1, 2)", self.rule)


@choice_kind
@dataclass(frozen=True)
class PayLife(Words):
    """614.1c: "you may pay N life. If you don't, it enters tapped"."""

    kind = "pay_life"
    rule = "614.1c"
    words = ("pay", "tapped")
    answers = '`"pay"` (pay the life, it enters untapped) or `"tapped"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, card: str, life: int) -> "PayLife":
        return cls(player, cls.words, f"{player}: pay {life} life for {card} to enter untapped (\"pay\"), "
                                      f"or let it enter tapped (\"tapped\")")

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction("answer \"pay\" (pay the life) or \"tapped\" (enter tapped), or 1, 2", self.rule)


@dataclass(frozen=True)
class PayOrElse(Words):
    """608.2c: "... unless [a player] pays {1}": that player pays the mana ("pay") or the effect's
    other outcome happens (the second word). The mana is paid from the pool when answered; while
    the choice is pending the player may activate mana abilities first (605.3a)."""

    rule = "608.2c"
    asks_mana_payment = True
    answers = '`"pay"` (pay the mana) or the other outcome\'s word (or 1, 2)'

    @classmethod
    def asking(cls, player: str, cost: str, otherwise: str) -> Self:
        """The choice of `player`: pay `cost`, or `otherwise` (words, shown with the second answer)."""
        return cls(player, cls.words, f"{player}: pay {cost} (\"pay\"; mana abilities may be activated first) "
                                      f"or {otherwise} (\"{cls.words[1]}\")")

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"answer \"pay\" (pay the mana) or \"{self.words[1]}\", or 1, 2", self.rule)


@choice_kind
@dataclass(frozen=True)
class PayUnless(PayOrElse):
    """608.2c: "sacrifice it unless you pay {1}": pay the mana, or the source is sacrificed
    (701.21a)."""

    kind = "pay_unless"
    words = ("pay", "sacrifice")
    answers = '`"pay"` (pay the mana) or `"sacrifice"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, card: str, cost: str) -> "PayUnless":
        return cls.asking(player, cost, f"sacrifice {card}")


@choice_kind
@dataclass(frozen=True)
class MayPay(PayOrElse):
    """608.2d: "you may pay {4}. If you do, untap this artifact.": pay the mana (then the
    instruction is done) or decline (nothing happens)."""

    kind = "may_pay"
    words = ("pay", "decline")
    answers = '`"pay"` (pay the mana, then the instruction) or `"decline"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, card: str, cost: str, then: str) -> "MayPay":
        return cls.asking(player, f"{cost} for {card} to {then}", "decline")


@choice_kind
@dataclass(frozen=True)
class CounterUnless(PayOrElse):
    """608.2c: "Counter target spell unless its controller pays {1}": that player pays the mana, or
    the spell is countered (701.6a)."""

    kind = "counter_unless"
    words = ("pay", "countered")
    answers = '`"pay"` (pay the mana) or `"countered"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, spell: str, cost: str) -> "CounterUnless":
        return cls.asking(player, cost, f"let {spell} be countered")


@choice_kind
@dataclass(frozen=True)
class LandType(Words):
    """608.2d: "becomes the basic land type of your choice": one of the five (205.3i); 614.12: "As
    this enters, choose a basic land type" (`as_enters`; the frame keeps it capitalised)."""

    kind = "land_type"
    rule = "608.2d"
    words = ("plains", "island", "swamp", "mountain", "forest")
    answers = '`"Plains"` `"Island"` `"Swamp"` `"Mountain"` `"Forest"` (any case; or 1..5)'

    @classmethod
    def ask(cls, player: str, land: str, among: list[str] | None = None) -> "LandType":
        """`among`: the types the text names ("becomes a Plains or an Island"), else all five."""
        words = tuple(w.lower() for w in among) if among else cls.words
        return cls(player, words, f"{player}: choose the basic land type {land} becomes "
                                  f"({' '.join(w.capitalize() for w in words)})")

    @classmethod
    def as_enters(cls, player: str, card: str, effect: Any = None) -> "LandType":
        """614.12: "As this Aura enters, choose a basic land type." (Phantasmal Terrain)."""
        return cls(player, cls.words, f"{player}: choose a basic land type for {card} as it enters "
                                      f"(Plains Island Swamp Mountain Forest)")

    def refusal_rule(self) -> str:
        return self.asked_under or self.rule

    def refuse(self, value: Any) -> IllegalAction:
        if tuple(self.options) != self.words:
            names = [str(o).capitalize() for o in self.options]
            return IllegalAction(f"choose a basic land type: {' or '.join(names)} (or 1..{len(names)}), "
                                 f"not {_shown(value)}", self.rule)
        return IllegalAction("choose a basic land type: Plains, Island, Swamp, Mountain or Forest (or 1..5), "
                             f"not {_shown(value)}", self.refusal_rule())


@choice_kind
@dataclass(frozen=True)
class May(Words):
    """608.2d: "you may <instruction>": the ability's controller does it or declines, as the
    ability gets to it (cards/model_optional.py)."""

    kind = "may"
    rule = "608.2d"
    words = ("do", "decline")
    answers = '`"do"` (do the instruction) or `"decline"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, card: str, text: str) -> "May":
        return cls(player, cls.words, f"{player}: {card}: you may {text}: do it (\"do\") or not (\"decline\")")

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"answer \"do\" or \"decline\" (or 1, 2), not {_shown(value)}", self.rule)


@choice_kind
@dataclass(frozen=True)
class TopCard(Words):
    """Lantern of Revealing, Puresight Merrow (608.2d): the top card of its controller's library,
    looked at, goes where the ability lets them put it ("battlefield", "hand", "exile"), or
    "bottom" / "graveyard" instead, or stays on "top" (each "you may" declined)."""

    kind = "top_card"
    rule = "608.2d"
    words = ("battlefield", "hand", "exile", "bottom", "graveyard", "top")
    answers = ('one of the options: `"battlefield"`, `"hand"`, `"exile"`, `"bottom"`, `"graveyard"` or '
               '`"top"` (leave it), as the ability allows; or the option number')

    @classmethod
    def ask(cls, player: str, source: str, card: str, options: tuple[str, ...]) -> "TopCard":
        where = {"battlefield": "onto the battlefield", "hand": "into your hand", "exile": "into exile",
                 "bottom": "on the bottom of your library", "graveyard": "into your graveyard",
                 "top": "leave it on top"}
        said = ", ".join(f'{where[o]} ("{o}")' for o in options)
        return cls(player, options, f"{player}: {source}: the top card of your library is {card}: {said}")

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"answer one of {', '.join(map(repr, self.options))} (or 1..{len(self.options)})",
                             self.rule)


@choice_kind
@dataclass(frozen=True)
class Scry(Words):
    """701.22a: scry 1: the card looked at stays on top or goes to the bottom of the library."""

    kind = "scry"
    rule = "701.22a"
    words = ("top", "bottom")
    answers = '`"top"` or `"bottom"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, card: str) -> "Scry":
        return cls(player, cls.words, f"{player}: scry 1: {card} stays on top (\"top\") or goes to the "
                                      f"bottom of the library (\"bottom\")")

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction("answer \"top\" or \"bottom\" (or 1, 2)", self.rule)


@choice_kind
@dataclass(frozen=True)
class Surveil(Words):
    """701.25a: surveil 1: the card looked at stays on top or goes to the graveyard."""

    kind = "surveil"
    rule = "701.25a"
    words = ("top", "graveyard")
    answers = '`"top"` or `"graveyard"` (or 1, 2)'

    @classmethod
    def ask(cls, player: str, card: str) -> "Surveil":
        return cls(player, cls.words, f"{player}: surveil 1: {card} stays on top (\"top\") or goes to the "
                                      f"graveyard (\"graveyard\")")

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction("answer \"top\" or \"graveyard\" (or 1, 2)", self.rule)


@dataclass(frozen=True)
class Letters(PickOne):
    """Options that are mana letters, read without regard to case."""

    def read(self, state: GameState, text: str) -> Any:
        return text.strip().upper()

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        letters = text.strip().upper()
        return bool(letters) and all(c in MANA_LETTERS for c in letters)


@choice_kind
@dataclass(frozen=True)
class ManaType(Letters):
    """106.12a, 605.4a, 608.2d: the type or color of mana a resolving ability or spell adds.

    The answer is mana letters, each among the options, or an option number; how many letters
    the effect takes (one type; "three mana in any combination of colors") is the frame's to
    check, from the effect."""

    kind = "mana"
    answers = "mana letters among the options (`\"G\"`; `\"RRG\"` where the effect adds several), or an option number"

    @classmethod
    def ask(cls, player: str, card: str, options: Iterable[str], what: str = "type") -> "ManaType":
        return cls(player, tuple(options), f"{player}: choose the {what} of mana {card} adds")

    @classmethod
    def spell(cls, player: str, card: str, options: Iterable[str]) -> "ManaType":
        """608.2d: a resolving spell's "Add ... of any color"."""
        return cls(player, tuple(options), f"{player}: choose the mana {card} adds")

    def parse(self, state: GameState, value: Any) -> Any:
        v = _single(value)
        if _number(v) is not None:
            return self.option(v, self.refusal_rule())
        if isinstance(v, str):
            letters = self.read(state, v)
            if letters and all(c in self.options for c in letters):
                return letters
        raise self.refuse(v)

    def refusal_rule(self) -> str:
        return self.asked_under or "106.12a"

    def refuse(self, value: Any) -> IllegalAction:
        shown = ", ".join("{%s}" % o for o in self.options)
        return IllegalAction(f"the mana must be one of {shown} (or its number 1..{len(self.options)})",
                             self.refusal_rule())


@choice_kind
@dataclass(frozen=True)
class Color(Letters):
    """614.12: "As this permanent enters, choose a color" (105.1: the five colors)."""

    kind = "color"
    rule = "105.1"
    answers = 'one of `"W"` `"U"` `"B"` `"R"` `"G"`, or its option number 1..5'

    @classmethod
    def as_enters(cls, player: str, card: str, effect: Any = None) -> "Color":
        """"As ... enters, choose a color [other than green]" (`effect`: the ChooseColorAsEnters)."""
        other = getattr(effect, "other_than", None)
        colors = tuple(c for c in m.COLORS if c != other)
        return cls(player, colors, f"{player}: choose a color for {card} as it enters ({' '.join(colors)})")

    def refuse(self, value: Any) -> IllegalAction:
        if len(self.options) < 5:
            return IllegalAction(f"choose a color: one of {' '.join(self.options)} (or 1..{len(self.options)}), "
                                 f"not {_shown(value)}", "614.12")
        return IllegalAction(f"choose a color: one of W U B R G (or 1..5), not {_shown(value)} "
                             f"(colorless is not a color)", self.rule)


@choice_kind
@dataclass(frozen=True)
class CounterKind(PickOne):
    """614.1c, 614.12: "This creature enters with your choice of a flying counter or a first strike
    counter on it": one of the kinds of counter the card names (122.1, 122.1b)."""

    kind = "counter"
    rule = "614.12"
    answers = 'one of the kinds of counter the card names (`"flying"`, `"first strike"`, `"+1/+1"`; case ignored), or its option number'

    @classmethod
    def as_enters(cls, player: str, card: str, effect: Any = None) -> "CounterKind":
        kinds = tuple(getattr(effect, "kinds", ()))
        return cls(player, kinds, f"{player}: choose the counter {card} enters with ({' or '.join(kinds)})")

    def read(self, state: GameState, text: str) -> Any:
        return text.strip().lower()

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"choose the counter: one of {', '.join(map(str, self.options))} "
                             f"(or 1..{len(self.options)}), not {_shown(value)}", self.rule)

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        t = text.strip().lower()
        return t in m.KEYWORD_COUNTERS or re.fullmatch(r"[+-]\d+/[+-]\d+", t) is not None


@choice_kind
@dataclass(frozen=True)
class CreatureType(PickOne):
    """614.12: "As this permanent enters, choose a creature type" (Cavern of Souls); the
    answers are the creature types of 205.3m (`base.creature_types`), one list kept there."""

    kind = "creature_type"
    rule = "205.3m"
    answers = 'a creature type of 205.3m (`"Elf"`; case ignored), or its option number'

    @classmethod
    def as_enters(cls, player: str, card: str, effect: Any = None) -> "CreatureType":
        return cls(player, CREATURE_TYPES, f"{player}: choose a creature type for {card} as it enters")

    def read(self, state: GameState, text: str) -> Any:
        return creature_type(text)

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        return creature_type(text) is not None

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"choose a creature type (205.3m: \"Elf\", \"Human\", ...), not {_shown(value)}",
                             self.rule)


@choice_kind
@dataclass(frozen=True)
class Legend(PickOne):
    """704.5j: which of the legendary permanents with one name its controller keeps."""

    kind = "legend"
    rule = "704.5j"
    answers = "the id of the permanent to keep (exact), or its option number"

    @classmethod
    def ask(cls, player: str, card: str, ids: Iterable[str]) -> "Legend":
        return cls(player, tuple(ids), f"{player}: choose which {card} to keep (legend rule)")

    def read(self, state: GameState, text: str) -> Any:
        return current(state, text)

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        return is_reference(text)

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"choose the one to keep: one of {', '.join(self.options)} "
                             f"(or 1..{len(self.options)})", self.rule)


@choice_kind
@dataclass(frozen=True)
class Return(PickOne):
    """608.2c: "return a land you control to its owner's hand": which one (the karoo lands)."""

    kind = "return"
    rule = "608.2c"
    answers = "the id or card name of the permanent to return, or its option number"

    @classmethod
    def ask(cls, player: str, what: str, ids: Iterable[str]) -> "Return":
        return cls(player, tuple(ids), f"{player}: choose {what} to return to its owner's hand")

    def read(self, state: GameState, text: str) -> Any:
        ref = current(state, text)
        return resolve_in_zone(state, ref, list(self.options)) or ref

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        return is_reference(text)

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"choose one of {', '.join(self.options)} (or 1..{len(self.options)})", self.rule)


@choice_kind
@dataclass(frozen=True)
class ModeChoice(PickOne):
    """700.2b, 603.3c: the mode of a modal triggered ability ("choose one —"), chosen as it is
    put on the stack; the options are the modes that may be chosen, as printed (a mode whose
    targets cannot be chosen is left out, 700.2b)."""

    kind = "mode"
    rule = "700.2b"
    answers = "the option number of the mode (as listed: the modes that can be chosen, in printed order)"

    @classmethod
    def ask(cls, player: str, texts: Iterable[str], what: str) -> "ModeChoice":
        return cls(player, tuple(texts), f"{player}: choose one mode of {what}")

    def parse(self, state: GameState, value: Any) -> int:
        """The option number (1-based): the frame that asked maps it to its mode."""
        n = _number(_single(value))
        if n is None:
            raise self.refuse(value)
        self.option(n, self.rule)
        return n

    @classmethod
    def reads(cls, text: str, is_reference: IsReference) -> bool:
        return False        # a mode is answered by its option number

    def candidates(self, state: GameState) -> Iterable[Any]:
        return list(range(1, len(self.options) + 1))

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"choose a mode by its option number, 1..{len(self.options)}", self.rule)


# --------------------------------------------------------------------------- an order of the options

@dataclass(frozen=True)
class Ordering(Choice):
    """A permutation of the options, as a list of their numbers (first listed comes first)."""

    rule: ClassVar[str] = "603.3b"

    def parse(self, state: GameState, value: Any) -> list[int]:
        n = len(self.options)
        items = [value] if _number(value) is not None else value
        if not isinstance(items, (list, tuple)) or any(_number(v) is None for v in items):
            raise IllegalAction(f"the {self.kind} answer must be a list of option numbers 1..{n}", self.rule)
        order = list(items)
        if sorted(order) != list(range(1, n + 1)):
            raise IllegalAction(f"the {self.kind} answer must list each of the options 1..{n} once, "
                                f"got {order}", self.rule)
        return order

    @classmethod
    def readable(cls, value: Any, is_reference: IsReference) -> bool:
        items = [value] if _number(value) is not None else value
        return (isinstance(items, (list, tuple)) and bool(items)
                and all(_number(v) is not None and v >= 1 for v in items))

    def candidates(self, state: GameState) -> Iterable[Any]:
        numbers = range(1, len(self.options) + 1)
        return (list(p) for p in itertools.islice(itertools.permutations(numbers), MAX_ORDERINGS))


@choice_kind
@dataclass(frozen=True)
class Order(Ordering):
    """603.3b: the order a player puts simultaneous triggered abilities on the stack."""

    kind = "order"
    rule = "603.3b"
    answers = "a list of every option number once, first put on the stack first (`[2, 1]`)"

    @classmethod
    def ask(cls, player: str, options: Iterable[str]) -> "Order":
        return cls(player, tuple(options),
                   f"{player}: order your triggered abilities (first listed goes on the stack first)")


@choice_kind
@dataclass(frozen=True)
class Replacement(Ordering):
    """616.1: the order replacement effects apply to one event (first listed applies first)."""

    kind = "replacement"
    rule = "616.1"
    answers = "a list of every option number once, first applied first (`[1, 2]`)"

    @classmethod
    def ask(cls, player: str, options: Iterable[str], event: str) -> "Replacement":
        return cls(player, tuple(options), f"{player}: order the replacement effects on {event}")


# --------------------------------------------------------------------------- objects among the options

def _refs(value: Any) -> list[Any] | None:
    """A list answer naming objects; a single id, name or number stands for a one-item list."""
    if isinstance(value, str) or _number(value) is not None:
        return [value]
    if isinstance(value, (list, tuple)):
        return list(value)
    return None


@dataclass(frozen=True)
class Objects(Choice):
    """Objects among the options: ids (exact; a handle is the card's object now), card names, or
    option numbers."""

    rule: ClassVar[str] = "115.1"
    most: ClassVar[int | None] = None        # how many it may name at most (None: any)
    distinct: ClassVar[bool] = False         # refuse an object named twice (the frame does not)

    def parse(self, state: GameState, value: Any) -> list[Any]:
        refs = _refs(value)
        if refs is None or (self.most is not None and len(refs) > self.most):
            raise self.refuse(value)
        out: list[Any] = []
        for r in refs:
            n = _number(r)
            if n is not None:
                out.append(self.option(n, self.rule))
            elif isinstance(r, str):
                out.append(self.resolve(state, current(state, r), out))
            else:
                raise self.refuse(value)
        if self.distinct and len(set(out)) != len(out):
            raise IllegalAction(f"an object is named twice: {_shown(value)}", self.rule)
        return out

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        """A string reference as the frame takes it (here: as written, the frame resolves it)."""
        return ref

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"answer with a list of ids, card names or option numbers 1..{len(self.options)}",
                             self.rule)

    @classmethod
    def readable(cls, value: Any, is_reference: IsReference) -> bool:
        refs = _refs(value)
        if refs is None or (cls.most is not None and len(refs) > cls.most):
            return False
        return all((_number(r) is not None and r >= 1) or (isinstance(r, str) and is_reference(r))
                   for r in refs)


def _subsets(options: list[Any], sizes: Iterable[int]) -> Iterator[list[Any]]:
    n = 0
    for k in sizes:
        for combo in itertools.combinations(options, k):
            yield list(combo)
            n += 1
            if n >= MAX_SUBSETS:
                return


@dataclass(frozen=True)
class AnyOfCards(Objects):
    """Any number of the option cards, each named by id or by card name (the first option of
    that name not named before it: cards of one name are alike); `among` says what they are."""

    among: ClassVar[str] = "the cards"

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        if ref in self.options:
            return ref
        for oid in self.options:
            if oid not in chosen and state.objects[oid].card.lower() == ref.lower():
                return oid
        raise IllegalAction(f"{ref} is not among {self.among}: {', '.join(self.options)}", self.rule)

    def candidates(self, state: GameState) -> Iterable[Any]:
        return _subsets(list(self.options), range(0, len(self.options) + 1))


@choice_kind
@dataclass(frozen=True)
class Target(Objects):
    """603.3d: a triggered ability's targets, chosen as it is put on the stack."""

    kind = "target"
    answers = "a list of ids, card names or option numbers (may be empty for \"up to\")"

    @classmethod
    def ask(cls, player: str, candidates: Iterable[str], text: str, least: int, most: int) -> "Target":
        return cls(player, tuple(candidates), f"{player}: choose targets for {text} ({least} to {most})")

    def candidates(self, state: GameState) -> Iterable[Any]:
        options = list(self.options)
        return _subsets(options, range(0, len(options) + 1))


class OneOrNone(Objects):
    """At most one object among the options, or none (`[]`): what the empty answer does is the
    kind's `none_does` ("sacrifice nothing", ...). A reference is found among the options as it is
    in its zone (`resolve_in_zone`)."""

    most = 1
    none_does: ClassVar[str] = "choose nothing"

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        found = resolve_in_zone(state, ref, list(self.options))
        if found is None:
            raise self.refuse(ref)
        return found

    def refuse(self, value: Any) -> IllegalAction:
        return IllegalAction(f"choose one of {', '.join(self.options)} (or 1..{len(self.options)}), "
                             f"or [] to {self.none_does}, not {_shown(value)}", self.rule)

    def candidates(self, state: GameState) -> Iterable[Any]:
        return [[], *([oid] for oid in self.options)]


@choice_kind
@dataclass(frozen=True)
class Sacrifice(OneOrNone):
    """701.21a: sacrifice one of the options, or nothing (`[]`) where the effect allows it."""

    kind = "sacrifice"
    rule = "701.21a"
    none_does = "sacrifice nothing"
    answers = "a list of at most one id, card name or option number; `[]` sacrifices nothing"

    @classmethod
    def unless(cls, player: str, candidates: Iterable[str], what: str, source_card: str) -> "Sacrifice":
        return cls(player, tuple(candidates), f"{player}: sacrifice a {what} (its id), or choose nothing ([]) "
                                              f"to sacrifice {source_card}")


@choice_kind
@dataclass(frozen=True)
class Reveal(OneOrNone):
    """614.12: "As this land enters, you may reveal an Island or Swamp card from your hand. If you
    don't, this land enters tapped.": the card revealed (the options: the cards of the hand that
    fit), or `[]` to reveal none (it enters tapped, 614.1c)."""

    kind = "reveal"
    rule = "614.12"
    none_does = "reveal nothing"
    answers = "a list of at most one id, card name or option number; `[]` reveals nothing (it enters tapped)"

    @classmethod
    def ask(cls, player: str, candidates: Iterable[str], what: str, card: str) -> "Reveal":
        return cls(player, tuple(candidates), f"{player}: reveal {what} from your hand for {card} to enter "
                                              f"untapped (its id), or choose nothing ([]): it enters tapped")

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        if ref in self.options:
            return ref
        for oid in self.options:       # cards of one name in a hand are alike: the first of them
            if state.objects[oid].card.lower() == ref.lower():
                return oid
        raise self.refuse(ref)


@choice_kind
@dataclass(frozen=True)
class TapUnless(OneOrNone):
    """608.2c: "sacrifice it unless you tap an untapped artifact or land you control" (Public
    Thoroughfare, Command Bridge): the permanent tapped, or `[]` to tap none (and sacrifice)."""

    kind = "tap_unless"
    rule = "608.2c"
    none_does = "tap nothing"
    answers = "a list of at most one id, card name or option number; `[]` taps nothing (the source is sacrificed)"

    @classmethod
    def ask(cls, player: str, candidates: Iterable[str], what: str, source_card: str) -> "TapUnless":
        return cls(player, tuple(candidates), f"{player}: tap {what} (its id), or choose nothing ([]) to sacrifice "
                                              f"{source_card}")


@choice_kind
@dataclass(frozen=True)
class ReturnUnless(OneOrNone):
    """608.2c: "sacrifice it unless you return an untapped Island you control to its owner's
    hand" (the bounce lands): the permanent returned, or `[]` to return none (and sacrifice)."""

    kind = "return_unless"
    rule = "608.2c"
    none_does = "return nothing"
    answers = "a list of at most one id, card name or option number; `[]` returns nothing (the source is sacrificed)"

    @classmethod
    def ask(cls, player: str, candidates: Iterable[str], what: str, source_card: str) -> "ReturnUnless":
        return cls(player, tuple(candidates), f"{player}: return {what} to its owner's hand (its id), or choose "
                                              f"nothing ([]) to sacrifice {source_card}")


@choice_kind
@dataclass(frozen=True)
class Search(AnyOfCards):
    """701.23a: the cards found by searching a library, among the cards of it that fit (the
    options); `[]` finds nothing, allowed for cards with a stated quality (701.23b). A card
    name stands for the first option of that name not named before it (cards of one name in a
    library are alike)."""

    kind = "search"
    among = "the cards that fit"
    rule = "701.23a"
    distinct = True
    answers = "a list of ids, card names or option numbers of the cards found; `[]` finds nothing"

    @classmethod
    def ask(cls, player: str, candidates: Iterable[str], what: str, most: int, may_fail: bool) -> "Search":
        fail = "; [] finds nothing" if may_fail else ""
        return cls(player, tuple(candidates), f"{player}: search your library for {what} (at most {most}{fail})")



@choice_kind
@dataclass(frozen=True)
class Discard(Objects):
    """514.1: the cards discarded down to the maximum hand size in the cleanup step."""

    kind = "discard"
    rule = "514.1"
    answers = "a list of ids, card names (unique in the hand) or option numbers"
    distinct = True
    hand_size: ClassVar[int] = 7   # 402.2: the maximum hand size

    @classmethod
    def ask(cls, player: str, hand: Iterable[str], excess: int) -> "Discard":
        return cls(player, tuple(hand), f"{player}: discard {excess} card(s) down to {cls.hand_size} "
                                        f"(ids or card names)")

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        found = resolve_in_zone(state, ref, [h for h in self.options if h not in chosen])
        if found is None:
            raise IllegalAction(f"{ref} is not a card in {self.player}'s hand", self.rule)
        return found

    def candidates(self, state: GameState) -> Iterable[Any]:
        hand = list(self.options)
        return _subsets(hand, [max(0, len(hand) - self.hand_size)])


# --------------------------------------------------------------------------- cards looked at (701.22, 701.25)

@dataclass(frozen=True)
class LookedAt(AnyOfCards):
    """Cards among those a player looks at from their library (the options): ids, card names
    (the first option of that name not named before it: cards of one name are alike) or option
    numbers; `[]` names none. How many may or must be named is the effect's (its frame checks)."""

    distinct = True
    among = "the cards looked at"
    doing: ClassVar[str] = ""            # what the named cards do, for the prompt

    @classmethod
    def ask(cls, player: str, looked_at: Iterable[str], cards: Iterable[str], what: str = "") -> "LookedAt":
        names = ", ".join(f"{i}. {c}" for i, c in enumerate(cards, 1))
        return cls(player, tuple(looked_at), f"{player}: {what or cls.doing} ({names}); [] for none")



@choice_kind
@dataclass(frozen=True)
class ScryBottom(LookedAt):
    """701.22a: scry N (N > 1): the cards looked at that go to the bottom of the library; the
    rest stay on top (each group then in the order its player chooses: `library_order`)."""

    kind = "scry_bottom"
    rule = "701.22a"
    doing = "scry: choose the cards to put on the bottom of your library, the rest stay on top"
    answers = "a list of the ids, card names or option numbers of the cards put on the bottom; `[]` keeps all on top"


@choice_kind
@dataclass(frozen=True)
class SurveilGraveyard(LookedAt):
    """701.25a: surveil N (N > 1): the cards looked at that go into the graveyard; the rest stay
    on top (in the order its player chooses: `library_order`)."""

    kind = "surveil_graveyard"
    rule = "701.25a"
    doing = "surveil: choose the cards to put into your graveyard, the rest stay on top"
    answers = "a list of the ids, card names or option numbers of the cards put into the graveyard; `[]` keeps all on top"


@choice_kind
@dataclass(frozen=True)
class LookPick(LookedAt):
    """608.2c: the cards chosen from among those looked at ("You may reveal a creature card from
    among them and put it into your hand", "Put one of those cards into your hand"): the
    options are the cards that may be chosen; how many is the effect's."""

    kind = "look_pick"
    rule = "608.2c"
    answers = "a list of the ids, card names or option numbers of the cards chosen; `[]` chooses none where allowed"


@choice_kind
@dataclass(frozen=True)
class LibraryOrder(Ordering):
    """401.4: two or more cards put on the top or the bottom of a library at once are put in the
    order their owner chooses: the option numbers, the card that ends up topmost first."""

    kind = "library_order"
    rule = "401.4"
    answers = "a list of every option number once, the card that ends up topmost first (`[2, 1]`)"

    @classmethod
    def ask(cls, player: str, ids: Iterable[str], cards: Iterable[str], where: str) -> "LibraryOrder":
        names = ", ".join(f"{i}. {c}" for i, c in enumerate(cards, 1))
        return cls(player, tuple(ids), f"{player}: order the cards put on {where} of your library, the "
                                       f"topmost first ({names})")


@choice_kind
@dataclass(frozen=True)
class DiscardCards(Objects):
    """701.9a: the cards of their hand a player discards for an effect ("Discard a card.",
    "Target player discards two cards."): exactly as many as it says, or the whole hand if it
    holds fewer (then nothing is asked)."""

    kind = "discard_cards"
    rule = "701.9a"
    distinct = True
    answers = "a list of ids, card names or option numbers of the cards discarded, exactly as many as the text says"

    @classmethod
    def ask(cls, player: str, hand: Iterable[str], cards: Iterable[str], n: int) -> "DiscardCards":
        names = ", ".join(f"{i}. {c}" for i, c in enumerate(cards, 1))
        return cls(player, tuple(hand), f"{player}: discard {n} card(s) ({names})")

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        found = resolve_in_zone(state, ref, [h for h in self.options if h not in chosen])
        if found is None:
            raise IllegalAction(f"{ref} is not a card in {self.player}'s hand", self.rule)
        return found

    def candidates(self, state: GameState) -> Iterable[Any]:
        return _subsets(list(self.options), range(1, len(self.options) + 1))


@choice_kind
@dataclass(frozen=True)
class ChoosePermanents(Objects):
    """The permanents a player chooses for an effect as it resolves (608.2c, 701.21a): "sacrifice
    two lands" (Lotus Field), "return two lands you control to their owner's hand" (Khalni Gem),
    "Target opponent sacrifices a creature of their choice" (Blighted Fen): exactly as many as it
    says, among those that fit (with as many or fewer, they are all taken without asking)."""

    kind = "choose_permanents"
    rule = "608.2c"
    distinct = True
    answers = "a list of exactly as many ids, card names or option numbers of the permanents as the text says"

    @classmethod
    def ask(cls, player: str, ids: Iterable[str], cards: Iterable[str], n: int, verb: str) -> "ChoosePermanents":
        names = ", ".join(f"{i}. {c}" for i, c in enumerate(cards, 1))
        return cls(player, tuple(ids), f"{player}: choose {n} to {verb} ({names})")

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        found = resolve_in_zone(state, ref, [o for o in self.options if o not in chosen])
        if found is None:
            raise IllegalAction(f"{ref} is not one of {', '.join(self.options)}", self.rule)
        return found

    def candidates(self, state: GameState) -> Iterable[Any]:
        return _subsets(list(self.options), range(1, len(self.options) + 1))


__all__ = ["LookedAt", "ScryBottom", "SurveilGraveyard", "LookPick", "LibraryOrder", "DiscardCards",
           "Choice", "CHOICES", "choice_kind", "pending_choice", "readable_by_some_kind", "PickOne", "Words",
           "Letters", "Ordering", "Objects", "Explore", "PayLife", "ManaType", "Color", "CreatureType",
           "Legend", "Order", "Replacement", "Target", "Sacrifice", "Search", "ReturnUnless", "Reveal", "PayUnless", "LandType",
           "Discard", "MANA_LETTERS", "MAX_ORDERINGS", "MAX_SUBSETS"]


@choice_kind
@dataclass(frozen=True)
class StayTapped(Objects):
    """502.3: in their untap step the active player determines which permanents they control
    untap: the options are the tapped ones with "You may choose not to untap this land during
    your untap step." (the storage lands); the answer names those that stay tapped."""

    kind = "stay_tapped"
    rule = "502.3"
    distinct = True
    answers = "a list of the permanents that stay tapped (ids, card names or option numbers); `[]` untaps them all"

    @classmethod
    def ask(cls, player: str, candidates: Iterable[str]) -> "StayTapped":
        return cls(player, tuple(candidates), f"{player}: choose the permanents that stay tapped in your untap step "
                                              f"(their ids), or none ([]): the others untap")

    def resolve(self, state: GameState, ref: str, chosen: list[Any]) -> Any:
        found = resolve_in_zone(state, ref, [o for o in self.options if o not in chosen])
        if found is None:
            raise IllegalAction(f"{ref} is not among {', '.join(self.options)}", self.rule)
        return found

    def candidates(self, state: GameState) -> Iterable[Any]:
        return _subsets(list(self.options), range(0, len(self.options) + 1))
