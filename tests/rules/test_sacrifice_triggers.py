"""Sacrifice triggers (issue 22, triggers): "Whenever you sacrifice an artifact / a nontoken
permanent / another Eldrazi" (701.21a; leaves-the-battlefield abilities, read as things were
just before, 603.10a). Recorded games: tests/games/sac_*.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.rules.support import unsupported


def _fired(p, card: str) -> list:
    return [e for e in p.events("AbilityTriggered") if e.event.source_card == card]


def test_an_artifact_token_and_a_nontoken_creature(tmp_path) -> None:
    """The Treasure (an artifact, a token) triggers Crime Novelist only: a counter and {R}
    (added as the trigger resolves, not a mana ability: 605.1b); Blood Pet (a nontoken creature,
    111.1) triggers Skittering Precursor only: one Eldrazi Spawn."""
    p = play("sac_novelist_precursor", tmp_path)
    assert p.error is None
    assert [f.rule for f in _fired(p, "Crime Novelist")] == ["603.10a"]
    assert [f.rule for f in _fired(p, "Skittering Precursor")] == ["603.10a"]
    assert p.perm("novelist")["counters"] == {"+1/+1": 1}
    assert p.pool("Alice") == {"B": 1, "G": 1, "R": 1}
    assert len(p.on_battlefield("Eldrazi Spawn")) == 1


def test_another_eldrazi_not_itself(tmp_path) -> None:
    """Writhing Chrysalis: the Spawn (an Eldrazi) sacrificed triggers it once; its own sacrifice
    does not ("another", 109.2, though its ability looks back, 603.10a)."""
    p = play("sac_chrysalis_another_eldrazi", tmp_path)
    assert p.error is None
    assert len(_fired(p, "Writhing Chrysalis")) == 1
    counters = [e for e in p.events("CountersPlaced")]
    assert [(c.event.counter, c.event.amount) for c in counters] == [("+1/+1", 1)]
    assert p.on_battlefield("Writhing Chrysalis") == []


def test_phrases() -> None:
    def cond(text: str) -> object:
        [a] = parse_oracle("Card", f"{text}, you gain 1 life.")
        return a.condition
    assert cond("Whenever you sacrifice an artifact") == m.YouSacrifice(m.Selector(types=("Artifact",), controller="you"))
    assert cond("Whenever you sacrifice a nontoken permanent") == m.YouSacrifice(m.Selector(controller="you"), True)
    assert cond("Whenever you sacrifice another Eldrazi") == m.YouSacrifice(
        m.Selector(subtypes=("Eldrazi",), controller="you", other=True))
    with pytest.raises(Exception, match="Junk"):
        cond("Whenever you sacrifice another Junk")


@pytest.mark.parametrize("name", ["Crime Novelist", "Skittering Precursor", "Writhing Chrysalis"])
def test_real_cards_of_the_family_play(name: str) -> None:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    assert unsupported(pool.get(name)) == []
