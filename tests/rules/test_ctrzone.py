"""Counters and zones (issue 22, pool-ctrzone): keyword abilities made of counters, the counters
players get, costs that empty a zone, and cards moved between zones.

- Vanishing (702.63a): "Vanishing N" is three abilities: it enters with N time counters; at the
  beginning of its controller's upkeep, if it has a time counter, one is removed (603.4); when the
  last is removed, it is sacrificed. "Vanishing" without a number (702.63b) has no counters of its
  own (Tidewalker counts Islands; its power and toughness are its time counters, 604.3).
- Sunburst (702.44a): a noncreature permanent enters with a charge counter for each color of mana
  spent to cast it (Pentad Prism).
- Poison counters (122.1f): "You get two poison counters." as a mana ability resolves (605.3a); ten
  or more and the player loses (704.5c).
- "Discard your hand" (701.9a) and "Activate only as an instant." (602.5e: with priority only, so
  not while paying for a spell, 601.2g).
- "return it to its owner's hand" after "if this enchantment has no charge counters on it" (603.4).
- "for each hatchling counter on it, create ..." as it is put into a graveyard (603.10a).
- "put target card from a graveyard on the bottom of its owner's library" (115.1, 401.2).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _pt(perm: dict) -> tuple[int, int]:
    return perm["power"], perm["toughness"]


# ---- vanishing (702.63)

def test_vanishing_is_three_abilities() -> None:
    """702.63a: the replacement effect, the upkeep trigger with its intervening "if", the trigger on
    the last time counter removed."""
    enters, upkeep, last = parse_oracle("Omenpath", "Vanishing 4 (This land enters the battlefield with four time "
                                                    "counters on it.)")
    assert isinstance(enters, m.ReplacementAbility) and enters.effect == m.EntersWithCounters("time", 4)
    assert isinstance(upkeep, m.TriggeredAbility) and upkeep.condition == m.BeginningOfYourStep("upkeep")
    assert upkeep.intervening == m.SelfHasCounters("time", 1)
    assert upkeep.effects == (m.RemoveCounters("time", 1, "self"),)
    assert isinstance(last, m.TriggeredAbility) and last.condition == m.LastCounterRemovedSelf("time")
    assert last.effects == (m.SacrificeSelf(),)
    assert len(parse_oracle("Tidewalker", "Vanishing")) == 2        # 702.63b: no counters of its own
    with pytest.raises(CardDataError):
        parse_oracle("Nothing", "Vanishing 0")


def test_vanishing_last_counter_sacrifices(tmp_path: Path) -> None:
    """702.63a, 603.4, 701.21a: Bob's upkeep triggers nothing; Alice's removes the last time counter,
    which triggers the sacrifice."""
    p = play("ctrzone_vanishing_omenpath_last", tmp_path)
    assert p.error is None
    assert p.state["battlefield"] == []
    assert p.player("Alice")["graveyard"] == ["Omenpath to Naya"]
    assert [t["rule"] for t in p.triggers()] == ["503.1a", "702.63a"]
    assert [e.event.reason for e in p.events("ZoneChanged")] == ["sacrificed"]


def test_vanishing_one_counter_left(tmp_path: Path) -> None:
    """702.63a: one of two removed, the sacrifice does not trigger; the land still makes mana."""
    p = play("ctrzone_vanishing_omenpath_two", tmp_path)
    assert p.error is None
    assert p.perm("omenpath")["counters"] == {"time": 1}
    assert [t["rule"] for t in p.triggers()] == ["503.1a"]
    assert p.pool("Alice") == {"G": 1}


def test_riftwurm_kicked_has_both_replacements(tmp_path: Path) -> None:
    """614.1c, 702.33d: two from vanishing, three more kicked: five time counters, a 6/6."""
    p = play("ctrzone_vanishing_riftwurm_kicked", tmp_path)
    assert p.error is None
    wurm = p.perm("Ravaging Riftwurm")
    assert wurm["counters"] == {"time": 5} and _pt(wurm) == (6, 6)


def test_tidewalker_counts_its_time_counters(tmp_path: Path) -> None:
    """614.1c, 604.3, 702.63b: three Islands, three time counters (a 3/3); the upkeep removes one:
    a 2/2 with two."""
    p = play("ctrzone_vanishing_tidewalker", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("CountersPlaced")] == [3]
    walker = p.perm("Tidewalker")
    assert walker["counters"] == {"time": 2} and _pt(walker) == (2, 2)
    assert [t["rule"] for t in p.triggers()] == ["503.1a"]


# ---- sunburst (702.44a)

def test_pentad_prism_counts_colors_spent(tmp_path: Path) -> None:
    """702.44a: {W}{U} spent, two charge counters; one removed for {G}."""
    p = play("ctrzone_pentad_prism", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("CountersPlaced")] == [2]
    assert p.perm("Pentad Prism")["counters"] == {"charge": 1}
    assert p.pool("Alice") == {"G": 1}


def test_pentad_prism_paid_with_colorless_mana(tmp_path: Path) -> None:
    """702.44a: no color spent, no counters; the ability's cost cannot be paid (118.3)."""
    p = play("ctrzone_pentad_prism_colorless", tmp_path)
    assert p.error is not None and p.error.rule == "118.3"
    assert p.perm("Pentad Prism")["counters"] == {}


