"""Counters of other kinds (122.1) on real cards: depletion lands (502.3, 602.2h, 701.21a), a
count of counters as a condition (602.5b, 611.3a, 608.2c), counters removed by an effect and put
by a mana ability as it resolves (605.3b), +X/+Y counters of any size (122.1a, layer 7c); the
kinds with a rules meaning these rules do not apply are refused at load, naming the phrase.
Games: tests/games/counters_*.toml (real cards, from the Oracle data)."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def test_land_cap_stays_tapped_while_it_has_a_depletion_counter(tmp_path) -> None:
    """502.3: "doesn't untap during your untap step if it has a depletion counter on it" is read
    as the untap step untaps; the upkeep trigger removes the counter afterwards, and the land
    stays tapped this turn. A Land Cap without a counter untaps; tapped for mana, its mana
    ability puts a depletion counter on it as it resolves (605.3b)."""
    p = play("counters_land_cap_depletion", tmp_path)
    assert p.error is None
    assert [e.event.object_id for e in p.events("PermanentUntapped") if e.rule == "502.3"] == ["cap-b"]
    [removed] = p.events("CountersRemoved")
    assert removed.event.object_id == "cap-a" and removed.event.counters == {"depletion": 1}
    assert p.perm("cap-a")["tapped"] is True and p.perm("cap-a")["counters"] == {}
    assert p.perm("cap-b")["tapped"] is True and p.perm("cap-b")["counters"] == {"depletion": 1}
    assert p.pool("Alice") == {"U": 1}


def test_hickory_woodlot_is_sacrificed_with_its_last_counter(tmp_path) -> None:
    """602.2h: the cost removes a depletion counter; "If there are no depletion counters on this
    land, sacrifice it." is read after the mana is added (608.2c): with one counter left the
    land stays, with none it is sacrificed (701.21a) and its mana stays in the pool. It enters
    tapped with two counters (614.1c)."""
    p = play("counters_hickory_woodlot", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 4}
    assert p.perm("wood-a")["counters"] == {"depletion": 1}
    assert [b["id"] for b in p.on_battlefield("Hickory Woodlot") if b["id"] == "wood-b"] == []
    assert p.player("Alice")["graveyard"] == ["Hickory Woodlot"]
    [sacrificed] = [e for e in p.events("ZoneChanged") if e.rule == "701.21a"]
    assert sacrificed.event.object_id == "wood-b"
    played = [b for b in p.on_battlefield("Hickory Woodlot") if b["id"] not in ("wood-a",)]
    assert len(played) == 1 and played[0]["tapped"] is True and played[0]["counters"] == {"depletion": 2}


def test_pyramid_of_the_pantheon_counts_its_brick_counters(tmp_path) -> None:
    """602.5b: "Activate only if there are three or more brick counters on this artifact." With
    two it is illegal (nothing written); the first ability puts the third one on it as it
    resolves; with three, three mana of one color, the counters stay."""
    p = play("counters_pyramid_brick", tmp_path)
    assert p.error is None
    assert p.perm("pyramid")["counters"] == {"brick": 3} and p.pool("Alice") == {"R": 1}

    too_few = play("counters_pyramid_too_few_bricks", tmp_path / "few")
    assert too_few.error is not None and too_few.error.rule == "602.5b"
    assert "3 or more brick counters" in str(too_few.error)
    assert too_few.pool("Alice") == {} and too_few.perm("pyramid")["tapped"] is False

    three = play("counters_pyramid_three_bricks", tmp_path / "three")
    assert three.error is None and three.pool("Alice") == {"G": 3}
    assert three.perm("pyramid")["counters"] == {"brick": 3}


def test_roc_hatchling_has_flying_once_it_has_no_shell_counters(tmp_path) -> None:
    """611.3a: "As long as this creature has no shell counters on it, it gets +3/+2 and has
    flying." applies from the moment the upkeep trigger removes the last one (layers 6, 7c); a
    Hatchling with a counter left is still a 0/1 without flying."""
    p = play("counters_roc_hatchling", tmp_path)
    assert p.error is None
    a, b = p.perm("roc-a"), p.perm("roc-b")
    assert (a["counters"], a["power"], a["toughness"], a["keywords"]) == ({}, 3, 3, ["Flying"])
    assert (b["counters"], b["power"], b["toughness"], b["keywords"]) == ({"shell": 1}, 0, 1, [])


def test_a_counter_kind_without_rules_meaning_is_a_name(tmp_path) -> None:
    """122.1: "Remove a javelin counter from this creature" is a cost like any counter's
    (602.2h); without one it cannot be paid (118.3)."""
    p = play("counters_javelineers", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 19 and p.perm("jav")["counters"] == {}
    none = play("counters_javelineers_no_javelin", tmp_path / "none")
    assert none.error is not None and none.error.rule == "118.3"
    assert none.player("Bob")["life"] == 20


def test_remove_a_counter_from_target_and_plus_x_counters(tmp_path) -> None:
    """Chainbreaker: "Remove a -1/-1 counter from target creature." (122.1): a 3/3 with two
    -1/-1 counters (1/1) becomes a 2/2. 122.1a: a +1/+0 counter adds 1 to power only (Lightning
    Serpent, 2/1 with two: 4/1)."""
    p = play("counters_chainbreaker", tmp_path)
    assert p.error is None
    chain = p.perm("chain")
    assert (chain["counters"], chain["power"], chain["toughness"]) == ({"-1/-1": 1}, 2, 2)
    serpent = p.perm("serpent")
    assert (serpent["power"], serpent["toughness"]) == (4, 1)


def test_short_name_of_a_legendary_card_is_the_card() -> None:
    """A legendary card's text may call it by the part of its name before the comma (201):
    "Ghave enters with five +1/+1 counters on it." is Ghave's own replacement effect; the
    pronoun of a legend ("on her") reads as "on it"; an Alchemy card's "A-" is not in its text."""
    [ghave] = parse_oracle("Ghave, Guru of Spores", "Ghave enters with five +1/+1 counters on it.")
    assert ghave.effect == m.EntersWithCounters("+1/+1", 5)
    [bertha] = parse_oracle("Big Bertha", "Big Bertha enters with X +1/+1 counters on her.")
    assert bertha.effect == m.EntersWithCounters("+1/+1", "X")
    [hagra] = parse_oracle("A-Hagra Constrictor", "Hagra Constrictor enters with two +1/+1 counters on it.")
    assert hagra.effect == m.EntersWithCounters("+1/+1", 2)
    # a name without a comma has no shortened name: "Crovax" is not "Crovax the Cursed"
    with pytest.raises(CardDataError):
        parse_oracle("Crovax the Cursed", "Crovax enters with four +1/+1 counters on it.")


