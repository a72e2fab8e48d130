"""The kinds of people a knights-and-knaves text defines, and the words it names them by.

- Definition: a sentence that names role words and says how each kind speaks: "Knights always tell
  the truth, and knaves always lie", "A very special island is inhabited only by knights and
  knaves", "Each inhabitant is either an angel, who always tells the truth, or a devil, who always
  lies", "There are three kinds of people: truth-tellers, liars, and normals, who may lie or tell
  the truth". A kind that always tells the truth is truthful, one that always lies is a liar, one
  that may do either is random ("normal").
- Roles: every role word with its type; without definitions the usual words are understood
  (knight, truth-teller: truthful; knave, liar: liar).
- Kinds the engine cannot model (people who alternate, lie on some days, believe, answer in a
  language of their own) are an error that says so, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import PuzzleError
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type
from .knights_tokens import Lexicon, singular

TYPE_ORDER = (TRUTHFUL, LIAR, RANDOM)
DEFAULT_WORDS = {"knight": TRUTHFUL, "knave": LIAR, "truth-teller": TRUTHFUL, "truthteller": TRUTHFUL,
                 "truth teller": TRUTHFUL, "liar": LIAR}
BEHAVIOUR_NOUNS = {"truth-teller": TRUTHFUL, "truthteller": TRUTHFUL, "truth teller": TRUTHFUL, "liar": LIAR}
DEFAULT_DISPLAY = {TRUTHFUL: "truth-teller", LIAR: "liar", RANDOM: "normal"}

_W = r"[^\W\d_][\w'’-]*"
ROLE_WORD = rf"(?:truth[- ]tellers?|{_W})"
_ALWAYS = r"(?:(?:always|only|invariably|consistently|unfailingly|all the time)\s+)?"
TRUTH_BEHAVIOUR = (
    rf"{_ALWAYS}(?:tells?|speaks?|says?)\s+(?:only\s+)?(?:the\s+)?truth(?:\s+always)?"
    rf"|{_ALWAYS}(?:answers?|speaks?|responds?|replies|reply)\s+truthfully"
    r"|never\s+(?:lies?|tells?\s+(?:a\s+)?lies?|speaks?\s+falsely)"
    r"|(?:are|is)\s+(?:always\s+)?(?:truthful|honest|truth[- ]?tellers?)|always\s+(?:truthful|honest)"
    rf"|{_ALWAYS}(?:makes?|utters?|says?)\s+(?:only\s+)?true\s+(?:statements|things|ones)"
    r"|(?:only\s+)?(?:makes?|utters?)\s+(?:only\s+)?true\s+(?:statements|ones)"
)
LIE_BEHAVIOUR = (
    rf"{_ALWAYS}lies?(?:\s+always)?"
    rf"|{_ALWAYS}(?:tells?|speaks?)\s+(?:only\s+)?(?:lies|falsehoods)"
    r"|never\s+(?:tells?|speaks?)\s+the\s+truth"
    rf"|{_ALWAYS}(?:answers?|speaks?|responds?|replies|reply)\s+falsely"
    r"|(?:are|is)\s+(?:always\s+)?(?:liars?|lying|dishonest|untruthful)|always\s+(?:lying|dishonest|untruthful|false)"
    rf"|{_ALWAYS}(?:makes?|utters?|says?)\s+(?:only\s+)?false\s+(?:statements|things|ones)"
    r"|(?:only\s+)?(?:makes?|utters?)\s+(?:only\s+)?false\s+(?:statements|ones)"
)
_FREELY = r"(?:\s*,?\s+(?:either\s+)?true\s+or\s+false|\s+(?:as\s+(?:they|he|she)\s+(?:please|pleases|like|likes|wish|wishes|choose|chooses|see\s+fit|sees\s+fit)|at\s+will|at\s+random|randomly|arbitrarily|freely))?"
RANDOM_BEHAVIOUR = (
    r"(?:can|may|might|could|will)\s+(?:either\s+)?(?:lie\s+or\s+tell\s+the\s+truth|tell\s+the\s+truth\s+or\s+lie"
    r"|say\s+anything|do\s+either|do\s+both|be\s+(?:either\s+)?truthful\s+or\s+(?:lying|not)|speak\s+truly\s+or\s+falsely)"
    + _FREELY +
    r"|sometimes\s+lies?(?:,)?\s+and\s+sometimes\s+tells?\s+the\s+truth"
    r"|sometimes\s+tells?\s+the\s+truth(?:,)?\s+and\s+sometimes\s+lies?"
    r"|(?:either\s+)?(?:lies?\s+or\s+tells?\s+the\s+truth|tells?\s+the\s+truth\s+or\s+lies?)" + _FREELY +
    r"|(?:are|is)\s+(?:either\s+truthful\s+or\s+lying|unpredictable)"
    r"|(?:can|may|might|could)\s+(?:say|make)\s+(?:anything|either\s+true\s+or\s+false\s+(?:statements|things)|"
    r"true\s+or\s+false\s+(?:statements|things))(?:\s*,?\s*(?:be\s+it\s+|whether\s+)?(?:either\s+)?true\s+or\s+false)?"
)
BEHAVIOUR = rf"(?P<t>{TRUTH_BEHAVIOUR})|(?P<l>{LIE_BEHAVIOUR})|(?P<r>{RANDOM_BEHAVIOUR})"
_REL = r"(?:(?:who|which|that)\s+|(?:are|is)\s+(?:(?:people|persons|those|ones|inhabitants|natives|the\s+ones)\s+)?(?:who|that)\s+)"
_TV = r"(?:always\s+)?(?:(?P<tr>(?:either\s+)?(?:true\s+or\s+false|false\s+or\s+true))|(?P<tt>true)|(?P<tf>false))"
STATEMENT_CLAUSES = [re.compile(p, re.I) for p in (
    rf"(?:whatever|everything|anything|what)\s+(?P<det>(?:an?|the|any|every)\s+)(?P<role>{ROLE_WORD})\s+says\s+"
    rf"(?:is|may\s+be|can\s+be|might\s+be)\s+{_TV}",
    rf"(?:an?|any|every|each)\s+statement\s+(?:made\s+)?by\s+(?P<det>(?:an?|the|any)\s+)(?P<role>{ROLE_WORD})\s+"
    rf"(?:is|may\s+be|can\s+be)\s+{_TV}",
    rf"(?:one|those|the\s+ones?)\s+(?:made\s+)?by\s+(?P<det>(?:an?|the|any)\s+)?(?P<role>{ROLE_WORD})\s+(?:is|are|may\s+be)\s+{_TV}",
    rf"(?:all\s+)?statements\s+(?:made\s+)?by\s+(?P<det>)(?P<role>{ROLE_WORD})\s+are\s+{_TV}",
    rf"(?P<det>(?:the\s+)?)(?P<role>{ROLE_WORD})(?:'|’)s?\s+statements\s+are\s+{_TV}",
)]
CLAUSE = re.compile(rf"(?P<det>(?:the|all|an?|every|each|any)\s+)?(?P<role>{ROLE_WORD})\s*,?\s*{_REL}?(?:{BEHAVIOUR})", re.I)
ITEM = re.compile(rf"(?:(?:the|an?)\s+)?(?P<role>{ROLE_WORD})(?:(?:\s*\(\s*{_REL}?|\s*,\s*{_REL}|\s+(?:who|that)\s+)(?:{BEHAVIOUR})\s*\)?"
                  r"(?=\s*(?:,|$|and\b|or\b|;)))?", re.I)
SEP = re.compile(r"\s*(?:;|:|,|—|–|-)?\s*(?:\b(?:and|or|while|whereas|but|also|and\s+also)\b)?\s*(?:,\s*)?", re.I)
_PLACE = r"(?:island|islands|land|village|world|place|country|kingdom|forest|town|planet|realm|city|puzzle|story|tribe|community|valley)"
LOCATION = re.compile(rf"^(?:(?:(?:on|in|at)\s+(?:this|the|that|a|an|our)\s+(?:[\w-]+\s+){{0,3}}?{_PLACE}(?:\s+of\s+[\w' -]+?)?"
                      rf"|here|in\s+this\s+(?:puzzle|problem|riddle)|as\s+(?:usual|always|before))\s*,\s*"
                      rf"|(?:you\s+(?:are\s+visiting|are\s+on|are\s+in|visit|arrive\s+at|arrive\s+on|arrive\s+in|come\s+to|reach|land\s+on)"
                      rf"|we\s+(?:are\s+visiting|are\s+on|visit|arrive\s+at))\s+(?:an?|the|this)\s+(?:[\w-]+\s+){{0,3}}?{_PLACE}"
                      rf"(?:\s+of\s+[\w' -]+?)?\s*,?\s*(?:where|whose|in\s+which|on\s+which)\s+)", re.I)
HEADS = [re.compile(p, re.I) for p in (
    rf"(?:(?:on|in)\s+(?:an?|the|this|that)\s+)(?:[\w-]+\s+){{0,3}}?{_PLACE}(?:\s+of\s+[\w' -]+?)?\s*,?\s*(?:there\s+)?"
    r"(?:live|lives|dwell|dwells|reside|resides|are|exist)\s+(?:only\s+)?(?:(?:two|three|four|2|3|4)\s+(?:kinds|types|sorts|"
    r"tribes|classes|groups)\s+of\s+(?:people|inhabitants|natives|islanders|persons|residents)\s*[:,]?\s*)?",
    r"(?:two|three|four|2|3|4)\s+(?:kinds|types|sorts|tribes|classes|groups)\s+of\s+(?:people|inhabitants|natives|islanders|"
    rf"persons|residents)\s+(?:live|dwell|reside|exist)\s+(?:on|in)\s+(?:the|this|that)\s+{_PLACE}\s*[:,]?\s*",
    rf"(?:(?:a|an|the|this|that|one)\s+)?(?:[\w-]+\s+){{0,3}}?{_PLACE}(?:\s+of\s+[\w' -]+?)?\s+(?:is|was|are|were)\s+"
    r"(?:inhabited|populated|peopled|occupied|home)\s+(?:only\s+|exclusively\s+|solely\s+|entirely\s+|just\s+)?(?:by|to)\s+",
    r"(?:each|every|any)\s+(?:inhabitant|person|islander|native|resident|individual|one|citizen|member|man|woman|"
    rf"villager|local)(?:\s+(?:of|on|in)\s+(?:(?:the|this)\s+{_PLACE}(?:\s+of\s+[\w' -]+?)?|[\w'-]+)|\s+here|\s+mentioned|"
    r"\s+(?:you\s+)?(?:meet|see|encounter))?\s+is\s+(?:either\s+)?",
    rf"(?:everyone|everybody)(?:\s+(?:on|in)\s+(?:the|this)\s+{_PLACE}|\s+here|\s+mentioned|\s+(?:you\s+)?(?:meet|see|encounter))?"
    r"\s+is\s+(?:either\s+)?",
    r"(?:each|every|any)\s+(?:one\s+)?of\s+(?:them|these|those|us|the\s+(?:[\w-]+\s+)?(?:people|inhabitants|natives|islanders|"
    r"persons|residents|individuals))\s+is\s+(?:either\s+)?",
    r"(?:each|each\s+one|every\s+one)\s+is\s+(?:either\s+)?",
    r"(?:they|these\s+people|all\s+of\s+them|both\s+of\s+them)\s+are\s+(?:each\s+|all\s+|both\s+)?(?:either\s+)?",
    r"(?:the\s+|its\s+)?(?:inhabitants|natives|islanders|residents|people|citizens|villagers|locals)"
    rf"(?:\s+(?:of|on|in)\s+(?:(?:the|this)\s+{_PLACE}(?:\s+of\s+[\w' -]+?)?|[\w'-]+))?\s+are\s+(?:each\s+)?(?:all\s+)?(?:either\s+)?",
    r"(?:(?:assume|suppose|imagine)\s+(?:that\s+)?)?there\s+(?:are|exist|live)\s+(?:only\s+)?(?:two|three|four|2|3|4)\s+"
    r"(?:kinds|types|sorts|tribes|classes|groups)\s+of\s+"
    rf"(?:people|inhabitants|natives|islanders|persons|residents)(?:\s+(?:on|in)\s+(?:the|this)\s+{_PLACE}|\s+here)?\s*[:,]?\s*",
    rf"(?:on|in)\s+(?:the|this)\s+{_PLACE}(?:\s+of\s+[\w' -]+?)?\s*,?\s*there\s+(?:are|live)\s+(?:only\s+)?",
    rf"(?:the|this)\s+{_PLACE}\s+(?:has|contains)\s+(?:only\s+)?(?:two|three)?\s*(?:kinds\s+of\s+(?:people|inhabitants)\s*[:,]?\s*)?",
    r"there\s+(?:are|live|exist)\s+(?:only\s+)?(?!(?:two|three|four|2|3|4)\s+(?:kinds|types|sorts))",
)]
ISLAND_OF = re.compile(
    r"^(?:(?:(?:you|we)\s+(?:are|find\s+(?:yourself|yourselves|ourselves))\s+(?:(?:now|again|once\s+again|still)\s+)?"
    r"(?:on|in|at|visiting)|(?:you|we)\s+(?:(?:now|again)\s+)?(?:visit|arrive\s+(?:at|on|in)|land\s+on|come\s+to|reach|"
    r"travel\s+to|go\s+to)|welcome\s+to|this\s+is|(?:this|the)\s+(?:puzzle|problem|story)\s+(?:takes\s+place|is\s+set)\s+on)"
    r"\s+)?(?:the|an?)\s+(?:(?:famous|fabled|legendary|mysterious|strange|remote)\s+)?island\s+of\s+", re.I)
ASIDE = re.compile(r"\s*\((?:called|also\s+called|known\s+as|also\s+known\s+as|a\.k\.a\.?|or|i\.e\.,?|as\s+\w+\s+calls\s+them)"
                   r"\s+[^()]*\)", re.I)
WHERE = re.compile(r"\s*,?\s+(?:where|in\s+which|on\s+which)\s+", re.I)
UNMODELABLE = [(re.compile(p, re.I), why) for p, why in (
    (r"\balternat\w*", "people who alternate between truth and lies"),
    (r"\b(?:insane|sane)\b|\bbeliev\w*|\bbeliefs?\b", "people who believe true or false things (sane and insane)"),
    (r"\b(?:on|every)\s+(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekdays?|weekends?|"
     r"odd\s+days|even\s+days|certain\s+days|some\s+days)\b|\b(?:during|in)\s+the\s+(?:day|night|morning|evening)\b",
     "people who lie on some days and tell the truth on others"),
    (r"\bevery\s+other\b|\bin\s+turn\b|\bhalf\s+(?:of\s+)?the\s+time\b|\bfirst\s+(?:statement|answer)\b",
     "people whose truthfulness follows a pattern"),
    (r"\b(?:ja|da)\b", "people who answer in a language of their own (ask them questions as gods instead)"),
    (r"\b(?:lie|lies|lying|truth)\b\s+(?:only\s+)?(?:when|whenever|unless|after|before|depending)\b|\bdepend(?:s|ing)?\s+on\b",
     "people who lie according to a rule"),
)]
TRUTH_WORDS = re.compile(r"\b(?:lie|lies|lied|lying|liars?|truth\w*|honest|dishonest|sane|insane|believ\w*|ja|da)\b", re.I)


@dataclass
class Roles:
    """The role words of a text: each singular word with its type, and the word shown for each type."""

    words: dict[str, str] = field(default_factory=dict)
    display: dict[str, str] = field(default_factory=dict)
    defined: bool = False

    @property
    def types(self) -> tuple[str, ...]:
        """Return the types people may have, in the order truthful, liar, random."""
        have = set(self.words.values()) if self.defined else {TRUTHFUL, LIAR}
        return tuple(t for t in TYPE_ORDER if t in have)

    def lexicon(self) -> Lexicon:
        """Return the words the claims may use: the defined ones (else the usual ones) and liar, truth-teller."""
        words = dict(self.words) if self.defined else dict(DEFAULT_WORDS)
        for w, t in BEHAVIOUR_NOUNS.items():
            if w not in words and t in self.types and not any(x == w for x in words):
                words[w] = t
        return Lexicon({w: (t, spelling(w, t)) for w, t in words.items()})

    def known(self) -> str:
        """Return the role words for a message: 'knight, knave, truth-teller, liar'."""
        return ", ".join(self.words) if self.defined else "knight, knave, truth-teller, liar"


def spelling(word: str, t: str) -> str:
    """Return how an expression spells a role word's type: the word itself when it is a name of that type
    ('knight', 'liar'), else the canonical type ('angel' -> 'truthful')."""
    try:
        return word if canonical_type(word) == t else t
    except PuzzleError:
        return t


@dataclass(frozen=True)
class Definition:
    """The role words one sentence defines: (word as written, its offset, its type or None when only named);
    `listing` when the sentence says everyone is one of the listed kinds ("Each inhabitant is a knight or a
    knave")."""

    items: tuple[tuple[str, int, str | None], ...]
    listing: bool = False


def _kind(m: re.Match[str]) -> str | None:
    if m.group("t"):
        return TRUTHFUL
    if m.group("l"):
        return LIAR
    if m.group("r"):
        return RANDOM
    return None


NOT_ROLES = {"always", "never", "only", "sometimes", "often", "also", "who", "which", "that", "all", "each", "every",
             "they", "we", "he", "she", "it", "you", "i", "people", "person", "persons", "one", "ones", "those",
             "these", "them", "us", "both", "either", "neither", "none", "nobody", "everyone", "everybody", "someone",
             "inhabitants", "inhabitant", "natives", "islanders", "and", "or", "but", "then", "so", "there", "here",
             "here", "still", "now", "really", "indeed", "not", "no", "truly", "usually", "invariably"}


def _plausible(word: str, det: str, behaviour: str) -> bool:
    """Return whether a word before a behaviour is a role word, not a person's name ('Fidel lies'): it is
    in lower case, or follows an article, or is a usual role word, or is a plural with a plural verb."""
    if word.lower() in NOT_ROLES:
        return False
    if word[:1].islower() or det:
        return True
    if singular(word.lower()) in DEFAULT_WORDS or singular(word.lower()) in ("normal", "spy"):
        return True
    verbs = [v for v in behaviour.lower().split() if v not in ("always", "only", "invariably", "consistently",
                                                              "unfailingly", "never", "sometimes", "either")]
    return word.lower().endswith("s") and bool(verbs) and not verbs[0].endswith("s")


def read_definition(text: str) -> Definition | None:
    """Return the role words a sentence defines, or None when it is no definition."""
    if any(q in text for q in "\"“”"):
        return None
    low = text.rstrip().rstrip(".!;:").rstrip()
    low = ASIDE.sub(lambda m: " " * len(m.group()), low)  # "spies (called normals by Smullyan) who …"
    bare = _bare_list(text, low)
    if bare is not None:
        return bare
    island = ISLAND_OF.match(low)
    if island:  # "You are on the island of knights and knaves": it names the kinds
        got = _items(low, island.end())
        if got is not None and len(got[0]) >= 2 and got[1] == len(low):
            return Definition(tuple(got[0]), True)
    where = WHERE.search(low)
    if where and not LOCATION.match(low) and re.search(rf"\b{_PLACE}\b", low[:where.start()], re.I):
        rest = read_definition(text[where.end():])  # "… the island of knights and knaves, where knights always …"
        if rest is not None and (rest.listing or any(t is not None for _, _, t in rest.items)):
            return Definition(tuple((w, o + where.end(), t) for w, o, t in rest.items), rest.listing)
    pos = 0
    m = LOCATION.match(low)
    if m:
        pos = m.end()
    items: list[tuple[str, int, str | None]] = []
    listed = False
    for head in HEADS:
        h = head.match(low, pos)
        if h:
            pos = h.end()
            got = _items(low, pos)
            if got is None or len(got[0]) < 2:  # a list of kinds names two at least ("all of them are knights" is a claim)
                return None
            found, pos = got
            items += found
            listed = True
            break
    while pos < len(low):
        s = SEP.match(low, pos)
        start = s.end() if s else pos
        if start == pos and items:
            return None
        c = CLAUSE.match(low, start)
        if c:
            kind = c.lastgroup or ""
            if not _plausible(text[c.start("role"):c.end("role")], c.group("det") or "", low[c.start(kind):c.end()]):
                return None
            items.append((c.group("role"), c.start("role"), _kind(c)))
            pos = c.end()
            continue
        for pattern in STATEMENT_CLAUSES:
            c = pattern.match(low, start)
            if c and c.group("role").lower() not in NOT_ROLES:
                t = TRUTHFUL if c.group("tt") else LIAR if c.group("tf") else RANDOM
                items.append((c.group("role"), c.start("role"), t))
                pos = c.end()
                break
        else:
            return None
    if not items or (not listed and all(t is None for _, _, t in items)):
        return _bare_list(text, low) if not items else None
    return Definition(tuple(items), listed)


BARE_LIST = re.compile(rf"^(?P<list>{ROLE_WORD}(?:\s*,\s*{ROLE_WORD})*\s*,?\s+(?:and|&)\s+{ROLE_WORD})$", re.I)
EITHER_WAY = re.compile(r"^(?:each|every|any)\s+(?:person|inhabitant|native|islander|one|individual)(?:\s+here|\s+on\s+the"
                        r"\s+island)?\s+(?:either\s+)?(?:always\s+)?tells\s+the\s+truth\s+or\s+(?:always\s+)?lies$", re.I)


def _bare_list(text: str, low: str) -> Definition | None:
    """Return the role words of a heading that only lists them ('Knights and Knaves'), or None; and an empty
    definition for 'Each person either always tells the truth or always lies'."""
    if EITHER_WAY.match(low):
        return Definition(())
    m = BARE_LIST.match(low)
    if not m:
        return None
    words = [(w.group(), w.start()) for w in re.finditer(ROLE_WORD, m.group("list")) if w.group().lower() not in ("and",)]
    if not all(singular(w.lower()) in DEFAULT_WORDS or singular(w.lower()) in ("normal", "spy") for w, _ in words):
        return None
    return Definition(tuple((w, o, None) for w, o in words))


def _items(low: str, pos: int) -> tuple[list[tuple[str, int, str | None]], int] | None:
    """Return the listed role words (each perhaps with its behaviour) from pos, and where the list ends."""
    out: list[tuple[str, int, str | None]] = []
    while True:
        m = ITEM.match(low, pos)
        if not m or m.group("role").lower() in ("and", "or", "who", "which", "either"):
            return None
        kind = _kind(m) if m.lastindex and any(m.group(g) for g in ("t", "l", "r")) else None
        out.append((m.group("role"), m.start("role"), kind))
        pos = m.end()
        j = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,\s*|(?<!\w)(?:and|or)\s+)", re.I).match(low, pos)
        if not j or pos >= len(low):
            return out, pos
        nxt = ITEM.match(low, j.end())
        if not nxt or CLAUSE.match(low, j.end()) and CLAUSE.match(low, j.end()).end() > nxt.end():
            return out, pos
        pos = j.end()


