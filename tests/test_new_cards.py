"""Scenario tests for the twelve cards added in the pool's growth (CARDS.md, "Added for the
next growth of the pool"): Birds of Paradise, Elvish Mystic, Sol Ring, Arcane Signet, Fertile
Ground, Utopia Sprawl, Cryptolith Rite, Lotus Cobra, Mirari's Wake, Lurking Chupacabra,
Seekers' Squire and Tishana's Wayfinder.

Each test replays one recorded game from tests/games/card_*.toml (its comment gives the
situation and the rule). Expected values are worked out from the Comprehensive Rules and the
rulings, including the triggers that must NOT fire and both timestamp orders where the order
matters.
"""
from __future__ import annotations

from scenario import play

COLORS = ["W", "U", "B", "R", "G"]
ANY_COLOR = "{T}: Add one mana of any color."


def assert_illegal(p, rule: str, *fragments: str) -> None:
    """The last action was illegal (exit 3) for `rule`; its message holds each fragment."""
    assert p.error is not None, "the action should have been illegal"
    assert p.error.rule == rule, str(p.error)
    for fragment in fragments:
        assert fragment in str(p.error), str(p.error)


def triggered(p, card: str | None = None) -> list:
    """AbilityTriggered envelopes (of one source card), in log order."""
    return [e for e in p.events("AbilityTriggered") if card is None or e.event.source_card == card]


def pt(p, ref: str) -> tuple:
    b = p.perm(ref)
    return b["power"], b["toughness"]


def abilities(p, ref: str) -> list[tuple[str, str]]:
    """(text, origin) of the permanent's activated abilities, numbered as GAME_FORMAT says."""
    return [(a["text"], a["origin"]) for a in p.perm(ref)["abilities"]]


def produced(p) -> list[tuple[str, dict, str]]:
    return [(e.event.source, dict(e.event.mana), e.rule) for e in p.events("ManaProduced")]


def added(p) -> list[tuple[str, dict, str | None]]:
    return [(e.event.player, dict(e.event.mana), e.event.source) for e in p.events("ManaAdded")]


# --------------------------------------------------------------------------- Birds of Paradise

def test_birds_taps_for_any_color(tmp_path):
    """605.1a/605.3a: Birds of Paradise's mana ability resolves at once; Alice names {U}."""
    p = play("card_birds_any_color", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"U": 1}
    assert p.perm("birds")["tapped"] is True and pt(p, "birds") == (0, 1)
    assert p.state["stack"] == [] and p.state["priority"] == "Alice"
    (act,) = p.events("AbilityActivated")
    assert (act.event.text, act.event.mana_ability, act.rule) == (ANY_COLOR, True, "605.3a")


def test_birds_cast_this_turn_cannot_tap(tmp_path):
    """302.6: Birds came under Alice's control this turn: its {T} mana ability can't be activated."""
    p = play("card_birds_cast_then_tap", tmp_path)
    assert_illegal(p, "302.6", "action 4", "Alice", "summoning sickness")
    birds = p.perm("Birds of Paradise")
    assert birds["tapped"] is False and birds["controller"] == "Alice"
    assert p.pool("Alice") == {}


def test_birds_cannot_make_colorless(tmp_path):
    """105.1/106.1b: colorless is not a color; the illegal activation taps nothing."""
    p = play("card_birds_colorless", tmp_path)
    assert_illegal(p, "608.2d", "action 1", "any color", "WUBRG")
    assert p.perm("birds")["tapped"] is False and p.pool("Alice") == {}


# --------------------------------------------------------------------------- Elvish Mystic

def test_mystic_doubled_by_reflection_not_seen_by_flare(tmp_path):
    """106.12b: Mana Reflection doubles mana from tapping any permanent ({G}{G}); Mana Flare
    sees only lands tapped for mana (106.12a), so it must not trigger for a creature."""
    p = play("card_mystic_reflection_flare", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 2} and p.pool("Bob") == {}
    assert produced(p) == [("mystic", {"G": 2}, "106.12")]
    (rep,) = p.events("ReplacementApplied")
    assert (rep.event.source, dict(rep.event.before), dict(rep.event.after)) == \
        ("reflection", {"G": 1}, {"G": 2})
    assert triggered(p) == []


