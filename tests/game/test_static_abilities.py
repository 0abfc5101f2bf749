"""Static abilities of real cards applied by the layers (604, 613): lords ("Other Elves you
control get +1/+1.", 613.4c; "Shamans you control have "{T}: Add {G}{G}."", 613.1f; "other":
never the source itself, 109.2) and abilities of the source with a condition read continuously
("This creature gets +2/+2 as long as you control a Dinosaur.", "... has hexproof as long as
it's untapped.", 611.3a: the effect applies whenever the condition holds, and stops as soon as
it does not; nothing is locked in). The real cards are taken from the package's Oracle data by
name, with their printed text (`simulator.cards.oracle.package_oracle()`)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from scenario import GAMES, play
from simulator.base.errors import CardDataError
from simulator.cards import CardPool
from simulator.cards import model as m
from simulator.cards.oracle import package_oracle
from simulator.cards.parser import parse_oracle
from simulator.formats.recorded import load_recorded_game
from simulator.game import events as ev
from simulator.game.layers import all_characteristics
from simulator.game.state import GameState, evolve
from simulator.session.game import Game
from simulator.tools.coverage import judge

# the real cards this family made playable (issue 22), each accepted by name
REAL_CARDS = ["Reliquary Tower", "Thought Vessel", "Trace of Abundance", "Wayfaring Giant", "Kavu Scout", "Strength of Unity", "Exotic Curse", "A Realm Reborn", "Canopy Tactician", "Drover of the Mighty", "Forgotten Monument", "Manaweft Sliver",
              "Mox Jasper", "Paradise Druid", "Reclusive Taxidermist",
              "Sachi, Daughter of Seshiro", "Werebear"]


def _state(tmp_path: Path, alice: list[str], bob: list[str] = (), graveyard: list[str] = ()) -> tuple[CardPool, GameState]:
    """A position: Alice's and Bob's permanents (`card` or `card@id` or `card@id!` tapped or
    `card@id+shield`: a shield counter; `card@id>other`: an Aura attached to `other`), Alice's
    graveyard."""
    def entries(perms: list[str]) -> str:
        out = []
        for p in perms:
            p, _, attached = p.partition(">")
            card, _, rest = p.partition("@")
            oid = rest.rstrip("!").split("+")[0] or card.lower().replace(" ", "-").replace(",", "")
            extra = "tapped = true\n" if rest.endswith("!") else ""
            if "+" in rest:
                extra += 'counters = { "%s" = 1 }\n' % rest.split("+")[1]
            if attached:
                extra += f'attached = "{attached}"\n'
            out.append(f'  [[players.battlefield]]\n  card = "{card}"\n  id = "{oid}"\n  {extra}')
        return "\n".join(out)
    grave = ", ".join(f'"{c}"' for c in graveyard)
    text = (f'format = 1\ntitle = "statics"\ncards = ["{GAMES / "cards" / "static_cards.toml"}"]\n\n'
            f'[[players]]\nname = "Alice"\ngraveyard = [{grave}]\n{entries(alice)}\n\n'
            f'[[players]]\nname = "Bob"\n{entries(bob)}\n')
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    recorded, pool = load_recorded_game(path, CardPool.builtin())
    game = Game(pool)
    game.setup(recorded)
    return pool, game.state


def _pt(pool: CardPool, s: GameState, oid: str) -> tuple[int | None, int | None]:
    c = all_characteristics(s, pool)[oid]
    return c.power, c.toughness


@pytest.mark.parametrize("name", REAL_CARDS)
def test_real_cards_of_the_family_are_accepted(name: str) -> None:
    """Each real card, its Oracle text as printed, loads and passes the rules check a game runs."""
    record = package_oracle().record(name)
    assert record is not None
    assert judge(record).accepted, judge(record).message


def test_other_elves_get_plus_one_but_not_the_lord_itself(tmp_path) -> None:
    """613.4c, 109.2: "Other Elves you control get +1/+1." (Canopy Tactician, a 3/3 Elf): each
    of two Tacticians gets +1/+1 from the other only (4/4), Alice's Elvish Mystic from both
    (3/3); Bob's Mystic is not Alice's ("you control": 1/1)."""
    pool, s = _state(tmp_path, ["Canopy Tactician@t1", "Canopy Tactician@t2", "Elvish Mystic@mystic"],
                     ["Elvish Mystic@bob-mystic"])
    assert _pt(pool, s, "t1") == _pt(pool, s, "t2") == (4, 4)
    assert _pt(pool, s, "mystic") == (3, 3)
    assert _pt(pool, s, "bob-mystic") == (1, 1)
    pool, s = _state(tmp_path, ["Canopy Tactician@t1"])
    assert _pt(pool, s, "t1") == (3, 3)                       # alone: no bonus from itself


@pytest.mark.parametrize("lord_later", [False, True])
def test_a_lord_applies_over_a_base_power_set_in_either_timestamp_order(tmp_path, lord_later: bool) -> None:
    """613.4b before 613.4c: an effect setting Elvish Mystic's base power/toughness to 4/4
    (layer 7b, until end of turn) and Canopy Tactician's +1/+1 (layer 7c) make a 5/5 whichever
    came first (613.7: timestamps order effects within a layer only)."""
    pool, s = _state(tmp_path, ["Canopy Tactician@lord", "Elvish Mystic@mystic"])
    s = evolve(s, ev.Envelope.of(s.version + 1, ev.ContinuousEffectCreated(
        object_id="mystic", source="mystic", source_card="Elvish Mystic", power=4, toughness=4), None, None, "611.2c"))
    if lord_later:      # the lord's static ability with a timestamp after the effect's (613.7d)
        lord = s.objects["lord"]
        s = replace(s, objects=s.objects.set("lord", replace(lord, timestamp=s.next_timestamp + 1)))
    assert _pt(pool, s, "mystic") == (5, 5)


def test_shamans_you_control_have_a_mana_ability_sachi_herself_too(tmp_path) -> None:
    """613.1f: "Shamans you control have "{T}: Add {G}{G}."" (Sachi, Daughter of Seshiro, a
    Snake Shaman) grants the ability to Sachi herself (no "other"), not to Bob's creatures;
    "Other Snake creatures you control get +0/+1." does not affect Sachi (1/3)."""
    pool, s = _state(tmp_path, ["Sachi, Daughter of Seshiro@sachi"])
    sachi = all_characteristics(s, pool)["sachi"]
    assert [(a.text, a.origin) for a in sachi.activated()] == [("{T}: Add {G}{G}.", "granted")]
    assert (sachi.power, sachi.toughness) == (1, 3)


def test_other_permanents_get_the_ability_but_not_the_source(tmp_path) -> None:
    """613.1f, 109.2: A Realm Reborn's "Other permanents you control have "{T}: Add one mana of
    any color."": Alice's Forest has it beside its own; the Realm itself and Bob's Forest do not."""
    pool, s = _state(tmp_path, ["A Realm Reborn@realm", "Forest@forest"], ["Forest@bob-forest"])
    chars = all_characteristics(s, pool)
    assert [a.text for a in chars["forest"].activated()] == ["{T}: Add {G}.", "{T}: Add one mana of any color."]
    assert chars["realm"].activated() == []
    assert [a.text for a in chars["bob-forest"].activated()] == ["{T}: Add {G}."]


def test_as_long_as_you_control_a_dinosaur(tmp_path) -> None:
    """611.3a: Drover of the Mighty "gets +2/+2 as long as you control a Dinosaur": 3/3 with
    Alice's Dinosaur, 1/1 with none, or with only Bob's ("you control")."""
    pool, s = _state(tmp_path, ["Drover of the Mighty@drover", "Test Raptor@raptor"])
    assert _pt(pool, s, "drover") == (3, 3)
    pool, s = _state(tmp_path, ["Drover of the Mighty@drover"], ["Test Raptor@raptor"])
    assert _pt(pool, s, "drover") == (1, 1)


def test_the_condition_is_read_continuously_as_the_dinosaur_leaves(tmp_path) -> None:
    """611.3a: the bonus is not locked in: once the Dinosaur leaves the battlefield (400.7),
    Drover is 1/1 again in the very next state."""
    pool, s = _state(tmp_path, ["Drover of the Mighty@drover", "Test Raptor@raptor"])
    assert _pt(pool, s, "drover") == (3, 3)
    s = evolve(s, ev.Envelope.of(s.version + 1, ev.ZoneChanged(
        object_id="raptor", new_id="raptor-gone", card="Test Raptor", from_zone="battlefield", to_zone="graveyard",
        owner="Alice"), None, None, "701.21a"))
    assert _pt(pool, s, "drover") == (1, 1)


@pytest.mark.parametrize("cards, bonus", [(7, True), (6, False)])
def test_threshold_seven_cards_in_your_graveyard(tmp_path, cards: int, bonus: bool) -> None:
    """611.3a, 207.2c (Threshold is an ability word): Werebear (1/1) "gets +3/+3 as long as
    there are seven or more cards in your graveyard": 4/4 with seven, 1/1 with six."""
    pool, s = _state(tmp_path, ["Werebear@bear"], graveyard=["Forest"] * cards)
    assert _pt(pool, s, "bear") == ((4, 4) if bonus else (1, 1))


