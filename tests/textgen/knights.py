"""Knights-and-knaves texts in many authors' wordings, with answers from `truth`'s brute force.

Sub-families: "classic" (two kinds, one solution), "multiple-choice", "web-of-lies" (a chain of
"X says Y lies" from a stated fact), "would-say" (what a kind would assert, as a fact or nested in a
statement), "mixed" (a third kind that may lie or tell the truth) and "undetermined" (two solutions
and a question they answer differently).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from . import truth
from .truth import article, join_clauses, join_names

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

    Tamper = Callable[[random.Random, list[str], "Vocab", list[str], list[str], list[str]],
                      tuple[list[str], list[str], list[str]]]

T = TypeVar("T")
FEMALE = ("Alice", "Carol", "Zoey", "Grace", "Maya", "Sofia", "Nora", "Ruth", "Ivy", "Hannah", "Lily", "Emma",
          "Olivia", "Chloe", "Amelia", "Mia", "Evelyn", "Harper", "Ella", "Aria")
MALE = ("Bob", "Oliver", "Dave", "Frank", "Jack", "Liam", "Noah", "Omar", "Hugo", "Ethan", "Leo", "Mason",
        "Owen", "Victor", "Rex", "Samuel", "Henry", "Lucas", "Jacob", "Elijah")
WEB = ("Fidel", "Fletcher", "Yoland", "Raymond", "Leda", "Sherrie", "Vina", "Jerry", "Millicent", "Shalonda",
       "Kristian", "Jamey", "Delfina", "Elanor", "Gwenn", "Antwan", "Inga", "Tamika", "Lorine", "Vernell",
       "Osvaldo", "Alexis", "Andree", "Bernita", "Rashida", "Crista", "Audrie", "Ryan", "Helene", "Maybelle")
LETTERS = ("A", "B", "C", "D", "E", "F")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six")
# (truthful singular, plural, lying singular, plural); the first is always the truthful kind
PAIRS = (("knight", "knights", "knave", "knaves"), ("truth-teller", "truth-tellers", "liar", "liars"),
         ("angel", "angels", "devil", "devils"), ("altruist", "altruists", "egoist", "egoists"),
         ("hero", "heroes", "villain", "villains"), ("saint", "saints", "sinner", "sinners"),
         ("truthteller", "truthtellers", "liar", "liars"))
THIRD = (("normal", "normals"), ("spy", "spies"), ("joker", "jokers"))
LIES = ("lies", "always lies", "is lying", "is a liar")
HONEST = ("tells the truth", "always tells the truth", "is telling the truth", "is honest")
ISLANDS = ("Sarn", "Bahava", "Kolta", "Mira", "Elbon", "Tarn", "Verity", "Ostra")


@dataclass(frozen=True)
class Vocab:
    """The kind words of one text: T (truthful), F (lying) and optionally N (either)."""

    t: str
    ts: str
    f: str
    fs: str
    n: str = ""
    ns: str = ""

    @property
    def pure(self) -> bool:
        """Return whether there are only the two kinds (so 'lies' / 'tells the truth' name a kind)."""
        return not self.n

    def word(self, kind: str) -> str:
        """Return the singular word of a kind."""
        return {"T": self.t, "F": self.f, "N": self.n}[kind]

    def plural(self, kind: str) -> str:
        """Return the plural word of a kind."""
        return {"T": self.ts, "F": self.fs, "N": self.ns}[kind]

    def kinds(self) -> str:
        """Return the kind letters this text uses."""
        return "TF" if self.pure else "TFN"


@dataclass(frozen=True)
class View:
    """Who is speaking and how: 'direct' (quoted, 'I'), 'indirect' ('says that', 'he') or 'narrator'."""

    mode: str
    speaker: str | None
    pronoun: str | None
    people: tuple[str, ...]
    vocab: Vocab
    that: bool = False


def cap(s: str) -> str:
    """Return s with its first letter in upper case."""
    return s[:1].upper() + s[1:]


def pick(rng: random.Random, options: Sequence[T]) -> T:
    """Return one of the options."""
    return options[rng.randrange(len(options))]


# --- people and words --------------------------------------------------------------------------


def pick_people(rng: random.Random, n: int, style: str | None = None) -> tuple[list[str], dict[str, str | None]]:
    """Return n names and each one's subject pronoun ('he', 'she' or None)."""
    style = style or pick(rng, ["names", "names", "names", "letters"])
    if style == "letters":
        names = list(LETTERS[:n])
        return names, {p: None for p in names}
    if style == "web":
        names = rng.sample(WEB, n)
        return names, {p: None for p in names}
    pool = [(p, "she") for p in FEMALE] + [(p, "he") for p in MALE]
    chosen = rng.sample(pool, n)
    return [p for p, _ in chosen], dict(chosen)


def pick_vocab(rng: random.Random, mixed: bool = False) -> Vocab:
    """Return the kind words of a text (knights and knaves most often)."""
    pair = PAIRS[0] if rng.random() < 0.4 else pick(rng, list(PAIRS))
    if not mixed:
        return Vocab(*pair)
    third = pick(rng, list(THIRD))
    return Vocab(*pair, *third)


def number(rng: random.Random, k: int) -> str:
    """Return a count as a word or as digits."""
    return NUMBER_WORDS[k] if rng.random() < 0.75 else str(k)


# --- rendering statements ----------------------------------------------------------------------


def subj(p: str, v: View) -> str:
    """Return how the speaker of a view refers to p as a subject."""
    if p == v.speaker and v.mode == "direct":
        return "I"
    if p == v.speaker and v.mode == "indirect" and v.pronoun:
        return v.pronoun
    return p


def obj(p: str, v: View) -> str:
    """Return how the speaker of a view refers to p after a preposition."""
    if p == v.speaker and v.mode == "direct":
        return "me"
    return p


def be(s: str) -> str:
    """Return 'am' or 'is' for a subject."""
    return "am" if s == "I" else "is"


def verb(s: str, base: str, third: str) -> str:
    """Return the verb form agreeing with a singular subject."""
    return base if s == "I" else third


