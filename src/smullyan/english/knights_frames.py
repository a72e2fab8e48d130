"""The sentence frames around the claims of a knights-and-knaves text.

- Speech: who speaks and where their words are: `A says, "…"`, `A: "…"`, `"…," said A`, `"…" - A`,
  `According to A, …`, `In A's words: …`, `A claims that …`, `A tells B that …` (B is "you" inside),
  several speakers at once (`A and B both say "…"`), several speeches joined by "and" or ";", and a
  quotation interrupted by its speech tag (`"I am a knight," says A, "and B is a knave."`).
- Introductions: `You meet three inhabitants: A, B and C`, `There are two people here, A and B`,
  `A, B and C are natives of the island`, `Three islanders, A, B, and C, stand in a row`, `We again have
  three people, A, B, C, each of whom is a knight or a knave` (the kinds listed are kept), `You come to a
  fork in the road guarded by two people, Lee and Kim`.
- Names: a word for a person before a name is not part of it (`Inhabitant A says` is A speaking);
  "Person 1" is a name; discourse words are never names (`Suppose A says …`).
- Labels and discourse words a sentence may start with ("Question:", "Then,", "It is known that").

Every frame returns offsets into the sentence text, so that messages can point at a word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .knights_tokens import KEYWORDS, NUMBERS, PEOPLE_NOUNS

OPEN_TO_CLOSE = {'"': '"', "“": "”", "‘": "’", "'": "'", "«": "»"}

NAME = (r"(?:(?:Mr|Mrs|Ms|Dr|Prof|St)\.?\s)?(?:[^\W\d_a-z][\w'’-]*)(?:\s(?:[^\W\d_a-z][\w'’-]*|(?:(?<=Person\s)|(?<=Speaker\s))\d{1,2}"
        r"(?![\w'’-])))?")
_SPEECH_VERBS = (
    "says|said|claims|claimed|states|stated|declares|declared|insists|insisted|replies|replied|answers|answered|"
    "adds|added|remarks|remarked|comments|commented|notes|noted|announces|announced|asserts|asserted|exclaims|"
    "exclaimed|mentions|mentioned|was heard saying|is heard saying|was heard to say|responds|responded|shouts|"
    "shouted|whispers|whispered|observes|observed|explains|explained|proclaims|proclaimed|boasts|boasted|admits|"
    "admitted|confesses|confessed|argues|argued|maintains|maintained|reports|reported|swears|swore|expresses|"
    "expressed|points out|pointed out|retorts|retorted|counters|countered|cries|cried|yells|yelled|murmurs|"
    "murmured|mutters|muttered|alleges|alleged|writes|wrote|speaks up|spoke up|chimes in|chimed in|protests|"
    "protested|concludes|concluded|continues|continued|warns|warned|affirms|affirmed|avers|averred|contends|"
    "contended|offers|offered|volunteers|volunteered|then says|also says|goes on to say|went on to say|"
    "makes the statement|made the statement|makes this statement|made this statement|makes the claim|"
    "made the claim|makes the following statement|made the following statement|makes a statement|made a statement|"
    "says the following|said the following|states the following|stated the following|tells you|told you|tells me|told me|tells us|told us|informs you|informed you|denies|denied"
)
_PLURAL_VERBS = "say|said|claim|claimed|state|stated|declare|declared|insist|insisted|reply|replied|answer|answered|assert|asserted|announce|announced|tell you|told you"
_ADVERB = r"(?:(?:then|also|now|next|finally|in turn|too|again|later|immediately|quickly|simply|[a-z]+ly)\s+)"
_PREFIX = (r"(?:(?:then|next|finally|now|later|after that|afterwards|afterward|first|second|third|fourth|fifth|lastly|"
           r"last|meanwhile|also|in addition|furthermore|moreover|however|and|but|so|thus|suddenly|in reply|in response|"
           r"in turn|when asked|when you ask|asked|upon being asked|on being asked|suppose|suppose that|suppose instead|"
           r"suppose instead that|now suppose|suppose now|imagine that|assume that|in this problem|in this puzzle|"
           r"in the next problem|in this case|here|again|once again|this time|"
           r"(?:a|an|the|one)\s+(?:native|inhabitant|person|islander|resident|man|woman|local|villager|stranger)\s+"
           r"(?:named|called)|"
           r"(?:on|in|at)\s+(?:the|this|that|an?)\s+(?:[\w-]+\s+){0,3}?(?:island|village|land)(?:\s+of\s+[\w' -]+?)?"
           r")\s*,?\s+)")
TO = r"(?:\s+(?i:to)\s+(?P<to>(?i:you|me|us)|[^\W\d_a-z][\w'’-]*))"
QUOTE_MARK = re.compile(r"Q(\d+)Q")

SPEECH_QUOTED = [re.compile(p, re.S) for p in (
    rf"^(?i:{_PREFIX})*(?P<name>{NAME}),?\s+(?i:{_ADVERB})?(?i:(?P<verb>{_SPEECH_VERBS})){TO}?\s*(?:[,:]|—|–|-)?\s*(?i:the following\s*:?\s*)?(?P<quotes>Q\d+Q)$",
    rf"^(?i:according to)\s+(?P<name>{NAME})\s*,\s*(?P<quotes>Q\d+Q)$",
    rf"^(?i:as)\s+(?P<name>{NAME})\s+(?i:put it|puts it|said|says|stated|states|claimed|claims)\s*,\s*(?P<quotes>Q\d+Q)$",
    rf"^(?i:in)\s+(?P<name>{NAME})(?:'s|’s)\s+(?i:(?:own\s+)?words)\s*[:,]\s*(?P<quotes>Q\d+Q)$",
    rf"^(?i:in a statement by|in the words of|from)\s+(?P<name>{NAME})\s*[:,]\s*(?P<quotes>Q\d+Q)$",
    rf"^(?P<name>{NAME})(?:'s|’s)\s+(?i:statement|claim|words|reply|answer|response|remark)(?:\s+(?i:is|was))?\s*[:,]\s*(?P<quotes>Q\d+Q)$",
    rf"^(?P<name>{NAME})\s*:\s*(?P<quotes>Q\d+Q)$",
    rf"^(?i:statement|claim|quote|remark)\s*\d*\s*\(\s*(?i:by\s+)?(?P<name>{NAME})\s*\)\s*[:,—–-]?\s*(?P<quotes>Q\d+Q)$",
    rf"^(?P<quotes>Q\d+Q)\s*[,.!]?\s*(?:—|–|-{{1,2}})\s*(?P<name>{NAME})$",
    rf"^(?P<quotes>Q\d+Q)\s*,?\s*(?i:{_ADVERB})?(?i:(?P<verb>{_SPEECH_VERBS}))\s+(?P<name>{NAME}){TO}?$",
    rf"^(?P<quotes>Q\d+Q)\s*,?\s*(?P<name>{NAME})\s+(?i:{_ADVERB})?(?i:(?P<verb>{_SPEECH_VERBS})){TO}?$",
    rf"^(?P<quotes>Q\d+Q)\s*,?\s*(?i:(?P<verb>{_SPEECH_VERBS}))\s+(?P<name>{NAME})\s*,?\s*(?P<more>Q\d+Q)$",
    rf"^(?P<quotes>Q\d+Q)\s*,?\s*(?P<name>{NAME})\s+(?i:(?P<verb>{_SPEECH_VERBS}))\s*,?\s*(?P<more>Q\d+Q)$",
)]
SPEECH_GROUP = re.compile(
    rf"^(?i:{_PREFIX})*(?P<names>{NAME}(?:\s*,\s*{NAME})*\s*,?\s+(?i:and)\s+{NAME})\s+(?i:(?:both|each|all|all three|together)\s+)?"
    rf"(?i:{_ADVERB})?(?i:(?P<verb>{_PLURAL_VERBS}))\s*(?:[,:]|—|–|-)?\s*(?i:that\s+)?(?P<rest>.+)$", re.S)
SPEECH_REPORTED = [re.compile(p, re.S) for p in (
    rf"^(?i:{_PREFIX})*(?P<name>{NAME}),?\s+(?i:{_ADVERB})?(?i:(?P<verb>{_SPEECH_VERBS})){TO}?\s*[,:]?\s*(?i:that\s+)?(?P<claim>(?!Q\s*:).+)$",
    rf"^(?i:{_PREFIX})*(?P<name>{NAME}),?\s+(?i:{_ADVERB})?(?i:(?P<verb>tells|told|informs|informed|assures|assured|reminds|reminded))\s+(?P<to>[^\W\d_a-z][\w'’-]*)\s+(?i:that)\s+(?P<claim>.+)$",
    rf"^(?i:according to)\s+(?P<name>{NAME})\s*,\s*(?P<claim>.+)$",
    rf"^(?i:as)\s+(?P<name>{NAME})\s+(?i:put it|puts it|said|says|stated|states|claimed|claims)\s*,\s*(?P<claim>.+)$",
    rf"^(?i:in)\s+(?P<name>{NAME})(?:'s|’s)\s+(?i:(?:own\s+)?words)\s*[:,]\s*(?P<claim>.+)$",
    rf"^(?P<name>{NAME})\s*:\s*(?P<claim>.+)$",
)]
SILENT = re.compile(
    rf"^(?i:{_PREFIX})*(?P<name>{NAME})\s+(?i:(?:says|said)\s+nothing(?:\s+at\s+all)?|(?:remains|remained|stays|stayed|keeps|kept|"
    r"is|was)\s+(?:silent|quiet)|(?:does|did)\s+not\s+(?:say\s+anything|answer|reply|speak)|says\s+not\s+a\s+word)$")
DIRECT = (4, 5)  # the frames of SPEECH_REPORTED that give a speaker's own words: "In A's words: …", "A: …"
JOINERS = re.compile(r"\s*(?:;|,)?\s+(?i:and|while|whereas|but|then|and then|after which|whereupon)\s+|\s*;\s*"
                     r"|(?<=Q)\s+(?=Q\d+Q)|(?<=\dQ)\s*,?\s+(?=[^\W\d_a-z][\w'’-]*\s+(?:[a-z]+\s+)?(?:says|said|replies|replied|"
                     r"answers|answered|adds|added|claims|claimed|states|stated)\b)")

NUM_WORD = r"(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_PEOPLE_NOUN = (r"(?:inhabitants?|people|persons?|natives?|islanders?|residents?|individuals?|characters?|men|women|"
                r"strangers?|figures?|locals?|villagers?|creatures?|beings?|travell?ers?|citizens?|suspects?|friends|"
                r"members|guards?|members of the tribe|speakers?|fellows?|souls?|visitors?|children|kids|boys|girls)")
_OF_PLACE = r"(?:\s+(?:of|from|on|in)\s+(?:the|this|that)\s+[\w' -]+?)?"
NAMES = rf"(?P<names>{NAME}(?:\s*,\s*{NAME})*(?:\s*,?\s+(?i:and)\s+{NAME})?)"
_TAIL = r"(?:\s*,?\s+(?P<tail>(?i:who|that|each|all|both|standing|sitting|stand|sit|waiting|talking|gathered|together|in|at|on|near|by|are|were|approach|come|walk|from|live|lives|living|reside|residing|dwell|dwelling|meet|met|have|had|make|made)\b[^\"“”]*))?"
INTRO = [re.compile(p, re.S) for p in (
    rf"^(?i:{_PREFIX})*(?i:(?:on|in|at)\s+(?:the|this|that|an?)\s+(?:[\w-]+\s+){{0,3}}?(?:island|village|land|shore|beach)"
    rf"(?:\s+of\s+[\w' -]+?)?\s*,\s*)?(?i:(?:while\s+)?(?:walking|travell?ing|wandering)[^,]*,\s*)?(?i:you|we|i)\s+(?i:(?:then|now|soon|suddenly)\s+)?"
    r"(?i:meet|met|encounter|encountered|come across|came across|run into|ran into|see|saw|find|found|approach|approached|"
    r"are approached by|were approached by|talk to|talked to|speak with|spoke with|speak to|spoke to|visit|visited|"
    r"happen upon|happened upon|stumble upon|stumbled upon|interview|interviewed|question|questioned|"
    r"come upon|came upon|bump into|bumped into|are greeted by|were greeted by|get to know|got to know)\s+"
    rf"(?:(?P<count>(?i:{NUM_WORD}))\s+)?(?:(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN}){_OF_PLACE}\s*(?:[:,—–-]\s*)?(?i:(?:named|called)\s+)?)?"
    rf"{NAMES}{_TAIL}$",
    rf"^(?i:{_PREFIX})*(?i:there\s+(?:are|were|is))\s+(?i:(?:only|just|exactly)\s+)?(?P<count>(?i:{NUM_WORD}))\s+(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN}){_OF_PLACE}"
    rf"(?i:\s+here|\s+present)?\s*(?:[:,—–-]\s*)?(?i:(?:named|called)\s+)?{NAMES}{_TAIL}$",
    rf"^(?P<count>(?i:{NUM_WORD}))\s+(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN}){_OF_PLACE}\s*,\s*(?i:(?:named|called)\s+)?{NAMES}\s*,{_TAIL}$",
    rf"^(?i:{_PREFIX})*{NAMES}\s+(?i:are|were)\s+(?:(?P<count>(?i:{NUM_WORD}))\s+)?(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN}){_OF_PLACE}{_TAIL}$",
    rf"^(?i:the|their)\s+(?i:(?:[a-z]+\s+){{0,2}}?(?:{_PEOPLE_NOUN}|names)){_OF_PLACE}\s+(?i:are|were)\s+(?i:(?:named|called)\s+)?{NAMES}$",
    rf"^(?i:characters|people|persons|inhabitants|natives|islanders|names|cast|participants|speakers|suspects|"
    rf"the\s+(?:characters|people|persons|inhabitants|natives|islanders|speakers|suspects))\s*[:—–-]\s*{NAMES}$",
    rf"^(?i:{_PREFIX})*(?i:we|you)\s+(?i:(?:again|now|also|once\s+again|still)\s+)?(?i:have|are\s+given|are\s+told\s+about)\s+"
    rf"(?i:(?:only|just|exactly)\s+)?(?:(?P<count>(?i:{NUM_WORD}))\s+)?(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN}){_OF_PLACE}"
    rf"\s*[:,—–-]?\s*(?i:(?:named|called)\s+)?{NAMES}{_TAIL}$",
    rf"^(?i:{_PREFIX})*(?i:you|we)\s+(?i:come|came|arrive|arrived|reach|reached)\s+(?i:to|at|upon)?\s*[^,\"“”]+?\s+"
    rf"(?i:guarded|watched|attended|kept|manned)\s+(?i:by)\s+(?:(?P<count>(?i:{NUM_WORD}))\s+)?"
    rf"(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN})\s*[:,—–-]?\s*(?i:(?:named|called)\s+)?{NAMES}{_TAIL}$",
    rf"^(?i:{_PREFIX})*(?P<count>(?i:{NUM_WORD}))\s+(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN}){_OF_PLACE}\s*[:,—–-]?\s*"
    rf"(?i:(?:named|called)\s+)?{NAMES}$",
    rf"^(?i:{_PREFIX})*(?i:consider|imagine|take|suppose there are|picture)\s+(?:(?P<count>(?i:{NUM_WORD}))\s+)?(?i:(?:[a-z]+\s+){{0,2}}?{_PEOPLE_NOUN}){_OF_PLACE}"
    rf"\s*[:,—–-]?\s*(?i:(?:named|called)\s+)?{NAMES}{_TAIL}$",
)]

LABEL = re.compile(r"^(?i:question|q|statement|statements|clue|hint|fact|note|puzzle|problem|context|premises?|"
                   r"given|info|information|scenario|setup|set-up|story|background|task|example|data|input|riddle|"
                   r"exercise|challenge|part|case|situation|round|level|prompt|instructions?|rules?|setting|query|"
                   r"facts|clues|description)\s*\d*\s*[:.)–—-]\s*")
QUESTION_PREFIX = re.compile(
    r"^(?:(?:so|then|now|therefore|thus|hence|finally|and|but|ok|okay|well|here is the question|the question is|"
    r"given (?:this|that|these statements|the statements above|the above|this information|all this)|"
    r"based on (?:this|that|these|the above|all this|the (?:statements|information|clues|above)|their statements|what they said)(?: statements| information| clues)?|"
    r"from (?:this|these statements|the statements|their statements|what they said)|using (?:this|these statements)|"
    r"with (?:this|that|the above) information|in (?:this|that) case|if so|assuming (?:everything|all) (?:above )?is (?:true|consistent)|"
    r"for each of these (?:situations|cases|exercises|problems|puzzles)|if possible|"
    r"for each (?:person|one|of them|inhabitant|native|islander|individual|of the (?:two|three|four|five) (?:people|inhabitants))|"
    r"(?:determine|decide|find out) whether there is a unique solution,? and(?: then)?)"
    r"\s*[:,]?\s+)+", re.I)
INDIRECT = re.compile(
    r"^(?:(?:please\s+)?(?:can|could)\s+you\s+(?:please\s+)?(?:determine|tell(?:\s+me)?|figure\s+out|work\s+out|deduce|say|identify|decide|find\s+out|infer|work\s+out|establish)|"
    r"(?:please\s+)?(?:determine|identify|decide|find\s+out|figure\s+out|work\s+out|deduce|tell\s+me|establish|infer|state|say)"
    r"(?:\s*,\s*if\s+(?:possible|you\s+can)\s*,)?|"
    r"your\s+(?:task|job|goal|challenge)\s+is\s+to\s+(?:determine|identify|find\s+out|figure\s+out|work\s+out|deduce|decide|tell)|"
    r"(?:you|we)\s+(?:must|need\s+to|should|want\s+to|have\s+to|are\s+asked\s+to)\s+(?:determine|find\s+out|figure\s+out|work\s+out|deduce|decide|identify|tell)|"
    r"is\s+it\s+possible\s+to\s+(?:determine|tell|know|say|deduce)|i\s+(?:want|would\s+like)\s+to\s+know|"
    r"(?:can|could)\s+(?:it|one)\s+be\s+(?:determined|decided|deduced|known|told|worked\s+out)|"
    r"we\s+(?:want|would\s+like)\s+to\s+know|(?:do|can)\s+you\s+know)\s*:?\s+(?=(?:who|which|what|whether|if|how)\b)", re.I)
QUESTION_SUFFIX = re.compile(r"(?:\s*,?\s*(?:based on|given|according to|from)\s+(?:these|the|their|this|those|all)\s+"
                             r"(?:statements|information|clues|above|answers|claims|facts)(?:\s+above)?"
                             r"|\s*,?\s+if\s+they\s+(?:address\s+you|speak(?:\s+to\s+you)?|answer(?:\s+you)?)\s+(?:in|as)\s+"
                             r"(?:the\s+)?(?:ways?|manners?)\s+described(?:\s+(?:below|above))?)\s*(?=[?.!]?$)", re.I)
GENERIC_QUESTION = re.compile(
    r"\bwhich\s+(?:one\s+)?of\s+the\s+(?:following|statements|options|choices|answers|possibilities|scenarios|assignments)\b|"
    r"\bwhich\s+(?:of\s+these|statement|option|choice|answer|possibility|scenario|assignment)\b|"
    r"\bwhat\s+(?:can|must|do|does|could|should)\s+(?:we|you|one)\s+(?:conclude|deduce|infer|say)\b|"
    r"\bwhich\s+(?:is|are|must\s+be|could\s+be|can\s+be)\s+(?:true|correct|the\s+case|right)\b|"
    r"\bwhat\s+is\s+(?:true|the\s+(?:answer|solution|truth)|correct)\b|\bfollowing\s+(?:is|are|must\s+be)\s+(?:true|correct)\b", re.I)
OPTIONS_HEADER = re.compile(r"^(?:the\s+)?(?:options|choices|answer\s+choices|answer\s+options|possible\s+answers|answers|"
                            r"choose\s+(?:one|the\s+correct\s+(?:option|answer))(?:\s+of\s+the\s+following)?|"
                            r"candidates|choose\s+from|select\s+from|pick\s+one|choose\s+one|select\s+one)"
                            r"(?:\s+(?:are|is))?\s*:?\s*$", re.I)
FACT_PREFIX = re.compile(
    r"^(?:(?:it\s+is\s+(?:known|given|certain|a\s+fact)\s+that|(?:you|we)\s+(?:know|are\s+told|learn|learned|find\s+out|"
    r"found\s+out|discover|discovered|also\s+know|already\s+know|hear|heard)\s+that|(?:you|we)\s+(?:also\s+|already\s+)?know|"
    r"note\s+that|remember\s+that|"
    r"(?:the\s+)?(?:truth|fact)\s+is\s+(?:that\s+)?|in\s+fact|in\s+truth|in\s+reality|"
    r"also|moreover|furthermore|in\s+addition|additionally|besides|however|and|but|so|now|finally|further|"
    r"what\s+is\s+more|on\s+top\s+of\s+that|(?:a\s+)?reliable\s+source\s+(?:says|tells\s+you)\s+(?:that\s+)?)\s*[:,]?\s+)+", re.I)


@dataclass(frozen=True)
class Quote:
    """A quotation in a sentence: where its words start and end (without the marks)."""

    start: int
    end: int


@dataclass(frozen=True)
class Speech:
    """One speaker's words in a sentence: the speaker, where the name is, the claim span(s), whether quoted,
    and who is addressed ('you' inside the words), if anyone."""

    speaker: str
    at: int
    spans: tuple[tuple[int, int], ...]
    quoted: bool
    hearer: str | None = None
    hearer_at: int = 0
    negated: bool = False  # "A denies that …"
    labelled: bool = False  # "A: B is a knave": the name before a colon (a speaker, or a heading?)
    silent: bool = False  # "… and B says nothing": B speaks no claim


def quotes(text: str) -> list[Quote] | None:
    """Return the top-level quotations of a sentence; None when a quotation mark is left open."""
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in OPEN_TO_CLOSE and (ch not in "'‘" or _opens(text, i)):
            j = _closing(text, i)
            if j is None:
                return None
            out.append(Quote(i + 1, j))
            i = j + 1
            continue
        i += 1
    return out


def _closing(text: str, i: int) -> int | None:
    """Return where the quotation opened at i closes (curly quotes nest), or None."""
    ch, close = text[i], OPEN_TO_CLOSE[text[i]]
    depth = 0
    for j in range(i + 1, len(text)):
        c = text[j]
        if c == ch and ch in "“‘«":
            depth += 1
        elif c == close or (ch == "“" and c == '"'):
            if close in "'’" and not _closes(text, j):
                continue
            if depth == 0:
                return j
            depth -= 1
    return None


def _opens(text: str, i: int) -> bool:
    before = text[i - 1] if i else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    return not before.isalnum() and (after.isalnum() or after in "\"“")


def _closes(text: str, i: int) -> bool:
    after = text[i + 1] if i + 1 < len(text) else " "
    before = text[i - 1] if i else " "
    return not after.isalnum() and before != " "


def skeleton(text: str, qs: list[Quote]) -> tuple[str, list[int]]:
    """Return the sentence with each quotation replaced by 'Q<i>Q', and a map from skeleton offsets to text
    offsets."""
    out = []
    offsets: list[int] = []
    pos = 0
    for k, q in enumerate(qs):
        part = text[pos:q.start - 1]
        out.append(part)
        offsets.extend(range(pos, q.start - 1))
        mark = f"Q{k}Q"
        out.append(mark)
        offsets.extend([q.start - 1] * len(mark))
        pos = q.end + 1
    out.append(text[pos:])
    offsets.extend(range(pos, len(text)))
    offsets.append(len(text))
    return "".join(out), offsets


PEOPLE_NOUN = re.compile(r"^(?:the\s+)?(?:" + "|".join(sorted(PEOPLE_NOUNS)) + r")\s+", re.I)


def clean_name(name: str, at: int) -> tuple[str, int]:
    """Return a captured name without a word for a person before it ('Inhabitant A' -> 'A'), and its offset."""
    m = PEOPLE_NOUN.match(name)
    if m and m.end() < len(name) and name[m.end()].isupper():
        return name[m.end():], at + m.end()
    return name, at


def _name_ok(name: str) -> bool:
    """Return whether a captured name can be a person's name (no keyword, no sentence word)."""
    first = name.split()[0]
    if len(first) == 1 and first.isupper() and first != "I":
        return True
    return first.lower() not in KEYWORDS and first.lower() not in NUMBERS and first.lower() not in (
        "according", "as", "in", "then", "so", "when", "asked", "after", "first", "next", "finally", "now", "later",
        "meanwhile", "also", "however", "suddenly", "here", "there", "this", "these", "those", "question", "statement",
        "clue", "hint", "fact", "note", "options", "choices", "answer", "puzzle", "problem", "one", "everyone",
        "nobody", "someone", "each", "every", "neither", "either", "both", "all", "none", "it", "what", "who", "which",
        "how", "why", "is", "are", "do", "does", "can", "could", "would", "should", "if", "the", "a", "an", "and",
        "suppose", "supposing", "assume", "assuming", "imagine", "consider", "again", "instead", "similarly", "likewise",
        "still", "yet", "lastly", "firstly", "secondly", "thirdly", "further", "besides", "hence", "therefore", "thus",
        "well", "ok", "okay", "yes", "no", "today", "tomorrow", "yesterday", "once", "afterwards", "afterward",
        "before", "must", "might", "shall", "did", "was", "were", "has", "have", "had", "you", "we",
        "they", "he", "she", "i", "where", "whose", "whom", "whether", "to", "for", "with", "by", "on", "at", "of",
        "from", "but", "or", "nor", "not", "that", "its", "his", "her", "their", "our", "my", "your", "upon",
        "while", "since", "because", "though", "although", "unless", "until", "determine", "identify", "find",
        "name", "list", "tell", "say", "decide", "explain", "show", "prove", "give", "state", "deduce")


