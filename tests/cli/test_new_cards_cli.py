"""The new cards through the real command line (GAME_FORMAT.md is the contract): the `color`
pending kind of Utopia Sprawl, an illegal color answer (exit 3), and the audit of a landfall
trigger that is not a mana ability."""
from __future__ import annotations

from clirun import run as cli   # in-process; the subprocess contract: test_cli.py, test_exit_status.py
from scenario import game_path


def test_color_pending_kind_in_replay_json(tmp_path):
    """614.12: `simulator replay --json` stops on the `color` choice with W U B R G as options."""
    run = cli("replay", str(game_path("card_sprawl_pending")), "--db", str(tmp_path / "g.sqlite"), "--json")
    assert run.code == 0, run.err
    out = run.json()
    assert out["pending"]["kind"] == "color"
    assert out["pending"]["player"] == "Alice"
    assert out["pending"]["options"] == ["W", "U", "B", "R", "G"]
    assert out["priority"] is None
    assert [b["card"] for b in out["battlefield"]] == ["Forest", "Forest"]


def test_color_answer_must_be_a_color(tmp_path):
    """105.1: answering "C" is illegal: exit 3, the message names the action, the player and the rule."""
    run = cli("replay", str(game_path("card_sprawl_colorless")), "--db", str(tmp_path / "g.sqlite"), "--json")
    assert run.code == 3
    assert "action 4" in run.err and "Alice" in run.err and "105.1" in run.err
    assert run.json()["pending"]["kind"] == "color"


def test_sprawl_chosen_color_then_tap(tmp_path):
    """The chosen color is what the Forest's trigger adds: {G} and {U}."""
    run = cli("replay", str(game_path("card_sprawl_cast")), "--db", str(tmp_path / "g.sqlite"), "--json")
    assert run.code == 0, run.err
    alice = next(p for p in run.json()["players"] if p["name"] == "Alice")
    assert alice["mana_pool"] == {"U": 1, "G": 1}


def test_lotus_cobra_trigger_in_the_audit(tmp_path):
    """`triggers --json`: Lotus Cobra's landfall trigger cites 603.6a and its cause chain walks back to
    the land play; it is not a mana ability, so it went on the stack."""
    db = str(tmp_path / "g.sqlite")
    assert cli("replay", str(game_path("card_cobra_landfall")), "--db", db).code == 0
    run = cli("triggers", "--db", db, "--json")
    assert run.code == 0, run.err
    (t,) = run.json()
    assert (t["source"], t["source_id"], t["controller"], t["rule"]) == ("Lotus Cobra", "cobra", "Alice", "603.6a")
    assert [c["type"] for c in t["cause"]][-1] == "LandPlayed"
    why = cli("why", "--db", db, str(t["seq"]))
    assert why.code == 0, why.err
    assert "Lotus Cobra (cobra) triggers" in why.out
