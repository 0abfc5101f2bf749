"""How `order` options are listed and numbered (603.3b; GAME_FORMAT.md, docs/recorded-games.md):
in timestamp order of their sources (starting position: file order), each source's instances
in the order they triggered, numbered from 1; the first listed in the answer goes on the stack
first. Instances of one triggered ability of one source alone need no `order` choice."""
from __future__ import annotations

from pathlib import Path

from scenario import GAMES, play


def test_one_source_twice_alongside_another(tmp_path):
    """Two Walkers each trigger twice (Jadelight explores twice): four options, walker-b's two
    (listed first in the file) then walker-a's two; [1, 3, 2, 4] stacks b, a, b, a (bottom up)."""
    p = play("order_one_source_twice", tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert (req.event.kind, req.rule) == ("order", "603.3b")
    text = "Whenever a creature you control explores, put a +1/+1 counter on this creature and you gain 3 life."
    assert list(req.event.options) == [f"{text} (walker-b)", f"{text} (walker-b)", f"{text} (walker-a)",
                                       f"{text} (walker-a)"]
    triggered = [(e.event.trigger_id, e.event.source) for e in p.events("AbilityTriggered")]
    b = [t for t, s in triggered if s == "walker-b"]
    a = [t for t, s in triggered if s == "walker-a"]
    put = [e.event.trigger_id for e in p.events("AbilityPutOnStack") if e.event.kind == "triggered"
           and e.event.source.startswith("walker")]
    assert put == [b[0], a[0], b[1], a[1]]
    assert [s["source"] for s in p.state["stack"]] == ["walker-a", "walker-b", "walker-a", "walker-b"]


def test_file_order_decides_the_numbering(tmp_path):
    """Swap the two Walkers in the file: walker-a is now listed first (options 1 and 2)."""
    text = (GAMES / "order_one_source_twice.toml").read_text()
    b = '  [[players.battlefield]]\n  card = "Wildgrowth Walker"\n  id = "walker-b"\n'
    a = '  [[players.battlefield]]\n  card = "Wildgrowth Walker"\n  id = "walker-a"\n'
    game = Path(tmp_path) / "swapped.toml"
    game.write_text(text.replace(b + a, a + b))
    p = play(str(game), tmp_path)
    assert p.error is None
    [req] = p.events("ChoiceRequested")
    assert [o.rsplit("(", 1)[1] for o in req.event.options] == ["walker-a)", "walker-a)", "walker-b)", "walker-b)"]
    assert [s["source"] for s in p.state["stack"]] == ["walker-b", "walker-a", "walker-b", "walker-a"]


def test_one_source_twice_alone_needs_no_order_choice(tmp_path):
    """Only one Walker: its two instances of one ability go on the stack in the order they
    triggered, with no choice (GAME_FORMAT.md: same ability, same source)."""
    text = (GAMES / "order_one_source_twice.toml").read_text()
    game = Path(tmp_path) / "one.toml"
    game.write_text(text.replace('  [[players.battlefield]]\n  card = "Wildgrowth Walker"\n  id = "walker-a"\n', "")
                    .replace("[[actions]]\nplayer = \"Alice\"\nchoose = [1, 3, 2, 4]\n", ""))
    p = play(str(game), tmp_path)
    assert p.error is None
    assert p.events("ChoiceRequested") == []
    assert [s["source"] for s in p.state["stack"]] == ["walker-b", "walker-b"]