def render_is(p: str, kind: str, v: View, rng: random.Random, negated: bool = False) -> str:
    """Return a clause saying that p is (or is not) of a kind."""
    s = subj(p, v)
    a = article(v.vocab.word(kind))
    self_ref = p == v.speaker
    if not negated:
        forms = [f"{s} {be(s)} {a}"] * 3
        if s == "I" and rng.random() < 0.3:
            forms.append(f"I'm {a}")
        if v.vocab.pure:
            if kind == "T":
                tell = verb(s, "tell", "tells")
                forms += [f"{s} {tell} the truth", f"{s} always {tell} the truth",
                          f"{s} never {verb(s, 'lie', 'lies')}"]
                if not self_ref:
                    forms.append(f"{s} is telling the truth")
            else:
                forms += [f"{s} {verb(s, 'lie', 'lies')}", f"{s} always {verb(s, 'lie', 'lies')}",
                          f"{s} never {verb(s, 'tell', 'tells')} the truth"]
                if not self_ref:
                    forms.append(f"{s} is lying")
        return pick(rng, forms)
    forms = [f"{s} {be(s)} not {a}"] * 3
    if s != "I":
        forms.append(f"{s} isn't {a}")
    if v.vocab.pure:
        do = verb(s, "do", "does")
        if kind == "T":
            forms.append(f"{s} {do} not tell the truth")
        else:
            forms.append(f"{s} {do} not lie")
            if not self_ref:
                forms.append(f"{s} is not lying")
    return pick(rng, forms)


def render_clause(e: tuple, v: View, rng: random.Random) -> str:
    """Return an atomic clause: ('is', p, k) or ('not', ('is', p, k))."""
    if e[0] == "not":
        return render_is(e[1][1], e[1][2], v, rng, negated=True)
    return render_is(e[1], e[2], v, rng)


def group_text(group: tuple[str, ...], v: View) -> str:
    """Return a group of people after 'of': 'Bob and Carol', 'Bob, Carol and me'."""
    names = [obj(p, v) for p in group]
    if "me" in names:
        names.remove("me")
        names.append("me")
    if len(names) == 2:
        return f"{names[0]} and {names[1]}"
    return ", ".join(names[:-1]) + " and " + names[-1]


def is_us(group: tuple[str, ...], v: View) -> bool:
    """Return whether a group may be called 'us': the speaker talks directly about everyone (few people)."""
    return v.mode == "direct" and set(group) == set(v.people) and len(v.people) <= 4


def render_count(e: tuple, v: View, rng: random.Random) -> str:
    """Return a counting clause: 'at least one of us is a knave', 'exactly two of Bob and Carol …'."""
    _, group, kind, op, k = e
    w, ws = v.vocab.word(kind), v.vocab.plural(kind)
    us = is_us(group, v)
    g = "us" if us else group_text(group, v)
    m = len(group)
    forms: list[str] = []
    if op == "ge" and k == 1:
        forms = [f"at least one of {g} is {article(w)}"]
        forms.append(f"there is at least one {w} among {g}")
        if v.vocab.pure:
            forms.append(f"at least one of {g} {'lies' if kind == 'F' else 'tells the truth'}")
    elif op == "eq" and k == 1:
        forms = [f"exactly one of {g} is {article(w)}", f"exactly one of {g} is {article(w)}"]
        forms.append(f"there is exactly one {w} among {g}")
        if us:
            forms.append(f"only one of us is {article(w)}")
    elif op == "eq" and k == 0:
        forms = [f"none of {g} is {article(w)}", f"none of {g} are {ws}"]
        if m == 2 and not us:
            a, b = (obj(p, v) for p in group)
            forms.append(f"neither {a} nor {b} is {article(w)}")
        if us:
            forms.append(f"there are no {ws} among us")
    elif op == "eq" and k == m:
        forms = [f"all of {g} are {ws}"] if us or m > 2 else []
        if us:
            forms += ["we are all " + ws if m > 2 else "we are both " + ws, f"every one of us is {article(w)}"]
        elif m == 2:
            a, b = group
            forms.append(f"both {a} and {b} are {ws}" if v.mode != "direct" or v.speaker not in group
                         else f"both {b if a == v.speaker else a} and I are {ws}")
    elif op == "le" and k == 1:
        forms = [f"at most one of {g} is {article(w)}", f"no more than one of {g} is {article(w)}"]
    elif op == "eq":
        forms = [f"exactly {NUMBER_WORDS[k]} of {g} are {ws}"]
        if us:
            forms.append(f"there are exactly {NUMBER_WORDS[k]} {ws} among us")
    elif op == "ge":
        forms = [f"at least {NUMBER_WORDS[k]} of {g} are {ws}"]
    return pick(rng, forms)


def render_pair(e: tuple, v: View, rng: random.Random) -> str:
    """Return 'X and Y are both knights' for ('and', ('is', X, k), ('is', Y, k))."""
    p, q, kind = e[1][1], e[2][1], e[1][2]
    ws = v.vocab.plural(kind)
    if v.mode == "direct" and v.speaker in (p, q):
        other = q if p == v.speaker else p
        if len(v.people) == 2:
            forms = [f"we are both {ws}", f"both of us are {ws}", f"we are both {ws}"]
            if v.vocab.pure:
                forms.append("we both lie" if kind == "F" else "we both tell the truth")
            return pick(rng, forms)
        return pick(rng, [f"{other} and I are both {ws}", f"both {other} and I are {ws}"])
    a, b = (p if p == v.speaker else subj(p, v)), (q if q == v.speaker else subj(q, v))
    forms = [f"{a} and {b} are both {ws}", f"both {a} and {b} are {ws}"]
    if v.vocab.pure:
        forms.append(f"{a} and {b} both {'lie' if kind == 'F' else 'tell the truth'}")
    return pick(rng, forms)


