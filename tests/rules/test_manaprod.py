"""Producing mana, tapping and untapping (issue 22, pool-manaprod): real cards played against
their rules.

- "You may choose not to untap this land during your untap step." (the storage lands, 502.3: the
  `stay_tapped` choice), "At the beginning of your upkeep, if this land is tapped, put a storage
  counter on it." (603.4), "{T}, Remove any number of storage counters ...: Add {B} for each ...";
- "Whenever an opponent taps a land for mana, that land doesn't untap during its controller's
  next untap step." (Vorinclex, 502.3; not a mana ability, 605.1b);
- "Whenever an opponent taps a land for mana, tap all lands that player controls." (War's Toll, 701.26a);
- "Whenever enchanted land becomes tapped, its controller loses 2 life." (Contaminated Ground, 119.3);
- "Whenever a player taps a basic land for mana, that player adds ..." (Lavaleaper, 605.1b, 205.4c);
- "If you tap a basic land for mana, it produces three times as much ..." (Virtue of Strength, 106.12b);
- "Add two mana in any combination of {U}, {B}, and/or {R}." (Relic of Sauron, 106.1), "Choose a
  color. Add one mana of that color for each different power among creatures you control."
  (Selvala, Eager Trailblazer) / "... for each charge counter on this artifact." (Astral Cornucopia).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell


def test_storage_land_stays_tapped_and_stores_a_counter(tmp_path: Path) -> None:
    """502.3: Alice keeps vault-a tapped, vault-b untaps; 603.4: only the tapped vault-a gets a
    counter in her upkeep (the untapped vault-b's ability does not trigger); 107.3: vault-c,
    tapped removing two of its three counters, adds {B}{B}."""
    p = play("manaprod_storage_vault_stays_tapped", tmp_path)
    assert p.error is None
    assert p.perm("vault-a")["tapped"] is True and p.perm("vault-a")["counters"] == {"storage": 2}
    assert p.perm("vault-b")["tapped"] is False and p.perm("vault-b")["counters"] == {}
    assert p.perm("vault-c")["counters"] == {"storage": 1}
    assert p.pool("Alice") == {"B": 2}
    declined = p.events("UntapDeclined")
    assert [(e.event.object_id, e.rule) for e in declined] == [("vault-a", "502.3")]
    assert [e.event.source for e in p.events("AbilityTriggered")] == ["vault-a"]
    choice = p.events("ChoiceRequested")[0].event
    assert choice.kind == "stay_tapped" and list(choice.options) == ["vault-a", "vault-b"]


def test_vorinclex_keeps_the_opponents_land_tapped(tmp_path: Path) -> None:
    """502.3: forest-b, tapped by Bob for mana, does not untap in his next untap step; his other
    land does. The ability used the stack (605.1b: it adds no mana)."""
    p = play("manaprod_vorinclex_land_stays_tapped", tmp_path)
    assert p.error is None
    assert p.perm("forest-b")["tapped"] is True and p.perm("mountain-b")["tapped"] is False
    assert [e.event.object_id for e in p.events("UntapSkipped")] == ["forest-b"]
    assert [e.event.player for e in p.events("UntapSkipScheduled")] == ["Bob"]


def test_wars_toll_taps_all_lands_of_that_player(tmp_path: Path) -> None:
    """701.26a: Bob's three lands end tapped, Alice's Mountain untapped; Bob keeps his {G}."""
    p = play("manaprod_wars_toll", tmp_path)
    assert p.error is None
    assert all(p.perm(i)["tapped"] for i in ("forest-b", "island-b", "swamp-b"))
    assert p.perm("mountain-a")["tapped"] is False
    assert p.pool("Bob") == {"G": 1}
    assert sorted(e.event.object_id for e in p.events("PermanentTapped")) == ["forest-b", "island-b", "swamp-b"]


def test_contaminated_ground_costs_the_lands_controller_life(tmp_path: Path) -> None:
    """603.2, 119.3: the enchanted land (a Swamp, 305.7) tapped for {B}: Bob loses 2 life; his
    Island tapped too triggers nothing."""
    p = play("manaprod_contaminated_ground", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 18 and p.player("Alice")["life"] == 20
    assert p.pool("Bob") == {"U": 1, "B": 1}
    assert len(p.triggers()) == 1


def test_lavaleaper_adds_mana_for_a_basic_land_only(tmp_path: Path) -> None:
    """605.1b, 605.4a: Bob's basic Forest makes {G}{G}; Alice's nonbasic Cinder Marsh one {R}."""
    p = play("manaprod_lavaleaper", tmp_path)
    assert p.error is None
    assert p.pool("Bob") == {"G": 2} and p.pool("Alice") == {"R": 1}
    assert [e.event.player for e in p.events("ManaAdded")] == ["Alice", "Bob", "Bob"]


def test_virtue_of_strength_triples_only_your_basic_lands(tmp_path: Path) -> None:
    """106.12b: Alice's Forest {G}{G}{G}, her nonbasic Cinder Marsh {B}; Bob's Island {U}."""
    p = play("manaprod_virtue_of_strength", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3, "B": 1} and p.pool("Bob") == {"U": 1}
    assert [e.event.after for e in p.events("ReplacementApplied")] == [{"G": 3}]


def test_relic_selvala_and_cornucopia(tmp_path: Path) -> None:
    """106.1: {U}{B} from the Relic; three different powers (4, 1, 2): {R}{R}{R}; two charge
    counters: {W}{W} (605.3a: counted as the ability resolves)."""
    p = play("manaprod_relic_selvala_cornucopia", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 2, "U": 1, "B": 1, "R": 3}


def test_relic_of_sauron_offers_every_combination() -> None:
    """106.1: the six groups of two of {U}, {B}, {R}."""
    ability = parse_oracle("Relic of Sauron", "{T}: Add two mana in any combination of {U}, {B}, and/or {R}.")[0]
    assert isinstance(ability, m.ActivatedAbility)
    mana = ability.effects[0].mana
    assert isinstance(mana, m.AddOneOfCombos)
    assert sorted(mana.options) == sorted(["UU", "UB", "UR", "BB", "BR", "RR"])


@pytest.mark.parametrize("text", [
    "When this land enters, those creatures don't untap during their controller's next untap step.",
    "When this land enters, that land doesn't untap during its controller's next untap step.",
    "When this land enters, tap all lands that player controls.",
    "When this land enters, its controller loses 2 life.",
])
def test_words_that_name_nothing_are_refused(text: str) -> None:
    """"those", "that land", "that player", "its controller" need what they refer to."""
    with pytest.raises(CardDataError):
        parse_oracle("Test Land", text)


def test_adverse_conditions_those_creatures_are_its_targets() -> None:
    """608.2b: "Those creatures" are the spell's targets ("up to two target creatures")."""
    effects, targets = parse_spell("Adverse Conditions", "Tap up to two target creatures. Those creatures don't "
                                                         "untap during their controller's next untap step.")
    assert effects == (m.TapTarget(untap=False), m.SkipsNextUntap("target"))
    assert targets is not None and (targets.min, targets.max) == (0, 2)


def test_a_flavor_word_has_no_rules_meaning() -> None:
    """207.2d: "Smear Campaign — {1}, {T}: ..." is the ability without its flavor word."""
    ability = parse_oracle("Daily Bugle Building", "Smear Campaign — {1}, {T}: Target legendary creature gains "
                                                   "menace until end of turn. Activate only as a sorcery.")[0]
    assert isinstance(ability, m.ActivatedAbility) and ability.sorcery_speed


def test_vorinclex_skip_ends_in_the_next_untap_step_even_on_an_untapped_land(tmp_path: Path) -> None:
    """502.3 (Frost Titan's ruling): forest-b, untapped by Ley Druid before Bob's next untap step,
    is untapped when that step comes: the effect ends there unused and does not keep forest-b
    tapped through a later untap step (tapped again by Rishadan Port, it untaps in turn 5)."""
    p = play("manaprod_vorinclex_skip_ends_untapped", tmp_path)
    assert p.error is None
    skipped = p.events("UntapSkipped")
    assert [(e.event.object_id, e.event.player, e.event.was_untapped, e.rule) for e in skipped] == \
        [("forest-b", "Bob", True, "502.3")]
    assert p.perm("forest-b")["tapped"] is False
    untapped = [e for e in p.events("PermanentUntapped") if e.event.object_id == "forest-b"]
    assert len(untapped) == 2          # Ley Druid's, then Bob's untap step of turn 5
    assert [e.event.player for e in p.events("UntapSkipScheduled")] == ["Bob"]
