"""502.3 "doesn't untap during your untap step" and "Untap this artifact." (Basalt Monolith);
"Enchant creature" Auras granting abilities (303.4a, 613.1f: Karametra's Favor); counters removed
as a cost and put on a target (Spike Feeder): real cards, tests/games/cards/real_untap.toml."""
from __future__ import annotations

from scenario import play


def test_basalt_monolith_stays_tapped_and_untaps_itself(tmp_path) -> None:
    p = play("untap_basalt_monolith", tmp_path)
    assert p.error is None
    untapped_in_step = [e.event.object_id for e in p.events("PermanentUntapped") if e.rule == "502.3"]
    assert untapped_in_step == ["f0"]                    # not the Monolith
    [by_itself] = [e for e in p.events("PermanentUntapped") if e.rule == "608.2c"]
    assert by_itself.event.object_id == "monolith"
    assert p.perm("monolith")["tapped"] is True and p.pool("Alice") == {"C": 3}


def test_karametras_favor_grants_a_mana_ability_to_the_creature(tmp_path) -> None:
    p = play("aura_karametras_favor", tmp_path)
    assert p.error is None
    favor = p.perm("Karametra's Favor")
    assert favor["attached"] == "feeder"
    assert [e.event.card for e in p.events("CardDrawn")] == ["Island"]
    assert p.perm("feeder")["tapped"] is True
    # then "Remove a +1/+1 counter: You gain 2 life." (ability 2; 602.2h, 118.3)
    assert p.perm("feeder")["counters"] == {"+1/+1": 1}
    assert p.player("Alice")["life"] == 22 and p.pool("Alice") == {"U": 1}