def test_mystic_summoning_sick(tmp_path):
    """302.6: Elvish Mystic can't use its {T} ability the turn it came under Alice's control."""
    p = play("card_mystic_sick", tmp_path)
    assert_illegal(p, "302.6", "action 1", "summoning sickness")
    assert p.perm("mystic")["tapped"] is False and p.pool("Alice") == {}


# --------------------------------------------------------------------------- Sol Ring

def test_sol_ring_taps_the_turn_it_is_cast(tmp_path):
    """302.6 applies to creatures only: an artifact cast this turn taps for {C}{C} at once."""
    p = play("card_sol_ring_cast_and_tap", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 2}
    ring = p.perm("Sol Ring")
    assert ring["tapped"] is True and ring["types"] == ["Artifact"] and ring["power"] is None
    assert [s for s, _, _ in produced(p)] == ["forest-a", ring["id"]]


def test_sol_ring_nyxbloom_yes_contamination_no(tmp_path):
    """106.12b: Nyxbloom Ancient triples mana from tapping a permanent: six {C}. Contamination
    applies only when a land is tapped for mana, so it doesn't apply and nothing asks for an
    order of replacement effects (616.1)."""
    p = play("card_sol_ring_nyxbloom_contamination", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"C": 6}
    assert [e.event.source for e in p.events("ReplacementApplied")] == ["nyxbloom"]
    assert p.state["pending"] is None and p.events("ChoiceRequested") == []


def test_sol_ring_cannot_be_asked_for_green(tmp_path):
    """608.2d: Sol Ring adds exactly {C}{C}; a `mana` answer naming {G} is illegal."""
    p = play("card_sol_ring_wrong_mana", tmp_path)
    assert_illegal(p, "608.2d", "action 1", "{C}{C}", "{G}")
    assert p.perm("sol-ring")["tapped"] is False and p.pool("Alice") == {}


# --------------------------------------------------------------------------- Seekers' Squire

def test_squire_explores_nonland_to_graveyard(tmp_path):
    """701.44a: a nonland card: +1/+1 counter (2/3), the card to the graveyard as chosen."""
    p = play("card_squire_nonland_graveyard", tmp_path)
    assert p.error is None
    squire = p.perm("Seekers' Squire")
    assert (squire["power"], squire["toughness"], squire["counters"]) == (2, 3, {"+1/+1": 1})
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears"] and alice["library"] == ["Swamp"]


def test_squire_explores_land_and_walker_triggers(tmp_path):
    """701.44a: a land goes to the hand, no counter; Wildgrowth Walker triggers anyway."""
    p = play("card_squire_land", tmp_path)
    assert p.error is None
    squire = p.perm("Seekers' Squire")
    assert (squire["power"], squire["toughness"], squire["counters"]) == (1, 2, {})
    assert p.player("Alice")["hand"] == ["Swamp"]
    assert pt(p, "walker") == (2, 4) and p.player("Alice")["life"] == 23


# --------------------------------------------------------------------------- Tishana's Wayfinder

def test_wayfinder_explores_twice_and_sees_the_same_card(tmp_path):
    """614.1a + explore ruling: a card left on top is revealed again; two counters (4/4)."""
    p = play("card_wayfinder_tracker_same_card", tmp_path)
    assert p.error is None
    wayfinder = p.perm("Tishana's Wayfinder")
    assert (wayfinder["power"], wayfinder["toughness"], wayfinder["counters"]) == (4, 4, {"+1/+1": 2})
    assert [e.event.card for e in p.events("CardRevealed")] == ["Grizzly Bears", "Grizzly Bears"]
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Grizzly Bears"] and alice["library"] == ["Forest"]


def test_wayfinder_empty_library_gets_the_counter(tmp_path):
    """Explore ruling: nothing revealed, the explorer gets the counter; no draw, no loss."""
    p = play("card_wayfinder_empty_library", tmp_path)
    assert p.error is None
    wayfinder = p.perm("Tishana's Wayfinder")
    assert (wayfinder["power"], wayfinder["toughness"], wayfinder["counters"]) == (3, 3, {"+1/+1": 1})
    assert p.state["game_over"] is False and p.events("CardRevealed") == []
