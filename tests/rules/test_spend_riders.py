"""Riders of spent mana (106.6): "If that mana is spent on a creature spell, it gains haste
until end of turn." (an effect on the spell the mana pays for) and "When you spend this mana to
cast a Dragon creature spell, you gain 2 life." (a triggered ability that triggers when the mana
is spent, 603.2). Each unit of mana in the pool carries its rider with the mana ability that made
it (`RiderMana`); the payment names the units it spent and the spell (`ManaSpent`); `why`
walks the effect back to the mana spent and the cast. Also "Spend this mana only to cast a
legendary spell." (106.6, 205.4d) and the refusals of riders the rules cannot do.
"""
from __future__ import annotations

from pathlib import Path

from clirun import run as cli
from scenario import play

from simulator.session import audit

GENERATOR = "If that mana is spent on a creature spell, it gains haste until end of turn."
NURTURER = "When you spend this mana to cast a Dragon creature spell, you gain 2 life."


def _types(p, seq: int) -> list[tuple[str, str | None]]:
    return [(e.type, e.rule) for e in audit.chain(p.log, seq)]


def test_generator_servant_gives_the_creature_spell_haste(tmp_path):
    """106.6, 400.7a, 302.6: the {C}{C} of sacrificed Generator Servant pays for Manakin; the
    spell gains haste as the mana is spent, keeps it as the permanent, and Manakin's {T}
    ability may be activated the turn it arrives. `why` walks the effect back through the
    payment to the cast. The cleanup step ends it (514.2): in Bob's turn Manakin has no haste."""
    p = play("spend_generator_haste", tmp_path)
    assert p.error is None
    (spent,) = p.events("ManaSpent")
    assert spent.event.mana == {"C": 2} and spent.event.spell == "manakin-2"
    (unit,) = spent.event.units
    assert (unit["source"], unit["amount"], unit["restriction"]["text"]) == ("servant", 2, GENERATOR)
    assert unit["restriction"]["kind"] == "rider"
    (effect,) = p.events("ContinuousEffectCreated")
    assert (effect.event.object_id, effect.event.keywords, effect.event.source_card) == (
        "manakin-2", ("Haste",), "Generator Servant")
    assert _types(p, effect.seq) == [("ContinuousEffectCreated", "106.6"), ("ManaSpent", "601.2h"),
                                     ("SpellCast", "601.2")]
    why = audit.why(p.log, effect.seq, p.game_id)
    assert "haste" in why["chain"][0]["text"] and "servant" in why["chain"][1]["text"]
    activated = [e.event.source for e in p.events("AbilityActivated")]
    assert activated == ["servant", "manakin-3"]                  # 302.6 does not stop it
    (ended,) = p.events("UntilEndOfTurnEffectsEnded")
    assert ended.rule == "514.2" and ended.event.count == 1
    assert (p.state["turn"], p.state["active"]) == (2, "Bob")
    assert p.perm("manakin-3")["keywords"] == []


def test_generator_servant_mana_on_a_noncreature_spell_does_nothing(tmp_path):
    """106.6: Mind Stone is no creature spell: the rider gives it nothing."""
    p = play("spend_generator_noncreature", tmp_path)
    assert p.error is None
    (spent,) = p.events("ManaSpent")
    assert spent.event.units[0]["source"] == "servant" and spent.event.spell == "mind-stone-2"
    assert p.events("ContinuousEffectCreated") == []
    assert p.perm("Mind Stone")["keywords"] == []


def test_generator_servant_mana_spent_on_an_ability_does_nothing(tmp_path):
    """106.6, 602.2h: the {C}{C} pays an activated ability's {2}: no spell, no haste; Manakin,
    cast later with other mana, cannot {T} (302.6)."""
    p = play("spend_generator_ability", tmp_path)
    first, second = p.events("ManaSpent")
    assert first.event.units[0]["source"] == "servant" and first.event.spell is None
    assert second.event.units is None and second.event.spell is None
    assert "spell" not in second.event.payload()        # no rider: the payload as before
    assert p.events("ContinuousEffectCreated") == []
    assert p.error is not None and p.error.rule == "302.6" and "Manakin" in str(p.error)


