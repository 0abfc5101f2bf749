"""How much of the real card pool our rules play: the in-scope classifier and the coverage report.

    python -m bench cards [FILE] [--all-lines] [--top N] [--json]

FILE is MTGJSON Oracle data (AtomicCards or a flat list of faces, plain/gz/xz, see
`simulator.cards.oracle`); without it, the package's own records.

**In scope** (issue 22): a card whose Oracle text, reminder text removed, has any of
(a) an ability that adds mana (activated, triggered or a spell's effect); (b) explore, or cares
about exploring; (c) "tapped for mana", "tap(s) ... for mana", "could produce", "produces";
(d) {Q}; (e) land-type changing ("is/are/becomes a [basic land type]", "in addition to its other
land types", "lose all land types", "basic land type") or granting mana or land abilities (a
quoted ability with "Add", or one granted to lands); (f) "enters with ... counters"; (g) a land
with a basic land type. A card may be in several classes.

**Accepted** means what a game accepts: the face, written as a card file's ``[[card]]``
(`OracleRecord.card_entry`), loads into a card pool beside the built-in tokens
(`CardPool.with_text`, the real parser and the pool's checks), and the pool passes the rules
check every `Game` runs on its pool (`rules.support.check_cards`). Anything else is refused,
with the message the user would get. Built-in cards are left out of that pool: a real card is
judged on its Oracle text, not against today's hand-typed built-in of the same name.

**Clusters** group refusals by the phrase: the unknown phrase the parser reports (its first
words), or the problem of the pool's or the rules' check, with the card's own name, numbers and
mana symbols normalised so they do not split clusters. By default each refused card counts once,
in the cluster of the refusal a game would report (the first); with ``--all-lines`` every line
is parsed on its own and a card counts once in every cluster it touches.
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Sequence


from simulator.cards.oracle import OracleRecord, records
from simulator.cards.pool import DATA_DIR, CardPool

# The only imports from outside simulator.cards (they move with the package's layout): the
# error every card refusal is, and the rules check a Game runs on its pool at load.
from simulator.base.errors import CardDataError
from simulator.rules.support import check_cards, unsupported

__all__ = ["CLASSES", "ClassRow", "Report", "Verdict", "classify", "cluster_key", "coverage",
           "format_report", "judge", "line_problems", "main", "rules_text"]

CLASSES: dict[str, str] = {
    "a": "adds mana",
    "b": "explore, or cares about exploring",
    "c": "tapped for mana / could produce / produces",
    "d": "{Q}",
    "e": "land types, or grants mana or land abilities",
    "f": "enters with counters",
    "g": "a land with a basic land type",
}
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")

# --------------------------------------------------------------------------- the classifier

_BASIC = r"(?:Plains|Islands?|Swamps?|Mountains?|Forests?)"
_PATTERNS: dict[str, tuple[str, ...]] = {
    "a": (r"\badds?\b[^.]*?(?:\{[^}]+\}|\bmana\b)",),      # "Add {G}", "adds one mana of ...", "add X mana"
    "b": (r"\bexplor(?:e|es|ed|ing)\b",),
    "c": (r"\btapped for mana\b", r"\btaps?\b[^.]*?\bfor mana\b", r"\bcould produce\b", r"\bproduces\b"),
    "d": (r"\{Q\}",),
    "e": (rf"\b(?:is|are|becomes?)\b (?:a |an |the )?(?:basic )?{_BASIC}\b",   # "is a Swamp", "are Mountains"
          r"\bbasic land types?\b",                                            # "becomes the basic land type ..."
          r"\bin addition to (?:its|their) other land types\b",
          r"\blose all land types\b|\bloses all land types\b",
          r'\b(?:has|have|gains?)\b[^."]*"[^"]*\badds?\b',                     # grants a mana ability
          r'\blands?\b[^."]*\b(?:has|have|gains?)\b[^."]*"'),                  # grants a land an ability
    "f": (r"\benters?\b(?: the battlefield)?(?: tapped(?: and)?)? with\b[^.]*?\bcounters?\b",),
}
_CLASS_RE = {k: re.compile("|".join(v), re.IGNORECASE) for k, v in _PATTERNS.items()}
_REMINDER_RE = re.compile(r"\s*\([^()]*\)")
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


def _without_reminders(text: str) -> str:
    """Reminder text (parenthesised, innermost first) removed, and an unclosed one at the end
    (a phrase quoted up to the first period)."""
    while True:
        stripped = _REMINDER_RE.sub("", text)
        if stripped == text:
            return re.sub(r"\s*\([^()]*$", "", text)
        text = stripped


def rules_text(record: OracleRecord) -> str:
    """The Oracle text without reminder text, quotes straightened, the card's own name (and its
    face names) written ``CARDNAME``: a name never puts a card in a class ("Explorer's Scope",
    "Forest Bear")."""
    text = _without_reminders(record.text.translate(_QUOTES))
    for name in sorted({record.name, record.card_name, *record.name.split(" // ")}, key=len, reverse=True):
        if name:
            text = text.replace(name, "CARDNAME")
    return text


def classify(record: OracleRecord) -> frozenset[str]:
    """The in-scope classes of the card (`CLASSES`' letters); empty: out of scope."""
    text = rules_text(record)
    found = {k for k, rx in _CLASS_RE.items() if rx.search(text)}
    if "Land" in record.types and any(t in BASIC_LAND_TYPES for t in record.subtypes):
        found.add("g")
    return frozenset(found)


# --------------------------------------------------------------------------- accepted or refused

@cache
def _tokens() -> CardPool:
    """The pool a real card is loaded beside: the built-in tokens its text may create."""
    return CardPool.from_files(DATA_DIR / "tokens.toml")


@dataclass(frozen=True)
class Verdict:
    """Whether a game accepts the card; if not, the message it would give and its cluster."""

    accepted: bool
    message: str = ""
    cluster: str = ""
    stage: str = ""          # "card": the card file's checks and the parser; "rules": the rules check


def _card_pool(record: OracleRecord) -> CardPool:
    """The record as a card file's text, loaded as a game loads a card file (CardDataError)."""
    return _tokens().with_oracle_record(record)


def judge(record: OracleRecord) -> Verdict:
    """Accepted or refused, exactly as a game loading this card would decide."""
    try:
        pool = _card_pool(record)
    except CardDataError as exc:
        return Verdict(False, exc.problem, cluster_key(exc.problem, record), "card")
    try:
        check_cards(pool)                    # what Game(pool) runs first
    except CardDataError as exc:
        problems = unsupported(pool.get(record.card_name))
        first = problems[0] if problems else exc.problem
        return Verdict(False, exc.problem, cluster_key(first, record), "rules")
    return Verdict(True)


def line_problems(record: OracleRecord, verdict: Verdict | None = None) -> list[str]:
    """Every cluster the card touches: each Oracle line parsed on its own by the real parser,
    then the card-level checks and the rules check (for a card all of whose lines parse).
    `verdict`: `judge(record)`, if already known."""
    from simulator.cards.parser import parse_card_text   # the parser only where lines are parsed
    entry = record.card_entry()
    spell = "Instant" in record.types or "Sorcery" in record.types
    keys: list[str] = []
    for line in (ln.strip() for ln in record.text.splitlines()):
        if not line:
            continue
        try:
            parse_card_text(entry["name"], line, spell=spell, source="oracle")
        except CardDataError as exc:
            keys.append(cluster_key(exc.problem, record))
    verdict = verdict or judge(record)
    if not verdict.accepted:
        keys.append(verdict.cluster)          # the card's own refusal: a line's, or the type's, cost's, rules' ...
    if verdict.stage == "rules":
        keys += [cluster_key(p, record) for p in unsupported(_card_pool(record).get(record.card_name))]
    return list(dict.fromkeys(keys))


# --------------------------------------------------------------------------- clusters

_REPR = r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""       # a str's repr, as the messages quote
_UNKNOWN_RE = re.compile(rf"^unknown phrase (?P<phrase>{_REPR}) in line (?P<line>{_REPR}) \(expected", re.DOTALL)
_ENDS_RE = re.compile(rf"^line (?P<line>{_REPR}) ends before its template is complete", re.DOTALL)
_IN_LINE_RE = re.compile(r"\s+in line (['\"]).*\1\s*$", re.DOTALL)
_HANDLER_RE = re.compile(r": (?P<what>no handler for the (?:effect|mana kind) \w+|no payment for the cost part '\w+'"
                         r"|no trigger listens for the condition \w+|nothing reads the static ability \w+"
                         r"|nothing applies the replacement effect \w+)")
_WORDS = 4
_NUMBER_WORDS = r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty)\b"


