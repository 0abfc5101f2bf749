"""Mana abilities activated while paying a cost (601.2g-h, 602.2b, 605.3a): `pay_with`."""
from __future__ import annotations

from scenario import cli, game_path, play

from simulator.session.recorder import replay_file
from simulator.tools.legal import legal_decisions


def test_creature_sacrificed_to_the_altar_while_paying_for_the_spell_that_targets_it(tmp_path):
    """601.2c: the target is chosen before the cost is paid; 601.2g: then the Forest and Ashnod's
    Altar (sacrificing the targeted Bears) are activated; 601.2h: {G} pays the cost, {C}{C} stays.
    The casting is legal (601.2h-i do not check targets again); as it resolves its only target is
    gone, so the spell doesn't resolve (608.2b): no explore, no additional land play."""
    p = play("paywith_altar_sacrifices_target", tmp_path)
    assert p.error is None
    (cast,) = p.events("SpellCast")
    assert cast.event.targets == ("bears",)
    acts = p.events("AbilityActivated")
    assert [(a.event.source, a.cause_seq, a.decision_seq) for a in acts] == [
        ("forest-a", cast.seq, cast.seq), ("altar", cast.seq, cast.seq)]
    (sac,) = [z for z in p.events("ZoneChanged") if z.event.reason == "sacrificed"]
    (spent,) = p.events("ManaSpent")
    assert cast.seq < acts[0].seq < sac.seq < spent.seq        # 601.2c < 601.2g < 601.2h
    assert spent.event.mana == {"G": 1}
    (resolved,) = p.events("SpellResolved")
    assert resolved.event.countered and resolved.rule == "608.2b"
    assert not p.events("CreatureExplored") and not p.events("LandPlayAdded")
    assert p.pool("Alice") == {"C": 2}
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears", "Enter the Unknown"]


def test_non_mana_ability_while_paying_is_illegal(tmp_path):
    """605.3a: only mana abilities may be activated while paying; nothing is written."""
    p = play("paywith_not_mana_ability", tmp_path)
    assert p.error is not None and p.error.rule == "605.3a"
    assert "walker" in str(p.error) and "not a mana ability" in str(p.error)
    assert not p.events("SpellCast") and not p.events("AbilityActivated")
    r = cli("replay", str(game_path("paywith_not_mana_ability")), "--db", str(tmp_path / "cli.sqlite"))
    assert r.code == 3 and "(605.3a)" in r.err and "action 1" in r.err


def test_pay_with_on_activate(tmp_path):
    """602.2b: an ability's mana cost paid with a mana ability activated while paying: Hangarback
    Walker's {1}, {T} with the Forest tapped in `pay_with`."""
    p = play("paywith_activate_walker", tmp_path)
    assert p.error is None
    acts = p.events("AbilityActivated")
    assert [a.event.source for a in acts] == ["walker", "forest-a"]
    assert acts[1].cause_seq == acts[0].seq
    (put,) = p.events("AbilityPutOnStack")
    (spent,) = p.events("ManaSpent")
    assert put.seq < acts[1].seq < spent.seq and spent.event.mana == {"G": 1}
    assert p.perm("walker")["counters"] == {"+1/+1": 2}
    assert p.pool("Alice") == {}


def test_pay_with_exported_and_resimulated(tmp_path):
    """The exported game writes `pay_with` back and replays to the same events; verify
    --resimulate re-decides it."""
    db = tmp_path / "g.sqlite"
    r = cli("replay", str(game_path("paywith_altar_sacrifices_target")), "--db", str(db))
    assert r.code == 0, r.err
    out = tmp_path / "exported.toml"
    r = cli("export", "--db", str(db), "-o", str(out))
    assert r.code == 0, r.err
    text = out.read_text()
    assert "pay_with" in text and '"altar"' in text
    r = cli("verify", "--db", str(db), "--resimulate")
    assert r.code == 0, r.out + r.err


def test_legal_decisions_offer_pay_with():
    """601.2g: legal_decisions offers casting with mana abilities activated while paying (the
    pool is empty: only those castings are legal)."""
    result = replay_file(game_path("paywith_legal_offer"), None)
    assert result.error is None
    casts = [d.action for d in legal_decisions(result.game.state, result.game.pool) if "cast" in d.action]
    assert {"player": "Alice", "cast": "Llanowar Elves", "pay_with": [{"activate": "forest-a", "ability": 1}]} in casts


def test_pay_with_entry_with_player_is_a_file_error(tmp_path):
    """An entry takes the keys of `activate` without `player`: exit 2 naming the key, nothing written."""
    bad = tmp_path / "bad.toml"
    bad.write_text(game_path("paywith_activate_walker").read_text().replace(
        'pay_with = [{ activate = "forest-a" }]', 'pay_with = [{ player = "Alice", activate = "forest-a" }]'))
    r = cli("replay", str(bad), "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 2 and "pay_with[1]" in r.err and "player" in r.err
    assert not (tmp_path / "g.sqlite").exists() or "game" not in r.out
