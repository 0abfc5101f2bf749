"""Abilities that function from the hand (113.6b; issue 22, pool-casting): typecycling
(702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library for a
[type] card, reveal it, put it into your hand, then shuffle.") and an activated ability whose
cost is "Discard this card" (Channel, an ability word, 207.2c). Real cards: Elvish Aberration
(Forestcycling) and Ash Barrens (Basic landcycling), with the Oracle text the games assume."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle

ORACLE_TEXT = {
    "Elvish Aberration": "{T}: Add {G}{G}{G}.\nForestcycling {2} ({2}, Discard this card: Search your library "
                         "for a Forest card, reveal it, put it into your hand, then shuffle.)",
    "Ash Barrens": "{T}: Add {C}.\nBasic landcycling {1} ({1}, Discard this card: Search your library for a "
                   "basic land card, reveal it, put it into your hand, then shuffle.)",
}


@pytest.mark.parametrize("name, quality", [
    ("Elvish Aberration", m.CardQuality(subtypes_any=("Forest",))),
    ("Ash Barrens", m.CardQuality(types=("Land",), supertypes=("Basic",)))])
def test_typecycling_is_a_search_from_the_hand(name: str, quality: m.CardQuality) -> None:
    """702.29e: the cost discards the card (it functions from the hand); the effect searches for
    a card of that type, revealed, to the hand."""
    record = package_oracle().record(name)
    assert record is not None and record.text == ORACLE_TEXT[name]
    pool = CardPool().with_real_card(name)
    assert pool is not None
    ability = pool.get(name).abilities[-1]
    assert isinstance(ability, m.ActivatedAbility) and ability.zone == "hand"
    assert ability.cost.discard_self and ability.cost.mana is not None
    assert ability.effects == (m.SearchLibrary((quality,), to="hand", reveal=True),)


def test_forestcycling_finds_a_nonbasic_forest(tmp_path: Path) -> None:
    """702.29e, 205.3i: "a Forest card" is any card with the subtype Forest: Tangled Islet, a
    nonbasic Forest Island, is found and put into the hand; the Aberration was discarded as the
    cost (701.9a); the library is shuffled (701.24a)."""
    p = play("cycling_forestcycling_tangled_islet", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["hand"] == ["Tangled Islet"] and alice["graveyard"] == ["Elvish Aberration"]
    assert sorted(alice["library"]) == ["Island", "Mountain"] and alice["mana_pool"] == {}
    assert p.events("LibraryShuffled")


def test_basic_landcycling_does_not_find_a_nonbasic_land(tmp_path: Path) -> None:
    """702.29e, 205.4c, 701.23a: Tangled Islet is no basic land card: not an option; the Forest is."""
    p = play("cycling_basic_landcycling_not_nonbasic", tmp_path)
    assert p.error is not None and p.error.rule == "701.23a"
    assert p.state["pending"]["kind"] == "search" and len(p.state["pending"]["options"]) == 1


def test_typecycling_does_not_function_on_the_battlefield(tmp_path: Path) -> None:
    """113.6b: on the battlefield Ash Barrens has only its mana ability to activate."""
    p = play("cycling_typecycling_on_battlefield", tmp_path)
    assert p.error is not None and p.error.rule == "602.2"
    assert p.pool("Alice") == {"C": 1} and p.player("Alice")["library"] == ["Forest"]


def test_channel_discards_the_card_and_draws(tmp_path: Path) -> None:
    """207.2c, 113.6b, 701.9a: "Channel — {1}{G}, Discard this card: Draw two cards." from the
    hand: the card goes to the graveyard as the cost is paid, the mana is spent, two cards drawn."""
    p = play("channel_discard_from_hand", tmp_path)
    assert p.error is None
    alice = p.player("Alice")
    assert alice["hand"] == ["Forest", "Island"] and alice["graveyard"] == ["Test Channel Grove"]
    assert alice["library"] == ["Mountain"] and alice["mana_pool"] == {}


@pytest.mark.parametrize("cost", ["{T}, Discard this card", "Discard this card, {Q}",
                                  "Sacrifice this land, Discard this card"])
def test_a_cost_paid_from_the_hand_with_a_battlefield_part_is_refused(cost: str) -> None:
    """113.6b: an ability whose cost discards the card functions from the hand, where the card
    cannot be tapped, untapped or sacrificed: refused at load, naming the card and the line."""
    text = f'[[card]]\nname = "Odd Land"\ntype = "Land"\ntext = "{cost}: Draw a card."\n'
    with pytest.raises(CardDataError) as e:
        CardPool().with_text(text, "t.toml")
    assert "Odd Land" in str(e.value) and "113.6b" in str(e.value)
