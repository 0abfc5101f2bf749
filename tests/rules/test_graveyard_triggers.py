""""When this artifact is put into a graveyard from the battlefield, draw a card." (issue 22,
triggers; 603.6c: any card type, a leaves-the-battlefield ability that looks back in time,
603.10a). Recorded game: tests/games/gy_star_and_terrarion.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.rules.support import unsupported


def test_each_sees_only_itself(tmp_path) -> None:
    """Terrarion sacrificed (a cost, 602.2h / 701.21a) triggers its own ability, not Chromatic
    Star's; then the Star's own sacrifice triggers it: one draw each, in that order."""
    p = play("gy_star_and_terrarion", tmp_path)
    assert p.error is None
    fired = p.events("AbilityTriggered")
    assert [(f.event.source_card, f.rule) for f in fired] == [("Terrarion", "603.10a"), ("Chromatic Star", "603.10a")]
    assert [d.event.card for d in p.events("CardDrawn")] == ["Forest", "Island"]
    assert p.player("Alice")["hand"] == ["Forest", "Island"]


def test_phrase() -> None:
    [a] = parse_oracle("Terrarion", "When this artifact is put into a graveyard from the battlefield, draw a card.")
    assert a.condition == m.PutIntoGraveyardSelf() and a.effects == (m.DrawCards(1),)


@pytest.mark.parametrize("name", ["Chromatic Star", "Chromatic Sphere", "Terrarion", "Wizard's Rockets"])
def test_real_cards_of_the_family_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    assert unsupported(pool.get(name)) == []


def test_nirkana_revenant_only_for_a_swamp(tmp_path) -> None:
    """"Whenever you tap a Swamp for mana, add an additional {B}." (106.12a; a triggered mana
    ability, 605.1b: it resolves at once): the Forest makes {G} alone, the Swamp {B}{B}."""
    p = play("tap_nirkana_swamp", tmp_path)
    assert p.error is None
    fired = p.events("AbilityTriggered")
    assert [(f.event.source_card, f.event.land) for f in fired] == [("Nirkana Revenant", "s1")]
    assert p.pool("Alice") == {"B": 2, "G": 1}
    [a] = parse_oracle("Card", "Whenever you tap a Swamp for mana, add an additional {B}.")
    assert a.condition == m.LandTappedForMana("you", "Swamp") and a.is_mana_ability
    assert unsupported(CardPool.builtin().with_real_card("Nirkana Revenant").get("Nirkana Revenant")) == []
