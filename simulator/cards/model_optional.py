"""The model of optional instructions: "you may <instruction>" ("When this land enters, you may
put target creature card from your graveyard on top of your library.", "At the beginning of your
upkeep, you may create a 0/1 ... token."): the ability's controller chooses as the ability
resolves whether to do it (608.2d; the pending `may`). Part of the model (`cards.model` puts it in
its `Effect` union); done by `simulator.rules.optional`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class MayDo:
    """"you may <instruction>": `effect` (a model Effect) is done only if the controller says so
    as the ability gets to it (608.2d); declined, nothing of it happens (a search declined is no
    search and no shuffle, 701.23a). `text` is the instruction's words, for the prompt."""

    effect: Any
    text: str = ""
    # who chooses: the ability's controller, or the controller of its one target permanent (608.2h:
    # as it last existed; Ghost Quarter's "Its controller may search their library ...")
    who: Literal["you", "target_controller"] = "you"