def test_only_creature_cards_count_for_the_taxidermist(tmp_path) -> None:
    """611.3a: Reclusive Taxidermist (1/2) "gets +3/+2 as long as there are four or more
    creature cards in your graveyard": three creature cards and two lands are not enough."""
    pool, s = _state(tmp_path, ["Reclusive Taxidermist@t"], graveyard=["Elvish Mystic"] * 3 + ["Forest"] * 2)
    assert _pt(pool, s, "t") == (1, 2)
    pool, s = _state(tmp_path, ["Reclusive Taxidermist@t"], graveyard=["Elvish Mystic"] * 4)
    assert _pt(pool, s, "t") == (4, 4)


def test_hexproof_as_long_as_it_is_untapped(tmp_path) -> None:
    """611.3a, 702.11b: Paradise Druid "has hexproof as long as it's untapped": untapped it has
    hexproof; tapped (for mana, say) it does not."""
    pool, s = _state(tmp_path, ["Paradise Druid@druid"])
    assert all_characteristics(s, pool)["druid"].has_keyword("Hexproof")
    pool, s = _state(tmp_path, ["Paradise Druid@druid!"])
    assert not all_characteristics(s, pool)["druid"].has_keyword("Hexproof")


def test_shield_counters_are_read_by_damage_and_destroy() -> None:
    """122.1c: "If a permanent with a shield counter on it would be dealt damage or destroyed,
    instead remove a shield counter from it." Damage and destruction (rules/damage.py) apply that
    replacement (tests/rules/test_shield_counters.py), so a card that names shield counters (Rhox
    Pummeler, Swooping Protector, Disciplined Duelist) plays."""
    oracle = package_oracle()
    for name in ("Rhox Pummeler", "Swooping Protector", "Disciplined Duelist"):
        record = oracle.record(name)
        assert record is not None
        verdict = judge(record)
        assert verdict.accepted, (name, verdict.message)


