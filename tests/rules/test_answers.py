"""Answers are read by the pending kind; ids are exact, case-sensitive handles (GAME_FORMAT.md).

A string answer is mana (or color) letters only for a `mana` or `color` choice. For `legend`,
`target`, `sacrifice` and `discard` it is an id or a card name, so ids made of mana letters
(`gc`, `bug`, `GC`, `BUG`) name exactly their object. The same holds for the references of
`activate`, `targets` and `sacrifice`; `pay` is mana.
"""
from __future__ import annotations

from pathlib import Path

from scenario import GAMES, Played, play


def variant(tmp_path: Path, name: str, old: str, new: str) -> Played:
    """The game `name` with one line changed, replayed (the change must apply)."""
    text = (GAMES / f"{name}.toml").read_text()
    assert old in text, old
    path = tmp_path / f"{name}_variant.toml"
    path.write_text(text.replace(old, new))
    return play(str(path), tmp_path)


def moved(p: Played, reason: str) -> list[tuple[str, str, str]]:
    return [(e.event.object_id, e.event.card, e.rule) for e in p.events("ZoneChanged")
            if e.event.reason == reason]


def test_legend_answer_gc_is_the_id_not_mana(tmp_path):
    """704.5j: the answer "gc" keeps the permanent with id gc; the new Cradle (handle GC) dies.
    Then gc taps for {G} per creature (one)."""
    p = play("answers_legend_gc", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options), req.rule) == ("legend", ["gc", "gaea-s-cradle-1"], "704.5j")
    [made] = p.events("ChoiceMade")
    assert made.event.answer == "gc"                     # recorded as written
    assert [b["id"] for b in p.state["battlefield"]] == ["gc", "bug"]
    assert moved(p, "legend rule") == [("gaea-s-cradle-1", "Gaea's Cradle", "704.5j")]
    assert p.perm("gc")["tapped"] is True and p.pool("Alice") == {"G": 1}


def test_legend_answer_by_the_handle_of_the_played_card(tmp_path):
    """The played Cradle's hand handle "GC" follows it onto the battlefield: answering "GC"
    keeps it, and the battlefield shows it with that id."""
    p = variant(tmp_path, "answers_legend_gc", 'choose = "gc"', 'choose = "GC"')
    assert [b["id"] for b in p.state["battlefield"]] == ["bug", "GC"]
    assert moved(p, "legend rule") == [("gc", "Gaea's Cradle", "704.5j")]
    # the handle gc follows its card to the graveyard: action 3 names a card not on the battlefield
    assert str(p.error) == "action 3: Alice cannot activate gc: gc is not on the battlefield (110.1)"


def test_pending_legend_options_show_the_handles(tmp_path):
    """--json `pending.options` names objects by the ids the file gave them (GC followed the
    card from the hand); `priority` is null while the choice is pending."""
    p = variant(tmp_path, "answers_legend_gc", '[[actions]]\nplayer = "Alice"\nchoose = "gc"\n', "")
    assert p.error is not None and p.error.rule == "608.2d"      # action 2 (activate) must wait
    assert p.state["pending"]["kind"] == "legend" and p.state["pending"]["player"] == "Alice"
    assert p.state["pending"]["options"] == ["gc", "GC"]
    assert p.state["priority"] is None


def test_legend_answer_is_case_sensitive(tmp_path):
    """Ids are exact: "Gc" is neither gc nor GC (nor mana); the answer is illegal (704.5j)."""
    p = variant(tmp_path, "answers_legend_gc", 'choose = "gc"', 'choose = "Gc"')
    assert p.error is not None and p.error.rule == "704.5j"
    assert str(p.error).startswith("action 2: Alice cannot choose 'Gc': choose the one to keep")
    assert p.state["pending"]["kind"] == "legend" and p.state["priority"] is None


