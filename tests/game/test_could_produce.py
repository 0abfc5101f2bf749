"""Direct unit tests of simulator.game.could_produce.could_produce (106.7) on states built by replaying small
recorded games (written to tmp_path, replayed in memory).

106.7: the types a permanent could produce are those any of its mana abilities would produce if
it resolved now, with every applicable replacement effect in every possible order, ignoring costs
and tapped status; reflecting lands that only reflect each other produce nothing. Type includes
colorless; color doesn't.
"""
from __future__ import annotations

from simulator.game.could_produce import could_produce, reflected_options
from simulator.cards import model as m
from simulator.session.recorder import replay_file


def _perm_toml(card: str, pid: str | None, extra: str = "") -> str:
    lines = ["  [[players.battlefield]]", f'  card = "{card}"']
    if pid:
        lines.append(f'  id = "{pid}"')
    if extra:
        lines.append("  " + extra)
    return "\n".join(lines)


def build(tmp_path, alice: list, bob: list = (), actions: str = "", name: str = "cp"):
    """Replay a game whose battlefields are `alice` / `bob`: entries are (card, id) or
    (card, id, extra toml line). Returns (state, pool)."""
    def side(perms):
        return "\n".join(_perm_toml(*p) for p in perms)
    text = (f'format = 1\ntitle = "could produce"\n\n[[players]]\nname = "Alice"\n{side(alice)}\n\n'
            f'[[players]]\nname = "Bob"\n{side(bob)}\n{actions}\n')
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    result = replay_file(path, None)
    assert result.error is None, result.error
    return result.game.state, result.game.pool


def cp(tmp_path, alice, bob=(), actions=""):
    """could_produce as {id: set of letters} for the permanents with handles."""
    state, pool = build(tmp_path, alice, bob, actions)
    out = could_produce(state, pool)
    return {k: set(v) for k, v in out.items()}


ALL_COLORS = set(m.COLORS)


def test_basic_and_intrinsic_types(tmp_path):
    """305.6: basic land types (Overgrown Tomb's too); Wastes' printed {C}; Llanowar Wastes {C}/{B}/{G}."""
    got = cp(tmp_path, [("Forest", "f"), ("Overgrown Tomb", "tomb"), ("Wastes", "w"),
                        ("Llanowar Wastes", "lw"), ("Steam Vents", "sv")])
    assert got["f"] == {"G"}
    assert got["tomb"] == {"B", "G"}
    assert got["w"] == {"C"}
    assert got["lw"] == {"C", "B", "G"}
    assert got["sv"] == {"U", "R"}


def test_reflecting_pool_alone_could_produce_nothing(tmp_path):
    """106.7: a Pool that only reflects itself defines no type. An opponent's land doesn't count."""
    got = cp(tmp_path, [("Reflecting Pool", "pool")], [("Forest", "fb")])
    assert got["pool"] == set()
    assert got["fb"] == {"G"}


def test_two_pools_are_an_ungrounded_cycle(tmp_path):
    got = cp(tmp_path, [("Reflecting Pool", "p1"), ("Reflecting Pool", "p2")])
    assert got == {"p1": set(), "p2": set()}


def test_pool_reflects_colorless_orchard_does_not(tmp_path):
    """106.1b/105.1: Pool + Wastes -> {C}; Bob's Orchard facing them -> nothing."""
    got = cp(tmp_path, [("Reflecting Pool", "pool"), ("Wastes", "w")], [("Exotic Orchard", "orch")])
    assert got["pool"] == {"C"}
    assert got["orch"] == set()


def test_orchards_facing_each_other(tmp_path):
    got = cp(tmp_path, [("Exotic Orchard", "oa")], [("Exotic Orchard", "ob")])
    assert got == {"oa": set(), "ob": set()}


def test_grounding_travels_through_the_cycle(tmp_path):
    """My Orchard reflects your Orchard, which reflects my Plains: both {W}."""
    got = cp(tmp_path, [("Exotic Orchard", "oa"), ("Plains", "pa")], [("Exotic Orchard", "ob")])
    assert got["oa"] == {"W"} and got["ob"] == {"W"}


