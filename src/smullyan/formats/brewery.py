"""BoolosBrewery interop: its question syntax, and its high-score strategies (Python files).

BoolosBrewery (github.com/SheafificationOfG/BoolosBrewery) is a game with a high-score table: people
study mathematics (truthful), physics (a liar), engineering (random: a random word) and, in the hard
variant, philosophy (always the word meaning neither); they answer with foo, bar (and baz). Its
three variants are gods puzzles here:

- easy: Alice, Bob; truthful, liar; foo, bar.
- default: Alice, Bob, Charlie; truthful, liar, random; foo, bar.
- hard: Alice, Bob, Charlie, Dan; truthful, liar, constant:neither, random; foo, bar, baz
  (`examples/brewery_hard.toml`).

Questions. `parse_question` reads `Alice: (Bob studies Math) xor ("Charlie: You study Engg?" is foo)?`
into (addressee, expression) with the grammar `brewery.lark`, folded into a tree exactly as the
judge's parser (src/language.rs) folds it. One quirk of the judge is kept on purpose: it
re-associates a looser operator followed by a tighter one wrongly, so `a or b and c` means
`(a and b) or c` there, and here too (the judge decides what a submitted strategy means). The
writer (`write_question`) parenthesises every compound operand, so what it writes means the same
under either reading, and reading it back gives the same expression (an exact inverse).

Translation:
- `P studies F` is TypeIs(P, type of F); `You`/`U` is the addressee of the innermost question.
- `"P: X?" is w` is Answers(P, X, w); `"P: X?" is "Q: Y?"` is Or over words w of both saying w;
  `w is v` (two words) is a constant; `is not`/`!=`/`xor` negate the comparison.
- People named by profession are no agent of ours: `"Mathematician: X?" is w` becomes
  (X & Means(w, yes)) | (~X & Means(w, no)), or Means(w, yes/no) when X is a constant; the
  physicist swaps yes and no; `"Philosopher: X?" is w` is Means(w, neither); `"Engineer: X?" is w`
  is Or over agents a of (TypeIs(a, random) & Answers(a, X, w)). `Mathematician studies Math` is true.
- Under `random = "word"` a hypothetical asking of a random agent shares the random agent's word for
  the current question. The judge agrees inside one question put to the engineer. The one
  difference: when a question to someone else asks what the engineer would answer, the judge gives
  the engineer's *next* real answer (its script position has not moved yet); here it is a fresh word
  for that question. So a strategy verified here works in the judge (every correlation the judge
  makes is one of the cases checked here), but its average there may differ, and a submission that
  relies on that correlation fails verification here.

Strategies. `to_brewery(puzzle, strategy)` writes a submission (`from strats import *`,
`class Strategy(Hard)`, nested if/elif on `self.get_response(...)`, `self.guess[...] = ...` at the
leaves). An answer the strategy has no branch for (it cannot occur) gets an `else:` that raises
AssertionError, so the judge would stop loudly rather than guess. `read_brewery(puzzle, source,
run_code=True)` reads a submission back by running it (see `brewery_sandbox`): replaying `solve()`
under every prefix of answers, it records the tree of questions and the guesses at its leaves.
A path where the program raises (an `assert` on an answer that cannot occur) gets no branch; the
verifier then says whether that answer can occur.

This module works on engine values (the puzzle's model, strategy trees); the public API over it,
taking and returning GodsPuzzle and Strategy values, is `smullyan.api.brewery`
(`smullyan.to_brewery`, `smullyan.from_brewery`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from ..errors import BadInput, LimitReached
from ..logic import expr as E
from ..logic.types import LIAR, NEITHER, NO, RANDOM, TRUTHFUL, YES, canonical_type

if TYPE_CHECKING:
    from lark import Lark

    from ..interrogate.puzzle import Interrogation
    from ..interrogate.strategy import Node

READ_TIMEOUT = 60.0  # seconds a submission may run while it is read, unless the caller says otherwise


def model_of(puzzle: Any) -> "Interrogation":
    """Return the interrogation model of a puzzle (a GodsPuzzle, or the model itself)."""
    return getattr(puzzle, "model", puzzle)

# ---------------------------------------------------------------- names

PEOPLE = ("Alice", "Bob", "Charlie", "Dan")
PROFESSIONS = ("Mathematician", "Physicist", "Engineer", "Philosopher")
PERSON_ALIASES = {
    "Alice": ("Alice", "alice", "A", "a"),
    "Bob": ("Bob", "bob", "B", "b"),
    "Charlie": ("Charlie", "charlie", "C", "c"),
    "Dan": ("Dan", "dan", "D", "d"),
    "Mathematician": ("Mathematician", "mathematician", "Math", "math"),
    "Physicist": ("Physicist", "physicist", "Phys", "phys"),
    "Engineer": ("Engineer", "engineer", "Engg", "engg"),
    "Philosopher": ("Philosopher", "philosopher", "Phil", "phil"),
}
YOU = ("You", "you", "U", "u")
FIELD_ALIASES = {
    "Mathematics": ("Mathematics", "mathematics", "Math", "math"),
    "Physics": ("Physics", "physics", "Phys", "phys"),
    "Engineering": ("Engineering", "engineering", "Engg", "engg"),
    "Philosophy": ("Philosophy", "philosophy", "Phil", "phil"),
}
WORD_ALIASES = {"foo": ("Foo", "foo"), "bar": ("Bar", "bar"), "baz": ("Baz", "baz")}

PERSON_OF = {alias: person for person, aliases in PERSON_ALIASES.items() for alias in aliases}
FIELD_OF = {alias: f for f, aliases in FIELD_ALIASES.items() for alias in aliases}
WORD_OF = {alias: w for w, aliases in WORD_ALIASES.items() for alias in aliases}

FIELD_TYPE = {"Mathematics": TRUTHFUL, "Physics": LIAR, "Engineering": RANDOM, "Philosophy": "constant:neither"}
TYPE_FIELD = {t: f for f, t in FIELD_TYPE.items()}
PROFESSION_FIELD = dict(zip(PROFESSIONS, FIELD_TYPE))  # Mathematician -> Mathematics, …
SHORT_FIELD = {"Mathematics": "Math", "Physics": "Phys", "Engineering": "Engg", "Philosophy": "Phil"}


@dataclass(frozen=True)
class Variant:
    """One of BoolosBrewery's three games."""

    name: str  # "easy", "default", "hard"
    base: str  # the strategy base class: Easy, Default, Hard
    people: tuple[str, ...]
    types: tuple[str, ...]
    words: tuple[str, ...]


