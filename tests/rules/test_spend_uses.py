"""Mana restricted to several uses (106.6): "Spend this mana only to cast <spells> or activate
abilities of <sources>." -- the spell as it is cast (its types, subtypes, colors: 105.2c
multicolored / colorless, 702.114a devoid), the ability's source as it is when the ability is
activated (602.2, 613), and a restriction the rules cannot read refused at load naming it."""
from __future__ import annotations

import json

import pytest

from scenario import play
from simulator.base.errors import SimulatorError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.rules.payment import SPEND_CHECKS, Purpose

MACHINIST = "Spend this mana only to activate abilities of artifacts."
TEMPLE = "Spend this mana only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi."


def _restriction(name: str) -> m.ManaRestriction:
    pool = CardPool().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    found = [e.restriction for a in card.abilities if isinstance(a, m.ActivatedAbility)
             for e in a.effects if isinstance(e, m.AddMana) and e.restriction is not None]
    assert len(found) == 1
    return found[0]


def _may(r: m.ManaRestriction, purpose: Purpose) -> bool:
    return SPEND_CHECKS[type(r)](r, purpose)


def test_machinist_pays_an_artifact_ability_and_a_land_that_became_an_artifact(tmp_path):
    """106.6, 602.2: Soldevi Machinist's {C}{C} pays Mind Stone's {1}; Test Land Engine's first {1}
    is paid by the Forest (a land's ability: the Machinist's other {C} stays); once the land is an
    artifact creature (613.1d), the Machinist's {C} pays its ability's {1}."""
    p = play("mana_spend_uses_machinist", tmp_path)
    assert p.error is None
    spent = p.events("ManaSpent")
    assert [e.event.mana for e in spent] == [{"C": 1}, {"G": 1}, {"C": 1}]
    assert [[u["source"] for u in (e.event.units or ())] for e in spent] == [["machinist"], [], ["machinist"]]
    assert json.loads(json.dumps(spent[0].event.units[0]["restriction"])) == {"kind": "for", "text": MACHINIST, "spells": [],
                                                      "sources": [{"types": ["Artifact"]}]}
    assert p.pool("Alice") == {} and p.player("Alice")["graveyard"] == ["Mind Stone"]
    assert p.player("Alice")["hand"] == ["Forest"]          # Mind Stone's card drawn