def _normalise(text: str, record: OracleRecord) -> str:
    """Card names -> ~, numbers -> N, mana symbols -> {M} (hybrid {H}, Phyrexian {P}); {T},
    {Q}, {E}, {S} stay, as they are different costs."""
    text = text.translate(_QUOTES)
    for name in sorted({record.name, record.card_name, *record.name.split(" // "),
                        record.card_name.split(",")[0]}, key=len, reverse=True):
        if len(name) > 2:
            text = text.replace(name, "~")
    text = re.sub(r"\{[WUBRGC2]/P\}", "{P}", text)
    text = re.sub(r"\{[WUBRGC0-9]+/[WUBRGC]\}", "{H}", text)
    text = re.sub(r"\{(?:[WUBRGCX]|\d+)\}", "{M}", text)
    text = re.sub(r"(\{M\})+", "{M}", text)
    text = re.sub(r"\d+", "N", text)
    text = re.sub(_NUMBER_WORDS, "N", text, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", text).strip()


def _first_words(text: str, n: int = _WORDS) -> str:
    words = text.split(" ")
    cut = " ".join(words[:n])
    return cut.rstrip(".,;:") + (" ..." if len(words) > n else "")


def cluster_key(problem: str, record: OracleRecord) -> str:
    """The cluster of one refusal message (`CardDataError.problem`)."""
    m = _UNKNOWN_RE.match(problem)
    if m:
        phrase, line = ast.literal_eval(m["phrase"]), ast.literal_eval(m["line"])
        at = line.rfind(phrase)
        # mid-sentence, the word before says where ("[enters] tapped"); a sentence stands alone
        before = _normalise(_without_reminders(line[:at]), record).split(" ")[-1] if at > 0 else ""
        if before[-1:] in ("", ".", ":", ",", "—", '"') and not phrase[:1].islower():
            before = ""
        phrase = _first_words(_normalise(_without_reminders(phrase), record))
        return "unknown phrase: " + (f"[{before}] " if before else "") + phrase
    m = _ENDS_RE.match(problem)
    if m:
        line = _normalise(_without_reminders(ast.literal_eval(m["line"])), record)
        return "line ends early: ... " + " ".join(line.split(" ")[-_WORDS:])
    m = _HANDLER_RE.search(problem)
    if m:
        return "rules: " + m["what"] + (" in a mana ability" if problem.endswith(" in a mana ability") else "")
    if problem.startswith("the rules cannot play it: "):
        return "rules: " + problem.split(": ", 1)[1][:80]
    if " can be read in more than one way" in problem:
        return "ambiguous in grammar.lark"
    m = re.match(r"^unknown mana cost (['\"])(.*?)\1", problem)
    if m:
        symbols = sorted(set(re.findall(r"\{[^}]*\}", m[2])) - set(re.findall(r"\{(?:\d+|X|[WUBRGC])\}", m[2])))
        kinds = sorted({"hybrid" if "/" in s and not s.endswith("/P}") else "Phyrexian" if s.endswith("/P}")
                        else s for s in symbols})
        return "mana cost: " + (", ".join(kinds) or m[2])
    m = re.match(r"^unknown card type (['\"])(.*?)\1", problem)
    if m:
        return f"card type {m[2]!r}"
    m = re.match(r"^(power|toughness) must be a whole number", problem)
    if m:
        return "power/toughness not a number (*, X, ...)"
    m = re.match(r"^unknown key\(s\) (.*?) \(", problem)
    if m:
        return f"card file key(s) {m[1]} (not in a card file)"
    m = re.match(r"^line (['\"]).*?\1 creates an? (['\"])(.*?)\2 token, but no \[\[token\]\]", problem, re.DOTALL)
    if m:
        return f"token {m[3]!r} not defined"
    if re.match(r"^type line .* mixes a spell type with others", problem):
        return "type line mixes a spell type with others"
    problem = _IN_LINE_RE.sub("", problem)
    return _first_words(_normalise(problem, record), 10)


# --------------------------------------------------------------------------- the report

@dataclass
class ClassRow:
    """One class's figures."""

    letter: str
    label: str
    in_scope: int = 0
    accepted: int = 0

    @property
    def refused(self) -> int:
        return self.in_scope - self.accepted


@dataclass
class Report:
    """Coverage of a set of records: per class, all in-scope cards, and the refusal clusters."""

    faces: int = 0
    back_faces: int = 0
    rows: dict[str, ClassRow] = field(default_factory=lambda: {k: ClassRow(k, v) for k, v in CLASSES.items()})
    total: ClassRow = field(default_factory=lambda: ClassRow("*", "in scope (any class)"))
    clusters: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)
    accepted_names: list[str] = field(default_factory=list)
    all_lines: bool = False
    seconds: float = 0.0

    def as_json(self) -> dict[str, Any]:
        rows = [*self.rows.values(), self.total]
        return {"faces": self.faces, "back_faces": self.back_faces, "all_lines": self.all_lines, "seconds": round(self.seconds, 1),
                "classes": [{"class": r.letter, "label": r.label, "in_scope": r.in_scope,
                             "accepted": r.accepted, "refused": r.refused} for r in rows],
                "clusters": [{"cluster": k, "cards": n, "examples": self.examples[k]}
                             for k, n in self.clusters.most_common()],
                "accepted": self.accepted_names}


