"""Questions put to the people and their yes-or-no answers, and elliptical follow-up questions.

- Exchange: a question put to someone and, in the same sentence or a later one, their "yes" or "no":
  `You ask A, "Are you a knight?"` … `A answers "Yes."`; `A is asked whether B is a knave; A replies
  "no"`; `When asked "Is B a knight?", A said "No."`; `A answers "yes" to the question "Are you a
  knave?"`; `B asks A, "Am I a knight?"` (then "I" in the question is B). The answer is the answerer's
  statement: the question's claim, or its negation. In a quoted question "you" is the one asked; in a
  reported one ("whether he is a knight") "he" is.
- Reply: an answer on its own (`A answers "Yes."`, `He says no.`, `"No," replies A.`), to the question
  put last.
- Ellipsis: a follow-up question that repeats the one before it for other people or another kind:
  "What about Bob?", "And B and C?", "How about the knaves?", "Is B?" (after "Is A a knight?").

Every frame returns offsets into the sentence text (quotation marks excluded from the question's span).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .knights_frames import NAME, QUOTE_MARK, _name_ok, clean_name, quotes, skeleton

_ASKER = (r"(?P<asker>(?i:you|we|i|someone|somebody|(?:a|the)\s+(?:visitor|stranger|traveller|traveler|logician|tourist"
          rf"|philosopher))|{NAME})")
_ASK = r"(?i:ask|asks|asked|then\s+ask|then\s+asks|then\s+asked|also\s+ask|also\s+asks|also\s+asked)"
_THE_QUESTION = r"(?:(?i:the\s+(?:following\s+)?question)\s*[,:]?\s*)?"
_YN_WORD = r"(?i:yes|no)"
_ANSWER_VERB = (r"(?i:(?:then\s+|simply\s+|promptly\s+|immediately\s+)?(?:would\s+)?(?:answers?|answered|replies|reply|replied|"
                r"responds?|responded|says?|said)(?:\s+with)?)")
_ANSWERER = rf"(?P<answerer>(?i:he|she)|{NAME})"
_YN = rf"(?P<yn>Q\d+Q|{_YN_WORD})"
_PREFIX = (r"(?:(?i:then|next|finally|now|later|first|so|and|but|also|after\s+that|suppose|suppose\s+that|"
           r"imagine|imagine\s+that)\s*,?\s+)")
_TAIL = rf"(?:\s*(?:,|;)?\s*(?:(?i:and|to\s+which|whereupon|and\s+then)\s+)?{_ANSWERER}\s+{_ANSWER_VERB}\s*[,:]?\s*{_YN})"
_Q = rf"{_THE_QUESTION}(?P<q>Q\d+Q)"
_WHETHER = r"(?i:whether|if)\s+(?P<claim>\S.*?)"

EXCHANGES = [re.compile(p, re.S) for p in (
    # You ask A, "Are you a knight?" [and A answers "yes"]    B asks A whether he is a knight; A says no
    rf"^{_PREFIX}*{_ASKER}\s+{_ASK}\s+(?P<hearer>{NAME})\s*[,:]?\s*{_Q}{_TAIL}?$",
    rf"^{_PREFIX}*{_ASKER}\s+{_ASK}\s+(?P<hearer>{NAME})\s+{_WHETHER}{_TAIL}?$",
    # You ask A: Are you a knight?
    rf"^{_PREFIX}*{_ASKER}\s+{_ASK}\s+(?P<hearer>{NAME})\s*[,:]\s*(?P<direct>[A-Z][^\"“”]*\?)$",
    # A is asked, "Are you a knight?" [; he answers "no"]    When A is asked whether …, he says yes
    rf"^{_PREFIX}*(?i:when\s+|after\s+)?(?P<hearer>{NAME})\s+(?i:is|was|gets|got)\s+asked(?:\s+(?i:by)\s+(?P<asker2>{NAME}))?"
    rf"\s*[,:]?\s*{_Q}{_TAIL}?$",
    rf"^{_PREFIX}*(?i:when\s+|after\s+)?(?P<hearer>{NAME})\s+(?i:is|was|gets|got)\s+asked(?:\s+(?i:by)\s+(?P<asker2>{NAME}))?"
    rf"\s+{_WHETHER}{_TAIL}?$",
    # When asked "Is B a knight?", A said "No."
    rf"^(?i:when|if|on\s+being|upon\s+being|after\s+being|being)?\s*(?i:asked)(?:\s+(?i:by)\s+(?P<asker2>{NAME}))?\s*[,:]?\s*{_Q}"
    rf"\s*,?\s*{_ANSWERER}\s+{_ANSWER_VERB}\s*[,:]?\s*{_YN}$",
    # A answers "yes" to the question "Are you a knave?"
    rf"^{_PREFIX}*{_ANSWERER}\s+{_ANSWER_VERB}\s*[,:]?\s*{_YN}\s*,?\s+(?i:to|in\s+reply\s+to|in\s+response\s+to|when\s+asked)"
    rf"\s+{_Q}$",
    # To the question "Are you a knave?", A answers "no"
    rf"^(?i:to|in\s+reply\s+to|in\s+response\s+to)\s+(?i:the\s+(?:following\s+)?question|this\s+question|it)\s*[,:]?\s*(?P<q>Q\d+Q)"
    rf"\s*,?\s*{_ANSWERER}\s+{_ANSWER_VERB}\s*[,:]?\s*{_YN}$",
)]
REPLIES = [re.compile(p, re.S) for p in (
    rf"^{_PREFIX}*{_ANSWERER}\s+{_ANSWER_VERB}\s*[,:]?\s*{_YN}$",
    rf"^{_YN}\s*[,.!]?\s*(?i:(?:he|she)\s+{_ANSWER_VERB}|{_ANSWER_VERB}\s+(?P<answerer>(?i:he|she)|{NAME})|(?P<answerer2>{NAME})\s+{_ANSWER_VERB})$",
    rf"^(?P<answerer>{NAME})(?:'s|’s)\s+(?i:answer|reply|response)\s+(?i:is|was)\s*[,:]?\s*{_YN}$",
    rf"^(?i:(?:his|her|the)\s+(?:answer|reply|response)\s+(?:is|was))\s*[,:]?\s*{_YN}$",
)]
YES_NO = re.compile(r"^\s*(?P<yn>yes|no)(?:\s*,\s*(?:(?P<pos>(?:i|he|she|it|we|they|you)\s+(?:am|is|are|do|does|did|was|"
                    r"were))|(?P<neg>(?:i|he|she|it|we|they|you)\s+(?:am|is|are|do|does|did|was|were)\s*(?:not|n't)|"
                    r"(?:i'm|he's|she's|it's|we're|they're|you're)\s+not|(?:isn't|aren't|don't|doesn't|didn't|wasn't|"
                    r"weren't))))?\s*[.,!]?\s*$", re.I)


ASKED = re.compile(r"\bask|\bquestion", re.I)
YES_OR_NO = re.compile(r"\b(?:yes|no)\b", re.I)


@dataclass(frozen=True)
class Exchange:
    """A question put to someone, and perhaps their yes-or-no answer, in one sentence.

    `span` is where the question's words are (a quotation's inside, or the claim after 'whether');
    `quoted` tells a direct question ("Are you a knight?") from a reported one ("whether he is a knight");
    `asker` is an inhabitant who asks (None when the visitor asks); `answerer` is a name, 'he'/'she', or None
    when the answer comes in a later sentence."""

    hearer: str
    hearer_at: int
    span: tuple[int, int]
    quoted: bool
    asker: str | None = None
    asker_at: int = 0
    answerer: str | None = None
    answerer_at: int = 0
    yn: str | None = None


@dataclass(frozen=True)
class Reply:
    """A yes-or-no answer on its own: who answers ('he' or None when the sentence does not say) and what."""

    answerer: str | None
    at: int
    yn: str


def _strip(text: str) -> str:
    body = text.rstrip()
    while body and body[-1] in ".!":
        body = body[:-1].rstrip()
    return body


def _yes_no(m: re.Match[str], qs: list, body: str) -> str | None:
    """Return 'yes' or 'no' from a frame's answer (a bare word or a quotation of one), or None."""
    raw = m.group("yn")
    q = QUOTE_MARK.fullmatch(raw)
    if q is None:
        return raw.lower()
    inside = qs[int(q.group(1))]
    found = YES_NO.match(body[inside.start:inside.end])
    if not found:
        return None
    if found.group("pos") and found.group("yn").lower() == "no" or found.group("neg") and found.group("yn").lower() == "yes":
        return None  # "Yes, I'm not": no answer we can read
    return found.group("yn").lower()