def test_machinist_mana_refused_for_an_ability_of_a_land(tmp_path):
    """106.6: an ability of a land that is not an artifact: the Machinist's mana can't pay it;
    the activation is illegal (exit 3), nothing written, the mana stays."""
    p = play("mana_spend_uses_machinist_land", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert MACHINIST in str(p.error) and "activating an ability of Test Land Engine" in str(p.error)
    assert p.pool("Alice") == {"C": 2} and not p.events("AbilityActivated")[1:]


def test_temple_pays_colorless_eldrazi_spells_devoid_too_and_their_abilities(tmp_path):
    """106.6: Eldrazi Temple's {C}{C} pays a colorless Eldrazi ({2}), the {1} of a devoid Eldrazi
    with {U} in its cost (colorless, 702.114a), and an ability of a colorless Eldrazi."""
    p = play("mana_spend_uses_temple", tmp_path)
    assert p.error is None
    assert [e.event.card for e in p.events("SpellCast")] == ["Test Colorless Eldrazi", "Test Devoid Eldrazi"]
    spent = p.events("ManaSpent")
    assert [e.event.mana for e in spent] == [{"C": 2}, {"C": 1, "U": 1}, {"C": 2}]
    assert [sum(u["amount"] for u in e.event.units) for e in spent] == [2, 1, 2]
    assert (p.perm("pump")["power"], p.perm("pump")["toughness"]) == (2, 2)
    assert p.pool("Alice") == {"C": 1}                      # one of the three left: 6 made, 5 spent


def test_temple_mana_refused_for_a_blue_eldrazi(tmp_path):
    """106.6, 105.2: an Eldrazi that is blue is not a colorless Eldrazi: the {1} of its cost can
    only be paid with the Temple's mana, which may not: illegal (exit 3), nothing cast."""
    p = play("mana_spend_uses_temple_colored", tmp_path)
    assert p.error is not None and p.error.rule == "106.6" and TEMPLE in str(p.error)
    assert not p.events("SpellCast") and p.pool("Alice") == {"C": 2, "U": 1}


def test_pillar_pays_a_multicolored_spell_only(tmp_path):
    """106.6, 105.2c: Pillar of the Paruns' mana pays Test Gold Bear ({G}{W}: two colors), not
    Llanowar Elves (one color)."""
    p = play("mana_spend_uses_pillar", tmp_path)
    assert [e.event.card for e in p.events("SpellCast")] == ["Test Gold Bear"]
    assert p.error is not None and p.error.rule == "106.6"
    assert "Spend this mana only to cast a multicolored spell." in str(p.error) and "Llanowar Elves" in str(p.error)
    assert p.pool("Alice") == {"G": 1}


def test_base_camp_names_four_creature_types_for_spells_and_abilities():
    """106.6: Base Camp: "a Cleric, Rogue, Warrior, or Wizard spell or ... an ability of a Cleric,
    Rogue, Warrior, or Wizard": any one of the four (205.3m); not a Human alone; an ability of a
    Rogue permanent, not of a Human; never an effect's "unless you pay"."""
    r = _restriction("Base Camp")
    assert isinstance(r, m.SpendOnlyFor)
    assert [k.subtypes for k in r.spells] == [("Cleric",), ("Rogue",), ("Warrior",), ("Wizard",)]
    assert [k.subtypes for k in r.sources] == [("Cleric",), ("Rogue",), ("Warrior",), ("Wizard",)]
    assert _may(r, Purpose("cast", ("Creature",), ("Human", "Wizard"), "x"))
    assert not _may(r, Purpose("cast", ("Creature",), ("Human",), "x"))
    assert _may(r, Purpose("activate", ("Creature",), ("Elf", "Rogue"), "x", on_battlefield=True))
    assert not _may(r, Purpose("activate", ("Creature",), ("Human",), "x", on_battlefield=True))
    assert not _may(r, Purpose("effect", name="x"))


def test_an_artifact_spell_or_any_ability():
    """106.6: Guidelight Optimizer: "to cast an artifact spell or activate an ability": any ability
    (of a land too), an artifact spell, not a creature spell that is not an artifact."""
    r = _restriction("Guidelight Optimizer")
    assert isinstance(r, m.SpendOnlyFor) and r.sources == (m.SourceKind(),)
    assert _may(r, Purpose("activate", ("Land",), (), "x", on_battlefield=True))
    assert _may(r, Purpose("cast", ("Artifact", "Creature"), (), "x"))
    assert not _may(r, Purpose("cast", ("Creature",), (), "x"))


def test_old_readings_stay_the_kind_they_were():
    """The restrictions read before (a creature spell, an instant or sorcery spell, noncreature
    spells) stay `SpendOnlyToCast` with the same fields: the mana's JSON in stored games, and
    their digests, do not change."""
    for text, expected in [
        ("Spend this mana only to cast a creature spell.", m.SpendOnlyToCast("", ("Creature",))),
        ("Spend this mana only to cast an instant or sorcery spell.", m.SpendOnlyToCast("", ("Instant", "Sorcery"))),
        ("Spend this mana only to cast a Dragon creature spell.", m.SpendOnlyToCast("", ("Creature",), ("Dragon",))),
        ("Spend this mana only to cast noncreature spells.", m.SpendOnlyToCast("", non=("Creature",))),
        ("Spend this mana only to cast a legendary spell.", m.SpendOnlyToCast("", supertypes=("Legendary",))),
    ]:
        (ability,) = parse_oracle("Test", "{T}: Add {C}. " + text)
        assert isinstance(ability, m.ActivatedAbility)
        (add,) = ability.effects
        assert isinstance(add, m.AddMana) and add.restriction == m.SpendOnlyToCast(text, expected.types,
                                                                                   expected.subtypes, expected.non,
                                                                                   supertypes=expected.supertypes)


@pytest.mark.parametrize("text, phrase", [
    ("Spend this mana only to cast an Elemental spell or a Jace planeswalker spell.", "'Jace'"),
    ("Spend this mana only to cast spells with flashback from a graveyard.", "spells with flashback"),
    ("Spend this mana only to activate power-up abilities.", "power-up"),
])
def test_a_use_the_rules_do_not_know_is_refused_at_load(text, phrase):
    """A restriction not read exactly is refused, naming the phrase (never a wrong reading)."""
    with pytest.raises(SimulatorError) as err:
        parse_oracle("Test", "{T}: Add {C}. " + text)
    assert phrase in str(err.value)