@pytest.mark.parametrize("line, phrase", [
    ("This creature enters with a stun counter on it.", "stun"),            # replaces untapping
    ("This creature enters with a shadow counter on it.", "shadow"),        # a keyword counter not known here (122.1b)
    ("This creature enters with a decayed counter on it.", "decayed"),
    ("{T}: Add {C}. You get an experience counter.", "experience"),         # a player's counter (poison plays: 122.1f)
])
def test_counter_kinds_with_a_rules_meaning_are_refused(line: str, phrase: str) -> None:
    """A kind of counter whose rules meaning these rules do not apply is refused at load naming
    the phrase, never played as a mere name."""
    with pytest.raises(CardDataError, match=phrase):
        parse_oracle("Test Card", line)


def test_if_then_and_sacrifice_it_in_a_spell_refer_to_no_permanent() -> None:
    """An instant or sorcery is no permanent: "sacrifice it" / a count of counters on itself is
    refused at load (the spell would have nothing to act on)."""
    from simulator.cards.parser import parse_spell
    with pytest.raises(CardDataError, match="cannot refer to itself"):
        parse_spell("Test Spell", "Draw a card. If there are no charge counters on this creature, sacrifice it.")


def test_devoted_druid_pays_a_counter_whatever_its_toughness(tmp_path) -> None:
    """602.2h: "Put a -1/-1 counter on this creature:" is a cost it can pay with toughness 1; the
    Druid then has toughness 0 and dies at the next check (704.5f), its untap ability resolving
    with nothing to untap. Two {G} were added, one per {T}."""
    p = play("counters_devoted_druid", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2}
    assert p.player("Alice")["graveyard"] == ["Devoted Druid"]
    [died] = [e for e in p.events("ZoneChanged") if e.event.object_id == "druid"]
    assert died.rule == "704.5f"
    placed = [e for e in p.events("CountersPlaced") if e.event.object_id == "druid"]
    assert [(e.rule, e.event.counter, e.event.amount) for e in placed] == [("602.2h", "-1/-1", 1)] * 2
    assert [e.event.object_id for e in p.events("PermanentUntapped")] == ["druid"]


