"""Mana in full: costs ({T}, {Q}, mana, life, sacrifice), choices, could-produce (106.7),
undefined mana (106.5), replacement effects on mana (106.12b, 616.1), Upwelling.

Each test replays one recorded game from tests/games/mana_*.toml (the file's comment describes
the situation) and checks exact pools, life totals, zones, tapped status, pending choices and the
events with their rules and causes.
"""
from __future__ import annotations

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import game_path, play


def produced(p) -> list[tuple[str, dict, str]]:
    """(source, mana, rule) of every ManaProduced event, in log order."""
    return [(e.event.source, dict(e.event.mana), e.rule) for e in p.events("ManaProduced")]


def replacements(p) -> list[tuple[str, dict, dict]]:
    """(source of the effect, before, after) of every mana ReplacementApplied event."""
    return [(e.event.source, dict(e.event.before), dict(e.event.after))
            for e in p.events("ReplacementApplied") if e.event.applies_to == "mana"]


def assert_illegal(p, message: str, rule: str) -> None:
    assert p.error is not None, "the action should have been illegal"
    assert str(p.error) == message
    assert p.error.rule == rule


# --------------------------------------------------------------------------- Reflecting Pool, 106.5 / 106.7

def test_reflecting_pool_alone_taps_for_nothing(tmp_path):
    """106.7 + 106.5: Reflecting Pool alone reflects only itself, no type can be defined, so it
    produces no mana — but activating it is legal and {T} is paid (107.5). Bob's Forest is not
    "a land you control"."""
    p = play("mana_pool_alone", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {} and p.pool("Bob") == {}
    assert p.perm("pool-a")["tapped"] is True
    assert not p.perm("forest-b")["tapped"]
    assert produced(p) == [("pool-a", {}, "106.5")]
    assert p.events("ManaAdded") == []
    act = p.events("AbilityActivated")[0]
    assert act.rule == "605.3a" and act.event.mana_ability
    tap = p.events("PermanentTapped")[0]
    assert tap.event.object_id == "pool-a" and tap.rule == "107.5" and tap.cause_seq == act.seq
    assert p.events("ManaProduced")[0].cause_seq == act.seq


def test_reflecting_pool_alone_rejects_a_named_type(tmp_path):
    """106.7: no type can be defined, so naming {G} is a choice that isn't allowed; the illegal
    action writes nothing (the Pool stays untapped)."""
    p = play("mana_pool_alone_choice", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate pool-a: no type of mana can be defined for it: "
                      "a land you control could produce no type of mana, so it adds none (omit `mana`), "
                      "not G (106.7)", "106.7")
    assert p.perm("pool-a")["tapped"] is False
    assert p.events("AbilityActivated") == []


def test_two_reflecting_pools_produce_nothing(tmp_path):
    """106.7: two Reflecting Pools reflect only each other; an ungrounded cycle defines no type,
    so both tap for nothing (106.5)."""
    p = play("mana_two_pools", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {}
    assert p.perm("pool-1")["tapped"] and p.perm("pool-2")["tapped"]
    assert produced(p) == [("pool-1", {}, "106.5"), ("pool-2", {}, "106.5")]


def test_pool_and_wastes_make_colorless_but_orchard_never(tmp_path):
    """106.1b: colorless is a type, so Reflecting Pool beside Wastes adds {C}; 105.1: it is no
    color, so Bob's Exotic Orchard facing only Wastes + Pool adds nothing (106.5)."""
    p = play("mana_pool_wastes_orchard", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 1}
    assert p.pool("Bob") == {}
    assert p.perm("pool-a")["tapped"] and not p.perm("wastes-a")["tapped"]
    assert p.perm("orchard-b")["tapped"]
    assert produced(p) == [("pool-a", {"C": 1}, "106.12"), ("orchard-b", {}, "106.5")]


def test_orchard_cannot_be_asked_for_colorless(tmp_path):
    """106.7 / 105.1: asking Exotic Orchard for {C} when no color can be defined is illegal."""
    p = play("mana_orchard_colorless_choice", tmp_path)
    assert_illegal(p, "action 2: Bob cannot activate orchard-b: no type of mana can be defined for it: "
                      "a land an opponent controls could produce no color of mana, so it adds none "
                      "(omit `mana`), not C (106.7)", "106.7")
    assert not p.perm("orchard-b")["tapped"]


def test_orchards_facing_each_other_produce_nothing(tmp_path):
    """106.7: an Exotic Orchard on each side, nothing else: the cycle isn't grounded."""
    p = play("mana_orchard_cycle", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {} and p.pool("Bob") == {}
    assert produced(p) == [("orchard-a", {}, "106.5"), ("orchard-b", {}, "106.5")]
    assert p.perm("orchard-a")["tapped"] and p.perm("orchard-b")["tapped"]


def test_grounding_travels_through_the_orchard_cycle(tmp_path):
    """106.7 least fixpoint: Bob's Orchard reflects Alice's Plains ({W}); Alice's Orchard reflects
    Bob's Orchard, so it too could produce {W}."""
    p = play("mana_orchard_grounded", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 1}
    assert p.pool("Bob") == {"W": 1}
    assert produced(p) == [("orchard-a", {"W": 1}, "106.12"), ("orchard-b", {"W": 1}, "106.12")]
    assert not p.perm("plains-a")["tapped"]


def test_orchard_asked_for_a_color_no_opponent_land_could_produce(tmp_path):
    """106.7: Alice's Orchard can offer only {W}; {U} is illegal and the message cites 106.7."""
    p = play("mana_orchard_illegal_color", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate orchard-a: it can add only one of {W}, not U (106.7)",
                   "106.7")
    assert not p.perm("orchard-a")["tapped"]
    assert p.pool("Alice") == {}


# --------------------------------------------------------------------------- Gaea's Cradle

def test_cradle_counts_creatures_you_control(tmp_path):
    """Gaea's Cradle adds {G} for each creature Alice controls as it resolves (a sick creature
    counts; Bob's doesn't). The Cradle itself is a land: 302.6 doesn't stop it."""
    p = play("mana_cradle", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2}
    assert produced(p) == [("cradle", {"G": 2}, "106.12")]
    assert p.perm("cradle")["tapped"] and not p.perm("elves")["tapped"]


def test_cradle_with_zero_creatures(tmp_path):
    """With no creature the Cradle adds zero {G}: it could produce nothing (106.7), so Alice's
    Reflecting Pool reflects nothing (106.5), and Wild Growth on the Cradle doesn't trigger
    because no mana was produced (106.12a). Zero of a defined type is not 106.5."""
    p = play("mana_cradle_zero", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {}
    assert p.perm("pool-a")["tapped"] and p.perm("cradle")["tapped"]
    assert produced(p) == [("pool-a", {}, "106.5"), ("cradle", {}, "106.12")]
    assert p.events("AbilityTriggered") == []
    assert p.events("ManaAdded") == []
    assert p.triggers() == []


def test_cradle_amount_is_not_a_choice(tmp_path):
    """608.2d: the Cradle's amount is counted; a `mana` answer that disagrees is illegal."""
    p = play("mana_cradle_zero_choice", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate cradle: it adds no mana ({G} for each of the 0 "
                      "creature(s) Alice controls), not {G} (608.2d)", "608.2d")
    assert not p.perm("cradle")["tapped"]


# --------------------------------------------------------------------------- life and sacrifice costs

def test_mana_confluence_pays_life(tmp_path):
    """119.4 / 602.2h: "Pay 1 life" is a cost, paid each activation; any color may be chosen
    (lower case letters accepted)."""
    p = play("mana_confluence_twice", tmp_path)
    assert p.error is None
    assert p.player("Alice")["life"] == 18
    assert p.pool("Alice") == {"U": 1, "B": 1}
    paid = p.events("LifePaid")
    assert [(e.event.player, e.event.amount, e.rule) for e in paid] == [("Alice", 1, "119.4"), ("Alice", 1, "119.4")]
    acts = p.events("AbilityActivated")
    assert [e.cause_seq for e in paid] == [a.seq for a in acts]
    assert produced(p) == [("confluence-1", {"U": 1}, "106.12"), ("confluence-2", {"B": 1}, "106.12")]


def test_mana_confluence_with_one_life(tmp_path):
    """119.4: a player may pay life equal to their life total; at 0 life Alice loses when
    state-based actions are next checked (704.5a), after the mana ability resolved."""
    p = play("mana_confluence", tmp_path)
    assert p.error is None
    assert p.player("Alice")["life"] == 0
    assert p.player("Alice")["lost"] == {"rule": "704.5a"}
    assert p.pool("Alice") == {"U": 1}
    assert p.state["game_over"] == {"winners": ["Bob"], "losers": ["Alice"], "rule": "704.5a"}
    assert p.state["winner"] == "Bob" and p.state["priority"] is None
    types = [e.type for _, e in sorted(p.log.items()) if e.type in
             ("LifePaid", "ManaProduced", "ManaAdded", "PlayerLost", "GameEnded")]
    assert types == ["LifePaid", "ManaProduced", "ManaAdded", "PlayerLost", "GameEnded"]
    assert p.events("PlayerLost")[0].rule == "704.5a"


def test_mana_confluence_cannot_make_colorless(tmp_path):
    """105.1: "any color" excludes colorless; nothing is paid when the action is illegal."""
    p = play("mana_confluence_colorless", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate confluence: choose 1 mana of any color "
                      "(key `mana`, letters from WUBRG) (608.2d)", "608.2d")
    assert p.player("Alice")["life"] == 20
    assert not p.perm("confluence")["tapped"]
    assert p.events("LifePaid") == []


def test_crystal_vein_sacrifices_itself(tmp_path):
    """701.21a: "{T}, Sacrifice Crystal Vein" sacrifices the object itself as a cost; the
    ability still resolves ({C}{C}). The other Vein's first ability adds {C}."""
    p = play("mana_crystal_vein", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 3}
    assert p.player("Alice")["graveyard"] == ["Crystal Vein"]
    assert [b["id"] for b in p.on_battlefield("Crystal Vein")] == ["vein-1"]
    assert p.perm("vein-1")["tapped"]
    sac = p.events("ZoneChanged")[-1]
    assert (sac.event.object_id, sac.event.to_zone, sac.event.reason, sac.rule) == \
        ("vein-2", "graveyard", "sacrificed", "701.21a")
    assert produced(p) == [("vein-1", {"C": 1}, "106.12"), ("vein-2", {"C": 2}, "106.12")]
    # cost first (602.2h), then the mana
    assert sac.seq < p.events("ManaProduced")[-1].seq


def test_crystal_vein_sacrificed_under_contamination(tmp_path):
    """106.12b + 608.2h: the Vein left the battlefield paying its own cost, but it was a land
    tapped for mana, so Contamination still replaces {C}{C} with {B}."""
    p = play("mana_crystal_vein_contamination", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1}
    assert p.player("Alice")["graveyard"] == ["Crystal Vein"]
    assert replacements(p) == [("contamination", {"C": 2}, {"B": 1})]
    assert produced(p) == [("vein", {"B": 1}, "106.12")]


def test_ashnods_altar_sacrifices_the_chosen_creature(tmp_path):
    """701.21a: the player picks the creature (`sacrifice`); no {T}/{Q}, so a sick creature is
    fine (302.6) and it isn't tapping for mana (106.12): Mana Reflection doesn't apply."""
    p = play("mana_ashnods_altar", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 2}
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"]
    assert p.on_battlefield("Grizzly Bears") == []
    assert p.perm("elves")["card"] == "Llanowar Elves"
    assert not p.perm("altar")["tapped"]
    assert produced(p) == [("altar", {"C": 2}, "605.3a")]
    assert replacements(p) == []
    assert p.events("ManaProduced")[0].event.tapped_for_mana is False


@pytest.mark.parametrize("game, message", [
    ("mana_ashnods_altar_land", "action 1: Alice cannot activate altar: wastes-a is not a creature Alice controls (701.21a)"),
    ("mana_ashnods_altar_opponent", "action 1: Alice cannot activate altar: bears-b is not a creature Alice controls (701.21a)"),
    ("mana_ashnods_altar_no_choice", "action 1: Alice cannot activate altar: choose one creature to sacrifice "
                                     "(key `sacrifice`) (701.21a)"),
])
def test_ashnods_altar_illegal_sacrifices(tmp_path, game, message):
    """701.21a: only a creature you control can pay "Sacrifice a creature", and one must be named."""
    p = play(game, tmp_path)
    assert_illegal(p, message, "701.21a")
    assert p.pool("Alice") == {}
    assert p.events("ZoneChanged") == []


# --------------------------------------------------------------------------- choices

def test_llanowar_wastes_both_abilities_and_damage(tmp_path):
    """"{T}: Add {C}." deals no damage; "{T}: Add {B} or {G}. ... deals 1 damage to you." — the
    damage is part of the mana ability and happens at once (605.3a, 120.3a)."""
    p = play("mana_llanowar_wastes", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 1, "B": 1, "G": 1}
    assert p.player("Alice")["life"] == 18
    dmg = p.events("DamageDealt")
    acts = p.events("AbilityActivated")
    assert [(e.event.source, e.event.amount, e.rule, e.cause_seq) for e in dmg] == \
        [("wastes-2", 1, "120.3a", acts[1].seq), ("wastes-3", 1, "120.3a", acts[2].seq)]
    # within the same decision as the activation: no priority passes in between
    assert all(e.decision_seq == a.seq for e, a in zip(dmg, acts[1:]))
    assert produced(p) == [("wastes-1", {"C": 1}, "106.12"), ("wastes-2", {"B": 1}, "106.12"),
                           ("wastes-3", {"G": 1}, "106.12")]


@pytest.mark.parametrize("game, message", [
    ("mana_llanowar_wastes_red", "action 1: Alice cannot activate wastes-1: it can add only one of {B}, {G}, not R (608.2d)"),
    ("mana_llanowar_wastes_no_choice", "action 1: Alice cannot activate wastes-1: choose the mana it adds "
                                       "(key `mana`): one of {B}, {G} (608.2d)"),
])
def test_llanowar_wastes_choice_must_be_b_or_g(tmp_path, game, message):
    """608.2d: "{B} or {G}" — the choice is required and must be one of them; no damage, no tap."""
    p = play(game, tmp_path)
    assert_illegal(p, message, "608.2d")
    assert p.player("Alice")["life"] == 20
    assert not p.perm("wastes-1")["tapped"]


def test_two_mana_of_any_one_color(tmp_path):
    """Gift of Paradise's granted "{T}: Add two mana of any one color.": "U" means {U}{U}."""
    p = play("mana_gift_of_paradise", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 2, "R": 2}
    assert produced(p) == [("forest-1", {"U": 2}, "106.12"), ("forest-2", {"R": 2}, "106.12")]


def test_two_mana_of_one_color_not_two_colors(tmp_path):
    """608.2d: "any one color" — {G}{U} is not allowed."""
    p = play("mana_gift_of_paradise_mixed", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate forest-1: the mana must all be of one color (608.2d)",
                   "608.2d")
    assert not p.perm("forest-1")["tapped"]


def test_reflecting_creatures(tmp_path):
    """106.7: Naga Vitalist reflects any *type* of Alice's lands ({C} allowed); Harvester Druid
    any *color* of Alice's lands; Sylvok Explorer any color of Bob's lands."""
    p = play("mana_reflecting_creatures", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 1, "G": 1, "U": 1}
    assert produced(p) == [("naga", {"C": 1}, "106.12"), ("druid", {"G": 1}, "106.12"),
                           ("explorer", {"U": 1}, "106.12")]
    assert not p.perm("wastes-a")["tapped"] and not p.perm("island-b")["tapped"]


def test_harvester_druid_cannot_make_colorless(tmp_path):
    """105.1 / 106.7: Harvester Druid reflects colors only; {C} from Wastes is not offered."""
    p = play("mana_harvester_colorless", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate druid: it can add only one of {G}, not C (106.7)", "106.7")
    assert not p.perm("druid")["tapped"]


# --------------------------------------------------------------------------- {Q} and summoning sickness

def test_pili_pala_untaps_while_tapped(tmp_path):
    """107.6 + 602.2h: {2} is paid from the pool and {Q} untaps Pili-Pala. {Q} is not {T}, so
    this isn't tapping for mana (106.12): Mana Reflection doubles the lands but not Pili-Pala."""
    p = play("mana_pili_pala_tapped", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 2, "R": 1}
    assert p.perm("pili")["tapped"] is False
    spent = p.events("ManaSpent")
    assert [(e.event.mana, e.rule) for e in spent] == [({"C": 2}, "602.2h")]
    untap = p.events("PermanentUntapped")
    assert [(e.event.object_id, e.rule) for e in untap] == [("pili", "107.6")]
    assert produced(p) == [("wastes-a", {"C": 2}, "106.12"), ("vein-a", {"C": 2}, "106.12"),
                           ("pili", {"R": 1}, "605.3a")]
    assert [r[0] for r in replacements(p)] == ["reflection", "reflection"]


def test_pili_pala_untapped_cannot_pay_q(tmp_path):
    """107.6: an untapped permanent can't be untapped to pay {Q}; the pool keeps its {C}{C}."""
    p = play("mana_pili_pala_untapped", tmp_path)
    assert_illegal(p, "action 3: Alice cannot activate pili: it is untapped (107.6)", "107.6")
    assert p.pool("Alice") == {"C": 2}
    assert p.perm("pili")["tapped"] is False


def test_pili_pala_summoning_sick(tmp_path):
    """302.6 / 107.6: a creature's {Q} ability needs it under its controller's control since
    their most recent turn began — even a mana ability, even while tapped."""
    p = play("mana_pili_pala_sick", tmp_path)
    assert_illegal(p, "action 3: Alice cannot activate pili: it is a creature that has not been under "
                      "Alice's control continuously since their most recent turn began "
                      "(summoning sickness) (302.6)", "302.6")
    assert p.pool("Alice") == {"C": 2}
    assert p.perm("pili")["tapped"] is True


def test_pili_pala_needs_two_mana_in_pool(tmp_path):
    """602.2h: {2} must be paid from the pool; {C} alone doesn't."""
    p = play("mana_pili_pala_unpaid", tmp_path)
    assert_illegal(p, "action 2: Alice cannot activate pili: not enough mana to pay {2}: the pool holds {C} "
                      "(602.2h)", "602.2h")
    assert p.pool("Alice") == {"C": 1}
    assert p.perm("pili")["tapped"] is True


@pytest.mark.parametrize("game, who", [("mana_sick_naga_vitalist", "naga"), ("mana_sick_hangarback", "walker")])
def test_summoning_sickness_for_every_tap_ability_of_a_creature(tmp_path, game, who):
    """302.6: Naga Vitalist's mana ability and Hangarback Walker's non-mana "{1}, {T}" ability
    alike can't be activated by a sick creature."""
    p = play(game, tmp_path)
    assert_illegal(p, f"action 2: Alice cannot activate {who}: it is a creature that has not been under "
                      f"Alice's control continuously since their most recent turn began "
                      f"(summoning sickness) (302.6)", "302.6")
    assert p.perm(who)["tapped"] is False
    assert len(p.events("ManaAdded")) == 1      # the land's mana from action 1 only
    assert p.state["stack"] == []


# --------------------------------------------------------------------------- Steam Vents / Overgrown Tomb

def test_steam_vents_paid_and_shocklands_tap_for_either_type(tmp_path):
    """614.1c: Steam Vents played with 2 life paid enters untapped; 305.6: Island Mountain gives
    "{T}: Add {U}." and "{T}: Add {R}." (W U B R G order), Swamp Forest gives {B} and {G}."""
    p = play("mana_steam_vents_pay", tmp_path)
    assert p.error is None
    assert p.player("Alice")["life"] == 18
    vents = p.perm("Steam Vents")
    assert vents["subtypes"] == ["Island", "Mountain"]
    assert [a["text"] for a in vents["abilities"]] == ["{T}: Add {U}.", "{T}: Add {R}."]
    assert vents["tapped"] is True          # tapped for {R} after entering untapped
    entered = next(e for e in p.events("ZoneChanged") if e.event.to_zone == "battlefield")
    assert entered.event.tapped is False
    paid = p.events("LifePaid")
    assert [(e.event.amount, e.rule) for e in paid] == [(2, "614.1c")]
    assert paid[0].seq < entered.seq
    assert p.pool("Alice") == {"R": 1, "B": 1, "G": 1}
    assert [m for _, m, _ in produced(p)] == [{"R": 1}, {"B": 1}, {"G": 1}]


def test_steam_vents_waits_for_pay_life_choice(tmp_path):
    """614.1c: the "As ... enters" choice is asked before the land is on the battlefield."""
    p = play("mana_steam_vents_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert (pending["kind"], pending["player"], pending["options"]) == ("pay_life", "Alice", ["pay", "tapped"])
    assert p.on_battlefield("Steam Vents") == []
    assert p.player("Alice")["life"] == 20


def test_overgrown_tomb_not_paid_enters_tapped(tmp_path):
    """614.1c: no life paid -> it enters tapped, so it can't pay {T} this turn (107.5)."""
    p = play("mana_overgrown_tomb_tapped", tmp_path)
    assert_illegal(p, "action 3: Alice cannot activate Overgrown Tomb: it is tapped (107.5)", "107.5")
    assert p.player("Alice")["life"] == 20
    assert p.perm("Overgrown Tomb")["tapped"] is True
    assert p.events("LifePaid") == []
    rep = [e for e in p.events("ReplacementApplied") if e.event.applies_to == "enter"]
    assert [(dict(e.event.before), dict(e.event.after), e.rule) for e in rep] == \
        [({"tapped": False}, {"tapped": True}, "614.1c")]


def test_steam_vents_at_one_life_enters_tapped_without_asking(tmp_path):
    """119.4: 1 life can't pay 2, so there is no choice: Steam Vents enters tapped."""
    p = play("mana_steam_vents_low_life", tmp_path)
    assert p.error is None
    assert p.state["pending"] is None
    assert p.events("ChoiceRequested") == []
    assert p.player("Alice")["life"] == 1
    assert p.perm("Steam Vents")["tapped"] is True


# --------------------------------------------------------------------------- replacement effects (106.12b)

def test_fellwar_stone_reflects_opponent_colors_tapped_or_not(tmp_path):
    """106.7 ignores tapped status: Bob's tapped Plains still offers {W} to Fellwar Stone."""
    p = play("mana_fellwar_stone", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"W": 1}
    assert produced(p) == [("stone", {"W": 1}, "106.12")]


def test_fellwar_stone_facing_contaminated_forest_offers_black(tmp_path):
    """106.7 counts replacement effects: Bob's Forest under Contamination could produce {B} only.
    Fellwar Stone is an artifact, so Contamination doesn't replace its own mana."""
    p = play("mana_fellwar_contamination", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1}
    assert replacements(p) == []
    assert produced(p) == [("stone", {"B": 1}, "106.12")]


def test_fellwar_stone_cannot_offer_green_under_contamination(tmp_path):
    """106.7: {G} is no longer a type Bob's Forest could produce."""
    p = play("mana_fellwar_contamination_green", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate stone: it can add only one of {B}, not G (106.7)", "106.7")
    assert not p.perm("stone")["tapped"]


def test_replacement_order_is_asked(tmp_path):
    """616.1: Contamination and Mana Reflection both apply to one mana event; Alice is asked
    (pending `replacement`), options in timestamp order; nothing is added yet."""
    p = play("mana_replacement_pending", tmp_path)
    assert p.error is None
    pending = p.state["pending"]
    assert pending["kind"] == "replacement" and pending["player"] == "Alice"
    assert pending["options"] == [
        "If a land is tapped for mana, it produces {B} instead of any other type and amount. (contamination)",
        "If you tap a permanent for mana, it produces twice as much of that mana instead. (reflection)"]
    assert p.pool("Alice") == {}
    assert p.perm("forest-a")["tapped"] is True
    assert p.events("ManaProduced") == []
    assert p.events("ChoiceRequested")[0].rule == "616.1"


def test_contamination_then_reflection_gives_two_black(tmp_path):
    """106.12b, 616.1: Contamination first ({G} -> {B}), then Mana Reflection ({B} -> {B}{B})."""
    p = play("mana_contamination_then_reflection", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 2}
    assert replacements(p) == [("contamination", {"G": 1}, {"B": 1}), ("reflection", {"B": 1}, {"B": 2})]
    assert produced(p) == [("forest-a", {"B": 2}, "106.12")]
    # each application is its own event, chained: activation <- first <- second <- production
    act = p.events("AbilityActivated")[0]
    r1, r2 = p.events("ReplacementApplied")
    prod = p.events("ManaProduced")[0]
    assert (r1.cause_seq, r2.cause_seq, prod.cause_seq) == (act.seq, r1.seq, r2.seq)
    assert {r1.rule, r2.rule} == {"106.12b"}


def test_reflection_then_contamination_gives_one_black(tmp_path):
    """106.12b, 616.1: Reflection first ({G}{G}), then Contamination: {B} "instead of any other
    type and amount"."""
    p = play("mana_reflection_then_contamination", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1}
    assert replacements(p) == [("reflection", {"G": 1}, {"G": 2}), ("contamination", {"G": 2}, {"B": 1})]


def test_replacement_order_must_be_a_permutation(tmp_path):
    """616.1: the answer must order every option once; the pending choice stays open."""
    p = play("mana_replacement_bad_order", tmp_path)
    assert_illegal(p, "action 2: Alice cannot choose [1, 1]: the replacement answer must list each of the "
                      "options 1..2 once, got [1, 1] (616.1)", "616.1")
    assert p.state["pending"]["kind"] == "replacement"
    assert p.pool("Alice") == {}


def test_two_mana_reflections_multiply(tmp_path):
    """106.12b: two Mana Reflections: x2 x2 = four {G}, in the order Alice chose, each its own
    ReplacementApplied event."""
    p = play("mana_two_reflections", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 4}
    assert p.events("ChoiceMade")[0].event.kind == "replacement"
    assert replacements(p) == [("reflection-2", {"G": 1}, {"G": 2}), ("reflection-1", {"G": 2}, {"G": 4})]


def test_nyxbloom_triples_forest_and_cradle(tmp_path):
    """106.12b: Nyxbloom Ancient triples mana from tapping a permanent; one effect, no choice.
    Gaea's Cradle counts Nyxbloom itself: {G}{G} x3."""
    p = play("mana_nyxbloom", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 9}
    assert p.events("ChoiceRequested") == []
    assert replacements(p) == [("nyxbloom", {"G": 1}, {"G": 3}), ("nyxbloom", {"G": 2}, {"G": 6})]


def test_nyxbloom_and_reflection_on_a_creature(tmp_path):
    """106.12b: tapping Llanowar Elves (a permanent) for mana: x3 then x2 = six {G}."""
    p = play("mana_nyxbloom_reflection", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 6}
    assert replacements(p) == [("nyxbloom", {"G": 1}, {"G": 3}), ("reflection", {"G": 3}, {"G": 6})]


def test_mana_reflection_does_not_double_wild_growth(tmp_path):
    """106.12a/b: Reflection doubles the Forest's {G}; Wild Growth's {G} comes from a triggered
    mana ability, not from tapping: three {G}, not four."""
    p = play("mana_reflection_wild_growth", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 3}
    assert replacements(p) == [("reflection", {"G": 1}, {"G": 2})]
    added = p.events("ManaAdded")
    assert [(e.event.source, dict(e.event.mana), e.rule) for e in added] == \
        [("forest-a", {"G": 2}, "106.4"), ("wild-growth", {"G": 1}, "106.12a")]
    trig = p.events("AbilityTriggered")[0]
    assert trig.event.mana_ability and trig.cause_seq == p.events("ManaProduced")[0].seq
    assert p.state["stack"] == []


def test_contamination_does_not_replace_wild_growth(tmp_path):
    """106.12a: the contaminated Forest still produced mana ({B}), so Wild Growth triggers; its
    {G} isn't from tapping a land, so Contamination leaves it alone."""
    p = play("mana_contamination_wild_growth", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 1, "G": 1}
    assert replacements(p) == [("contamination", {"G": 1}, {"B": 1})]


def test_reflecting_pool_reflects_a_contaminated_land(tmp_path):
    """106.7: under Contamination the Forest could produce {B}, so the Pool offers {B}; the Pool
    is a land, so Contamination also applies to it ({B} -> {B}). Llanowar Wastes' chosen {G}
    becomes {B}; its damage still happens."""
    p = play("mana_pool_contaminated", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 2}
    assert p.player("Alice")["life"] == 19
    assert replacements(p) == [("contamination", {"B": 1}, {"B": 1}), ("contamination", {"G": 1}, {"B": 1})]
    assert not p.perm("forest-a")["tapped"]


def test_reflecting_pool_cannot_offer_green_under_contamination(tmp_path):
    """106.7: under Contamination no land of Alice's could produce {G}."""
    p = play("mana_pool_contaminated_green", tmp_path)
    assert_illegal(p, "action 1: Alice cannot activate pool-a: it can add only one of {B}, not G (106.7)", "106.7")


def test_opponents_mana_reflection(tmp_path):
    """Mana Reflection: "If *you* tap a permanent": Bob's doubles his Forest, not Alice's."""
    p = play("mana_reflection_opponent", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1}
    assert p.pool("Bob") == {"G": 2}
    assert replacements(p) == [("reflection-b", {"G": 1}, {"G": 2})]


# --------------------------------------------------------------------------- Contamination's upkeep

def test_contamination_kept_by_sacrificing_a_creature(tmp_path):
    """701.21a: the `sacrifice` choice names the Bears; Contamination stays."""
    p = play("mana_contamination_upkeep_creature", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["active"], p.state["step"]) == (2, "Alice", "upkeep")
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"]
    assert p.perm("contamination")["card"] == "Contamination"
    req = p.events("ChoiceRequested")[0]
    assert (req.event.kind, list(req.event.options), req.rule) == ("sacrifice", ["bears"], "701.21a")
    assert p.state["stack"] == []


def test_contamination_sacrificed_when_no_creature_is(tmp_path):
    """Choosing nothing ([]): Contamination is sacrificed; the Bears stay."""
    p = play("mana_contamination_upkeep_self", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Contamination"]
    assert p.on_battlefield("Contamination") == []
    assert p.perm("bears")["card"] == "Grizzly Bears"


# --------------------------------------------------------------------------- Upwelling (106.4)

def test_upwelling_keeps_unspent_mana(tmp_path):
    """Upwelling: mana doesn't empty as steps and phases end (106.4 doesn't apply), for both
    players, across the turn boundary."""
    p = play("mana_upwelling", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["active"], p.state["step"]) == (2, "Bob", "main1")
    assert p.pool("Alice") == {"G": 1}
    assert p.pool("Bob") == {"U": 1}
    assert p.events("ManaPoolEmptied") == []
    assert p.perm("island-b")["tapped"] is False      # Bob's untap step


def test_without_upwelling_mana_empties(tmp_path):
    """106.4: the same game without Upwelling: both pools empty as the main phase ends."""
    p = play("mana_no_upwelling", tmp_path)
    assert p.error is None
    assert p.state["step"] == "combat"
    assert p.pool("Alice") == {} and p.pool("Bob") == {}
    emptied = p.events("ManaPoolEmptied")
    assert [(e.event.player, dict(e.event.mana), e.rule) for e in emptied] == \
        [("Alice", {"G": 1}, "106.4"), ("Bob", {"U": 1}, "106.4")]


# --------------------------------------------------------------------------- the audit

def test_simulator_log_shows_mana_events_with_rule_and_cause(tmp_path):
    """`simulator log`: every mana event carries its rule and its cause (the activation, or the
    replacement before it)."""
    db = str(tmp_path / "log.sqlite")
    run = cli("replay", str(game_path("mana_contamination_then_reflection")), "--db", db)
    assert run.code == 0, run.err
    log = cli("log", "--db", db)
    assert log.code == 0, log.err
    rows = {}
    for line in log.out.splitlines()[1:]:
        seq, typ, rule, *rest = line.split(None, 3)
        rows[int(seq)] = (typ, rule, line)
    by_type = {}
    for seq, (typ, rule, line) in sorted(rows.items()):
        by_type.setdefault(typ, []).append((seq, rule, line))
    (act_seq, act_rule, _), = by_type["AbilityActivated"]
    assert act_rule == "605.3a"
    (tap_seq, tap_rule, tap_line), = by_type["PermanentTapped"]
    assert tap_rule == "107.5" and tap_line.split()[3] == str(act_seq)
    (r1, r1_rule, r1_line), (r2, r2_rule, r2_line) = by_type["ReplacementApplied"]
    assert (r1_rule, r2_rule) == ("106.12b", "106.12b")
    assert "Contamination (contamination) replaces the event: {G} becomes {B}" in r1_line
    assert "Mana Reflection (reflection) replaces the event: {B} becomes {B}{B}" in r2_line
    assert r1_line.split()[3] == str(act_seq) and r2_line.split()[3] == str(r1)
    (prod, prod_rule, prod_line), = by_type["ManaProduced"]
    assert prod_rule == "106.12" and prod_line.split()[3] == str(r2)
    assert "Forest (forest-a) is tapped for mana and produces {B}{B}" in prod_line
    (_, add_rule, add_line), = by_type["ManaAdded"]
    assert add_rule == "106.4" and add_line.split()[3] == str(prod)
    assert "Alice adds {B}{B} (from forest-a)" in add_line