def exchange(text: str) -> Exchange | None:
    """Return the question a sentence says was put to someone (and their answer, if it says), or None."""
    if not ASKED.search(text):
        return None
    body = _strip(text)
    qs = quotes(body)
    if qs is None:
        return None
    skel, offsets = skeleton(body, qs)
    for frame in EXCHANGES:
        m = frame.match(skel)
        if not m:
            continue
        groups = m.groupdict()
        hearer = groups.get("hearer")
        answerer = groups.get("answerer")
        if hearer is None:  # "When asked …, A said …": the one who answers was asked
            if answerer is None or answerer.lower() in ("he", "she"):
                continue
            hearer, hearer_at = answerer, m.start("answerer")
        else:
            hearer_at = m.start("hearer")
        hearer, hearer_at = clean_name(hearer, hearer_at)
        if not _name_ok(hearer):
            continue
        asker = groups.get("asker") or groups.get("asker2")
        asker_at = m.start("asker") if groups.get("asker") else m.start("asker2") if groups.get("asker2") else 0
        if asker is not None and re.fullmatch(r"(?i)you|we|i|someone|somebody|(?:a|the)\s+\w+", asker):
            asker = None
        elif asker is not None:
            asker, asker_at = clean_name(asker, asker_at)
            if not _name_ok(asker):
                continue
        if groups.get("direct"):
            span, quoted = (offsets[m.start("direct")], offsets[m.end("direct")]), True
        elif groups.get("q"):
            q = qs[int(m.group("q")[1:-1])]  # "Q3Q": the fourth quotation
            span, quoted = (q.start, q.end), True
            if not body[q.start:q.end].rstrip().endswith("?"):
                continue
        else:
            span, quoted = (offsets[m.start("claim")], offsets[m.end("claim")]), False
            if QUOTE_MARK.search(m.group("claim")):
                continue
        yn = None
        answerer_at = 0
        if answerer is not None:
            yn = _yes_no(m, qs, body)
            if yn is None:
                continue
            answerer_at = offsets[m.start("answerer")]
            if answerer.lower() not in ("he", "she"):
                answerer, answerer_at = clean_name(answerer, answerer_at)
        return Exchange(hearer, offsets[hearer_at], span, quoted, asker, offsets[asker_at] if asker else 0,
                        answerer, answerer_at, yn)
    return None