VARIANTS = {
    "easy": Variant("easy", "Easy", PEOPLE[:2], (TRUTHFUL, LIAR), ("foo", "bar")),
    "default": Variant("default", "Default", PEOPLE[:3], (TRUTHFUL, LIAR, RANDOM), ("foo", "bar")),
    "hard": Variant("hard", "Hard", PEOPLE, (TRUTHFUL, LIAR, "constant:neither", RANDOM), ("foo", "bar", "baz")),
}


class Names:
    """How a gods puzzle's agents and words are spelt in BoolosBrewery's language, and back."""

    def __init__(self, puzzle: Any):
        space = model_of(puzzle).space
        self.space = space
        self.person_of: dict[str, str] = {}  # puzzle agent -> Alice, …
        self.agent_of: dict[str, str] = {}  # Alice, … -> puzzle agent
        for agent in space.agents:
            person = PERSON_OF.get(agent)
            if person in PEOPLE and person not in self.agent_of:
                self.person_of[agent] = person
                self.agent_of[person] = agent
        self.word_of: dict[str, str] = {}  # foo, … -> the puzzle's spelling
        for w in space.words:
            if w.lower() in WORD_ALIASES:
                self.word_of[w.lower()] = w
        self.types = {t for world in space.worlds for t in world.types}

    def person(self, agent: str) -> str:
        """Return the BoolosBrewery name of a puzzle agent; raise BadInput if it has none."""
        got = self.person_of.get(agent)
        if got is None:
            raise BadInput(f"agent '{agent}' has no name in BoolosBrewery's language (its people are "
                           f"{', '.join(PEOPLE)}, or A, B, C, D)")
        return got

    def word(self, word: str) -> str:
        """Return the BoolosBrewery spelling (foo, bar, baz) of a puzzle word; raise BadInput if none."""
        low = word.lower()
        if self.word_of.get(low) != word:
            raise BadInput(f"word '{word}' has no spelling in BoolosBrewery's language (its words are foo, bar, baz)")
        return low

    def variant(self) -> Variant:
        """Return the BoolosBrewery variant the puzzle is; raise BadInput saying how it differs from each."""
        space = self.space
        n = len(space.agents)
        chosen = {2: "easy", 3: "default", 4: "hard"}.get(n)
        if chosen is None:
            raise BadInput(f"the puzzle has {n} agents; BoolosBrewery's variants have 2 (easy), 3 (default) or "
                           "4 (hard)")
        v = VARIANTS[chosen]
        if set(self.agent_of) != set(v.people) or len(self.person_of) != n:
            raise BadInput(f"BoolosBrewery's {v.name} variant has the people {', '.join(v.people)}; the puzzle's agents "
                           f"are {', '.join(space.agents)}")
        if sorted(w.lower() for w in space.words) != sorted(v.words) or set(self.word_of) != set(v.words):
            raise BadInput(f"BoolosBrewery's {v.name} variant has the words {', '.join(v.words)}; the puzzle's are "
                           f"{', '.join(space.words)}")
        want = sorted(v.types)
        for world in space.worlds:
            if sorted(world.types) != want:
                raise BadInput(f"BoolosBrewery's {v.name} variant has one agent of each type "
                               f"{', '.join(v.types)}; the puzzle allows {', '.join(world.types)}")
        from ..logic.worlds import assignments_from_permutation, default_languages

        if (len({w.types for w in space.worlds}) != len(assignments_from_permutation(list(v.types)))
                or len({w.language for w in space.worlds}) != len(default_languages(space.words))):
            raise BadInput(f"BoolosBrewery's {v.name} variant allows every order of the types and every choice of "
                           "yes and no words; the puzzle restricts them")
        if space.random_mode != "word":
            raise BadInput(f"BoolosBrewery's engineer says a random word (random = \"word\"); the puzzle has "
                           f"random = \"{space.random_mode}\"")
        return v


