"""Additional and alternative costs of casting a spell (118.8, 118.9; 601.2b, 601.2f, 601.2h):
"As an additional cost to cast this spell, sacrifice a creature." (the `cast` action's
`sacrifice`) and the Borderposts' "You may pay {1} and return a basic land you control to its
owner's hand rather than pay this spell's mana cost." (`alternative = true`, `return`).
Recorded games: tests/games/castcost_*.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

from scenario import play
from simulator.base.errors import CardDataError
from simulator.cards import model as m
from simulator.cards.parser import parse_card_text


def test_borderpost_for_its_alternative_cost(tmp_path: Path) -> None:
    """118.9: {1} and the Plains returned to Alice's hand (601.2h, before the spell resolves);
    it enters tapped; the Island stays."""
    p = play("castcost_borderpost_alternative", tmp_path)
    assert p.error is None
    assert p.perm("Fieldmist Borderpost")["tapped"] is True
    assert p.player("Alice")["hand"] == ["Plains"] and p.pool("Alice") == {}
    assert [b["card"] for b in p.state["battlefield"]] == ["Island", "Fieldmist Borderpost"]
    [cast] = p.events("SpellCast")
    assert cast.event.alternative is True
    [back] = [e for e in p.events("ZoneChanged") if e.event.to_zone == "hand"]
    assert back.rule == "601.2h" and back.cause_seq == cast.seq and back.seq < p.events("SpellResolved")[0].seq


def test_borderpost_for_its_mana_cost(tmp_path: Path) -> None:
    """The alternative cost is a choice ("You may"): cast for {1}{W}{U}, no land returned."""
    p = play("castcost_borderpost_mana_cost", tmp_path)
    assert p.error is None
    assert p.perm("plains")["tapped"] is False and p.player("Alice")["hand"] == []
    assert p.pool("Alice") == {} and p.events("SpellCast")[0].event.alternative is False


@pytest.mark.parametrize("game, words", [
    ("castcost_borderpost_nonbasic", "wastes is not a basic land Alice controls"),
    ("castcost_borderpost_no_return", "name it (key `return`)"),
    ("castcost_culling_no_sacrifice", "costs sacrificing a creature"),
    ("castcost_infernal_plunge_not_a_creature", "mountain is not a creature Alice controls"),
])
def test_what_cannot_pay_the_cost(tmp_path: Path, game: str, words: str) -> None:
    """601.2b: what pays the costs is named as the spell is cast and must fit; an additional
    cost is not optional (118.8). Illegal: nothing happens."""
    p = play(game, tmp_path)
    assert p.error is not None and p.error.rule == "601.2b" and words in str(p.error)
    assert p.events("SpellCast") == []


def test_culling_the_weak_sacrifices_as_it_is_cast(tmp_path: Path) -> None:
    """601.2h: the Bears is sacrificed as the costs are paid, before the spell resolves; then
    {B}{B}{B}{B} (its {B} cost paid from the pool). The Elves stay."""
    p = play("castcost_culling_the_weak", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"B": 4}
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears", "Culling the Weak"]
    [cast] = p.events("SpellCast")
    [sac] = [e for e in p.events("ZoneChanged") if e.event.reason == "sacrificed"]
    assert sac.cause_seq == cast.seq and sac.rule == "701.21a"
    assert sac.seq < p.events("SpellResolved")[0].seq


def test_a_creature_named_for_the_cost_gone_while_paying(tmp_path: Path) -> None:
    """601.2g-h: Ashnod's Altar, activated while paying, sacrifices the Bears named for the
    spell's cost: it cannot be sacrificed again: illegal, nothing written."""
    p = play("castcost_culling_altar_while_paying", tmp_path)
    assert p.error is not None and p.error.rule == "601.2h"
    assert p.perm("bears") is not None and p.events("SpellCast") == []


@pytest.mark.parametrize("text, spell, effect", [
    ("As an additional cost to cast this spell, sacrifice a creature.\nAdd {B}{B}{B}{B}.", True,
     m.AdditionalSacrifice(m.Selector(types=("Creature",), controller="you"))),
    ("As an additional cost to cast this spell, sacrifice five lands.\nAdd {G}.", True,
     m.AdditionalSacrifice(m.Selector(types=("Land",), controller="you"), 5)),
    ("You may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's mana "
     "cost.", False, m.AlternativeReturnCost(m.ManaCost(generic=1),
                                             m.Selector(types=("Land",), supertypes=("Basic",), controller="you"))),
])
def test_the_lines(text: str, spell: bool, effect: object) -> None:
    parsed = parse_card_text("Test", text, spell=spell)
    assert isinstance(parsed.abilities[0], m.StaticAbilityLine) and parsed.abilities[0].effect == effect


def test_other_additional_costs_are_refused() -> None:
    with pytest.raises(CardDataError):
        parse_card_text("Test", "As an additional cost to cast this spell, sacrifice half the lands you control, "
                                "rounded up.\nAdd {G}.", spell=True)
