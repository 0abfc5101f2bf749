"""Real cards of the quoted-ability family (issue 22, pool-quoted): statics that grant an ability
written in quotes (113.1a: the quoted text is an ability the affected objects have, parsed by the
same grammar; 613.1f, layer 6). Each card is a real card outside the built-in pool, taken from the
Oracle data by the game that names it."""
from __future__ import annotations

from pathlib import Path

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.rules.support import unsupported

ANY_COLOR = "{T}: Add one mana of any color."


def _grant(name: str) -> m.GrantAbility:
    pool = CardPool().with_real_card(name)
    assert pool is not None
    card = pool.get(name)
    assert unsupported(card) == []
    [grant] = [a.effect for a in card.abilities
               if isinstance(a, m.StaticAbilityLine) and isinstance(a.effect, m.GrantAbility)]
    return grant


def _abilities(p, ref: str) -> list[tuple[str, str]]:
    return [(a["text"], a["origin"]) for a in p.perm(ref)["abilities"]]


def test_all_slivers_is_every_sliver_whoever_controls_it() -> None:
    """"All Slivers have ..." (Gemhide Sliver): Sliver permanents of any controller (109.2)."""
    grant = _grant("Gemhide Sliver")
    assert grant.affected == m.Selector(subtypes=("Sliver",))
    assert grant.ability.text == ANY_COLOR


def test_gemhide_sliver_gives_bobs_sliver_the_ability(tmp_path: Path) -> None:
    """613.1f: Gemhide Sliver has the ability itself (a Sliver) and so has Bob's Metallic Sliver;
    each is activated by its own controller (602.2), the mana goes to that player (106.4)."""
    p = play("grant_all_slivers_gemhide", tmp_path)
    assert p.error is None
    assert p.pool("Alice") == {"G": 1} and p.pool("Bob") == {"U": 1}
    assert _abilities(p, "bob-sliver") == [(ANY_COLOR, "granted")]
    assert p.perm("bob-sliver")["abilities"][0]["granted_by"] == "gemhide"
    assert _abilities(p, "bears") == []
    assert p.log[1].event.source.get("oracle_cards"), "the game took the real cards from the Oracle data"


def test_gemhide_sliver_does_not_grant_a_non_sliver(tmp_path: Path) -> None:
    p = play("grant_all_slivers_not_bears", tmp_path)
    assert p.error is not None and p.error.rule == "602.1"
    assert "bears has no activated abilities" in str(p.error)


def test_basal_sliver_lets_bob_sacrifice_his_sliver(tmp_path: Path) -> None:
    """'All Slivers have "Sacrifice this permanent: Add {B}{B}."': "this permanent" is the Sliver
    that has the ability (Bob's), not Basal Sliver; a mana ability (605.1a)."""
    p = play("grant_all_slivers_basal", tmp_path)
    assert p.error is None
    assert p.pool("Bob") == {"B": 2} and p.player("Bob")["graveyard"] == ["Metallic Sliver"]
    assert p.perm("basal")["card"] == "Basal Sliver"


def test_eldrazi_you_control_is_the_plural_eldrazi() -> None:
    """"Eldrazi you control have ..." (Path of Annihilation): Eldrazi is its own plural (205.3m)."""
    grant = _grant("Path of Annihilation")
    assert grant.affected == m.Selector(subtypes=("Eldrazi",), controller="you")


def test_path_of_annihilation_spawn_have_both_abilities_but_are_new(tmp_path: Path) -> None:
    """The Spawn tokens it creates are Eldrazi: they have their own "Sacrifice this token: Add
    {C}." and the granted {T} ability, which summoning sickness stops this turn (302.6); the
    Devastator, Alice's since her turn began, taps for {R}."""
    p = play("grant_eldrazi_path_spawn", tmp_path)
    assert p.error is not None and p.error.rule == "302.6" and "eldrazi-spawn-1" in str(p.error)
    assert p.pool("Alice") == {"R": 1}
    assert _abilities(p, "eldrazi-spawn-1") == [("Sacrifice this token: Add {C}.", "printed"),
                                                (ANY_COLOR, "granted")]
    assert _abilities(p, "devastator") == [(ANY_COLOR, "granted")]