# ---------------------------------------------------------------- reading questions

@lru_cache(maxsize=1)
def parser() -> "Lark":
    """Return the LALR parser of BoolosBrewery's question syntax (built once)."""
    from lark import Lark

    return Lark(files("smullyan.formats").joinpath("brewery.lark").read_text(encoding="utf-8"), parser="lalr",
                transformer=_transformer())


@dataclass
class _Op:
    kind: str  # and, or, implies, is, xor, not, bang
    text: str
    line: int
    column: int


@dataclass
class _Group:
    seq: list
    line: int
    column: int


@dataclass
class _Q:
    person: Any  # the name token
    seq: list
    line: int
    column: int
    quoted: bool = False


@dataclass
class _Studies:
    person: Any
    field: Any
    line: int
    column: int


@dataclass
class _Name:
    tok: Any
    line: int
    column: int


@dataclass
class _Const:
    value: bool
    text: str
    line: int
    column: int


OP_KIND = {"AND": "and", "AMPS": "and", "OR": "or", "PIPES": "or", "IMPLIES": "implies", "ARROW": "implies",
           "IS": "is", "IFF": "is", "EQEQ": "is", "NOT": "not", "XOR": "xor", "NEQ": "xor", "BANG": "bang"}
RANK = {"and": 0, "or": 1, "implies": 2, "is": 3, "xor": 4}  # the judge's BinaryOp order: lower binds tighter

TERMINAL_WORDS = {"NAME": "a name", "QUOTE": "'\"'", "AND": "'and'", "AMPS": "'&&'", "OR": "'or'", "PIPES": "'||'",
                  "IMPLIES": "'implies'", "ARROW": "'=>'", "IS": "'is'", "IFF": "'iff'", "EQEQ": "'=='",
                  "NOT": "'not'", "XOR": "'xor'", "NEQ": "'!='", "BANG": "'!'", "STUDIES": "'studies'",
                  "STUDY": "'study'", "IN": "'in'", "TRUE": "'true'", "TRUE_": "'True'", "ONE": "'1'",
                  "FALSE": "'false'", "FALSE_": "'False'", "ZERO": "'0'", "COLON": "':'", "QMARK": "'?'",
                  "LPAR": "'('", "RPAR": "')'"}


def _expected(names: Any) -> str:
    words = sorted({TERMINAL_WORDS.get(n, n.lower()) for n in names})
    ops = {"'and'", "'&&'", "'or'", "'||'", "'implies'", "'=>'", "'is'", "'iff'", "'=='", "'not'", "'xor'", "'!='",
           "'!'"}
    if ops <= set(words):  # the whole operator set: say so once
        words = [w for w in words if w not in ops] + ["an operator"]
    consts = {"'true'", "'True'", "'1'", "'false'", "'False'", "'0'"}
    if consts <= set(words):
        words = [w for w in words if w not in consts] + ["true or false"]
    if {"'studies'", "'study'", "'in'"} <= set(words):
        words = [w for w in words if w not in ("'studies'", "'study'", "'in'")] + ["'studies'"]
    return ", ".join(words)


class _Fail(Exception):
    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def _fail(message: str, at: Any) -> _Fail:
    return _Fail(message, at.line, at.column)


def _pos(x: Any) -> tuple[int, int]:
    return getattr(x, "line", 1), getattr(x, "column", 1)


def _transformer() -> Any:
    """Return the Lark transformer turning parse-tree nodes into plain items (_Q, _Group, _Op, …).

    It runs inside the LALR parser (no tree is built, no recursion), positions come from tokens."""
    from lark import Token, Transformer

    def unquote(kids: list) -> Any:
        inner = [k for k in kids if not (isinstance(k, Token) and k.type == "QUOTE")][0]
        inner.quoted = True
        return inner

    class Items(Transformer):
        def start(self, kids: list) -> Any:
            return kids[0]

        def quoted_top(self, kids: list) -> Any:
            return unquote(kids)

        qtop = quoted = quoted_top

        def question(self, kids: list) -> _Q:
            return _Q(kids[0], kids[1], kids[0].line, kids[0].column)

        def seq(self, kids: list) -> list:
            return kids

        def group(self, kids: list) -> _Group:
            return _Group(kids[1], kids[0].line, kids[0].column)

        def studies(self, kids: list) -> _Studies:
            return _Studies(kids[0], kids[-1], kids[0].line, kids[0].column)

        def name(self, kids: list) -> _Name:
            return _Name(kids[0], kids[0].line, kids[0].column)

        def true(self, kids: list) -> _Const:
            return _Const(True, str(kids[0]), kids[0].line, kids[0].column)

        def false(self, kids: list) -> _Const:
            return _Const(False, str(kids[0]), kids[0].line, kids[0].column)

        def op(self, kids: list) -> _Op:
            tok = kids[0]
            return _Op(OP_KIND[tok.type], str(tok), tok.line, tok.column)

    return Items()


