"""Knights-and-knaves puzzles in English, read into deduction puzzles with the questions they ask.

A text is read sentence by sentence (`sentences.split_sentences`):

- framing (instructions, answer formats, headings: `framing.is_framing`) is passed over;
- role definitions ("Knights always tell the truth, and knaves always lie") name the kinds of people
  (knights_roles.py); without them knight/knave and truth-teller/liar are understood;
- introductions ("You meet three inhabitants: A, B and C") name the people; without one, the people
  are the names the statements, facts and questions use, in the order they first appear;
- speeches (`A says, "…"`, `According to A, …`, `A claims that …`: knights_frames.py) become
  statements `says(A, claim)`; a quotation of several sentences is several statements;
- a yes-or-no question put to someone and their answer, in one sentence or two (`You ask A, "Are you a
  knight?"` … `A answers "Yes."`: knights_dialogue.py), is the answerer's statement of the question's
  claim or its negation; "That is true", "C agrees with A" repeat the claim just made (or A's);
- other sentences about the people are facts ("Fidel lies.", "Exactly one of them is a knight.");
- questions ("Who is a knight and who is a knave?", "Is A a knight or a knave?", "How many knights are
  there?", "Does Yoland tell the truth?") become Asks, with the options of a multiple choice (after the
  question or an "Options:" header); a follow-up ("What about B?", "And C?", "Is B?") asks the question
  before it again of other people or another kind; "What does C answer?" asks a question put to C;
- questions whose answer is not what holds in every consistent world ("Is it possible that …?", "Can
  it be determined whether …?", "Must B be …?", "If A is a knight, is B …?") are errors that say so.

Claims, facts, questions and options are parsed by the LALR grammar knights.lark over the tokens of
knights_tokens.py. A sentence is passed over (listed in `Reading.ignored`) only when it is framing or
names none of the people, role words, truth or lies, or people counted ("of us"); any other sentence
the reader cannot read is an error with its line and column, and so is an ambiguous one.

Expressions spell a type as the text's role word when that word names the type ("knight", "liar"),
else canonically ("angel" -> "truthful"; "tells the truth" -> "truthful"); every expression carries
its JSON form (a count over all the people as `["count", "knave", "eq", 1]`).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from typing import Any, Iterator

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedInput, VisitError
from lark.lexer import Lexer

from ..deduce.model import Ask, Choice, Constraint, Deduction
from ..errors import PuzzleError, did_you_mean
from ..logic import expr as E
from ..logic.types import LIAR, RANDOM, TRUTHFUL
from . import knights_dialogue as D
from . import knights_frames as F
from .framing import is_framing
from .knights_roles import (DEFAULT_DISPLAY, Definition, build_roles, read_definition,
                            unmodelable)
from .knights_tokens import FRIENDLY, singular, tokenize

PARTNER = {"knight": "knave", "knave": "knight", "truth-teller": "liar", "truthteller": "liar", "liar": "truth-teller",
           "angel": "devil", "devil": "angel"}
IMPERATIVES = ("name", "list", "identify", "find", "classify", "label", "determine", "state", "give", "indicate")
ANSWER_END = re.compile(r"\b(?:no|yes)[.!](?=\s+[\"“‘']?[A-Z])", re.I)
LINE_LABEL = re.compile(r"(?m)^[\W\d]*?([^\W\d_][\w'’-]*(?: \d{1,2})?)\s*:")
LABEL_WORDS = {"Q", "A", "Question", "Answer", "Options", "Choices", "Statements", "Note", "Hint", "Puzzle", "Problem"}
FIRST_PERSON = re.compile(r"\b(?:I|me|my|myself|we|us|our)\b|\bI'm\b", re.I)
IF_ANYONE = re.compile(r"\s*,\s*if\s+any(?:one|body)?\s*,", re.I)
TRUE_STATEMENT = re.compile(r"^(?:is|are)\s+(?:the\s+following|this|that)\s+(?:statement|claim|sentence)\s+(?:true|correct)"
                            r"\s*[:,]?\s*[\"“](?P<claim>[^\"“”]+?)[.]?[\"”]\s*\??$", re.I)
ROLE_MENTION = re.compile(r"\b(?:knights?|knaves?|truth[- ]tellers?|liars?)\b", re.I)
OPTION_MARK = re.compile(r"^(?:[A-Ha-h]|[1-9])$")
UNDETERMINED_OPTION = re.compile(
    r"^(?:it\s+)?(?:cannot|can't|can\s+not)\s+be\s+(?:determined|known|decided|told|deduced|said)|^(?:it\s+is\s+)?"
    r"(?:impossible|not\s+possible)\s+to\s+(?:tell|determine|know|say|decide)|^(?:there\s+is\s+)?(?:not\s+enough|"
    r"insufficient)\s+information|^(?:undetermined|undecidable|indeterminate|unknown|uncertain)\b", re.I)
NONE_ABOVE = re.compile(r"^none\s+of\s+the\s+(?:above|other\s+(?:options|answers|choices))\s*[.!]?$", re.I)

Pair = tuple[E.Expr, Any]  # an expression and its JSON form


class _Lexer(Lexer):
    """Hands the parser the tokens knights_tokens.tokenize made."""

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, data: Any) -> Any:  # type: ignore[override]
        yield from data


@lru_cache(maxsize=1)
def parser() -> Lark:
    """Return the knights grammar's LALR parser (built once)."""
    return Lark(files("smullyan.english").joinpath("knights.lark").read_text(encoding="utf-8"), parser="lalr",
                lexer=_Lexer, start=["statement", "utterance", "question", "option"], maybe_placeholders=False)


# ---------------------------------------------------------------------------------------------- parse trees


@dataclass(frozen=True)
class Ref:
    """Who a word points at: a name, a pronoun (i, he, you), or a group (we, they, us, them, others)."""

    kind: str
    tok: Token
    n: int | None = None


@dataclass(frozen=True)
class Subj:
    """The subject of a claim: one person, all or any of some, none, only some, or a count over a group."""

    kind: str
    refs: tuple[Ref, ...] = ()
    quant: tuple[Any, ...] = ()
    group: Any = None


@dataclass(frozen=True)
class Comp:
    """A complement: a role word, 'honest', 'lying', 'telling the truth'; and its span in the sentence."""

    kind: str
    tok: Token
    start: int
    end: int


@dataclass(frozen=True)
class Comps:
    """Complements joined: one, or, and, neither-nor."""

    kind: str
    items: tuple[Comp, ...]


@dataclass(frozen=True)
class Pred:
    """What a claim says of its subject."""

    kind: str  # be, alts, same, verb, says
    comps: Comps | None = None
    neg: bool = False
    fq: Token | None = None
    alts: tuple[tuple[Token, Comps], ...] = ()
    other: Ref | None = None
    same: bool = True
    verb: str = ""
    mod: str = "plain"
    tok: Token | None = None
    node: Any = None
    quoted: bool = False
    hearer: Ref | None = None


def _end(tok: Token) -> int:
    return tok.start_pos + len(tok.value)


def _toks(xs: tuple[Any, ...]) -> list[Token]:
    return [x for x in xs if isinstance(x, Token)]