def unmodelable(text: str) -> str | None:
    """Return why the engine cannot model the kind of people a sentence describes, or None."""
    outside = re.sub(r"[\"“][^\"”]*[\"”]", " ", text)
    if not TRUTH_WORDS.search(outside):
        return None
    for pattern, why in UNMODELABLE:
        if pattern.search(outside):
            return why
    return None


def build_roles(definitions: list[tuple[Definition, object]], where: "object") -> Roles:
    """Return the roles of a text from its definitions [(definition, sentence)]; `where(sentence, offset)`
    gives 'line L, column C' for messages."""
    roles = Roles()
    named: list[tuple[str, str, object, int]] = []
    for d, sentence in definitions:
        for word, offset, t in d.items:
            w = singular(word.lower().replace("’", "'"))
            if t is None:
                named.append((w, word, sentence, offset))
                continue
            if roles.words.get(w, t) != t:
                raise PuzzleError(f"{where(sentence, offset)}: '{word}' names both roles; the truth-tellers and the "
                                  "liars need different words")
            roles.words[w] = t
    for w, word, sentence, offset in named:
        if w in roles.words:
            continue
        t = DEFAULT_WORDS.get(w) or ({"normal": RANDOM}.get(w))
        if t is None:
            raise PuzzleError(f"{where(sentence, offset)}: the text never says how {word} speak (for example "
                              f"'{word} always tell the truth' or '{word} always lie')")
        roles.words[w] = t
    roles.defined = bool(roles.words)
    for d, sentence in definitions:
        listed = {roles.words[singular(w.lower().replace("’", "'"))] for w, _, _ in d.items}
        defining = all(t is not None for _, _, t in d.items)  # "either a knight, who …, or a knave, who …" defines
        if d.listing and not defining and listed < set(roles.words.values()):
            raise PuzzleError(f"{where(sentence, d.items[0][1])}: the sentence says everyone is one of "
                              f"{len(listed)} kinds, but the text defines {len(set(roles.words.values()))}; say "
                              "which people are of which kinds with counts ('exactly one of them is a …')")
    for d, _ in definitions:  # each type is shown by the first word the text names it by
        for word, _, _ in d.items:
            w = singular(word.lower().replace("’", "'"))
            roles.display.setdefault(roles.words[w], w)
    return roles