def test_target_answer_by_handles_in_the_graveyard(tmp_path):
    """603.3d: Steward's trigger targets the graveyard cards with handles bug and gc (a Forest
    and the Crystal Vein); the other Forest stays. 607: exiled with the Steward, whose
    creatures get their activated abilities (the Bears tap for {C})."""
    p = play("answers_target_bug", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, req.rule) == ("target", "603.3d")
    assert list(req.event.options)[1:] == ["bug", "gc"]
    [put] = p.events("AbilityPutOnStack")
    assert put.event.targets == ("bug", "gc")
    assert moved(p, "exiled") == [("bug", "Forest", "607.2a"), ("gc", "Crystal Vein", "607.2a")]
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Forest"] and alice["exile"] == ["Forest", "Crystal Vein"]
    steward = next(b for b in p.state["battlefield"] if b["card"] == "Steward of the Harvest")
    assert steward["exiled"] == ["Forest", "Crystal Vein"]
    assert p.pool("Alice") == {"C": 1} and p.perm("bears")["tapped"] is True


def test_target_answer_single_string(tmp_path):
    """A single id may be given as a string: "bug" targets the one Forest."""
    p = variant(tmp_path, "answers_target_bug", 'choose = ["bug", "gc"]', 'choose = "bug"')
    assert p.error is not None          # the Bears have no {C} ability without the Vein
    assert moved(p, "exiled") == [("bug", "Forest", "607.2a")]
    assert p.player("Alice")["graveyard"] == ["Forest", "Crystal Vein"]
    assert str(p.error) == ("action 9: Alice cannot activate bears: bears has no activated ability "
                            "'{T}: Add {C}.' (1: {T}: Add {G}.) (602.2)")


def test_sacrifice_answer_bug_not_BUG(tmp_path):
    """701.21a: Contamination's trigger; "bug" is the Grizzly Bears exactly (the Elves are BUG)."""
    p = play("answers_sacrifice_bug", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, list(req.event.options)) == ("sacrifice", ["bug", "BUG"])
    assert p.player("Alice")["graveyard"] == ["Grizzly Bears"]
    assert [b["id"] for b in p.state["battlefield"]] == ["contamination", "BUG"]


def test_sacrifice_answer_BUG(tmp_path):
    p = variant(tmp_path, "answers_sacrifice_bug", 'choose = "bug"', 'choose = ["BUG"]')
    assert p.error is None
    assert p.player("Alice")["graveyard"] == ["Llanowar Elves"]
    assert [b["id"] for b in p.state["battlefield"]] == ["contamination", "bug"]


def test_discard_answer_by_handles(tmp_path):
    """514.1: the two Forests with handles GC and gc are discarded, the third Forest stays."""
    p = play("answers_discard_gc", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert req.event.kind == "discard" and {"gc", "GC"} <= set(req.event.options)
    assert moved(p, "discarded") == [("GC", "Forest", "514.1"), ("gc", "Forest", "514.1")]
    alice = p.player("Alice")
    assert alice["graveyard"] == ["Forest", "Forest"]
    assert alice["hand"] == ["Forest", "Island", "Swamp", "Grizzly Bears", "Llanowar Elves", "Plains",
                             "Mountain"]


def test_activate_targets_sacrifice_and_pay(tmp_path):
    """activate "gc" (Cradle: {G} for each of three creatures), pay "g" (mana, any case),
    targets ["bug"] (the Bears explore: the Forest "w" goes to hand, 701.44a), sacrifice
    ["BUG"] (the Elves with that exact id, not the Bears), play and activate "w" by its
    library handle."""
    p = play("answers_activate_ids", tmp_path)
    assert p.error is None
    [cast] = p.events("SpellCast")
    assert cast.event.targets == ("bug",)
    [explored] = p.events("CreatureExplored")
    assert (explored.event.object_id, explored.event.revealed, explored.event.result) == ("bug", "Forest", "hand")
    assert moved(p, "sacrificed") == [("BUG", "Llanowar Elves", "701.21a")]
    assert moved(p, "played") == [("forest-1", "Forest", "305.1")]    # the card "w" became in hand
    assert [b["id"] for b in p.state["battlefield"]] == ["gc", "bug", "wu", "r", "w"]
    assert p.perm("w")["tapped"] is True
    assert p.pool("Alice") == {"G": 3, "C": 2}
    assert p.player("Alice")["graveyard"] == ["Enter the Unknown", "Llanowar Elves"]
