"""Mana as units in the pool (106.1, 106.4, 106.6, 106.6a): each unit knows its type, source and
restriction; a payment spends the units the restrictions allow."""
from __future__ import annotations

from scenario import cli, game_path, play

ZIGGURAT = "Spend this mana only to cast a creature spell."


def test_ziggurat_mana_refused_for_a_noncreature_spell(tmp_path):
    """106.6: Ancient Ziggurat's {G} may be spent only to cast a creature spell: Wild Growth (an
    Aura) cannot be paid with it, though the pool holds {G}; nothing is written."""
    p = play("mana_restricted_ziggurat_noncreature", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert ZIGGURAT in str(p.error) and "Wild Growth" in str(p.error) and "ziggurat" in str(p.error)
    assert not p.events("SpellCast")
    assert p.pool("Alice") == {"G": 1}
    assert p.player("Alice")["mana_units"] == [
        {"type": "G", "amount": 1, "source": "ziggurat", "restriction": ZIGGURAT}]
    (added,) = p.events("ManaAdded")
    assert added.event.restriction["text"] == ZIGGURAT and added.event.restriction["kind"] == "cast"
    r = cli("replay", str(game_path("mana_restricted_ziggurat_noncreature")), "--db", str(tmp_path / "c.sqlite"))
    assert r.code == 3 and "(106.6)" in r.err and "action 2" in r.err


def test_ziggurat_mana_pays_for_a_creature_spell(tmp_path):
    """106.6: a creature spell may be paid with it; ManaSpent names the restricted unit spent."""
    p = play("mana_restricted_ziggurat_creature", tmp_path)
    assert p.error is None
    (spent,) = p.events("ManaSpent")
    assert spent.event.mana == {"G": 1}
    (unit,) = spent.event.units
    assert (unit["type"], unit["amount"], unit["source"], unit["restriction"]["text"]) == ("G", 1, "ziggurat", ZIGGURAT)
    assert p.player("Alice")["mana_units"] == [] and p.pool("Alice") == {}


def test_cavern_like_restriction_only_for_its_creature_type(tmp_path):
    """106.6: "Spend this mana only to cast a Bear creature spell": it pays for Grizzly Bears
    (with the Forest's {G}), not for Llanowar Elves (a creature spell, but an Elf)."""
    p = play("mana_restricted_cavern", tmp_path)
    assert [e.event.card for e in p.events("SpellCast")] == ["Grizzly Bears"]
    first = p.events("ManaSpent")[0]
    assert first.event.mana == {"G": 2}
    assert [(u["source"], u["amount"]) for u in first.event.units] == [("cavern-a", 1)]
    assert p.on_battlefield("Grizzly Bears")
    assert p.error is not None and p.error.rule == "106.6" and "Bear creature spell" in str(p.error)
    assert p.player("Alice")["mana_units"] == [
        {"type": "G", "amount": 1, "source": "cavern-b",
         "restriction": "Spend this mana only to cast a Bear creature spell."}]


def test_player_chooses_unrestricted_mana_with_pay_restricted(tmp_path):
    """106.6: restricted and unrestricted {G} both may pay; `pay_restricted = ""` spends none of
    the restricted: the Forest's {G} pays, the Ziggurat's stays in the pool with its restriction."""
    p = play("mana_restricted_choice", tmp_path)
    assert p.error is None
    (spent,) = p.events("ManaSpent")
    assert spent.event.mana == {"G": 1} and spent.event.units is None
    assert "units" not in spent.event.payload()           # an unrestricted payment: no new key
    assert p.player("Alice")["mana_units"] == [
        {"type": "G", "amount": 1, "source": "ziggurat", "restriction": ZIGGURAT}]


def test_restricted_mana_spent_first_by_default_and_the_rest_empties(tmp_path):
    """Without `pay_restricted` the restricted mana that may pay is spent first; the Forest's {G}
    left empties as the phase ends (106.4), unit and total."""
    p = play("mana_restricted_default", tmp_path)
    assert p.error is None
    (spent,) = p.events("ManaSpent")
    assert [u["source"] for u in spent.event.units] == ["ziggurat"]
    (emptied,) = p.events("ManaPoolEmptied")
    assert emptied.event.mana == {"G": 1} and emptied.rule == "106.4"
    assert p.pool("Alice") == {} and p.player("Alice")["mana_units"] == []


def test_mana_only_for_abilities(tmp_path):
    """106.6: "Spend this mana only to activate abilities": it pays Hangarback Walker's {1}
    (602.2h), and what is left cannot pay for casting Sol Ring."""
    p = play("mana_restricted_abilities", tmp_path)
    (spent,) = p.events("ManaSpent")
    assert spent.rule == "602.2h" and [u["source"] for u in spent.event.units] == ["trilobite"]
    assert p.perm("walker")["counters"] == {"+1/+1": 2}
    assert p.error is not None and p.error.rule == "106.6" and "Sol Ring" in str(p.error)
    assert p.pool("Alice") == {"C": 1}


def test_unrestricted_units_show_their_source(tmp_path):
    """`mana_units` groups the pool by type, source and restriction (GAME_FORMAT): a Forest's
    mana shows the Forest."""
    p = play("mana_restricted_cavern", tmp_path)
    assert p.state["players"][1]["mana_units"] == []
    p2 = play("spine_tap_lands", tmp_path / "spine")
    units = p2.player("Alice")["mana_units"]
    assert units and all(u["restriction"] is None and u["source"] for u in units)
    totals: dict[str, int] = {}
    for u in units:
        totals[u["type"]] = totals.get(u["type"], 0) + u["amount"]
    assert totals == p2.pool("Alice")
    assert len({u["source"] for u in units}) == len(units)     # one unit per land tapped


def test_a_restriction_after_no_mana_is_refused_at_load(tmp_path):
    """A "Spend this mana only ..." sentence must follow the effect adding that mana: else the
    card is refused at load (exit 2), naming card and phrase."""
    cards = tmp_path / "c.toml"
    cards.write_text('[[card]]\nname = "Test Odd"\ncost = "{1}"\ntype = "Artifact"\n'
                     'text = "{T}: You gain 1 life. Spend this mana only to activate abilities."\n')
    game = tmp_path / "g.toml"
    game.write_text(f'format = 1\ncards = ["{cards.name}"]\n[[players]]\nname = "Alice"\n[[players]]\nname = "Bob"\n')
    r = cli("replay", str(game), "--db", str(tmp_path / "g.sqlite"))
    assert r.code == 2 and "Test Odd" in r.err and "Spend this mana only" in r.err


def test_pay_restricted_exported_and_resimulated(tmp_path):
    """`export` writes the player's choice back (`pay_restricted = ""`), the exported game replays
    to the same pool, and verify --resimulate re-decides the stored payment."""
    db = tmp_path / "g.sqlite"
    assert cli("replay", str(game_path("mana_restricted_choice")), "--db", str(db)).code == 0
    out = tmp_path / "exported.toml"
    r = cli("export", "--db", str(db), "-o", str(out))
    assert r.code == 0, r.err
    assert 'pay_restricted = ""' in out.read_text()
    r = cli("verify", "--db", str(db), "--resimulate")
    assert r.code == 0, r.out + r.err
    again = cli("replay", str(out), "--db", str(tmp_path / "again.sqlite"), "--json")
    assert again.code == 0, again.err
    import json
    alice = json.loads(again.out)["players"][0]
    assert alice["mana_units"] == [{"type": "G", "amount": 1, "source": "ziggurat", "restriction": ZIGGURAT}]


def test_tripled_mana_keeps_the_restriction(tmp_path):
    """106.6a: a replacement effect that increases the mana an ability produces (Nyxbloom Ancient,
    106.12b): the ability's restriction applies to all the mana produced."""
    p = play("mana_restricted_nyxbloom", tmp_path)
    assert p.error is None
    (rep,) = p.events("ReplacementApplied")
    assert rep.event.after == {"G": 3}
    assert p.player("Alice")["mana_units"] == [
        {"type": "G", "amount": 3, "source": "ziggurat", "restriction": ZIGGURAT}]


def test_mana_only_for_instants_and_sorceries(tmp_path):
    """106.6: "only to cast an instant or sorcery spell": Dark Ritual (an instant) is paid with it;
    Grizzly Bears' {1} is not (a creature spell)."""
    p = play("mana_restricted_instant_only", tmp_path)
    ritual, insight = p.events("ManaSpent")
    assert [u["source"] for u in ritual.event.units] == ["arcanist-a"]
    assert insight.event.mana == {"B": 3} and insight.event.units is None    # Ritual's mana: unrestricted
    assert p.error is not None and p.error.rule == "106.6" and "Grizzly Bears" in str(p.error)


def test_mana_that_cannot_cast_nonartifact_spells(tmp_path):
    """106.6: "can't be spent to cast nonartifact spells": it pays for an activated ability, not
    for Llanowar Elves."""
    p = play("mana_restricted_nonartifact", tmp_path)
    (spent,) = p.events("ManaSpent")
    assert spent.rule == "602.2h" and [u["source"] for u in spent.event.units] == ["devastation"]
    assert p.perm("walker")["counters"] == {"+1/+1": 2}
    assert p.error is not None and p.error.rule == "106.6" and "nonartifact" in str(p.error)


def test_legal_decisions_offer_the_choice_of_restricted_mana():
    """106.6: with Ancient Ziggurat's {G} and a Forest's {G} in the pool, legal_decisions lists
    Llanowar Elves paid the default way and with `pay_restricted = ""`."""
    from simulator.tools.legal import legal_decisions
    from simulator.formats.recorded import load_recorded_game
    from simulator.session.game import Game
    from simulator.session.recorder import decisions_for, load_pool
    recorded, cards = load_recorded_game(str(game_path("mana_restricted_choice")), load_pool())
    game = Game(cards, "t")
    game.setup(recorded)
    for action in recorded.actions[:2]:      # the two activations, not the cast
        for d in decisions_for(action, game):
            game.apply(d)
    casts = [d.action for d in legal_decisions(game.state, cards) if d.action.get("cast") == "Llanowar Elves"]
    assert {"player": "Alice", "cast": "Llanowar Elves"} in casts
    assert {"player": "Alice", "cast": "Llanowar Elves", "pay_restricted": ""} in casts


def test_mana_that_cannot_pay_generic_costs(tmp_path):
    """106.6: "This mana can't be spent to pay generic mana costs": {R} of it pays Test Goblin's
    {R}, the Forest's {G} its {1}; later {R}{R}{R} of it cannot pay another {1}{R}, though the
    pool holds three mana."""
    p = play("mana_restricted_not_generic", tmp_path)
    first = p.events("ManaSpent")[0]
    assert first.event.mana == {"R": 1, "G": 1}
    assert [(u["source"], u["amount"]) for u in first.event.units] == [("jegantha", 1)]
    assert p.error is not None and p.error.rule == "106.6" and "generic" in str(p.error)
    assert p.pool("Alice") == {"R": 3}
    assert [(u["source"], u["amount"]) for u in p.player("Alice")["mana_units"]] == [("jegantha", 1), ("jegantha-b", 2)]


def test_pay_mana_with_mana_that_pays_only_colored_symbols():
    """106.6: mana that can't pay generic costs pays colored symbols of its type; the rest of a
    payment's generic part must come from other mana, with `pay` letters as without it."""
    import pytest
    from simulator.base.errors import IllegalAction
    from simulator.cards.model import ManaCost
    from simulator.rules.payment import pay_mana
    cost = ManaCost(generic=1, symbols=("R",))
    assert pay_mana({"R": 2}, cost, 0, "RR", "", colored_only={"R": 1}) == {"R": 2}
    with pytest.raises(IllegalAction) as e:
        pay_mana({"R": 2}, cost, 0, "RR", "", colored_only={"R": 2})
    assert e.value.rule == "106.6"
    assert pay_mana({"R": 2, "G": 1}, cost, 0, None, "", colored_only={"R": 2}) == {"R": 1, "G": 1}
    with pytest.raises(IllegalAction):
        pay_mana({"R": 3}, cost, 0, None, "", colored_only={"R": 3})


TRILOBITE = "Spend this mana only to activate abilities."


def test_activation_paid_with_unrestricted_mana_by_pay_restricted(tmp_path):
    """106.6, 602.2h: restricted ({C}{C} only for abilities) and unrestricted {C} may both pay the
    {1} of Hangarback Walker's ability; `pay_restricted = ""` on the `activate` spends the Wastes'
    {C}: the restricted units stay in the pool. Without the key the restricted mana pays first."""
    p = play("mana_restricted_activate_choice", tmp_path)
    assert p.error is None
    spent = [e for e in p.events("ManaSpent")]
    assert [(e.event.mana, e.event.units) for e in spent] == [({"C": 1}, None)]
    assert p.player("Alice")["mana_units"] == [
        {"type": "C", "amount": 2, "source": "trilobite", "restriction": TRILOBITE}]
    db = tmp_path / "g.sqlite"
    assert cli("replay", str(game_path("mana_restricted_activate_choice")), "--db", str(db)).code == 0
    out = tmp_path / "exported.toml"
    r = cli("export", "--db", str(db), "-o", str(out))
    assert r.code == 0, r.err
    assert 'pay_restricted = ""' in out.read_text()
    r = cli("verify", "--db", str(db), "--resimulate")
    assert r.code == 0, r.out + r.err
    again = cli("replay", str(out), "--db", str(tmp_path / "again.sqlite"), "--json")
    assert again.code == 0, again.err
    import json
    assert json.loads(again.out)["players"][0]["mana_units"] == p.player("Alice")["mana_units"]


def test_activation_default_payment_spends_restricted_mana_first(tmp_path):
    """106.6: without `pay_restricted` the restricted {C} that may pay for activating an ability is
    spent first (the default), leaving the Wastes' unrestricted {C}."""
    import json
    src = game_path("mana_restricted_activate_choice")
    text = src.read_text()
    assert 'pay_restricted = ""\n' in text
    game = tmp_path / "default.toml"
    game.write_text(text.replace('pay_restricted = ""\n', "").replace(
        'cards = ["cards/', f'cards = ["{src.parent.as_posix()}/cards/'))
    r = cli("replay", str(game), "--db", str(tmp_path / "d.sqlite"), "--json")
    assert r.code == 0, r.err
    units = json.loads(r.out)["players"][0]["mana_units"]
    assert sorted((u["source"], u["amount"]) for u in units) == [("trilobite", 1), ("wastes", 1)]


def test_pay_restricted_on_activate_refused_without_unrestricted_mana(tmp_path):
    """106.6, 602.2h: `pay_restricted = ""` with only restricted mana in the pool: exit 3 naming the
    action, nothing written (the ability is not activated)."""
    p = play("mana_restricted_activate_wrong", tmp_path)
    assert p.error is not None and p.error.rule == "602.2h" and "unrestricted" in str(p.error)
    assert not [e for e in p.events("AbilityActivated") if e.event.source == "walker"]
    r = cli("replay", str(game_path("mana_restricted_activate_wrong")), "--db", str(tmp_path / "c.sqlite"))
    assert r.code == 3 and "action 2" in r.err