class _Fold:
    """Fold a flat run of items into the judge's tree, as src/language.rs does."""

    def person(self, tok: Any, you: str | None) -> str:
        text = str(tok)
        if text in YOU:
            if you is None:
                raise _fail(f"not sure who '{text}' refers to here ('You' is whoever the innermost question is put to)",
                            tok)
            return you
        got = PERSON_OF.get(text)
        if got is None:
            raise _fail(f"'{text}' is no person: expected Alice, Bob, Charlie, Dan (or A, B, C, D), a profession "
                        "(Mathematician, Physicist, Engineer, Philosopher) or You", tok)
        return got

    def question(self, q: _Q, you: str | None, top: bool = False) -> tuple:
        person = self.person(q.person, you)
        if top and person in PROFESSIONS:
            raise _fail(f"you don't know who the {person} is: a question is put to Alice, Bob, Charlie or Dan", q.person)
        return ("ask", person, self.whole(q.seq, person, "'?'"))

    def whole(self, seq: list, you: str, closer: str) -> tuple:
        node, i = self.boolean(seq, 0, you)
        if i < len(seq):
            it = seq[i]
            raise _fail(f"expected an operator or {closer}, found {self.show(it)}", it)
        return node

    @staticmethod
    def show(it: Any) -> str:
        if isinstance(it, _Op):
            return f"'{it.text}'"
        if isinstance(it, _Name):
            return f"'{it.tok}'"
        if isinstance(it, _Const):
            return f"'{it.text}'"
        if isinstance(it, _Group):
            return "'('"
        if isinstance(it, _Q):
            return "a question" if not it.quoted else "a quoted question"
        if isinstance(it, _Studies):
            return f"'{it.person} studies …'"
        return "something else"

    @staticmethod
    def binop(it: Any) -> str | None:
        if isinstance(it, _Op) and it.kind != "bang":
            return "xor" if it.kind == "not" else it.kind
        return None

    @staticmethod
    def cmp(it: Any) -> bool | None:
        """Return True for 'is', False for 'not'/'xor'/'!=', None if no comparison."""
        if isinstance(it, _Op) and it.kind in ("is", "xor", "not"):
            return it.kind == "is"
        return None

    def boolean(self, seq: list, i: int, you: str) -> tuple[tuple, int]:
        left, i = self.term(seq, i, you)
        while i < len(seq) and self.binop(seq[i]) is not None:
            op_item = seq[i]
            op = self.binop(op_item)
            try:
                rhs, j = self.term(seq, i + 1, you)
            except _Fail as first:
                is_eq = self.cmp(op_item)
                if is_eq is None:
                    raise
                try:
                    resp, j = self.response(seq, i + 1, you)
                except _Fail:
                    raise first from None
                left = ("cmpr", is_eq, ("ask", you, left), resp)
                i = j
                continue
            left = reassociate(left, op, rhs)
            i = j
        return left, i

    def term(self, seq: list, i: int, you: str) -> tuple[tuple, int]:
        if i >= len(seq):
            at = seq[-1] if seq else None
            raise _Fail("the expression ends too early: expected a term", *(_pos(at) if at is not None else (1, 1)))
        it = seq[i]
        if isinstance(it, _Group):
            return ("wrap", self.whole(it.seq, you, "')'")), i + 1
        if isinstance(it, _Q) and it.quoted:
            q = self.question(it, you)
            is_eq = self.cmp(seq[i + 1]) if i + 1 < len(seq) else None
            if is_eq is None:
                raise _fail("expected a comparison ('is' or 'not') of the quoted question with another response",
                            seq[i + 1] if i + 1 < len(seq) else it)
            rhs, j = self.response(seq, i + 2, you)
            return ("cmpr", is_eq, q, rhs), j
        if isinstance(it, _Const):
            return ("const", it.value), i + 1
        if isinstance(it, _Op) and it.kind in ("not", "bang"):
            try:
                inner, j = self.term(seq, i + 1, you)
            except _Fail as e:
                raise _Fail(f"'{it.text}' expects an operand: {e.message}", e.line, e.column) from None
            return ("not", inner), j
        if isinstance(it, _Studies):
            field = FIELD_OF.get(str(it.field))
            if field is None:
                raise _fail(f"'{it.field}' is no field: expected Math, Phys, Engg or Phil (or Mathematics, Physics, "
                            "Engineering, Philosophy)", it.field)
            return ("studies", self.person(it.person, you), field), i + 1
        if isinstance(it, (_Q, _Name)):
            lhs, j = self.response(seq, i, you)
            is_eq = self.cmp(seq[j]) if j < len(seq) else None
            if is_eq is None:
                raise _fail("expected a comparison ('is' or 'not') of the response with another response or a "
                            "Boolean", seq[j] if j < len(seq) else it)
            try:
                rhs, k = self.response(seq, j + 1, you)
                return ("cmpr", is_eq, lhs, rhs), k
            except _Fail:
                rest, k = self.boolean(seq, j + 1, you)  # `foo is true`: "You: true?" is foo
                return ("cmpr", is_eq, ("ask", you, rest), lhs), k
        if isinstance(it, _Op):
            raise _fail(f"expected a term, found the operator '{it.text}'", it)
        raise _fail(f"expected a term, found {self.show(it)}", it)

    def response(self, seq: list, i: int, you: str) -> tuple[tuple, int]:
        if i >= len(seq):
            at = seq[-1] if seq else None
            raise _Fail("the expression ends too early: expected a response", *(_pos(at) if at is not None else (1, 1)))
        it = seq[i]
        if isinstance(it, _Q):
            return self.question(it, you), i + 1
        if isinstance(it, _Name):
            w = WORD_OF.get(str(it.tok))
            if w is not None:
                return ("word", w, it), i + 1
            raise _fail(f"'{it.tok}' is no response: expected foo, bar, baz or a quoted question", it)
        raise _fail(f"expected a response (foo, bar, baz or a quoted question), found {self.show(it)}", it)


