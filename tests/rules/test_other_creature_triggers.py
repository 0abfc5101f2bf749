"""Triggers on other creatures (issue 22, triggers): "Whenever another creature [you control]
dies" / "Whenever a creature you control dies" / "... another Elf you control dies" (700.4,
603.6c; leaves-the-battlefield abilities look back in time, 603.10a) and "Whenever another
creature / Human you control enters" (603.6a; "another": never the source itself, 109.2).
Recorded games: tests/games/dies_*.toml, enters_heronblade_*.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.rules.support import unsupported


def _fired(p, card: str) -> list:
    return [e for e in p.events("AbilityTriggered") if e.event.source_card == card]


def test_bloodflies_count_any_players_creature(tmp_path) -> None:
    """Swarm of Bloodflies: Alice's Blood Pet sacrificed (701.21a) and Bob's killed by damage
    (704.5g) both died: two triggers citing 603.10a, two counters."""
    p = play("dies_bloodflies_any_creature", tmp_path)
    assert p.error is None
    fired = _fired(p, "Swarm of Bloodflies")
    assert [f.rule for f in fired] == ["603.10a", "603.10a"]
    assert p.perm("swarm")["counters"] == {"+1/+1": 4}


def test_sifter_not_for_an_opponents_creature_nor_itself(tmp_path) -> None:
    """Catacomb Sifter: "another creature you control": Bob's creature dying does not trigger it,
    nor does the Sifter's own death (it is no "other" creature, though its ability looks back)."""
    p = play("dies_sifter_not_triggered", tmp_path)
    assert p.error is None
    assert p.on_battlefield("Catacomb Sifter") == []
    assert [e for e in p.events("ZoneChanged") if e.event.card == "Blood Pet"]
    assert _fired(p, "Catacomb Sifter") == []


def test_sifter_scries_when_another_creature_of_yours_dies(tmp_path) -> None:
    """Catacomb Sifter: Alice's Blood Pet died: the ability triggers (603.10a) and resolves:
    scry 1, the Forest goes to the bottom (701.22a)."""
    p = play("dies_sifter_scry", tmp_path)
    assert p.error is None
    [f] = _fired(p, "Catacomb Sifter")
    assert f.rule == "603.10a"
    assert p.player("Alice")["library"] == ["Mountain", "Forest"]
    assert len(p.events("CardPutOnBottom")) == 1


def test_heronblade_counts_only_other_humans(tmp_path) -> None:
    """Heronblade Elite: Wild Cantor (a Human) entering triggers it (603.6a), Blood Pet (a
    Thrull) does not; one counter."""
    p = play("enters_heronblade_humans", tmp_path)
    assert p.error is None
    [f] = _fired(p, "Heronblade Elite")
    assert f.rule == "603.6a"
    assert p.perm("elite")["counters"] == {"+1/+1": 1}


def test_heronblade_does_not_see_itself(tmp_path) -> None:
    """"another Human": the Elite entering (a Human itself) does not trigger its own ability."""
    p = play("enters_heronblade_itself", tmp_path)
    assert p.error is None
    assert _fired(p, "Heronblade Elite") == []
    [elite] = p.on_battlefield("Heronblade Elite")
    assert elite["counters"] == {}


def test_phrases() -> None:
    """The selectors each phrase builds; a word that is no creature type is refused, naming it."""
    creature = m.Selector(types=("Creature",))
    cases = {
        "Whenever another creature you control dies, scry 1.": m.CreatureDies(
            m.Selector(types=("Creature",), controller="you", other=True)),
        "Whenever a creature you control dies, scry 1.": m.CreatureDies(m.Selector(types=("Creature",), controller="you")),
        "Whenever another creature dies, scry 1.": m.CreatureDies(m.Selector(types=("Creature",), other=True)),
        "Whenever a creature dies, scry 1.": m.CreatureDies(creature),
        "Whenever another Elf you control dies, scry 1.": m.CreatureDies(
            m.Selector(types=("Creature",), subtypes=("Elf",), controller="you", other=True)),
        "Whenever another creature you control enters, scry 1.": m.PermanentEnters(
            m.Selector(types=("Creature",), controller="you", other=True)),
        "Whenever another Human you control enters, scry 1.": m.PermanentEnters(
            m.Selector(subtypes=("Human",), controller="you", other=True)),
    }
    for text, condition in cases.items():
        [a] = parse_oracle("Card", text)
        assert a.condition == condition, text
    with pytest.raises(Exception, match="Wibble"):
        parse_oracle("Card", "Whenever another Wibble you control enters, scry 1.")
    with pytest.raises(Exception):
        parse_oracle("Card", "Whenever another creature you control dies, it explores.")


REAL = ["Catacomb Sifter", "Swarm of Bloodflies", "Heronblade Elite", "Marwyn, the Nurturer"]


@pytest.mark.parametrize("name", REAL)
def test_real_cards_of_the_family_play(name: str) -> None:
    """Each loads from the package's Oracle data, every part with its handler (Marwyn's text
    calls it "Marwyn": the short name of a legendary card is the card, 201.5)."""
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    assert unsupported(pool.get(name)) == []