def reply(text: str) -> Reply | None:
    """Return a yes-or-no answer a sentence reports on its own ('A answers "Yes."'), or None."""
    if not YES_OR_NO.search(text):
        return None
    body = _strip(text)
    qs = quotes(body)
    if qs is None:
        return None
    skel, offsets = skeleton(body, qs)
    for frame in REPLIES:
        m = frame.match(skel)
        if not m:
            continue
        yn = _yes_no(m, qs, body)
        if yn is None:
            continue
        who = m.groupdict().get("answerer") or m.groupdict().get("answerer2")
        key = "answerer" if m.groupdict().get("answerer") else "answerer2"
        if who is None:
            return Reply(None, 0, yn)
        at = offsets[m.start(key)]
        if who.lower() in ("he", "she"):
            return Reply(who.lower(), at, yn)
        who, at = clean_name(who, at)
        if not _name_ok(who):
            continue
        return Reply(who, at, yn)
    return None


# ------------------------------------------------------------------------------------------ ellipsis

_NAMES = rf"(?P<names>{NAME}(?:\s*,\s*{NAME})*(?:\s*,?\s+(?i:and)\s+{NAME})?)"
ELLIPSES = [re.compile(p) for p in (
    r"^(?i:(?:and|so|now|then|but)\s*,?\s+)?(?i:what|how)\s+(?i:about)\s+(?P<what>.+?)\s*\?$",
    r"^(?i:(?:and|so)\s+)?(?i:what)\s+(?i:of)\s+(?P<what>.+?)\s*\?$",
    r"^(?i:and)\s+(?P<what>.+?)\s*\?$",
    rf"^(?i:(?:and|so)\s+)?(?P<aux>(?i:is|are|does|do|was|were))\s+{_NAMES}(?i:\s+too|\s+as\s+well)?\s*\?$",
)]
ROLE_NP = re.compile(r"^(?:(?:the|a|an)\s+)?(?P<role>[a-z][\w-]*(?:[- ]tellers?)?)$", re.I)


