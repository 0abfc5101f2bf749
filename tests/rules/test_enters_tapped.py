"""614.1d: "This land enters tapped." and "... enters tapped unless <condition>", on real cards
with their Oracle text (tests/games/cards/real_enters_tapped.toml): the condition is read as the
land would enter, without the land itself (it is not on the battlefield yet), among the
permanents its controller controls; 614.12: only if the land as it would exist has the ability."""
from __future__ import annotations

import pytest

from scenario import play


@pytest.mark.parametrize("game, card, tapped", [
    ("enter_real_guildgate", "Azorius Guildgate", True),
    ("enter_real_check_land_island", "Glacial Fortress", False),
    ("enter_real_check_land_mountain", "Glacial Fortress", True),
    ("enter_real_check_land_nonbasic_type", "Glacial Fortress", False),
    ("enter_real_check_land_opponent_island", "Glacial Fortress", True),
    ("enter_real_fast_land_two", "Spirebluff Canal", False),
    ("enter_real_fast_land_three", "Spirebluff Canal", True),
    ("enter_real_slow_land_one", "Deserted Beach", True),
    ("enter_real_slow_land_two", "Deserted Beach", False),
    ("enter_real_battle_land_basics", "Prairie Stream", False),
    ("enter_real_battle_land_nonbasic", "Prairie Stream", True),
    ("enter_real_bond_land", "Luxury Suite", True),
    ("enter_real_blood_moon_guildgate", "Azorius Guildgate", False),
])
def test_enters_tapped_as_its_condition_says(tmp_path, game: str, card: str, tapped: bool) -> None:
    """The land enters tapped exactly when its replacement applies; the replacement is recorded
    (ReplacementApplied, 614.1d) only then, and no player is asked anything."""
    p = play(game, tmp_path)
    assert p.error is None
    [moved] = [e for e in p.events("ZoneChanged") if e.event.card == card and e.event.to_zone == "battlefield"]
    assert moved.event.tapped is tapped
    assert p.perm(card)["tapped"] is tapped
    applied = [e for e in p.events("ReplacementApplied") if e.event.applies_to == "enter"]
    assert [(e.event.source_card, e.event.after, e.rule) for e in applied] == (
        [(card, {"tapped": True}, "614.1d")] if tapped else [])
    assert p.events("ChoiceRequested") == []


@pytest.mark.parametrize("answer, tapped, life", [("pay", False, 18), ("tapped", True, 20)])
def test_a_shock_land_returned_by_an_effect_asks_to_pay_life(answer, tapped, life, tmp_path):
    """614.1c / 614.12: "As Steam Vents enters, you may pay 2 life" applies however it enters --
    returned from the graveyard by a resolving sorcery it asks too, and the answer decides."""
    p = play(f"return_shock_land_{answer}", tmp_path)
    assert p.error is None
    assert [e.event.kind for e in p.events("ChoiceRequested")] == ["pay_life"]
    assert p.perm("Steam Vents")["tapped"] is tapped
    assert p.player("Alice")["life"] == life
