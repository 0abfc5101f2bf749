"""Effects over more targets and conditions (issue 22, pool-effects), on real cards by their Oracle
text (tests/games/eff_*.toml): targets naming one of several subtypes ("target Bird, Cat, ... or
Snake", 205.3), colorless / non-Human creatures that entered this turn, "another target" (109.2),
"Tap two target lands", "target instant or sorcery card", "When this land enters untapped"
(603.6a), and "Activate only if" conditions (602.5b): "it's not your turn", "you control a
creature with toughness 4 or greater", "an opponent controls four or more lands"."""
from __future__ import annotations

from pathlib import Path

import pytest

from real_sample import check_real_sample
from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle

SAMPLE = {
    "Animal Sanctuary": "{T}: Add {C}.\n{2}, {T}: Put a +1/+1 counter on target Bird, Cat, Dog, Goat, Ox, or Snake.",
    "Mudflat Village": "{T}: Add {C}.\n{T}: Add {B}. Spend this mana only to cast a creature spell.\n"
                       "{1}{B}, {T}, Sacrifice this land: Return target Bat, Lizard, Rat, or Squirrel card from your "
                       "graveyard to your hand.",
    "Ruins of Oran-Rief": "This land enters tapped.\n{T}: Add {C}. ({C} represents colorless mana.)\n"
                          "{T}: Put a +1/+1 counter on target colorless creature that entered this turn.",
    "Drannith Ruins": "{T}: Add {C}.\n{2}, {T}: Put two +1/+1 counters on target non-Human creature that entered "
                      "this turn.",
    "Idyllic Grange": "({T}: Add {W}.)\nThis land enters tapped unless you control three or more other Plains.\n"
                      "When this land enters untapped, put a +1/+1 counter on target creature you control.",
    "Mystic Sanctuary": "({T}: Add {U}.)\nThis land enters tapped unless you control three or more other Islands.\n"
                        "When this land enters untapped, you may put target instant or sorcery card from your "
                        "graveyard on top of your library.",
    "Ghost Town": "{T}: Add {C}.\n{0}: Return this land to its owner's hand. Activate only if it's not your turn.",
    "Baxter Building": "{T}: Add {C}.\n{4}, {T}: Add four mana in any combination of colors.\n"
                       "{4}, {T}: Draw a card. Activate only if you control a creature with toughness 4 or greater.",
    "Tectonic Edge": "{T}: Add {C}.\n{1}, {T}, Sacrifice this land: Destroy target nonbasic land. Activate only if "
                     "an opponent controls four or more lands.",
    "Wintermoon Mesa": "This land enters tapped.\n{T}: Add {C}.\n{2}, {T}, Sacrifice this land: Tap two target lands.",
}


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_real_sample(name: str) -> None:
    check_real_sample(name, SAMPLE[name])


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def test_animal_sanctuary_on_a_cat(tmp_path: Path) -> None:
    """205.3, 122.1: Savannah Lions is a Cat, one of the six: a +1/+1 counter."""
    p = play("eff_animal_sanctuary_cat", tmp_path)
    assert p.error is None
    assert p.perm("lions")["counters"] == {"+1/+1": 1}