def test_parsed_forms() -> None:
    """The model the grammar builds: "other" on the selector, the source itself ("self") with
    its condition, plural creature types made singular."""
    [line] = parse_oracle("X", "Other Elves you control get +1/+1.")
    assert line.effect == m.ModifyPTStatic(m.Selector(subtypes=("Elf",), controller="you", other=True), 1, 1)
    [line] = parse_oracle("X", "Other Goblins you control have haste.")
    assert line.effect == m.ModifyPTStatic(m.Selector(subtypes=("Goblin",), controller="you", other=True),
                                           keywords=("Haste",))
    [line] = parse_oracle("X", "Other Wolves you control get +1/+0.")
    assert line.effect.affected.subtypes == ("Wolf",)
    [line] = parse_oracle("X", "As long as you control a Dinosaur, this creature gets +1/+1 and has trample.")
    assert line.effect == m.ModifyPTStatic(
        m.Selector(relation="self"), 1, 1, ("Trample",),
        m.YouControl((m.Selector(subtypes=("Dinosaur",), controller="you"),)))


@pytest.mark.parametrize("text, problem", [
    ("Other Foos you control get +1/+1.", "'Foos' is not a subtype these rules know"),
    ("This creature gets +1/+1 as long as you control a Foo.", "'Foo' is not a creature type"),
])
def test_unknown_types_are_refused(text: str, problem: str) -> None:
    """A type the rules do not know is refused at load, naming the phrase (nothing guessed)."""
    with pytest.raises(CardDataError, match=problem):
        parse_oracle("X", text)


def test_an_untapped_paradise_druid_cannot_be_targeted(tmp_path) -> None:
    """611.3a, 702.11b: Bob's untapped Paradise Druid has hexproof, so Alice's Lurking
    Chupacabra trigger has no legal target and is removed as it would go on the stack (603.3d)."""
    p = play("static_paradise_druid_untapped", tmp_path)
    assert p.error is None
    [removed] = p.events("TriggerRemoved")
    assert removed.rule == "603.3d"
    assert p.perm("bob-druid")["power"] == 2


def test_a_tapped_paradise_druid_is_targeted_and_dies(tmp_path) -> None:
    """611.3a: tapped, the Druid has no hexproof: the trigger targets it, -2/-2 until end of turn
    makes it 0/0 and it dies (704.5f)."""
    p = play("static_paradise_druid_tapped", tmp_path)
    assert p.error is None
    assert p.events("TriggerRemoved") == []
    assert p.on_battlefield("Paradise Druid") == []
    [died] = [e for e in p.events("ZoneChanged") if e.event.card == "Paradise Druid"]
    assert (died.event.to_zone, died.rule) == ("graveyard", "704.5f")