def reassociate(lhs: tuple, op: str, rhs: tuple) -> tuple:
    """Return `lhs op rhs` re-associated exactly as the judge's `Bool::reassociate` does (iteratively).

    The judge descends the left spine while the operator there binds no tighter than `op`, and
    joins the two operands it finds there with `op`: right for `a and b or c`, and for a chain of
    one operator; `a or b and c` becomes `(a and b) or c`."""
    if lhs[0] == "bin" and lhs[1] == op and lhs[4]:
        return ("bin", op, lhs, rhs, True)  # the descent meets only `op`: the rebuilt tree is this one
    frames = []
    left, right = lhs, rhs
    while left[0] == "bin" and not RANK[left[1]] < RANK[op]:
        frames.append((left[1], right))
        left, right = left[2], left[3]
    node = _bin(op, left, right)
    for lop, r in reversed(frames):
        node = _bin(lop, node, r)
    return node


def _bin(op: str, left: tuple, right: tuple) -> tuple:
    """Return a binary node; its last field says whether descending its left spine (as `reassociate`
    does for its own operator) meets only that operator."""
    uniform = left[0] != "bin" or RANK[left[1]] < RANK[op] or (left[1] == op and left[4])
    return ("bin", op, left, right, uniform)


class _Translate:
    """The judge's tree as an expression over a puzzle's worlds."""

    def __init__(self, names: Names):
        self.names = names

    def agent(self, person: str, at: Any = None) -> str:
        agent = self.names.agent_of.get(person)
        if agent is None:
            raise BadInput(f"{person} is not in this puzzle (its agents are {', '.join(self.names.space.agents)})")
        return agent

    def word(self, w: str) -> str:
        got = self.names.word_of.get(w)
        if got is None:
            raise BadInput(f"'{w}' is not a word of this puzzle (its words are {', '.join(self.names.space.words)})")
        return got

    def boolean(self, node: tuple) -> E.Expr:
        kind = node[0]
        if kind == "const":
            return E.Const(node[1])
        if kind == "wrap":
            return self.boolean(node[1])
        if kind == "not":
            return E.Not(self.boolean(node[1]))
        if kind == "studies":
            person, field_name = node[1], node[2]
            if person in PROFESSIONS:
                return E.Const(PROFESSION_FIELD[person] == field_name)
            return E.TypeIs(self.agent(person), FIELD_TYPE[field_name])
        if kind == "bin":
            op = node[1]
            if op in ("and", "or"):
                args = [self.boolean(x) for x in _chain(node, op)]
                return E.And(tuple(args)) if op == "and" else E.Or(tuple(args))
            a, b = self.boolean(node[2]), self.boolean(node[3])
            return {"implies": E.Implies, "is": E.Iff, "xor": E.Xor}[op](a, b)
        if kind == "cmpr":
            _, is_eq, left, right = node
            e = self.compare(left, right)
            return e if is_eq else E.Not(e)
        raise AssertionError(kind)

    def compare(self, left: tuple, right: tuple) -> E.Expr:
        if left[0] == "word" and right[0] == "word":
            self.word(left[1])
            self.word(right[1])
            return E.Const(left[1] == right[1])
        if left[0] == "word":
            left, right = right, left
        if right[0] == "word":
            return self.says(left, self.word(right[1]))
        words = self.names.space.words
        return E.Or(tuple(E.And((self.says(left, w), self.says(right, w))) for w in words))

    def says(self, ask: tuple, word: str) -> E.Expr:
        """Return 'the person of `ask`, asked its question, would say `word`'."""
        _, person, body = ask
        x = self.boolean(body)
        if person in PEOPLE:
            return E.Answers(self.agent(person), x, word)
        if person in ("Mathematician", "Physicist"):
            yes, no = (YES, NO) if person == "Mathematician" else (NO, YES)
            if isinstance(x, E.Const):
                return E.Means(word, yes if x.value else no)
            return E.Or((E.And((x, E.Means(word, yes))), E.And((E.Not(x), E.Means(word, no)))))
        if person == "Philosopher":
            return E.Means(word, NEITHER)
        space = self.names.space
        randoms = [a for i, a in enumerate(space.agents) if any(w.types[i] == RANDOM for w in space.worlds)]
        if not randoms:
            raise BadInput("the question asks what the Engineer would say, but no agent of this puzzle is random")
        parts = tuple(E.And((E.TypeIs(a, RANDOM), E.Answers(a, x, word))) for a in randoms)
        return parts[0] if len(parts) == 1 else E.Or(parts)


