"""614.12: replacement effects that modify how a permanent enters apply only if the permanent,
as it would exist on the battlefield, has the ability: layer 4 type changes with the loss of
rules-text abilities (305.7), layer 6 grants, from either player's permanents, in either
timestamp order. The places that decide how a permanent enters (`actions.EnterBattlefield`
asking for `pay_life`, `actions.enter_battlefield` applying "enters tapped unless you pay",
"enters with N counters") read `characteristics.entering_characteristics`."""
from __future__ import annotations

import pytest

from scenario import GAMES, Played, play


def land(p: Played, card: str) -> dict:
    [b] = p.on_battlefield(card)
    return b


def entered(p: Played, card: str) -> list:
    return [e for e in p.events("ZoneChanged") if e.event.card == card and e.event.to_zone == "battlefield"]


def assert_no_replacement_and_no_choice(p: Played) -> None:
    assert p.events("ChoiceRequested") == [] and p.events("LifePaid") == []
    assert [e for e in p.events("ReplacementApplied") if e.event.applies_to == "enter"] == []


def test_blood_moon_steam_vents_enters_untapped_without_a_choice(tmp_path):
    """Under Blood Moon Steam Vents would be a Mountain with no text abilities: no pay_life
    choice, it enters untapped (and taps for {R} at once)."""
    p = play("enter_blood_moon_steam_vents", tmp_path)
    assert p.error is None
    assert_no_replacement_and_no_choice(p)
    [moved] = entered(p, "Steam Vents")
    assert moved.event.tapped is False
    vents = land(p, "Steam Vents")
    assert (vents["subtypes"], vents["tapped"]) == (["Mountain"], True)
    assert p.pool("Alice") == {"R": 1} and p.player("Alice")["life"] == 20


def test_opponents_blood_moon_applies_to_the_entering_land(tmp_path):
    """Alice's Blood Moon makes Bob's Overgrown Tomb enter as a Mountain: untapped, no choice."""
    p = play("enter_opponent_blood_moon_overgrown_tomb", tmp_path)
    assert p.error is None
    assert_no_replacement_and_no_choice(p)
    assert entered(p, "Overgrown Tomb")[0].event.tapped is False
    assert p.pool("Bob") == {"R": 1} and p.player("Bob")["life"] == 20


def test_urborg_keeps_the_ability_the_choice_is_asked(tmp_path):
    """Urborg adds Swamp and removes nothing: the pay_life choice (614.1c) is asked; paid."""
    p = play("enter_urborg_steam_vents", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, req.event.player, list(req.event.options)) == ("pay_life", "Alice", ["pay", "tapped"])
    assert [(e.event.player, e.event.amount) for e in p.events("LifePaid")] == [("Alice", 2)]
    vents = land(p, "Steam Vents")
    assert (vents["subtypes"], vents["tapped"]) == (["Island", "Mountain", "Swamp"], False)
    assert p.player("Alice")["life"] == 18


@pytest.mark.parametrize("game", ["enter_blood_moon_urborg_steam_vents", "enter_urborg_blood_moon_steam_vents",
                                  "enter_blood_moon_cast_then_vents", "enter_urborg_played_under_blood_moon"])
def test_blood_moon_and_urborg_in_either_timestamp_order(game, tmp_path):
    """613.8a: Urborg depends on Blood Moon, which applies first whatever the timestamps (starting
    positions in both file orders; Blood Moon cast after Urborg; Urborg played after Blood Moon):
    Steam Vents would be only a Mountain, so no choice and it enters untapped."""
    p = play(game, tmp_path)
    assert p.error is None
    assert_no_replacement_and_no_choice(p)
    assert entered(p, "Steam Vents")[0].event.tapped is False
    vents = land(p, "Steam Vents")
    assert (vents["subtypes"], vents["tapped"], vents["abilities"][0]["text"]) == (["Mountain"], False, "{T}: Add {R}.")
    assert land(p, "Urborg, Tomb of Yawgmoth")["subtypes"] == ["Mountain"]
    assert p.player("Alice")["life"] == 20


def test_layer_6_grant_does_not_restore_the_lost_ability(tmp_path):
    """Chromatic Lantern grants a mana ability (layer 6); Blood Moon still removed the text
    abilities (305.7): no choice; Steam Vents taps with Lantern's ability for {U}."""
    p = play("enter_lantern_blood_moon_vents", tmp_path)
    assert p.error is None
    assert_no_replacement_and_no_choice(p)
    vents = land(p, "Steam Vents")
    assert [a["text"] for a in vents["abilities"]] == ["{T}: Add {R}.", "{T}: Add one mana of any color."]
    assert p.pool("Alice") == {"U": 1}


def test_an_aura_on_another_land_does_not_touch_the_entering_land(tmp_path):
    """Spreading Seas on the Forest cannot apply to Steam Vents as it enters: it keeps its
    ability; Alice answers "tapped" and it enters tapped (614.1c)."""
    p = play("enter_seas_elsewhere_vents", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert req.event.kind == "pay_life"
    [rep] = [e for e in p.events("ReplacementApplied") if e.event.applies_to == "enter"]
    assert (rep.event.before, rep.event.after, rep.rule) == ({"tapped": False}, {"tapped": True}, "614.1c")
    vents = land(p, "Steam Vents")
    assert (vents["tapped"], vents["subtypes"]) == (True, ["Island", "Mountain"])
    assert land(p, "Forest")["subtypes"] == ["Island"]


def test_enters_with_counters_lost_under_blood_moon(tmp_path):
    """"Test Vault enters with two +1/+1 counters on it." is a text ability a Mountain would not
    have: no counters, no replacement."""
    p = play("enter_blood_moon_vault", tmp_path)
    assert p.error is None
    assert_no_replacement_and_no_choice(p)
    assert p.events("CountersPlaced") == []
    vault = land(p, "Test Vault")
    assert (vault["counters"], vault["subtypes"]) == ({}, ["Mountain"])


def test_enters_with_counters_without_blood_moon(tmp_path):
    """Control: the same land without Blood Moon enters with its two +1/+1 counters (614.1c)."""
    game = tmp_path / "vault.toml"
    text = (GAMES / "enter_blood_moon_vault.toml").read_text()
    game.write_text(text.replace('  [[players.battlefield]]\n  card = "Blood Moon"\n  id = "moon"\n', "")
                    .replace('cards = ["cards/enter_cards.toml"]',
                             f'cards = ["{(GAMES / "cards" / "enter_cards.toml").as_posix()}"]'))
    p = play(str(game), tmp_path)
    assert p.error is None
    assert land(p, "Test Vault")["counters"] == {"+1/+1": 2}
    [rep] = p.events("ReplacementApplied")
    assert (rep.event.applies_to, rep.rule) == ("enter", "614.1c")


def test_lost_trigger_and_lost_enter_choice_together(tmp_path):
    """Test Gate (may enter tapped; "whenever it becomes tapped, 1 damage to you") under Blood
    Moon: no choice, enters untapped, tapping it for {R} deals no damage."""
    p = play("enter_blood_moon_test_gate", tmp_path)
    assert p.error is None
    assert_no_replacement_and_no_choice(p)
    assert p.events("AbilityTriggered") == [] and p.events("DamageDealt") == []
    assert p.pool("Alice") == {"R": 1} and p.player("Alice")["life"] == 20