@v_args(inline=True)
class _Tree(Transformer):
    """Turns parse trees into claims (tuples), subjects, predicates and questions."""

    # claims
    def statement(self, claim, *_):
        return claim

    def utterance(self, *xs):
        return [x for x in xs if not isinstance(x, Token)]

    def chain(self, *xs):
        units = [x for x in xs if not (isinstance(x, tuple) and x and x[0] == "sep")]
        seps = [x[1] for x in xs if isinstance(x, tuple) and x and x[0] == "sep"]
        return ("chain", units, seps)

    def sep(self, *toks):
        return ("sep", tuple(t.type for t in toks), toks[0])

    def ante(self, *xs):
        units = [x for x in xs if not isinstance(x, Token)]
        seps = [(t.type,) for t in xs if isinstance(t, Token)]
        return ("chain", units, seps)

    def iff(self, a, _t, b):
        return ("iff", a, b)

    def only_if(self, a, _t, b):
        return ("only_if", a, b)

    def if_after(self, a, _t, ante):
        return ("if_after", a, ante)

    def xor(self, chain, tok):
        return ("xor", chain, tok)

    def if_then(self, if_tok, ante, *rest):
        return ("if_then", ante, rest[-1], if_tok)

    def both(self, _b, x, _a, y):
        return ("both", x, y)

    def either(self, _e, x, _o, y):
        return ("either", x, y)

    def not_case(self, it, *rest):
        return ("not_case", rest[-1], it)

    def true_that(self, *rest):
        return rest[-1]

    def atom(self, subj, vp):
        return ("atom", subj, vp)

    def atom_ell(self, subj, be, neg=None):  # "… but B isn't": the predicate is the one before it
        return ("atom_ell", subj, neg is not None, be)

    def g_these(self, these, *_):  # "these people": all of them, as "them"
        return Ref("them", these)

    def there(self, there_tok, _be, q, role, dom=None):
        return ("there", q, role, dom, there_tok)

    def there_item(self, q, role):
        return (q, role)

    def tsep(self, *toks):
        return toks[-1]

    def there_list(self, there_tok, _be, *rest):
        rest = list(rest)
        dom = rest.pop() if not isinstance(rest[-1], tuple) else None
        items = [x for x in rest if isinstance(x, tuple)]
        group = dom if dom is not None else Ref("implicit", there_tok)
        units = [("atom", Subj("count", quant=q, group=group),
                  Pred("be", comps=Comps("one", (Comp("role", role, role.start_pos, _end(role)),))))
                 for q, role in items]
        return ("chain", units, [("AND",)] * (len(units) - 1))

    def o_only(self, x, _only):
        return ("subject", Subj("only", tuple(x) if isinstance(x, list) else (x,)))

    def there_among(self, _among, group, *rest):
        return ("there", rest[-2], rest[-1], group, _among)

    def be(self, tok):
        return tok

    def q_some(self, tok):
        return ("ge", 1)

    def q_none(self, tok):
        return ("eq", 0)

    def role_np(self, tok):
        return tok

    def there_dom(self, *xs):
        return xs[-1] if len(xs) > 1 else Ref("implicit", xs[0])

    # subjects
    def person(self, tok):
        kind = {"NAME": "name", "I": "i", "ME": "i", "HE": "he", "YOU": "you"}[tok.type]
        return Ref(kind, tok)

    def plist(self, *xs):
        return [x for x in xs if isinstance(x, Ref)]

    def group(self, x):
        if isinstance(x, list):
            return x
        return Ref({"US": "us", "THEM": "them", "IMPLICIT": "implicit"}[x.type], x)

    def s_one(self, p):
        return Subj("one", (p,))

    def s_all(self, *xs):
        return Subj("all", tuple(xs[-1]))

    def s_any(self, *xs):
        return Subj("any", tuple(x for x in xs if isinstance(x, Ref)))

    def s_none(self, _n, a, _nor, b):
        return Subj("none", (a, b))

    def s_we(self, t):
        return Subj("all", (Ref("we", t),))

    def s_they(self, t):
        return Subj("all", (Ref("they", t),))

    def s_count(self, quant, _of, group):
        return Subj("count", quant=quant, group=group)

    def s_only(self, _only, x):
        return Subj("only", tuple(x) if isinstance(x, list) else (x,))

    def s_everyone(self, t, dom=None):
        return Subj("count", quant=("all", t), group=dom or Ref("implicit", t))

    def s_nobody(self, t, dom=None):
        return Subj("count", quant=("none", t), group=dom or Ref("implicit", t))

    def s_someone(self, t, dom=None):
        return Subj("count", quant=("ge", 1, t), group=dom or Ref("implicit", t))

    def s_others(self, *toks):
        return Subj("all", (Ref("others", toks[0]),))

    def s_others_n(self, the, _other, n):
        return Subj("all", (Ref("others", the, n),)) if n != 1 else Subj("one", (Ref("other", the),))

    def s_the_n(self, the, n, _of, group):  # "the two of us": all of them, and they are two
        return Subj("count", quant=("all_n", n, the), group=group)

    def s_other(self, the, _other):
        return Subj("one", (Ref("other", the),))

    def quant(self, *xs):
        toks = _toks(xs)
        if len(xs) == 1 and isinstance(xs[0], tuple):
            return xs[0]
        kinds = [t.type for t in toks]
        if kinds in (["ALL"], ["EACH"], ["EVERY", "ONE"], ["EACH", "ONE"]):
            return ("all", toks[0])
        if kinds == ["BOTH"]:
            return ("both", toks[0])
        if kinds in (["NONE"], ["NO", "ONE"]):
            return ("none", toks[0])
        if kinds == ["NEITHER"]:
            return ("neither", toks[0])
        if kinds == ["NOT", "ALL"]:
            return ("not_all", toks[0])
        if kinds == ["NOT", "BOTH"]:
            return ("not_both", toks[0])
        if kinds[:1] == ["ALL"]:
            return ("all_n", xs[-1], toks[0])
        if "PARITY" in kinds:
            return ("parity", next(t for t in toks if t.type == "PARITY").value.lower(), toks[0])
        raise ValueError(kinds)

    def q_ge(self, *xs):
        return ("ge", xs[-1], xs[0])

    def q_le(self, *xs):
        return ("le", xs[-1], xs[0])

    def q_eq(self, t, n):
        return ("eq", n, t)

    def q_gt(self, *xs):
        return ("gt", xs[-1], xs[0])

    def q_lt(self, *xs):
        return ("lt", xs[-1], xs[0])

    def q_ne(self, *xs):
        return ("ne", xs[-1], xs[0])

    def q_bare(self, n):
        return ("bare", n, n.tok)

    def count(self, tok):
        return Num(int(tok.value) if tok.value.isdigit() else _NUMBERS[tok.value.lower()], tok)

    # predicates
    def vp(self, x):
        return x

    def there_q(self, x):
        return x

    def vp_be(self, _be, pred):
        return pred

    def vp_verb(self, v):
        return v

    def vp_fq_verb(self, fq, v):
        return Pred("verb", verb=v.verb, mod=v.mod, tok=v.tok, fq=fq)

    def say_vp(self, x):
        return x

    def p_comps(self, comps):
        return Pred("be", comps=comps)

    def p_not_comps(self, _n, comps):
        return Pred("be", comps=comps, neg=True)

    def p_no(self, no, role):
        return Pred("be", comps=Comps("one", (Comp("role", role, no.start_pos, _end(role)),)), neg=True)

    def p_fq(self, fq, comps):
        return Pred("be", comps=comps, fq=fq)

    def p_not_fq(self, _n, fq, comps):
        return Pred("be", comps=comps, neg=True, fq=fq)

    def p_fq_alts(self, *xs):
        pairs = []
        for i, x in enumerate(xs):
            if isinstance(x, Comps):
                pairs.append((xs[i - 1], x))
        return Pred("alts", alts=tuple(pairs))

    def p_same(self, *xs):
        refs = [x for x in xs if isinstance(x, Ref)]
        return Pred("same", other=refs[0] if refs else None, same=True, tok=_toks(xs)[0])

    def p_different(self, *xs):
        refs = [x for x in xs if isinstance(x, Ref)]
        return Pred("same", other=refs[0] if refs else None, same=False, tok=_toks(xs)[0])

    def samediff(self, x):
        return x

    def p_not_same(self, _n, p):
        return Pred("same", other=p.other, same=not p.same, tok=p.tok)

    def fq(self, tok):
        return tok

    def c_one(self, c):
        return Comps("one", (c,))

    def c_or(self, *xs):
        return Comps("or", tuple(x for x in xs if isinstance(x, Comp)))

    def c_and(self, *xs):
        return Comps("and", tuple(x for x in xs if isinstance(x, Comp)))

    def c_neither(self, *xs):
        return Comps("neither", tuple(x for x in xs if isinstance(x, Comp)))

    def c_role(self, *xs):
        return Comp("role", xs[-1], xs[0].start_pos, _end(xs[-1]))

    def role_word(self, tok):
        return tok

    def c_only(self, the, _only, role):  # "the only knight": a knight, and nobody else is one
        return Comp("only", role, the.start_pos, _end(role))

    def c_truthful(self, t):
        return Comp("truthful", t, t.start_pos, _end(t))

    def c_liar(self, t):
        return Comp("liar", t, t.start_pos, _end(t))

    def c_lying(self, t):
        return Comp("lying", t, t.start_pos, _end(t))

    def c_telling(self, t, _the, truth):
        return Comp("telling", t, t.start_pos, _end(truth))

    def truth(self, tell, _the, truth):
        return ("truth", tell, _end(truth))

    def lie(self, t):
        return ("lie", t, _end(t))

    def _verb(self, mod, core, first):
        return Pred("verb", verb=core[0], mod=mod, tok=first if first is not None else core[1])

    def v_plain(self, *xs):
        return self._verb("plain", xs[-1], xs[0] if isinstance(xs[0], Token) else None)

    def v_always(self, t, core):
        return self._verb("always", core, t)

    def v_never(self, t, core):
        return self._verb("never", core, t)

    def v_not(self, t, _n, core):
        return self._verb("not", core, t)

    def v_not_always(self, t, _n, _a, core):
        return self._verb("not_always", core, t)

    def says(self, *xs):
        hearer = next((x for x in xs if isinstance(x, Ref)), None)
        return Pred("says", node=xs[-1], quoted=False, hearer=hearer, tok=_toks(xs)[0])

    def says_quoted(self, *xs):
        return Pred("says", node=xs[-1], quoted=True, tok=_toks(xs)[0])

    def denies(self, *xs):
        return Pred("says", node=("not_case", xs[-1], _toks(xs)[0]), quoted=False, tok=_toks(xs)[0])

    def hearer(self, tok):
        return Ref({"YOU": "you", "ME": "i", "US": "us", "NAME": "name"}[tok.type], tok)

    def reported(self, *xs):
        return xs[-1]

    def quoted(self, *xs):
        return [x for x in xs if not isinstance(x, Token)]

    # questions
    def question(self, body, *_):
        return body

    def q_who(self, who, vp):
        return ("who", vp, None, who)

    def q_who_comps(self, who, comps, _be):  # "who the knights are", "who the knave, knight, and spy are"
        if comps.kind == "one":
            return ("who", Pred("be", comps=comps), None, who)
        return ("each", _kinds((comps,)), None)

    def q_who_or(self, *xs):  # "Who is lying, A or B?"
        refs = [x for x in xs if isinstance(x, Ref)]
        vp = next(x for x in xs if isinstance(x, Pred))
        return ("who", vp, refs, xs[0])

    def q_what_colon(self, _what, _be, p, _colon, comps):  # "What is A: a knight or a knave?"
        if comps.kind != "or":
            return ("what", p)
        return ("be", Subj("one", (p,)), Pred("be", comps=comps))


    def q_who_in(self, *xs):
        dom = next((x for x in xs[1:-1] if not isinstance(x, Token)), None)  # "which islander": everyone
        return ("who", xs[-1], dom, xs[0])

    def d_all(self, *xs):
        return None

    def d_list(self, *xs):
        return xs[-1]

    def q_each(self, *xs):
        return ("each", [x for x in xs if isinstance(x, Pred)], None)

    def q_each_which(self, *xs):
        return ("each", [Pred("be", comps=x) for x in xs if isinstance(x, Comps)], None)

    def q_each_all(self, *xs):
        return ("each", _kinds(xs), None)

    def q_each_of(self, *xs):
        grp = next(x for x in xs if isinstance(x, (Ref, list)))
        return ("each", _kinds(xs), grp)

    def q_each_as(self, *xs):
        grp = next((x for x in xs if isinstance(x, (Ref, list))), None)
        return ("each", _kinds(xs), grp)

    def q_name(self, _imp, *xs):
        comps = next(x for x in xs if isinstance(x, Comps))
        dom = next((x for x in xs if isinstance(x, (Ref, list))), None)
        if comps.kind == "one":
            return ("who", Pred("be", comps=comps), dom, _imp)
        return ("each", _kinds(xs), dom)

    def q_each_poss(self, *xs):  # "Determine A's and B's types"
        return ("each", [], [x for x in xs if isinstance(x, Ref)])

    def q_does_alt(self, _does, subj, a, _or, b):
        return ("does_alt", subj, a, b)

    def q_what(self, *xs):
        return ("what", next(x for x in xs if isinstance(x, Ref)))

    def q_be(self, _be, subj, pred):
        return ("be", subj, pred)

    def q_claim(self, *xs):
        return ("claim", xs[-1])

    def q_there(self, _be, there, *rest):
        rest = list(rest)
        dom = rest.pop() if rest and not isinstance(rest[-1], Token) else None
        role = rest.pop()
        q = rest.pop() if rest else ("ge", 1)
        return ("claim", ("there", q, role, dom, there))

    def q_does(self, _does, subj, v):
        return ("be", subj, v)

    def q_how_many(self, _h, _m, role, *rest):
        dom = next((x for x in rest if not isinstance(x, Token)), None)
        return ("how_many", role, dom)

    def q_how_many_in(self, _h, _m, role, _be, _among, group):
        return ("how_many", role, group)

    def q_how_many_of(self, _h, _m, _of, group, _be, comps):
        return ("how_many_pred", Pred("be", comps=comps), group)

    def q_how_many_of_verb(self, _h, _m, _of, group, v):
        return ("how_many_pred", v, group)

    def q_whether(self, _w, claim):
        return ("whether", claim)

    # options
    def option(self, body, *_):
        return body

    def o_claim(self, c):
        return ("claim", c)

    def o_subject(self, s):
        return ("subject", s)

    def o_both(self, t):
        return ("subject", Subj("count", quant=("both", t), group=Ref("domain", t)))

    def o_neither(self, t):
        return ("subject", Subj("count", quant=("neither", t), group=Ref("domain", t)))

    def o_none(self, t):
        return ("subject", Subj("count", quant=("none", t), group=Ref("domain", t)))

    def o_all(self, t, n=None):
        quant = ("all", t) if n is None else ("all_n", n, t)
        return ("subject", Subj("count", quant=quant, group=Ref("domain", t)))

    def o_comps(self, comps):
        return ("comps", comps)

    def o_number(self, n, role=None):
        return ("number", n, role)

    def o_yes(self, t):
        return ("yes",)

    def o_no(self, t):
        return ("no",)

    def o_assign(self, *xs):
        refs = [x for x in xs if isinstance(x, Ref)]
        comps = [x for x in xs if isinstance(x, Comp)]
        return ("assign", list(zip(refs, comps)))


class Num(int):
    """A number as the text wrote it ('one', '2')."""

    tok: Token

    def __new__(cls, value: int, tok: Token) -> "Num":
        out = super().__new__(cls, value)
        out.tok = tok
        return out


_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}


# ---------------------------------------------------------------------------------------------- positions


def locate(text: str, s: Any, offset: int) -> tuple[int, int]:
    """Return the line and column where the character at an offset of a sentence's text was written."""
    lines = text.splitlines()
    line, col = s.line, s.column
    if line - 1 < len(lines) and lines[line - 1][col - 1:col - 1 + offset] == s.text[:offset]:
        return line, col + offset
    li, ci = line - 1, col - 1
    for ch in s.text[:offset]:
        if ch.isspace():
            continue
        while li < len(lines):
            row = lines[li]
            while ci < len(row) and row[ci] != ch:
                ci += 1
            if ci < len(row):
                break
            li, ci = li + 1, 0
        ci += 1
    while li < len(lines):
        row = lines[li]
        while ci < len(row) and (row[ci].isspace() or row[ci] in "*_`"):
            ci += 1
        if ci < len(row):
            break
        li, ci = li + 1, 0
    return li + 1, ci + 1


# ---------------------------------------------------------------------------------------------- expressions


def _and(parts: list[Pair]) -> Pair:
    if len(parts) == 1:
        return parts[0]
    return E.And(tuple(p[0] for p in parts)), ["and", *[p[1] for p in parts]]


def _or(parts: list[Pair]) -> Pair:
    if len(parts) == 1:
        return parts[0]
    return E.Or(tuple(p[0] for p in parts)), ["or", *[p[1] for p in parts]]


def _not(p: Pair) -> Pair:
    return E.Not(p[0]), ["not", p[1]]


def _type(name: str, spelling: str) -> Pair:
    return E.TypeIs(name, spelling), ["type", name, spelling]


def _says(agent: str, p: Pair) -> Pair:
    return E.Says(agent, p[0]), ["says", agent, p[1]]


def _count(items: list[Pair], op: str, n: int, sugar: str | None) -> Pair:
    src = ["count", sugar, op, n] if sugar else ["count", [p[1] for p in items], op, n]
    return E.Count(tuple(p[0] for p in items), op, n), src


@dataclass
class _Ctx:
    """Who the pronouns of a claim point at, and how it is said ('fact', 'quoted', 'reported')."""

    sentence: Any
    mode: str
    me: str | None = None
    he: str | None = None
    he_too: str | None = None  # an outer reporter "he" may also point at ("A says that B would say that he …")
    you: str | None = None
    speaker: str | None = None
    mentioned: list[str] = field(default_factory=list)
    domain: list[str] | None = None  # the people an option's "both", "none", … count (a who-question's)


class _Unread(Exception):
    """A sentence no frame reads: the parser's complaint, kept until we know whether it names the people."""

    def __init__(self, expected: str):
        super().__init__(expected)
        self.expected = expected


@dataclass
class _Item:
    """One sentence as read: its kind and what the parser made of it."""

    kind: str  # ignored, definition, intro, silent, speech, fact, question, option, header, unread, question_unread
    sentence: Any
    payload: Any = None
    base: int = 0
    options: list[Any] = field(default_factory=list)  # a question's options