def render_same(e: tuple, v: View, rng: random.Random) -> str:
    """Return 'X and Y are of the same kind' (or of different kinds)."""
    op, p, q = e
    word = pick(rng, ["kind", "type", "kind", "sort"])
    same = op == "same"
    if v.mode == "direct" and v.speaker in (p, q):
        other = q if p == v.speaker else p
        if len(v.people) == 2:
            forms = ([f"we are of the same {word}", f"we are the same {word}"] if same
                     else [f"we are of different {word}s", f"we are different {word}s", f"we are not the same {word}"])
            return pick(rng, forms)
        forms = ([f"{other} and I are of the same {word}", f"I am the same {word} as {other}"] if same
                 else [f"{other} and I are of different {word}s", f"I am not the same {word} as {other}"])
        return pick(rng, forms)
    a, b = p if p == v.speaker else subj(p, v), q if q == v.speaker else subj(q, v)
    if same:
        forms = [f"{a} and {b} are of the same {word}", f"{a} and {b} are the same {word}",
                 f"{a} is the same {word} as {b}"]
        if v.vocab.pure:
            forms.append(f"{a} and {b} are both {v.vocab.ts} or both {v.vocab.fs}")
    else:
        forms = [f"{a} and {b} are of different {word}s", f"{a} and {b} are different {word}s",
                 f"{a} is not the same {word} as {b}"]
    return pick(rng, forms)


def render(e: tuple, v: View, rng: random.Random) -> str:
    """Return the English of a statement from a view (lower case at the start unless a name or 'I')."""
    op = e[0]
    if op in ("is", "not"):
        return render_clause(e, v, rng)
    if op == "count":
        return render_count(e, v, rng)
    if op in ("same", "diff"):
        return render_same(e, v, rng)
    if op == "and" and e[1][0] == "is" and e[2][0] == "is" and e[1][2] == e[2][2]:
        return render_pair(e, v, rng)
    a, b = render_clause(e[1], v, rng) if op != "would" else "", render_clause(e[2], v, rng)
    if op == "and" and v.mode == "indirect":
        return pick(rng, [f"{a} and {b}", f"{a} and that {b}"] if v.that else [f"{a} and {b}"])
    if op == "and":
        return pick(rng, [f"{a} and {b}", f"{a}, and {b}", f"{a}, but {b}"])
    if op == "or" and v.mode == "indirect":
        return pick(rng, [f"{a} or {b}", f"either {a} or {b}"])
    if op == "or":
        return pick(rng, [f"{a} or {b}", f"either {a} or {b}", f"{a}, or {b}"])
    if op == "implies":
        return pick(rng, [f"if {a}, then {b}", f"if {a} then {b}", f"{b} if {a}", f"if {a}, {b}"])
    if op == "iff":
        return f"{a} if and only if {b}"
    if op == "would":
        who = subj(e[1], v)
        return pick(rng, [f"{who} would say that {b}", f"{who} would tell you that {b}",
                          f"{who} would claim that {b}"])
    raise ValueError(op)


def mentioned(e: tuple) -> set[str]:
    """Return the people a statement names."""
    op = e[0]
    if op == "is":
        return {e[1]}
    if op in ("same", "diff"):
        return {e[1], e[2]}
    if op == "count":
        return set(e[1])
    if op == "would":
        return {e[1]} | mentioned(e[2])
    return set().union(*(mentioned(x) for x in e[1:]))


# --- statements --------------------------------------------------------------------------------


def random_atom(rng: random.Random, people: list[str], kinds: str, negate: float = 0.15) -> tuple:
    """Return ('is', p, k), sometimes negated."""
    atom = ("is", pick(rng, people), pick(rng, list(kinds)))
    return ("not", atom) if rng.random() < negate else atom


def random_content(rng: random.Random, speaker: str, people: list[str], vocab: Vocab, would: bool = False) -> tuple:
    """Return a random statement a speaker could make about the people."""
    kinds = vocab.kinds()
    others = [p for p in people if p != speaker]
    shape = rng.choices(["atom", "self", "pair", "and", "or", "if", "iff", "same", "count", "would"],
                        [5, 3, 2, 2, 2, 2, 1, 2, 3, 3 if would else 0])[0]
    if shape == "self":
        return random_atom(rng, [speaker], kinds, negate=0.1)
    if shape == "atom":
        return random_atom(rng, others, kinds)
    if shape in ("pair", "and", "or", "if", "iff", "same"):
        p, q = rng.sample(people, 2) if rng.random() < 0.5 else (speaker, pick(rng, others))
        if shape == "same":
            return (pick(rng, ["same", "diff"]), p, q)
        if shape == "pair":
            k = pick(rng, list(kinds))
            return ("and", ("is", p, k), ("is", q, k))
        op = {"and": "and", "or": "or", "if": "implies", "iff": "iff"}[shape]
        neg = 0.2 if shape == "if" else 0.0
        return (op, random_atom(rng, [p], kinds, neg), random_atom(rng, [q], kinds, neg))
    if shape == "count":
        if rng.random() < 0.5 or len(people) == 2:
            group = tuple(people)
        else:
            chosen = set(rng.sample(people, rng.randint(2, len(people) - 1)))
            group = tuple(p for p in people if p in chosen)
        m = len(group)
        cmp, at = pick(rng, [("ge", 1), ("eq", 1), ("eq", 0), ("eq", m), ("le", 1), ("eq", 2), ("ge", 2)])
        if at > m or (m == 2 and cmp == "le"):
            cmp, at = "ge", 1
        return ("count", group, pick(rng, list(kinds)), cmp, at)
    q = pick(rng, others)
    return ("would", q, random_atom(rng, [p for p in people if p != q], kinds, negate=0.0))


def fits(rng: random.Random, speaker: str, people: list[str], vocab: Vocab, world: dict[str, str],
         would: bool = False) -> tuple:
    """Return a random statement that the speaker's kind in `world` can make (not a tautology)."""
    everyone = [dict(zip(people, c)) for c in _all_worlds(people, vocab.kinds())]
    for _ in range(60):
        e = random_content(rng, speaker, people, vocab, would)
        if not truth.speech_ok(world[speaker], truth.holds(e, world)):
            continue
        values = {truth.holds(e, w) for w in everyone if not (e[0] == "would" and w[e[1]] == "N")}
        if len(values) == 2:
            return e
    return ("is", speaker, world[speaker]) if world[speaker] != "F" else ("not", ("is", speaker, "F"))