def test_sunburst_on_a_creature_is_refused() -> None:
    """702.44a: a creature's sunburst counters are +1/+1 counters, not supported: refused at load."""
    text = '[[card]]\nname = "Sunburst Bear"\ntype = "Artifact Creature — Golem"\ncost = "{3}"\npower = 0\n' \
           'toughness = 0\ntext = "Sunburst"\n'
    with pytest.raises(CardDataError, match="Sunburst on a creature"):
        CardPool().with_text(text, "test")


def test_stroopwafels_enters_the_battlefield_with_counters(tmp_path: Path) -> None:
    """614.1c (the older wording "enters the battlefield with"): eight counters, one removed to gain
    3 life and draw."""
    p = play("ctrzone_stroopwafels", tmp_path)
    assert p.error is None
    assert p.perm("Bag of Stroopwafels")["counters"] == {"stroopwafel": 7}
    assert p.player("Alice")["life"] == 23 and p.player("Alice")["hand"] == ["Forest"]


# ---- poison counters (122.1f, 704.5c)

def test_ten_poison_counters_lose(tmp_path: Path) -> None:
    """122.1f, 704.5c: eight after four Moxes, the game goes on; ten after the fifth: Alice loses."""
    p = play("ctrzone_poison_mox", tmp_path)
    assert p.error is None
    assert [e.event.amount for e in p.events("PoisonCountersReceived")] == [2, 2, 2, 2, 2]
    alice = p.player("Alice")
    assert alice["counters"] == {"poison": 10} and alice["lost"] == {"rule": "704.5c"}
    assert [(e.event.player, e.rule) for e in p.events("PlayerLost")] == [("Alice", "704.5c")]
    assert p.state["game_over"]["winners"] == ["Bob"]


def test_one_poison_counter(tmp_path: Path) -> None:
    """122.1f: tapped while paying for the Elves (605.3a): one poison counter, no loss."""
    p = play("ctrzone_poison_bayou", tmp_path)
    assert p.error is None
    assert p.player("Alice")["counters"] == {"poison": 1} and p.player("Alice")["lost"] is None
    assert p.state["game_over"] is None
    assert p.on_battlefield("Llanowar Elves")


# ---- "Discard your hand", "Activate only as an instant" (701.9a, 602.5e)

