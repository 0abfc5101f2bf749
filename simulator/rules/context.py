"""The decision context: emitting events, the agenda of frames, pausing for choices.

A decision runs as a small interpreter. Rules code reads `ctx.state` (always
current) and calls `ctx.emit(event, rule, cause)`, which folds the event in with
`evolve` at once and asks the trigger dispatcher what it made trigger.

Work that may have to stop for a player's choice is written as *frames*:
frozen dataclasses with primitive fields. When a frame needs an answer it
raises `Pause`; the remaining agenda is then serialised into the
`ChoiceRequested` event (with the choice: `rules.choices`, one type per kind), so the state alone says how the game goes on — no
Python continuation has to survive between decisions, and a log replays
without the rules.

A stored frame names its class by topic, `module:qualname` (as the
`eventsourcing` library names its types), and `decode_frame` imports that
module: a fresh process resumes a stored choice whatever it imported before.
Agendas stored before topics name frames by bare class name; `LEGACY_FRAMES`
maps those to topics (stored rows are never rewritten).
"""
from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Protocol

from simulator.game import events as ev
from simulator.base.abilityid import DECODE
from simulator.base.errors import IllegalAction, IntegrityError
from simulator.cards.model import Cards
from simulator.base.ids import slug
from simulator.game.state import GameState, evolve, free_object_id
from simulator.game.triggers import react

# Frames as stored before topics (bare class names) -> their topic now.
LEGACY_FRAMES: dict[str, str] = {
    **{name: f"simulator.rules.priority:{name}" for name in (
        "PriorityFlow", "LegendRule", "PlaceTriggers", "OrderTriggers", "PutTriggerOnStack", "TriggerTargets",
        "EndStep", "DiscardToHandSize")},
    "EnterBattlefield": "simulator.rules.actions:EnterBattlefield",
    **{name: f"simulator.rules.mana_abilities:{name}" for name in (
        "ProduceMana", "ManaReplacementOrder", "ResolveManaTrigger", "ManaTriggerChoice")},
    **{name: f"simulator.rules.explore:{name}" for name in (
        "ExploreFrame", "ExploreReplacementOrder", "ExploreChoice")},
    **{name: f"simulator.rules.resolution:{name}" for name in (
        "ResolveTop", "FinishSpell", "FinishAbility", "Effects")},
    "SacrificeUnless": "simulator.rules.effects:SacrificeUnless",
    # modules renamed by rule (2026-12-03): agendas stored before name the old module
    "simulator.rules.miscb:ChoosePermanentsFrame": "simulator.rules.sacrifice:ChoosePermanentsFrame",
    "simulator.rules.manaprod:TapOrSacrifice": "simulator.rules.sacrifice:TapOrSacrifice",
    "simulator.rules.dmgtrig:ManaOfColorsChosen": "simulator.rules.mana_effects:ManaOfColorsChosen",
    "simulator.rules.ctrzone:TopCardFrame": "simulator.rules.library_effects:TopCardFrame",
}


@dataclass(frozen=True)
class Frame:
    """A unit of pending rules work. `run` returns the frames to do next, in order."""

    @classmethod
    def topic(cls) -> str:
        """How a stored agenda names this class: `module:qualname`."""
        return f"{cls.__module__}:{cls.__qualname__}"

    def run(self, ctx: "Ctx") -> list["Frame"]:
        raise NotImplementedError

    def answer(self, ctx: "Ctx", player: str, value: Any) -> list["Frame"]:
        """Consume the answer to the choice this frame asked for, as that choice's kind parsed it
        (`rules.choices`: a word, a letter, an id, option numbers — never the raw value)."""
        raise IllegalAction("there is no choice to answer", "117.1")

    @classmethod
    def legacy_args(cls, args: dict[str, Any]) -> dict[str, Any]:
        """A stored frame's arguments as this class takes them now (frames whose fields changed
        after agendas were stored read the old ones here; stored rows are never rewritten)."""
        return args

    def encode(self) -> dict[str, Any]:
        # a field added after games were stored is left out at its default, so those games
        # re-replay to the same stored agendas
        return {"frame": self.topic(),
                "args": {f.name: _encode_value(getattr(self, f.name)) for f in dataclasses.fields(self)
                         if not (f.metadata.get("added_later") and getattr(self, f.name) == f.default)}}


def _encode_value(value: Any) -> Any:
    return value.encode() if isinstance(value, Frame) else ev._thaw(value)


def _decode_value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"frame", "args"}:
        return decode_frame(value)
    return ev.freeze_json(value)


def decode_frame(data: Any) -> Frame:
    data = ev._thaw(data)
    cls = frame_class(data["frame"])
    args = cls.legacy_args(data["args"])
    decoders = {f.name: f.metadata[DECODE] for f in dataclasses.fields(cls) if DECODE in f.metadata}
    return cls(**{k: (decoders[k](v) if k in decoders else _decode_value(v)) for k, v in args.items()})