class _Reader:
    """Reads one text."""

    def __init__(self, text: str, sentences: tuple[Any, ...], title: str):
        self.text = text
        self.sentences = sentences
        self.title = title
        self.people: list[str] = []
        self.used: dict[str, str] = {}
        self.dotted: set[int] = set()  # sentences labelled 'A.' on their line (an option's letter, or a name?)
        self._listed: bool | None = None
        self.last_said: Pair | None = None  # the one claim the sentence just read makes ('That is true' says it)
        self.said_by: dict[str, Pair | None] = {}  # each speaker's last claim ('C agrees with A')

    # -------------------------------------------------------------- positions and messages

    def where(self, s: Any, offset: int) -> str:
        line, col = locate(self.text, s, offset)
        return f"line {line}, column {col}"

    def fail(self, ctx_or_sentence: Any, tok: Token | int | None, message: str) -> PuzzleError:
        s = ctx_or_sentence.sentence if isinstance(ctx_or_sentence, _Ctx) else ctx_or_sentence
        off = tok.start_pos if isinstance(tok, Token) else (tok or 0)
        return PuzzleError(f"{self.where(s, off)}: {message}")

    def cannot_read(self, s: Any, expected: str) -> PuzzleError:
        return PuzzleError(f"{s.where}: cannot read {_quote(s.text)}: expected {expected}")

    # -------------------------------------------------------------- the pipeline

    def merged(self) -> tuple[Any, ...]:
        """Return the sentences with a lone option letter ('A.') joined to the sentence that follows it on the
        same line, as that sentence's label; and split after an answer 'no.' that ends a sentence."""
        split: list[Any] = []
        for s in self.sentences:
            while True:
                m = ANSWER_END.search(s.text)
                if not m or F.quotes(s.text[:m.end()]) is None:
                    m = self.letter_line_end(s)
                cut = m.end() if m else self.label_line(s)
                if not cut:
                    break
                rest = s.text[cut:]
                line, col = locate(self.text, s, cut + len(rest) - len(rest.lstrip()))
                split.append(dataclasses.replace(s, text=s.text[:cut].rstrip()))
                s = dataclasses.replace(s, text=rest.lstrip(), line=line, column=col, marker="")
            split.append(s)
        self.sentences = tuple(split)
        out: list[Any] = []
        skip = False
        for i, s in enumerate(self.sentences):
            if skip:
                skip = False
                continue
            nxt = self.sentences[i + 1] if i + 1 < len(self.sentences) else None
            if re.fullmatch(r"[A-Ha-h]\.", s.text) and not s.marker and nxt is not None and nxt.line == s.line \
                    and not nxt.marker:
                out.append(dataclasses.replace(nxt, marker=s.text[0]))
                self.dotted.add(id(out[-1]))
                skip = True
                continue
            out.append(s)
        return tuple(out)

    def label_line(self, s: Any) -> int:
        """Return where a sentence runs on into a line that starts with a lower-case option label ('a. Alice' then
        'b. Bob' on the next line: the splitter took the next line for a continuation), or 0."""
        lines = self.text.splitlines()
        for m in re.finditer(r"(?<=\s)[a-h][.)](?=\s|$)", s.text):
            line, col = locate(self.text, s, m.start())
            row = lines[line - 1] if line - 1 < len(lines) else ""
            if row[:col - 1].strip(" \t>*-") == "":
                return m.start()
        return 0

    def letter_line_end(self, s: Any) -> Any:
        """Return where a sentence runs on past a line that ends with a one-letter name ('… says A' then 'B
        states …' on the next line: the splitter took 'A' for the article), or None."""
        for m in re.finditer(r"(?<![\w'’-])[B-HJ-Z]\b|(?<=\s)A(?=\s)", s.text):
            rest = s.text[m.end():]
            if not re.match(r"\s+[\"“‘']?[A-Z]", rest) or F.quotes(s.text[:m.end()]) is None:
                continue
            if locate(self.text, s, m.start())[0] != locate(self.text, s, m.end() + len(rest) - len(rest.lstrip()))[0]:
                return m
        return None

    def reading(self) -> Any:
        from .read import Reading

        self.sentences = self.merged()

        definitions: list[tuple[Definition, Any]] = []
        bodies: list[tuple[str, int]] = []
        for s in self.sentences:
            body, cut = F.strip_label(s.text)
            bodies.append((body, cut))
            d = None if is_framing(s.text) or re.fullmatch(r"[A-Ha-h]", s.marker) else read_definition(body)
            if d is not None:
                definitions.append((Definition(tuple((w, o + cut, t) for w, o, t in d.items), d.listing), s))
        self.roles = build_roles(definitions, lambda s, off: self.where(s, off))
        self.lexicon = self.roles.lexicon()
        self.types = self.roles.types
        defined = {id(s) for _, s in definitions}
        items = [self.classify(s, body, cut, id(s) in defined) for s, (body, cut) in zip(self.sentences, bodies)]
        self.link_answers(items)
        self.attach_options(items)
        self.find_people(items)
        for it in items:
            s = it.sentence
            if id(s) in self.dotted and it.kind not in ("option", "ignored") and s.marker.upper() in self.people:
                raise self.fail(s, 0, f"'{s.marker}.' before {_quote(s.text)} may be the letter of an option or the "
                                      f"person {s.marker.upper()}; put options after their question, or write "
                                      f"'{s.marker.upper()}:' for what {s.marker.upper()} says")
        for it in items:  # the words the text uses for each kind, in order, for a text that defines none
            for tok in _role_tokens(it.payload):
                found = self.lexicon.lookup(tok.value)
                if found:
                    self.used.setdefault(found[0], singular(tok.value.lower()))
        if not self.used and not self.roles.defined:  # "residents of the island of knights and knaves": the words
            for m in ROLE_MENTION.finditer(self.text):   # the text names the kinds by, though no claim uses them
                found = self.lexicon.lookup(m.group())
                if found:
                    self.used.setdefault(found[0], singular(m.group().lower()))
        self.shown = self.display()
        constraints: list[Constraint] = []
        asks: list[Ask] = []
        ignored = []
        statements = facts = 0
        last_question: _Item | None = None
        for it in items:
            s = it.sentence
            if it.kind == "ignored":
                ignored.append(s)
            elif it.kind == "question_unread" and re.match(r"(?i)\W*(?:\w+\W+){0,6}?(?:who|whom|which|what|how\s+many)\b",
                                                           s.text):
                raise self.cannot_read(s, it.payload)
            elif it.kind in ("unread", "question_unread"):
                why = unmodelable(s.text)
                if why:
                    raise PuzzleError(f"{s.where}: cannot model {_quote(s.text)}: {why}; smullyan models people "
                                      "who always tell the truth, always lie, or may do either")
                if self.mentions(s, it):
                    raise self.cannot_read(s, it.payload)
                ignored.append(s)
            elif it.kind == "speech":
                for sp, claims in it.payload:
                    said = []
                    for claim, quoted in claims:
                        statements += 1
                        pair = self.statement(s, sp, claim, quoted)
                        constraints.append(Constraint(f"statement {statements}", pair[0], pair[1], s.text))
                        said.append((sp.speaker, pair))
                    self.remember(said)
            elif it.kind == "agree":
                statements += 1
                pair = self.agreement(it)
                constraints.append(Constraint(f"statement {statements}", pair[0], pair[1], s.text))
                self.remember([(pair[1][1], pair)])
            elif it.kind == "fact":
                self.remember([])
                facts += 1
                ctx = _Ctx(s, "fact")
                pair = self.claim(it.payload, ctx)
                src = pair[1]
                label = f"exactly {src[3]} {src[1]}" if src[0] == "count" and isinstance(src[1], str) and \
                    src[2] == "eq" else f"fact {facts}"  # as a TOML [counts] entry reads
                constraints.append(Constraint(label, pair[0], src, s.text))
            elif it.kind == "question":
                asks.append(self.ask(it))
                last_question = it
            elif it.kind == "ellipsis":
                asks.append(self.ellipsis_ask(it, last_question))
            elif it.kind == "what_answer":
                asks.append(self.answer_ask(it))
            elif it.kind == "error":
                raise PuzzleError(it.payload)
            elif it.kind == "refused":
                raise PuzzleError(f"{s.where}: cannot answer {_quote(s.text)}: {it.payload}")
            elif it.kind == "answer":
                source, ex, claim, yn = it.payload
                statements += 1
                pair = self.answer_statement(source.sentence, ex, claim, yn)
                words = s.text if source is it else f"{source.sentence.text} {s.text}"
                constraints.append(Constraint(f"statement {statements}", pair[0], pair[1], words))
                self.remember([(pair[1][1], pair)])
            elif it.kind == "intro" and it.payload.kinds:
                listed = self.listed_kinds(it)
                if listed is not None:
                    facts += 1
                    constraints.append(Constraint(f"fact {facts}", listed[0], listed[1], s.text))
            elif it.kind == "silent":
                self.person(_Ctx(s, "fact"), Token("NAME", it.payload[0], start_pos=0), at=it.base + it.payload[1])
        if not self.people:
            raise PuzzleError("the text names no inhabitants and reports no statements")
        display = self.shown
        return Reading(Deduction(tuple(self.people), tuple(self.types for _ in self.people),
                                 constraints=tuple(constraints), title=self.title, display=display,
                                 questions=tuple(asks)), tuple(ignored))

    def display(self) -> dict[str, str]:
        """Return the word shown for each type: the defined one, else the first one used, else its partner."""
        if self.roles.defined:
            return {t: self.roles.display[t] for t in self.types if t in self.roles.display}
        out = {t: w for t, w in self.used.items() if t in self.types}
        for t in self.types:
            if t not in out:
                partner = next((PARTNER[w] for w in out.values() if w in PARTNER), None)
                out[t] = partner if partner and self.lexicon.lookup(partner) and \
                    self.lexicon.lookup(partner)[0] == t else DEFAULT_DISPLAY[t]
        return {t: out[t] for t in self.types}

    # -------------------------------------------------------------- classification

    def classify(self, s: Any, body: str, cut: int, is_definition: bool) -> _Item:
        """Return what a sentence is, parsed (names and roles are resolved later)."""
        if is_definition:
            return _Item("definition", s)
        if F.OPTIONS_HEADER.match(body.strip()):
            return _Item("header", s)
        stripped = body.strip()
        if re.fullmatch(r"A\s*:", stripped) and re.search(r"(?m)^\W*Q\s*:", self.text):  # "Q: … A:" (the answer's place)
            return _Item("ignored", s)
        if is_framing(s.text) or F.LIST_HEADER.match(stripped) or F.PASS_OVER.match(stripped) or \
                stripped.startswith("(") and stripped.endswith(")") and is_framing(stripped[1:-1]):
            return _Item("ignored", s)
        intro = F.intro(body)
        if intro is not None:
            return _Item("intro", s, intro, cut)
        quiet = F.silent(body)
        if quiet is not None:
            return _Item("silent", s, quiet, cut)
        said = F.answer(body)
        if said is not None:
            sp1, yn = said
            try:
                claims = self.speech_claims(body, cut, sp1)
            except _Unread as u:
                return _Item("unread", s, u.expected)
            return _Item("speech", s, [(sp1, [(("not_case", c, None) if yn == "no" else c, q) for c, q in claims])],
                         cut)
        ex = D.exchange(body)
        if ex is not None:
            return _Item("exchange", s, (ex, self.posed_claim(ex, body, cut)), cut)
        rep = D.reply(body)
        if rep is not None:
            return _Item("reply", s, rep, cut)
        agree = D.agreement(body)
        if agree is not None:
            return _Item("agree", s, agree, cut)
        ell = D.ellipsis(body)
        if ell is not None:
            return _Item("ellipsis", s, ell, cut)
        whose = D.what_answer(body)
        if whose is not None:
            return _Item("what_answer", s, whose, cut)
        why = D.refused(F.strip_prefix(F.QUESTION_PREFIX, body)[0])
        if why is not None:
            return _Item("refused", s, why)
        if F.GENERIC_QUESTION.search(body):
            return _Item("question", s, ("generic",), cut)
        q = self.question_text(body, cut)
        if q is not None:
            qbody, qbase = q
            try:
                return _Item("question", s, self.parse(qbody, qbase, "question"), qbase)
            except _Unread as u:
                if s.is_question or re.match(r"(?i)(?:who|whom|which|what|how\s+many)\b", qbody):
                    return _Item("question_unread", s, u.expected)
        sp = F.speeches(body)
        for x in sp or ():
            if x.labelled and len(x.speaker) > 1 and not self.listed_speakers() and \
                    len(re.findall(rf"(?<![\w'’-]){re.escape(x.speaker)}(?![\w'’-])", self.text)) == 1 and \
                    not FIRST_PERSON.search(body[x.spans[0][0]:x.spans[0][1]]):
                return _Item("error", s, f"{s.where}: cannot tell whether '{x.speaker}:' is a heading or "
                                         f"{x.speaker} speaking, as the text names {x.speaker} nowhere else; quote "
                                         f"{x.speaker}'s words ('{x.speaker}: \"…\"') or drop the heading")
        if sp:
            try:
                return _Item("speech", s, [(x, self.speech_claims(body, cut, x)) for x in sp], cut)
            except _Unread as u:
                return _Item("unread", s, u.expected)
        fbody, fcut = F.strip_prefix(F.FACT_PREFIX, body)
        try:
            return _Item("fact", s, self.parse(fbody, cut + fcut, "statement"), cut + fcut)
        except _Unread as u:
            return _Item("unread", s, u.expected)

    def question_text(self, body: str, cut: int) -> tuple[str, int] | None:
        """Return the question a sentence asks, without its lead-in ('So', 'Determine'), or None."""
        b, n = F.strip_prefix(F.QUESTION_PREFIX, body)
        b2, n2 = F.strip_prefix(F.INDIRECT, b)
        b3 = F.QUESTION_SUFFIX.sub("", b2)
        asks = body.rstrip().endswith("?") or n2 > 0 or re.match(r"(?i)(?:who|which|whether|how\s+many)\b", b3) \
            or re.match(rf"(?i)(?:please\s+)?(?:{'|'.join(IMPERATIVES)})\b", b3)
        b3 = IF_ANYONE.sub(lambda m: " " * len(m.group()), b3)  # "Who, if anyone, is a knight?"
        if re.match(r"(?i)please\s+", b3) and not n2:
            b3, n2 = b3[7:], n2 + 7
        if not asks:
            return None
        if re.match(r"(?i)if\s+(?=who|which|what|whether)", b3):
            b3 = b3[3:]
            n2 += 3
        told = TRUE_STATEMENT.match(b3)
        if told:  # 'Is the following statement true: "A is a knight"?' = whether A is a knight
            return "whether " + told.group("claim"), cut + n + n2 + told.start("claim") - 8
        if n2 and re.match(r"(?i)if\b", b3):  # "determine if A is a knight" = whether
            return "whether" + b3[2:], cut + n + n2 - 5
        return b3, cut + n + n2

    def listed_speakers(self) -> bool:
        """Return whether the text lists statements as 'Name: …' lines of two speakers or more (so that a name
        before a colon is a speaker, not a heading)."""
        if self._listed is None:
            names = {m.group(1) for m in LINE_LABEL.finditer(self.text)}
            self._listed = len(names - LABEL_WORDS) >= 2
        return self._listed

    def remember(self, said: list[tuple[str, Pair]]) -> None:
        """Keep what the sentence just read says, for a 'That is true' or 'C agrees with A' after it: the one claim
        it makes (None when it makes several or none), and each speaker's last claim."""
        inner = [(who, (p[0].statement, p[1][2])) for who, p in said if isinstance(p[0], E.Says)]
        self.last_said = inner[0][1] if len(inner) == 1 else None
        for who in {w for w, _ in inner}:
            mine = [q for w, q in inner if w == who]
            self.said_by[who] = mine[0] if len(mine) == 1 else None

    def agreement(self, it: _Item) -> Pair:
        """Return 'C agrees with A' (C says what A last said) or 'C disagrees' (C says it is not so)."""
        a: D.Agreement = it.payload
        s = it.sentence
        fact = _Ctx(s, "fact")
        who = self.person(fact, Token("NAME", a.name, start_pos=0), at=it.base + a.at)
        if a.other is None:
            said = self.last_said
            if said is None:
                raise self.fail(s, it.base + a.at, f"{who} {a.verb} with no one claim just made; say with whom")
        else:
            other = self.person(fact, Token("NAME", a.other, start_pos=0), at=it.base + a.other_at)
            said = self.said_by.get(other)
            if said is None:
                raise self.fail(s, it.base + a.other_at, f"{other} has made no one claim before this to agree with")
        return _says(who, said if a.agrees else _not(said))

    def posed_claim(self, ex: D.Exchange, body: str, cut: int) -> Any:
        """Return the claim of a yes-or-no question put to someone (a parse tree), or why it has none (_Unread,
        or the question as written when it offers alternatives: 'Are you a knight or a knave?')."""
        a, b = ex.span
        try:
            if not ex.quoted:
                return self.parse(body[a:b], cut + a, "statement")
            tree = self.parse(body[a:b], cut + a, "question")
        except _Unread as u:
            return u
        if tree[0] == "be" and not (tree[2].kind == "be" and tree[2].comps is not None and tree[2].comps.kind == "or"
                                    and not tree[2].neg):
            return ("atom", tree[1], tree[2])
        if tree[0] in ("claim", "whether") and not _alternatives(tree[1]):
            return tree[1]
        return body[a:b].strip()

    def link_answers(self, items: list[_Item]) -> None:
        """Pair each question put to someone with its yes-or-no answer (in the same sentence or a later one):
        the pair becomes the answerer's statement. A question answered in full words (a speech by the one
        asked) states nothing itself; one never answered, or an answer to no question, is an error."""
        pending: _Item | None = None

        def unanswered(it: _Item) -> PuzzleError:
            ex = it.payload[0]
            return self.fail(it.sentence, it.base + ex.hearer_at, f"the text never says what {ex.hearer} answers to "
                             f"the question; say it ('{ex.hearer} answers \"yes\"')")

        for it in items:
            if it.kind == "exchange":
                ex, claim = it.payload
                if pending is not None:
                    raise unanswered(pending)
                if ex.yn is None:
                    pending = it
                    continue
                if ex.answerer is not None and ex.answerer.lower() not in ("he", "she") and ex.answerer != ex.hearer:
                    raise self.fail(it.sentence, it.base + ex.answerer_at, f"{ex.answerer} answers, but the question "
                                    f"was put to {ex.hearer}")
                it.kind, it.payload = "answer", (it, ex, claim, ex.yn)
            elif it.kind == "reply":
                r: D.Reply = it.payload
                if pending is None:
                    raise self.fail(it.sentence, 0, f"{_quote(it.sentence.text)} answers no question put to anyone; "
                                    "say what was asked ('You ask A, \"Are you a knight?\"')")
                ex, claim = pending.payload
                if r.answerer is not None and r.answerer not in ("he", "she") and r.answerer != ex.hearer:
                    raise self.fail(it.sentence, it.base + r.at, f"{r.answerer} answers, but the question was put to "
                                    f"{ex.hearer}")
                it.kind, it.payload = "answer", (pending, ex, claim, r.yn)
                pending.kind, pending = "asked", None
            elif it.kind == "what_answer":
                name, at = it.payload
                if pending is None:
                    raise self.fail(it.sentence, 0, f"{_quote(it.sentence.text)} follows no question put to anyone; say "
                                    "what was asked ('You ask A, \"Are you a knight?\"')")
                ex, claim = pending.payload
                if name not in ("he", "she") and name != ex.hearer:
                    raise self.fail(it.sentence, it.base + at, f"the question was put to {ex.hearer}, not to {name}")
                it.payload = (pending, ex, claim)
                pending.kind, pending = "asked", None
            elif pending is not None and (it.kind == "speech" and any(sp.speaker == pending.payload[0].hearer
                                                                       for sp, _ in it.payload)
                                          or it.kind == "silent" and it.payload[0] == pending.payload[0].hearer):
                pending.kind, pending = "asked", None  # answered in full words: the speech says it all
        if pending is not None:
            raise unanswered(pending)

    def answer_statement(self, s: Any, ex: D.Exchange, claim: Any, yn: str) -> Pair:
        """Return the statement a yes-or-no answer makes: the answerer says the question's claim, or its negation."""
        hearer, pair = self.posed(s, ex, claim, yn)
        return _says(hearer, pair if yn == "yes" else _not(pair))

    def answer_ask(self, it: _Item) -> Ask:
        """Return 'What does C answer?' (to a yes-or-no question put to C) as a question answered 'yes' or 'no': a
        knight answers 'yes' exactly when the claim holds, a knave exactly when it does not."""
        source, ex, claim = it.payload
        s = it.sentence
        text = F.strip_label(s.text)[0].strip()
        hearer, pair = self.posed(source.sentence, ex, claim, "yes or no")
        if RANDOM in self.types:
            raise self.fail(s, 0, f"{_quote(text)} has no one answer in a world where {hearer} may lie or tell the "
                                  "truth")
        honest = _type(hearer, self.spelling(TRUTHFUL))
        yes = (E.Iff(honest[0], pair[0]), ["iff", honest[1], pair[1]])
        return Ask(text, "one", (Choice("yes", *yes), Choice("no", *_not(yes))))

    def posed(self, s: Any, ex: D.Exchange, claim: Any, yn: str) -> tuple[str, Pair]:
        """Return who a yes-or-no question is put to, and the question's claim (in the words' context)."""
        if isinstance(claim, _Unread):
            raise self.cannot_read(s, claim.expected)
        if isinstance(claim, str):
            raise self.fail(s, ex.span[0], f"{_quote(claim)} is not a yes-or-no question, so '{yn}' does not say what "
                                           f"{ex.hearer} claims")
        fact = _Ctx(s, "fact")
        base = F.strip_label(s.text)[1]
        hearer = self.person(fact, Token("NAME", ex.hearer, start_pos=0), at=base + ex.hearer_at)
        asker = self.person(fact, Token("NAME", ex.asker, start_pos=0), at=base + ex.asker_at) if ex.asker else None
        if ex.quoted:
            ctx = _Ctx(s, "asked", me=asker, you=hearer, speaker=hearer)
        else:
            ctx = _Ctx(s, "reported", he=hearer, he_too=asker if asker != hearer else None, speaker=hearer)
        return hearer, self.claim(claim, ctx)

    def try_parse(self, text: str, base: int, start: str) -> Any:
        try:
            return self.parse(text, base, start)
        except _Unread as u:
            return u

    def parse(self, text: str, base: int, start: str) -> Any:
        """Return the tree of a claim, question or option (offsets from `base`); raise _Unread."""
        toks = _shallow(tokenize(text, self.lexicon, base))
        if toks and toks[0].type == "WORD" and toks[0].value.lower() == "to" and len(toks) > 1 and \
                toks[1].type == "BE":  # "A claims to be a knight": he is a knight
            toks = [Token("HE", "", start_pos=toks[0].start_pos), Token("IS", "is", start_pos=toks[1].start_pos)] + toks[2:]
        if not toks:
            raise _Unread("a claim")
        if start == "question" and toks[0].type == "NAME" and toks[0].value.lower() in IMPERATIVES:
            toks[0] = Token("IMP", toks[0].value, start_pos=toks[0].start_pos)
        try:
            tree = parser().parse(toks, start=start)
            return _Tree().transform(tree)
        except UnexpectedInput as err:
            raise _Unread(_expected(err, toks)) from None
        except VisitError as err:
            raise err.orig_exc from None

    def speech_claims(self, body: str, cut: int, sp: F.Speech) -> list[tuple[Any, bool]]:
        """Return the claims of one speech: each sentence of a quotation, or the one reported claim."""
        if sp.silent:
            return []
        if sp.quoted and len(sp.spans) == 1:
            that = D.THAT_TRUE.match(body[sp.spans[0][0]:sp.spans[0][1]])
            if that:  # "That is true": the claim just made
                return [(("that", that.group("v").lower() in D.TRUE_WORDS and not that.group("neg"),
                          Token("THAT", that.group("that"), start_pos=cut + sp.spans[0][0] + that.start("that"))), True)]
        toks: list[Token] = []
        for a, b in sp.spans:
            toks += tokenize(body[a:b], self.lexicon, cut + a)
        while toks and toks[-1].type in ("COMMA", "CCOMMA", "DASH"):  # '"I am a knight," says A'
            toks.pop()
        _shallow(toks)
        start = "utterance" if sp.quoted else "statement"
        try:
            if not sp.quoted and toks and toks[0].type == "WORD" and toks[0].value.lower() == "to" and \
                    len(toks) > 1 and toks[1].type == "BE":
                toks = [Token("HE", "", start_pos=toks[0].start_pos), Token("IS", "is", start_pos=toks[1].start_pos)] \
                    + toks[2:]
            tree = _Tree().transform(parser().parse(toks, start=start))
        except UnexpectedInput as err:
            raise _Unread(_expected(err, toks)) from None
        except VisitError as err:
            raise err.orig_exc from None
        claims = tree if sp.quoted else [tree]
        return [(c, sp.quoted) for c in claims]

    def attach_options(self, items: list[_Item]) -> None:
        """Mark the options of multiple choices (labelled sentences after a question or an 'Options:'
        header) and give each question its options: those after it, or those before it that no question
        came before."""
        last: _Item | None = None
        unread: _Item | None = None  # a question no frame reads: its options must not be read as facts
        open_group = False
        pending: list[_Item] = []
        for it in items:
            labelled = bool(it.sentence.marker and OPTION_MARK.match(it.sentence.marker))
            if it.kind in ("question", "ellipsis"):
                it.options = pending
                pending = []
                last, open_group = it, True
            elif it.kind == "header":
                it.kind = "ignored"
                open_group = True
            elif labelled and open_group:
                it.kind, it.payload = "option", self.option_payload(it)
                (last.options if last is not None else pending).append(it)
            elif labelled and unread is not None:
                raise self.cannot_read(unread.sentence, unread.payload if unread.kind != "ignored" else "a question")
            elif it.kind != "ignored" or it.sentence.is_question:
                open_group = False
            unread = it if it.kind in ("unread", "question_unread", "ignored") and it.sentence.is_question else \
                (unread if it.kind == "ignored" else None)
        for it in pending:
            raise self.fail(it.sentence, 0, f"the option {_quote(it.sentence.text)} answers no question")

    def option_payload(self, it: _Item) -> Any:
        s = it.sentence
        body, cut = F.strip_label(s.text)
        return self.try_parse(body, cut, "option")

    # -------------------------------------------------------------- people

    def find_people(self, items: list[_Item]) -> None:
        """Set the people: those the introductions name, else the names used, in order of appearance."""
        intros = [it for it in items if it.kind == "intro"]
        if intros:
            for it in intros:
                intro: F.Intro = it.payload
                names = [n for n, _ in intro.names]
                _, cut = F.strip_label(it.sentence.text)
                for i, (n, off) in enumerate(intro.names):
                    if n in names[:i] or n in self.people:
                        raise self.fail(it.sentence, cut + off, f"two inhabitants are called '{n}'; give each a "
                                                                f"different name")
                if intro.count is not None and intro.count != len(names):
                    raise self.fail(it.sentence, cut + intro.count_at, f"the text says you meet {intro.count} "
                                    f"inhabitants but names {len(names)} ({', '.join(names)})")
                self.people += names
            return
        found: list[tuple[int, int, str]] = []  # (sentence, place, name)
        for k, it in enumerate(items):
            if it.kind == "speech":
                for sp, claims in it.payload:
                    found.append((k, it.base + sp.at, sp.speaker))
                    if sp.hearer:
                        found.append((k, it.base + sp.hearer_at, sp.hearer))
                    for c, _ in claims:
                        found += [(k, t.start_pos, t.value) for t in _names(c)]
            elif it.kind in ("fact", "question") or it.kind == "option" and not isinstance(it.payload, _Unread):
                found += [(k, t.start_pos, t.value) for t in _names(it.payload)]
            elif it.kind == "silent":
                found.append((k, it.base + it.payload[1], it.payload[0]))
            elif it.kind == "ellipsis":
                found += [(k, it.base + off, n) for n, off in it.payload.names]
            elif it.kind == "agree":
                found.append((k, it.base + it.payload.at, it.payload.name))
                if it.payload.other:
                    found.append((k, it.base + it.payload.other_at, it.payload.other))
            elif it.kind in ("asked", "answer"):
                source = it if it.kind == "asked" else it.payload[0]
                ex, claim = source.payload[:2] if it.kind == "asked" else it.payload[1:3]
                if source is it:
                    found.append((k, it.base + ex.hearer_at, ex.hearer))
                    if ex.asker:
                        found.append((k, it.base + ex.asker_at, ex.asker))
                    if not isinstance(claim, (str, _Unread)):
                        found += [(k, t.start_pos, t.value) for t in _names(claim)]
        for _, _, name in sorted(found, key=lambda x: (x[0], x[1])):  # people in the order they appear
            if name not in self.people:
                self.people.append(name)

    def mentions(self, s: Any, it: _Item) -> bool:
        """Return whether a sentence names the people, their roles, truth or lies, or counts the people."""
        body, cut = F.strip_label(s.text)
        try:
            toks = tokenize(body, self.lexicon, cut)
        except Exception:  # noqa: BLE001 - a sentence we cannot even split into words names nothing we know
            return False
        for i, t in enumerate(toks):
            nxt = toks[i + 1].type if i + 1 < len(toks) else ""
            if t.type == "NAME" and t.value in self.people and not (i == 0 and t.value == "A" and nxt == "WORD"):
                return True
            if t.type in ("ROLE", "LIE", "LYING", "TRUTH", "HONEST", "DISHONEST", "THEY", "EVERYONE", "NOBODY",
                          "SOMEONE"):
                return True
            if t.type in ("OF", "AMONG") and nxt in ("US", "THEM"):
                return True
        return bool(re.search(r"\b(?:liars?|truth[- ]?tellers?|knights?|knaves?)\b", body, re.I))

    # -------------------------------------------------------------- claims

    def statement(self, s: Any, sp: F.Speech, claim: Any, quoted: bool) -> Pair:
        speaker = self.person(_Ctx(s, "fact"), Token("NAME", sp.speaker, start_pos=0), at=sp.at)
        hearer = None
        if sp.hearer:
            hearer = self.person(_Ctx(s, "fact"), Token("NAME", sp.hearer, start_pos=0), at=sp.hearer_at)
        ctx = _Ctx(s, "quoted" if quoted else "reported", me=speaker if quoted else None,
                   he=None if quoted else speaker, you=hearer, speaker=speaker)
        if not quoted and claim[0] == "chain" and len(claim[1]) > 1:
            inner = next((u for u in claim[1] if u[0] == "atom" and u[2].kind == "says"), None)
            if inner is not None:
                raise self.fail(ctx, _first_tok(inner), f"cannot tell whether this is part of what {speaker} says; "
                                                        f"quote {speaker}'s words or say it in a sentence of its own")
        if sp.negated:  # "A denies that B is a knight"
            claim = ("not_case", claim, None)
        return _says(speaker, self.claim(claim, ctx))

    def person(self, ctx: _Ctx, tok: Token, at: int | None = None) -> str:
        """Return a person's name; raise if the name is not one of the people."""
        name = tok.value
        if name not in self.people:
            off = tok.start_pos if at is None else at
            if not self.people:
                raise self.fail(ctx, off, f"'{name}' is not one of the inhabitants")
            raise self.fail(ctx, off, f"'{name}' is not one of the inhabitants ({', '.join(self.people)})"
                                      f"{did_you_mean(name, self.people)}")
        ctx.mentioned.append(name)
        return name

    def others(self, ctx: _Ctx) -> list[str]:
        return [p for p in self.people if p != ctx.speaker]

    def refs(self, ref: Ref, ctx: _Ctx) -> tuple[list[str], bool]:
        """Return the people a word points at, and whether they are all the people."""
        k = ref.kind
        if k == "name":
            return [self.person(ctx, ref.tok)], False
        if k == "i":
            if ctx.me is None and ctx.mode == "asked":
                raise self.fail(ctx, ref.tok, f"'{ref.tok.value}' in the question is the one who asks it, who is none of "
                                              "the inhabitants; use a name")
            if ctx.me is None:
                raise self.fail(ctx, ref.tok, f"'{ref.tok.value}' here is nobody: only a speaker's own quoted "
                                              "words may say 'I'")
            return [ctx.me], False
        if k == "he":
            if ctx.he is None:
                raise self.fail(ctx, ref.tok, f"'{ref.tok.value or 'he'}' may point at more than one person; "
                                              "use the name")
            if ctx.he_too is not None:
                raise self.fail(ctx, ref.tok, f"'{ref.tok.value}' may point at {ctx.he} or at {ctx.he_too}; use the "
                                              "name")
            return [ctx.he], False  # in reported speech "he" is the one whose words are reported
        if k == "you":
            if ctx.you is None:
                raise self.fail(ctx, ref.tok, "'you' here is nobody the puzzle names; use the name")
            return [ctx.you], False
        if k in ("we", "us"):
            if ctx.mode == "asked":
                raise self.fail(ctx, ref.tok, f"'{ref.tok.value}' in a question put to {ctx.you} may or may not include "
                                              "the one who asks; use the names")
            if ctx.mode == "fact":
                raise self.fail(ctx, ref.tok, f"'{ref.tok.value}' in a sentence nobody says; use the names or "
                                              "'them'")
            return list(self.people), True
        if k == "implicit":
            return list(self.people), True
        if k == "domain":
            return list(ctx.domain or self.people), ctx.domain is None
        if k in ("they", "them"):
            if ctx.mode == "fact":
                return list(self.people), True
            if ctx.mode == "asked":
                raise self.fail(ctx, ref.tok, f"'{ref.tok.value}' in a question put to {ctx.you} may or may not include "
                                              f"{ctx.you}; use the names")
            return self.others(ctx), False
        if k in ("others", "other"):
            if ctx.speaker is None:
                raise self.fail(ctx, ref.tok, "'the other' in a sentence nobody says; use the names")
            rest = self.others(ctx)
            want = 1 if k == "other" else ref.n
            if want is not None and want != len(rest):
                raise self.fail(ctx, ref.tok, f"'{_span(ref)}' but there are {len(rest)} others "
                                              f"({', '.join(rest)})")
            return rest, False
        raise AssertionError(k)

    def group(self, g: Any, ctx: _Ctx) -> tuple[list[str], bool]:
        if isinstance(g, list):
            names: list[str] = []
            for r in g:
                names += self.refs(r, ctx)[0]
            return names, False
        return self.refs(g, ctx)

    def claim(self, node: Any, ctx: _Ctx) -> Pair:
        """Return the expression of a claim tree in a context."""
        head = node[0]
        if head == "chain":
            return self.chain(node, ctx)
        if head == "both":
            return _and([self.claim(node[1], ctx), self.claim(node[2], ctx)])
        if head == "either":
            return _or([self.claim(node[1], ctx), self.claim(node[2], ctx)])
        if head == "not_case":
            return _not(self.claim(node[1], ctx))
        if head == "if_then":
            cons = node[2]
            if cons[0] == "chain" and len(cons[1]) > 1 or cons[0] in ("iff", "only_if", "if_after", "xor"):
                raise self.fail(ctx, node[3], "cannot tell where the 'then' part ends; make it one claim (bracket "
                                              "with 'both … and …' or 'either … or …') or split the sentence")
            a, b = self.claim(node[1], ctx), self.claim(cons, ctx)
            return E.Implies(a[0], b[0]), ["implies", a[1], b[1]]
        if head in ("iff", "only_if", "if_after"):
            for side in (node[1], node[2]):
                if side[0] == "chain" and len(side[1]) > 1:
                    raise self.fail(ctx, _first_tok(side), "'if and only if' and 'if' join two single claims; "
                                    "bracket a compound with 'both … and …' or 'either … or …'")
            if _open(_last_unit(node[1])):
                raise self.fail(ctx, _first_tok(node[1]), "cannot tell where this part of the claim ends; say it "
                                                          "in a sentence of its own")
            a, b = self.claim(node[1], ctx), self.claim(node[2], ctx)
            if head == "iff":
                return E.Iff(a[0], b[0]), ["iff", a[1], b[1]]
            if head == "if_after":
                a, b = b, a
            return E.Implies(a[0], b[0]), ["implies", a[1], b[1]]
        if head == "xor":
            chain = node[1]
            if chain[0] != "chain" or len(chain[1]) != 2 or not all("OR" in s for s in chain[2]):
                raise self.fail(ctx, node[2], "'but not both' follows two claims joined by 'or'")
            if _open(chain[1][1]):
                raise self.fail(ctx, _first_tok(chain[1][1]), "cannot tell where this part of the claim ends; say "
                                                              "it in a sentence of its own")
            a, b = self.claim(chain[1][0], ctx), self.claim(chain[1][1], ctx)
            return E.Xor(a[0], b[0]), ["xor", a[1], b[1]]
        if head == "atom":
            return self.atom(node[1], node[2], ctx)
        if head == "that":
            if self.last_said is None:
                raise self.fail(ctx, node[2], f"'{node[2].value}' points at no one claim just made; say the claim")
            return self.last_said if node[1] else _not(self.last_said)
        if head == "atom_ell":
            raise self.fail(ctx, node[3], f"'{node[3].value}' without what comes after it repeats a claim before it in "
                                          "the same sentence; say it in full")
        if head == "there":
            _, q, role, dom, tok = node
            names, everyone = self.group(dom, ctx) if dom is not None else (list(self.people), True)
            pred = Pred("be", comps=Comps("one", (Comp("role", role, role.start_pos, _end(role)),)))
            return self.counted(q, names, everyone, pred, ctx, tok)
        raise AssertionError(head)

    def chain(self, node: Any, ctx: _Ctx) -> Pair:
        _, units, seps = node
        units = list(units)
        for i, u in enumerate(units):
            if u[0] == "atom_ell":  # "I am a knave, but B isn't": B is not a knave
                before = units[i - 1] if i else None
                if before is None or before[0] != "atom" or before[2].kind != "be" or before[2].fq is not None:
                    raise self.fail(ctx, u[3], f"'{u[3].value}' without what comes after it repeats a claim before "
                                               "it in the same sentence; say it in full")
                units[i] = ("atom", u[1], dataclasses.replace(before[2], neg=u[2]))
        if len(units) == 1:
            return self.claim(units[0], ctx)
        ors = [("OR" in s) for s in seps]
        ands = [any(k in s for k in ("AND", "BUT", "SEMI")) for s in seps]
        if any(ors) and any(ands):
            raise self.fail(ctx, _first_tok(units[0]), "the claim joins 'and' with 'or' without saying which "
                            "comes first; use 'both … and …' or 'either … or …'")
        for u in units[:-1]:
            if _open(u):
                raise self.fail(ctx, _first_tok(u), "cannot tell where this part of the claim ends; put it last "
                                "or say it in a sentence of its own")
        if len(units) == 2 and not any(ors) and units[0][0] == "atom" and units[0][1].kind == "count" and \
                units[0][1].quant[0] == "bare" and units[1][0] == "atom" and units[1][1].kind in ("one", "all") and \
                len(units[1][1].refs) == 1 and units[1][1].refs[0].kind in ("other", "others"):
            # "one of them always tells the truth and the other always lies": the others of that group
            first, other = units[0][1], units[1][1].refs[0]
            rest = len(self.group(first.group, ctx)[0]) - first.quant[1]
            if other.n is not None and other.n != rest or other.kind == "other" and rest != 1:
                raise self.fail(ctx, other.tok, f"'{_span(other)}' but {rest} of them are left")
            units = [units[0], ("atom", Subj("count", quant=("bare", Num(rest, other.tok), other.tok), group=first.group),
                                units[1][2])]
        distributive = self.distributive(units, ctx) if not any(ors) else None
        if distributive is not None:
            return distributive
        parts = [self.claim(u, ctx) for u in units]
        return _or(parts) if any(ors) else _and(parts)

    def distributive(self, units: list[Any], ctx: _Ctx) -> Pair | None:
        """Return 'one of them is a knight, one is a knave, and one is a spy' as exact counts when the bare
        counts add up to the people counted, else None."""
        counts = [u for u in units if u[0] == "atom" and u[1].kind == "count" and u[1].quant[0] in ("bare", "eq")]
        if len(counts) != len(units) or not any(u[1].quant[0] == "bare" for u in units):
            return None
        kinds = [(u[2].kind, u[2].verb, tuple((c.kind, singular(c.tok.value.lower())) for c in u[2].comps.items)
                  if u[2].comps else ()) for u in units]
        if len(set(kinds)) != len(kinds):  # "one is a knight, one is a knave, and one is a knight"
            return None
        groups = [self.group(u[1].group, ctx) for u in units]
        if any(g[0] != groups[0][0] for g in groups) or sum(u[1].quant[1] for u in units) != len(groups[0][0]):
            return None
        out = []
        for u, (names, everyone) in zip(units, groups):
            out.append(self.counted(("eq", u[1].quant[1]), names, everyone, u[2], ctx, None))
        return _and(out)

    def atom(self, subj: Subj, pred: Pred, ctx: _Ctx) -> Pair:
        if pred.kind == "says":
            if subj.kind not in ("one", "all"):
                raise self.fail(ctx, pred.tok, "only named people say things; name who says it")
            names = self.names(subj.refs, ctx)[0]
            return _and([self.nested(n, pred, ctx) for n in names])
        if pred.kind == "same":
            return self.same(subj, pred, ctx)
        only = [c for c in pred.comps.items if c.kind == "only"] if pred.kind == "be" and pred.comps else []
        if only and pred.comps is not None:  # "B is the only knight": only B is a knight
            if subj.kind != "one" or pred.comps.kind != "one" or pred.fq is not None:
                raise self.fail(ctx, only[0].tok, "'the only …' says one person is the only one of a kind; say "
                                                  "'only B is a knight'")
            role = Comp("role", only[0].tok, only[0].tok.start_pos or 0, only[0].end)
            pair = self.atom(Subj("only", subj.refs), Pred("be", comps=Comps("one", (role,))), ctx)
            return _not(pair) if pred.neg else pair
        if subj.kind == "one":
            names = self.names(subj.refs, ctx)[0]
            if len(names) != 1:
                return self.all_of(names, False, pred, ctx)
            fq = pred.fq or (pred.alts[0][0] if pred.alts else None)
            if fq is not None:  # "you are both knaves": 'you' is more than the one person it names here
                raise self.fail(ctx, fq, f"'{fq.value}' speaks of several people, but '{subj.refs[0].tok.value}' "
                                         f"here is {names[0]} alone; use the names")
            return self.one(names[0], pred, ctx)
        if subj.kind == "all":
            names, everyone = self.names(subj.refs, ctx)
            return self.all_of(names, everyone, pred, ctx)
        if subj.kind == "any":
            names = self.names(subj.refs, ctx)[0]
            return _or([self.one(n, pred, ctx) for n in names])
        if subj.kind == "none":
            names = self.names(subj.refs, ctx)[0]
            return _and([_not(self.one(n, pred, ctx)) for n in names])
        if subj.kind == "only":
            names = self.names(subj.refs, ctx)[0]
            domain = ctx.domain or self.people
            return _and([self.one(p, pred, ctx) if p in names else _not(self.one(p, pred, ctx)) for p in domain])
        if subj.kind == "count":
            names, everyone = self.group(subj.group, ctx)
            return self.counted(subj.quant, names, everyone, pred, ctx, subj.quant[-1])
        raise AssertionError(subj.kind)

    def names(self, refs: tuple[Ref, ...], ctx: _Ctx) -> tuple[list[str], bool]:
        out: list[str] = []
        everyone = False
        for r in refs:
            if r.kind == "he":  # "Zoë and he": he is not Zoë, so names listed with him do not make him ambiguous
                listed = {x.tok.value for x in refs if x.kind == "name"}
                saved = list(ctx.mentioned)
                ctx.mentioned[:] = [m for m in ctx.mentioned if m not in listed]
                got, every = self.refs(r, ctx)
                ctx.mentioned[:] = saved + [m for m in ctx.mentioned if m not in saved]
            else:
                got, every = self.refs(r, ctx)
            out += got
            everyone = everyone or every
        if len(set(out)) != len(out):
            raise self.fail(ctx, refs[0].tok, "the claim names one person twice")
        return out, everyone and len(refs) == 1

    def all_of(self, names: list[str], everyone: bool, pred: Pred, ctx: _Ctx) -> Pair:
        """Return 'they all are …' for a group: a count when the group is everyone, else a conjunction."""
        if pred.kind == "be" and pred.comps is not None and pred.comps.kind == "or" and pred.fq is not None and \
                pred.fq.type in ("BOTH", "ALL") and not pred.neg:
            raise self.fail(ctx, pred.fq, f"'{pred.fq.value} … or …' may mean each one is one or the other, or all are "
                            f"the one or all the other; say '{pred.fq.value.lower()} knights or "
                            f"{pred.fq.value.lower()} knaves' or name each")
        if pred.kind == "be" and pred.comps is not None and pred.comps.kind == "or" and pred.fq is None and len(names) > 1:
            raise self.fail(ctx, pred.comps.items[0].tok, "'or' here may mean each one is one or the other, or "
                            "all are the one or all the other; say 'both knights or both knaves' or name each")
        if pred.kind == "alts":
            for fq, _ in pred.alts:
                self.check_fq(fq, names, ctx)
            return _or([self.all_of(names, everyone, Pred("be", comps=c, fq=fq), ctx) for fq, c in pred.alts])
        fq = pred.fq
        if fq is not None:
            self.check_fq(fq, names, ctx)
        if pred.kind == "be" and pred.neg:
            positive = Pred("be", comps=pred.comps)
            if fq is not None:  # "are not both knights"
                return _not(self.all_of(names, everyone, positive, ctx))
            if everyone:
                return self.counted(("eq", 0), names, True, positive, ctx, None)
            return _and([_not(self.one(n, positive, ctx)) for n in names])
        if everyone:
            return self.counted(("eq", len(names)), names, True, pred, ctx, None)
        return _and([self.one(n, pred, ctx) for n in names])

    def check_fq(self, fq: Token, names: list[str], ctx: _Ctx) -> None:
        if fq.type == "BOTH" and len(names) != 2:
            raise self.fail(ctx, fq, f"'both' of {len(names)} people ({', '.join(names)})")

    def counted(self, quant: tuple[Any, ...], names: list[str], everyone: bool, pred: Pred, ctx: _Ctx,
                tok: Token | None) -> Pair:
        """Return how many of some people the predicate holds for, as a quantifier says."""
        kind = quant[0]
        n = len(names)
        if kind in ("both", "neither", "not_both") and n != 2:
            raise self.fail(ctx, tok, f"'{kind.replace('_', ' ')}' of {n} people ({', '.join(names)})")
        if kind == "all_n" and quant[1] != n:
            raise self.fail(ctx, tok, f"'all {quant[1]}' of {n} people ({', '.join(names)})")
        if kind == "bare":
            word = quant[1].tok.value if isinstance(quant[1], Num) else str(quant[1])
            raise self.fail(ctx, tok, f"'{word} of' may mean exactly {word} or at least {word}; "
                                      f"say 'exactly {word} of' or 'at least {word} of'")
        if pred.kind == "same" or pred.kind == "says":
            raise self.fail(ctx, tok, "cannot count people by what they say or by their kinds being the same")
        items = [self.one(x, pred, ctx) for x in names]
        sugar = None
        if everyone and names == self.people and all(isinstance(i[0], E.TypeIs) for i in items) and \
                len({i[0].type for i in items}) == 1:
            sugar = items[0][0].type
        if kind in ("all", "both", "all_n") and quant[-1] is not None and getattr(quant[-1], "type", "") in ("ALL", "BOTH") \
                and pred.kind == "be" and pred.comps is not None and pred.comps.kind == "or" and not pred.neg:
            raise self.fail(ctx, quant[-1], f"'{quant[-1].value} … or …' may mean each one is one or the other, or all are "
                            "the one or all the other; say 'all knights or all knaves' (or 'each is a knight or a "
                            "knave')")
        if kind == "parity":
            ks = [k for k in range(n + 1) if k % 2 == (0 if quant[1] == "even" else 1)]
            return _or([_count(items, "eq", k, sugar) for k in ks])
        op, m = {"all": ("eq", n), "both": ("eq", 2), "all_n": ("eq", n), "none": ("eq", 0), "neither": ("eq", 0),
                 "not_all": ("lt", n), "not_both": ("lt", 2)}.get(kind, (kind, quant[1] if len(quant) > 1 else 0))
        return _count(items, op, m, sugar)

    def same(self, subj: Subj, pred: Pred, ctx: _Ctx) -> Pair:
        """Return 'A and B are of the same kind' (or different kinds)."""
        if subj.kind == "one":
            names = self.names(subj.refs, ctx)[0]
            if pred.other is None:
                raise self.fail(ctx, pred.tok, "the same kind as whom? name the other person")
            names = names + self.refs(pred.other, ctx)[0]
        elif subj.kind == "all":
            names = self.names(subj.refs, ctx)[0]
        else:
            raise self.fail(ctx, pred.tok, "'the same kind' of a group needs the group named")
        if len(names) < 2:
            raise self.fail(ctx, pred.tok, "'the same kind' needs two people")
        if not pred.same and len(names) > 2:
            raise self.fail(ctx, pred.tok, "'different kinds' of more than two people may mean all different or "
                                           "not all the same; compare two at a time")
        pairs = [self._same2(names[0], b) for b in names[1:]]
        out = _and(pairs)
        if not pred.same:
            if isinstance(out[0], E.Iff):
                return E.Xor(out[0].left, out[0].right), ["xor", out[1][1], out[1][2]]
            return _not(out)
        return out

    def _same2(self, a: str, b: str) -> Pair:
        if set(self.types) == {TRUTHFUL, LIAR}:
            x, y = _type(a, TRUTHFUL), _type(b, TRUTHFUL)
            return E.Iff(x[0], y[0]), ["iff", x[1], y[1]]
        return _or([_and([_type(a, t), _type(b, t)]) for t in self.types])

    def one(self, name: str, pred: Pred, ctx: _Ctx) -> Pair:
        """Return what a predicate says of one person."""
        if pred.kind == "be":
            assert pred.comps is not None
            c = pred.comps
            if pred.neg and c.kind in ("or", "and"):
                raise self.fail(ctx, c.items[0].tok, "'not' with several kinds may mean not the one or not the "
                                "other; say 'neither … nor …' or 'is not …, and is not …'")
            parts = [self.comp(name, x, ctx) for x in c.items]
            out = {"one": lambda: parts[0], "or": lambda: _or(parts), "and": lambda: _and(parts),
                   "neither": lambda: _and([_not(p) for p in parts])}[c.kind]()
            return _not(out) if pred.neg else out
        if pred.kind == "verb":
            return self.verb(name, pred, ctx)
        if pred.kind == "says":
            return self.nested(name, pred, ctx)
        if pred.kind == "alts":
            raise self.fail(ctx, pred.alts[0][0], "'both … or both …' speaks of a group")
        raise self.fail(ctx, pred.tok, "'the same kind' speaks of two people")

    def comp(self, name: str, c: Comp, ctx: _Ctx) -> Pair:
        """Return 'name is <complement>'."""
        if c.kind == "role":
            found = self.lexicon.lookup(c.tok.value)
            if c.tok.type != "ROLE" or found is None:
                raise self.fail(ctx, c.tok, f"unknown role word '{c.tok.value}'; the puzzle's roles are "
                                            f"{self.roles.known()}")
            t, spelling = found
            word = singular(c.tok.value.lower())
            if t not in self.types:
                raise self.fail(ctx, c.tok, f"'{c.tok.value}': nobody in this puzzle is of that kind")
            self.used.setdefault(t, word)
            return _type(name, spelling)
        t = TRUTHFUL if c.kind in ("truthful", "telling") else LIAR
        if c.kind in ("lying", "telling") and RANDOM in self.types and name != ctx.speaker and \
                self.said_by.get(name) is not None:  # "A is telling the truth" when A may do either: A's claim holds
            said: Pair = self.said_by[name]  # type: ignore[assignment]  # not None: checked above
            return said if c.kind == "telling" else _not(said)
        if c.kind in ("lying", "telling"):
            self.unambiguous(ctx, c.tok)
        if t not in self.types:
            raise self.fail(ctx, c.tok, f"'{c.tok.value}': nobody in this puzzle is of that kind")
        return _type(name, t)

    def unambiguous(self, ctx: _Ctx, tok: Token) -> None:
        if RANDOM in self.types:
            raise self.fail(ctx, tok, f"'{tok.value}' is ambiguous when some people may lie or tell the truth; "
                                      f"name the kind ('{self.display_word(TRUTHFUL)}', "
                                      f"'{self.display_word(LIAR)}')")

    def display_word(self, t: str) -> str:
        return self.shown.get(t) or DEFAULT_DISPLAY[t]

    def verb(self, name: str, pred: Pred, ctx: _Ctx) -> Pair:
        truth = pred.verb == "truth"
        if pred.mod in ("plain", "not"):
            self.unambiguous(ctx, pred.tok)
        t = TRUTHFUL if truth != (pred.mod == "never") else LIAR
        if t not in self.types:
            raise self.fail(ctx, pred.tok, "nobody in this puzzle is of that kind")
        out = _type(name, t)
        return _not(out) if pred.mod in ("not", "not_always") else out

    def nested(self, name: str, pred: Pred, ctx: _Ctx) -> Pair:
        """Return 'name would say …' (quoted: their own words; reported: words about them)."""
        if pred.quoted:
            inner = _Ctx(ctx.sentence, "quoted", me=name, he=None, you=None, speaker=name)
            parts = [self.claim(c, inner) for c in pred.node]
            return _and([_says(name, p) for p in parts])
        inner = _Ctx(ctx.sentence, "reported", me=ctx.me, he=name, you=ctx.you, speaker=name,
                     he_too=ctx.he if ctx.he != name else ctx.he_too)
        return _says(name, self.claim(pred.node, inner))

    # -------------------------------------------------------------- questions

    def ask(self, it: _Item) -> Ask:
        s = it.sentence
        tree = it.payload
        options = it.options
        ctx = _Ctx(s, "fact")
        text = F.strip_label(s.text)[0].strip()  # the question as asked, without "Q:" or "Question:"
        kind = tree[0]
        if kind == "generic":
            if not options:
                raise self.fail(s, 0, f"the question {_quote(text)} asks which option holds, but no options follow")
            return Ask(text, "one", self.choices_of(options, None, ctx))
        if kind == "who":
            _, vp, dom, who = tree
            names = self.group(dom, ctx)[0] if dom is not None else list(self.people)
            if vp.kind in ("same", "says", "alts") or (vp.kind == "be" and vp.comps.kind != "one"):
                raise self.fail(s, who, "a 'who' question asks about one kind of person")
            if options:
                octx = _Ctx(s, "fact", domain=names)
                return Ask(text, "one", self.choices_of(options, ("who", vp, names), octx))
            return Ask(text, "all", tuple(Choice(n, *self.one(n, vp, ctx)) for n in names), "nobody")
        if kind == "each":
            _, vps, grp = tree
            names = self.group(grp, ctx)[0] if grp is not None else list(self.people)
            if options:
                return Ask(text, "one", self.choices_of(options, None, ctx))
            return Ask(text, "each", tuple(self.each_choices(names, vps, ctx)))
        if kind == "what":
            name = self.refs(tree[1], ctx)[0][0]
            if options:
                return Ask(text, "one", self.choices_of(options, ("what", name), ctx))
            return Ask(text, "one", tuple(Choice(_a(self.display_word(t)), *_type(name, self.spelling(t)))
                                          for t in self.types))
        if kind == "how_many" or kind == "how_many_pred":
            if kind == "how_many":
                _, role, dom = tree
                pred = Pred("be", comps=Comps("one", (Comp("role", role, role.start_pos, _end(role)),)))
            else:
                _, pred, dom = tree
            names, everyone = self.group(dom, ctx) if dom is not None else (list(self.people), True)
            if options:
                return Ask(text, "one", self.choices_of(options, ("how_many", pred, names, everyone), ctx))
            return Ask(text, "one", tuple(Choice(str(k), *self.counted(("eq", k), names, everyone, pred, ctx, None))
                                          for k in range(len(names) + 1)))
        if kind == "be" and tree[1].kind == "one" and tree[2].kind == "be" and tree[2].comps.kind == "or" \
                and not tree[2].neg:
            name = self.names(tree[1].refs, ctx)[0][0]
            comps = tree[2].comps.items
            if options:
                return Ask(text, "one", self.choices_of(options, ("what", name), ctx))
            return Ask(text, "one", tuple(Choice(_span_text(s, it, c), *self.comp(name, c, ctx)) for c in comps))
        if kind == "does_alt":
            _, subj, a, b = tree
            names = self.names(subj.refs, ctx)[0] if subj.kind == "one" else []
            if len(names) != 1:
                raise self.fail(s, a[1], "an either-or question asks about one person")
            return Ask(text, "one", tuple(Choice(s.text[core[1].start_pos:core[2]],
                                                 *self.verb(names[0], Pred("verb", verb=core[0], mod="always",
                                                                           tok=core[1]), ctx)) for core in (a, b)))
        group = _group_alternatives(tree)
        if group is not None and not options:  # "whether each is a knight or a knave": what each one is
            subj, pred = group
            names = self.group(subj.group, ctx)[0] if subj.kind == "count" else self.names(subj.refs, ctx)[0]
            kinds = pred.comps.items if pred.comps is not None else ()
            return Ask(text, "each", tuple(self.each_choices(names, [Pred("be", comps=Comps("one", (c,)))
                                                                     for c in kinds], ctx)))
        if kind == "whether" and _alternatives(tree[1]):
            atom = _alternatives(tree[1])
            name = self.names(atom[1].refs, ctx)[0][0]
            return Ask(text, "one", tuple(Choice(_span_text(s, it, c), *self.comp(name, c, ctx))
                                          for c in atom[2].comps.items))
        if kind == "be":
            pair = self.atom(tree[1], tree[2], ctx)
        elif kind in ("claim", "whether"):
            pair = self.claim(tree[1], ctx)
        else:
            raise AssertionError(kind)
        if options:
            return Ask(text, "one", self.choices_of(options, ("yes_no", pair), ctx))
        return Ask(text, "yes_no", (Choice("yes", *pair),))

    def ellipsis_ask(self, it: _Item, prev: _Item | None) -> Ask:
        """Return a follow-up question ('What about B?') as the question before it asked again: of each person it
        names in place of the one that question names, or of the kind it names in place of that question's kind."""
        e: D.Ellipsis = it.payload
        s = it.sentence
        text = F.strip_label(s.text)[0].strip()
        if prev is None:
            raise self.fail(s, 0, f"{_quote(text)} follows no question it could ask again; ask the question in full")
        ps = prev.sentence
        ptext = F.strip_label(ps.text)[0].strip()
        if prev.payload[0] == "generic":
            raise self.fail(s, 0, f"{_quote(text)} cannot ask {_quote(ptext)} again; ask the question in full")
        if e.aux and (e.aux in ("does", "do")) != bool(re.match(r"(?i)(?:does|do|did)\b", ptext)) or \
                e.aux and not re.match(r"(?i)(?:is|are|was|were|does|do|did)\b", ptext):
            raise self.fail(s, 0, f"{_quote(text)} does not repeat {_quote(ptext)}; ask the question in full")
        if e.role is not None:
            word, off = e.role
            if self.lexicon.lookup(word) is None:
                raise self.fail(s, it.base + off, f"cannot tell what {_quote(text)} asks: '{word}' is neither one of "
                                                  f"the inhabitants nor a role word ({self.roles.known()})")
            slots = sorted({t.start_pos: t for t in _role_tokens(prev.payload)}.values(), key=lambda t: t.start_pos or 0)
            if len(slots) != 1:
                raise self.fail(s, it.base + off, f"cannot tell which kind '{word}' takes the place of in "
                                                  f"{_quote(ptext)}; ask the question in full")
            return self.again(it, prev, [(slots[0].start_pos or 0, len(slots[0].value))], word, text)
        fact = _Ctx(s, "fact")
        names = [self.person(fact, Token("NAME", n, start_pos=0), at=it.base + off) for n, off in e.names]
        if len(set(names)) != len(names):
            raise self.fail(s, it.base + e.names[0][1], "the question names one person twice")
        slots = _names(prev.payload)
        if len({t.value for t in slots}) != 1:
            who = "nobody" if not slots else "more than one person"
            raise self.fail(s, it.base + e.names[0][1], f"cannot tell whom {', '.join(names)} take"
                            f"{'s' if len(names) == 1 else ''} the place of in {_quote(ptext)}, which names {who}; "
                            "ask the question in full")
        spans = [(t.start_pos or 0, len(t.value)) for t in slots]
        if len(names) == 1:
            return self.again(it, prev, spans, names[0], text)
        if it.options:
            raise self.fail(s, 0, f"{_quote(text)} asks of several people at once, so its options answer no one "
                                  "question; ask of each in turn")
        asks = [self.again(it, prev, spans, n, text) for n in names]
        choices: list[Choice] = []
        for n, a in zip(names, asks):
            if a.kind == "yes_no":
                c = a.choices[0]
                choices += [Choice(f"{n}: yes", c.expr, c.source), Choice(f"{n}: no", *_not((c.expr, c.source)))]
            elif a.kind == "one":
                verb = prev.payload[0] == "does_alt"
                for c in a.choices:
                    choices.append(Choice(f"{n} {_third(c.answer) if verb else 'is ' + c.answer}", c.expr, c.source))
                kinds = {_canon(c.expr) for c in a.choices if isinstance(c.expr, E.TypeIs)}
                if len(kinds) < len(a.choices) or not set(self.types) <= kinds:  # someone may be none of these
                    choices.append(Choice(f"{n} is none of these", *_and([_not((c.expr, c.source)) for c in a.choices])))
            else:
                raise self.fail(s, 0, f"{_quote(ptext)} has no answer of one person at a time; ask "
                                      f"{_quote(text)} of each in turn")
        return Ask(text, "each", tuple(choices))

    def again(self, it: _Item, prev: _Item, spans: list[tuple[int, int]], word: str, text: str) -> Ask:
        """Return the question `prev` asks with the words at `spans` of its sentence replaced by `word`, as the
        follow-up question `text` (with the follow-up's options)."""
        old = prev.sentence.text
        new = old
        for start, length in sorted(spans, reverse=True):
            new = new[:start] + word + new[start + length:]
        s = dataclasses.replace(prev.sentence, text=new)
        body, cut = F.strip_label(new)
        redone = self.classify(s, body, cut, False)
        if redone.kind != "question" or redone.payload[0] == "generic":
            raise self.fail(it.sentence, 0, f"{_quote(text)} cannot ask {_quote(F.strip_label(old)[0].strip())} "
                                            "again; ask the question in full")
        redone.options = it.options
        return dataclasses.replace(self.ask(redone), text=text)

    def listed_kinds(self, it: _Item) -> Pair | None:
        """Return what an introduction's '…, each of whom is a knight or a knave' says (None when the kinds it
        lists are all the kinds there are)."""
        intro: F.Intro = it.payload
        ctx = _Ctx(it.sentence, "fact")
        comps = [Comp("role", Token("ROLE", w, start_pos=it.base + off), it.base + off, it.base + off + len(w))
                 for w, off in intro.kinds]
        first = [self.comp(intro.names[0][0], c, ctx) for c in comps]
        if set(self.types) <= {_canon(p[0]) for p in first}:
            return None
        return _and([_or([self.comp(n, c, ctx) for c in comps]) for n, _ in intro.names])

    def spelling(self, t: str) -> str:
        """Return how expressions spell a type: as its display word when that names it, else canonically."""
        word = self.display_word(t)
        found = self.lexicon.lookup(word)
        return found[1] if found and found[0] == t else t

    def each_choices(self, names: list[str], vps: list[Pred], ctx: _Ctx) -> list[Choice]:
        """Return the clauses of 'who is a knight and who is a knave': each person with each kind, worded
        as the question words the kind."""
        wording: dict[str, tuple[str, str]] = {}
        for vp in vps:
            phrase = self.clause_phrase(vp, ctx)
            if phrase is not None:
                wording.setdefault(phrase[0], (phrase[1], phrase[2]))
        out = []
        for n in names:
            for t in self.types:
                words, spelled = wording.get(t, (f"is {_a(self.display_word(t))}", self.spelling(t)))
                out.append(Choice(f"{n} {words}", *_type(n, spelled)))
        return out

    def clause_phrase(self, vp: Pred, ctx: _Ctx) -> tuple[str, str, str] | None:
        """Return (type, words, spelling) of a question's 'who is a knight' as a clause: 'is a knight'."""
        if vp.kind == "be" and vp.comps is not None and vp.comps.kind == "one" and not vp.neg:
            c = vp.comps.items[0]
            pair = self.comp("X", c, ctx)
            t = _canon(pair[0])
            if c.kind == "role":
                return t, f"is {_a(singular(c.tok.value.lower()))}", pair[0].type
            return t, {"truthful": f"is {c.tok.value.lower()}", "liar": f"is {c.tok.value.lower()}",
                       "lying": "is lying", "telling": "is telling the truth"}[c.kind], pair[0].type
        if vp.kind == "verb" and vp.fq is None:
            pair = self.verb("X", vp, ctx)
            if isinstance(pair[0], E.Not):
                return None
            words = {("truth", "plain"): "tells the truth", ("lie", "plain"): "lies",
                     ("truth", "always"): "always tells the truth", ("lie", "always"): "always lies",
                     ("truth", "never"): "never tells the truth", ("lie", "never"): "never lies"}[(vp.verb, vp.mod)]
            return _canon(pair[0]), words, pair[0].type
        return None

    def choices_of(self, options: list[_Item], context: Any, ctx: _Ctx) -> tuple[Choice, ...]:
        """Return the options of a multiple choice as Choices ('None of the above' holds where those above do not)."""
        out: list[Choice] = []
        for o in options:
            out.append(self.option_choice(o, context, ctx, tuple(out)))
        return tuple(out)

    def option_choice(self, o: _Item, context: Any, ctx: _Ctx, above: tuple[Choice, ...] = ()) -> Choice:
        """Return an option of a multiple choice as a Choice: its text, what makes it true, its label."""
        s = o.sentence
        tree = o.payload
        answer = s.text.strip()
        if UNDETERMINED_OPTION.match(answer):
            raise self.fail(s, 0, f"the option {_quote(answer)} says whether the text settles the question, which no "
                                  "consistent world decides; leave it out: smullyan answers 'undetermined' when the "
                                  "consistent worlds disagree")
        if NONE_ABOVE.match(answer):
            if not above:
                raise self.fail(s, 0, f"the option {_quote(answer)} comes first, so there is nothing above it")
            none = _and([_not((c.expr, c.source)) for c in above])
            return Choice(answer, none[0], none[1], s.marker)
        if isinstance(tree, _Unread):
            raise self.cannot_read(s, tree.expected)
        kind = tree[0]
        pair: Pair | None = None
        if kind == "claim":
            pair = self.claim(tree[1], ctx)
        elif kind == "subject" and context is not None and context[0] == "who":
            _, vp, names = context
            subj = tree[1]
            chosen = self.chosen(subj, names, ctx)
            pair = _and([self.one(n, vp, ctx) if n in chosen else _not(self.one(n, vp, ctx)) for n in names])
        elif kind == "subject" and context is not None and context[0] == "how_many" and \
                subj_number(tree[1]) is not None:
            _, pred, names, everyone = context
            pair = self.counted(("eq", subj_number(tree[1])), names, everyone, pred, ctx, None)
        elif kind == "number" and context is not None and context[0] == "how_many":
            _, pred, names, everyone = context
            if tree[2] is not None:
                pred = Pred("be", comps=Comps("one", (Comp("role", tree[2], tree[2].start_pos, _end(tree[2])),)))
            pair = self.counted(("eq", tree[1]), names, everyone, pred, ctx, None)
        elif kind == "comps" and context is not None and context[0] == "what":
            name = context[1]
            c = tree[1]
            parts = [self.comp(name, x, ctx) for x in c.items]
            pair = parts[0] if c.kind == "one" else _or(parts) if c.kind == "or" else _and(parts)
        elif kind in ("yes", "no") and context is not None and context[0] == "yes_no":
            pair = context[1] if kind == "yes" else _not(context[1])
        elif kind == "assign":
            pair = _and([self.comp(self.refs(r, ctx)[0][0], c, ctx) for r, c in tree[1]])
        if pair is None:
            raise self.fail(s, 0, f"the option {_quote(answer)} does not answer the question it follows")
        return Choice(answer, pair[0], pair[1], s.marker)

    def chosen(self, subj: Subj, names: list[str], ctx: _Ctx) -> list[str]:
        """Return the people an option names as the answer to a who-question ('Alice and Carol', 'None')."""
        if subj.kind in ("one", "all", "only"):
            got = self.names(subj.refs, ctx)[0]
            for g in got:
                if g not in names:
                    raise self.fail(ctx, subj.refs[0].tok, f"'{g}' is not one of the people the question asks about")
            return got
        if subj.kind == "none":
            return []
        if subj.kind == "count":
            q = subj.quant[0]
            if q in ("both", "neither") and len(names) != 2:
                raise self.fail(ctx, subj.quant[-1], f"'{q}' of {len(names)} people ({', '.join(names)})")
            if q == "all_n" and subj.quant[1] != len(names):
                raise self.fail(ctx, subj.quant[-1], f"'all {subj.quant[1]}' of {len(names)} people")
            if q in ("all", "both") or q == "all_n":
                return list(names)
            if q in ("none", "neither"):
                return []
        raise self.fail(ctx, None, "the option does not say who")


