"""Keyword abilities (702) on real cards (tests/games/cards/real_keywords.toml): haste lets a
creature use {T} abilities at once (302.6), hexproof and shroud keep it from being targeted
(702.11b, 702.18a), devoid makes a card colorless (702.114a); combat keywords are parsed,
present and inert (no combat here)."""
from __future__ import annotations

import pytest

from scenario import GAMES, play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.game.layers import card_characteristics


def test_haste_taps_for_mana_the_turn_it_enters(tmp_path) -> None:
    """302.6: Raging Goblin (haste) activates the "{T}: Add one mana of any color." that
    Cryptolith Rite grants, the turn it entered (Elvish Mystic can't: card_rite_sick_own_ability)."""
    p = play("kw_haste_rite", tmp_path)
    assert p.error is None
    assert p.perm("Raging Goblin")["tapped"] is True
    assert p.pool("Alice") == {"G": 1}


@pytest.mark.parametrize("game", ["kw_hexproof_chupacabra", "kw_shroud_chupacabra"])
def test_no_legal_target_with_hexproof_or_shroud(tmp_path, game: str) -> None:
    """702.11b / 702.18a: Bob's only creature can't be the target of Alice's Lurking Chupacabra
    trigger, so the trigger is removed as it would be put on the stack (603.3d)."""
    p = play(game, tmp_path)
    assert p.error is None
    [t] = [e for e in p.events("AbilityTriggered") if e.event.source_card == "Lurking Chupacabra"]
    [removed] = p.events("TriggerRemoved")
    assert (removed.event.trigger_id, removed.rule) == (t.event.trigger_id, "603.3d")
    assert p.state["stack"] == [] and p.state["pending"] is None


def test_devoid_is_colorless_in_every_zone() -> None:
    """702.114a: Prophet of Distortion costs {U} but is colorless."""
    pool = CardPool.from_files(GAMES / "cards" / "real_keywords.toml")
    assert card_characteristics(pool.get("Prophet of Distortion")).colors == ()
    assert card_characteristics(pool.get("Raging Goblin")).colors == ("R",)


def test_keyword_lists_and_inert_combat_keywords() -> None:
    """702.1: "Flying, vigilance" is one line of two keywords; a repeated one is refused."""
    [line] = parse_oracle("X", "Flying, vigilance")
    assert line.effect == m.Keywords(("Flying", "Vigilance"))
    [line] = parse_oracle("X", "First strike")
    assert line.effect == m.Keyword("First strike")
    with pytest.raises(Exception, match="repeated"):
        parse_oracle("X", "Reach, reach")
    [line] = parse_oracle("X", "Flash, flying")
    assert line.effect == m.Keywords(("Flash", "Flying"))


def test_flash_in_a_keyword_list_is_flash() -> None:
    """702.8a: "Flash" among other keywords on one line still lets the spell be cast at instant speed."""
    from simulator.cards.pool import CardPool as Pool
    from simulator.rules.casting import has_flash
    pool = Pool.from_files().with_text('[[card]]\nname = "Quick Bird"\ncost = "{G}"\ntype = "Creature — Bird"\n'
                          'power = 1\ntoughness = 1\ntext = "Flash, flying"\n', "mine.toml")
    assert has_flash(pool.get("Quick Bird"))


def test_treasure_tokens_tap_and_sacrifice_for_mana(tmp_path) -> None:
    """111.10a: two Treasures from Rapacious Dragon's trigger; activating one ("{T}, Sacrifice
    this artifact: Add one mana of any color.") is a mana ability (605.1a) that sacrifices it."""
    p = play("token_treasure_dragon", tmp_path)
    assert p.error is None
    assert [b["id"] for b in p.on_battlefield("Treasure")] == ["treasure-2"]
    assert p.on_battlefield("Rapacious Dragon") and p.pool("Alice") == {"G": 1}
    [gone] = [e for e in p.events("ZoneChanged") if e.event.card == "Treasure"]
    assert (gone.event.to_zone, gone.rule) == ("graveyard", "701.21a")


def test_investigate_makes_a_clue_that_draws(tmp_path) -> None:
    """701.16a: investigate creates a Clue (111.10f); "{2}, Sacrifice this artifact: Draw a
    card." draws Alice's top card and the Clue is gone."""
    p = play("token_clue_glass", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Clue") == []
    assert [e.event.card for e in p.events("CardDrawn")] == ["Forest"]
