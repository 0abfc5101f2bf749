"""Regeneration (701.19a, 614.8) on real cards (issue 22, pool-pump): "Regenerate this creature."
(Urborg Skeleton) / "Regenerate target creature." (Yavimaya Hollow) make a shield that replaces
the next destruction this turn -- by a "destroy" effect (701.8a), lethal damage (704.5g) or
deathtouch damage (704.5h) -- with "remove all damage from it and tap it"; not a permanent put
into the graveyard without being destroyed (704.5f); shields end in the cleanup step (514.2).
Recorded games: tests/games/regen_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_card_text

ORACLE_LINES = {
    "Urborg Skeleton": "{B}: Regenerate this creature.",
    "Yavimaya Hollow": "{G}, {T}: Regenerate target creature.",
    "Murder": "Destroy target creature.",
}


@pytest.mark.parametrize("name", sorted(ORACLE_LINES))
def test_the_games_play_real_cards_with_this_oracle_line(name: str) -> None:
    """Each game names the real card (taken from the Oracle data); its line is as quoted."""
    record = package_oracle().record(name)
    assert record is not None and ORACLE_LINES[name] in record.text.splitlines()


def _to_graveyard(p) -> list[tuple[str, str]]:
    return [(e.event.card, e.rule) for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"]


def test_skeleton_regenerates_in_response_to_murder(tmp_path: Path) -> None:
    """701.19a: the shield made in response replaces Murder's destruction (701.8a): the Skeleton
    stays, tapped by the regeneration; Murder still resolves (to the graveyard itself)."""
    p = play("regen_skeleton_murder", tmp_path)
    assert p.error is None
    skeleton = p.perm("skeleton")
    assert skeleton["tapped"] is True
    [shield] = p.events("RegenerationShieldCreated")
    assert (shield.event.object_id, shield.rule) == ("skeleton", "701.19a")
    [regenerated] = p.events("Regenerated")
    assert regenerated.rule == "701.19a"
    assert [(e.event.object_id, e.rule) for e in p.events("PermanentTapped")] == [("skeleton", "701.19a")]
    assert _to_graveyard(p) == [("Murder", "608.2n")]


def test_one_shield_one_regeneration(tmp_path: Path) -> None:
    """701.19a "the next time": the first lethal damage (704.5g) is replaced and its damage
    removed; the shield is used up, so the second lethal damage destroys the Skeleton."""
    p = play("regen_skeleton_lethal_damage_twice", tmp_path)
    assert p.error is None
    assert len(p.events("Regenerated")) == 1
    assert _to_graveyard(p) == [("Urborg Skeleton", "704.5g")]
    assert p.on_battlefield("Urborg Skeleton") == []


def test_regeneration_replaces_deathtouch_destruction(tmp_path: Path) -> None:
    """704.5h is destruction too: Yavimaya Hollow's shield keeps the Bears; its damage removed
    (no damage left to destroy it at the next check)."""
    p = play("regen_hollow_deathtouch", tmp_path)
    assert p.error is None
    bears = p.perm("bears")
    assert bears["tapped"] is True and bears.get("damage", 0) == 0
    assert _to_graveyard(p) == []


def test_regeneration_does_not_apply_to_toughness_zero(tmp_path: Path) -> None:
    """704.5f puts a creature with toughness 0 into the graveyard without destroying it: the
    Skeleton's shield does not apply (nor does it to the 0/0 Festercreep, which had none)."""
    p = play("regen_skeleton_toughness_zero", tmp_path)
    assert p.error is None
    assert p.events("Regenerated") == []
    assert _to_graveyard(p) == [("Festercreep", "704.5f"), ("Urborg Skeleton", "704.5f")]


def test_the_shield_ends_in_the_cleanup_step(tmp_path: Path) -> None:
    """701.19a "this turn", 514.2: a shield made in Alice's turn is gone in Bob's: the lethal
    damage there destroys the Skeleton."""
    p = play("regen_skeleton_shield_ends", tmp_path)
    assert p.error is None and p.state["turn"] == 2
    [ended] = p.events("UntilEndOfTurnEffectsEnded")
    assert (ended.event.count, ended.rule) == (1, "514.2")
    assert p.events("Regenerated") == []
    assert _to_graveyard(p) == [("Urborg Skeleton", "704.5g")]


def test_regenerate_lines() -> None:
    """"Regenerate this creature." / "Regenerate target Elephant." (a subtype, 205.3m); an
    instant cannot regenerate itself."""
    [a] = parse_card_text("Test", "{B}: Regenerate this creature.").abilities
    assert isinstance(a, m.ActivatedAbility) and a.effects == (m.Regenerate("self"),) and a.targets is None
    [b] = parse_card_text("Test", "{T}: Regenerate target Elephant.").abilities
    assert isinstance(b, m.ActivatedAbility) and b.effects == (m.Regenerate("target"),)
    assert b.targets == m.Targets(m.Selector(subtypes=("Elephant",)))
    from simulator.base.errors import CardDataError
    with pytest.raises(CardDataError, match="cannot refer to itself"):
        parse_card_text("Test", "Regenerate ~.", spell=True)