def _chain(node: tuple, op: str) -> list[tuple]:
    """Return the operands of an unparenthesised chain of one operator, left to right (iteratively)."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if n[0] == "bin" and n[1] == op:
            stack.append(n[3])
            stack.append(n[2])
        else:
            out.append(n)
    return out


def _parse_error(err: Exception, text: str) -> BadInput:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(err, UnexpectedToken):
        line, col = err.line, err.column
        if err.token.type == "$END":
            return _bad(f"the question ends too early; expected {_expected(err.expected)}", line, col, text)
        return _bad(f"unexpected '{err.token}'; expected {_expected(err.expected)}", line, col, text)
    if isinstance(err, UnexpectedCharacters):
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "end of text"
        allowed = getattr(err, "allowed", None) or set()
        return _bad(f"cannot read '{char}' here; expected {_expected(allowed) or 'something else'}", err.line,
                    err.column, text)
    if isinstance(err, UnexpectedEOF):
        lines = text.split("\n")
        return _bad(f"the question ends too early; expected {_expected(err.expected)}", len(lines),
                    len(lines[-1]) + 1, text)
    return BadInput(str(err))


def _bad(message: str, line: int, column: int, text: str) -> BadInput:
    return BadInput(f"line {line}, column {column}: {message}", line=line, column=column)


def parse_question(text: str, puzzle: Any) -> tuple[str, E.Expr]:
    """Return (addressee, expression) of a question in BoolosBrewery's syntax, such as
    `Alice: Bob studies Math?`; raise BadInput with the line, the column and what was expected."""
    from lark.exceptions import UnexpectedInput

    if not isinstance(text, str):
        raise BadInput(f"a question is text, got {type(text).__name__}")
    try:
        tree = parser().parse(text)
    except UnexpectedInput as err:
        raise _parse_error(err, text) from None
    except RecursionError:
        raise BadInput("the question is nested too deeply to read") from None
    try:
        ask = _Fold().question(tree, None, top=True)
    except _Fail as f:
        raise _bad(f.message, f.line, f.column, text) from None
    except RecursionError:
        raise BadInput("the question is nested too deeply to read") from None
    names = Names(puzzle)
    tr = _Translate(names)
    try:
        return tr.agent(ask[1]), tr.boolean(ask[2])
    except RecursionError:
        raise BadInput("the question is nested too deeply to read") from None


# ---------------------------------------------------------------- writing questions

def write_question(puzzle: Any, addressee: str, question: E.Expr) -> str:
    """Return `Alice: …?`, the question in BoolosBrewery's syntax; raise BadInput naming a node it cannot say."""
    names = Names(puzzle)
    return f"{names.person(addressee)}: {_Writer(names).top(question)}?"


def write_expression(puzzle: Any, question: E.Expr) -> str:
    """Return the Boolean part of a question in BoolosBrewery's syntax (what `Expr(...)` holds)."""
    return _Writer(Names(puzzle)).top(question)