def speeches(text: str) -> list[Speech] | None:
    """Return the speeches of a sentence, or None when no speech frame covers it."""
    body = text.rstrip()
    while body and body[-1] in ".!":
        body = body[:-1].rstrip()
    qs = quotes(body)
    if qs is None:
        return None
    skel, offsets = skeleton(body, qs)
    found = _speech(skel, offsets, qs, body)
    if found is not None:
        return found
    parts = _split_joined(skel)
    if len(parts) > 1:
        out: list[Speech] = []
        for a, b in parts:
            quiet = None if QUOTE_MARK.search(skel[a:b]) else silent(skel[a:b])
            if quiet is not None:
                out.append(Speech(quiet[0], offsets[a + quiet[1]], (), False, silent=True))
                continue
            got = _speech(skel[a:b], offsets[a:b + 1], qs, body, base=a)
            if got is None:
                return None
            out += got
        return out
    return None


def _split_joined(skel: str) -> list[tuple[int, int]]:
    """Return the spans of a skeleton split at joiners between speeches ('…, and B says …')."""
    spans = []
    pos = 0
    for m in JOINERS.finditer(skel):
        if m.start() == 0:
            continue
        spans.append((pos, m.start()))
        pos = m.end()
    spans.append((pos, len(skel)))
    return spans if len(spans) > 1 else [(0, len(skel))]


