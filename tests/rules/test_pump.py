"""Effects on permanents of real cards (issue 22, pool-pump): "... gets +N/+N [and gains KEYWORD]
until end of turn" on a target, the source or a group (611.2c: locked in as it resolves; 613.4c
layer 7c, 613.1f layer 6; 514.2: ended in cleanup), "for each basic land type ..." (608.2h),
"Tap / Untap target ..." (701.26), "Return target ... to its owner's hand" (400.7). Recorded
games: tests/games/pump_*.toml, tap_*.toml, bounce_karakas*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_card_text


# The real cards these games play, checked by hand against their Oracle text (chosen: one card
# of each subject -- a group, a target, the source, "all"/"all other", a domain count -- plus
# the odd ones out: a Factory pumping an animated Factory, hexproof gained in response).
ORACLE_LINES = {
    "Castle Embereth": "{1}{R}{R}, {T}: Creatures you control get +1/+0 until end of turn.",
    "Flamekin Village": "{R}, {T}: Target creature gains haste until end of turn.",
    "Barkhide Troll": "{1}, Remove a +1/+1 counter from this creature: This creature gains hexproof until end of "
                      "turn. (It can't be the target of spells or abilities your opponents control.)",
    "Gaea's Might": "Domain — Target creature gets +1/+1 until end of turn for each basic land type among lands "
                    "you control.",
    "Planar Despair": "Domain — All creatures get -1/-1 until end of turn for each basic land type among lands "
                      "you control.",
    "Festercreep": "{1}{B}, Remove a +1/+1 counter from this creature: All other creatures get -1/-1 until end of turn.",
    "Mishra's Factory": "{T}: Target Assembly-Worker creature gets +1/+1 until end of turn.",
    "Rishadan Port": "{1}, {T}: Tap target land.",
    "Deserted Temple": "{1}, {T}: Untap target land.",
    "Wirewood Lodge": "{G}, {T}: Untap target Elf.",
    "Karakas": "{T}: Return target legendary creature to its owner's hand.",
}


@pytest.mark.parametrize("name", sorted(ORACLE_LINES))
def test_the_games_play_real_cards_with_this_oracle_line(name: str) -> None:
    """Each game names the real card (taken from the Oracle data); its line is as quoted."""
    from simulator.cards.oracle import package_oracle
    record = package_oracle().record(name)
    assert record is not None and ORACLE_LINES[name] in record.text.splitlines()
    parse_card_text(name, record.text, spell="Sorcery" in record.types or "Instant" in record.types)


def _pt(p, ref: str) -> tuple[int, int]:
    perm = p.perm(ref)
    return perm["power"], perm["toughness"]


def _graveyard(p, player: str) -> list[str]:
    return p.player(player)["graveyard"]


# --------------------------------------------------------------------------- +N/+N and keywords

def test_castle_embereth_pumps_the_creatures_you_control_as_it_resolves(tmp_path: Path) -> None:
    """611.2c: "Creatures you control get +1/+0 until end of turn" affects the creatures Alice
    controls as it resolves -- not Bob's Bears, and not the Elves cast afterwards; the land
    itself is no creature and gets nothing (208.3)."""
    p = play("pump_castle_embereth_group", tmp_path)
    assert p.error is None
    assert _pt(p, "bears") == (3, 2) and _pt(p, "elves") == (2, 1)
    assert _pt(p, "bob-bears") == (2, 2)
    [new_elves] = [b for b in p.on_battlefield("Llanowar Elves") if b["id"] != "elves"]
    assert (new_elves["power"], new_elves["toughness"]) == (1, 1)
    changes = p.events("PowerToughnessChanged")
    assert [(e.event.object_id, e.event.power, e.event.toughness, e.rule) for e in changes] == [
        ("bears", 1, 0, "611.2c"), ("elves", 1, 0, "611.2c")]


def test_castle_embereth_ends_in_cleanup(tmp_path: Path) -> None:
    """514.2: the +1/+0 ends in Alice's cleanup step; on Bob's turn the Bears is a 2/2."""
    p = play("pump_castle_embereth_cleanup", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    assert _pt(p, "bears") == (2, 2)
    assert len(p.events("UntilEndOfTurnEffectsEnded")) == 1


def test_flamekin_village_haste_lets_a_new_creature_tap(tmp_path: Path) -> None:
    """702.10b / 302.6: with haste (gained until end of turn, layer 6) the Elves that came under
    Alice's control this turn may activate its {T} mana ability."""
    p = play("pump_flamekin_village_haste", tmp_path)
    assert p.error is None
    assert p.perm("elves")["keywords"] == ["Haste"] and p.perm("elves")["tapped"] is True
    assert p.pool("Alice") == {"G": 1}
    [gained] = p.events("ContinuousEffectCreated")
    assert (gained.event.object_id, gained.event.keywords, gained.rule) == ("elves", ("Haste",), "611.2c")