def _kinds(xs: tuple[Any, ...]) -> list[Pred]:
    """Return the kinds a question lists ('a knight, a knave or a spy') as predicates, one per kind."""
    comps = next((x for x in xs if isinstance(x, Comps)), None)
    return [Pred("be", comps=Comps("one", (c,))) for c in comps.items] if comps else []


def _third(verb: str) -> str:
    """Return a verb phrase in the third person: 'tell the truth' -> 'tells the truth', 'lie' -> 'lies'."""
    head, _, rest = verb.partition(" ")
    return f"{head}s {rest}".strip()


def subj_number(s: Subj) -> int | None:
    """Return the number a bare count option names ('2 of them'), or None."""
    if s.kind == "count" and s.quant[0] == "bare":
        return s.quant[1]
    return None


def _canon(e: E.Expr) -> str:
    from ..logic.types import canonical_type

    assert isinstance(e, E.TypeIs)
    return canonical_type(e.type)


def _group_alternatives(tree: Any) -> tuple[Subj, Pred] | None:
    """Return the subject and predicate of a yes-or-no question that asks which of some kinds each of a group is
    ('Are A and B knights or knaves?', 'whether each is a knight or a knave'), or None."""
    if tree[0] == "be":
        subj, pred = tree[1], tree[2]
    elif tree[0] in ("whether", "claim"):
        node = tree[1]
        if node[0] == "chain" and len(node[1]) == 1:
            node = node[1][0]
        if node[0] != "atom":
            return None
        subj, pred = node[1], node[2]
    else:
        return None
    if not isinstance(pred, Pred) or pred.kind != "be" or pred.comps is None or pred.comps.kind != "or" or pred.neg:
        return None
    if subj.kind == "all" and pred.fq is None or subj.kind == "count" and subj.quant[0] in ("all", "both") \
            and pred.fq is None or subj.kind == "all" and pred.fq is not None and pred.fq.type in ("ALL", "EACH"):
        return subj, pred
    return None


