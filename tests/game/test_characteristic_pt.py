"""Characteristic-defining power and toughness (issue 22, lands; 604.3, 208.2a): "Nishoba
Brawler's power is equal to the number of basic land types among lands you control.", "...
power and toughness are each equal to twice the number of ...", "... the number of Swamps on the
battlefield": layer 7a (613.4a), counted on the permanents as layer 4 left them, before the
effects that set (7b) or modify (7c) power and toughness and the counters; read continuously. A
"*" in a card's power or toughness needs such a line, and such a line a "*"."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.cards.pool import load_card_file


def test_nishoba_brawler_counts_its_controller_s_basic_land_types(tmp_path: Path) -> None:
    """Forest and Steam Vents (Island Mountain): three; Bob's Plains is his. 3 + a +1/+1 counter
    (7c after 7a) = 4; its printed toughness 3 + 1 = 4."""
    p = play("cda_nishoba_domain", tmp_path)
    brawler = p.perm("brawler")
    assert (brawler["power"], brawler["toughness"]) == (4, 4)


def test_blood_moon_applies_before_the_count(tmp_path: Path) -> None:
    """Layer 4 before 7a (613.4): under Blood Moon Steam Vents is a Mountain only: two types."""
    p = play("cda_nishoba_blood_moon", tmp_path)
    assert (p.perm("brawler")["power"], p.perm("brawler")["toughness"]) == (2, 3)


def test_territorial_maro_grows_as_a_land_enters(tmp_path: Path) -> None:
    """Twice the number: Forest (2/2), then an Island played: 4/4 at once."""
    p = play("cda_maro_land_played", tmp_path)
    assert p.error is None
    assert (p.perm("maro")["power"], p.perm("maro")["toughness"]) == (4, 4)


def test_matca_rioters_with_no_land_is_0_0_and_dies(tmp_path: Path) -> None:
    """0/0: put into its owner's graveyard as a state-based action (704.5f)."""
    p = play("cda_matca_no_lands", tmp_path)
    assert p.on_battlefield("Matca Rioters") == [] and p.player("Alice")["graveyard"] == ["Matca Rioters"]
    [died] = [e for e in p.events("ZoneChanged") if e.event.card == "Matca Rioters"]
    assert died.rule == "704.5f"


def test_aven_trailblazer_defines_toughness_only(tmp_path: Path) -> None:
    """2/*: power printed, toughness two (Forest; Overgrown Tomb adds Swamp)."""
    p = play("cda_aven_trailblazer", tmp_path)
    assert (p.perm("aven")["power"], p.perm("aven")["toughness"]) == (2, 2)


def test_swampbenders_counts_the_swamps_its_own_static_makes(tmp_path: Path) -> None:
    """Layer 4 (its "Lands you control are Swamps in addition ...") before 7a: Alice's two lands
    and Bob's Swamp: 3/3; Bob's Plains is not a Swamp."""
    p = play("cda_swampbenders", tmp_path)
    assert (p.perm("benders")["power"], p.perm("benders")["toughness"]) == (3, 3)
    assert p.perm("forest")["subtypes"] == ["Forest", "Swamp"]


def test_the_line_parses_and_a_star_needs_it(tmp_path: Path) -> None:
    """604.3: the template; a "*" without a defining line, or a number with one, is refused."""
    [maro] = parse_oracle("Territorial Maro", "Domain — Territorial Maro's power and toughness are each "
                                              "equal to twice the number of basic land types among lands you control.")
    assert maro.effect == m.CharacteristicPT(m.BasicLandTypesAmong(), True, True, 2)
    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nname = "Star"\ntype = "Creature — Cat"\ncost = "{1}"\npower = "*"\ntoughness = 1\n')
    with pytest.raises(CardDataError, match="no line of its text defines it"):
        load_card_file(bad)
    bad.write_text('[[card]]\nname = "Fixed"\ntype = "Creature — Cat"\ncost = "{1}"\npower = 2\ntoughness = 1\n'
                   'text = "Fixed\'s power is equal to the number of lands you control."\n')
    with pytest.raises(CardDataError, match="so the card's power is"):
        load_card_file(bad)