def _all_worlds(people: list[str], kinds: str) -> list[tuple[str, ...]]:
    """Return every assignment of kinds to the people."""
    import itertools

    return list(itertools.product(kinds, repeat=len(people)))


def speech_line(rng: random.Random, speaker: str, e: tuple, people: list[str], pronouns: dict[str, str | None],
                vocab: Vocab, md: bool) -> str:
    """Return one line reporting what a speaker said, directly or indirectly."""
    us_used = e[0] == "count" and set(e[1]) == set(people)
    direct = rng.random() < (0.8 if us_used else 0.55)
    if direct:
        v = View("direct", speaker, None, tuple(people), vocab)
        return quote_line(rng, speaker, cap(render(e, v, rng)), md)
    pron = pronouns.get(speaker)
    clash = any(pronouns.get(p) == pron for p in mentioned(e) if p != speaker)
    x = f"**{speaker}**" if md else speaker
    form = pick(rng, ["{x} says that {c}.", "{x} says {c}.", "{x} claims that {c}.", "{x} claims {c}.",
                      "{x} states that {c}.", "{x} declares that {c}.", "{x} tells you that {c}.",
                      "According to {x}, {c}.", "{x} insists that {c}.", "{x} said that {c}.",
                      "{x} asserts that {c}.", "{x} tells you {c}.", "{x} mentions that {c}."])
    if e[0] == "implies" and "that {c}" not in form and "According" not in form:
        form = form.replace("{c}", "that {c}")  # 'X tells you if …' would read as 'whether'
    v = View("indirect", speaker, pron if pron and not clash and rng.random() < 0.7 else None, tuple(people), vocab,
             that="that {c}" in form)
    return form.format(x=x, c=render(e, v, rng))


def quote_line(rng: random.Random, speaker: str, c: str, md: bool) -> str:
    """Return a line quoting a speaker's words c (already capitalised)."""
    o, q = pick(rng, [('"', '"'), ('"', '"'), ("“", "”"), ("'", "'")])
    if o == "'" and "'" in c:
        o, q = '"', '"'
    end = pick(rng, [".", ".", ".", "", "!"])
    x = f"**{speaker}**" if md else speaker
    forms = ["{x} says: {o}{c}{e}{q}", "{x} says, {o}{c}{e}{q}", "{x}: {o}{c}{e}{q}", "{x} says {o}{c}{e}{q}",
             "{o}{c},{q} says {x}.", "{o}{c},{q} {x} says.", "{x} said, {o}{c}{e}{q}", "{x} claims: {o}{c}{e}{q}",
             "{x} tells you: {o}{c}{e}{q}", "{x} replies, {o}{c}{e}{q}", "{x} announces: {o}{c}{e}{q}",
             "{x}: {c}."]
    return pick(rng, forms).format(x=x, o=o, c=c, e=end, q=q)


def would_fact(rng: random.Random, e: tuple, people: list[str], vocab: Vocab) -> str:
    """Return a narrator's sentence that someone would assert a clause: ('would', q, ('is', p, k))."""
    _, q, inner = e
    v = View("narrator", None, None, tuple(people), vocab)
    p, kind = inner[1], inner[2]
    a = article(vocab.word(kind))
    forms = [f"{q} would say that {render_is(p, kind, v, rng)}.", f"{q} would claim that {p} is {a}.",
             f"If you asked {q} whether {p} is {a}, {q} would say yes.",
             f"Asked whether {p} is {a}, {q} would answer yes.", f"{q} would tell you that {p} is {a}."]
    return pick(rng, forms)


def would_not_fact(rng: random.Random, q: str, p: str, kind: str, vocab: Vocab) -> str:
    """Return a narrator's sentence that q would deny that p is of a kind."""
    a = article(vocab.word(kind))
    return pick(rng, [f"If you asked {q} whether {p} is {a}, {q} would say no.",
                      f"Asked whether {p} is {a}, {q} would answer no.",
                      f"{q} would deny that {p} is {a}."])


# --- framing -----------------------------------------------------------------------------------


def story(rng: random.Random, vocab: Vocab) -> str:
    """Return an opening sentence naming the kinds (or '')."""
    ts, fs = vocab.ts, vocab.fs
    a_t, a_f, island = article(vocab.t), article(vocab.f), pick(rng, ISLANDS)
    if not vocab.pure:
        return pick(rng, [f"On this island live {ts}, {fs} and {vocab.ns}.",
                          f"An island is inhabited by {ts}, {fs} and {vocab.ns}.",
                          f"Every inhabitant of {island} is {a_t}, {a_f} or {article(vocab.n)}.",
                          ""])
    return pick(rng, [f"A very special island is inhabited only by {ts} and {fs}.",
                      f"On the island of {island}, every inhabitant is either {a_t} or {a_f}.",
                      f"You are visiting an island where each native is {a_t} or {a_f}.",
                      f"On a distant island live two kinds of people: {ts} and {fs}.",
                      f"In a faraway land, everyone is either {a_t} or {a_f}.",
                      f"You arrive at a village whose residents are all {ts} or {fs}.",
                      ""])


def rules(rng: random.Random, vocab: Vocab) -> str:
    """Return the sentence(s) saying which kind tells the truth and which lies."""
    t, f, ts, fs = vocab.t, vocab.f, vocab.ts, vocab.fs
    base = pick(rng, [f"{cap(ts)} always tell the truth; {fs} always lie.",
                      f"{cap(ts)} always tell the truth, and {fs} always lie.",
                      f"{cap(ts)} never lie, {fs} never tell the truth",
                      f"{cap(article(t))} always tells the truth and {article(f)} always lies.",
                      f"Every {t} tells the truth and every {f} lies.",
                      f"{cap(ts)} only make true statements, while {fs} only make false ones.",
                      f"Each {t} speaks only the truth, and each {f} speaks only lies.",
                      f"The {ts} always tell the truth and the {fs} always lie.",
                      f"{cap(fs)} always lie, whereas {ts} always tell the truth.",
                      f"Whatever {article(t)} says is true, and whatever {article(f)} says is false.",
                      f"Each inhabitant is either {article(t)}, who always tells the truth, or {article(f)}, "
                      "who always lies.",
                      f"A statement made by {article(t)} is always true; one made by {article(f)} is always false."])
    if vocab.pure:
        return base
    n, ns = vocab.n, vocab.ns
    extra = pick(rng, [f"{cap(article(n))} may either lie or tell the truth.",
                       f"{cap(ns)} sometimes lie and sometimes tell the truth.",
                       f"{cap(ns)} can say anything, true or false.",
                       f"What {article(n)} says may be true or false."])
    return base.rstrip(".") + ". " + extra