@lru_cache(maxsize=None)
def frame_class(topic: str) -> type[Frame]:
    """The frame class a stored agenda names: `module:qualname` (imported if need be), or a
    bare class name stored before topics. Only frames of this package are ever imported."""
    topic = LEGACY_FRAMES.get(topic, topic)
    module, _, qualname = topic.partition(":")
    if not module.startswith("simulator.") or not qualname:
        raise IntegrityError(f"a stored agenda names an unknown frame {topic!r}")
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise IntegrityError(f"a stored agenda names an unknown frame {topic!r}") from None
    if not (isinstance(found, type) and issubclass(found, Frame)):
        raise IntegrityError(f"a stored agenda names {topic!r}, which is not a frame")
    return found


class AskedChoice(Protocol):
    """What a pending choice stores (`rules.choices.Choice`: one type per kind, its parser)."""

    kind: ClassVar[str]

    @property
    def player(self) -> str: ...

    @property
    def options(self) -> tuple[Any, ...]: ...

    @property
    def prompt(self) -> str: ...


class Pause(Exception):
    """Raised by a frame that needs a player's choice; `resume` will receive the answer (as the
    choice's kind parses it, `rules.choices`)."""

    def __init__(self, choice: AskedChoice, resume: Frame, rule: str, cause: int | None) -> None:
        super().__init__(choice.prompt)
        self.choice = choice
        self.resume = resume
        self.rule = rule
        self.cause = cause


class Ctx:
    """One decision being worked out: the current state and the events made so far."""

    def __init__(self, state: GameState, cards: Cards) -> None:
        self.state = state
        self.cards = cards
        self.out: list[ev.Envelope] = []
        self.decision_seq: int | None = None
        self.deferred: list[tuple[GameState, ev.Envelope, GameState]] = []

    def emit(self, event: ev.Event, rule: str | None = None, cause: int | None = None,
             *, defer_triggers: bool = False) -> int:
        """Record `event`, fold it into the state, and record what it made trigger.

        `defer_triggers`: look for triggers only at `release_triggers()` — a spell becomes
        cast, and "whenever you cast" triggers, only once its costs are paid (601.2i)."""
        seq = self.state.version + 1
        if self.decision_seq is None:
            self.decision_seq = seq
        env = ev.Envelope(seq, event, cause, self.decision_seq, rule)
        before = self.state
        self.state = evolve(before, env)
        self.out.append(env)
        if defer_triggers:
            self.deferred.append((before, env, self.state))
        else:
            self._dispatch(before, env, self.state)
        return seq

    def release_triggers(self) -> None:
        deferred, self.deferred = self.deferred, []
        for before, env, after in deferred:
            self._dispatch(before, env, after)

    def _dispatch(self, before: GameState, env: ev.Envelope, after: GameState) -> None:
        seq = env.seq
        for fired in react(before, env, after, self.cards):
            tseq = self.state.version + 1
            trig = ev.AbilityTriggered(
                trigger_id=f"trigger-{tseq}", source=fired.source, source_card=fired.source_card,
                controller=fired.controller, ability=fired.id, text=fired.text,
                mana_ability=fired.ability.is_mana_ability, **fired.data)
            self.emit(trig, fired.rule, seq)

    def move(self, object_id: str, to_zone: str, reason: str, rule: str, cause: int | None,
             **attrs: Any) -> str:
        """400.7: the object moves from its zone to `to_zone` as a new object; returns its id."""
        o = self.state.objects[object_id]
        new_id = self.new_id(o.card)
        self.emit(ev.ZoneChanged(object_id=object_id, new_id=new_id, card=o.card, owner=o.owner,
                                 from_zone=o.zone, to_zone=to_zone, reason=reason, **attrs), rule, cause)
        return new_id

    def new_id(self, card: str) -> str:
        """A fresh object id `<slug>-<n>`, stable for a given log (400.7: new objects)."""
        return free_object_id(self.state, slug(card))

    def run(self, frames: list[Frame]) -> None:
        """Run `frames` (in order) until none is left, or one pauses for a choice."""
        self.run_stack(list(reversed(frames)))

    def run_stack(self, agenda: list[Frame]) -> None:
        """Run an agenda kept as a stack (next frame last), as stored in a ChoiceRequested."""
        while agenda:
            if self.state.game_over:
                return
            frame = agenda.pop()
            try:
                nxt = frame.run(self)
            except Pause as p:
                agenda.append(p.resume)
                c = p.choice
                self.emit(ev.ChoiceRequested(player=c.player, kind=c.kind, options=tuple(c.options),
                                             prompt=c.prompt,
                                             agenda=tuple(f.encode() for f in agenda)),
                          p.rule, p.cause)
                return
            agenda.extend(reversed(nxt))