def test_flamekin_village_haste_for_its_target_only(tmp_path: Path) -> None:
    """302.6: the Bears gained haste, the Elves did not: its {T} ability can't be activated."""
    p = play("pump_flamekin_village_other_target", tmp_path)
    assert p.error is not None and p.error.rule == "302.6"
    assert p.perm("bears")["keywords"] == ["Haste"] and p.perm("elves")["keywords"] == []


def test_barkhide_troll_hexproof_stops_an_opponents_target(tmp_path: Path) -> None:
    """702.11b: once "This creature gains hexproof until end of turn" resolved, Alice's ability
    can't target Bob's Troll (115.1); its counter was removed as the cost (a 2/2 now)."""
    p = play("pump_barkhide_troll_hexproof", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "not a legal target" in str(p.error)
    troll = p.perm("troll")
    assert troll["keywords"] == ["Hexproof"] and (troll["power"], troll["toughness"]) == (2, 2)


def test_barkhide_troll_hexproof_its_controller_may_target(tmp_path: Path) -> None:
    """702.11b: hexproof is against opponents only: Bob's own Village gives his Troll haste."""
    p = play("pump_barkhide_troll_own_target", tmp_path)
    assert p.error is None
    assert p.perm("troll")["keywords"] == ["Hexproof", "Haste"]


def test_gaeas_might_counts_basic_land_types_as_it_resolves(tmp_path: Path) -> None:
    """608.2h: "for each basic land type among lands you control" is counted as the spell
    resolves: Forest, Island, Plains: +3/+3 (one change, 611.2c)."""
    p = play("pump_gaeas_might_domain", tmp_path)
    assert p.error is None
    assert _pt(p, "bears") == (5, 5)
    [change] = p.events("PowerToughnessChanged")
    assert (change.event.power, change.event.toughness) == (3, 3)


def test_planar_despair_gives_every_creature_minus_two(tmp_path: Path) -> None:
    """"All creatures": every player's (611.2c, locked in as it resolves); two basic land types:
    -2/-2; a creature with toughness 0 or less is put into its owner's graveyard (704.5f)."""
    p = play("pump_planar_despair", tmp_path)
    assert p.error is None
    assert _pt(p, "wurm") == (4, 2)
    assert "Llanowar Elves" in _graveyard(p, "Alice") and "Grizzly Bears" in _graveyard(p, "Bob")
    deaths = [e.rule for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"
              and e.event.card in ("Llanowar Elves", "Grizzly Bears")]
    assert deaths == ["704.5f", "704.5f"]


def test_festercreep_spares_itself_and_hits_every_other_creature(tmp_path: Path) -> None:
    """109.2 "other": not the source. Its counter removed as the cost, the 0/0 Festercreep dies
    first (704.5f); the ability still resolves (113.7a): Alice's Elves (1/1) dies, Bob's Bears
    is a 1/1."""
    p = play("pump_festercreep_other", tmp_path)
    assert p.error is None
    assert _pt(p, "bears") == (1, 1)
    assert sorted(_graveyard(p, "Alice")) == ["Festercreep", "Llanowar Elves"]
    assert [e.event.object_id for e in p.events("PowerToughnessChanged")] == ["elves", "bears"]


def test_mishras_factory_layer_7b_before_7c_whatever_the_timestamps(tmp_path: Path) -> None:
    """613.4: base power/toughness set (7b, "becomes a 2/2") applies before +1/+1 (7c), so the
    Factory animated again after the pump, with a later timestamp (613.7a), is still a 3/3."""
    p = play("pump_factory_pump_then_animate", tmp_path)
    assert p.error is None
    factory = p.perm("factory")
    assert (factory["power"], factory["toughness"], factory["subtypes"]) == (3, 3, ["Assembly-Worker"])
    kinds = [e.type for e in p.log.values() if e.type in ("ContinuousEffectCreated", "PowerToughnessChanged")]
    assert kinds == ["ContinuousEffectCreated", "PowerToughnessChanged", "ContinuousEffectCreated"]


def test_mishras_factory_targets_only_a_creature(tmp_path: Path) -> None:
    """115.1: "Target Assembly-Worker creature": an unanimated Factory is a land only."""
    p = play("pump_factory_not_a_creature", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "Assembly-Worker creature" in str(p.error)


# --------------------------------------------------------------------------- tap and untap (701.26)

def test_rishadan_port_taps_an_opponents_land(tmp_path: Path) -> None:
    """701.26a: Bob's Forest becomes tapped; he can't then pay {T} with it (602.2, 107.5)."""
    p = play("tap_rishadan_port", tmp_path)
    assert p.error is not None
    assert p.perm("forest")["tapped"] is True and p.pool("Bob") == {}
    [tapped] = [e for e in p.events("PermanentTapped") if e.event.object_id == "forest"]
    assert tapped.rule == "701.26a"


def test_deserted_temple_untaps_a_land_that_taps_again(tmp_path: Path) -> None:
    """701.26b: the Forest untaps and is tapped for mana a second time."""
    p = play("tap_deserted_temple", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1}
    assert p.perm("forest")["tapped"] is True and p.perm("temple")["tapped"] is True
    [untapped] = p.events("PermanentUntapped")
    assert (untapped.event.object_id, untapped.rule) == ("forest", "701.26b")


def test_wirewood_lodge_untaps_an_elf(tmp_path: Path) -> None:
    """"Untap target Elf": the Elves untaps and taps for {G} again."""
    p = play("tap_wirewood_lodge_elf", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1} and p.perm("elves")["tapped"] is True


def test_wirewood_lodge_only_an_elf(tmp_path: Path) -> None:
    """115.1: a Bears is no Elf."""
    p = play("tap_wirewood_lodge_not_elf", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "Elf" in str(p.error)


# --------------------------------------------------------------------------- to its owner's hand

def test_karakas_returns_a_legendary_creature_to_its_owners_hand(tmp_path: Path) -> None:
    """400.7: Isamaru moves to Bob's hand (its owner's) as a new object; the Bears stays."""
    p = play("bounce_karakas", tmp_path)
    assert p.error is None
    assert p.player("Bob")["hand"] == ["Isamaru, Hound of Konda"]
    assert [b["id"] for b in p.state["battlefield"] if b["controller"] == "Bob"] == ["bears"]
    [moved] = [e for e in p.events("ZoneChanged") if e.event.card == "Isamaru, Hound of Konda"]
    assert (moved.event.from_zone, moved.event.to_zone, moved.event.owner) == ("battlefield", "hand", "Bob")


def test_karakas_only_a_legendary_creature(tmp_path: Path) -> None:
    """115.1: Grizzly Bears is not legendary."""
    p = play("bounce_karakas_not_legendary", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"


# --------------------------------------------------------------------------- the grammar

@pytest.mark.parametrize("line, effect, targets", [
    ("{R}{W}, {T}: Target creature gets +2/+0 and gains vigilance and haste until end of turn.",
     m.ModifyPT(2, 0, "target", ("Vigilance", "Haste")), m.Targets(m.Selector(types=("Creature",)))),
    ("{2}: This creature gains reach until end of turn.", m.ModifyPT(0, 0, "self", ("Reach",)), None),
    ("{1}{B}: Up to one target creature gets -1/-1 until end of turn.", m.ModifyPT(-1, -1),
     m.Targets(m.Selector(types=("Creature",)), min=0)),
    ("{G}, {T}: Target legendary creature you control gets +1/+1 until end of turn.", m.ModifyPT(1, 1),
     m.Targets(m.Selector(types=("Creature",), supertypes=("Legendary",), controller="you"))),
    ("{1}: Until end of turn, other Elves you control gain deathtouch and get +1/+0.",
     m.ModifyPT(1, 0, "group", ("Deathtouch",), group=m.Selector(subtypes=("Elf",), controller="you", other=True)),
     None),
    ("{2}, {T}: Tap target noncreature artifact.", m.TapTarget(),
     m.Targets(m.Selector(types=("Artifact",), non=("Creature",)))),
    ("{T}: Untap target artifact or creature.", m.TapTarget(untap=True),
     m.Targets(m.Selector(any_of=("Artifact", "Creature")))),
    ("{1}: Return this creature to its owner's hand.", m.ReturnToOwnersHand("self"), None),
])
def test_lines_parse_to_their_effects(line: str, effect: object, targets: m.Targets | None) -> None:
    """The phrases compose: a subject (target, this object, a group), changes, a duration."""
    [ability] = parse_card_text("Test Creature", line).abilities
    assert isinstance(ability, m.ActivatedAbility)
    assert ability.effects == (effect,) and ability.targets == targets


@pytest.mark.parametrize("line, problem", [
    ("{1}: Target creature gains devoid until end of turn.", "devoid"),
    ("{1}: Target Frobnitz creature gets +1/+1 until end of turn.", "'Frobnitz' is not a subtype"),
    ("{1}: Target creature gets +1/+1 and gets +2/+2 until end of turn.", "twice"),
])
def test_refused_phrases(line: str, problem: str) -> None:
    """What is not sure to play right is refused at load, naming the phrase."""
    from simulator.base.errors import CardDataError
    with pytest.raises(CardDataError, match=problem):
        parse_card_text("Test Creature", line)


def test_an_instant_cannot_pump_itself() -> None:
    """An instant is never a permanent: "this creature gets ..." on one is refused."""
    from simulator.base.errors import CardDataError
    with pytest.raises(CardDataError, match="cannot refer to itself"):
        parse_card_text("Test Instant", "~ gets +1/+1 until end of turn.", spell=True)


# --------------------------------------------------------------------------- combat restrictions (inert)

def test_rogues_passage_targets_and_does_nothing_else(tmp_path: Path) -> None:
    """No combat here: "can't be blocked this turn" is inert (docs/cards.md). The ability is
    activated and resolves (608.2), and the only changes are its costs: the Passage tapped, {4}
    spent; the Bears is as it was."""
    p = play("combat_rogues_passage_inert", tmp_path)
    assert p.error is None
    assert p.perm("passage")["tapped"] is True and p.pool("Alice") == {}
    bears = p.perm("bears")
    assert (bears["power"], bears["toughness"], bears["keywords"], bears["tapped"]) == (2, 2, [], False)
    assert len(p.events("AbilityResolved")) == 1
    assert p.events("ContinuousEffectCreated") == [] and p.events("PowerToughnessChanged") == []


def test_rogues_passage_needs_a_creature(tmp_path: Path) -> None:
    """115.1: the inert effect still has its target requirement."""
    p = play("combat_rogues_passage_not_a_creature", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"


@pytest.mark.parametrize("line", ["This creature can't block.", "This creature can't be blocked.",
                                  "Enchanted creature can't attack or block."])
def test_combat_restriction_statics_are_inert(line: str) -> None:
    """A static combat restriction parses to an inert kind (no combat here); "can't attack
    unless you pay ..." is refused, not read as "can't attack"."""
    [a] = parse_card_text("Test", line).abilities
    assert isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.CombatRestriction)
    from simulator.base.errors import CardDataError
    with pytest.raises(CardDataError):
        parse_card_text("Test", "This creature can't attack unless you pay {1}.")