def introduction(rng: random.Random, people: list[str]) -> str:
    """Return a sentence introducing the people, in their order."""
    n = len(people)
    k = number(rng, n)
    plain = (", ".join(people[:-1]) + " and " + people[-1])
    oxford = (", ".join(people[:-1]) + ", and " + people[-1])
    listed = pick(rng, [plain, oxford])
    forms = [f"You meet {k} inhabitants: {listed}.", f"There are {k} people: {', '.join(people)}.",
             f"You come across {listed}.", f"{cap(k)} natives, {listed}, approach you.",
             f"Consider {k} islanders named {listed}.", f"You meet {k} inhabitants: {oxford}."]
    if n == 2:
        listed = f"{people[0]} and {people[1]}"
        forms[2:5] = [f"You come across {listed}.", f"{cap(k)} natives, {listed}, approach you.",
                      f"Consider {k} islanders named {listed}."]
    if n == 2:
        forms.append(f"You meet two inhabitants: {people[0]}, and {people[1]}.")
    return pick(rng, forms)


def heading(rng: random.Random, title: str) -> str:
    """Return a markdown or plain heading line (or '')."""
    return pick(rng, ["# Puzzle", f"## {title}", "**Puzzle:**", "### Problem", f"Puzzle {rng.randint(1, 40)}:",
                      "", "", ""])


def instruction(rng: random.Random) -> str:
    """Return an instruction that states nothing about the puzzle (or '')."""
    return pick(rng, ["Think step by step.", "Format your answer as a list.", "Explain your reasoning.",
                      "Show your work.", "Please reason carefully before answering.", "Be concise.",
                      "Answer the question below.", "", "", "", ""])


# --- questions ---------------------------------------------------------------------------------


def full_answer(world: dict[str, str], order: list[str], vocab: Vocab) -> str:
    """Return 'A is a knight, B is a knave, and C is a knight' over the people in text order."""
    return join_clauses([f"{p} is {article(vocab.word(world[p]))}" for p in order])


def make_questions(rng: random.Random, sols: list[dict[str, str]], order: list[str], vocab: Vocab,
                   count: int, prefer: list[str] | None = None) -> list[tuple[str, str]]:
    """Return `count` (question, answer) pairs of different shapes, answered over every solution."""
    shapes = ["full", "who", "either", "is", "does", "how_many"]
    if not vocab.pure:
        shapes = ["full", "who", "either", "is", "how_many"]
    rng.shuffle(shapes)
    if prefer:
        shapes = prefer + [s for s in shapes if s not in prefer]
    out = []
    for shape in shapes[:count]:
        out.append(question(rng, shape, sols, order, vocab))
    return out


def question(rng: random.Random, shape: str, sols: list[dict[str, str]], order: list[str],
             vocab: Vocab) -> tuple[str, str]:
    """Return a (question as written, answer) of a shape."""
    t, f, ts, fs = vocab.t, vocab.f, vocab.ts, vocab.fs
    if shape == "full":
        if vocab.pure:
            at, af = article(t), article(f)
            q = pick(rng, [f"Who is {at} and who is {af}?", f"So who is {at} and who is {af}?",
                           f"Who is {af} and who is {at}?", f"Determine who is {at} and who is {af}.",
                           f"Identify the {ts} and the {fs}.", f"What is each of them, {article(t)} or {article(f)}?"])
        else:
            n = vocab.n
            q = pick(rng, [f"Who is {article(t)}, who is {article(f)}, and who is {article(n)}?",
                           f"Identify each person as {article(t)}, {article(f)} or {article(n)}.",
                           f"What kind is each of them?"])
        return q, truth.settle(sols, lambda w: full_answer(w, order, vocab))
    if shape == "who":
        kind = pick(rng, list(vocab.kinds()))
        word, plural = vocab.word(kind), vocab.plural(kind)
        forms = [f"Who is {article(word)}?", f"Who are the {plural}?", f"Which of them are {plural}?",
                 f"Name all the {plural}.", f"Which people are {plural}?"]
        if vocab.pure:
            forms += (["Who tells the truth?", "Who among them tells the truth?"] if kind == "T"
                      else ["Who is lying?", "Who lies?"])
        return pick(rng, forms), truth.settle(sols, lambda w: join_names([p for p in order if w[p] == kind]))
    p = pick(rng, order)
    if shape == "either":
        alts = [article(t), article(f)]
        kinds = ["T", "F"]
        if not vocab.pure:
            alts.append(article(vocab.n))
            kinds.append("N")
            if rng.random() < 0.5:
                alts[1], alts[0], kinds[1], kinds[0] = alts[0], alts[1], kinds[0], kinds[1]
            q = f"Is {p} {alts[0]}, {alts[1]} or {alts[2]}?"
        else:
            style = rng.randrange(5)
            if style == 1:
                alts, kinds = alts[::-1], kinds[::-1]
            elif style == 2:
                alts[1] = f
            elif style == 3:
                alts = ["telling the truth", "lying"]
            elif style == 4:
                alts = ["tell the truth", "lie"]
            q = (f"Does {p} tell the truth or lie?" if style == 4 else
                 f"Is {p} telling the truth or lying?" if style == 3 else f"Is {p} {alts[0]} or {alts[1]}?")
        return q, truth.settle(sols, lambda w: alts[kinds.index(w[p])])
    if shape == "is":
        kind = pick(rng, list(vocab.kinds()))
        a = article(vocab.word(kind))
        forms = [f"Is {p} {a}?", f"Is it true that {p} is {a}?"]
        if vocab.pure:
            forms.append(f"Is {p} lying?" if kind == "F" else f"Is {p} telling the truth?")
        return pick(rng, forms), truth.settle(sols, lambda w: "yes" if w[p] == kind else "no")
    if shape == "does":
        kind = pick(rng, ["T", "F"])
        q = pick(rng, [f"Does {p} tell the truth?", f"Does {p} always tell the truth?"] if kind == "T"
                 else [f"Does {p} lie?", f"Does {p} always lie?"])
        return q, truth.settle(sols, lambda w: "yes" if w[p] == kind else "no")
    kind = pick(rng, list(vocab.kinds()))
    plural = vocab.plural(kind)
    forms = [f"How many {plural} are there?", f"How many of them are {plural}?",
             f"How many {plural} are among them?"]
    if vocab.pure:
        forms.append("How many of them tell the truth?" if kind == "T" else "How many of them lie?")
    return pick(rng, forms), truth.settle(sols, lambda w: str(sum(w[x] == kind for x in order)))


