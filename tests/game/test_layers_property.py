"""Property tests for continuous effects in layers (613).

1. The computed characteristics (types, subtypes, P/T, abilities with where they come from,
   and what each permanent could produce, 106.7) do not depend on the order in which
   *unrelated* effects were created. Only pairs whose relative timestamp can matter keep their
   order (613.7): Spreading Seas vs Blood Moon on a nonbasic land, Spreading Seas vs Urborg on
   another land. Blood Moon vs Urborg, Spreading Seas on Urborg (dependencies, 613.8), layer 4 vs
   layer 6 (613.1) and everything else may be shuffled freely. Granted abilities are compared as
   a multiset: their *numbering* follows timestamps (GAME_FORMAT) and may legitimately change.
2. Land subtypes agree with a small independent model of layer 4: Urborg's effect exists only
   if Urborg is neither under Blood Moon nor enchanted by Spreading Seas (613.8a); the remaining
   effects that apply to a land go in timestamp order; a "set" effect replaces the land types,
   an "in addition" one adds (305.7).

Positions are built from the same `CardPlaced` events as a recorded game's start position, in
the generated order (timestamps = that order), with permanents of both players interleaved.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from simulator.game import events as ev
from simulator.cards import CardPool
from simulator.game.layers import all_characteristics
from simulator.game.could_produce import could_produce
from simulator.rules.context import Ctx
from simulator.game.state import GameState

POOL = CardPool.builtin()
URBORG = "Urborg, Tomb of Yawgmoth"
LANDS = ["Forest", "Island", "Wastes", "Steam Vents", "Overgrown Tomb", "City of Brass", "Crystal Vein",
         "Reflecting Pool", "Exotic Orchard", "Llanowar Wastes"]
BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
PLAYERS = ("Alice", "Bob")


@st.composite
def positions(draw):
    """A list of (player, permanent) with ids p1, p2, ...; Auras reference lands by id."""
    perms: list[tuple[str, dict]] = []

    def add(player: str, card: str, **kw) -> None:
        perms.append((player, {"card": card, "id": f"p{len(perms) + 1}", **kw}))

    for player in PLAYERS:
        for card in draw(st.lists(st.sampled_from(LANDS), min_size=1, max_size=4)):
            add(player, card)
    if draw(st.booleans()):
        add(draw(st.sampled_from(PLAYERS)), URBORG)
    for _ in range(draw(st.integers(0, 2))):
        add(draw(st.sampled_from(PLAYERS)), "Blood Moon")
    for player in PLAYERS:
        if draw(st.booleans()):
            add(player, "Chromatic Lantern")
    lands = [d["id"] for _, d in perms if d["card"] in LANDS or d["card"] == URBORG]
    for aura in ("Gift of Paradise", "Wild Growth", "Spreading Seas", "Spreading Seas"):
        if draw(st.booleans()):
            add(draw(st.sampled_from(PLAYERS)), aura, attached=draw(st.sampled_from(lands)))
    for player in PLAYERS:
        if draw(st.booleans()):
            exiled = draw(st.lists(st.sampled_from(LANDS + [URBORG]), max_size=3))
            add(player, "Steward of the Harvest", exiled=exiled)
            add(player, draw(st.sampled_from(["Grizzly Bears", "Llanowar Elves"])))
    return perms


def _basic(card: str) -> bool:
    return "Basic" in POOL.get(card).supertypes


def must_keep_order(a: dict, b: dict, by_id: dict) -> bool:
    """True if the relative timestamps of `a` and `b` can change the result (613.7)."""
    for x, y in ((a, b), (b, a)):
        if x["card"] == "Spreading Seas":
            land = by_id[x["attached"]]
            if y["card"] == "Blood Moon" and not _basic(land["card"]):
                return True
            if y["card"] == URBORG and y["id"] != land["id"]:
                return True
    return False


def build(order: list[tuple[str, dict]]) -> GameState:
    g = Ctx(GameState(game_id="property"), POOL)
    created = g.emit(ev.GameCreated(title="layers", players=PLAYERS, life=(20, 20), turn=1, active="Alice",
                                    step="main1", seed=0))
    for player, d in order:
        g.emit(ev.CardPlaced(object_id=d["id"], card=d["card"], owner=player, zone="battlefield",
                             controller=player, attached_to=d.get("attached")), "110.1", created)
        for i, card in enumerate(d.get("exiled", [])):
            g.emit(ev.CardPlaced(object_id=f"{d['id']}-exiled-{i}", card=card, owner=player, zone="exile",
                                 exiled_with=d["id"]), "607.2a", created)
    return g.state


def summary(state: GameState) -> dict:
    chars = all_characteristics(state, POOL)
    cp = could_produce(state, POOL)
    return {oid: (sorted(c.types), sorted(c.subtypes), c.power, c.toughness,
                  sorted((a.text, a.origin, a.granted_by or "") for a in c.activated()),
                  sorted(a.text for a in c.abilities), sorted(cp[oid]))
            for oid, c in chars.items()}


def linear_extension(order: list, by_id: dict, rnd) -> list:
    """A random reordering of `order` that keeps the relative order of interacting pairs."""
    remaining = list(order)
    out = []
    while remaining:
        free = [x for i, x in enumerate(remaining)
                if not any(must_keep_order(y[1], x[1], by_id) for y in remaining[:i])]
        pick = rnd.choice(free)
        remaining.remove(pick)
        out.append(pick)
    return out


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.randoms(use_true_random=False))
def test_characteristics_do_not_depend_on_order_of_unrelated_effects(perms, rnd):
    """613.1, 613.7, 613.8: shuffling the creation order of effects that do not interact leaves
    every permanent's characteristics and could-produce set unchanged."""
    by_id = {d["id"]: d for _, d in perms}
    first = list(perms)
    rnd.shuffle(first)
    second = linear_extension(first, by_id, rnd)
    a, b = summary(build(first)), summary(build(second))
    assert a == b, {oid: (a[oid], b[oid]) for oid in a if a[oid] != b[oid]}


