"""The bounce lands (issue 22, lands): "When this land enters, sacrifice it unless you return an
untapped Island you control to its owner's hand." (Coral Atoll, Dormant Volcano, Everglades,
Jungle Basin, Karoo) and "... unless you return a non-Lair land you control ..." (the Lairs).

608.2c: the land to return is chosen as the trigger resolves, a `return_unless` choice among the
permanents that fit now; `[]` returns nothing and the source is sacrificed (701.21a); nothing
fits: nothing is asked, it is sacrificed."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.pool import CardPool
from simulator.rules.support import unsupported


def test_coral_atoll_returns_an_untapped_island(tmp_path: Path) -> None:
    """Only the untapped Island is an option (not the tapped one, not the Forest); Alice
    returns it and keeps Coral Atoll, which entered tapped (614.1d)."""
    p = play("bounce_coral_atoll_returns_island", tmp_path)
    assert p.error is None and p.state["pending"] is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == ("return_unless", ["island"], "608.2c")
    assert p.perm("Coral Atoll")["tapped"] is True
    assert p.player("Alice")["hand"] == ["Island"] and p.player("Alice")["graveyard"] == []


def test_coral_atoll_returns_nothing_and_is_sacrificed(tmp_path: Path) -> None:
    p = play("bounce_coral_atoll_keeps_island", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Coral Atoll") == [] and p.player("Alice")["graveyard"] == ["Coral Atoll"]
    assert len(p.on_battlefield("Island")) == 2 and p.player("Alice")["hand"] == []
    [sac] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "graveyard"]
    assert sac.rule == "701.21a" and sac.event.reason == "sacrificed"


def test_the_island_tapped_in_response_is_no_option(tmp_path: Path) -> None:
    """The Island tapped for mana while the trigger waits (605.3a) is no untapped Island when it
    resolves: nothing to ask, Coral Atoll is sacrificed; the {U} is still in the pool."""
    p = play("bounce_coral_atoll_tapped_in_response", tmp_path)
    assert p.error is None and p.events("ChoiceRequested") == []
    assert p.player("Alice")["graveyard"] == ["Coral Atoll"] and p.pool("Alice") == {"U": 1}


def test_a_lair_returns_a_non_lair_land_tapped_or_not(tmp_path: Path) -> None:
    """Crosis's Catacombs: the other Lair and the Catacombs itself are Lairs: the tapped Swamp is
    the one option (the text asks for no untapped land)."""
    p = play("bounce_lair_non_lair", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert list(req.event.options) == ["swamp"]
    assert p.player("Alice")["hand"] == ["Swamp"] and p.perm("Crosis's Catacombs")["tapped"] is False


def test_a_lair_is_no_non_lair_land(tmp_path: Path) -> None:
    p = play("bounce_lair_not_a_lair", tmp_path)
    assert p.error is not None and p.error.rule == "608.2c"
    assert p.state["pending"]["kind"] == "return_unless"


@pytest.mark.parametrize("name, subtype", [("Coral Atoll", "Island"), ("Dormant Volcano", "Mountain"),
                                           ("Everglades", "Swamp"), ("Jungle Basin", "Forest"),
                                           ("Karoo", "Plains")])
def test_the_real_bounce_lands(name: str, subtype: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    [trigger] = [a for a in card.abilities if isinstance(a, m.TriggeredAbility)]
    assert trigger.condition == m.EntersSelf()
    assert trigger.effects == (m.SacrificeUnlessReturn(subtypes=(subtype,), untapped=True),)


@pytest.mark.parametrize("name", ["Crosis's Catacombs", "Darigaaz's Caldera", "Dromar's Cavern", "Rith's Grove",
                                  "Treva's Ruins"])
def test_the_real_lairs(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    [trigger] = [a for a in card.abilities if isinstance(a, m.TriggeredAbility)]
    assert trigger.effects == (m.SacrificeUnlessReturn(not_subtype="Lair"),)


def test_it_must_be_the_source() -> None:
    """"sacrifice it" in a trigger whose "it" is another permanent is refused, never read as the
    source (603.2)."""
    from simulator.base.errors import CardDataError
    from simulator.cards.parser import parse_oracle
    with pytest.raises(CardDataError):
        parse_oracle("X", "Whenever a land you control enters, sacrifice it unless you return a land you "
                          "control to its owner's hand.")