def _speech(skel: str, offsets: list[int], qs: list[Quote], body: str, base: int = 0) -> list[Speech] | None:
    """Return the speeches one frame finds in (a part of) a skeleton, or None."""
    for frame in SPEECH_QUOTED:
        m = frame.match(skel)
        name, at = clean_name(m.group("name"), m.start("name")) if m else ("", 0)
        if m and _name_ok(name):
            spans = [(qs[int(q)].start, qs[int(q)].end) for q in QUOTE_MARK.findall(m.group("quotes"))]
            if "more" in m.groupdict() and m.group("more"):
                spans += [(qs[int(q)].start, qs[int(q)].end) for q in QUOTE_MARK.findall(m.group("more"))]
            return [Speech(name, offsets[at], tuple(spans), True, *_hearer(m, offsets))]
    if "Q" in skel and QUOTE_MARK.search(skel):
        g = SPEECH_GROUP.match(skel)
        if g and QUOTE_MARK.fullmatch(g.group("rest").strip(" ,:.")):
            q = qs[int(QUOTE_MARK.search(g.group("rest")).group(1))]
            return _group(g, offsets, [(q.start, q.end)], True)
        return None
    g = SPEECH_GROUP.match(skel)
    if g:
        return _group(g, offsets, [(offsets[g.start("rest")], offsets[g.end("rest")])], False)
    for k, frame in enumerate(SPEECH_REPORTED):
        m = frame.match(skel)
        name, at = clean_name(m.group("name"), m.start("name")) if m else ("", 0)
        if m and _name_ok(name):
            claim = (offsets[m.start("claim")], offsets[m.end("claim")])
            direct = k in DIRECT  # "A: I am a knight" gives A's own words, unquoted
            denied = (m.groupdict().get("verb") or "").lower().startswith("den")
            return [Speech(name, offsets[at], (claim,), direct, *_hearer(m, offsets), negated=denied, labelled=k == 5)]
    return None