def test_grounding_travels_through_a_long_chain(tmp_path):
    """Alice: Pool + Orchard; Bob: Pool + Orchard + Island. Bob's Island grounds Alice's Orchard
    ({U}), which grounds Alice's Pool; Alice's Orchard grounds nothing new for Bob's Orchard
    beyond {U}; Bob's Pool reflects his Island and Orchard."""
    got = cp(tmp_path, [("Reflecting Pool", "pa"), ("Exotic Orchard", "oa")],
             [("Reflecting Pool", "pb"), ("Exotic Orchard", "ob"), ("Island", "ib")])
    assert got == {"pa": {"U"}, "oa": {"U"}, "pb": {"U"}, "ob": {"U"}, "ib": {"U"}}


def test_reflection_picks_up_types_from_both_directions(tmp_path):
    """Alice: Orchard + Plains + Pool; Bob: Orchard + Forest. Bob's Orchard: {W} (Alice's
    Plains; Alice's Orchard adds {G} reflected back from his own Forest). Alice's Orchard: {G}
    from Bob's Forest and {W} through Bob's Orchard. Alice's Pool: everything her lands could."""
    got = cp(tmp_path, [("Exotic Orchard", "oa"), ("Plains", "pa"), ("Reflecting Pool", "pool")],
             [("Exotic Orchard", "ob"), ("Forest", "fb")])
    assert got["oa"] == {"W", "G"}
    assert got["ob"] == {"W", "G"}
    assert got["pool"] == {"W", "G"}


def test_tapped_status_and_costs_are_ignored(tmp_path):
    """106.7: a tapped Forest could still produce {G}; untapped Pili-Pala (its {Q} can't be paid)
    and Mana Confluence at 1 life still could produce any color; Crystal Vein {C}."""
    got = cp(tmp_path, [("Forest", "f", "tapped = true"), ("Pili-Pala", "pili"), ("Mana Confluence", "mc"),
                        ("Crystal Vein", "cv"), ("Reflecting Pool", "pool")])
    assert got["f"] == {"G"}
    assert got["pili"] == ALL_COLORS
    assert got["mc"] == ALL_COLORS
    assert got["cv"] == {"C"}
    assert got["pool"] == ALL_COLORS | {"C"}


def test_cradle_with_and_without_creatures(tmp_path):
    """Gaea's Cradle with zero creatures would produce no mana, so it could produce nothing."""
    got = cp(tmp_path, [("Gaea's Cradle", "cradle"), ("Reflecting Pool", "pool")], [("Grizzly Bears", "gb")])
    assert got["cradle"] == set() and got["pool"] == set()
    got = cp(tmp_path, [("Gaea's Cradle", "cradle"), ("Reflecting Pool", "pool"), ("Grizzly Bears", "ga")])
    assert got["cradle"] == {"G"} and got["pool"] == {"G"}


def test_contamination_replaces_types(tmp_path):
    """106.7 with replacement effects: every land under Contamination could produce only {B} —
    including Reflecting Pool and Wastes; Fellwar Stone (an artifact) facing them offers {B};
    creatures and artifacts themselves aren't affected."""
    got = cp(tmp_path, [("Fellwar Stone", "stone"), ("Naga Vitalist", "naga"), ("Pili-Pala", "pili")],
             [("Forest", "fb"), ("Wastes", "wb"), ("Reflecting Pool", "pb"), ("Contamination", "cont")])
    assert got["fb"] == {"B"} and got["wb"] == {"B"} and got["pb"] == {"B"}
    assert got["stone"] == {"B"}
    assert got["naga"] == set()            # Alice controls no land
    assert got["pili"] == ALL_COLORS       # not a land, {Q} isn't tapping: untouched
    assert got["cont"] == set()


def test_contamination_does_not_ground_an_ungrounded_pool(tmp_path):
    """Pool alone under Contamination: it would produce no mana, so there is nothing to replace."""
    got = cp(tmp_path, [("Reflecting Pool", "pool"), ("Contamination", "cont")])
    assert got["pool"] == set()