def test_lions_eye_diamond_discards_the_hand(tmp_path: Path) -> None:
    """701.9a, 701.21a, 605.3b: the hand and the Diamond to the graveyard, three {R}."""
    p = play("ctrzone_led_discard_hand", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["hand"] == [] and sorted(alice["graveyard"]) == ["Forest", "Grizzly Bears", "Lion's Eye Diamond"]
    assert p.pool("Alice") == {"R": 3}


def test_lions_eye_diamond_not_while_casting(tmp_path: Path) -> None:
    """602.5e: only as an instant: not while paying for a spell (601.2g); nothing happens."""
    p = play("ctrzone_led_while_casting", tmp_path)
    assert p.error is not None and p.error.rule == "602.5e"
    assert p.player("Alice")["hand"] == ["Grizzly Bears", "Forest"]
    assert p.on_battlefield("Lion's Eye Diamond")


def test_diamond_lion_with_an_empty_hand(tmp_path: Path) -> None:
    """701.9a: an empty hand is discarded all the same; three {G}."""
    p = play("ctrzone_diamond_lion_empty_hand", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Diamond Lion"] and p.pool("Alice") == {"G": 3}


# ---- zones

def test_mana_bloom_returns_without_counters(tmp_path: Path) -> None:
    """603.4: no charge counters as Alice's upkeep begins and as it resolves: back to her hand."""
    p = play("ctrzone_mana_bloom_returns", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Mana Bloom"] and p.state["battlefield"] == []
    assert [t["source"] for t in p.triggers()] == ["Mana Bloom"]


def test_mana_bloom_with_counters_does_not_trigger(tmp_path: Path) -> None:
    """603.4: the intervening "if" is false: it does not trigger."""
    p = play("ctrzone_mana_bloom_stays", tmp_path)
    assert p.error is None
    assert p.triggers() == [] and p.perm("bloom")["counters"] == {"charge": 2}


def test_hatchery_counts_its_last_counters(tmp_path: Path) -> None:
    """603.10a: two hatchling counters as it last existed: two 1/1 flying Insects for Alice."""
    p = play("ctrzone_hatchery_destroyed", tmp_path)
    assert p.error is None
    tokens = p.state["battlefield"]
    assert len(tokens) == 2 and all(t["controller"] == "Alice" and _pt(t) == (1, 1) for t in tokens)
    assert p.player("Alice")["graveyard"] == ["Eumidian Hatchery"]


def test_vessel_puts_a_card_on_the_bottom_of_its_owners_library(tmp_path: Path) -> None:
    """115.1, 401.2: Bob's card from Bob's graveyard to the bottom of Bob's library."""
    p = play("ctrzone_vessel_bottom", tmp_path)
    assert p.error is None
    bob = p.player("Bob")
    assert bob["library"] == ["Island", "Grizzly Bears"] and bob["graveyard"] == []


# ---- another player's search (608.2h, 701.23a)

def test_ghost_quarter_its_controller_searches(tmp_path: Path) -> None:
    """608.2h, 608.2d, 701.23a: Bob, the destroyed land's controller, is asked and searches his own
    library; his Plains enters untapped; his library is shuffled."""
    p = play("ctrzone_ghost_quarter_search", tmp_path)
    assert p.error is None
    asked = [e.event for e in p.events("ChoiceRequested")]
    assert [(c.player, c.kind) for c in asked] == [("Bob", "may"), ("Bob", "search")]
    assert p.perm("bob-plains")["controller"] == "Bob" and not p.perm("bob-plains")["tapped"]
    assert p.player("Bob")["graveyard"] == ["Forest"]
    assert [e.event.player for e in p.events("LibraryShuffled")] == ["Bob"]


def test_ghost_quarter_declined(tmp_path: Path) -> None:
    """608.2d, 701.23a: declined, no search and no shuffle; the Forest is destroyed all the same."""
    p = play("ctrzone_ghost_quarter_decline", tmp_path)
    assert p.error is None
    assert p.player("Bob")["library"] == ["Grizzly Bears", "Plains", "Island"]
    assert p.events("LibrarySearched") == [] and p.events("LibraryShuffled") == []
    assert p.player("Bob")["graveyard"] == ["Forest"]


def test_ghost_quarter_on_its_controllers_own_land(tmp_path: Path) -> None:
    """608.2h: the target's controller is Alice: she is asked and searches her library."""
    p = play("ctrzone_ghost_quarter_own_land", tmp_path)
    assert p.error is None
    assert [e.event.player for e in p.events("ChoiceRequested")] == ["Alice", "Alice"]
    assert p.perm("alice-island")["controller"] == "Alice"
    assert p.player("Bob")["library"] == ["Plains"]


def test_demolition_field_both_players_search(tmp_path: Path) -> None:
    """608.2c: the land's controller first, then the ability's controller, each their own library."""
    p = play("ctrzone_demolition_field", tmp_path)
    assert p.error is None
    assert [e.event.player for e in p.events("LibrarySearched")] == ["Bob", "Alice"]
    assert p.perm("bob-swamp")["controller"] == "Bob" and p.perm("alice-forest")["controller"] == "Alice"


def test_its_controller_needs_one_target_permanent() -> None:
    """608.2h: "its controller" names the controller of the ability's one target permanent."""
    with pytest.raises(CardDataError, match="needs exactly one target permanent"):
        parse_oracle("Odd", "{T}: Draw a card. Its controller may search their library for a basic land card, put "
                            "it onto the battlefield, then shuffle.")


# ---- "if it was kicked" (702.33d)

def test_sprouting_goblin_kicked_searches(tmp_path: Path) -> None:
    """702.33d, 603.4: the permanent was a kicked spell: its enters ability searches."""
    p = play("ctrzone_sprouting_goblin_kicked", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Forest"] and p.player("Alice")["library"] == ["Grizzly Bears"]
    assert [e.event.card for e in p.events("CardRevealed")] == ["Forest"]


def test_sprouting_goblin_not_kicked_does_not_trigger(tmp_path: Path) -> None:
    """603.4: not kicked, the intervening "if" is false as it enters: no trigger, no search."""
    p = play("ctrzone_sprouting_goblin_unkicked", tmp_path)
    assert p.error is None
    assert p.triggers() == [] and p.events("LibrarySearched") == []


# ---- the top card looked at (401.2, 608.2d)

def test_lantern_puts_a_land_onto_the_battlefield_tapped(tmp_path: Path) -> None:
    """401.2, 608.2d: a land card on top: battlefield (tapped), bottom or top; battlefield."""
    p = play("ctrzone_lantern_land", tmp_path)
    assert p.error is None
    asked = [e.event for e in p.events("ChoiceRequested")]
    assert [tuple(c.options) for c in asked] == [("battlefield", "bottom", "top")]
    forest = p.perm("Forest")
    assert forest["controller"] == "Alice" and forest["tapped"] is True
    assert [e.event.card for e in p.events("TopCardLookedAt")] == ["Forest"]


def test_lantern_a_nonland_card_cannot_enter(tmp_path: Path) -> None:
    """608.2d: not a land card: only the bottom or the top; "battlefield" is refused."""
    p = play("ctrzone_lantern_nonland", tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert p.state["pending"]["options"] == ["bottom", "top"]


def test_lantern_bottom(tmp_path: Path) -> None:
    """401.2: the card goes to the bottom of the library."""
    p = play("ctrzone_lantern_bottom", tmp_path)
    assert p.error is None
    assert p.player("Alice")["library"] == ["Island", "Grizzly Bears"]


def test_biblioplex_takes_an_instant(tmp_path: Path) -> None:
    """602.5b (zero cards in hand), 608.2d: an instant card revealed and put into the hand."""
    p = play("ctrzone_biblioplex", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Dark Ritual"]
    assert [e.event.card for e in p.events("CardRevealed")] == ["Dark Ritual"]


def test_biblioplex_needs_zero_or_seven_cards(tmp_path: Path) -> None:
    """602.5b: one card in hand is neither."""
    p = play("ctrzone_biblioplex_one_card", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"


def test_puresight_merrow_exiles_the_top_card(tmp_path: Path) -> None:
    """107.6 ({Q}), 608.2d: the card looked at is exiled."""
    p = play("ctrzone_puresight_merrow", tmp_path)
    assert p.error is None
    assert p.player("Alice")["exile"] == ["Island"] and p.player("Alice")["library"] == ["Forest"]
    assert p.perm("merrow")["tapped"] is False


def test_look_at_top_card_parse() -> None:
    """The three sentences are one instruction: the place named twice must be the same."""
    (ab,) = parse_oracle("Lantern", "{4}, {T}: Look at the top card of your library. If it's a land card, you may put "
                                    "it onto the battlefield tapped. If you don't put the card onto the battlefield, "
                                    "you may put it on the bottom of your library.")
    assert isinstance(ab, m.ActivatedAbility)
    assert ab.effects == (m.LookAtTopCardMay((m.CardQuality(types=("Land",)),), "battlefield", True, False, "bottom"),)
    with pytest.raises(CardDataError, match="names another place"):
        parse_oracle("Odd", "{4}, {T}: Look at the top card of your library. If it's a land card, you may put it onto "
                            "the battlefield tapped. If you don't put it into your hand, you may put it on the "
                            "bottom of your library.")
    with pytest.raises(CardDataError, match="instant, sorcery or Aura"):
        parse_oracle("Odd", "{4}, {T}: Look at the top card of your library. If it's an instant card, you may put it "
                            "onto the battlefield. If you don't put it onto the battlefield, you may put it on the "
                            "bottom of your library.")


def test_bucolic_ranch_reveals_a_mount(tmp_path: Path) -> None:
    """205.3m, 608.2d: a Mount card on top: revealed and put into the hand."""
    p = play("ctrzone_bucolic_ranch", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Test Mount"] and p.player("Alice")["library"] == ["Island"]
    assert [e.event.card for e in p.events("CardRevealed")] == ["Test Mount"]


# ---- "Remove a counter from this creature": counters of any kinds (122.1, 602.2h)

def test_remove_a_counter_of_its_only_kind(tmp_path: Path) -> None:
    """602.2h: one kind of counter: no choice; the -1/-1 counter is removed, a card drawn."""
    p = play("ctrzone_lamenter_draws", tmp_path)
    assert p.error is None
    assert [(e.event.counter, e.event.amount) for e in p.events("CountersPaid")] == [("-1/-1", 1)]
    lamenter = p.perm("lamenter")
    assert lamenter["counters"] == {} and _pt(lamenter) == (2, 5)
    assert p.player("Alice")["hand"] == ["Island"]


def test_remove_a_counter_without_one(tmp_path: Path) -> None:
    """118.3: no counter to remove: the cost cannot be paid."""
    p = play("ctrzone_lamenter_no_counter", tmp_path)
    assert p.error is not None and p.error.rule == "118.3"


def test_remove_a_counter_named(tmp_path: Path) -> None:
    """602.2h, 122.1b: two kinds: the one named (flying) is removed; the keyword goes with it."""
    p = play("ctrzone_stoneback_two_kinds", tmp_path)
    assert p.error is None
    stoneback = p.perm("stoneback")
    assert stoneback["counters"] == {"-1/-1": 1} and "Flying" not in stoneback["keywords"]
    assert "Indestructible" in p.perm("bears")["keywords"]


def test_remove_a_counter_of_several_kinds_needs_the_key(tmp_path: Path) -> None:
    """602.2h: a choice the action does not make is refused, and names the key."""
    p = play("ctrzone_stoneback_unnamed", tmp_path)
    assert p.error is not None and p.error.rule == "602.2h" and "`counters`" in str(p.error)


def test_remove_two_counters(tmp_path: Path) -> None:
    """602.2h, 704.5f: both -1/-1 counters removed; the target gets -2/-2 and dies."""
    p = play("ctrzone_gnarlbark_two", tmp_path)
    assert p.error is None
    assert [(e.event.counter, e.event.amount) for e in p.events("CountersPaid")] == [("-1/-1", 2)]
    assert _pt(p.perm("elm")) == (3, 4) and p.player("Bob")["graveyard"] == ["Grizzly Bears"]


def test_remove_two_counters_with_one(tmp_path: Path) -> None:
    """118.3: one counter, the cost removes two."""
    p = play("ctrzone_gnarlbark_one", tmp_path)
    assert p.error is not None and p.error.rule == "118.3"


def test_remove_counters_of_any_kind_parse() -> None:
    """The cost's kind "" is any kind; "a counter"/"two counters" agree; a mana ability is refused."""
    (ab,) = parse_oracle("Elm", "{2}{B}, Remove two counters from this creature: Draw a card.")
    assert isinstance(ab, m.ActivatedAbility) and ab.cost.remove_counters == ("", 2)
    with pytest.raises(CardDataError, match="does not agree"):
        parse_oracle("Odd", "{1}, Remove a counters from this creature: Draw a card.")
    with pytest.raises(CardDataError, match="mana ability removing counters of any kinds"):
        parse_oracle("Odd", "Remove a counter from this creature: Add {G}.")


# ---- counted and remembered counters, a dying card, a planeswalker type

def test_avatar_counts_its_controllers_creatures_with_counters(tmp_path: Path) -> None:
    """614.1c: one of Alice's other creatures has a +1/+1 counter (Bob's is not hers): a 4/3."""
    p = play("ctrzone_avatar_resolute", tmp_path)
    assert p.error is None
    avatar = p.perm("Avatar of the Resolute")
    assert avatar["counters"] == {"+1/+1": 1} and _pt(avatar) == (4, 3)


def test_walking_archive_that_player_draws(tmp_path: Path) -> None:
    """603.2, 121.1: at Bob's upkeep Bob draws one card per +1/+1 counter (two); Alice none."""
    p = play("ctrzone_walking_archive", tmp_path)
    assert p.error is None
    assert [(e.event.player, e.event.card) for e in p.events("CardDrawn")] == [("Bob", "Island"), ("Bob", "Swamp")]
    assert [t["controller"] for t in p.triggers()] == ["Alice"]


def test_that_player_draws_needs_each_players_step() -> None:
    """"that player" names the player whose step it is: only in an "each player's" trigger."""
    with pytest.raises(CardDataError, match="that player draws"):
        parse_oracle("Odd", "At the beginning of your upkeep, that player draws a card for each +1/+1 counter on "
                            "this creature.")


def test_michelangelo_returns_to_hand(tmp_path: Path) -> None:
    """400.7d: the card in the graveyard goes to its owner's hand."""
    p = play("ctrzone_michelangelo_dies", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Michelangelo, On the Scene"] and p.player("Alice")["graveyard"] == []


def test_return_this_card_needs_a_dies_trigger() -> None:
    """400.7d: only a trigger on its dying finds the card it became."""
    with pytest.raises(CardDataError, match="return this card"):
        parse_oracle("Odd", "When this creature enters, return this card to your hand.")


def test_iron_apprentice_passes_its_counters(tmp_path: Path) -> None:
    """603.10a, 603.4: two +1/+1 and an oil counter as it last existed, onto the target."""
    p = play("ctrzone_iron_apprentice", tmp_path)
    assert p.error is None
    bears = p.perm("bears")
    assert bears["counters"] == {"+1/+1": 2, "oil": 1} and _pt(bears) == (4, 4)


def test_iron_apprentice_without_counters_does_not_trigger(tmp_path: Path) -> None:
    """704.5f, 603.4: it dies with no counters; its ability does not trigger."""
    p = play("ctrzone_iron_apprentice_none", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Iron Apprentice"] and p.triggers() == []


def test_embercat_pays_for_a_chandra(tmp_path: Path) -> None:
    """205.3j, 106.6: a Chandra planeswalker spell may be paid with the Embercat's {R}."""
    p = play("ctrzone_embercat_chandra", tmp_path)
    assert p.error is None
    assert p.perm("Chandra, Novice Pyromancer")["counters"] == {"loyalty": 5}


def test_embercat_does_not_pay_for_bears(tmp_path: Path) -> None:
    """106.6: neither an Elemental nor a Chandra planeswalker spell."""
    p = play("ctrzone_embercat_bears", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"


# ---- abilities that function in a graveyard (113.6k)

def test_drownyard_temple_returns_tapped(tmp_path: Path) -> None:
    """113.6k: activated from the graveyard; it enters tapped under its owner's control."""
    p = play("ctrzone_drownyard_temple", tmp_path)
    assert p.error is None
    temple = p.perm("Drownyard Temple")
    assert temple["controller"] == "Alice" and temple["tapped"] is True
    assert p.player("Alice")["graveyard"] == []


def test_abzan_devotee_returns_to_hand(tmp_path: Path) -> None:
    """113.6k: from the graveyard to its owner's hand."""
    p = play("ctrzone_abzan_devotee_returns", tmp_path)
    assert p.error is None
    assert p.player("Alice")["hand"] == ["Abzan Devotee"]


def test_abzan_devotee_exiled_in_response(tmp_path: Path) -> None:
    """400.7, 113.6k: Bob's Strider, exiled from his graveyard as a cost, exiles the Devotee first;
    the Devotee's ability then finds no card in the graveyard and does nothing."""
    p = play("ctrzone_abzan_devotee_exiled", tmp_path)
    assert p.error is None
    assert p.player("Alice")["exile"] == ["Abzan Devotee"] and p.player("Alice")["hand"] == []
    assert p.player("Bob")["exile"] == ["Gravestone Strider"]
    assert len(p.events("AbilityResolved")) == 2


def test_jack_o_lantern_mana_from_the_graveyard(tmp_path: Path) -> None:
    """113.6k, 605.3b: a mana ability from the graveyard; the card is exiled as the cost."""
    p = play("ctrzone_jack_o_lantern", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"R": 1} and p.player("Alice")["exile"] == ["Jack-o'-Lantern"]


def test_graveyard_ability_is_its_owners(tmp_path: Path) -> None:
    """602.2: a card in Alice's graveyard: Bob cannot activate its ability."""
    p = play("ctrzone_temple_not_bobs", tmp_path)
    assert p.error is not None and p.error.rule == "602.2"


def test_graveyard_abilities_parse() -> None:
    """113.6k: the zone is the graveyard; a cost that needs the permanent is refused there; the
    battlefield's numbering does not list it."""
    temple = parse_oracle("Drownyard Temple", "{T}: Add {C}.\n{3}: Return this card from your graveyard to the "
                                              "battlefield tapped.")
    assert [a.zone for a in temple if isinstance(a, m.ActivatedAbility)] == ["battlefield", "graveyard"]
    with pytest.raises(CardDataError, match="cannot also tap"):
        parse_oracle("Odd", "{T}, Exile this card from your graveyard: Draw a card.")
