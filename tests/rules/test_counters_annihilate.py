"""704.5q: if a permanent has both +1/+1 and -1/-1 counters, N of each are removed as a
state-based action, N the smaller count; the `CountersRemoved` event cites 704.5q, so `why`
explains it. Anything that counts counters afterwards (Hangarback Walker's Thopters) sees
the remaining ones."""
from __future__ import annotations

from scenario import Played, play
from simulator.session import audit


def removed(p: Played) -> list[tuple[str, dict, str]]:
    return [(e.event.object_id, dict(e.event.counters), e.rule) for e in p.events("CountersRemoved")]


def test_starting_position_counters_annihilate_before_priority(tmp_path):
    """Hangarback Walker starts with three +1/+1 and one -1/-1 counter: one of each is removed
    before Alice first gets priority; sacrificed, it dies with two: two Thopters."""
    p = play("sba_counters_start_hangarback", tmp_path)
    assert p.error is None
    assert removed(p) == [("walker", {"+1/+1": 1, "-1/-1": 1}, "704.5q")]
    [rem] = p.events("CountersRemoved")
    first_priority = p.events("PriorityReceived")[0]
    assert rem.seq < first_priority.seq
    [trig] = p.events("AbilityTriggered")
    assert dict(trig.event.counters) == {"+1/+1": 2}      # 603.10a: last known information
    assert [b["card"] for b in p.state["battlefield"]] == ["Ashnod's Altar", "Thopter", "Thopter"]
    report = audit.why(p.log, rem.seq, p.game_id)
    assert report["chain"][0]["rule"] == "704.5q"
    assert "annihilate" in report["chain"][0]["text"]


def test_dying_in_the_same_check_keeps_both_kinds(tmp_path):
    """704.3: at 0/0 with two of each kind, 704.5f and 704.5q are performed at once: it dies
    with its two +1/+1 counters (no CountersRemoved): two Thopters."""
    p = play("sba_counters_dies_with_both", tmp_path)
    assert p.error is None
    assert removed(p) == []
    [died] = [e for e in p.events("ZoneChanged") if e.event.card == "Hangarback Walker"]
    assert died.rule == "704.5f"
    [trig] = p.events("AbilityTriggered")
    assert dict(trig.event.counters) == {"+1/+1": 2, "-1/-1": 2}
    assert [b["card"] for b in p.state["battlefield"]] == ["Thopter", "Thopter"]


def test_counter_from_explore_annihilates(tmp_path):
    """Test Husk enters with two -1/-1 counters (1/1); exploring puts a +1/+1 counter on it
    (701.44a); then one of each is removed: one -1/-1 counter left, still 2/2."""
    p = play("sba_counters_husk_explore", tmp_path)
    assert p.error is None
    husk = p.perm("Test Husk")
    assert (husk["counters"], husk["power"], husk["toughness"]) == ({"-1/-1": 1}, 2, 2)
    [(oid, counters, rule)] = removed(p)
    assert (counters, rule) == ({"+1/+1": 1, "-1/-1": 1}, "704.5q")
    placed = [e for e in p.events("CountersPlaced") if e.event.counter == "+1/+1"]
    assert placed[-1].seq < p.events("CountersRemoved")[0].seq


def test_counters_placed_as_it_enters_annihilate(tmp_path):
    """Cast for X = 3, Test Withered Walker enters with three +1/+1 and one -1/-1 counter
    (614.1c); 704.5q leaves two +1/+1 counters; sacrificed, it makes two Thopters."""
    p = play("sba_counters_withered_walker", tmp_path)
    assert p.error is None
    assert [c for _, c, _ in removed(p)] == [{"+1/+1": 1, "-1/-1": 1}]
    [trig] = p.events("AbilityTriggered")
    assert dict(trig.event.counters) == {"+1/+1": 2}
    assert [b["card"] for b in p.state["battlefield"]].count("Thopter") == 2
    assert p.pool("Alice") == {"C": 2}