def _hearer(m: re.Match[str], offsets: list[int]) -> tuple[str | None, int]:
    to = m.groupdict().get("to")
    if not to:
        return None, 0
    if to.lower() in ("you", "me", "us"):
        return None, 0
    return to, offsets[m.start("to")]


def _group(g: re.Match[str], offsets: list[int], spans: list[tuple[int, int]], quoted: bool) -> list[Speech] | None:
    names = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", g.group("names"))
    out = []
    pos = g.start("names")
    for n in names:
        at = g.group("names").index(n, pos - g.start("names")) + g.start("names")
        pos = at + len(n)
        n, at = clean_name(n, at)
        if not _name_ok(n):
            return None
        out.append(Speech(n, offsets[at], tuple(spans), quoted))
    return out


_ANSWER_VERB = r"(?:answer|answers|answered|say|says|said|reply|replies|replied|respond|responds|responded)(?:\s+with)?"
_YN = r"\s*[,:]?\s*[\"“'‘]?(?P<yn>yes|no)[\"”'’]?"
ANSWERS = [re.compile(p, re.S) for p in (
    rf"^(?i:(?:when\s+|if\s+)?(?:you\s+)?(?:asked|ask|were\s+to\s+ask))\s+(?:(?P<to>{NAME})\s+)?(?i:whether|if)\s+"
    rf"(?P<claim>.+?)\s*,\s*(?:(?i:then)\s+)?(?P<name>{NAME}|(?i:he|she))\s+(?i:would\s+)?(?i:{_ANSWER_VERB}){_YN}$",
    rf"^(?P<name>{NAME})\s+(?i:would\s+)?(?i:{_ANSWER_VERB}){_YN}\s+(?i:if|when)\s+(?i:(?:you\s+)?(?:asked|ask)(?:\s+(?:him|her))?|"
    rf"he\s+is\s+asked|she\s+is\s+asked|he\s+were\s+asked|she\s+were\s+asked)\s+(?i:whether|if)\s+(?P<claim>.+)$",
    rf"^(?i:when\s+)?(?P<name>{NAME})\s+(?i:is|was)\s+asked\s+(?i:whether|if)\s+(?P<claim>.+?)\s*(?:,|\s+(?i:and))\s+"
    rf"(?:(?P<again>{NAME}|(?i:he|she))\s+)?(?i:{_ANSWER_VERB}){_YN}$",
)]