# --- multiple choice ---------------------------------------------------------------------------


def assignment_text(rng: random.Random, world: dict[str, str], order: list[str], vocab: Vocab) -> str:
    """Return an option stating everyone's kind: 'Alice is a knight and Bob is a knave'."""
    ts = [p for p in order if world[p] == "T"]
    fs = [p for p in order if world[p] == "F"]
    style = rng.randrange(4)
    if style == 0 or not ts or not fs:
        if not fs and rng.random() < 0.5:
            return f"All of them are {vocab.ts}" if len(order) > 2 else f"Both are {vocab.ts}"
        if not ts and rng.random() < 0.5:
            return f"All of them are {vocab.fs}" if len(order) > 2 else f"Both are {vocab.fs}"
        clauses = [f"{p} is {article(vocab.word(world[p]))}" for p in order]
        if len(clauses) == 2:
            return f"{clauses[0]} and {clauses[1]}"
        return ", ".join(clauses[:-1]) + pick(rng, [" and ", ", and "]) + clauses[-1]
    if style == 1 and len(ts) == 1:
        return f"Only {ts[0]} is {article(vocab.t)}"
    if style == 1 and len(fs) == 1:
        return f"Only {fs[0]} is {article(vocab.f)}"

    def part(names: list[str], kind: str) -> str:
        if len(names) == 1:
            return f"{names[0]} is {article(vocab.word(kind))}"
        listed = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{listed} are {vocab.plural(kind)}"
    first, second = (part(ts, "T"), part(fs, "F")) if rng.random() < 0.6 else (part(fs, "F"), part(ts, "T"))
    return pick(rng, [f"{first}; {second}", f"{first}, and {second}", f"{first} and {second}"])


def names_text(rng: random.Random, names: list[str], everyone: list[str]) -> str:
    """Return an option naming a set of people: 'Alice and Bob', 'Only Carol', 'None of them'."""
    if not names:
        return pick(rng, ["None of them", "Nobody", "No one"])
    if len(names) == len(everyone) and len(names) > 1:
        if len(names) == 2:
            return pick(rng, ["Both of them", "Both", " and ".join(names)])
        return pick(rng, ["All of them", f"All {NUMBER_WORDS[len(names)]}",
                          ", ".join(names[:-1]) + " and " + names[-1]])
    if len(names) == 1:
        return pick(rng, [names[0], f"Only {names[0]}", f"{names[0]} only"])
    if len(names) == 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + pick(rng, [" and ", ", and "]) + names[-1]


def labels(rng: random.Random, k: int, letter_names: bool) -> list[tuple[str, str]]:
    """Return k (label as written, option id) pairs: ('(A)', 'A'), ('2.', '2') …"""
    styles = ["({})", "{})", "{}."]
    style = pick(rng, styles)
    use_digits = letter_names or rng.random() < 0.3
    ids = [str(i + 1) for i in range(k)] if use_digits else [chr(ord("A") + i) for i in range(k)]
    return [(style.format(i), i) for i in ids]


def options_block(rng: random.Random, texts: list[str], letter_names: bool,
                  ) -> tuple[list[str], list[str], list[str]]:
    """Return (lines of the option list, option ids, each option's text as written after its label)."""
    labs = labels(rng, len(texts), letter_names)
    ids = [i for _, i in labs]
    if labs[0][0].startswith("(") and rng.random() < 0.35:
        head = pick(rng, ["Options:", "Choices:", "Answer choices:"])
        return [head + " " + " ".join(f"{lab} {t}" for (lab, _), t in zip(labs, texts))], ids, texts
    lines = [pick(rng, ["Options:", "Choose one:", "", ""])]
    end = "." if rng.random() < 0.3 else ""
    lines += [f"{lab} {t}{end}" for (lab, _), t in zip(labs, texts)]
    return [x for x in lines if x], ids, [t + end for t in texts]


def choice_question(rng: random.Random, world: dict[str, str], order: list[str], vocab: Vocab,
                    letter_names: bool) -> tuple[str, list[str], dict[str, str]]:
    """Return (question, option lines, answer entry) of a multiple-choice question with one right option."""
    n = len(order)
    if rng.random() < 0.6:
        q = pick(rng, [f"Who is {article(vocab.t)} and who is {article(vocab.f)}?", "Which of the following is true?",
                       "Which option is correct?"])
        k = min(2 ** n, rng.randint(3, 5))
        worlds = [world]
        while len(worlds) < k:
            w = {p: pick(rng, ["T", "F"]) for p in order}
            if w not in worlds:
                worlds.append(w)
        rng.shuffle(worlds)
        texts = [assignment_text(rng, w, order, vocab) for w in worlds]
        right = worlds.index(world)
    else:
        kind = pick(rng, ["T", "F"])
        q = pick(rng, [f"Which of them are {vocab.plural(kind)}?", f"Who is {article(vocab.word(kind))}?"])
        truth_set = [p for p in order if world[p] == kind]
        sets = [truth_set]
        k = min(2 ** n, rng.randint(3, 5))
        while len(sets) < k:
            s = [p for p in order if rng.random() < 0.5]
            if s not in sets:
                sets.append(s)
        rng.shuffle(sets)
        texts = [names_text(rng, s, order) for s in sets]
        right = sets.index(truth_set)
    lines, ids, written = options_block(rng, texts, letter_names)
    return q, lines, {"question": q, "answer": written[right], "option": ids[right]}


