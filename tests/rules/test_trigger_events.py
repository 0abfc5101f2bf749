"""More trigger events (issue 22, pool-triggers): "Whenever an Angel you control enters" (603.6a,
205.3m), "Whenever a player taps a nonbasic land / an opponent taps a Mountain for mana" and damage
to "that player" (106.12a, 603.2), "if you control no artifacts" (603.4), "Whenever you cast a
kicked spell / a Spirit or Arcane spell / a spell of the chosen color" (601.2i, 702.33d, 205.3,
614.12), "you may gain 1 life" (608.2d). Games: tests/games/trig_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _life(p, player: str) -> int:
    return int(p.player(player)["life"])


def _fired(p) -> list[str]:
    return [e.event.source_card for e in p.events("AbilityTriggered")]


def test_seraph_sanctuary_only_your_angels(tmp_path: Path) -> None:
    """603.6a, 205.3m: Alice's Angel entering triggers it (she gains 1), her Human does not, nor
    Bob's Angel ("you control")."""
    p = play("trig_seraph_sanctuary_angels", tmp_path)
    assert p.error is None
    assert _fired(p) == ["Seraph Sanctuary"]
    assert _life(p, "Alice") == 21 and _life(p, "Bob") == 20


def test_manabarbs_damages_the_player_who_tapped(tmp_path: Path) -> None:
    """106.12a, 603.2: "that player" is Bob, who tapped the land, not Manabarbs' controller; the
    trigger adds no mana, so it is no mana ability (605.1b) and waits for the stack."""
    p = play("trig_manabarbs_that_player", tmp_path)
    assert p.error is None
    [t] = p.events("AbilityTriggered")
    assert t.event.mana_ability is False and t.event.player == "Bob"
    assert _life(p, "Bob") == 19 and _life(p, "Alice") == 20
    assert p.pool("Bob").get("R") == 1


def test_burning_earth_nonbasic_only(tmp_path: Path) -> None:
    """205.4c: the basic Mountain does not trigger it; Crystal Vein (nonbasic) does, once."""
    p = play("trig_burning_earth_nonbasic", tmp_path)
    assert p.error is None
    [t] = p.events("AbilityTriggered")
    assert t.event.land_card == "Crystal Vein"
    assert _life(p, "Bob") == 19


def test_sanctimony_opponent_mountain(tmp_path: Path) -> None:
    """106.12a, 305.6: Bob's Forest does not trigger it, his Mountain does; Alice chooses to gain
    the life (608.2d)."""
    p = play("trig_sanctimony_opponent_mountain", tmp_path)
    assert p.error is None
    [t] = p.events("AbilityTriggered")
    assert t.event.land_card == "Mountain"
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["may"]
    assert _life(p, "Alice") == 21 and _life(p, "Bob") == 20


def test_sanctimony_not_your_own_mountain(tmp_path: Path) -> None:
    """"an opponent taps": Alice's own Mountain triggers nothing."""
    p = play("trig_sanctimony_own_mountain", tmp_path)
    assert p.error is None
    assert not p.events("AbilityTriggered")


def test_glimmervoid_sacrificed_without_artifacts(tmp_path: Path) -> None:
    """603.4, 513.1: no artifact as the end step begins: it triggers, and is sacrificed (701.21a)."""
    p = play("trig_glimmervoid_no_artifacts", tmp_path)
    assert p.error is None
    assert _fired(p) == ["Glimmervoid"]
    assert not p.on_battlefield("Glimmervoid")
    assert "Glimmervoid" in [c["card"] if isinstance(c, dict) else c for c in p.player("Alice")["graveyard"]]


def test_glimmervoid_stays_with_an_artifact(tmp_path: Path) -> None:
    """603.4: with Sol Ring the condition is false as each end step begins (Alice's and Bob's):
    it never triggers."""
    p = play("trig_glimmervoid_with_artifact", tmp_path)
    assert p.error is None
    assert not p.events("AbilityTriggered")
    assert p.on_battlefield("Glimmervoid")


def test_lullmage_kicked_spell_only(tmp_path: Path) -> None:
    """702.33d, 601.2i: the unkicked spell does not trigger it; the kicked one does (2 life)."""
    p = play("trig_lullmage_kicked", tmp_path)
    assert p.error is None
    assert _fired(p) == ["Lullmage's Familiar"]
    assert _life(p, "Alice") == 22


def test_the_phrases() -> None:
    [b] = parse_oracle("Test", "Whenever you cast a Spirit or Arcane spell, draw a card.")
    assert b.condition == m.CastsSpell("you", None, subtypes_any=("Spirit", "Arcane"))  # type: ignore[union-attr]
    [c] = parse_oracle("Test", "Whenever you cast a Zombie spell, draw a card.")
    assert c.condition.spell.subtypes == ("Zombie",)  # type: ignore[union-attr]
    [d] = parse_oracle("Test", "Whenever an opponent taps a land for mana, you gain 1 life.")
    assert d.condition == m.LandTappedForMana("opponent")  # type: ignore[union-attr]


@pytest.mark.parametrize("text, problem", [
    ("Whenever you cast a Spirit spell, this creature deals 1 damage to that player.", "that player"),
    ("Whenever a player taps a land for mana, that player adds {R} and this enchantment deals 1 damage "
     "to that player.", "mana ability"),
    ("Whenever a Flurble you control enters, you gain 1 life.", "creature type"),
    ("Whenever you cast a Flurble spell, you gain 1 life.", "creature type"),
])
def test_refused(text: str, problem: str) -> None:
    """"that player" with no player in the trigger event, damage inside a triggered mana ability,
    a word that is no subtype (205.3m): refused at load, naming the phrase."""
    with pytest.raises(CardDataError, match=problem):
        parse_oracle("Test Card", text)