def test_multipliers_do_not_change_types(tmp_path):
    """Mana Reflection / Nyxbloom change amounts only; with Contamination in either order the
    type is {B}."""
    got = cp(tmp_path, [("Forest", "f"), ("Mana Reflection", "mr"), ("Nyxbloom Ancient", "nyx"),
                        ("Llanowar Elves", "elves")])
    assert got["f"] == {"G"} and got["elves"] == {"G"}
    got = cp(tmp_path, [("Forest", "f"), ("Mana Reflection", "mr"), ("Contamination", "cont")])
    assert got["f"] == {"B"}


def test_harvester_and_sylvok_reflect_colors_naga_types(tmp_path):
    got = cp(tmp_path, [("Naga Vitalist", "naga"), ("Harvester Druid", "hd"), ("Sylvok Explorer", "se"),
                        ("Wastes", "wa"), ("Forest", "fa")],
             [("Island", "ib"), ("Wastes", "wb")])
    assert got["naga"] == {"C", "G"}
    assert got["hd"] == {"G"}
    assert got["se"] == {"U"}


def test_creatures_are_not_lands_for_reflection(tmp_path):
    """Reflecting Pool reflects lands only: Llanowar Elves ({G}) doesn't ground it."""
    got = cp(tmp_path, [("Reflecting Pool", "pool"), ("Llanowar Elves", "elves")])
    assert got["elves"] == {"G"} and got["pool"] == set()


def test_blood_moon_makes_the_pool_a_mountain(tmp_path):
    """305.7: under Blood Moon Reflecting Pool is a Mountain with no text: {R} only; the Exotic
    Orchard facing it gets {R}."""
    got = cp(tmp_path, [("Reflecting Pool", "pool"), ("Blood Moon", "moon")], [("Exotic Orchard", "ob")])
    assert got["pool"] == {"R"} and got["ob"] == {"R"}


def test_granted_abilities_count(tmp_path):
    """Gift of Paradise grants "{T}: Add two mana of any one color." to the enchanted Wastes."""
    got = cp(tmp_path, [("Wastes", "w"), ("Gift of Paradise", "gift", 'attached = "w"'),
                        ("Reflecting Pool", "pool")])
    assert got["w"] == ALL_COLORS | {"C"}
    assert got["pool"] == ALL_COLORS | {"C"}


def test_wild_growth_is_not_an_ability_of_the_land(tmp_path):
    """Wild Growth's {G} is the Aura's triggered ability: the enchanted Wastes could produce only
    {C}, and the Orchard facing it nothing."""
    got = cp(tmp_path, [("Wastes", "w"), ("Wild Growth", "wg", 'attached = "w"')], [("Exotic Orchard", "ob")])
    assert got["w"] == {"C"} and got["ob"] == set()


def test_state_after_play_and_sacrifice(tmp_path):
    """Could-produce is read off the current state: after Crystal Vein is sacrificed, the Pool
    beside it has nothing to reflect; after Steam Vents is played, Alice's Pool reflects {U}{R}."""
    actions = ('[[actions]]\nplayer = "Alice"\nactivate = "cv"\nability = 2\n')
    state, pool = build(tmp_path, [("Crystal Vein", "cv"), ("Reflecting Pool", "pool")], actions=actions)
    assert set(could_produce(state, pool)["pool"]) == set()
    text = ('format = 1\ntitle = "vents"\n[[players]]\nname = "Alice"\nhand = ["Steam Vents"]\n'
            '  [[players.battlefield]]\n  card = "Reflecting Pool"\n  id = "pool"\n'
            '[[players]]\nname = "Bob"\n'
            '[[actions]]\nplayer = "Alice"\nplay = "Steam Vents"\n'
            '[[actions]]\nplayer = "Alice"\nchoose = "tapped"\n')
    path = tmp_path / "vents.toml"
    path.write_text(text)
    result = replay_file(path, None)
    assert result.error is None
    assert set(could_produce(result.game.state, result.game.pool)["pool"]) == {"U", "R"}