def answer(text: str) -> tuple[Speech, str] | None:
    """Return the speech of a yes-or-no answer ('Asked whether B is a knight, A says no') and 'yes' or 'no'."""
    body = text.rstrip().rstrip(".!").rstrip()
    for frame in ANSWERS:
        m = frame.match(body)
        if not m:
            continue
        name = m.group("name")
        other = m.groupdict().get("to") or m.groupdict().get("again")
        if name.lower() in ("he", "she"):
            if not m.groupdict().get("to"):
                continue
            name, at = m.group("to"), m.start("to")
        else:
            at = m.start("name")
            if other and other.lower() not in ("he", "she") and other != name:
                continue
        name, at = clean_name(name, at)
        if not _name_ok(name):
            continue
        return Speech(name, at, ((m.start("claim"), m.end("claim")),), False), m.group("yn").lower()
    return None


LIST_HEADER = re.compile(
    r"^(?:(?:here\s+is|here's|these\s+are|this\s+is|below\s+(?:is|are))\s+what\s+(?:they|each\s+of\s+them|the\s+[\w-]+|"
    r"the\s+[\w-]+\s+[\w-]+)\s+(?:tell|told|say|said|says|tells|claim|claimed|state|stated)(?:\s+(?:you|us|me))?"
    r"|(?:they|each\s+of\s+them|both\s+of\s+them|all\s+of\s+them|the\s+(?:inhabitants|natives|islanders|people|"
    r"three|two|four|five|six)(?:\s+[\w-]+)?)\s+(?:say|said|tell\s+you|told\s+you|state|stated|claim|claimed|speak|spoke|"
    r"declare|declared|make\s+(?:the\s+following|these)\s+statements|made\s+(?:the\s+following|these)\s+statements|"
    r"(?:each\s+)?make\s+(?:a|one)\s+statement|(?:each\s+)?made\s+(?:a|one)\s+statement)(?:\s+the\s+following)?"
    r"|(?:each\s+of\s+them|each|every\s+one\s+of\s+them)\s+(?:makes?|made)\s+(?:a|one|the\s+following)\s+statements?"
    r"|(?:(?:suppose|now|then|again|next)(?:\s+instead)?\s*,?\s+)?"
    r"(?:[A-Z][\w'’-]*\s*,\s*)*[A-Z][\w'’-]*\s*,?\s+and\s+[A-Z][\w'’-]*\s+(?:make|made|say|said|state|stated)\s+"
    r"(?:the\s+following(?:\s+statements)?|these\s+statements|(?:the\s+following\s+)?statements))"
    r"\s*(?:[:.]\s*)?$", re.I)