def expected_subtypes(order: list[tuple[str, dict]]) -> dict[str, set[str]]:
    """An independent model of layer 4 for this pool (see the module docstring)."""
    lands = {d["id"]: d for _, d in order if "Land" in POOL.get(d["card"]).types}
    moons = [i for i, (_, d) in enumerate(order) if d["card"] == "Blood Moon"]
    seas = [(i, d["attached"]) for i, (_, d) in enumerate(order) if d["card"] == "Spreading Seas"]
    urborg = [(i, d["id"]) for i, (_, d) in enumerate(order) if d["card"] == URBORG]
    alive = [i for i, uid in urborg if not moons and not any(t == uid for _, t in seas)]
    out = {}
    for lid, d in lands.items():
        card = POOL.get(d["card"])
        effects = []                                     # (timestamp, subtype, additional)
        if not _basic(d["card"]):
            effects += [(i, "Mountain", False) for i in moons]
        effects += [(i, "Island", False) for i, t in seas if t == lid]
        effects += [(i, "Swamp", True) for i in alive]
        types = set(card.subtypes)
        for _, subtype, additional in sorted(effects):
            types = types | {subtype} if additional else {subtype}
        out[lid] = types
    return out


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.randoms(use_true_random=False))
def test_land_types_match_a_model_of_layer_4(perms, rnd):
    """305.7, 613.7, 613.8a: land subtypes (and so the intrinsic abilities, 305.6) are what the
    model says, for any creation order."""
    order = list(perms)
    rnd.shuffle(order)
    chars = all_characteristics(build(order), POOL)
    for lid, subtypes in expected_subtypes(order).items():
        c = chars[lid]
        assert set(c.subtypes) == subtypes, (lid, c.subtypes, subtypes, [(d["id"], d["card"]) for _, d in order])
        intrinsic = sorted(a.text for a in c.activated() if a.origin == "intrinsic")
        assert intrinsic == sorted("{T}: Add {%s}." % "WUBRG"[BASIC_TYPES.index(t)] for t in subtypes
                                   if t in BASIC_TYPES)