class _Writer:
    def __init__(self, names: Names):
        self.names = names

    def top(self, e: E.Expr) -> str:
        try:
            return self.write(e)
        except RecursionError:
            raise BadInput("the question is nested too deeply to write") from None

    def operand(self, e: E.Expr) -> str:
        text = self.write(e)
        return text if isinstance(e, (E.Const, E.TypeIs)) else f"({text})"

    def write(self, e: E.Expr) -> str:
        match e:
            case E.Const(value):
                return "true" if value else "false"
            case E.TypeIs(agent, t):
                field_name = TYPE_FIELD.get(canonical_type(t))
                if field_name is None:
                    raise BadInput(f"type '{t}' has no field in BoolosBrewery (truthful: Math, liar: Phys, random: "
                                   "Engg, constant:neither: Phil)")
                return f"{self.names.person(agent)} studies {SHORT_FIELD[field_name]}"
            case E.Means(word, meaning):
                w = self.names.word(word)
                if meaning == YES:
                    return f'"Mathematician: true?" is {w}'
                if meaning == NO:
                    return f'"Mathematician: false?" is {w}'
                if meaning == NEITHER:
                    return f'"Philosopher: true?" is {w}'
                raise BadInput(f"unknown meaning '{meaning}'")
            case E.Not(arg):
                return f"not {self.operand(arg)}"
            case E.And(args) | E.Or(args):
                if not args:
                    return "true" if isinstance(e, E.And) else "false"
                if len(args) == 1:
                    return self.write(args[0])
                return (" and " if isinstance(e, E.And) else " or ").join(self.operand(a) for a in args)
            case E.Xor(a, b):
                return f"{self.operand(a)} xor {self.operand(b)}"
            case E.Iff(a, b):
                return f"{self.operand(a)} iff {self.operand(b)}"
            case E.Implies(a, b):
                return f"{self.operand(a)} implies {self.operand(b)}"
            case E.Answers(agent, q, word):
                return f'"{self.names.person(agent)}: {self.write(q)}?" is {self.names.word(word)}'
        kind = {E.SelfAnswer: "self (the god's own answer to this very question)", E.Says: "says", E.Count: "count",
                E.Cmp: "a comparison of variables"}.get(type(e), type(e).__name__)
        raise BadInput(f"BoolosBrewery's language cannot say {kind}: {E.show(E.to_json(e))}")


# ---------------------------------------------------------------- writing strategies

def to_brewery(puzzle: Any, strategy: Any) -> str:
    """Return a BoolosBrewery submission (Python source) playing `strategy` (a Strategy, a solve result or
    a bare tree) on the puzzle (a GodsPuzzle or its model), which must be one of BoolosBrewery's variants."""
    from ..interrogate.strategy import Ask, Identified, depth

    if not hasattr(strategy, "root") and hasattr(strategy, "strategy"):  # a solve result
        if strategy.strategy is None:
            raise BadInput("the result holds no strategy (the puzzle was proved unsolvable)")
        strategy = strategy.strategy
    root = getattr(strategy, "root", strategy)
    if not isinstance(root, (Ask, Identified)):
        raise BadInput(f"expected a strategy, got {type(strategy).__name__}")
    model = model_of(puzzle)
    agents, words = model.space.agents, model.space.words
    names = Names(model)
    v = names.variant()
    writer = _Writer(names)
    limit = engineer_questions(model, root)
    const = {"foo": "Foo", "bar": "Bar", "baz": "Baz"}
    lines: list[str] = []
    title = model.title or "a gods puzzle"
    lines += ['"""', f"BoolosBrewery {v.name} variant: a strategy written by smullyan for {title!s}.",
              f"It asks at most {depth(root)} questions, at most {limit} of them to the engineer.",
              "An answer that cannot occur raises AssertionError.", '"""', "", "from strats import *", "", "",
              f"class Strategy({v.base}):", f"    engg_question_limit = {limit}", "", "    def solve(self):"]

    def emit(node: Any, indent: int, level: int) -> None:
        pad = " " * indent
        if isinstance(node, Identified):
            got = dict(node.types)
            for agent in agents:
                t = got.get(agent)
                if t is None:
                    continue
                lines.append(f"{pad}self.guess[{names.person(agent)}] = {SHORT_FIELD[TYPE_FIELD[canonical_type(t)]]}")
            if not got:
                lines.append(f"{pad}return")
            return
        text = writer.top(node.question)
        var = f"r{level}"
        lines.append(f"{pad}{var} = self.get_response({names.person(node.addressee)}.ask(Expr({text!r})))")
        present = [(names.word(o), child) for o, child in node.branches if o in words]
        complete = {w for w, _ in present} >= set(v.words)
        for k, (w, child) in enumerate(present):
            if complete and k == len(present) - 1 and k > 0:
                lines.append(f"{pad}else:  # {w}")
            else:
                lines.append(f"{pad}{'if' if k == 0 else 'elif'} {var} == {const[w]}:")
            emit(child, indent + 4, level + 1)
        if not complete or len(present) == 1:
            if present:
                lines.append(f"{pad}else:")
                lines.append(f"{pad}    raise AssertionError('smullyan: this answer cannot occur')")
            else:
                lines.append(f"{pad}raise AssertionError('smullyan: no answer can occur here')")

    emit(root, 8, 1)
    return "\n".join(lines) + "\n"


def engineer_questions(puzzle: Any, root: Any) -> int:
    """Return the most questions the strategy puts to the random agent along any run it can take."""
    from ..interrogate.strategy import Identified
    from ..interrogate.verify import Verifier

    model = model_of(puzzle)
    space = model.space
    ver = Verifier(model, root)
    names = list(space.words) + ["silent"]
    best = 0
    for wi, world in enumerate(space.worlds):
        randoms = {space.agents[i] for i, t in enumerate(world.types) if t == RANDOM}
        if not randoms:
            continue
        stack = [(root, 0)]
        while stack:
            node, count = stack.pop()
            if isinstance(node, Identified):
                best = max(best, count)
                continue
            here = count + (node.addressee in randoms)
            best = max(best, here)
            outs = 0
            for mask in ver.world_outcomes(space.agent_index(node.addressee), node.question, wi):
                outs |= mask
            for o in range(outs.bit_length()):
                if not outs >> o & 1:
                    continue
                child = node.branch(names[o])
                if child is not None:
                    stack.append((child, here))
    return best