def test_a_condition_nothing_reads_is_refused_at_load(monkeypatch) -> None:
    """The load-time check reads `STATIC_CONDITIONS` itself: without a reader for "as long as
    it's untapped", Paradise Druid is refused naming the line (exit 2 at load, never mid-game)."""
    from simulator.game import layers
    from simulator.rules.support import unsupported
    pool = CardPool.builtin().with_real_card("Paradise Druid")
    assert pool is not None
    card = pool.get("Paradise Druid")
    assert unsupported(card) == []
    monkeypatch.delitem(layers.STATIC_CONDITIONS, m.SelfUntapped)
    [problem] = unsupported(card)
    assert "nothing reads the condition SelfUntapped of a static ability" in problem
    assert "has hexproof as long as it's untapped" in problem


def test_domain_counts_basic_land_types_among_your_lands(tmp_path) -> None:
    """613.4c, 305.6: Wayfaring Giant (1/3) "gets +1/+1 for each basic land type among lands you
    control": a Forest, two Islands and Overgrown Tomb (a Swamp Forest) are three types (3/5+1:
    4/6); Bob's Mountain is not Alice's. Kavu Scout (0/2) gets +1/+0 for each: 3/2."""
    pool, s = _state(tmp_path, ["Wayfaring Giant@giant", "Kavu Scout@kavu", "Forest", "Island@i1", "Island@i2",
                                "Overgrown Tomb@tomb"], ["Mountain@bob-mountain"])
    assert _pt(pool, s, "giant") == (4, 6)
    assert _pt(pool, s, "kavu") == (3, 2)


def test_domain_reads_land_types_after_layer_4(tmp_path) -> None:
    """613.1d before 613.4c, 305.7: under Blood Moon, Overgrown Tomb is a Mountain only, so
    Alice's Forest and the Tomb are the types Forest and Mountain: Wayfaring Giant is 3/5."""
    pool, s = _state(tmp_path, ["Wayfaring Giant@giant", "Forest", "Overgrown Tomb@tomb"], ["Blood Moon@moon"])
    assert _pt(pool, s, "giant") == (3, 5)


def test_an_aura_counts_its_controllers_lands(tmp_path) -> None:
    """303.4, 613.4c: Alice's Exotic Curse on Bob's Grizzly Bears gives -1/-1 for each basic
    land type among lands Alice (its controller) controls: with a Forest the Bears are 1/1, with
    a Forest and an Island 0/0, and they die as a state-based action (704.5f) — Bob's Swamp does
    not count; Strength of Unity on Alice's Bears gives +2/+2 for the same two."""
    pool, s = _state(tmp_path, ["Exotic Curse@curse>bob-bears", "Forest"], ["Grizzly Bears@bob-bears", "Swamp@bob-swamp"])
    assert _pt(pool, s, "bob-bears") == (1, 1)
    pool, s = _state(tmp_path, ["Exotic Curse@curse>bob-bears", "Strength of Unity@unity>bears", "Grizzly Bears@bears",
                                "Forest", "Island"], ["Grizzly Bears@bob-bears", "Swamp@bob-swamp"])
    assert "bob-bears" not in s.battlefield
    assert [s.objects[o].card for o in s.players["Bob"].graveyard] == ["Grizzly Bears"]
    assert _pt(pool, s, "bears") == (4, 4)


def test_no_maximum_hand_size_skips_the_cleanup_discard(tmp_path) -> None:
    """402.2, 514.1: with Reliquary Tower Alice keeps nine cards at cleanup: no discard choice,
    nothing discarded, the turn passes to Bob's upkeep."""
    p = play("static_reliquary_tower_no_discard", tmp_path)
    assert p.error is None
    assert (p.state["turn"], p.state["active"], p.state["step"]) == (2, "Bob", "upkeep")
    assert len(p.player("Alice")["hand"]) == 9 and p.player("Alice")["graveyard"] == []
    assert p.events("ChoiceRequested") == []


def test_an_opponents_tower_does_not_help(tmp_path) -> None:
    """402.2: "You have no maximum hand size." is about its controller: Bob's Tower leaves
    Alice's maximum hand size at seven, so she discards two (514.1)."""
    p = play("static_reliquary_tower_opponents", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, req.event.player, req.rule) == ("discard", "Alice", "514.1")
    assert p.player("Alice")["graveyard"] == ["Plains", "Mountain"]


def test_enchanted_land_has_shroud(tmp_path) -> None:
    """613.1f, 702.18a: Trace of Abundance's "Enchanted land has shroud." — the enchanted Forest
    has shroud, Alice's other Forest does not."""
    pool, s = _state(tmp_path, ["Trace of Abundance@trace>f1", "Forest@f1", "Forest@f2"])
    chars = all_characteristics(s, pool)
    assert chars["f1"].has_keyword("Shroud") and not chars["f2"].has_keyword("Shroud")
