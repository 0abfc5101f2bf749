"""Mill (701.17) and draws by other players or of a counted number (121.1), on real cards taken
from the Oracle data (tests/games/lib_mill_*.toml, lib_draw_*.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle


def _zone(p, player: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in p.player(player).get(zone, [])]


def test_target_player_mills_what_is_left(tmp_path: Path) -> None:
    """701.17a, 701.17b: "Target player mills three cards." with two cards in Bob's library: both
    are milled, top card first; nothing is drawn, so nobody loses (704.5b needs a draw)."""
    p = play("lib_mill_drownyard", tmp_path)
    assert p.error is None
    milled = [e for e in p.events("ZoneChanged") if e.event.reason == "milled"]
    assert [(e.event.card, e.event.from_zone, e.event.to_zone, e.rule) for e in milled] == [
        ("Mountain", "library", "graveyard", "701.17a"), ("Plains", "library", "graveyard", "701.17a")]
    assert _zone(p, "Bob", "graveyard") == ["Mountain", "Plains"] and _zone(p, "Bob", "library") == []
    assert p.player("Bob")["lost"] is None and _zone(p, "Alice", "library") == ["Forest"]


def test_target_player_may_be_its_controller(tmp_path: Path) -> None:
    """115.1: "target player" may be the ability's controller: Alice mills her top three, the
    fourth card stays on top."""
    p = play("lib_mill_drownyard_self", tmp_path)
    assert p.error is None
    assert _zone(p, "Alice", "graveyard") == ["Forest", "Island", "Swamp"]
    assert _zone(p, "Alice", "library") == ["Mountain"] and _zone(p, "Bob", "library") == ["Plains"]


def test_mill_a_card_for_each_locus(tmp_path: Path) -> None:
    """608.2h: "a card for each Locus you control" is counted as the ability resolves: Trenchpost
    and Cloudpost, two cards; the third stays."""
    p = play("lib_mill_trenchpost", tmp_path)
    assert p.error is None
    assert _zone(p, "Bob", "graveyard") == ["Mountain", "Plains"] and _zone(p, "Bob", "library") == ["Island"]


def test_each_player_draws_in_apnap_order(tmp_path: Path) -> None:
    """101.4, 121.1: Alice (the active player) draws first, then Bob; Bob's library is empty:
    his draw fails (121.4) and he loses (704.5b). Alice's second card stays in her library."""
    p = play("lib_draw_mikokoro", tmp_path)
    assert p.error is None
    assert [(e.event.player, e.event.card) for e in p.events("CardDrawn")] == [("Alice", "Forest")]
    [failed] = p.events("DrawFailed")
    assert (failed.event.player, failed.rule) == ("Bob", "121.4")
    assert p.player("Bob")["lost"] == {"rule": "704.5b"} and p.player("Alice")["lost"] is None


def test_target_player_draws(tmp_path: Path) -> None:
    """121.1: "Target player draws three cards.": Bob, the target, draws three; Alice none."""
    p = play("lib_draw_etched_monstrosity", tmp_path)
    assert p.error is None
    assert [(e.event.player, e.event.card) for e in p.events("CardDrawn")] == [
        ("Bob", "Plains"), ("Bob", "Island"), ("Bob", "Swamp")]
    assert _zone(p, "Alice", "hand") == [] and _zone(p, "Bob", "library") == ["Mountain"]


@pytest.mark.parametrize("text, effect", [
    ("{T}: Mill two cards.", m.Mill(2, "you")),
    ("{T}: Target player mills a card.", m.Mill(1, "target")),
    ("{T}: Each opponent mills three cards.", m.Mill(3, "each_opponent")),
    ("{T}: Each player draws a card.", m.PlayersDraw(1, "each_player")),
    ("{T}: You draw two cards and you lose 2 life.", m.DrawCards(2)),
    ("{T}: Draw X cards, where X is the number of artifacts you control.",
     m.PlayersDraw(m.CountOf(m.Selector(types=("Artifact",), controller="you")), "you")),
    ("{T}: Target player mills X cards, where X is the number of oil counters on this artifact.",
     m.Mill(m.CountersOnSource("oil"), "target")),
])
def test_the_phrases(text: str, effect: object) -> None:
    [ability] = parse_oracle("Test Card", text)
    assert isinstance(ability, m.ActivatedAbility) and ability.effects[0] == effect
    assert (ability.targets is not None) == (" target " in f" {text.lower()} ")


def test_milling_no_cards_is_refused() -> None:
    with pytest.raises(CardDataError, match="at least one"):
        parse_oracle("Test Card", "{T}: Mill 0 cards.")


def test_mill_in_a_mana_ability_is_refused_by_the_rules_check() -> None:
    """605.3a: a mana ability resolves at once, and only the extras in MANA_ABILITY_EXTRAS are
    done then; no real card mills in one, so the rules check refuses it, naming the effect."""
    from simulator.rules.support import unsupported
    [ability] = parse_oracle("Test Elf", "{T}: Add {G}. Mill a card.")
    card = m.CardDefinition("Test Elf", None, (), ("Creature",), (), abilities=(ability,))
    assert any("Mill" in p and "mana ability" in p for p in unsupported(card))