def silent(text: str) -> tuple[str, int] | None:
    """Return who a sentence says is silent ('C says nothing') and where the name is, or None."""
    m = SILENT.match(text.rstrip().rstrip(".!").rstrip())
    if m:
        name, at = clean_name(m.group("name"), m.start("name"))
        if _name_ok(name):
            return name, at
    return None


@dataclass(frozen=True)
class Intro:
    """People a sentence introduces: their names with offsets, and the number it states (if any)."""

    names: tuple[tuple[str, int], ...]
    count: int | None
    count_at: int
    kinds: tuple[tuple[str, int], ...] = ()  # "…, each of whom is a knight or a knave": the role words, offsets


KINDS_TAIL = re.compile(r"^(?:each|every\s+one|all|both)\s+of\s+whom\s+(?:is|are)\s+(?:(?:each|all|both)\s+)?(?:either\s+)?"
                        r"(?P<list>(?:an?\s+)?[\w-]+(?:\s*,\s*(?:an?\s+)?[\w-]+)*\s*,?\s+or\s+(?:an?\s+)?[\w-]+)$", re.I)


PLACE_PHRASE = re.compile(r"\b(?:on|in|from|of)\s+(?:the|an|a|this|that)\s+(?:[\w-]+\s+){0,3}?(?:island|land|village)"
                          r"(?:\s+of\s+[\w\s,-]+)?", re.I)


