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




def test_karolina_dean_mana_pays_an_ability_not_a_spell_from_the_hand(tmp_path: Path) -> None:
    """605.1b: the trigger used the stack; 106.6: its {W} paid Mind Stone's {1} (602.2h), and
    casting Grizzly Bears from the hand with the rest is refused, citing the restriction."""
    p = play("manaprod_karolina_dean", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert "You can't spend this mana to cast spells from your hand." in str(p.error)
    assert p.pool("Alice") == {"U": 1, "B": 1, "R": 1, "G": 1}
    assert p.player("Alice")["graveyard"] == ["Mind Stone"]
    assert p.player("Alice")["hand"] == ["Grizzly Bears", "Forest"]


def test_thran_turbine_may_add_mana_for_an_ability(tmp_path: Path) -> None:
    """608.2d: Alice chose to add {C}{C} (the `may` choice); 106.6: one of it paid Mind Stone's {1}."""
    p = play("manaprod_thran_turbine", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 1}
    assert p.state["players"][0]["mana_units"] == [
        {"type": "C", "amount": 1, "source": "turbine", "restriction": "You can't spend this mana to cast spells."}]
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["may"]


def test_a_turbine_mana_cannot_cast_a_spell() -> None:
    """106.6: "You can't spend this mana to cast spells." refuses casting, admits abilities and
    "unless you pay" (608.2c)."""
    from simulator.rules.payment import SPEND_CHECKS, Purpose
    turbine = m.NotToCastSpells("You can't spend this mana to cast spells.")
    karolina = m.NotToCastSpells("You can't spend this mana to cast spells from your hand.", from_hand=True)
    check = SPEND_CHECKS[m.NotToCastSpells]
    assert not check(turbine, Purpose("cast")) and not check(karolina, Purpose("cast"))
    assert check(turbine, Purpose("activate")) and check(turbine, Purpose("effect"))
    assert check(karolina, Purpose("cast", zone="exile")) and not check(turbine, Purpose("cast", zone="exile"))
    assert m.restriction_from_json(m.restriction_json(karolina)) == karolina


@pytest.mark.parametrize("text", ["{T}: You may add {G}.", "Whenever you tap a land for mana, you may add {G}.",
                                  "At the beginning of your upkeep, you may add one mana of any color."])
def test_you_may_add_only_fixed_mana_from_the_stack(text: str) -> None:
    """605.1a, 605.1b: "you may add" is supported only in a triggered ability that uses the stack."""
    with pytest.raises(CardDataError):
        parse_oracle("Test Card", text)


def test_tangleroot_gives_the_caster_green_mana(tmp_path: Path) -> None:
    """605.1b, 601.2a: Alice's Tangleroot; Bob cast the Elves: Bob adds {G} before they resolve."""
    p = play("manaprod_tangleroot", tmp_path)
    assert p.error is None
    assert p.pool("Bob") == {"G": 1} and p.pool("Alice") == {}
    assert [s["card"] for s in p.state["stack"]] == ["Llanowar Elves"]
    assert p.events("ManaAdded")[-1].rule == "608.2c"


def test_blinkmoth_urn_counts_the_active_players_artifacts(tmp_path: Path) -> None:
    """603.4, 608.2h: in Bob's first main phase Bob adds {C} for his one artifact (not Alice's three)."""
    p = play("manaprod_blinkmoth_urn", tmp_path)
    assert p.error is None
    assert p.pool("Bob") == {"C": 1} and p.pool("Alice") == {}


def test_temple_of_the_dragon_queen_after_a_reveal(tmp_path: Path) -> None:
    """614.12, 614.1c: Shivan Dragon revealed: untapped, red chosen; the Dragon stays in the hand."""
    p = play("manaprod_temple_dragon_queen", tmp_path)
    assert p.error is None
    temple = p.perm("Temple of the Dragon Queen")
    assert temple["tapped"] is False and temple["chosen"] == {"color": "R"}
    assert p.player("Alice")["hand"] == ["Shivan Dragon"]
    assert [e.event.card for e in p.events("CardRevealed")] == ["Shivan Dragon"]


def test_temple_of_the_dragon_queen_without_a_dragon(tmp_path: Path) -> None:
    """614.1c: nothing to reveal and no Dragon of Alice's (Bob's does not count): it enters tapped."""
    p = play("manaprod_temple_no_dragon", tmp_path)
    assert p.error is None
    assert p.perm("Temple of the Dragon Queen")["tapped"] is True
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["color"]


def test_fortified_beachhead_with_a_soldier(tmp_path: Path) -> None:
    """614.1c: Alice controls a Soldier: untapped without a reveal (none is asked); it taps for {U}."""
    p = play("manaprod_fortified_beachhead", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 1}
    assert p.events("ChoiceRequested") == []


def test_zhur_taa_druid_and_forbidden_orchard(tmp_path: Path) -> None:
    """106.12a, 605.1b: both trigger on being tapped for mana and use the stack: Bob is dealt 1
    damage (120.3) and creates the Spirit token (111.2), Alice keeps her {G}{U}."""
    p = play("manaprod_zhur_taa_orchard", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 19 and p.pool("Alice") == {"G": 1, "U": 1}
    spirit = p.perm("spirit-1")
    assert spirit["controller"] == "Bob" and (spirit["power"], spirit["toughness"]) == (1, 1)


def test_jiang_yanggu_grants_mana_to_creatures_with_a_counter(tmp_path: Path) -> None:
    """613.1f: bears-a (a +1/+1 counter) taps for {R}; bears-b has no mana ability (602.1)."""
    p = play("manaprod_jiang_yanggu", tmp_path)
    assert p.error is not None and p.error.rule == "602.1"
    assert p.pool("Alice") == {"R": 1}
    assert p.perm("bears-a")["tapped"] is True and p.perm("bears-b")["tapped"] is False


def test_undiscovered_paradise_returns_in_its_controllers_next_untap_step(tmp_path: Path) -> None:
    """502.3: not in Bob's untap step of turn 2; in Alice's of turn 3 it goes to her hand while
    her Forest untaps."""
    p = play("manaprod_undiscovered_paradise", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Undiscovered Paradise"]
    assert p.perm("forest-a")["tapped"] is False
    scheduled = p.events("ReturnInUntapScheduled")
    assert [(e.event.object_id, e.event.player) for e in scheduled] == [("paradise", "Alice")]
    moved = [e for e in p.events("ZoneChanged") if e.event.card == "Undiscovered Paradise"]
    assert [(e.event.to_zone, e.rule) for e in moved] == [("hand", "502.3")]
    turns = [e for e in p.events("TurnBegan")]
    assert moved[0].seq > turns[-1].seq and turns[-1].event.turn == 3


def test_undiscovered_paradise_needs_its_mana_ability() -> None:
    """The delayed return is an effect of the mana ability (605.3b) only."""
    with pytest.raises(CardDataError):
        parse_oracle("Test Land", "{1}: During your next untap step, as you untap your permanents, return this "
                                  "land to its owner's hand.")


def test_public_thoroughfare_stays_when_an_artifact_is_tapped(tmp_path: Path) -> None:
    """608.2c: the `tap_unless` options are Alice's untapped artifacts and lands (Mind Stone, the
    Island; not the tapped Forest, not the Bears); she taps Mind Stone (701.26a), the land stays."""
    p = play("manaprod_thoroughfare_taps_an_artifact", tmp_path)
    assert p.error is None
    choice = p.events("ChoiceRequested")[0].event
    assert choice.kind == "tap_unless" and list(choice.options) == ["stone", "island-a"]
    assert p.perm("stone")["tapped"] is True and p.perm("island-a")["tapped"] is False
    assert p.perm("Public Thoroughfare")["tapped"] is True
    assert p.player("Alice")["graveyard"] == []


def test_command_bridge_is_sacrificed_with_nothing_to_tap(tmp_path: Path) -> None:
    """701.21a: no untapped permanent of Alice's: nothing is asked, the land is sacrificed."""
    p = play("manaprod_command_bridge_sacrificed", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Command Bridge"]
    assert p.events("ChoiceRequested") == []


def test_winters_night_adds_snow_mana_and_keeps_the_land_tapped(tmp_path: Path) -> None:
    """605.1b, 605.3b: the Snow-Covered Forest makes {G}{G} (the trigger resolved at once, whole)
    and skips Alice's next untap step (502.3); her basic Forest (not snow, 205.4g) untaps."""
    p = play("manaprod_winters_night", tmp_path)
    assert p.error is None
    assert p.perm("snow-forest")["tapped"] is True and p.perm("forest-a")["tapped"] is False
    added = [e.event.mana for e in p.events("ManaAdded")]
    assert added == [{"G": 1}, {"G": 1}, {"G": 1}]
    assert [(e.event.object_id, e.event.player) for e in p.events("UntapSkipped")] == [("snow-forest", "Alice")]
    assert len(p.events("AbilityTriggered")) == 1


def test_barbflare_gremlin_while_tapped(tmp_path: Path) -> None:
    """603.4, 605.1b, 120.3: {R}{R} for Bob and 1 damage dealt by the Mountain to him."""
    p = play("manaprod_barbflare_gremlin", tmp_path)
    assert p.error is None
    assert p.pool("Bob") == {"R": 2} and p.player("Bob")["life"] == 19
    damage = p.events("DamageDealt")
    assert [(e.event.source, e.event.player, e.event.amount) for e in damage] == [("mountain-b", "Bob", 1)]


def test_barbflare_gremlin_untapped_does_not_trigger(tmp_path: Path) -> None:
    """603.4: the intervening "if" is false as the land is tapped for mana: no trigger."""
    p = play("manaprod_barbflare_untapped", tmp_path)
    assert p.error is None
    assert p.pool("Bob") == {"R": 1} and p.player("Bob")["life"] == 20
    assert p.events("AbilityTriggered") == []


def test_lotus_vale_sacrifices_the_two_lands_chosen(tmp_path: Path) -> None:
    """614.1a: two of the three untapped lands chosen one at a time (the tapped Swamp is no
    option), then it enters and taps for {W}{W}{W}."""
    p = play("manaprod_lotus_vale", tmp_path)
    assert p.error is None
    asked = [list(e.event.options) for e in p.events("ChoiceRequested")]
    assert asked == [["plains-a", "island-a", "forest-a"], ["plains-a", "island-a"]]
    assert p.player("Alice")["graveyard"] == ["Forest", "Plains"]
    assert p.pool("Alice") == {"W": 3}
    assert [e.event.after for e in p.events("ReplacementApplied")] == [{"sacrificed": ("forest-a", "plains-a")}]


def test_scorched_ruins_without_two_untapped_lands(tmp_path: Path) -> None:
    """614.1a: one untapped land: none sacrificed, the Ruins go to the graveyard; 305.2: the land
    play is used (playing the Forest is refused)."""
    p = play("manaprod_scorched_ruins", tmp_path)
    assert p.error is not None and p.error.rule == "305.2"
    assert p.player("Alice")["graveyard"] == ["Scorched Ruins"]
    assert p.perm("mountain-a")["tapped"] is False


def test_scorched_ruins_with_exactly_two(tmp_path: Path) -> None:
    """614.1a: exactly two fit: both sacrificed without asking; {C}{C}{C}{C}."""
    p = play("manaprod_scorched_ruins_two", tmp_path)
    assert p.error is None
    assert p.events("ChoiceRequested") == []
    assert p.player("Alice")["graveyard"] == ["Mountain", "Island"] and p.pool("Alice") == {"C": 4}


def test_urban_burgeoning_untaps_the_land_in_bobs_untap_step(tmp_path: Path) -> None:
    """613.1f, 502.3: the enchanted Forest has the ability and untaps in Bob's untap step; the
    Island does not."""
    p = play("manaprod_urban_burgeoning", tmp_path)
    assert p.error is None
    assert p.state["active"] == "Bob"
    assert p.perm("forest-a")["tapped"] is False and p.perm("island-a")["tapped"] is True


def test_rite_of_flame_counts_the_others_in_every_graveyard(tmp_path: Path) -> None:
    """608.2h: three other Rites in the graveyards (itself on the stack is not counted): {R}{R} +
    {R}{R}{R}."""
    p = play("manaprod_rite_of_flame", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 5}
    assert [e.event.mana for e in p.events("ManaAdded")][-2:] == [{"R": 2}, {"R": 3}]


@pytest.mark.parametrize("game, made", [("manaprod_cabal_ritual", 5), ("manaprod_cabal_ritual_no_threshold", 3)])
def test_cabal_ritual_reads_threshold_as_it_resolves(tmp_path: Path, game: str, made: int) -> None:
    """608.2c: seven cards in the graveyard: {B}x5 instead of {B}{B}{B}; six (the Ritual on the
    stack is not one of them): {B}{B}{B}."""
    p = play(game, tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": made}


def test_add_instead_on_its_own_line_must_follow_an_add() -> None:
    """A line "Add ... instead if ..." with no "Add ..." before it names nothing."""
    with pytest.raises(CardDataError):
        parse_spell("Test Ritual", "Draw a card.\nThreshold — Add {B}{B} instead if there are seven or more cards "
                                   "in your graveyard.")


def test_ignition_team_counts_tapped_lands(tmp_path: Path) -> None:
    """614.1c: seven Mountains tapped for its cost and Bob's tapped Island: eight counters (his
    untapped Island does not count)."""
    p = play("manaprod_ignition_team", tmp_path)
    assert p.error is None
    team = p.perm("Ignition Team")
    assert team["counters"] == {"+1/+1": 8} and (team["power"], team["toughness"]) == (8, 8)


def test_encumbered_reejerey_sheds_a_counter_when_tapped(tmp_path: Path) -> None:
    """603.2: tapped by Adverse Conditions (701.26a) with -1/-1 counters on it: one removed, a 4/3;
    one trigger (the Bears' tapping triggers nothing)."""
    p = play("manaprod_encumbered_reejerey", tmp_path)
    assert p.error is None
    reejerey = p.perm("reejerey")
    assert reejerey["counters"] == {"-1/-1": 1} and (reejerey["power"], reejerey["toughness"]) == (4, 3)
    assert [e.event.source for e in p.events("AbilityTriggered")] == ["reejerey"]


def test_reejerey_trigger_needs_the_counter() -> None:
    """603.2: the condition is part of the trigger event ("while it has ..."), not an intervening "if"."""
    ability = parse_oracle("Encumbered Reejerey", "Whenever this creature becomes tapped while it has a -1/-1 "
                                                  "counter on it, remove a -1/-1 counter from it.")[0]
    assert isinstance(ability, m.TriggeredAbility) and ability.intervening is None
    assert ability.condition == m.BecomesTappedSelf(with_counter="-1/-1")


def test_divergent_growth_gives_the_lands_a_quoted_ability(tmp_path: Path) -> None:
    """611.2c, 613.1f: Alice's Island, untapped, taps with the granted ability for {R}."""
    p = play("manaprod_divergent_growth", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1} and p.perm("island-a")["tapped"] is True
    assert sorted(e.event.object_id for e in p.events("ContinuousEffectCreated")) == ["forest-a", "island-a"]


def test_rain_of_filth_until_end_of_turn(tmp_path: Path) -> None:
    """605.1a, 113.7a: the Swamp sacrificed for {B}; 514.2: on her next turn the Island has one
    ability only (602.1)."""
    p = play("manaprod_rain_of_filth", tmp_path)
    assert p.error is not None and p.error.rule == "602.2"
    assert "Swamp" in p.player("Alice")["graveyard"]
    assert [e.event.mana for e in p.events("ManaAdded")] == [{"B": 1}, {"B": 1}]


def test_a_group_gains_a_quoted_ability_only_from_a_spell() -> None:
    """The quoted ability a spell gives is named at the spell's effect (its `AbilityId`)."""
    with pytest.raises(CardDataError):
        parse_oracle("Test Land", '{T}: Until end of turn, lands you control gain "{T}: Add {G}."')


def test_evasive_action_asks_for_one_per_basic_land_type(tmp_path: Path) -> None:
    """608.2h: three basic land types among Alice's lands (tapped ones too): Bob is asked {3}
    (608.2c); he declines and the Bears are countered (701.6a)."""
    p = play("manaprod_evasive_action", tmp_path)
    assert p.error is None
    choice = p.events("ChoiceRequested")[0].event
    assert choice.kind == "counter_unless" and choice.player == "Bob" and "{3}" in choice.prompt
    assert p.player("Bob")["graveyard"] == ["Grizzly Bears"] and p.state["stack"] == []


def test_two_skips_end_in_battlefield_order(tmp_path: Path) -> None:
    """502.3: both of Bob's marked Forests were untapped (by Ley Druids, forest-a first) before his
    next untap step; there both effects end unused, reported in battlefield order (forest-z, then
    forest-a), not in the order they were untapped nor in an order that varies between runs."""
    p = play("manaprod_vorinclex_two_skips_in_battlefield_order", tmp_path)
    assert p.error is None
    assert [e.event.object_id for e in p.events("UntapSkipScheduled")] == ["forest-z", "forest-a"]
    skipped = p.events("UntapSkipped")
    assert [(e.event.object_id, e.event.was_untapped, e.rule) for e in skipped] == \
        [("forest-z", True, "502.3"), ("forest-a", True, "502.3")]
    assert [p.perm(f)["tapped"] for f in ("forest-z", "forest-m", "forest-a")] == [False, False, False]
