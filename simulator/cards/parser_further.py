"""The grammar's transformers of further phrases (the `further_*` rules at the end of
grammar.lark and the rules they use), grouped by rule below: conditions, inert keywords, mana of
chosen colors, entering and leaving triggers, "enters with an additional counter" (614.1c),
permanents chosen as it resolves (701.21a), tokens, modified (700.9), "look at the top cards". A
mixin of `parser._Build`, in a module of its own so that `parser.py` stays readable. Each
method is named after its grammar alias; the parser's helpers are read from
`simulator.cards.parser` as the methods run (that module imports this one)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, Transformer, v_args

from simulator.cards.model import AddChosenColor, AddMana, Keyword, Selector, StaticAbilityLine
from simulator.cards.model_colors_among import AddColorAmong
from simulator.cards.model_statics import SelfHasCounters

_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _p() -> Any:
    """The parser module (its `_Part`, `_Problem` and helpers), imported as the methods run."""
    from simulator.cards import parser
    return parser


def _color(tok: Token | str) -> str:
    return _COLOR_LETTERS[str(tok).lower()]


@v_args(inline=True)
class FurtherTransforms(Transformer[Any, Any]):
    """Transformers of `parser._Build` for the phrases this module's docstring lists."""

    # ---- conditions
    def self_has_counters_at_least(self, _self: str, n: int, counter: Token, _word_: Token) -> Any:
        """"Activate only if this artifact has two or more oil counters on it." (Tablet of
        Compleation; 602.5b, 122.1): at least that many counters of the kind on the source."""
        return SelfHasCounters(_p()._counter(counter, 2), n)

    def color_list(self, *colors: Token) -> tuple[str, ...]:
        letters = tuple(_color(c) for c in colors)
        if len(set(letters)) != len(letters):
            raise _p()._Problem("a color is repeated")
        return letters

    def a_colored_permanent(self, _article: Token, colors: tuple[str, ...], kind: Token) -> Selector:
        """"a white, blue, or black permanent" (Taiga Stadium): one of those colors (105.2), one
        you control."""
        return replace(_p()._permanent_you_control(kind), colors=colors)

    # ---- statics
    def partner_variant(self, _tok: Token) -> StaticAbilityLine:
        """"Partner—Friends forever" (702.124): a partner variant, a rule of deck construction (two
        commanders); present and inert in a game, as partner is."""
        return StaticAbilityLine(Keyword("Partner—Friends forever"), "")

    def toxic_inert(self, n: int) -> StaticAbilityLine:
        """"Toxic 1" (702.164a): combat damage to a player also gives poison counters. There is no
        combat here, so it is present and inert, as the combat keywords are."""
        if n < 1:
            raise _p()._Problem("toxic needs a number of at least 1")
        return StaticAbilityLine(Keyword(f"Toxic {n}"), "")

    # ---- mana
    def mana_n_chosen_color(self, n: int) -> AddChosenColor:
        """"Add two mana of the chosen color." (Sunken Citadel; 106.1, 614.12)."""
        if not 1 <= n <= 10:
            raise _p()._Problem(f"'{n} mana of the chosen color' is not an amount of mana these rules read")
        return AddChosenColor(n)

    def mana_color_among_all(self) -> AddColorAmong:
        """"Add one mana of any color that shares a color with a permanent a player controls."
        (Reflective Gate; 105.2, 106.1): a color some permanent on the battlefield has."""
        return AddColorAmong(Selector())

    def colors_of_your_permanents(self) -> Selector:
        return Selector(controller="you")

    def colors_of_your_graveyard(self) -> Selector:
        return Selector(zone="graveyard", controller="you")

    def choose_color_of(self, source: Selector) -> list[Any]:
        """"Choose a color of a permanent you control. Add one mana of that color." (Meteor Crater;
        "... of a card in your graveyard", Corrupted Grafstone): one mana of one of the colors
        among those objects as the ability resolves (605.3a, 106.1); none: no mana (106.5)."""
        return [_p()._Part(AddMana(AddColorAmong(source)))]

    # ---- triggers
    def step_second_main(self) -> str:
        """"your second main phase" / "postcombat main phase" (505.1a): the main phase after combat."""
        return "main2"

    # ---- groups
    def group_supertype(self, other: Token | None, supertype: Token, plural: Token) -> Selector:
        """"Other legendary creatures you control" (Esika; 205.4, 109.2: `other`, not the source)."""
        sel = _p()._permanent_you_control(str(plural).lower()[:-1])
        return replace(sel, supertypes=(str(supertype).capitalize(),), other=other is not None)

    def group_have_keyword_and_ability(self, affected: Selector, keyword: Token, ability: Any) -> Any:
        """"Other legendary creatures you control have vigilance and "{T}: Add one mana of any
        color."" (Esika, God of the Tree): the keyword and the quoted ability, both in layer 6
        (613.1f), one static ability each from the one line."""
        keywords = self.group_have_keywords(affected, keyword)   # type: ignore[attr-defined]
        granted = self.group_has(affected, ability)              # type: ignore[attr-defined]
        printed = self.ctx.line.printed                          # type: ignore[attr-defined]
        return _p()._Several(((keywords, printed), (granted, printed)))

    # ---- triggers on objects
    def died_another_nontoken(self, yours: Token | None) -> Selector:
        """"Whenever another nontoken creature you control dies" (Sifter of Skulls; 111.1, 109.2)."""
        return Selector(types=("Creature",), controller="you" if yours is not None else "any", other=True,
                        nontoken=True)

    def enters_yours(self) -> None:
        return None

    def whenever_nontoken_enters(self, kind: Token, _yours: None) -> Any:
        """"Whenever a nontoken creature enters the battlefield under your control" (The Alright
        Henge; 603.6a, 111.1): a nontoken permanent of the kind entering under its controller's."""
        from simulator.cards.model_trigger_events import NontokenEnters
        return NontokenEnters(replace(_p()._permanent_you_control(kind), nontoken=True))

    def put_counters_on_it(self, n: int, counter: Token, _word_: Token) -> Any:
        """"put a +1/+1 counter on it": "it" is what the trigger names (603.2; `_bind_it`)."""
        from simulator.cards.model_counters import PutCountersOnIt
        return _p()._Part(PutCountersOnIt(_p()._counter(counter, n), n), it=True)

    # ---- targets
    def destroy_target_non_color(self, non: Token, kind: Token, controller: str | None = None) -> Any:
        """"Destroy target nonblack creature." (Corpsehatch; 105.2: not black, 701.8a)."""
        from simulator.cards.model import Destroy, Targets
        sel = replace(_p()._permanent_you_control(kind), controller=controller or "any",
                      non_colors=(_color(str(non)[3:]),))
        return _p()._Part(Destroy(), targets=Targets(sel))

    def damage_target_creature_with(self, keyword: Token) -> Any:
        """"target creature with flying" (Sunset Strikemaster): a creature that has the keyword now (702)."""
        from simulator.cards.model import Targets
        return Targets(Selector(types=("Creature",), keyword=_p()._word(keyword).capitalize()))

    def pump_target_attacking_without(self, up_to: Token | None, _attacking: Token, what: Selector,
                                            _keyword: Token) -> Any:
        """"Target attacking creature without flying" (Quicksand): an attacking creature (506.4);
        there is no combat here, so there is never one and the ability has no legal target."""
        return self.pump_target_attacking(up_to, _attacking, what)   # type: ignore[attr-defined]

    def pump_target_power_at_most(self, up_to: Token | None, what: Selector, n: int,
                                        controller: str | None = None) -> Any:
        """"Target creature with power 3 or less" (Access Tunnel): its power now (208.1, 115.1)."""
        return self.pump_target(up_to, replace(what, power_at_most=n), controller)   # type: ignore[attr-defined]

    def remove_from_combat(self) -> Any:
        """"Remove target attacking or blocking creature from combat." (Labyrinth of Skophos;
        506.4): no creature attacks or blocks here (no combat), so it never has a legal target."""
        from simulator.cards.model import Targets
        from simulator.cards.model_pump import CombatRestrictionThisTurn
        return _p()._Part(CombatRestrictionThisTurn("is removed from combat"),
                          targets=Targets(Selector(types=("Creature",), attacking=True)))

    def enchantable_land_yours(self) -> Selector:
        """"Enchant land you control" (Hot Springs; 303.4a): a land its controller controls."""
        return Selector(types=("Land",), controller="you", relation="enchanted")

    # ---- "Each other ... you control enters with an additional +1/+1 counter on it." (614.1c)
    def each_enters_with(self, other: Token | None, what: tuple[Selector, ...], how: dict[str, Any]) -> Any:
        from simulator.cards.model import ReplacementAbility
        from simulator.cards.model_counters import EachEntersWithCounters
        what = tuple(replace(s, other=other is not None) for s in what)
        return ReplacementAbility(EachEntersWithCounters(what, **how), "")

    def entering_typed(self, subtype: Token | None, kind: Token) -> tuple[Selector, ...]:
        """"Warrior creature you control", "creature you control", "planeswalker you control"."""
        sel = _p()._permanent_you_control(kind)
        if subtype is not None:
            sel = replace(sel, subtypes=(_p()._known_subtype(str(subtype)),))
        return (sel,)

    def entering_non_subtype(self, non: Token, kind: Token) -> tuple[Selector, ...]:
        """"non-Human creature you control" (205.3: without that subtype)."""
        return (replace(_p()._permanent_you_control(kind), non_subtypes=(_p()._known_subtype(str(non)[4:]),)),)

    def entering_subtype(self, subtype: Token) -> tuple[Selector, ...]:
        """"Dragon you control", "Angel you control": a permanent with that subtype (205.3)."""
        return (Selector(subtypes=(_p()._known_subtype(str(subtype)),), controller="you"),)

    def entering_chosen(self, kind: Token) -> tuple[Selector, ...]:
        """"creature you control of the chosen type" (Metallic Mimic; 614.12: chosen as it entered)."""
        return (replace(_p()._permanent_you_control(kind), chosen="creature_type"),)

    def entering_either(self, kind: Token, _a: Token, first: Token, _b: Token, second: Token
                              ) -> tuple[Selector, ...]:
        """"creature you control that's a Wolf or a Werewolf" (Arlinn, Voice of the Pack)."""
        names = (_p()._known_subtype(str(first)), _p()._known_subtype(str(second)))
        if names[0] == names[1]:
            raise _p()._Problem("the same subtype twice")
        return (replace(_p()._permanent_you_control(kind), any_subtype=names),)

    def entering_subtype_and_kind(self, subtype: Token, kind: Token) -> tuple[Selector, ...]:
        """"Vehicle and creature you control" (Thunderous Velocipede): each Vehicle and each creature."""
        return (Selector(subtypes=(_p()._known_subtype(str(subtype)),), controller="you"),
                _p()._permanent_you_control(kind))

    def with_one(self, counter: Token) -> dict[str, Any]:
        return {"counter": _p()._counter(counter, 1)}

    def with_per_subtype(self, counter: Token, subtype: Token) -> dict[str, Any]:
        """"... for each Angel you already control" (Giada): the Angels on the battlefield as it
        would enter (614.1c; the one entering is not among them yet)."""
        from simulator.cards.model import CountOf
        per = CountOf(Selector(subtypes=(_p()._known_subtype(str(subtype)),), controller="you"))
        return {"counter": _p()._counter(counter, 1), "per": per}

    def with_equal_stat(self, counter: Token, _word_: Token, _self: str, stat: Token,
                              added: Token | None) -> dict[str, Any]:
        """"a number of additional +1/+1 counters on it equal to this creature's power [and as a
        Mutant in addition to its other types]" (Master Biomancer, Arwen): the source's power or
        toughness as the other would enter (614.1c)."""
        from simulator.cards.model import SourceStat
        per = SourceStat("power") if str(stat).lower() == "power" else SourceStat("toughness")
        how: dict[str, Any] = {"counter": _p()._counter(counter, 2), "per": per}
        if added is not None:
            name = str(added)
            from simulator.base.creature_types import CREATURE_TYPES
            if name not in CREATURE_TYPES:
                raise _p()._Problem(f"{name!r} is not a creature type")
            how["add_subtypes"] = (name,)
        return how

    def with_mana_value(self, counter: Token, n: int, more: int, counter2: Token, _word_: Token
                              ) -> dict[str, Any]:
        """"... an additional +1/+1 counter on it if its mana value is 4 or less. Otherwise, it
        enters with three additional +1/+1 counters on it." (Thunderous Velocipede; 202.3)."""
        if _p()._counter(counter, 1) != _p()._counter(counter2, more):
            raise _p()._Problem("two kinds of counters")
        return {"counter": _p()._counter(counter, 1), "mana_value_at_most": n, "otherwise": more}

    def pt_total_devotion(self, color: Token) -> tuple[Any, int]:
        """"Renata's power is equal to your devotion to green." (700.5; a CDA, 604.3, layer 7a)."""
        from simulator.cards.model import Devotion
        return Devotion(_color(color)), 1

    def self_is_chosen_type(self) -> StaticAbilityLine:
        """"This creature is the chosen type in addition to its other types." (Metallic Mimic;
        layer 4, 613.1d: the creature type chosen as it entered, 614.12)."""
        from simulator.cards.model_continuous import IsChosenCreatureType
        return StaticAbilityLine(IsChosenCreatureType(Selector(relation="self")), "")

    # ---- leaves the battlefield, a land played, put into a graveyard
    def when_self_leaves(self, _self: str) -> Any:
        from simulator.cards.model_trigger_events import LeavesSelf
        return LeavesSelf()

    def when_you_play_another_land(self) -> Any:
        from simulator.cards.model_trigger_events import YouPlayAnotherLand
        return YouPlayAnotherLand()

    def whenever_self_or_another_enters(self, _self: str, kind: Token) -> Any:
        """"Whenever this land or another land you control enters" (Field of the Dead; 603.6a): any
        land of its controller's entering, the source itself too."""
        from simulator.cards.model import PermanentEnters
        return PermanentEnters(_p()._permanent_you_control(kind))

    def whenever_another_put_into_graveyard(self, first: Token, second: Token) -> Any:
        """"Whenever another creature or artifact you control is put into a graveyard from the
        battlefield" (Necrosquito; 109.2, 603.6c)."""
        from simulator.cards.model_trigger_events import PutIntoGraveyardFromBattlefield
        kinds = (str(first).capitalize(), str(second).capitalize())
        if kinds[0] == kinds[1] or "Permanent" in kinds:
            raise _p()._Problem("not two kinds of permanent")
        return PutIntoGraveyardFromBattlefield(Selector(any_of=kinds, controller="you", other=True))

    def put_its_counters_of_kind(self, counter: Token, _word_: Token, target: tuple[str, Any]) -> Any:
        """"put its +1/+1 counters on target creature you control" (603.10a: as it last existed)."""
        from simulator.cards.model_counters import PutItsCountersOfKind
        return _p()._Part(PutItsCountersOfKind(_p()._counter(counter, 2)), targets=target[1])

    def lands_with_different_names(self, n: int) -> Any:
        from simulator.cards.model_conditions import LandsWithDifferentNames
        return LandsWithDifferentNames(n)

    def myriad_inert(self) -> StaticAbilityLine:
        """"Myriad" (702.116a): "Whenever this creature attacks, ..." -- there is no combat here, so
        it never triggers: present and inert, as the combat keywords are."""
        return StaticAbilityLine(Keyword("Myriad"), "")

    # ---- permanents chosen as it resolves (608.2c, 701.21a)
    def sacrifice_n(self, n: int, kind: Token) -> Any:
        """"sacrifice two lands" (Lotus Field) / "sacrifice a creature": its controller's own."""
        from simulator.cards.model_sacrifice import ChosenPermanents
        word = str(kind).lower()
        if (n == 1) == word.endswith("s"):
            raise _p()._Problem("the number and the noun do not agree")
        return _p()._Part(ChosenPermanents(_p()._permanent_you_control(word.rstrip("s")), n))

    def target_sacrifices(self, targets: Any, _article: Token, kind: Token) -> Any:
        """"Target opponent sacrifices a creature of their choice." (Blighted Fen; 701.21a)."""
        from simulator.cards.model_sacrifice import ChosenPermanents
        return _p()._Part(ChosenPermanents(_p()._permanent_you_control(kind), 1, who="target"), targets=targets)

    def return_n(self, n: int, plural: Token) -> Any:
        """"return two lands you control to their owner's hand" (Khalni Gem; 608.2c)."""
        from simulator.cards.model_sacrifice import ChosenPermanents
        if n < 2:
            raise _p()._Problem('"return one ..." in the plural is not a phrase')
        return _p()._Part(ChosenPermanents(_p()._permanent_you_control(str(plural).lower()[:-1]), n, "return"))

    # ---- mana of each color, a chosen color counted; counts as it enters
    def each_color_among(self) -> list[Any]:
        """"For each color among permanents you control, add one mana of that color." (106.1)."""
        from simulator.cards.model_mana_amounts import AddEachColorAmong
        return [_p()._Part(AddMana(AddEachColorAmong(Selector(controller="you"))))]

    def chosen_color_counted(self, amount: Any) -> list[Any]:
        """"Choose a color. Add an amount of mana of that color equal to <quantity>." (608.2d)."""
        from simulator.cards.model_mana_amounts import AddChosenColorCounted
        return [_p()._Part(AddMana(AddChosenColorCounted(amount)))]

    def q_of_chosen_type(self, plural: Token) -> Any:
        """"the number of creatures you control of the chosen type" (614.12: the creature type its
        source chose as it entered)."""
        from simulator.cards.model import CountOf
        sel = _p()._permanent_you_control(str(plural).lower()[:-1])
        return CountOf(replace(sel, chosen="creature_type"))

    def each_creature_died_yours(self) -> Any:
        from simulator.cards.model import EnterCount
        from simulator.cards.model import EnterCountMore
        return EnterCountMore(more="died_yours")

    def total_cards_in_hands(self) -> Any:
        from simulator.cards.model import EnterCount
        from simulator.cards.model import EnterCountMore
        return EnterCountMore(more="cards_in_hands")

    def enters_with_counters_unless_colors(self, _self: str, amount: Any, counter: Token, _word_: Token,
                                                 n: int) -> Any:
        """"This creature enters with two +1/+1 counters on it unless two or more colors of mana were
        spent to cast it." (Steel Exemplar; 614.1c, 601.2h)."""
        from simulator.cards.model import EntersWithCountedCounters, ReplacementAbility
        from simulator.cards.model_conditions import ColorsSpentFewerThan
        if amount == "X":
            raise _p()._Problem('"X counters ... unless" is not supported')
        return ReplacementAbility(EntersWithCountedCounters(_p()._counter(counter, amount), amount,
                                                            condition=ColorsSpentFewerThan(n)), "")

    # ---- tokens that gain a keyword, tokens if a condition holds; cost reductions; conditions
    def a_planeswalker_of_type(self, _article: Token, kind: Token) -> Selector:
        """"a Nissa planeswalker": a planeswalker you control with that planeswalker type (205.3j)."""
        return Selector(types=("Planeswalker",), subtypes=(str(kind),), controller="you")

    def a_two_creature_types(self, _article: Token, first: Token, second: Token) -> Selector:
        """"an Eldrazi Spawn": a permanent you control with both creature types (205.3m)."""
        from simulator.base.creature_types import CREATURE_TYPES
        names = (str(first), str(second))
        if names[0] == names[1] or any(n not in CREATURE_TYPES for n in names):
            raise _p()._Problem(f"{' '.join(names)!r} is not two creature types")
        return Selector(subtypes=names, controller="you")

    def per_supertype(self, supertype: Token, kind: Token) -> Any:
        """"This ability costs {1} less to activate for each legendary creature you control." (205.4)."""
        from simulator.cards.model import CountOf
        sel = _p()._permanent_you_control(kind)
        return CountOf(replace(sel, supertypes=(str(supertype).capitalize(),)))

    def create_tokens_they_gain(self, n: int, token: Any, keywords: tuple[str, ...]) -> Any:
        """"Create two 1/1 colorless Spirit creature tokens. They gain haste until end of turn."."""
        from simulator.cards.model_token_effects import CreateTokensThatGain
        if n < 2:
            raise _p()._Problem('"they" does not agree with one token')
        part = self.create_tokens(n, token)   # type: ignore[attr-defined]
        return [replace(part, effect=CreateTokensThatGain(part.effect, keywords))]

    def create_tokens_if(self, cond: Any, n: int, token: Any, has: Token, ability: Any, otherwise: int) -> Any:
        """Brood Birthing (608.2c): the tokens described once, `n` of them if the condition holds as
        it resolves, else `otherwise`."""
        from simulator.cards.model_token_effects import CreateTokensIf
        [part] = self.create_tokens_with_ability(n, token, has, ability)   # type: ignore[attr-defined]
        return [replace(part, effect=CreateTokensIf(cond, part.effect, otherwise))]

    def target_becomes_lasting_counters(self, target: tuple[str, Any], becomes: Any, n: int, counter: Token,
                                              _word_: Token) -> Any:
        """"Target land becomes a 2/2 creature that's still a land. Put a +1/+1 counter on it."
        (Spike Tiller): no duration (611.2a: until it leaves the battlefield, 400.7); then the
        counter on the same target (608.2b: if it is still legal)."""
        from simulator.cards.model import PutCounters
        if target[1].what.types != ("Land",):
            raise _p()._Problem("only a target land that is still a land becomes a creature here (205.1b)")
        if becomes.ability is not None:
            raise _p()._Problem("a target gaining a quoted ability is not supported")
        part = _p()._Part(replace(becomes, still_land=True, who="target", lasting=True), targets=target[1])
        return [part, _p()._Part(PutCounters(_p()._counter(counter, n), n, "target"))]

    @v_args(meta=True, inline=True)
    def may_remove_if_you_do(self, meta: Any, _may: Token, n: int, counter: Token, _word_: Token, _who: str,
                                   then: Any) -> Any:
        """"you may remove a +1/+1 counter from it. If you do, draw a card." (Ingenious Prodigy):
        "it" is the source the ability's condition names; the draw only if the counter was removed."""
        from simulator.cards.model_counters import RemoveCountersIfYouDo
        from simulator.cards.model_optional import MayDo
        p = _p()
        if (not isinstance(then, p._Part) or then.targets is not None or then.token is not None or then.it
                or isinstance(then.effect, (AddMana, MayDo)) or type(then.effect).__name__ == "IfThen"):
            raise p._Problem('that instruction cannot follow "If you do,"')
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)   # type: ignore[attr-defined]
        text = text.split(" ", 2)[2] if text.lower().startswith("you may ") else text
        inner = RemoveCountersIfYouDo(p._counter(counter, n), n, then.effect)
        return [p._Part(MayDo(inner, text.rstrip(".")))]

    def sac_with_keyword(self, kind: Token, keyword: Token) -> Selector:
        """"Sacrifice a creature with defender" (Towering Titan; 701.21a): one with that keyword now."""
        return replace(_p()._permanent_you_control(kind), keyword=_p()._word(keyword).capitalize())

    def total_toughness_others(self) -> Any:
        """"where X is the total toughness of other creatures you control" (Towering Titan; 614.1c:
        as it would enter, it is not among them)."""
        from simulator.cards.model import EnterCount
        from simulator.cards.model import EnterCountMore
        return EnterCountMore(Selector(types=("Creature",), controller="you"), other=True, more="toughness")

    # ---- modified (700.9)
    def modified_has(self, _self: str, ability: Any) -> StaticAbilityLine:
        """"As long as this creature is modified, it has "{T}: Add {G}{G}."" (layer 6, 611.3a)."""
        from simulator.cards.model import GrantAbilityIf
        from simulator.cards.model_conditions import SelfModified
        return StaticAbilityLine(GrantAbilityIf(Selector(relation="self"), ability, SelfModified()), "")

    def you_control_modified(self) -> Any:
        from simulator.cards.model_conditions import YouControlModifiedCreature
        return YouControlModifiedCreature()

    def enters_while(self, what: Selector, _self: str, _article: Token, counter: Token) -> Any:
        """"Whenever another creature you control enters while this creature has a -1/-1 counter on
        it" (603.2: the counter read as it enters)."""
        from simulator.cards.model_trigger_events import PermanentEntersWhile
        return PermanentEntersWhile(replace(what, controller="you", other=True), _p()._counter(counter, 1))

    def each_player_with_named_draws(self, _self: str, n: int) -> Any:
        """"Each player who controls a permanent named Bonder's Ornament draws a card." (121.1)."""
        from simulator.cards.model_library import EachPlayerWithNamedDraws
        return _p()._Part(EachPlayerWithNamedDraws(n))

    # ---- sacrificed as it enters (614.1a, 614.1c)
    def sacrifice_all_as_enters(self, _self: str, plural: Token) -> Any:
        """"As this enchantment enters, sacrifice all lands you control." (Overlaid Terrain)."""
        from simulator.cards.model import ReplacementAbility
        from simulator.cards.model_sacrifice import SacrificeAsEnters
        return ReplacementAbility(SacrificeAsEnters(_p()._permanent_you_control(str(plural).lower()[:-1])), "")

    def sacrifice_same_name_instead(self, _a: str, _b: str, _c: str) -> Any:
        """"If this land would enter, instead sacrifice each other permanent named Sheltered Valley
        you control, then put this land onto the battlefield." (614.1a; 201.2: the same name)."""
        from simulator.cards.model import ReplacementAbility
        from simulator.cards.model_sacrifice import SacrificeAsEnters
        return ReplacementAbility(SacrificeAsEnters(Selector(controller="you"), same_name=True), "")

    @v_args(meta=True, inline=True)
    def spend_only_chosen_type_or_activate(self, meta: Any) -> Any:
        """"Spend this mana only to cast a creature spell of the chosen type or activate an ability of
        a creature source of the chosen type." (Secluded Courtyard; 106.6, 614.12)."""
        from simulator.cards.model import SpendOnlyToCastChosenType
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos).rstrip(".") + "."   # type: ignore[attr-defined]
        return _p()._RestrictionPart(SpendOnlyToCastChosenType(text, None, or_activate=True))

    def per_land_could_produce(self, symbol: Token) -> Any:
        """"This spell costs {1} less to cast for each land your opponents control that could produce
        {C}." (Obsidian Charmaw; 601.2f, 106.7)."""
        from simulator.cards.model_amounts import LandsCouldProduce
        return LandsCouldProduce(str(symbol)[1], "opponent")

    def if_highest_life_wins(self, counter: Token, _word_: Token, _self: str) -> list[Any]:
        """"If there are no omen counters on this enchantment, the player with the highest life total
        wins the game. If two or more players are tied for highest life total, the game is a draw."
        (Celestial Convergence; 608.2c, 104.2b, 104.4c)."""
        from simulator.cards.model_counters import IfThen, SelfHasNoCounters
        from simulator.cards.model_life import HighestLifeWins
        return [_p()._Part(IfThen(SelfHasNoCounters(_p()._counter(counter, 2)), HighestLifeWins()))]

    # ---- look at the top cards, keep one on top (Fertile Thicket)
    def look_basic_land(self) -> Any:
        from simulator.cards.model_library import CardQuality
        return CardQuality(types=("Land",), supertypes=("Basic",))

    def look_land(self) -> Any:
        from simulator.cards.model_library import CardQuality
        return CardQuality(types=("Land",))

    @v_args(meta=True, inline=True)
    def may_look_keep_on_top(self, meta: Any, _may: Token, n: Any, quality: Any, rest: str) -> list[Any]:
        """"you may look at the top five cards of your library. If you do, reveal up to one basic land
        card from among them, then put that card on top of your library and the rest on the bottom in
        any order." (608.2d: "If you do" -- only if she looks; 401.4: the rest under it)."""
        from simulator.cards.model_library import LookAtTopCards
        from simulator.cards.model_optional import MayDo
        text = self.ctx.line.printed_span(meta.start_pos, meta.end_pos)   # type: ignore[attr-defined]
        text = text.split(" ", 2)[2] if text.lower().startswith("you may ") else text
        look = LookAtTopCards(n, 1, quality, must=False, reveal=True, rest=rest, taken_to="top")   # type: ignore[arg-type]
        return [_p()._Part(MayDo(look, text.rstrip(".")))]

    def dies_with_counter_put_on_each(self, _self: str, had: Token, n: int, counter: Token, _word_: Token,
                                            has: Token) -> Any:
        """"Whenever Slurrk or another creature you control dies, if it had a +1/+1 counter on it, put a
        +1/+1 counter on each creature you control that has a +1/+1 counter on it." (603.10a: the
        dying creature as it last existed; the others as it resolves, 608.2h)."""
        from simulator.cards.model import TriggeredAbility
        from simulator.cards.model_counters import PutCountersOnEach
        from simulator.cards.model_trigger_events import CreatureDiesWithCounter
        p = _p()
        kind = p._counter(counter, n)
        condition = CreatureDiesWithCounter(Selector(types=("Creature",), controller="you"), p._counter(had, 1))
        each = Selector(types=("Creature",), controller="you", with_counter=p._counter(has, 1))
        return TriggeredAbility(condition=condition, effects=(PutCountersOnEach(kind, n, each),), text="")

    def counters_on_each_target_they_gain(self, n: int, counter: Token, _word_: Token, most: int,
                                                plural: Token, controller: str, keywords: tuple[str, ...]) -> list[Any]:
        """"Put a +1/+1 counter on each of up to two target creatures you control. They gain vigilance
        and lifelink until end of turn." (Bretagard Stronghold; 115.1: zero to two targets)."""
        from simulator.cards.model import ModifyPT, PutCounters, Targets
        if most < 2:
            raise _p()._Problem('"each of up to" needs two or more targets')
        kind = str(plural).lower()[:-1].capitalize()
        if kind != "Creature":
            raise _p()._Problem("only creatures gain keywords here")
        targets = Targets(Selector(types=(kind,), controller=controller), 0, most)   # type: ignore[arg-type]
        return [_p()._Part(PutCounters(_p()._counter(counter, n), n, "target"), targets=targets),
                _p()._Part(ModifyPT(0, 0, "target", keywords))]

    def q_greatest_sharing_type(self) -> Any:
        """"where X is the greatest number of creatures you control that have a creature type in
        common" (White Lotus Tile; 205.3m)."""
        from simulator.cards.model_amounts import GreatestSharingCreatureType
        return GreatestSharingCreatureType()

    def flavored_activated(self, _word: Token, ability: Any) -> Any:
        """"Vivid — {T}: ..." / "Secrets of the Soul — {T}, ...": a flavor word (207.2d) has no
        rules meaning; the ability is the activated ability after it."""
        return ability
