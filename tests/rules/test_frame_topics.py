"""A stored agenda names each frame by `module:qualname` (rules/context.py): a frame whose module
was renamed keeps decoding through `LEGACY_FRAMES` (stored rows are never rewritten), and every
frame class of the package decodes from the topic it writes today."""
from __future__ import annotations

import importlib
import pkgutil

import pytest

import simulator.rules
from simulator.base.errors import IntegrityError
from simulator.rules.context import LEGACY_FRAMES, Frame, frame_class


def _all_frames() -> list[type[Frame]]:
    for info in pkgutil.iter_modules(simulator.rules.__path__):
        importlib.import_module(f"simulator.rules.{info.name}")
    out, todo = [], list(Frame.__subclasses__())
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    return out


def test_every_frame_decodes_from_the_topic_it_writes() -> None:
    frames = _all_frames()
    assert len(frames) > 30
    for cls in frames:
        assert frame_class(cls.topic()) is cls, cls


@pytest.mark.parametrize("old, new", [
    ("simulator.rules.miscb:ChoosePermanentsFrame", "simulator.rules.sacrifice:ChoosePermanentsFrame"),
    ("simulator.rules.manaprod:TapOrSacrifice", "simulator.rules.sacrifice:TapOrSacrifice"),
    ("simulator.rules.dmgtrig:ManaOfColorsChosen", "simulator.rules.mana_effects:ManaOfColorsChosen"),
    ("simulator.rules.ctrzone:TopCardFrame", "simulator.rules.library_effects:TopCardFrame"),
])
def test_a_frame_of_a_renamed_module_decodes_as_the_class_it_became(old: str, new: str) -> None:
    assert LEGACY_FRAMES[old] == new
    assert frame_class(old) is frame_class(new)
    assert frame_class(old).topic() == new


def test_an_unknown_topic_is_an_integrity_error() -> None:
    with pytest.raises(IntegrityError):
        frame_class("simulator.rules.misca:NoSuchFrame")