# ---------------------------------------------------------------- reading strategies

RUN_CODE_REFUSAL = ("reading a BoolosBrewery strategy runs its Python code (in a separate process with time and "
                    "memory limits, in an empty temporary directory); allow it with run_code=True "
                    "(on the command line: --run-python)")


@dataclass(frozen=True)
class BreweryReading:
    """A BoolosBrewery submission read by running it."""

    root: "Node"
    variant: str  # easy, default, hard: the class the submission derives from
    engg_question_limit: int | None  # as the submission declares it
    nodes: int  # runs of solve(): one per node of the tree
    dropped: tuple[str, ...] = field(default=())  # paths where the program raised, with what it raised
    seconds: float = 0.0


def read_brewery(puzzle: Any, source_text: str, *, run_code: bool = False, timeout: float | None = None,
                 memory: int = 2 << 30, max_depth: int = 12, max_nodes: int = 100_000,
                 source: str | None = None) -> BreweryReading:
    """Return the strategy tree a BoolosBrewery submission plays on `puzzle` (a GodsPuzzle or its model,
    one of BoolosBrewery's variants), with the variant and the paths where the program raised.

    The submission is Python: reading it means running it, in a separate process (see
    `brewery_sandbox`), so `run_code=True` is required. Raise BadInput for a submission that cannot
    be read (a syntax error, with its line), LimitReached past `timeout` seconds (default
    READ_TIMEOUT), `memory` bytes, `max_depth` questions on one path or `max_nodes` nodes."""
    import time

    from ..interrogate.strategy import Ask, Identified
    from .brewery_sandbox import run_submission

    if not run_code:
        raise BadInput(RUN_CODE_REFUSAL, source=source)
    if timeout is None:
        timeout = READ_TIMEOUT
    model = model_of(puzzle)
    agents = model.space.agents
    if not isinstance(source_text, str):
        raise BadInput(f"expected the submission's Python source text, got {type(source_text).__name__}")
    names = Names(model)
    v = names.variant()
    start = time.perf_counter()
    try:
        got = run_submission(source_text, timeout=timeout, memory=memory,
                             max_depth=max_depth, max_nodes=max_nodes)
    except (BadInput, LimitReached) as e:
        raise e.located(source=source) from None
    variant = got["variant"]
    if variant != v.name:
        raise BadInput(f"the submission plays BoolosBrewery's {variant} variant (class Strategy({VARIANTS[variant].base}) "
                       f"if it is one), but the puzzle is the {v.name} variant", source=source)
    questions: list[str] = got["questions"]
    parsed: dict[int, tuple[str, E.Expr]] = {}
    dropped: list[str] = []
    type_of_field = {alias: FIELD_TYPE[f] for alias, f in FIELD_OF.items()}

    def build(node: dict, path: list[str]) -> Any:
        # iterative would be nicer, but depth is capped by max_depth
        if "crash" in node:
            dropped.append(f"{' -> '.join(path) or 'the root'}: {node['crash']}")
            return None
        if "guess" in node:
            types = []
            for agent in agents:
                field_name = node["guess"].get(names.person(agent))
                t = type_of_field.get(field_name) if isinstance(field_name, str) else None
                if t is not None:
                    types.append((agent, t))
            return Identified(tuple(types))
        qi = node["ask"]
        if qi not in parsed:
            text = questions[qi]
            try:
                parsed[qi] = parse_question(text, model)
            except BadInput as e:
                shown = text if len(text) <= 120 else text[:100] + "…"
                where = " -> ".join(path) or "the root"
                raise BadInput(f"the submission asks {shown} (at {where}): {e.message}", line=e.line, column=e.column,
                               source=source) from None
        addressee, expr = parsed[qi]
        branches = []
        for word, child in node["branches"]:
            ours = names.word_of[word.lower()]
            sub = build(child, path + [f"{names.person(addressee)}:{ours}"])
            if sub is not None:
                branches.append((ours, sub))
        if not branches:
            dropped.append(f"{' -> '.join(path) or 'the root'}: every answer to {names.person(addressee)} made it raise")
            return None
        return Ask(addressee, expr, tuple(branches))

    root = build(got["tree"], [])
    if root is None:
        raise BadInput(f"the submission raised on every path: {dropped[0] if dropped else 'no tree'}", source=source)
    return BreweryReading(root, variant, got.get("engg_question_limit"), got["nodes"],
                          tuple(dropped), time.perf_counter() - start)


__all__ = ["BreweryReading", "Names", "READ_TIMEOUT", "RUN_CODE_REFUSAL", "VARIANTS", "Variant",
           "engineer_questions", "parse_question", "read_brewery", "to_brewery", "write_expression", "write_question"]