def intro(text: str) -> Intro | None:
    """Return the people a sentence introduces, or None when it is no introduction."""
    body = text.rstrip().rstrip(".!").rstrip()
    if any(q in body for q in "\"“”"):
        return None
    for frame in INTRO:
        m = frame.match(body)
        if not m:
            continue
        names = []
        seg = m.group("names")
        start = m.start("names")
        for part in re.finditer(rf"(?<![\w'’-]){NAME}", seg):
            word, at = clean_name(part.group(), start + part.start())
            if not word[0].isupper() or not _name_ok(word):
                names = []
                break
            names.append((word, at))
        if not names:
            continue
        tail = PLACE_PHRASE.sub(" ", m.groupdict().get("tail") or "")
        kinds: list[tuple[str, int]] = []
        k = KINDS_TAIL.match(m.groupdict().get("tail") or "")
        if k:
            at = m.start("tail") + k.start("list")
            for w in re.finditer(r"[\w-]+", k.group("list")):
                if w.group().lower() not in ("a", "an", "or"):
                    kinds.append((w.group(), at + w.start()))
        elif re.search(r"\b(?:knights?|knaves?|liars?|lies|lie|lying|truth\w*|honest)\b", tail, re.I):
            continue
        count = m.groupdict().get("count")
        n = None
        if count:
            n = int(count) if count.isdigit() else NUMBERS[count.lower()]
        return Intro(tuple(names), n, names[0][1], tuple(kinds))
    return None


