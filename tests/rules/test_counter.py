"""Countering spells (701.6; issue 22, pool-spells): "Counter target spell." and "Counter target
spell unless its controller pays {3}." (608.2c: the spell's controller chooses as it resolves, the
`counter_unless` choice), "This spell can't be countered." (Cragplate Baloth) and the mana that
says "and that spell can't be countered" (Cavern of Souls, Delighted Halfling; 101.2: the can't
wins). A countered spell goes to its owner's graveyard without resolving (701.6a) and its costs
are not refunded (701.6b). Recorded games: tests/games/counter_*.toml (test cards:
tests/games/cards/counter_cards.toml)."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.rules.support import check_cards, unsupported


def _graveyard(p, player: str) -> list[str]:
    return list(p.player(player)["graveyard"])


def _countered(p) -> list:
    return [e for e in p.events("ZoneChanged") if e.event.reason == "countered"]


def test_cancel_counters_a_creature_spell(tmp_path) -> None:
    """701.6a: the Bears leaves the stack for Alice's graveyard, never resolving; 701.6b: her {G}{G}
    stays spent."""
    p = play("counter_cancel_bears", tmp_path)
    assert p.error is None
    [moved] = _countered(p)
    assert (moved.event.object_id, moved.event.from_zone, moved.event.to_zone, moved.rule) == (
        "grizzly-bears-2", "stack", "graveyard", "701.6a")
    assert p.on_battlefield("Grizzly Bears") == [] and p.state["stack"] == []
    assert _graveyard(p, "Alice") == ["Grizzly Bears"] and _graveyard(p, "Bob") == ["Test Cancel"]
    assert not [e for e in p.events("SpellResolved") if e.event.spell_id == "grizzly-bears-2"]
    assert p.pool("Alice") == {}


def test_leak_paid_the_spell_resolves(tmp_path) -> None:
    """608.2c: Alice pays {3} from her pool; the Bears is not countered and resolves."""
    p = play("counter_leak_paid", tmp_path)
    assert p.error is None
    [asked] = p.events("ChoiceRequested")
    assert (asked.event.player, asked.event.kind, asked.rule) == ("Alice", "counter_unless", "608.2c")
    assert _countered(p) == []
    assert len(p.on_battlefield("Grizzly Bears")) == 1
    paid = [e for e in p.events("ManaSpent") if e.rule == "608.2c"]
    assert [e.event.mana for e in paid] == [{"G": 3}]


def test_leak_paid_by_tapping_lands_while_asked(tmp_path) -> None:
    """605.3a: asked to pay {3} as Test Leak resolves, Alice activates three Forests' mana
    abilities (no priority needed: a payment is asked for); the choice stays pending meanwhile,
    and she pays from the pool they filled. Each activation is a decision of hers whose mana
    the payment then spends (608.2c)."""
    p = play("counter_leak_tap_to_pay", tmp_path)
    assert p.error is None
    [asked] = p.events("ChoiceRequested")
    assert asked.event.kind == "counter_unless"
    tapped = [e for e in p.events("AbilityActivated") if e.seq > asked.seq and e.seq < p.events("ChoiceMade")[0].seq]
    assert [e.event.source for e in tapped] == ["f3", "f4", "f5"]
    assert all(e.rule == "605.3a" and e.event.mana_ability for e in tapped)
    assert _countered(p) == []
    assert len(p.on_battlefield("Grizzly Bears")) == 1
    paid = [e for e in p.events("ManaSpent") if e.rule == "608.2c"]
    assert [e.event.mana for e in paid] == [{"G": 3}]
    assert p.pool("Alice") == {}


def test_only_the_player_asked_to_pay_may_activate_mana_abilities(tmp_path) -> None:
    """605.3a is about the player asked for the payment: Bob, who is not asked, may not tap his
    Island while Alice's counter_unless choice is pending (608.2d); nothing is written."""
    p = play("counter_leak_other_player_taps", tmp_path)
    assert p.error is not None and p.error.rule == "608.2d"
    assert "Alice must first answer the pending counter_unless choice" in str(p.error)
    assert p.state["pending"]["kind"] == "counter_unless"


