"""Damage, life and trigger phrases on real cards (issue 22; cards/model_life.py, model_damage.py,
model_trigger_events.py; rules/life.py, damage_effects.py): "Target player gains 3 life." (119.3), "Draw a card, then you lose life equal to
the number of cards in your hand." (608.2c, 608.2h), "Prevent the next 1 damage that would be dealt
to enchanted creature this turn." (615.7), "Then put a charge counter on this artifact.",
"Whenever this creature is dealt damage, put that many +1/+1 counters on it." (603.2), "Whenever a
player taps a land for mana, if it's not that player's turn, destroy that land." (106.12a, 603.4),
"Whenever one or more +1/+1 counters are put on another non-Hydra creature you control" /
"... -1/-1 counters are put on a creature" (603.2, 122.6), "Each player's life total becomes the
number of creatures they control." (119.5), "Draw a card if you control an artifact." (608.2c),
"If X is 5 or more, it enters with an additional X +1/+1 counters on it." (614.1c, 107.3m).
Recorded games: tests/games/dmgtrig_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_card_text


def _life(p, name: str) -> int:
    return p.player(name)["life"]


def test_target_player_gains_life(tmp_path: Path) -> None:
    """119.3: Bob, the target, gains 3 life; a charge counter paid for it."""
    p = play("dmgtrig_trigon_of_mending", tmp_path)
    assert p.error is None
    [gained] = p.events("LifeGained")
    assert (gained.event.player, gained.event.amount, gained.rule) == ("Bob", 3, "119.3")
    assert _life(p, "Bob") == 23 and _life(p, "Alice") == 20
    assert p.perm("trigon")["counters"] == {"charge": 2}


def test_the_hand_is_counted_after_the_draw(tmp_path: Path) -> None:
    """608.2c / 608.2h: two cards, one drawn: 3 life lost."""
    p = play("dmgtrig_castle_locthwain", tmp_path)
    assert p.error is None
    assert len(p.player("Alice")["hand"]) == 3
    [lost] = p.events("LifeLost")
    assert (lost.event.player, lost.event.amount, lost.rule) == ("Alice", 3, "119.3")
    assert _life(p, "Alice") == 17


def test_a_shield_on_the_enchanted_creature(tmp_path: Path) -> None:
    """615.7: the shield is on the creature Fylgja enchants; one ping prevented, the next marked."""
    p = play("dmgtrig_fylgja_shield", tmp_path)
    assert p.error is None
    [shield] = p.events("PreventionShieldCreated")
    assert (shield.event.to, shield.event.amount) == ("bears", 1)
    assert [(e.event.to, e.event.amount) for e in p.events("DamagePrevented")] == [("bears", 1)]
    assert p.perm("bears")["damage"] == 1
    assert p.perm("fylgja")["counters"] == {"healing": 3}


def test_then_put_a_counter(tmp_path: Path) -> None:
    """608.2c: the creature destroyed (701.8a), then a charge counter on the Altar."""
    p = play("dmgtrig_altar_of_shadows", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Grizzly Bears") == []
    assert p.perm("altar")["counters"] == {"charge": 1}
    destroyed = [e.seq for e in p.events("ZoneChanged") if e.event.card == "Grizzly Bears"]
    placed = [e.seq for e in p.events("CountersPlaced")]
    assert destroyed < placed


def test_dealt_damage_puts_that_many_counters(tmp_path: Path) -> None:
    """603.2: 1 damage dealt (120.3e), one more counter: a 3/3 with 1 damage."""
    p = play("dmgtrig_hungering_hydra_survives", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.source, trig.event.amount, trig.rule) == ("hydra", 1, "603.2")
    hydra = p.perm("hydra")
    assert (hydra["counters"], hydra["damage"], hydra["power"]) == ({"+1/+1": 3}, 1, 3)


def test_the_hydra_must_survive_the_damage(tmp_path: Path) -> None:
    """704.5g: it dies before its trigger resolves; the trigger puts no counter anywhere (400.7)."""
    p = play("dmgtrig_hungering_hydra_dies", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert trig.event.amount == 3
    assert p.on_battlefield("Hungering Hydra") == []
    assert p.events("CountersPlaced") == []
    assert p.state["stack"] == []


def test_prevented_damage_does_not_trigger(tmp_path: Path) -> None:
    """615.1a: prevented damage is not dealt, so "is dealt damage" does not trigger."""
    p = play("dmgtrig_phantom_nomad_pinged", tmp_path)
    assert p.events("DamageDealtToPermanent") == [] and p.events("AbilityTriggered") == []


def test_price_of_glory_only_on_another_players_turn(tmp_path: Path) -> None:
    """603.4 / 106.12a: Alice's land on her turn does not trigger; Bob's on her turn does, and is
    destroyed (701.8a)."""
    p = play("dmgtrig_price_of_glory_not_their_turn", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.player, trig.event.land, trig.rule) == ("Bob", "bob-forest", "106.12a")
    [gone] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"]
    assert (gone.event.object_id, gone.rule, gone.event.reason) == ("bob-forest", "701.8a", "destroyed")
    assert [b["id"] for b in p.state["battlefield"]] == ["glory", "alice-forest"]
    assert p.pool("Bob") == {"G": 1}


def test_counters_on_another_non_hydra_creature(tmp_path: Path) -> None:
    """603.2: the Bears' counter triggers the Scourge; the Hydra's does not, nor the Scourge's own."""
    p = play("dmgtrig_wildwood_scourge", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert trig.event.source == "scourge"
    assert p.perm("scourge")["counters"] == {"+1/+1": 2}
    assert p.perm("hydra")["counters"] == {"+1/+1": 2}


def test_minus_counters_on_any_creature(tmp_path: Path) -> None:
    """603.2: a -1/-1 counter on Bob's creature triggers the Tools; X is the one charge counter the
    sacrificed Tools had (608.2h): one tapped Scarecrow."""
    p = play("dmgtrig_wickersmiths_tools", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert trig.event.source == "tools"
    [token] = p.events("TokenCreated")
    assert token.event.tapped
    assert p.perm("bears")["counters"] == {"-1/-1": 1}


def test_life_totals_become_the_creatures(tmp_path: Path) -> None:
    """119.5: Alice 20 -> 4 (four creatures), Bob 20 -> 1: each loses the difference."""
    p = play("dmgtrig_shaman_of_forgotten_ways", tmp_path)
    assert p.error is None
    assert [(e.event.player, e.event.amount, e.rule) for e in p.events("LifeLost")] == [
        ("Alice", 16, "119.5"), ("Bob", 19, "119.5")]
    assert (_life(p, "Alice"), _life(p, "Bob")) == (4, 1)


def test_draw_a_card_if(tmp_path: Path) -> None:
    """608.2c: an artifact, no enchantment: one card drawn."""
    p = play("dmgtrig_roadside_reliquary", tmp_path)
    assert p.error is None
    assert [e.event.card for e in p.events("CardDrawn")] == ["Island"]


@pytest.mark.parametrize("x, counters", [(5, 10), (4, 4)])
def test_apocalypse_hydra(tmp_path: Path, x: int, counters: int) -> None:
    """614.1c / 107.3m: X counters; with X of 5 or more, X more."""
    p = play(f"dmgtrig_apocalypse_hydra_x{x}", tmp_path)
    assert p.error is None
    assert p.perm("hydra")["counters"] == {"+1/+1": counters}


@pytest.mark.parametrize("line", [
    "Whenever a creature you control enters, put that many +1/+1 counters on it.",
    "When this creature enters, destroy that land.",
])
def test_that_needs_its_trigger(line: str) -> None:
    """"that many" needs the damage of "is dealt damage"; "that land" needs "taps a land for mana"."""
    with pytest.raises(CardDataError):
        parse_card_text("Test", line)


def test_counter_trigger_lines() -> None:
    [a] = parse_card_text("Test", "Whenever one or more +1/+1 counters are put on another non-Hydra creature "
                                  "you control, put a +1/+1 counter on this creature.").abilities
    assert isinstance(a, m.TriggeredAbility)
    assert a.condition == m.CountersPutOn("+1/+1", m.Selector(types=("Creature",), controller="you", other=True,
                                                               non_subtypes=("Hydra",)))


def test_an_enters_trigger_deals_the_spells_x(tmp_path: Path) -> None:
    """107.3m: Morlun's "he deals X damage to target opponent": X of the spell (3); lifelink
    (702.15b): Alice gains 3."""
    p = play("dmgtrig_morlun_enters", tmp_path)
    assert p.error is None
    [dealt] = p.events("DamageDealt")
    assert (dealt.event.player, dealt.event.amount, dealt.rule) == ("Bob", 3, "120.3a")
    assert (_life(p, "Alice"), _life(p, "Bob")) == (23, 17)
    assert p.perm("morlun")["counters"] == {"+1/+1": 3}


def test_x_damage_with_no_where_outside_an_enters_trigger_is_refused() -> None:
    """Only an enters trigger has the X of a spell to read (107.3m); an activated ability reads the X
    of its own cost (107.3, pool-casting: Boommobile), and needs one there."""
    with pytest.raises(CardDataError, match="enters trigger only"):
        parse_card_text("Test", "Whenever you cast a spell, this creature deals X damage to any target.")
    with pytest.raises(CardDataError, match="needs an X in the cost"):
        parse_card_text("Test", "{2}, {T}: This creature deals X damage to any target.")
    parse_card_text("Test", "{X}, {T}: This creature deals X damage to any target.")


def test_half_x_rounded_down(tmp_path: Path) -> None:
    """601.2i / 107.1a: the cast trigger resolves above the spell: half of X = 5 is 2: 2 life, 2
    cards; the Krasis then enters with five counters (107.3m)."""
    p = play("dmgtrig_hydroid_krasis_x5", tmp_path)
    assert p.error is None
    [gained] = p.events("LifeGained")
    assert (gained.event.player, gained.event.amount) == ("Alice", 2)
    assert [e.event.card for e in p.events("CardDrawn")] == ["Island", "Forest"]
    assert p.perm("krasis")["counters"] == {"+1/+1": 5}
    assert p.events("LifeGained")[0].seq < p.events("CountersPlaced")[0].seq


def test_that_player_is_the_one_whose_upkeep_it_is(tmp_path: Path) -> None:
    """102.1 / 305.6: Bob's upkeep: he gains 2 life for his two basic land types, then is dealt 3
    damage by Alice's enchantment (120.3a); Alice is untouched."""
    p = play("dmgtrig_collapsing_borders", tmp_path)
    assert p.error is None and p.state["active"] == "Bob"
    [gained] = p.events("LifeGained")
    assert (gained.event.player, gained.event.amount) == ("Bob", 2)
    [dealt] = p.events("DamageDealt")
    assert (dealt.event.player, dealt.event.amount, dealt.event.source) == ("Bob", 3, "borders")
    assert gained.seq < dealt.seq
    assert (_life(p, "Alice"), _life(p, "Bob")) == (20, 19)


@pytest.mark.parametrize("line", [
    "At the beginning of your upkeep, that player gains 1 life for each basic land type among lands they control.",
    "When this creature enters, you gain half X life and draw half X cards. Round down each time.",
])
def test_that_player_and_half_x_need_their_trigger(line: str) -> None:
    with pytest.raises(CardDataError):
        parse_card_text("Test", line)


def test_then_you_may_have_it_become_a_creature(tmp_path: Path) -> None:
    """608.2d: declined, the land only gets its counters; accepted, it is a 0/0 Elemental creature
    land until end of turn (611.2c, 205.1b), 4/4 with its four counters (613.4c)."""
    p = play("dmgtrig_crawling_barrens", tmp_path)
    assert p.error is None
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["may", "may"]
    [effect] = p.events("ContinuousEffectCreated")
    assert effect.seq > p.events("ChoiceRequested")[1].seq
    b = p.perm("barrens")
    assert (b["types"], b["subtypes"], b["power"], b["toughness"]) == (["Land", "Creature"], ["Elemental"], 4, 4)
    assert b["counters"] == {"+1/+1": 4}


def test_you_gain_life_that_many_then_if(tmp_path: Path) -> None:
    """603.2: each gain of 2 life puts two ribbon counters; with four (three or more, 608.2c) they are
    all removed and the Pig untaps (701.26b); with two it stays tapped."""
    p = play("dmgtrig_prize_pig", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("AbilityTriggered")] == [2, 2]
    assert [dict(e.event.counters) for e in p.events("CountersRemoved")] == [{"ribbon": 4}]
    [untapped] = p.events("PermanentUntapped")
    assert untapped.seq > p.events("CountersPlaced")[1].seq
    pig = p.perm("pig")
    assert pig["counters"] == {} and not pig["tapped"]


def test_greatest_power_among_creatures_that_entered_this_turn(tmp_path: Path) -> None:
    """Alena: the Bears (2) entered this turn, the Wurm (6) did not: {R}{R}."""
    p = play("dmgtrig_alena_entered_this_turn", tmp_path)
    assert p.error is None and p.pool("Alice") == {"R": 2}


def test_none_entered_this_turn_no_mana(tmp_path: Path) -> None:
    """107.1b / 106.5: none entered: no mana, Alena tapped all the same."""
    p = play("dmgtrig_alena_none_entered", tmp_path)
    assert p.error is None and p.pool("Alice") == {} and p.perm("alena")["tapped"]


def test_enters_with_counters_equal_to_your_life_total(tmp_path: Path) -> None:
    """614.1c / 119.1: at 15 life, fifteen charge counters."""
    p = play("dmgtrig_eternity_vessel_enters", tmp_path)
    assert p.error is None and p.perm("vessel")["counters"] == {"charge": 15}


def test_your_life_total_becomes_the_counters(tmp_path: Path) -> None:
    """608.2d / 119.5: "do": 7 becomes 20, a gain of 13."""
    p = play("dmgtrig_eternity_vessel_landfall", tmp_path)
    assert p.error is None
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["may"]
    [gained] = p.events("LifeGained")
    assert (gained.event.player, gained.event.amount, gained.rule) == ("Alice", 13, "119.5")
    assert _life(p, "Alice") == 20


def test_its_last_known_power(tmp_path: Path) -> None:
    """603.10a: its power as it last existed, Giant Growth included: 6 life and six cards."""
    p = play("dmgtrig_lifeblood_hydra_dies", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.power, trig.rule) == (6, "603.10a")
    assert _life(p, "Alice") == 26 and len(p.player("Alice")["hand"]) == 6


@pytest.mark.parametrize("game, pool", [("dmgtrig_dark_petition_2", {"B": 3}), ("dmgtrig_dark_petition_1", {})])
def test_spell_mastery(tmp_path: Path, game: str, pool: dict) -> None:
    """608.2c: two instant and/or sorcery cards in the graveyard as the spell gets there: {B}{B}{B};
    one: none (the spell itself is on the stack; a creature card does not count)."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Swamp"] and p.pool("Alice") == pool


def test_spell_mastery_needs_two_card_types() -> None:
    with pytest.raises(CardDataError, match="two different card types"):
        parse_card_text("Test", "Spell mastery — If there are two or more instant and/or instant cards in your "
                                "graveyard, add {B}.", spell=True)


def test_then_create_a_token_and_put_counters_on_it(tmp_path: Path) -> None:
    """701.10e: 3 growth counters doubled to 6; 111.1 / 122.1: a 0/0 Fractal with six +1/+1
    counters, counted after the doubling (608.2h): it lives (704.3)."""
    p = play("dmgtrig_paradox_zone", tmp_path)
    assert p.error is None
    assert p.perm("zone")["counters"] == {"growth": 6}
    [fractal] = [b for b in p.state["battlefield"] if b["card"].startswith("Fractal")]
    assert (fractal["counters"], fractal["power"], fractal["toughness"]) == ({"+1/+1": 6}, 6, 6)
    assert sorted(fractal["colors"]) == ["G", "U"]


def test_a_spell_cast_from_the_hand_does_not_trigger_paradox(tmp_path: Path) -> None:
    """603.2: "from anywhere other than your hand": the Bears came from the hand: nothing."""
    p = play("dmgtrig_sisterhood_from_hand", tmp_path)
    assert p.error is None and p.events("AbilityTriggered") == []
    assert p.perm("sisterhood")["counters"] == {"+1/+1": 1}


def test_a_spell_cast_from_elsewhere_triggers_paradox() -> None:
    """603.2: the listener reads where the card was just before it was cast: from a graveyard, it
    triggers (this engine casts from the hand only, so the event is made by hand here)."""
    import dataclasses
    from simulator.cards import CardPool
    from simulator.game import events as ev
    from simulator.game.state import GameObject, GameState, Player
    from simulator.game.triggers import react
    from pyrsistent import pmap, pvector
    pool = CardPool.builtin().with_real_card("Sisterhood of Karn").with_real_card("Lightning Bolt")
    def state(zone: str) -> GameState:
        objects = {"sis": GameObject(id="sis", card="Sisterhood of Karn", owner="Alice", controller="Alice",
                                     zone="battlefield", timestamp=1),
                   "bolt": GameObject(id="bolt", card="Lightning Bolt", owner="Alice", controller="Alice",
                                      zone=zone, timestamp=2)}
        return GameState(order=("Alice",), players=pmap({"Alice": Player(name="Alice")}), objects=pmap(objects),
                         battlefield=pvector(["sis"]), active="Alice")
    cast = ev.SpellCast(player="Alice", card="Lightning Bolt", object_id="bolt", spell_id="bolt-2")
    for zone, fires in (("graveyard", 1), ("hand", 0)):
        before = state(zone)
        spell = GameObject(id="bolt-2", card="Lightning Bolt", owner="Alice", controller="Alice", zone="stack",
                           timestamp=3)
        after = dataclasses.replace(before, objects=before.objects.set("bolt-2", spell))
        env = ev.Envelope(seq=1, event=cast, rule="601.2", cause_seq=None, decision_seq=None)
        found = react(before, env, after, pool)
        assert [f.source for f in found] == ["sis"] * fires


def test_valakut_five_other_mountains(tmp_path: Path) -> None:
    """603.2 / 603.4: the sixth Mountain: five others: it triggers; "do": 3 damage to Bob."""
    p = play("dmgtrig_valakut_5", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.source, trig.event.entered) == ("valakut", trig.event.entered)
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["target", "may"]
    [dealt] = p.events("DamageDealt")
    assert (dealt.event.source, dealt.event.player, dealt.event.amount) == ("valakut", "Bob", 3)


def test_valakut_four_other_mountains(tmp_path: Path) -> None:
    """603.4: the fifth Mountain: four others: no trigger (the one that entered is not "other")."""
    p = play("dmgtrig_valakut_4", tmp_path)
    assert p.error is None and p.events("AbilityTriggered") == []


def test_valakut_checks_again_as_it_resolves(tmp_path: Path) -> None:
    """603.4: one of the five others destroyed in response: four: it does nothing."""
    p = play("dmgtrig_valakut_5_response", tmp_path)
    assert p.error is None
    assert [e.rule for e in p.events("AbilityResolved") if e.event.condition_false] == ["603.4"]
    assert p.events("DamageDealt") == [] and _life(p, "Bob") == 20


def test_a_granted_upkeep_trigger_you_may_pay(tmp_path: Path) -> None:
    """613.1f / 503.1a: the enchanted Plains has the trigger; 608.2d "do": {W}{W} paid (608.2c),
    1 life gained (119.3)."""
    p = play("dmgtrig_farmstead_pays", tmp_path)
    assert p.error is None
    [trig] = p.events("AbilityTriggered")
    assert (trig.event.source, trig.event.ability.kind, trig.event.controller) == ("plains-a", "granted", "Alice")
    [spent] = p.events("ManaSpent")
    assert dict(spent.event.mana) == {"W": 2}
    assert _life(p, "Alice") == 21 and p.pool("Alice") == {}


def test_a_granted_upkeep_trigger_declined(tmp_path: Path) -> None:
    """608.2d "decline": nothing paid, no life."""
    p = play("dmgtrig_farmstead_declines", tmp_path)
    assert p.error is None and _life(p, "Alice") == 20 and p.pool("Alice") == {"W": 2}


def test_paying_without_the_mana_is_illegal(tmp_path: Path) -> None:
    """608.2c: "do" with an empty pool is an illegal answer; the choice stays pending."""
    p = play("dmgtrig_farmstead_no_mana", tmp_path)
    assert p.error is not None and "not enough mana" in str(p.error)
    assert _life(p, "Alice") == 20
