"""Every curated game in examples/ replays (the command line, in-process) to the outcome its story tells,
and every one is listed in examples/README.md."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def player(out: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in out["players"] if p["name"] == name)


def perm(out: dict[str, Any], ident: str) -> dict[str, Any]:
    return next(b for b in out["battlefield"] if ident in (b["id"], b["card"]))


def cards(out: dict[str, Any]) -> list[str]:
    return [b["card"] for b in out["battlefield"]]


Check = Callable[[dict[str, Any], str], None]


def _forest_and_elves(out: dict[str, Any], err: str) -> None:
    assert (out["turn"], out["active"], out["step"]) == (2, "Bob", "main1")
    assert cards(out) == ["Forest", "Wild Growth", "Llanowar Elves", "Forest", "Island"]


def _wild_growth_reflection(out: dict[str, Any], err: str) -> None:
    assert player(out, "Alice")["mana_pool"] == {"G": 3}         # not 4 (106.12a vs 106.12b)


def _contamination_reflection(out: dict[str, Any], err: str) -> None:
    assert player(out, "Alice")["mana_pool"] == {"B": 2}         # Contamination first


def _contamination_upkeep(out: dict[str, Any], err: str) -> None:
    assert (out["turn"], out["active"], out["step"]) == (2, "Alice", "upkeep")
    assert player(out, "Alice")["graveyard"] == ["Grizzly Bears"]
    assert "Contamination" in cards(out)


def _blood_moon(out: dict[str, Any], err: str) -> None:
    assert player(out, "Alice")["mana_pool"] == {"R": 1, "G": 1}
    assert perm(out, "urborg")["subtypes"] == ["Mountain"]
    assert perm(out, "forest")["subtypes"] == ["Forest"]


def _steward(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert alice["exile"] == ["Crystal Vein", "Overgrown Tomb"]
    assert alice["graveyard"] == ["Llanowar Elves"]
    assert alice["mana_pool"] == {"B": 1}
    assert perm(out, "bears")["tapped"]
    assert perm(out, "Steward of the Harvest")["exiled"] == ["Crystal Vein", "Overgrown Tomb"]


def _explore_land(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert alice["hand"] == ["Forest"] and alice["library"] == ["Grizzly Bears"]
    assert perm(out, "Merfolk Branchwalker")["counters"] == {}


def _explore_nonland(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert alice["library"] == ["Grizzly Bears", "Forest"] and alice["life"] == 23
    assert perm(out, "Merfolk Branchwalker")["counters"] == {"+1/+1": 1}
    assert perm(out, "walker")["counters"] == {"+1/+1": 1}


def _jadelight(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert alice["hand"] == ["Forest"] and alice["graveyard"] == ["Grizzly Bears"]
    ranger = perm(out, "Jadelight Ranger")
    assert ranger["counters"] == {"+1/+1": 1} and (ranger["power"], ranger["toughness"]) == (3, 2)


def _hangarback(out: dict[str, Any], err: str) -> None:
    assert cards(out).count("Thopter") == 2
    assert player(out, "Alice")["graveyard"] == ["Hangarback Walker"]
    assert player(out, "Alice")["mana_pool"] == {"C": 2}


def _illegal(out: dict[str, Any], err: str) -> None:
    assert "action 4: Alice cannot activate Llanowar Elves" in err and "(302.6)" in err
    assert perm(out, "Llanowar Elves")["tapped"] is False   # the state before the illegal action


def _steam_vents(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert alice["life"] == 18 and alice["mana_pool"] == {"R": 1}


def _utopia_sprawl(out: dict[str, Any], err: str) -> None:
    assert player(out, "Alice")["mana_pool"] == {"G": 1, "U": 1}   # blue chosen as it entered
    assert out["pending"] is None


def _mana_flare(out: dict[str, Any], err: str) -> None:
    assert player(out, "Alice")["mana_pool"] == {"R": 1, "G": 2}


def _defossilize(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert alice["life"] == 29 and alice["hand"] == ["Forest", "Forest"]
    assert perm(out, "walker")["counters"] == {"+1/+1": 3}
    assert out["stack"] == []


def _legend(out: dict[str, Any], err: str) -> None:
    assert [b["id"] for b in out["battlefield"]] == ["cradle-a"]
    assert player(out, "Alice")["graveyard"] == ["Gaea's Cradle"]


def _discard(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert len(alice["hand"]) == 7 and alice["graveyard"] == ["Plains", "Mountain"]
    assert (out["turn"], out["active"]) == (2, "Bob")


def _city_of_brass(out: dict[str, Any], err: str) -> None:
    alice = player(out, "Alice")
    assert alice["life"] == 19 and alice["mana_pool"] == {"U": 1}
    assert [item["card"] for item in out["stack"]] == ["Llanowar Elves"]


EXPECTED: dict[str, tuple[int, Check]] = {
    "forest_and_elves.toml": (0, _forest_and_elves),
    "wild_growth_and_mana_reflection.toml": (0, _wild_growth_reflection),
    "contamination_and_mana_reflection.toml": (0, _contamination_reflection),
    "contamination_upkeep.toml": (0, _contamination_upkeep),
    "blood_moon_on_urborg.toml": (0, _blood_moon),
    "steward_of_the_harvest.toml": (0, _steward),
    "explore_reveals_a_land.toml": (0, _explore_land),
    "explore_reveals_a_nonland.toml": (0, _explore_nonland),
    "jadelight_ranger_explores_twice.toml": (0, _jadelight),
    "hangarback_walker_x.toml": (0, _hangarback),
    "illegal_summoning_sick_elf.toml": (3, _illegal),
    "steam_vents_pay_life.toml": (0, _steam_vents),
    "utopia_sprawl_color.toml": (0, _utopia_sprawl),
    "mana_flare_choice.toml": (0, _mana_flare),
    "defossilize_trigger_order.toml": (0, _defossilize),
    "legend_rule.toml": (0, _legend),
    "discard_to_hand_size.toml": (0, _discard),
    "city_of_brass.toml": (0, _city_of_brass),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_replays_to_its_story(name: str, tmp_path: Path) -> None:
    code, check = EXPECTED[name]
    r = cli("replay", str(EXAMPLES / name), "--json", "--db", str(tmp_path / "g.sqlite"))
    assert r.code == code, r.err
    out = r.json()
    assert out["pending"] is None
    check(out, r.err)


def test_every_example_is_tested_and_listed() -> None:
    on_disk = {p.name for p in EXAMPLES.glob("*.toml")} | {p.name for p in EXAMPLES.glob("*.json")}
    assert on_disk == set(EXPECTED)
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    missing = [n for n in sorted(on_disk) if f"({n})" not in readme]
    assert not missing, f"not linked from examples/README.md: {missing}"


NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
           "fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three "
           "twenty-four twenty-five").split()


def test_readme_counts_the_examples() -> None:
    """The README's "the N stories in examples/" is the number of games there (issue 23: it said
    sixteen of eighteen)."""
    import re
    on_disk = list(EXAMPLES.glob("*.toml")) + list(EXAMPLES.glob("*.json"))
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    said = re.search(r"the ([a-z-]+) stories in \[examples/\]", readme)
    assert said, "README no longer counts the examples"
    assert said.group(1) == NUMBERS[len(on_disk)]