def strip_label(text: str) -> tuple[str, int]:
    """Return a sentence without a leading label ('Question:', 'Statement 2 -') and the characters removed."""
    m = LABEL.match(text)
    return (text[m.end():], m.end()) if m else (text, 0)


def strip_prefix(pattern: re.Pattern[str], text: str) -> tuple[str, int]:
    """Return a sentence without the words a pattern matches at its start, and how many characters went."""
    m = pattern.match(text)
    return (text[m.end():], m.end()) if m else (text, 0)


# sentences that say nothing about the people and ask nothing the reader answers: what "the same type" means, a
# textbook's aside about partial conclusions, that the people know one another's kinds
PASS_OVER = re.compile(
    r"^(?:two\s+(?:people|persons|inhabitants|natives|islanders)\s+are\s+(?:said\s+to\s+be\s+|called\s+)?(?:of\s+)?the\s+same\s+"
    r"(?:type|kind|sort)\s+if\s+(?:they\s+are\s+)?both\s+[\w-]+\s+or\s+both\s+[\w-]+"
    r"|when\s+there\s+is\s+no\s+unique\s+solution\s*,\s*list\s+all\s+(?:the\s+)?possible\s+solutions(?:\s+or\s+state\s+that\s+"
    r"there\s+are\s+no\s+solutions)?"
    r"|if\s+you\s+cannot\s+determine\s+what\s+(?:these|the|they)\b[^?]*,\s*can\s+you\s+draw\s+any\s+conclusions\s*\?"
    r"|(?:each|all|both)\s+(?:of\s+(?:the\s+)?(?:them|(?:two|three|four)\s+(?:people|inhabitants|natives)|these\s+people)\s+)?"
    r"knows?\s+(?:the\s+(?:type|kind)s?\s+of\s+(?:person\s+)?(?:each\s+of\s+)?(?:the\s+)?others?(?:\s+two)?(?:\s+is|\s+are)?|"
    r"(?:what|which\s+(?:type|kind))\s+(?:each\s+of\s+)?the\s+others?(?:\s+two)?\s+(?:is|are)|each\s+other's\s+(?:type|kind)s?)"
    r")\s*[.!]?$", re.I)
