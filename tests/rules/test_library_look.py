"""Scry N and surveil N (701.22a, 701.25a), and "Look at the top N cards of your library ..."
(608.2c, 401.4) on real cards taken from the Oracle data (tests/games/lib_scry_*, lib_surveil_*,
lib_look_*.toml): the pending kinds `scry_bottom`, `surveil_graveyard`, `look_pick` and
`library_order`."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle, parse_spell


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def _asked(p) -> list[tuple[str, int]]:
    return [(e.event.kind, len(e.event.options)) for e in p.events("ChoiceRequested")]


# --------------------------------------------------------------------------- scry N, surveil N

def test_scry_two_one_to_the_bottom(tmp_path: Path) -> None:
    """701.22a: Alice looks at the top two (one CardsLookedAt), puts Forest on the bottom; Island
    stays on top (one card on top needs no order), Swamp was never looked at."""
    p = play("lib_scry_castle_vantress", tmp_path)
    assert p.error is None and p.state["pending"] is None
    [looked] = p.events("CardsLookedAt")
    assert (looked.event.cards, looked.event.action, looked.rule) == (("Forest", "Island"), "scry", "701.22a")
    assert _asked(p) == [("scry_bottom", 2)]
    assert _zone(p, "Alice", "library") == ["Island", "Swamp", "Forest"]


def test_scry_two_both_on_top_in_the_chosen_order(tmp_path: Path) -> None:
    """701.22a, 401.4: both stay on top, in the order Alice chooses (`library_order`, topmost first)."""
    p = play("lib_scry_vantress_order", tmp_path)
    assert p.error is None and _asked(p) == [("scry_bottom", 2), ("library_order", 2)]
    [top] = p.events("CardsPutOnTop")
    assert top.event.cards == ("Island", "Forest") and top.rule == "701.22a"
    assert _zone(p, "Alice", "library") == ["Island", "Forest", "Swamp"]
    assert p.events("CardPutOnBottom") == []


def test_scry_two_both_to_the_bottom_in_the_chosen_order(tmp_path: Path) -> None:
    """701.22a: both to the bottom, Forest above Island (Alice's order): Swamp is now on top."""
    p = play("lib_scry_vantress_both_bottom", tmp_path)
    assert p.error is None and _asked(p) == [("scry_bottom", 2), ("library_order", 2)]
    assert [e.event.card for e in p.events("CardPutOnBottom")] == ["Forest", "Island"]
    assert _zone(p, "Alice", "library") == ["Swamp", "Forest", "Island"]


def test_scry_two_with_one_card(tmp_path: Path) -> None:
    """701.22a: a library with fewer cards than N is scried with what it has: one card looked at."""
    p = play("lib_scry_vantress_one_card", tmp_path)
    assert p.error is None and _asked(p) == [("scry_bottom", 1)]
    assert [e.event.card for e in p.events("CardPutOnBottom")] == ["Forest"]
    assert _zone(p, "Alice", "library") == ["Forest"]


def test_surveil_two(tmp_path: Path) -> None:
    """701.25a: Island into the graveyard, Forest stays on top, Swamp beneath it."""
    p = play("lib_surveil_kishla_village", tmp_path)
    assert p.error is None and _asked(p) == [("surveil_graveyard", 2)]
    [moved] = [e for e in p.events("ZoneChanged") if e.event.card == "Island" and e.event.to_zone == "graveyard"]
    assert (moved.event.reason, moved.rule) == ("surveilled", "701.25a")
    assert _zone(p, "Alice", "library") == ["Forest", "Swamp"] and _zone(p, "Alice", "graveyard") == ["Island"]


# --------------------------------------------------------------------------- look at the top N

def test_look_reveal_a_creature_and_the_rest_at_random(tmp_path: Path) -> None:
    """608.2c: only the creature cards among the five may be taken (Grizzly Bears, Llanowar
    Elves); the Bears is revealed and put into Alice's hand; the other four go to the bottom in
    a random order (drawn from the seed: the same on every replay), beneath the Mountain."""
    p = play("lib_look_memorial_to_unity", tmp_path)
    assert p.error is None and _asked(p) == [("look_pick", 2)]
    [req] = p.events("ChoiceRequested")
    assert list(req.event.options) == ["grizzly-bears-1", "llanowar-elves-1"]
    assert [e.event.card for e in p.events("CardRevealed")] == ["Grizzly Bears"]
    assert _zone(p, "Alice", "hand") == ["Grizzly Bears"]
    library = _zone(p, "Alice", "library")
    assert library[0] == "Mountain" and sorted(library[1:]) == ["Forest", "Island", "Llanowar Elves", "Swamp"]
    again = play("lib_look_memorial_to_unity", tmp_path / "again")
    assert _zone(again, "Alice", "library") == library


def test_look_may_take_nothing(tmp_path: Path) -> None:
    """"You may reveal": [] takes none; all five go to the bottom, nothing is revealed."""
    p = play("lib_look_memorial_takes_nothing", tmp_path)
    assert p.error is None and p.events("CardRevealed") == [] and _zone(p, "Alice", "hand") == []
    library = _zone(p, "Alice", "library")
    assert library[0] == "Mountain" and len(library) == 6


def test_look_domain_x_put_one_into_hand(tmp_path: Path) -> None:
    """608.2h: X (domain) is 2 as the spell resolves; "Put one of those cards": the Swamp into
    Alice's hand, not revealed; the Forest to the bottom."""
    p = play("lib_look_worldly_counsel", tmp_path)
    assert p.error is None
    [looked] = p.events("CardsLookedAt")
    assert looked.event.cards == ("Swamp", "Forest")
    assert p.events("CardRevealed") == [] and _zone(p, "Alice", "hand") == ["Swamp"]
    assert _zone(p, "Alice", "library") == ["Mountain", "Forest"]


def test_look_must_take_one(tmp_path: Path) -> None:
    """"Put one of those cards into your hand": [] is illegal (608.2c) and nothing moves."""
    p = play("lib_look_worldly_counsel_must_take", tmp_path)
    assert p.error is not None and p.error.rule == "608.2c" and "must be chosen" in str(p.error)
    assert p.state["pending"]["kind"] == "look_pick" and _zone(p, "Alice", "library") == ["Swamp", "Forest", "Mountain"]


def test_look_put_them_back_in_any_order(tmp_path: Path) -> None:
    """401.4: "then put them back in any order": Alice's order, topmost first."""
    p = play("lib_look_halimar_depths", tmp_path)
    assert p.error is None and _asked(p) == [("library_order", 3)]
    assert _zone(p, "Alice", "library") == ["Swamp", "Forest", "Island", "Mountain"]


def test_look_up_to_two_and_the_rest_into_the_graveyard(tmp_path: Path) -> None:
    """Shadow Prophecy: X = 3 (Swamp, Island, Forest); up to two into the hand, the Island into
    the graveyard; Plains, the fourth card, stays; then Alice loses 2 life (119.3)."""
    p = play("lib_look_shadow_prophecy", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "hand") == ["Grizzly Bears", "Forest"] and _zone(p, "Alice", "library") == ["Plains"]
    assert _zone(p, "Alice", "graveyard") == ["Island", "Shadow Prophecy"] and p.player("Alice")["life"] == 18


@pytest.mark.parametrize("text, effect", [
    ("{T}: Look at the top seven cards of your library. You may reveal a Dragon card from among them and put it "
     "into your hand. Put the rest on the bottom of your library in a random order.",
     m.LookAtTopCards(7, 1, m.CardQuality(subtypes_any=("Dragon",)), reveal=True)),
    ("{T}: Look at the top three cards of your library. You may reveal a Bat, Bird, or Rabbit card from among "
     "them and put it into your hand. Put the rest on the bottom of your library in any order.",
     m.LookAtTopCards(3, 1, m.CardQuality(subtypes_any=("Bat", "Bird", "Rabbit")), reveal=True, rest="bottom_any")),
    ("When this land enters, look at the top three cards of your library, then put them back in any order.",
     m.LookAtTopCards(3, 0, rest="top_any")),
])
def test_the_phrases(text: str, effect: object) -> None:
    [ability] = parse_oracle("Test Card", text)
    assert ability.effects == (effect,)   # type: ignore[union-attr]


def test_a_spell_with_an_ability_word() -> None:
    """207.2c: "Domain —" before a spell's instruction has no rules meaning."""
    effects, targets = parse_spell("Test Spell", "Domain — Look at the top X cards of your library, where X is the "
                                   "number of basic land types among lands you control. Put one of those cards "
                                   "into your hand and the rest on the bottom of your library in any order.")
    assert effects == (m.LookAtTopCards(m.BasicLandTypesAmong(), 1, must=True, rest="bottom_any"),) and targets is None


def test_scry_two_as_the_rider_of_spent_mana(tmp_path: Path) -> None:
    """106.6, 603.2: Lapis Orb of Dragonkind's "When you spend this mana to cast a Dragon creature
    spell, scry 2." triggers as the {U} pays for Test Whelp; it resolves before the Whelp: Alice
    scries 2 (Forest to the bottom), then the Whelp enters."""
    p = play("lib_scry_lapis_orb", tmp_path)
    assert p.error is None and p.state["pending"] is None and _asked(p) == [("scry_bottom", 2)]
    assert [t for t in p.events("AbilityTriggered")]
    assert _zone(p, "Alice", "library") == ["Island", "Swamp", "Forest"]
    assert p.on_battlefield("Test Whelp")