def _alternatives(node: Any) -> Any:
    """Return the atom of 'A is a knight or a knave' (one person, complements joined by 'or'), or None."""
    if node[0] == "chain" and len(node[1]) == 1:
        node = node[1][0]
    if node[0] == "atom" and node[1].kind == "one" and node[2].kind == "be" and node[2].comps is not None \
            and node[2].comps.kind == "or" and not node[2].neg:
        return node
    return None


def _span_text(s: Any, it: _Item, c: Comp) -> str:
    """Return a complement as the question wrote it ('a knight')."""
    return s.text[c.start:c.end]


def _span(ref: Ref) -> str:
    return "the other" if ref.n is None else f"the other {ref.n}"


def _a(word: str) -> str:
    """Return a word with its indefinite article: 'a knight', 'an angel'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _quote(text: str) -> str:
    return "'" + (text if len(text) <= 120 else text[:119] + "…") + "'"


def _names(node: Any) -> list[Token]:
    """Return the NAME tokens of a tree, in order."""
    return sorted((x.tok for x in _leaves(node, (Subj, Pred)) if isinstance(x, Ref) and x.kind == "name"),
                  key=lambda t: t.start_pos)


def _leaves(x: Any, through: tuple[type, ...]) -> Iterator[Any]:
    """Yield the tokens and references of a parsed sentence, depth first, descending through the node
    classes given, lists and tuples."""
    if isinstance(x, (Token, Ref)):
        yield x
    elif isinstance(x, through):
        for v in x.__dict__.values():
            yield from _leaves(v, through)
    elif isinstance(x, (list, tuple)):
        for y in x:
            yield from _leaves(y, through)


def _role_tokens(node: Any) -> list[Token]:
    """Return the role-word tokens of a parsed sentence, in order."""
    return sorted((x for x in _leaves(node, (Subj, Pred, Comps, Comp)) if isinstance(x, Token) and x.type == "ROLE"),
                  key=lambda t: t.start_pos)


def _first_tok(node: Any) -> Token | None:
    if isinstance(node, tuple) and node and node[0] == "not_case":
        return node[2]
    first = next(_leaves(node, (Subj, Pred)), None)
    return first.tok if isinstance(first, Ref) else first


def _last_unit(node: Any) -> Any:
    return node[1][-1] if node[0] == "chain" else node


def _open(node: Any) -> bool:
    """Return whether a unit's scope runs to the end of what follows it (a negation or reported speech)."""
    if node[0] == "not_case":
        return True
    if node[0] == "atom" and node[2].kind == "says" and not node[2].quoted:
        return True
    return False


