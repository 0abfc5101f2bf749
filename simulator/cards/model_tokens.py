"""Tokens as the text that creates them defines them (111.4): "create a 1/1 green Saproling
creature token", "a 3/3 colorless Zombie artifact creature token", "a 5/5 green Beast creature
token with trample". Part of the model; kept apart so each family of card text has its own module.

A described token needs no ``[[token]]`` table: the card's text is its definition (111.4: the
spell or ability sets its characteristics; 111.3: it has no others). Its definition is made when
the card is loaded and joins the pool under a name that says all of it (`described_name`: two
cards that both make "Zombie" tokens of different sizes make two definitions). A ``[[token]]``
of the token's own name is used instead when it defines exactly what the text describes (the
Thopter of Hangarback Walker, the Eldrazi Spawn: stored games name those tokens so).
"""
from __future__ import annotations

from simulator.cards.model import COLORS, CardDefinition, Cards, CreateTokens, Keyword, StaticAbilityLine, TokenSpec

_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def color_words(colors: tuple[str, ...]) -> str:
    """("G", "W") -> "green and white"; () -> "colorless" (105.2c: a token described so)."""
    words = [_COLOR_WORDS[c] for c in COLORS if c in colors]
    return " and ".join(words) if words else "colorless"


def described_name(spec: TokenSpec) -> str:
    """The pool's name for the definition a described token gets: its name and, in brackets,
    everything else the text gives it — "Saproling (1/1 green creature)", "Beast (5/5 green
    creature, trample)"."""
    extras = [k.lower() for k in spec.keywords] + [f'"{a}"' for a in spec.abilities]
    kinds = " ".join(t.lower() for t in spec.types)
    subtypes = f" {spec.name}" if spec.called else ""      # named otherwise: its subtypes too
    inside = ", ".join([f"{spec.power}/{spec.toughness} {color_words(spec.colors)}{subtypes} {kinds}", *extras])
    return f"{token_name(spec)} ({inside})"


def token_name(spec: TokenSpec) -> str:
    """111.4: the name the text gives it ("named Kobolds of Kher Keep"), else its subtypes'
    words ("Eldrazi Spawn")."""
    return spec.called or spec.name


def token_text(spec: TokenSpec) -> str:
    """The rules text of a described token: its keywords, then its quoted abilities, a line each."""
    return "\n".join([*spec.keywords, *spec.abilities])


def type_line(spec: TokenSpec) -> str:
    """"Artifact Creature — Phyrexian Golem": its types, and its name's words as subtypes (111.4)."""
    return f"{' '.join(spec.types)} — {spec.name}"


def describes(spec: TokenSpec, token: CardDefinition) -> bool:
    """Whether a ``[[token]]`` definition is exactly the token a text describes: power,
    toughness, colors, card types, keywords and its other abilities' texts."""
    keywords = tuple(a.effect.name for a in token.abilities
                     if isinstance(a, StaticAbilityLine) and isinstance(a.effect, Keyword))
    other = tuple(a.text for a in token.abilities
                  if not (isinstance(a, StaticAbilityLine) and isinstance(a.effect, Keyword)))
    described = (spec.power, spec.toughness, spec.colors, tuple(sorted(spec.types)),
                 tuple(sorted(spec.keywords)), spec.abilities, tuple(spec.name.split()))
    defined = (token.power, token.toughness, token.colors, tuple(sorted(token.types)),
               tuple(sorted(keywords)), other, tuple(token.subtypes))
    return described == defined


def created_token(cards: Cards, effect: CreateTokens) -> str:
    """The definition a "create ... token" effect makes a token of: the ``[[token]]`` of its
    name when that is the token described (or only a name is given), else the described one."""
    spec = effect.described
    if spec is None:
        return effect.token
    if effect.token in cards and cards.is_token(effect.token) and describes(spec, cards.get(effect.token)):
        return effect.token
    return described_name(spec)