def test_wall_of_roots_needs_no_tap_and_only_once_a_turn(tmp_path) -> None:
    """605.1a: "Put a -0/-1 counter on this creature: Add {G}." is a mana ability without {T}, so
    a Wall new this turn may activate it (302.6); the -0/-1 counter lowers only its toughness
    (122.1a); "Activate only once each turn" (602.5b) refuses a second activation."""
    p = play("counters_wall_of_roots", tmp_path)
    assert p.error is None and p.pool("Alice") == {"G": 1}
    wall = p.perm("wall")
    assert (wall["counters"], wall["power"], wall["toughness"], wall["tapped"]) == ({"-0/-1": 1}, 0, 4, False)
    twice = play("counters_wall_of_roots_twice", tmp_path / "twice")
    assert twice.error is not None and twice.error.rule == "602.5b"
    assert twice.pool("Alice") == {"G": 1} and twice.perm("wall")["counters"] == {"-0/-1": 1}


def test_dies_triggers_count_the_counters_it_died_with(tmp_path) -> None:
    """603.10a: a dies trigger looks back in time: Star Pupil's "put its counters on target
    creature you control" moves every kind it had (a +1/+1 and two oil counters), Marketback
    Walker draws one card for its one +1/+1 counter, Grief Tyrant puts seven -1/-1 counters (as
    many as it had) on Bob's Grizzly Bears, which dies (704.5f). None of them reads the card in
    the graveyard (no counters there, 122.2)."""
    p = play("counters_dies_last_known", tmp_path)
    assert p.error is None
    jav1 = p.perm("jav1")
    assert (jav1["counters"], jav1["power"], jav1["toughness"]) == ({"+1/+1": 1, "oil": 2}, 2, 2)
    assert p.player("Alice")["graveyard"] == ["Star Pupil", "Marketback Walker", "Grief Tyrant"]
    assert [e.event.card for e in p.events("CardDrawn")] == ["Island"]
    assert p.player("Bob")["graveyard"] == ["Grizzly Bears"]
    [on_bears] = [e for e in p.events("CountersPlaced") if e.event.object_id == "bears"]
    assert (on_bears.event.counter, on_bears.event.amount) == ("-1/-1", 7)


def test_heroes_bane_reads_its_power_as_the_ability_resolves(tmp_path) -> None:
    """608.2h: "Put X +1/+1 counters on this creature, where X is its power": its power as the
    ability resolves (4), so four more: eight counters, an 8/8."""
    p = play("counters_heroes_bane", tmp_path)
    assert p.error is None
    bane = p.perm("bane")
    assert (bane["counters"], bane["power"], bane["toughness"]) == ({"+1/+1": 8}, 8, 8)


def test_stratadon_costs_one_less_for_each_basic_land_type(tmp_path) -> None:
    """601.2f: "This spell costs {1} less to cast for each basic land type among lands you
    control": three types (Forest, Island, Swamp; more Forests add none), so {10} becomes {7};
    six lands cannot pay it (601.2h), and nothing is written."""
    p = play("counters_stratadon_domain", tmp_path)
    assert p.error is None
    assert [s["card"] for s in p.state["stack"]] == ["Stratadon"] and p.pool("Alice") == {}
    [spent] = p.events("ManaSpent")
    assert sum(spent.event.mana.values()) == 7
    short = play("counters_stratadon_domain_short", tmp_path / "short")
    assert short.error is not None and short.error.rule == "601.2h" and "{7}" in str(short.error)
    assert short.state["stack"] == [] and short.player("Alice")["hand"] == ["Stratadon"]


def test_exploding_barrel_costs_no_mana_with_eight_pressure_counters(tmp_path) -> None:
    """601.2f, 602.2b: "This ability costs {1} less to activate for each pressure counter on this
    artifact": {8} less with eight, so only {T} and the sacrifice are paid; the ability still
    deals its 20 damage after the Barrel is gone (608.2h) and the Bears dies (704.5g)."""
    p = play("counters_exploding_barrel", tmp_path)
    assert p.error is None
    assert p.events("ManaSpent") == []
    assert p.player("Alice")["graveyard"] == ["Exploding Barrel"]
    assert p.player("Bob")["graveyard"] == ["Grizzly Bears"]