# --- assembling --------------------------------------------------------------------------------


def first_mentions(lines: list[str], people: list[str]) -> list[str]:
    """Return the people in the order the lines first name them."""
    body = "\n".join(lines)
    where = {}
    for p in people:
        m = re.search(r"(?<![\w-])" + re.escape(p) + r"(?![\w-])", body)
        where[p] = m.start() if m else len(body) + people.index(p)
    return sorted(people, key=lambda p: where[p])


def layout(rng: random.Random, preamble: list[str], body: list[str], questions: list[str],
           tail: list[str]) -> str:
    """Return the text: one paragraph, or lines (the body perhaps as a numbered or bulleted list)."""
    preamble = [x for x in preamble if x]
    tail = [x for x in tail if x]
    style = rng.choices(["paragraph", "lines", "list"], [4, 3, 3])[0]
    if style == "paragraph" and all(re.search(r"[.!?][\"”']?$", ln) for ln in body):
        head = [x for x in preamble if x.startswith(("#", "**", "Puzzle"))]
        prose = [x if re.search(r"[.!?:]$", x) else x + "." for x in preamble if x not in head]
        para = " ".join(prose + body + questions)
        return "\n\n".join(head + [para] + tail)
    if style == "list":
        label = pick(rng, ["Statements:", "They say:", "The inhabitants make the following statements:",
                           "Here is what they tell you:", "", ""])
        marker = pick(rng, ["{i}. ", "{i}) ", "- ", "* ", "• "])
        body = [marker.format(i=i + 1) + ln for i, ln in enumerate(body)]
        if label:
            body = [label] + body
    if rng.random() < 0.4:
        body = [drop_stop(rng, ln) for ln in body]
    qlabel = pick(rng, ["", "", "Question: ", "**Question:** ", "Q: "])
    qs = [qlabel + questions[0]] + questions[1:] if questions else []
    sep = pick(rng, ["\n", "\n\n"])
    blocks = ["\n".join(preamble), "\n".join(body), "\n".join(qs)] + tail
    return sep.join(b for b in blocks if b)


def drop_stop(rng: random.Random, line: str) -> str:
    """Return the line, sometimes without its final full stop."""
    if line.endswith(".") and rng.random() < 0.3:
        return line[:-1]
    return line


# --- sub-families ------------------------------------------------------------------------------


def solve_statements(rng: random.Random, people: list[str], vocab: Vocab, world: dict[str, str],
                     want: int, would: bool = False, one_of_each: bool = False,
                     ) -> tuple[list[tuple[str, tuple]], list[dict[str, str]]] | None:
    """Return (speeches, solutions) with exactly `want` solutions, or None when this try fails.

    Everyone speaks once; then up to a few more statements are added, each the one (of several random
    candidates) that leaves the fewest solutions.
    """
    kinds = vocab.kinds()
    speakers = people[:]
    rng.shuffle(speakers)
    says = [(s, fits(rng, s, people, vocab, world, would)) for s in speakers]
    sols = truth.worlds(people, kinds, says, one_of_each=one_of_each)
    for _ in range(2 if vocab.pure else 4):
        if len(sols) <= want:
            break
        best = None
        for _ in range(8):
            s = pick(rng, people)
            more = says + [(s, fits(rng, s, people, vocab, world, would))]
            got = truth.worlds(people, kinds, more, one_of_each=one_of_each)
            if len(got) >= want and (best is None or len(got) < len(best[1])):
                best = (more, got)
        if best is None:
            return None
        says, sols = best
    return (says, sols) if len(sols) == want else None


