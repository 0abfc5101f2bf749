"""The viewer in a real headless Chromium (tests/browser.py): it opens without errors, shows the
state after a chosen event, draws a trigger's chain, steps with the keyboard, opens at #seq=N,
and the state it rebuilds in the page equals `state --at SEQ --json`."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from browser import chromium, in_ci, open_page, unavailable
from clirun import run as cli   # in-process: the browser is what these tests drive
from scenario import GAMES

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "forest_and_elves.toml")
EXPLORE = str(GAMES / "explore_wildgrowth_jadelight.toml")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = unavailable()
    if reason:
        if in_ci():
            pytest.fail(f"CI is set and the browser tests cannot run: {reason}")
        pytest.skip(reason)
    with chromium() as b:
        yield b


def _viewed(d: Path, game: str) -> tuple[str, str]:
    db, out = str(d / "g.sqlite"), d / "game.html"
    assert cli("replay", game, "--db", db).code == 0
    r = cli("view", "--db", db, "-o", str(out))
    assert r.code == 0, r.err
    return db, out.as_uri()


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> tuple[str, str]:
    return _viewed(tmp_path_factory.mktemp("example"), EXAMPLE)


@pytest.fixture(scope="module")
def explore(tmp_path_factory) -> tuple[str, str]:
    return _viewed(tmp_path_factory.mktemp("explore"), EXPLORE)


def card(page: Any, oid: str) -> Any:
    return page.locator(f'.card[data-id="{oid}"]')


def test_opens_without_errors_at_the_last_event(browser, example):
    page, errors = open_page(browser, example[1])
    assert errors == []
    assert page.locator(".ev").count() == 67                 # every event in the timeline
    assert page.locator("details.turn").count() == 2
    assert page.evaluate("simView.current()") == 67
    assert page.locator(".ev.selected .seq").inner_text() == "#67"
    page.close()


def test_an_event_shows_tapped_permanent_counters_and_pool(browser, example, explore):
    page, errors = open_page(browser, example[1])
    page.locator('.ev[data-seq="16"]').click()               # Alice adds {G} from Wild Growth
    assert "tapped" in card(page, "forest-a").get_attribute("class")
    assert "TAPPED" in card(page, "forest-a").inner_text()
    assert "attached to forest-a" in card(page, "wild-growth").inner_text()
    alice = page.locator('.player[data-player="Alice"] .pool')
    assert alice.locator(".mana-G").count() == 2
    assert page.url.endswith("#seq=16")
    page.close()

    page, errors = open_page(browser, explore[1])
    page.locator('.ev[data-seq="60"]').click()               # after the second Walker trigger resolves
    walker = card(page, "walker")
    assert "+1/+1 ×1" in walker.inner_text() and "2/4" in walker.inner_text()
    assert "SUMMONING SICK" in card(page, "jadelight-ranger-3").inner_text()
    assert "SUMMONING SICK" not in walker.inner_text()
    assert "♥ 23" in page.locator('.player[data-player="Alice"] h3').inner_text()
    assert page.locator(".stack-item").count() == 2
    assert errors == []
    page.close()


def test_a_wild_growth_trigger_highlights_its_chain_to_the_activation(browser, example):
    page, errors = open_page(browser, example[1])
    row = page.locator('.ev[data-seq="14"]')
    assert "trigger" in row.get_attribute("class") and "trigger" in row.inner_text()
    row.click()
    chain = [int(x) for x in page.locator(".ev.in-chain").evaluate_all("rs => rs.map(r => r.dataset.seq)")]
    assert chain == [11, 13, 14]
    nodes = page.locator("#chain .node")
    assert [int(s) for s in nodes.evaluate_all("ns => ns.map(n => n.dataset.seq)")] == [11, 13, 14]
    assert "decision" in nodes.first.get_attribute("class")
    text = page.locator("#chain").inner_text()
    assert "605.3a" in text and "106.12a" in text and "forest-a: Forest, in battlefield" in text
    assert page.locator("#chain path.link").count() == 2
    assert page.evaluate("simView.chain(14).map(l => l.seq)") == [14, 13, 11]
    assert errors == []
    page.close()


def test_keyboard_steps_events_and_decisions(browser, example):
    page, errors = open_page(browser, example[1] + "#seq=11")
    assert page.evaluate("simView.current()") == 11
    page.keyboard.press("ArrowRight")
    assert page.evaluate("simView.current()") == 12
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("simView.current()") == 12
    page.keyboard.press("ArrowDown")                         # the next decision: Alice casts Llanowar Elves
    nxt = page.evaluate("simView.current()")
    assert page.locator(f'.ev[data-seq="{nxt}"]').get_attribute("class").split()[1] == "decision"
    assert "casts Llanowar Elves" in page.locator(".ev.selected").inner_text()
    page.keyboard.press("ArrowUp")
    assert page.evaluate("simView.current()") == 11
    # with a type filter, left/right step through the matching events only
    page.locator("#type-menu summary").click()
    page.locator('#type-list input[value="ManaAdded"]').check()
    page.keyboard.press("Escape")
    page.locator("body").click(position={"x": 5, "y": 300})
    page.evaluate("simView.select(11)")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("simView.current()") == 15
    assert page.locator(".ev:not(.hidden)").count() == 2
    assert errors == []
    page.close()


def test_rule_filter_has_log_semantics(browser, example):
    page, errors = open_page(browser, example[1])
    page.locator("#rule-filter").fill("106")
    shown = page.locator(".ev:not(.hidden)").evaluate_all("rs => rs.map(r => +r.dataset.seq)")
    r = cli("log", "--db", example[0], "--rule", "106", "--json")
    assert shown == [e["seq"] for e in r.json()]
    page.locator("#rule-filter").fill("106.1")               # a rule boundary: not 106.12
    assert page.locator(".ev:not(.hidden)").count() == 0
    page.close()


def test_hash_opens_at_that_event(browser, example):
    page, errors = open_page(browser, example[1] + "#seq=42")
    assert page.evaluate("simView.current()") == 42
    assert page.locator(".ev.selected .seq").inner_text() == "#42"
    assert "After #42" in page.locator("#state").inner_text()
    page.evaluate("location.hash = '#seq=5'")
    page.wait_for_function("simView.current() === 5")
    assert errors == []
    page.close()


def test_page_state_equals_state_at_json(browser, explore):
    """The page rebuilds states from snapshots and deltas: at these seqs it has exactly the
    contract's `state --at SEQ --json`."""
    db, url = explore
    page, errors = open_page(browser, url)
    for seq in (13, 47, 60, 69):
        r = cli("state", "--db", db, "--at", str(seq), "--json")
        assert page.evaluate(f"simView.stateAt({seq})") == r.json(), seq
    page.close()


