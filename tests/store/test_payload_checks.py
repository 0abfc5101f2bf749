"""`parse_payload` refuses a stored payload whose strings hold a control character or a lone
surrogate (only by editing the database: no output may print it), written raw or escaped, in an
ASCII text (as json.dumps writes) or not; and takes every payload a real game stores, however
long (an ASCII text is checked for raw DEL only: json.loads itself refuses a raw C0 character,
and C1 characters are not ASCII)."""
from __future__ import annotations

import json

import pytest

from simulator.store.values import UndecodablePayload, parse_payload

CONTROLS = ["\x00", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\x80", "\x9b", "\x9f"]


@pytest.mark.parametrize("char", CONTROLS)
@pytest.mark.parametrize("ascii_text", [True, False])
def test_a_control_character_escaped_is_refused(char, ascii_text):
    text = json.dumps({"title": "Evil" + char + " Land", "who": "Zoë"}, ensure_ascii=ascii_text)
    found = parse_payload(text)
    assert isinstance(found, UndecodablePayload) and "control character" in found.why


@pytest.mark.parametrize("char", ["\x7f", "\x80", "\x9b", "\x9f"])
@pytest.mark.parametrize("others", ["", "Zoë "])
def test_a_raw_del_or_c1_character_is_refused(char, others):
    text = '{"title": "' + others + 'Evil' + char + ' Land"}'
    assert text.isascii() == (char == "\x7f" and not others)
    found = parse_payload(text)
    assert isinstance(found, UndecodablePayload) and "control character" in found.why


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x0b"])
def test_a_raw_c0_character_is_not_json(char):
    found = parse_payload('{"title": "Evil' + char + ' Land"}')
    assert isinstance(found, UndecodablePayload) and found.why == "not a JSON object"


@pytest.mark.parametrize("forged", ['"\\ud800"', '"a\\udc00"', '"\\uD83D x"'])
def test_a_lone_surrogate_is_refused(forged):
    found = parse_payload('{"title": ' + forged + '}')
    assert isinstance(found, UndecodablePayload) and "lone surrogate" in found.why


def test_what_games_store_decodes():
    """Tab and newline, escaped backslashes before b, f and u00 (a Windows path), a surrogate
    pair, letters beyond ASCII and a recorded file of megabytes inside the first event."""
    value = {"text": "a\tb\nc", "path": "C:\\bin\\files\\u0041", "emoji": "\U0001F332 Forest",
             "who": "Zoë", "source": {"text": json.dumps({"library": ["Llanowar Elves"] * 200_000})}}
    for ascii_text in (True, False):
        text = json.dumps(value, ensure_ascii=ascii_text)
        found = parse_payload(text)
        assert not isinstance(found, UndecodablePayload) and found == value


@pytest.mark.parametrize("text", [
    '{"player":"Alice"}', '{"a":{"b":[1,2.5,null,true]},"c":"x"}', '{}', '{"a":1} ', ' {"a":1}', '{"a":1}x',
    '{"a":1}{"b":2}', '{"a":NaN}', '{"a":-Infinity}', '{"a":1', '{"a":[1,]}', '[1]', '{"a":"\\u00e9"}',
    '{"a":"\x01"}', '{"a":"\x7f"}', '{"a":"é"}', '{"a":' * 3000 + '1' + '}' * 3000])
def test_a_payload_in_the_stores_form_parses_as_by_the_whole_check(text):
    """The quick way for an ASCII object without an escape (what the store writes) gives what
    the whole check gives (issue 25): the same object, or the same refusal, for any text."""
    from simulator.store import values

    found = parse_payload(text)
    try:
        whole = values._DECODER.decode(text)
    except (ValueError, RecursionError):
        assert isinstance(found, UndecodablePayload)
        return
    if isinstance(found, UndecodablePayload):
        assert not isinstance(whole, dict) or found.why != "not a JSON object"
    else:
        assert found == whole and isinstance(found, dict)
