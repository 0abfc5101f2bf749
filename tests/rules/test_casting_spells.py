"""Spells the triggers and counts read (issue 22, pool-casting; cards/model_casting.py):

- one printed ability with two trigger events, two abilities of the same effect: "At the beginning
  of your upkeep and whenever you cast a green spell, ..." (Shrine of Boundless Growth), "When you
  cast this spell and when this creature dies, ..." (Eldrazi Repurposer; 601.2i, 603.10a);
- the spell a "Whenever you cast ..." trigger names: "the number of colors that spell is" (Crystal,
  Inhuman Princess), "If that spell was all colors, ..." (Jenson Carthalion; 105.2);
- "for each different mana cost among nonland cards in your graveyard" (Embodiment of Agonies, 202.1);
- "This cost is reduced by {2} for each basic land type among lands you control." (Draco, 608.2h);
- "Spend this mana only to cast spells you don't own." (Thieving Varmint; 108.3, 106.6);
- a kindred sorcery (Skittering Invasion; 308.1, 205.3d);
- "When you cast or cycle Drownyard Lurker, ..." (601.2i; 702.29c: discarded to pay a cycling cost,
  it triggers from the graveyard);
- "As this land enters, choose a basic land type. Then you may pay 2 life. If you don't, it enters
  tapped." (Multiversal Passage; 614.12: the choice, then the payment).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _triggered(p) -> list[str]:
    return [t["source"] for t in p.triggers()]


def test_shrine_counts_green_spells_and_upkeeps(tmp_path: Path) -> None:
    """Grizzly Bears (green) and the next upkeep: two counters, {C}{C} as it is sacrificed; Lava
    Spike (red) triggers nothing."""
    p = play("casting_shrine_of_boundless_growth", tmp_path)
    assert p.error is None
    assert _triggered(p) == ["Shrine of Boundless Growth", "Shrine of Boundless Growth"]
    assert p.pool("Alice") == {"C": 2}


def test_shrine_is_two_abilities_of_one_line() -> None:
    upkeep, cast, _ = parse_oracle("Shrine of Boundless Growth", "At the beginning of your upkeep and whenever you "
                                   "cast a green spell, put a charge counter on this artifact.\n{T}, Sacrifice this "
                                   "artifact: Add {C} for each charge counter on this artifact.")
    assert isinstance(upkeep, m.TriggeredAbility) and isinstance(cast, m.TriggeredAbility)
    assert upkeep.condition == m.BeginningOfYourStep("upkeep") and isinstance(cast.condition, m.CastsSpell)
    assert upkeep.effects == cast.effects and cast.condition.color == "G"


def test_eldrazi_repurposer_makes_a_spawn_as_cast_and_as_it_dies(tmp_path: Path) -> None:
    p = play("casting_eldrazi_repurposer", tmp_path)
    assert p.error is None
    assert len(p.on_battlefield("Eldrazi Spawn")) == 2
    assert [t["rule"] for t in p.triggers()] == ["601.2i", "603.10a"]


def test_embodiment_counts_different_mana_costs(tmp_path: Path) -> None:
    """{1}{G}, {G} (twice), {0}, {X}; the Forest has none: four counters."""
    p = play("casting_embodiment_of_agonies", tmp_path)
    assert p.error is None
    body = p.perm("Embodiment of Agonies")
    assert body["counters"] == {"+1/+1": 4} and (body["power"], body["toughness"]) == (4, 4)


def test_crystal_deals_the_colors_of_the_spell(tmp_path: Path) -> None:
    """Lightning Helix (two colors): 2 damage, then its own 3; Grizzly Bears triggers nothing."""
    p = play("casting_crystal_inhuman_princess", tmp_path)
    assert p.error is None
    assert p.player("Bob")["life"] == 15 and _triggered(p) == ["Crystal, Inhuman Princess"]


@pytest.mark.parametrize("game, angels", [("casting_jenson_all_colors", 1), ("casting_jenson_two_colors", 0)])
def test_jenson_makes_an_angel_only_for_a_spell_of_all_colors(tmp_path: Path, game: str, angels: int) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    assert len([b for b in p.state["battlefield"] if b["card"].startswith("Angel")]) == angels
    assert _triggered(p) == ["Jenson Carthalion, Druid Exile"]


@pytest.mark.parametrize("line", [
    "When this creature enters, it deals X damage to each opponent, where X is the number of colors that spell is.",
    "{T}: Draw a card. If that spell was all colors, draw a card.",
])
def test_that_spell_needs_a_cast_trigger(line: str) -> None:
    with pytest.raises(CardDataError):
        parse_oracle("Odd Card", line)


def test_draco_pays_its_reduced_upkeep_cost(tmp_path: Path) -> None:
    """Four basic land types: {10} - 4 x {2} = {2}, paid with two lands."""
    p = play("casting_draco_pays_reduced", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Draco") and p.pool("Alice") == {}
    assert "pay {2}" in [e.event for e in p.events("ChoiceRequested")][-1].prompt


def test_draco_unpaid_is_sacrificed(tmp_path: Path) -> None:
    p = play("casting_draco_sacrificed", tmp_path)
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Draco"]


def test_thieving_varmint_s_mana_cannot_pay_for_alice_s_spell(tmp_path: Path) -> None:
    p = play("casting_thieving_varmint", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert "spells you don't own" in str(p.error) and p.player("Alice")["life"] == 19


def test_skittering_invasion_is_a_kindred_sorcery(tmp_path: Path) -> None:
    p = play("casting_skittering_invasion", tmp_path)
    assert p.error is None
    assert len(p.on_battlefield("Eldrazi Spawn")) == 4 and p.pool("Alice") == {"C": 1}


def test_drownyard_lurker_cycled_makes_a_spawn(tmp_path: Path) -> None:
    p = play("casting_drownyard_lurker_cycled", tmp_path)
    assert p.error is None
    assert len(p.on_battlefield("Eldrazi Spawn")) == 1 and p.player("Alice")["hand"] == ["Forest"]
    assert [t["rule"] for t in p.triggers()] == ["702.29c"]


def test_warped_tusker_cast_makes_a_spawn(tmp_path: Path) -> None:
    p = play("casting_warped_tusker_cast", tmp_path)
    assert p.error is None
    assert len(p.on_battlefield("Eldrazi Spawn")) == 1 and p.on_battlefield("Warped Tusker")
    assert [t["rule"] for t in p.triggers()] == ["601.2i"]


def test_a_card_discarded_to_another_cost_is_not_cycled(tmp_path: Path) -> None:
    p = play("casting_lurker_discarded", tmp_path)
    assert p.error is None
    assert p.triggers() == [] and p.pool("Alice") == {"B": 1}


@pytest.mark.parametrize("game, life, tapped, land_type", [
    ("casting_multiversal_passage_pays", 18, True, "Island"),      # tapped for {U} after it entered untapped
    ("casting_multiversal_passage_tapped", 20, True, "Swamp"),
])
def test_multiversal_passage_choice_then_payment(tmp_path: Path, game: str, life: int, tapped: bool,
                                                 land_type: str) -> None:
    p = play(game, tmp_path)
    assert p.error is None
    passage = p.perm("Multiversal Passage")
    assert passage["subtypes"] == [land_type] and passage["tapped"] == tapped
    assert p.player("Alice")["life"] == life
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["land_type", "pay_life"]