def test_hall_of_the_bandit_lord_haste_outlasts_the_turn(tmp_path):
    """106.6: "it gains haste." has no end: cleanup ends nothing (514.2 ends only "until end
    of turn" effects), and in Bob's turn Manakin still has haste. The 3 life are paid (119.4)."""
    p = play("spend_hall_haste_stays", tmp_path)
    assert p.error is None
    (effect,) = p.events("ContinuousEffectCreated")
    assert effect.event.until_end_of_turn is False and effect.event.payload()["until_end_of_turn"] is False
    assert p.events("UntilEndOfTurnEffectsEnded") == []
    assert (p.state["turn"], p.state["active"]) == (2, "Bob")
    assert p.perm("manakin-3")["keywords"] == ["Haste"]
    assert p.player("Alice")["life"] == 17


def test_carnelian_orb_gives_a_dragon_haste(tmp_path):
    """106.6: Carnelian Orb's {R} spent on a Dragon creature spell: the Dragon taps for mana the
    turn it arrives (302.6)."""
    p = play("spend_carnelian_dragon", tmp_path)
    assert p.error is None
    (effect,) = p.events("ContinuousEffectCreated")
    assert effect.event.source == "orb" and effect.event.keywords == ("Haste",)
    assert [e.event.source for e in p.events("AbilityActivated")][-1] == "test-whelp-3"
    assert p.pool("Alice") == {"R": 1}


def test_carnelian_orb_gives_a_creature_that_is_no_dragon_nothing(tmp_path):
    """106.6: Manakin is a creature spell but no Dragon: no haste, tapping it is refused (302.6)."""
    p = play("spend_carnelian_not_dragon", tmp_path)
    assert p.events("ManaSpent")[0].event.units[0]["source"] == "orb"
    assert p.events("ContinuousEffectCreated") == []
    assert p.error is not None and p.error.rule == "302.6"


def test_scaled_nurturer_triggers_when_its_mana_pays_for_a_dragon(tmp_path):
    """106.6, 603.2, 603.3: spending the Nurturer's {G} on a Dragon creature spell triggers its
    "When you spend this mana ..." ability; it goes on the stack above the spell and resolves
    first (Alice at 22 before the Whelp resolves). Its cause is the payment, then the cast."""
    p = play("spend_nurturer_dragon", tmp_path)
    assert p.error is None
    (t,) = p.triggers()
    assert (t["source"], t["source_id"], t["rule"], t["text"]) == ("Scaled Nurturer", "nurturer", "106.6", NURTURER)
    assert [(c["type"], c["rule"]) for c in t["cause"]] == [("ManaSpent", "601.2h"), ("SpellCast", "601.2")]
    (fired,) = p.events("AbilityTriggered")
    assert fired.event.ability.kind == "spent" and "spent its mana on Test Whelp" in fired.event.describe()
    (gained,) = p.events("LifeGained")
    (resolved,) = p.events("SpellResolved")
    assert gained.seq < resolved.seq and gained.event.amount == 2
    assert p.player("Alice")["life"] == 22
    assert p.perm("Test Whelp")["keywords"] == []


def test_scaled_nurturer_does_not_trigger_for_a_creature_that_is_no_dragon(tmp_path):
    """106.6: its mana spent on Manakin (no Dragon): the trigger must not trigger."""
    p = play("spend_nurturer_not_dragon", tmp_path)
    assert p.error is None
    assert p.events("ManaSpent")[0].event.units[0]["source"] == "nurturer"
    assert p.triggers() == [] and p.player("Alice")["life"] == 20