NESTING = {"SAY", "DENY", "IF", "IT", "BOTH", "EITHER", "NEITHER", "LQ", "TELL", "WHETHER"}
MAX_NESTING = 100


def _shallow(toks: list[Token]) -> list[Token]:
    """Return the tokens of a claim that nests at most MAX_NESTING claims inside one another; raise _Unread."""
    if sum(t.type in NESTING for t in toks) > MAX_NESTING:
        raise _Unread(f"at most {MAX_NESTING} claims inside one another")
    return toks


def _expected(err: UnexpectedInput, toks: list[Token]) -> str:
    """Return what the parser expected where it stopped, in words."""
    expected = sorted(getattr(err, "expected", None) or getattr(err, "accepts", None) or [])
    words = []
    for name in expected:
        w = FRIENDLY.get(name, f"'{name.lower()}'")
        if w and w not in words:
            words.append(w)
    token = getattr(err, "token", None)
    if len(words) > 8:
        words = words[:8] + ["…"]
    what = ", ".join(words) if words else "something else"
    if token is None or token.type == "$END":
        prev = toks[-1].value if toks else ""
        return f"{what} after '{prev}'" if prev else what
    k = next((i for i, t in enumerate(toks) if t is token or (t.start_pos == token.start_pos and t.type == token.type)), None)
    prev = toks[k - 1].value if k else ""
    return f"{what} after '{prev}'" if prev else f"{what} at '{token.value}'"


def parse_knights(text: str, title: str = "") -> Deduction:
    """Return the deduction puzzle of a knights-and-knaves text; raise PuzzleError with line and column."""
    from .sentences import split_sentences

    return read_knights(text, split_sentences(text), title).puzzle


def read_knights(text: str, sentences: tuple[Any, ...], title: str = "") -> Any:
    """Return the reading of a knights-and-knaves text: its puzzle and the sentences passed over."""
    return _Reader(text, sentences, title).reading()
