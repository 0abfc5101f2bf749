"""Cast triggers with a kind of spell (issue 22, triggers): "Whenever you cast a spell / a
noncreature spell / an instant or sorcery spell / a red spell / a multicolored (colorless) spell /
a spell with mana value 4 or greater / an artifact spell with mana value 6 or greater",
"Whenever a player (an opponent) casts ..." (601.2, 603.2): the spell as it is on the stack
(colors from its cost, 202.2, hybrid symbols both, 105.2c; devoid, 702.114a; mana value with
X, 202.3e); "When you cast this spell" (601.2i: an ability of the spell on the stack, 113.6,
resolving before it). Recorded games: tests/games/cast_tome_*, cast_spider_*,
cast_opponent_red.toml, cast_self_spawn_gang.toml."""
from __future__ import annotations

import pytest

from scenario import play
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.parser import parse_oracle
from simulator.rules.support import unsupported


def _fired(p, card: str) -> list:
    return [e for e in p.events("AbilityTriggered") if e.event.source_card == card]


def test_tome_draws_for_a_hybrid_spell_not_a_mono_colored_one(tmp_path) -> None:
    """Wild Cantor ({R/G}) is red and green, multicolored (105.2c): Tome of the Guildpact
    triggers (603.2) and Alice draws; Blood Pet ({B}) is not: no second trigger."""
    p = play("cast_tome_hybrid_multicolored", tmp_path)
    assert p.error is None
    [f] = _fired(p, "Tome of the Guildpact")
    assert f.rule == "603.2" and f.event.card == "Wild Cantor"
    assert p.player("Alice")["hand"] == ["Mountain"]
    assert p.on_battlefield("Blood Pet") and p.on_battlefield("Wild Cantor")


def test_tome_not_for_a_devoid_spell(tmp_path) -> None:
    """Catacomb Sifter ({1}{B}{G}, devoid) is colorless on the stack (702.114a): no trigger."""
    p = play("cast_tome_devoid", tmp_path)
    assert p.error is None and p.on_battlefield("Catacomb Sifter")
    assert _fired(p, "Tome of the Guildpact") == []
    assert p.player("Alice")["hand"] == []


@pytest.mark.parametrize("game, untapped", [("cast_spider_x_four", True), ("cast_spider_x_one", False)])
def test_spider_reads_the_mana_value_with_x(tmp_path, game: str, untapped: bool) -> None:
    """202.3e: Walking Ballista with X = 2 has mana value 4 on the stack (Spider Manifestation
    untaps), with X = 1 mana value 2 (it stays tapped)."""
    p = play(game, tmp_path)
    assert p.error is None
    assert len(_fired(p, "Spider Manifestation")) == (1 if untapped else 0)
    assert p.perm("spider")["tapped"] is (not untapped)


def test_an_opponent_casts_a_red_spell(tmp_path) -> None:
    """"an opponent casts a red spell": Bob's black Blood Pet does not trigger Alice's watcher,
    his red Reckless Barbarian does; she gains 1 life."""
    p = play("cast_opponent_red", tmp_path)
    assert p.error is None
    [f] = _fired(p, "Test Red Watcher")
    assert f.event.card == "Reckless Barbarian" and f.event.controller == "Alice"
    assert p.player("Alice")["life"] == 21


def test_when_you_cast_this_spell_resolves_before_it(tmp_path) -> None:
    """601.2i: Spawn-Gang Commander's ability triggers as it becomes cast (its source: the spell
    on the stack); it resolves first, so the three Spawn tokens are created before the
    Commander resolves (111.4: "with "Sacrifice this token: Add {C}."" is their description)."""
    p = play("cast_self_spawn_gang", tmp_path)
    assert p.error is None
    [f] = _fired(p, "Spawn-Gang Commander")
    [cast] = p.events("SpellCast")
    assert (f.rule, f.event.source) == ("601.2i", cast.event.spell_id)
    tokens = p.events("TokenCreated")
    assert [t.event.token for t in tokens] == ["Eldrazi Spawn"] * 3
    [resolved] = p.events("SpellResolved")
    assert all(t.seq < resolved.seq for t in tokens)
    assert len(p.on_battlefield("Eldrazi Spawn")) == 3 and p.on_battlefield("Spawn-Gang Commander")


def test_phrases() -> None:
    """What each phrase admits; "a creature spell" by you stays the condition it was; the verb
    must agree with who casts."""
    def cond(text: str) -> object:
        [a] = parse_oracle("Card", f"{text}, you gain 1 life.")
        return a.condition
    assert cond("Whenever you cast a spell") == m.CastsSpell("you", None)
    assert cond("Whenever you cast a creature spell") == m.SpellCastByYou("Creature")
    c = cond("Whenever you cast a noncreature spell")
    assert isinstance(c, m.CastsSpell) and c.spell is not None and c.spell.non == ("Creature",)
    assert not c.spell.admits(("Artifact", "Creature"), (), (), 2) and c.spell.admits(("Instant",), (), (), 1)
    c = cond("Whenever you cast an instant or sorcery spell")
    assert c.spell.types == ("Instant", "Sorcery")
    c = cond("Whenever an opponent casts a red spell")
    assert (c.caster, c.color, c.spell) == ("opponent", "R", None)
    c = cond("Whenever a player casts a multicolored spell")
    assert (c.caster, c.colored) == ("any", "multicolored")
    assert cond("Whenever you cast a colorless spell").colored == "colorless"
    c = cond("Whenever you cast an artifact spell with mana value 6 or greater")
    assert (c.spell.types, c.spell.min_mana_value) == (("Artifact",), 6)
    assert cond("Whenever you cast a spell with mana value 4 or greater").spell.min_mana_value == 4
    assert cond("Whenever you cast a legendary spell").spell.supertypes == ("Legendary",)
    [a] = parse_oracle("Card", "When you cast this spell, create a 0/1 colorless Eldrazi Spawn creature token with "
                               '"Sacrifice this token: Add {C}."')
    [e] = a.effects
    assert a.condition == m.CastSelf() and (type(e), e.token, e.amount) == (m.CreateTokens, "Eldrazi Spawn", 1)
    with pytest.raises(Exception, match="does not agree"):
        parse_oracle("Card", 'When you cast this spell, create two 0/1 colorless Eldrazi Spawn creature tokens. '
                             'It has "Sacrifice this token: Add {C}."')
    for bad in ("Whenever you casts a spell", "Whenever a player cast a spell"):
        with pytest.raises(Exception, match="does not agree"):
            cond(bad)


REAL = ["Spawn-Gang Commander", "Battery Bearer", "Rampaging Monument", "Spider Manifestation", "The Vision and Scarlet Witch",
        "Tome of the Guildpact"]


@pytest.mark.parametrize("name", REAL)
def test_real_cards_of_the_family_play(name: str) -> None:
    """Each loads from the package's Oracle data, every part with its handler."""
    pool = CardPool.builtin().with_real_card(name)
    assert pool is not None
    assert unsupported(pool.get(name)) == []