def coverage(faces: Iterable[OracleRecord], *, all_lines: bool = False) -> Report:
    """Classifies and judges every face (only the in-scope ones are parsed)."""
    start = time.perf_counter()
    report = Report(all_lines=all_lines)
    seen: set[str] = set()
    for record in faces:
        report.faces += 1
        if record.is_back or record.card_name in seen:   # a multi-face card is judged by its front
            report.back_faces += record.is_back           # (a card file's card has one face); a
            continue                                      # reversible "Swamp // Swamp" is Swamp: one card
        seen.add(record.card_name)
        classes = classify(record)
        if not classes:
            continue
        verdict = judge(record)
        for row in [*(report.rows[k] for k in sorted(classes)), report.total]:
            row.in_scope += 1
            row.accepted += verdict.accepted
        if verdict.accepted:
            report.accepted_names.append(record.card_name)
            continue
        for key in (line_problems(record, verdict) if all_lines else [verdict.cluster]):
            report.clusters[key] += 1
            examples = report.examples.setdefault(key, [])
            if len(examples) < 3:
                examples.append(record.card_name)
    report.seconds = time.perf_counter() - start
    return report


def format_report(report: Report, top: int = 40) -> str:
    """The per-class table and the `top` refusal clusters, as Markdown."""
    def pct(n: int, d: int) -> str:
        return f"{100 * n / d:.1f} %" if d else "-"
    head = ("class", "what", "in scope", "accepted", "refused", "accepted %")
    body = [(r.letter, r.label, f"{r.in_scope:,}", f"{r.accepted:,}", f"{r.refused:,}", pct(r.accepted, r.in_scope))
            for r in [*report.rows.values(), report.total]]
    out = [f"Coverage of {report.faces:,} card faces ({report.back_faces:,} back faces left out: a card is "
           f"judged by its front; {report.seconds:.1f} s): {report.total.in_scope:,} cards in scope, "
           f"{report.total.accepted:,} accepted.", "",
           _markdown(head, body), ""]
    what = ("cards touching it (every line parsed on its own)" if report.all_lines
            else "cards refused with it (the refusal a game reports)")
    out.append(f"Top {min(top, len(report.clusters))} of {len(report.clusters):,} refusal clusters, {what}:")
    out.append("")
    out.append(_markdown(("#", "cards", "cluster", "e.g."),
                         [(str(i), f"{n:,}", k.replace("|", "\\|"), "; ".join(report.examples[k]).replace("|", "\\|"))
                          for i, (k, n) in enumerate(report.clusters.most_common(top), 1)]))
    return "\n".join(out)


def _markdown(head: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return "\n".join([line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, body)])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench cards",
                                 description="Coverage of the real card pool by our rules (issue 22).")
    ap.add_argument("file", nargs="?", help="MTGJSON AtomicCards or a flat list of faces (plain, .gz, .xz); "
                                            "default: the package's Oracle records")
    ap.add_argument("--all-lines", action="store_true",
                    help="cluster every line's refusal (a card counts in each cluster it touches)")
    ap.add_argument("--top", type=int, default=40, help="how many clusters to print (default 40)")
    ap.add_argument("--json", action="store_true", help="the report as JSON (every cluster, accepted names)")
    args = ap.parse_args(argv)
    try:
        report = coverage(records(args.file), all_lines=args.all_lines)
    except (OSError, ValueError) as exc:
        print(f"bench cards: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_json(), indent=1, ensure_ascii=False) if args.json
          else format_report(report, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
