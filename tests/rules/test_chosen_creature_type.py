""""As this land enters, choose a creature type" (614.12, 205.3m) and mana that may be spent only
on a creature spell of the chosen type (106.6): Cavern of Souls, its real Oracle text."""
from __future__ import annotations

from clirun import run as run_cli   # in-process
from scenario import cli, game_path, play

from simulator.base.creature_types import CREATURE_TYPES, creature_type
from simulator.rules import choices as ch

CAVERN = ("Spend this mana only to cast a creature spell of the chosen type, and that spell can't be "
          "countered.")


def test_cavern_asks_a_creature_type_as_it_enters_and_keeps_it(tmp_path):
    """614.12: the choice is made as Cavern of Souls enters (the `creature_type` pending kind,
    its options the creature types of 205.3m); the answer ("elf": case ignored) is the type Elf,
    kept on the permanent and shown as `chosen` (GAME_FORMAT.md)."""
    p = play("mana_cavern_of_souls_elf", tmp_path)
    assert p.error is None
    (asked,) = [e for e in p.events("ChoiceRequested") if e.event.kind == "creature_type"]
    assert asked.rule == "614.12" and tuple(asked.event.options) == CREATURE_TYPES
    (entered,) = [e for e in p.events("ZoneChanged") if e.event.card == "Cavern of Souls"]
    assert entered.event.chosen_creature_type == "Elf" and "creature type chosen: Elf" in entered.event.describe()
    assert p.perm("Cavern of Souls")["chosen"] == {"creature_type": "Elf"}


def test_cavern_mana_pays_for_a_creature_spell_of_the_chosen_type(tmp_path):
    """106.6: the Cavern's {G}, restricted to a creature spell of the chosen type (Elf, fixed on
    the mana as it is made), pays for Llanowar Elves (an Elf Druid); ManaSpent names the unit."""
    p = play("mana_cavern_of_souls_elf", tmp_path)
    (added,) = p.events("ManaAdded")
    assert added.event.restriction == {"kind": "chosen_type", "text": CAVERN, "chosen": "Elf", "uncounterable": True}
    (spent,) = p.events("ManaSpent")
    assert spent.event.mana == {"G": 1}
    assert [(u["source"], u["restriction"]["chosen"]) for u in spent.event.units] == [
        (p.perm("Cavern of Souls")["id"], "Elf")]
    assert [e.event.card for e in p.events("SpellCast")] == ["Llanowar Elves"]
    assert p.player("Alice")["mana_units"] == []


def test_cavern_mana_cannot_pay_for_a_creature_spell_of_another_type(tmp_path):
    """106.6: Elf chosen; Grizzly Bears is a creature spell, but a Bear: the Cavern's {G} may not
    pay for it though the pool holds {G}{G}; the cast is refused citing 106.6, nothing written."""
    p = play("mana_cavern_of_souls_other_type", tmp_path)
    assert p.error is not None and p.error.rule == "106.6"
    assert "Grizzly Bears" in str(p.error) and "chosen type" in str(p.error) and "Elf" in str(p.error)
    assert not p.events("SpellCast") and p.pool("Alice") == {"G": 2}
    r = cli("replay", str(game_path("mana_cavern_of_souls_other_type")), "--db", str(tmp_path / "c.sqlite"))
    assert r.code == 3 and "(106.6)" in r.err and "action 5" in r.err


def test_a_land_type_is_not_a_creature_type(tmp_path):
    """205.3m: "Forest" is a land type (205.3i), not a creature type: the answer is refused."""
    p = play("mana_cavern_of_souls_not_a_type", tmp_path)
    assert p.error is not None and p.error.rule == "205.3m"
    assert p.state["pending"]["kind"] == "creature_type"
    assert not [e for e in p.events("ZoneChanged") if e.event.card == "Cavern of Souls"
                and e.event.to_zone == "battlefield"]