def test_animal_sanctuary_not_on_a_bear(tmp_path: Path) -> None:
    """115.1: a Bear is none of Bird, Cat, Dog, Goat, Ox, Snake: refused, the message names them."""
    p = play("eff_animal_sanctuary_bear", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a Bird, Cat, Dog, Goat, Ox, or Snake" in str(p.error)
    assert not p.perm("bears").get("counters")


@pytest.mark.parametrize(("text", "names"), [
    ("{T}: Regenerate target Insect, Rat, Spider, or Squirrel.", ("Insect", "Rat", "Spider", "Squirrel")),
    ("{3}, {T}: Target Ninja or Turtle can't be blocked this turn.", ("Ninja", "Turtle")),
])
def test_subtype_lists_are_one_of(text: str, names: tuple[str, ...]) -> None:
    """205.3: "target A, B, or C": one of the subtypes (not all of them): `any_subtype`."""
    [ability] = parse_oracle("Test Card", text)
    assert isinstance(ability, m.ActivatedAbility) and ability.targets is not None
    assert ability.targets.what.any_subtype == names and ability.targets.what.subtypes == ()
    sel = ability.targets.what
    fits = dict(zone="battlefield", types=("Creature",), supertypes=(), controller="Alice", you="Alice", related=False)
    assert sel.matches(subtypes=(names[-1], "Warrior"), **fits)
    assert not sel.matches(subtypes=("Bear",), **fits)


def test_mudflat_village_returns_a_rat(tmp_path: Path) -> None:
    """115.1, 205.3: Typhoid Rats (a Rat) goes to Alice's hand; the Bears stay; the Village was
    sacrificed for the cost (701.21a)."""
    p = play("eff_mudflat_village_rat", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "hand") == ["Typhoid Rats"]
    assert _zone(p, "Alice", "graveyard") == ["Grizzly Bears", "Mudflat Village"]


def test_mudflat_village_cannot_return_a_bear(tmp_path: Path) -> None:
    p = play("eff_mudflat_village_bear", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert _zone(p, "Alice", "graveyard") == ["Typhoid Rats", "Grizzly Bears"]


def test_ruins_of_oran_rief_new_colorless_creature(tmp_path: Path) -> None:
    """105.2c, 122.1: a colorless Ornithopter that entered this turn gets the counter."""
    p = play("eff_ruins_oran_rief_new", tmp_path)
    assert p.error is None
    assert p.perm("target")["counters"] == {"+1/+1": 1}


@pytest.mark.parametrize("game", ["eff_ruins_oran_rief_old", "eff_ruins_oran_rief_elves"])
def test_ruins_of_oran_rief_refuses(game: str, tmp_path: Path) -> None:
    """115.1: an Ornithopter that did not enter this turn, or green Llanowar Elves that did, is
    not a "colorless creature that entered this turn"."""
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs a colorless creature that entered this turn" in str(p.error)
    assert not p.perm("target").get("counters")


def test_drannith_ruins_non_human(tmp_path: Path) -> None:
    """205.3, 122.1: the new Grizzly Bears (not Human) gets two counters; a new Human is refused."""
    p = play("eff_drannith_ruins_bears", tmp_path)
    assert p.error is None
    assert p.perm("target")["counters"] == {"+1/+1": 2}
    p = play("eff_drannith_ruins_human", tmp_path / "human")
    assert p.error is not None and p.error.rule == "115.1"
    assert "non-Human creature that entered this turn" in str(p.error)


def test_idyllic_grange_enters_untapped_triggers(tmp_path: Path) -> None:
    """614.1d, 603.6a: three other Plains: it enters untapped and its trigger puts a +1/+1 counter
    on the creature Alice targets."""
    p = play("eff_idyllic_grange_3", tmp_path)
    assert p.error is None
    assert not p.perm("Idyllic Grange").get("tapped")
    assert p.perm("lions")["counters"] == {"+1/+1": 1}
    [fired] = p.events("AbilityTriggered")
    assert fired.rule == "603.6a"


def test_idyllic_grange_enters_tapped_does_not_trigger(tmp_path: Path) -> None:
    """603.6a: two other Plains: it enters tapped (614.1d), "enters untapped" does NOT trigger."""
    p = play("eff_idyllic_grange_2", tmp_path)
    assert p.error is None
    assert p.perm("Idyllic Grange")["tapped"]
    assert p.events("AbilityTriggered") == []
    assert not p.perm("lions").get("counters")


def test_mystic_sanctuary_puts_an_instant_on_top(tmp_path: Path) -> None:
    """115.1 ("target instant or sorcery card": Lightning Bolt is one), 608.2d, 401.2."""
    p = play("eff_mystic_sanctuary_bolt", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "library") == ["Lightning Bolt", "Forest"]
    assert _zone(p, "Alice", "graveyard") == ["Grizzly Bears"]
    [ability] = [a for a in parse_oracle("Mystic Sanctuary", SAMPLE["Mystic Sanctuary"])
                 if isinstance(a, m.TriggeredAbility)]
    assert isinstance(ability.condition, m.EntersSelfUntapped)
    assert ability.targets is not None and ability.targets.what.any_of == ("Instant", "Sorcery")


def test_ghost_town_on_an_opponents_turn(tmp_path: Path) -> None:
    """602.5b: "it's not your turn": on Bob's turn Alice may return it to her hand (400.7)."""
    p = play("eff_ghost_town_bobs_turn", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "hand") == ["Ghost Town"]
    assert p.on_battlefield("Ghost Town") == []


def test_ghost_town_on_its_controllers_turn(tmp_path: Path) -> None:
    p = play("eff_ghost_town_own_turn", tmp_path)
    assert p.error is not None and p.error.rule == "602.5b"
    assert "only if it's not your turn" in str(p.error)
    assert p.perm("town")


def test_baxter_building_toughness(tmp_path: Path) -> None:
    """602.5b on layered toughness: Colossal Dreadmaw (6/6) lets Alice draw; Grizzly Bears (2/2) not."""
    p = play("eff_baxter_building_dreadmaw", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "hand") == ["Island"]
    p = play("eff_baxter_building_bears", tmp_path / "bears")
    assert p.error is not None and p.error.rule == "602.5b"
    assert "a creature with toughness 4 or greater" in str(p.error)
    assert _zone(p, "Alice", "library") == ["Island"]


def test_tectonic_edge_counts_one_opponents_lands(tmp_path: Path) -> None:
    """602.5b: Bob controls four lands: his nonbasic Ghost Town is destroyed (701.8a); with three,
    refused (Alice's own four lands never count: "an opponent controls")."""
    p = play("eff_tectonic_edge_4", tmp_path)
    assert p.error is None
    assert _zone(p, "Bob", "graveyard") == ["Ghost Town"]
    p = play("eff_tectonic_edge_3", tmp_path / "three")
    assert p.error is not None and p.error.rule == "602.5b"
    assert "an opponent controls 4 or more lands" in str(p.error)
    assert p.perm("town")


def test_an_opponent_controls_is_per_opponent() -> None:
    """"an opponent controls four or more lands": one opponent's count, never the sum of several."""
    from simulator.game.conditions import CONDITION_READERS
    from simulator.cards.model_conditions import AnOpponentControlsAtLeast
    assert AnOpponentControlsAtLeast in CONDITION_READERS
    [ability] = parse_oracle("Test Card", "{T}: Draw a card. Activate only if an opponent controls two or more lands.")
    assert ability.condition == AnOpponentControlsAtLeast(m.Selector(types=("Land",), controller="opponent"), 2)  # type: ignore[union-attr]


def test_sonic_screwdriver_untaps_another_artifact(tmp_path: Path) -> None:
    """701.26b: the tapped Mind Stone untaps."""
    p = play("eff_sonic_screwdriver_stone", tmp_path)
    assert p.error is None
    assert not p.perm("stone").get("tapped")


def test_sonic_screwdriver_cannot_target_itself(tmp_path: Path) -> None:
    """109.2: "another target artifact" is never the source: refused (115.1), nothing paid."""
    p = play("eff_sonic_screwdriver_self", tmp_path)
    assert p.error is not None and p.error.rule == "115.1"
    assert "needs another artifact" in str(p.error)
    assert not p.perm("forest").get("tapped")


def test_wintermoon_mesa_taps_two_lands(tmp_path: Path) -> None:
    """701.26a, 115.1: both targets tap; the Island does not."""
    p = play("eff_wintermoon_mesa", tmp_path)
    assert p.error is None
    assert p.perm("forest-b1")["tapped"] and p.perm("forest-b2")["tapped"]
    assert not p.perm("island-b").get("tapped")