def test_rider_mana_in_the_pool_shows_its_rider(tmp_path):
    """GAME_FORMAT `mana_units`: the rider is the unit's 106.6 text while the mana waits."""
    game = tmp_path / "g.toml"
    game.write_text('format = 1\ntitle = "t"\n[[players]]\nname = "Alice"\n  [[players.battlefield]]\n'
                    '  card = "Generator Servant"\n  id = "servant"\n[[players]]\nname = "Bob"\n'
                    '[[actions]]\nplayer = "Alice"\nactivate = "servant"\n', encoding="utf-8")
    r = cli("replay", str(game), "--db", str(tmp_path / "g.sqlite"), "--json")
    assert r.code == 0, r.err
    (alice, _) = r.json()["players"]
    assert alice["mana_pool"] == {"C": 2}
    assert alice["mana_units"] == [{"type": "C", "amount": 2, "source": "servant", "restriction": GENERATOR}]


def test_legendary_only_mana_pays_for_a_legendary_spell(tmp_path):
    """106.6, 205.4d: "Spend this mana only to cast a legendary spell.": Test Legend is one."""
    p = play("spend_halfling_legendary", tmp_path)
    assert p.error is None
    (spent,) = p.events("ManaSpent")
    assert spent.event.units[0]["restriction"]["supertypes"] == ("Legendary",)
    assert [s["card"] for s in p.state["stack"]] == ["Test Legend"]


def test_legendary_only_mana_refused_for_another_spell(tmp_path):
    """106.6: Manakin is not legendary: the Halfling's {G} cannot pay for it (exit 3, 106.6)."""
    p = play("spend_halfling_nonlegendary", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert "legendary spell" in str(p.error) and "halfling" in str(p.error)
    assert p.events("SpellCast") == []


def _refused(tmp_path: Path, text: str, name: str = "Test Odd", type_line: str = "Artifact") -> str:
    cards = tmp_path / "c.toml"
    cards.write_text(f'[[card]]\nname = "{name}"\ncost = "{{1}}"\ntype = "{type_line}"\ntext = "{text}"\n',
                     encoding="utf-8")
    game = tmp_path / "g.toml"
    game.write_text(f'format = 1\ncards = ["{cards.name}"]\n[[players]]\nname = "Alice"\n[[players]]\nname = "Bob"\n',
                    encoding="utf-8")
    r = cli("replay", str(game), "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 2 and name in r.err, (r.code, r.err)
    assert not (tmp_path / "g.sqlite").exists() or "Traceback" not in r.err
    return r.err


def test_riders_the_rules_cannot_do_are_refused_at_load(tmp_path):
    """Refused at load (exit 2), naming card and phrase, never accepted and dropped: a rider on a
    spell's mana (only a mana ability's mana names where its rider is written), a rider and a
    restriction on one mana. ("..., and that spell can't be countered." is read now:
    tests/rules/test_counter.py.)"""
    err = _refused(tmp_path, "Add {R}{R}. If that mana is spent on a creature spell, it gains haste until end of turn.",
                   type_line="Instant")
    assert "not made by an activated mana ability" in err
    err = _refused(tmp_path, "{T}: Add {G}. Spend this mana only to cast creature spells. "
                             "If that mana is spent on a creature spell, it gains haste.")
    assert "second restriction or rider" in err
    err = _refused(tmp_path, "{T}: Add {G}{G}. When you spend this mana to cast a creature spell, you gain 2 life.")
    assert "more than one mana" in err


def test_real_cards_with_riders_the_rules_cannot_do_are_refused():
    """The Oracle cards of these clusters the rules do not cover stay refused, each naming its
    phrase: Jade Orb (enters with a counter, hexproof until your next turn),
    Study Hall (your commander), Pyromancer's Goggles (copy that spell)."""
    from simulator.base.errors import SimulatorError
    from simulator.cards import CardPool
    pool = CardPool.builtin()
    for name, phrase in (("Jade Orb of Dragonkind", "additional +1/+1 counter"),
                         ("Study Hall", "commander"), ("Pyromancer's Goggles", "copy that spell")):
        try:
            pool.with_real_card(name)
        except SimulatorError as e:
            assert phrase in str(e), (name, str(e))
        else:
            raise AssertionError(f"{name} was accepted")
