"""Expressions in plain English, as a person would put them to a god.

- Clause: a statement ("B is random", "ja means yes").
- Question: a clause put to an addressee ("Is B random?"); inside it "you" is the addressee,
  and an embedded question is quoted and addressed to its own agent.
"""

from __future__ import annotations

from ..logic import expr as E
from ..logic.types import NEITHER, canonical_type

_COUNT_WORDS = {"eq": "exactly", "ne": "other than", "lt": "fewer than", "le": "at most",
                "gt": "more than", "ge": "at least"}
_CMP_WORDS = {"eq": "is", "ne": "is not", "lt": "is less than", "le": "is at most", "gt": "is more than",
              "ge": "is at least"}


def meaning_phrase(meaning: str) -> str:
    """Return a meaning in words: 'yes', 'no', 'neither yes nor no'."""
    return "neither yes nor no" if meaning == NEITHER else meaning


def _term(t: E.Term) -> str:
    if t.var is None:
        return str(t.offset)
    if t.offset == 0:
        return t.var
    return f"{t.var} {'+' if t.offset > 0 else '-'} {abs(t.offset)}"


_NOUNS = {"liar", "knight", "knave", "truth-teller", "truthteller"}
_QUOTES = ("'", '"')


class English:
    """Renders expressions with the puzzle's own names for types."""

    def __init__(self, display: dict[str, str] | None = None):
        self.display = dict(display or {})

    def type_phrase(self, type_name: str) -> str:
        """Return a type as a predicate: 'random', 'a liar'."""
        try:
            canon = canonical_type(type_name)
        except Exception:  # an unknown name is shown as written
            canon = type_name
        name = self.display.get(canon, canon)
        if canon.startswith("constant:"):
            return f"a god who always says the word meaning {meaning_phrase(canon.split(':', 1)[1])}"
        return f"a {name}" if name.lower() in _NOUNS else name

    def _atomic(self, e: E.Expr) -> bool:
        if isinstance(e, E.Not):
            return isinstance(e.arg, (E.TypeIs, E.Means, E.SelfAnswer))
        return isinstance(e, (E.Const, E.TypeIs, E.Means, E.SelfAnswer, E.Cmp, E.Count))

    def _wrap(self, e: E.Expr, you: str | None, depth: int) -> str:
        text = self.clause(e, you, depth)
        return text if self._atomic(e) else f"({text})"

    def clause(self, e: E.Expr, you: str | None = None, depth: int = 0) -> str:
        """Return the statement an expression makes, with `you` as the addressee."""
        match e:
            case E.Const(value):
                return "1 + 1 = 2" if value else "1 + 1 = 3"
            case E.TypeIs(agent, t):
                return f"{'you are' if agent == you else agent + ' is'} {self.type_phrase(t)}"
            case E.Means(word, meaning):
                return f"{word} means {meaning_phrase(meaning)}"
            case E.SelfAnswer(word):
                return f"you answer this question with {word}"
            case E.Not(E.TypeIs(agent, t)):
                return f"{'you are' if agent == you else agent + ' is'} not {self.type_phrase(t)}"
            case E.Not(E.Means(word, meaning)):
                return f"{word} does not mean {meaning_phrase(meaning)}"
            case E.Not(E.SelfAnswer(word)):
                return f"you do not answer this question with {word}"
            case E.Not(arg):
                return f"it is not the case that {self._wrap(arg, you, depth)}"
            case E.And(args):
                return " and ".join(self._wrap(a, you, depth) for a in args)
            case E.Or(args):
                return " or ".join(self._wrap(a, you, depth) for a in args)
            case E.Xor(a, b):
                return f"either {self._wrap(a, you, depth)} or {self._wrap(b, you, depth)}, but not both"
            case E.Iff(a, b):
                return f"{self._wrap(a, you, depth)} if and only if {self._wrap(b, you, depth)}"
            case E.Implies(a, b):
                return f"if {self._wrap(a, you, depth)} then {self._wrap(b, you, depth)}"
            case E.Answers(agent, q, word):
                quoted = self._quote(q, agent, depth + 1)
                if agent == you:
                    return f"you would say {word} if I asked you {quoted}"
                return f"{agent} would say {word} if I asked {agent} {quoted}"
            case E.Says(agent, st):
                return f"{agent} says that {self._wrap(st, you, depth)}"
            case E.Count(items, op, n):
                listed = "; ".join(self.clause(i, you, depth) for i in items)
                return f"{_COUNT_WORDS[op]} {n} of these hold{'s' if n == 1 and op == 'eq' else ''}: [{listed}]"
            case E.Cmp(op, left, right):
                return f"{_term(left)} {_CMP_WORDS[op]} {_term(right)}"
        raise TypeError(f"not an expression: {e!r}")

    def _quote(self, q: E.Expr, addressee: str, depth: int) -> str:
        mark = _QUOTES[(depth - 1) % 2]
        return f"{mark}{self.question(q, addressee, depth)}{mark}"

    def question(self, e: E.Expr, addressee: str | None = None, depth: int = 0) -> str:
        """Return the question a person asks `addressee` to put this expression to them."""
        match e:
            case E.TypeIs(agent, t):
                if agent == addressee:
                    return f"Are you {self.type_phrase(t)}?"
                return f"Is {agent} {self.type_phrase(t)}?"
            case E.Means(word, meaning):
                return f"Does {word} mean {meaning_phrase(meaning)}?"
            case E.SelfAnswer(word):
                return f"Will you answer this question with {word}?"
            case E.Answers(agent, q, word):
                quoted = self._quote(q, agent, depth + 1)
                if agent == addressee:
                    return f"If I asked you {quoted}, would you say {word}?"
                return f"If I asked {agent} {quoted}, would {agent} say {word}?"
        text = self.clause(e, addressee, depth)
        return f"Is it true that {text}?"
