"""Discarding for an effect (701.9a: the pending `discard_cards`), looting ("Draw a card, then
discard a card."), and exiling cards from graveyards (115.1, 406.2), on real cards taken from the
Oracle data (tests/games/lib_loot_*, lib_exile_*.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def test_loot_draws_then_discards(tmp_path: Path) -> None:
    """121.1 then 701.9a: the card drawn (Mountain) is among those Alice may discard; she
    discards Grizzly Bears."""
    p = play("lib_loot_desolate_lighthouse", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, len(req.event.options), req.rule) == ("discard_cards", 2, "701.9a")
    [gone] = [e for e in p.events("ZoneChanged") if e.event.reason == "discarded"]
    assert (gone.event.card, gone.event.from_zone, gone.event.to_zone, gone.rule) == (
        "Grizzly Bears", "hand", "graveyard", "701.9a")
    assert _zone(p, "Alice", "hand") == ["Mountain"]


def test_each_player_draws_then_discards(tmp_path: Path) -> None:
    """101.4: Alice chooses first; Bob's hand holds only the card he drew: it is discarded without
    a choice (701.9a). One choice asked in all."""
    p = play("lib_loot_geier_reach", tmp_path)
    assert p.error is None and [e.event.player for e in p.events("ChoiceRequested")] == ["Alice"]
    assert [(e.event.player, e.event.card) for e in p.events("CardDrawn")] == [("Alice", "Island"), ("Bob", "Swamp")]
    assert _zone(p, "Alice", "graveyard") == ["Forest"] and _zone(p, "Alice", "hand") == ["Island"]
    assert _zone(p, "Bob", "graveyard") == ["Swamp"] and _zone(p, "Bob", "hand") == []


def test_exile_target_card_from_any_graveyard(tmp_path: Path) -> None:
    """115.1: "target card from a graveyard": a card in an opponent's graveyard is a legal target;
    only that card is exiled."""
    p = play("lib_exile_honored_heirloom", tmp_path)
    assert p.error is None
    assert _zone(p, "Bob", "exile") == ["Grizzly Bears"] and _zone(p, "Bob", "graveyard") == ["Forest"]


def test_exile_target_players_graveyard(tmp_path: Path) -> None:
    """603.3d: Bojuka Bog's trigger targets a player (Alice chooses Bob); 406.2: every card of his
    graveyard is exiled, none of Alice's."""
    p = play("lib_exile_bojuka_bog", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options)) == ("target", ["Alice", "Bob"])
    assert _zone(p, "Bob", "exile") == ["Grizzly Bears", "Forest"] and _zone(p, "Bob", "graveyard") == []
    assert _zone(p, "Alice", "graveyard") == ["Island"]


@pytest.mark.parametrize("text, effects", [
    ("{T}: Target player discards a card.", (m.DiscardCards(1, "target"),)),
    ("{T}: Each opponent discards two cards.", (m.DiscardCards(2, "each_opponent"),)),
    ("{T}: Target player draws three cards, then discards three cards.",
     (m.PlayersDraw(3, "target"), m.DiscardCards(3, "target"))),
    ("{T}: Exile all graveyards.", (m.ExileGraveyard("each_player"),)),
    ("{T}: Exile each opponent's graveyard.", (m.ExileGraveyard("each_opponent"),)),
])
def test_the_phrases(text: str, effects: tuple) -> None:
    [ability] = parse_oracle("Test Card", text)
    assert ability.effects == effects   # type: ignore[union-attr]


def test_up_to_one_target_card_in_an_opponents_graveyard() -> None:
    [ability] = parse_oracle("Test Card", "{T}: Exile up to one target creature card from an opponent's graveyard.")
    assert ability.targets == m.Targets(m.Selector(zone="graveyard", types=("Creature",), controller="opponent"), 0, 1)
    assert ability.targets.describe() == "a creature card in an opponent's graveyard"   # type: ignore[union-attr]
    [any_card] = parse_oracle("Test Card", "{T}: Exile target card from a graveyard.")
    assert any_card.targets.describe() == "a card in a graveyard"   # type: ignore[union-attr]


# --------------------------------------------------------------------------- searches by other players (701.23a)

def test_each_player_searches_their_own_library(tmp_path: Path) -> None:
    """Field of Ruin: Bob's nonbasic land is destroyed (701.8a); then each player searches their
    own library, Alice first (101.4): the search choices are asked of Alice, then Bob; each basic
    land enters untapped under its searcher's control, each library is shuffled (701.24a)."""
    p = play("lib_search_field_of_ruin", tmp_path)
    assert p.error is None and p.state["pending"] is None
    assert [(e.event.player, e.event.kind) for e in p.events("ChoiceRequested")] == [("Alice", "search"), ("Bob", "search")]
    lands = {(x["card"], x["controller"], x["tapped"]) for x in p.state["battlefield"]}
    assert {("Forest", "Alice", False), ("Mountain", "Bob", False)} <= lands
    assert _zone(p, "Bob", "graveyard") == ["Mishra's Factory"]
    assert [e.event.player for e in p.events("LibraryShuffled")] == ["Alice", "Bob"]


def test_target_player_searches() -> None:
    [ability] = parse_oracle("Test Card", "{T}: Target player searches their library for a basic land card, puts it "
                                          "onto the battlefield tapped, then shuffles.")
    [search] = ability.effects   # type: ignore[union-attr]
    assert isinstance(search, m.SearchLibrary) and (search.who, search.tapped) == ("target", True)
    assert ability.targets is not None and ability.targets.players == "any"   # type: ignore[union-attr]