@dataclass(frozen=True)
class Ellipsis:
    """A follow-up question: the people it asks about instead (names with offsets), or the role word it asks
    about instead (with its offset); `aux` is the verb of 'Is B?' ('is', 'does'), if any."""

    names: tuple[tuple[str, int], ...] = ()
    role: tuple[str, int] | None = None
    aux: str = ""


def ellipsis(text: str) -> Ellipsis | None:
    """Return the follow-up question a sentence asks ('What about B?'), or None."""
    body = text.strip()
    if not body.endswith("?"):
        return None
    for frame in ELLIPSES:
        m = frame.match(body)
        if not m:
            continue
        if m.groupdict().get("aux"):
            names = _names_in(m.group("names"), m.start("names"))
            return Ellipsis(names, None, m.group("aux").lower()) if names else None
        what, at = m.group("what"), m.start("what")
        names = _names_in(what, at) if re.fullmatch(_NAMES, what) else ()
        if names:
            return Ellipsis(names)
        r = ROLE_NP.match(what)
        if r and r.group("role")[:1].islower():
            return Ellipsis((), (r.group("role"), at + r.start("role")))
        return None
    return None


def _names_in(seg: str, start: int) -> tuple[tuple[str, int], ...]:
    out = []
    for part in re.finditer(rf"(?<![\w'’-]){NAME}", seg):
        word = part.group()
        if word.lower() == "and":
            continue
        name, at = clean_name(word, start + part.start())
        if not name[:1].isupper() or not _name_ok(name):
            return ()
        out.append((name, at))
    return tuple(out)


# ------------------------------------------------------------------------------------------ questions not modelled

_ANY = r"(?:\S+\s+){1,5}?"
_DETERMINE = (r"(?:be\s+)?(?:determined?|tell|deduced?|known?|say|said|decided?|worked?\s+out|work\s+out|figured?\s+out|"
              r"figure\s+out|infer(?:red)?|establish(?:ed)?|conclude[d]?|sure)")
REFUSED = [(re.compile(p, re.I), why) for p, why in (
    (r"^(?:if|suppose|supposing|assuming)\s+[^,?]+,\s*(?:then\s+)?(?:is|are|am|does|do|would|will|who|whom|what|which|how|"
     r"can|could|must)\b.*\?$",
     "it asks what would follow from a supposition, which smullyan does not add to what the text says; state the "
     "supposition as a fact ('A is a knight.') in a text of its own and ask the question there"),
    (rf"^(?:can|could)\s+(?:it|this|we|you|one|i)\s+{_DETERMINE}\s+(?:whether|if)\b"
     rf"|^is\s+it\s+possible\s+to\s+(?:\w+\s+){{1,2}}?(?:whether|if)\b"
     rf"|^(?:do|does|did)\s+(?:you|we|one)\s+know\s+(?:whether|if)\b"
     rf"|^is\s+it\s+(?:known|determined|determinable|decidable|clear|certain)\s+(?:whether|if)\b"
     rf"|^(?:is|are)\s+there\s+enough\s+information\b|^(?:can|could)\s+(?:it|this)\s+be\s+(?:determined|decided|known)\s*\?$",
     "it asks whether the text settles a question, which no single consistent world tells; ask the question itself "
     "('Is B a knight?'): smullyan answers it, or says 'undetermined' when the consistent worlds disagree"),
    (rf"^(?:is|was)\s+it\s+possible\s+(?:that|for)\b|^(?:could|can|might|may)\s+it\s+be\s+(?:that|true\s+that|the\s+case\s+that)\b"
     rf"|^(?:could|can|might|may)\s+(?!you\b|we\b|one\b|i\b|it\b){_ANY}(?:be|have\s+been|tell|lie|say)\b.*\?$"
     rf"|\bpossibly\b.*\?$",
     "it asks whether something may be so, and smullyan answers what holds in every consistent world; ask whether it "
     "is so ('Is B a knave?'), answered yes, no or undetermined"),
    (rf"^(?:must|need)\s+{_ANY}be\b.*\?$|\bnecessarily\b.*\?$|^(?:is|are)\s+it\s+(?:necessary|necessarily|certain|definite|"
     rf"definitely)\s+(?:true\s+)?that\b|^does\s+it\s+follow\s+that\b",
     "it asks whether something must be so, whose answer is 'no' where the consistent worlds disagree; ask whether "
     "it is so ('Is B a knave?'), answered yes, no or undetermined"),
)]