def test_creature_type_choice_reads_names_and_numbers():
    """The one parser of the kind: a type in any case, or an option number; not a non-type."""
    choice = ch.CreatureType.as_enters("Alice", "Cavern of Souls")
    assert choice.parse(None, "  dRaGoN ") == "Dragon"   # type: ignore[arg-type]
    assert choice.parse(None, 1) == CREATURE_TYPES[0]    # type: ignore[arg-type]
    assert creature_type("Assembly-Worker") == "Assembly-Worker" and creature_type("Plains") is None
    assert ch.CreatureType.readable("Elf", lambda s: False) and not ch.CreatureType.readable("Plains", lambda s: False)
    assert len(set(CREATURE_TYPES)) == len(CREATURE_TYPES) and list(CREATURE_TYPES) == sorted(CREATURE_TYPES)


# ----------------------------------------------------------------- the starting position and [[expect]]

START = """format = 1
title = "Cavern of Souls in the starting position"
cards = ["{cards}"]

[[players]]
name = "Alice"
hand = ["Llanowar Elves"]

  [[players.battlefield]]
  card = "{card}"
  id = "cavern"
  chosen = {{ creature_type = "{chosen}" }}

[[players]]
name = "Bob"
{rest}"""


def _start(tmp_path, chosen: str = "Elf", card: str = "Cavern of Souls", rest: str = ""):
    path = tmp_path / "start.toml"
    path.write_text(START.format(cards=(game_path("mana_cavern_of_souls_elf").parent / "cards" /
                                        "real_chosen_type.toml").as_posix(),
                                 card=card, chosen=chosen, rest=rest), encoding="utf-8")
    return path


def test_starting_position_reads_a_chosen_creature_type(tmp_path):
    """GAME_FORMAT `chosen = { creature_type = ... }` on a permanent of the starting position
    (614.12: chosen as it entered; any case, kept as the type's one spelling): the Cavern's {G}
    then pays for Llanowar Elves, an Elf (106.6), and the output shows the choice."""
    p = play("mana_cavern_of_souls_start_chosen", tmp_path)
    assert p.error is None
    assert p.perm("cavern")["chosen"] == {"creature_type": "Elf"}
    (placed,) = [e for e in p.events("CardPlaced") if e.event.card == "Cavern of Souls"]
    assert placed.event.chosen_creature_type == "Elf" and "creature type chosen: Elf" in placed.event.describe()
    (spent,) = p.events("ManaSpent")
    (unit,) = spent.event.units
    assert (unit["source"], unit["restriction"]["chosen"]) == ("cavern", "Elf")
    assert [s["card"] for s in p.state["stack"]] == ["Llanowar Elves"]


def test_starting_position_refuses_a_chosen_creature_type_that_is_none(tmp_path):
    """Exit 2, naming the key: a land type is no creature type (205.3m); a card that does not
    choose a creature type as it enters cannot have one (614.12); nothing is written."""
    r = run_cli("replay", str(_start(tmp_path, chosen="Forest")), "--db", str(tmp_path / "a.sqlite"))
    assert r.code == 2 and "chosen.creature_type" in r.err and "not a creature type (205.3m" in r.err
    assert not (tmp_path / "a.sqlite").exists()
    r = run_cli("replay", str(_start(tmp_path, card="Forest")), "--db", str(tmp_path / "b.sqlite"))
    assert r.code == 2 and "Forest does not choose a creature type" in r.err and "614.12" in r.err


def test_expect_reads_a_chosen_creature_type(tmp_path):
    """`[[expect]] chosen = { creature_type = ... }` is read as the output writes it (any case:
    the type's spelling): met for Elf, unmet (exit 1, the value found) for Goblin, malformed
    (exit 2, naming the key) for a word that is no creature type or an unknown key."""
    def check(value: str):
        rest = f'\n[[expect]]\npermanent = "cavern"\nchosen = {value}\n'
        return run_cli("check", str(_start(tmp_path, rest=rest)))
    assert check('{ creature_type = "Elf" }').code == 0
    assert check('{ creature_type = "elf" }').code == 0
    r = check('{ creature_type = "Goblin" }')
    assert r.code == 1 and '"Elf"' in r.out + r.err
    r = check('{ creature_type = "Forest" }')
    assert r.code == 2 and "chosen" in r.err
    r = check('{ flavor = "Elf" }')
    assert r.code == 2 and "chosen" in r.err