def test_readme_pictures_are_taken_by_this_browser(browser, tmp_path):
    from viewer_pictures import write_pictures
    for png in write_pictures(browser, tmp_path):
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_a_chosen_color_shows_on_the_card(browser, tmp_path):
    """Issue 23: what was chosen as a permanent entered (614.12, Utopia Sprawl: blue) is on its
    card, from the event it entered on; before it entered there is no such card."""
    example = str(Path(__file__).resolve().parents[2] / "examples" / "utopia_sprawl_color.toml")
    db, url = _viewed(tmp_path, example)
    page, errors = open_page(browser, url)
    assert errors == []
    sprawl = page.locator(".card", has_text="Utopia Sprawl")
    assert sprawl.count() == 1
    badge = sprawl.locator(".badge.chosen")
    assert badge.inner_text().strip() == "color chosen: blue (U)"
    page.close()


def test_the_timeline_names_a_card_as_its_card_does(browser, tmp_path):
    """Issue 23, one name per object: the Merfolk Branchwalker the file calls `walker` is a new
    object on the stack and again on the battlefield (601.2, 608.3; 400.7), each with an id the
    engine chose; its card, the timeline's words and the chain all call it `walker`."""
    db, url = _viewed(tmp_path, str(GAMES / "handles_one_name.toml"))
    log = cli("log", "--db", db, "--json").json()
    engine = {e["payload"]["spell_id"] for e in log if e["type"] == "SpellCast"} | \
        {e["payload"]["new_id"] for e in log if e["type"] == "ZoneChanged" and e["payload"]["to_zone"] == "battlefield"
         and e["payload"]["card"] == "Merfolk Branchwalker"}
    assert len(engine) == 2 and "walker" not in engine
    counters = next(e["seq"] for e in log if e["type"] == "CountersPlaced")
    resolved = next(e["seq"] for e in log if e["type"] == "SpellResolved")
    page, errors = open_page(browser, url + f"#seq={counters}")
    assert errors == []
    assert card(page, "walker").count() == 1 and "Merfolk Branchwalker" in card(page, "walker").inner_text()
    assert page.locator(f'.ev[data-seq="{counters}"]').inner_text().endswith("placed on walker")
    assert "walker resolves" in page.locator(f'.ev[data-seq="{resolved}"]').inner_text()
    timeline = " ".join(page.locator(".ev").all_inner_texts())
    assert "Merfolk Branchwalker (walker) triggers" in timeline
    assert "walker: Merfolk Branchwalker, in battlefield" in page.locator("#chain").inner_text()
    shown = timeline + page.locator("#state").inner_text() + page.locator("#chain").inner_text()
    assert not any(oid in shown for oid in engine), engine
    page.close()


def test_a_chosen_creature_type_shows_on_the_card(browser, tmp_path):
    """Cavern of Souls' creature type (614.12, 205.3m), chosen as it entered, is on its card."""
    db, url = _viewed(tmp_path, str(GAMES / "mana_cavern_of_souls_elf.toml"))
    page, errors = open_page(browser, url)
    assert errors == []
    badge = page.locator(".card", has_text="Cavern of Souls").locator(".badge.chosen")
    assert badge.inner_text().strip() == "creature type chosen: Elf"
    page.close()