def test_reflected_options_are_in_wubrgc_order(tmp_path):
    """The options a reflecting ability offers now, as a list in W U B R G C order."""
    state, pool = build(tmp_path, [("Reflecting Pool", "pool"), ("Forest", "f"), ("Wastes", "w"), ("Plains", "p")],
                        [("Island", "ib")])
    assert reflected_options(state, pool, "Alice", m.AddReflected("type", "you")) == ["W", "G", "C"]
    assert reflected_options(state, pool, "Alice", m.AddReflected("color", "you")) == ["W", "G"]
    assert reflected_options(state, pool, "Bob", m.AddReflected("color", "opponent")) == ["W", "G"]
    assert reflected_options(state, pool, "Alice", m.AddReflected("color", "opponent")) == ["U"]


def test_fixpoint_on_a_long_grounded_chain(tmp_path):
    """A long chain of Reflecting Pools and Orchards, grounded by one Swamp on Bob's side:
    black travels through the whole cycle, so everything reflects {B}. (Scaling is measured in
    bench/could_produce.py, not asserted here.)"""
    alice = [("Reflecting Pool", f"pa{i}") for i in range(60)] + [("Exotic Orchard", f"oa{i}") for i in range(60)]
    bob = [("Exotic Orchard", f"ob{i}") for i in range(60)] + [("Reflecting Pool", f"pb{i}") for i in range(60)]
    bob.append(("Swamp", "sb"))
    state, pool = build(tmp_path, alice, bob)
    got = could_produce(state, pool)
    assert all(set(v) == {"B"} for v in got.values())


def _naive_could_produce(state, pool):
    """106.7 the slow way: every reflecting ability re-read against everything found so far,
    round after round, until a round adds nothing (the least fixpoint `_fixpoint` must reach)."""
    from simulator.game import could_produce as mana
    from simulator.game.layers import all_characteristics
    chars = all_characteristics(state, pool)
    found = {oid: set() for oid in chars}
    readers = []
    for oid, c in chars.items():
        controller = state.objects[oid].controller
        for ref in mana.mana_ability_refs(c):
            reps = [r.ability.effect for _, r in mana.mana_replacements(state, pool, oid, controller, ref.ability)]
            eff = mana.mana_effect_of(ref.ability).mana
            if isinstance(eff, m.AddReflected):
                players = [controller] if eff.whose == "you" else state.opponents(controller)
                readers.append((oid, eff.kind, reps, players))
            else:
                found[oid] |= mana._types_after_replacements(mana._base_types(state, pool, controller, eff, oid), reps)
    changed = True
    while changed:
        changed = False
        for oid, kind, reps, players in readers:
            offered = set().union(*(found[o] for o, c in chars.items()
                                    if c.is_land and state.objects[o].controller in players))
            if kind != "type":
                offered &= set(m.COLORS)
            new = mana._types_after_replacements(offered, reps) - found[oid]
            if new:
                found[oid] |= new
                changed = True
    return found


def test_the_worklist_fixpoint_equals_the_round_robin_one(tmp_path):
    """106.7 on Reflecting Pools and Exotic Orchards in long mixed chains on both sides, grounded
    by a Plains and a Forest, with and without a land-type replacement (Contamination): the
    worklist (one pass per player whose lands changed) finds exactly what re-reading every
    reflecting ability until nothing changes finds."""
    kinds = ["Reflecting Pool", "Exotic Orchard"]
    boards = [
        ([("Plains", "p")] + [(kinds[i % 2], f"a{i}") for i in range(9)],
         [(kinds[(i + 1) % 2], f"b{i}") for i in range(8)]),
        ([(kinds[i % 2], f"a{i}") for i in range(6)],
         [("Forest", "f")] + [(kinds[i % 2], f"b{i}") for i in range(7)] + [("Contamination", "c")]),
        ([("Reflecting Pool", "a0"), ("Reflecting Pool", "a1")], [("Exotic Orchard", "b0")]),
    ]
    for n, (alice, bob) in enumerate(boards):
        state, pool = build(tmp_path, alice, bob, name=f"board{n}")
        got = {k: set(v) for k, v in could_produce(state, pool).items()}
        assert got == _naive_could_produce(state, pool), n