def build_kk(rng: random.Random, sub: str, tamper: Tamper | None = None) -> dict[str, Any]:
    """Return an item of the classic, multiple-choice, would-say, mixed or undetermined sub-family.

    `tamper(rng, people, vocab, preamble, body, questions)` may return changed parts (for texts that
    must be rejected); the puzzle then always introduces its people.
    """
    mixed = sub == "mixed"
    one_of_each = mixed and rng.random() < 0.6
    n = 3 if one_of_each else rng.choices([2, 3, 4, 5, 6], [3, 4, 3, 1, 1])[0]
    if mixed and not one_of_each:
        n = rng.choice([2, 3])
    people, pronouns = pick_people(rng, n)
    vocab = pick_vocab(rng, mixed)
    kinds = vocab.kinds()
    want = 2 if sub == "undetermined" else 1
    facts: list[tuple] = []
    for _ in range(500):
        if one_of_each:
            world = dict(zip(people, rng.sample("TFN", 3)))
        else:
            world = {p: pick(rng, list(kinds)) for p in people}
        facts = []
        fact_lines = []
        if sub == "would-say":
            for _ in range(rng.randint(1, 2)):
                q, p = rng.sample(people, 2)
                k = pick(rng, ["T", "F"])
                inner = ("is", p, k)
                if truth.holds(("would", q, inner), world):
                    facts.append(("would", q, inner))
                    fact_lines.append(would_fact(rng, ("would", q, inner), people, vocab))
                else:
                    facts.append(("would", q, ("not", inner)))
                    fact_lines.append(would_not_fact(rng, q, p, k, vocab))
        got = solve_statements(rng, people, vocab, world, want, would=sub == "would-say", one_of_each=one_of_each)
        if got is None:
            continue
        says, _ = got
        sols = truth.worlds(people, kinds, says, facts, one_of_each=one_of_each)
        if len(sols) == want:
            break
    else:
        raise RuntimeError("no puzzle found")
    md = rng.random() < 0.15
    body = [speech_line(rng, s, e, people, pronouns, vocab, md) for s, e in says]
    if fact_lines:
        at = rng.randrange(len(body) + 1)
        body[at:at] = fact_lines
    intro = introduction(rng, people) if rng.random() < 0.7 or one_of_each or tamper else ""
    order = people if intro else first_mentions(body, people)
    preamble = [heading(rng, "Knights and Knaves"), instruction(rng) if rng.random() < 0.3 else "",
                story(rng, vocab)]
    omit_rules = vocab.t in ("knight", "truth-teller") and vocab.pure and preamble[-1] and rng.random() < 0.15
    preamble += ["" if omit_rules else rules(rng, vocab), intro]
    if one_of_each:
        a_t, a_f, a_n = article(vocab.t), article(vocab.f), article(vocab.n)
        preamble.append(pick(rng, [f"One of them is {a_t}, one is {a_f}, and one is {a_n}.",
                                   f"Exactly one of them is {a_t}, exactly one is {a_f} and exactly one is {a_n}.",
                                   f"There is one {vocab.t}, one {vocab.f} and one {vocab.n} among them."]))
    answers: list[dict[str, str]] = []
    questions: list[str] = []
    options: list[str] = []
    if sub == "multiple-choice":
        q, options, entry = choice_question(rng, sols[0], order, vocab, people[0] in LETTERS)
        questions, answers = [q], [entry]
    elif sub == "undetermined":
        pairs = make_questions(rng, sols, order, vocab, 3)
        open_ = [x for x in pairs if x[1] == truth.UNDETERMINED][:1]
        pairs = open_ + [x for x in pairs if x[1] != truth.UNDETERMINED][:1]
        if not pairs or pairs[0][1] != truth.UNDETERMINED:
            pairs = [question(rng, "full", sols, order, vocab)] + pairs[:1]
        rng.shuffle(pairs)
        questions = [q for q, _ in pairs]
        answers = [{"question": q, "answer": a} for q, a in pairs]
    else:
        prefer = ["who"] if one_of_each and rng.random() < 0.3 else None
        if prefer:
            pairs = [spy_question(rng, sols, order, vocab)]
        else:
            pairs = make_questions(rng, sols, order, vocab, rng.choices([1, 2], [4, 1])[0])
        questions = [q for q, _ in pairs]
        answers = [{"question": q, "answer": a} for q, a in pairs]
    tail = [instruction(rng) if rng.random() < 0.3 else ""]
    if tamper:
        preamble, body, questions = tamper(rng, people, vocab, preamble, body, questions)
    text = layout(rng, preamble, body, questions, [])
    if options:
        text += "\n" + "\n".join(options)
    text = "\n".join([text] + [t for t in tail if t])
    item: dict[str, Any] = {"family": "knights", "subfamily": sub, "text": text, "answers": answers}
    if want == 1:
        item["solution"] = {p: vocab.word(sols[0][p]) for p in order}
    return item


def spy_question(rng: random.Random, sols: list[dict[str, str]], order: list[str], vocab: Vocab) -> tuple[str, str]:
    """Return ('Who is the spy?', name) for a puzzle with exactly one of each kind."""
    kind = pick(rng, ["T", "F", "N", "N"])
    word = vocab.word(kind)
    q = pick(rng, [f"Who is the {word}?", f"Which one is the {word}?"])
    return q, truth.settle(sols, lambda w: join_names([p for p in order if w[p] == kind]))


def build_web(rng: random.Random) -> dict[str, Any]:
    """Return a web-of-lies item: 'Fidel lies. Fletcher says Fidel tells the truth. … Does Yoland tell the truth?'."""
    n = rng.randint(3, 6)
    people, _ = pick_people(rng, n, "web" if rng.random() < 0.7 else "names")
    world = {people[0]: pick(rng, ["T", "F"])}
    facts = [("is", people[0], world[people[0]])]
    lines = [people[0] + " " + pick(rng, LIES if world[people[0]] == "F" else HONEST) + "."]
    says = []
    for i in range(1, n):
        j = i - 1 if rng.random() < 0.8 else rng.randrange(i)
        claim = pick(rng, ["T", "F"])
        says.append((people[i], ("is", people[j], claim)))
        world[people[i]] = "T" if world[people[j]] == claim else "F"
        c = pick(rng, LIES if claim == "F" else HONEST)
        form = pick(rng, ["{x} says {y} {c}.", "{x} says {y} {c}.", "{x} says that {y} {c}.",
                          "{x} claims that {y} {c}.",
                          "According to {x}, {y} {c}.", '{x} says: "{y} {c}."'])
        lines.append(form.format(x=people[i], y=people[j], c=c))
    sols = truth.worlds(people, "TF", says, facts)
    assert sols == [world]
    target = people[-1] if rng.random() < 0.75 else pick(rng, people[1:])
    if rng.random() < 0.85:
        kind = pick(rng, ["T", "T", "F"])
        q = pick(rng, [f"Does {target} tell the truth?", f"Is {target} telling the truth?"] if kind == "T"
                 else [f"Does {target} lie?", f"Is {target} lying?"])
        a = "yes" if world[target] == kind else "no"
    else:
        q = pick(rng, ["Who tells the truth?", "Which of them lie?", "How many of them tell the truth?"])
        kind = "F" if "lie" in q else "T"
        names = [p for p in people if world[p] == kind]
        a = str(len(names)) if q.startswith("How many") else join_names(names)
    prefix = pick(rng, ["Question: ", "", "", "Q: "])
    if rng.random() < 0.6:
        text = prefix + " ".join(lines + [q])
    else:
        text = "\n".join(lines + [prefix + q])
    if rng.random() < 0.25:
        text = pick(rng, ["Each person either always tells the truth or always lies.\n",
                          "Everyone mentioned is either a truth-teller or a liar.\n"]) + text
    if rng.random() < 0.2:
        text += "\n" + pick(rng, ["Answer with yes or no.", "Think step by step.", "Let's think step by step."])
    return {"family": "knights", "subfamily": "web-of-lies", "text": text,
            "answers": [{"question": q, "answer": a}],
            "solution": {p: ("truth-teller" if world[p] == "T" else "liar") for p in people}}


def generate(rng: random.Random) -> dict[str, Any]:
    """Return one random knights-and-knaves item."""
    sub = rng.choices(["classic", "multiple-choice", "web-of-lies", "would-say", "mixed", "undetermined"],
                      [38, 14, 15, 12, 13, 8])[0]
    if sub == "web-of-lies":
        return build_web(rng)
    return build_kk(rng, sub)