def refused(question: str) -> str | None:
    """Return why a question cannot be answered exactly (it asks what may be, must be, or can be told), or None."""
    body = question.strip()
    for pattern, why in REFUSED:
        if pattern.search(body):
            return why
    return None


# ------------------------------------------------------------------------------------------ agreeing

THAT_TRUE = re.compile(r"^\s*(?P<that>that|this|it|what\s+(?:he|she)\s+(?:says|said))(?:'s|’s|\s+is|\s+was)\s+(?P<neg>not\s+)?"
                       r"(?P<v>true|false|correct|incorrect|right|wrong|a\s+lie|the\s+truth|so)\s*[.!]?\s*$", re.I)
TRUE_WORDS = ("true", "correct", "right", "the truth", "so")
AGREES = re.compile(rf"^{_PREFIX}*(?P<name>{NAME})\s+(?i:(?:then\s+|also\s+)?(?P<verb>agrees|agreed|disagrees|disagreed))"
                    rf"(?:\s+(?i:with)\s+(?:(?P<other>{NAME})|(?i:him|her|that|this|it|(?:that|this)\s+statement)))?$")


@dataclass(frozen=True)
class Agreement:
    """'C agrees with A' (C says what A last said) or 'C disagrees' (with the claim just made when no one is
    named)."""

    name: str
    at: int
    agrees: bool
    verb: str
    other: str | None = None
    other_at: int = 0


def agreement(text: str) -> Agreement | None:
    """Return who agrees or disagrees with whom in a sentence, or None."""
    m = AGREES.match(_strip(text))
    if not m:
        return None
    name, at = clean_name(m.group("name"), m.start("name"))
    if not _name_ok(name):
        return None
    other, other_at = (clean_name(m.group("other"), m.start("other")) if m.group("other") else (None, 0))
    if other is not None and not _name_ok(other):
        return None
    verb = m.group("verb").lower()
    return Agreement(name, at, not verb.startswith("dis"), verb, other, other_at)


# ------------------------------------------------------------------------------------------ what they answer

WHAT_ANSWER = re.compile(rf"^(?i:(?:so|then|now|and)\s*,?\s+)?(?i:what)\s+(?i:does|did|would|will)\s+(?P<name>(?i:he|she)|{NAME})\s+"
                         rf"(?i:answer|say|reply|respond)(?:\s+(?i:to\s+(?:this|that|the\s+question|it)))?\s*\?$")


def what_answer(text: str) -> tuple[str, int] | None:
    """Return who a question asks the answer of ('What does C answer?' after a question put to C), or None."""
    m = WHAT_ANSWER.match(text.strip())
    if not m:
        return None
    name = m.group("name")
    if name.lower() in ("he", "she"):
        return name.lower(), m.start("name")
    name, at = clean_name(name, m.start("name"))
    return (name, at) if _name_ok(name) else None