def test_leak_declined_the_spell_is_countered(tmp_path) -> None:
    p = play("counter_leak_declined", tmp_path)
    assert p.error is None
    [moved] = _countered(p)
    assert moved.event.object_id == "grizzly-bears-2" and moved.rule == "701.6a"
    assert _graveyard(p, "Alice") == ["Grizzly Bears"]


def test_leak_cannot_be_paid_with_mana_not_in_the_pool(tmp_path) -> None:
    """608.2c: "pay" needs the mana in the pool now: {G} does not pay {3}; the choice stays pending."""
    p = play("counter_leak_cannot_pay", tmp_path)
    assert p.error is not None and p.error.rule == "608.2c"
    assert "not enough mana to pay {3}" in str(p.error)
    assert p.state["pending"]["kind"] == "counter_unless"


def test_this_spell_cant_be_countered(tmp_path) -> None:
    """101.2: Cragplate Baloth's "This spell can't be countered." beats Test Cancel: the counterspell
    resolves, the Baloth stays on the stack and then resolves."""
    p = play("counter_baloth_uncounterable", tmp_path)
    assert p.error is None
    assert _countered(p) == []
    assert len(p.on_battlefield("Cragplate Baloth")) == 1
    assert _graveyard(p, "Bob") == ["Test Cancel"] and _graveyard(p, "Alice") == []


def test_cavern_of_souls_mana_makes_the_spell_uncounterable(tmp_path) -> None:
    """101.2 / 106.6: the Bears cast with Cavern of Souls' mana (Bear chosen) can't be countered."""
    p = play("counter_cavern_uncounterable", tmp_path)
    assert p.error is None
    assert _countered(p) == []
    assert len(p.on_battlefield("Grizzly Bears")) == 1


def test_cavern_of_souls_on_the_battlefield_is_not_enough(tmp_path) -> None:
    """The rider is the mana's: the Bears paid with Forests is countered though Alice controls the
    Cavern (must NOT protect it)."""
    p = play("counter_cavern_other_mana", tmp_path)
    assert p.error is None
    [moved] = _countered(p)
    assert moved.event.object_id == "grizzly-bears-2"


def _real(name: str) -> m.CardDefinition:
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    check_cards(pool)
    return pool.get(name)


def test_real_counterspells_and_uncounterable_cards() -> None:
    """Real cards read by hand: Sunken Field grants "{T}: Counter target spell unless its controller
    pays {1}." (a spell target, 115.1); Cragplate Baloth's static; Delighted Halfling's restriction
    keeps its "that spell can't be countered"."""
    field = _real("Sunken Field")
    [grant] = [a.effect for a in field.abilities if isinstance(a, m.StaticAbilityLine)
               and isinstance(a.effect, m.GrantAbility)]
    assert grant.ability.effects == (m.CounterTargetSpell(1, (), unless=True),)
    assert grant.ability.targets == m.Targets(m.Selector(zone="stack"))
    assert grant.ability.targets.describe() == "a spell"
    baloth = _real("Cragplate Baloth")
    assert any(isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.CantBeCountered)
               for a in baloth.abilities) and unsupported(baloth) == []
    halfling = _real("Delighted Halfling")
    [r] = [e.restriction for a in halfling.abilities for e in getattr(a, "effects", ())
           if isinstance(e, m.AddMana) and e.restriction is not None]
    assert isinstance(r, m.SpendOnlyToCast) and r.uncounterable and r.supertypes == ("Legendary",)
    assert m.restriction_from_json(m.restriction_json(r)) == r


@pytest.mark.parametrize("text", [
    "Counter target spell unless its controller pays {X}.",
    "Counter target activated ability.",
])
def test_counter_phrases_not_covered_are_refused(text: str) -> None:
    from simulator.base.errors import CardDataError
    card = f'[[card]]\nname = "Test Counter"\ncost = "{{U}}"\ntype = "Instant"\ntext = "{text}"\n'
    with pytest.raises(CardDataError):
        CardPool.builtin().with_text(card, "mine.toml")
