"""The words of grid puzzles: values named in sentences, and phrases of known meaning as tokens.

- Value table: every value of every characteristic with the ways a text may name it (as written,
  hyphens and case aside; singular or plural, "dogs" for dog; a known variant: February for `feb`,
  British for `brit`). A sentence's mentions are found longest first; a name two characteristics
  share is told apart by the words of its own noun phrase (the characteristic's own words, then cue
  words: "the cat lover" is an animal, "owns a cat" a pet); when they do not tell, it is an error.
- Tokens: a sentence with its mentions marked (§i) becomes a list of tokens for grid.lark: phrases of
  known meaning (positions, relations, negation, connectives) become one token each, the other
  words runs of filler. A word of position or relation that no phrase took ("left" in "on the
  left"), or a word that would change a clue's meaning unseen ("hates", "behind", "than"), makes
  the sentence unreadable: it is never taken as filler.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import PuzzleError

NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split())}
ORDINAL_OF = {v: k for k, v in ORDINALS.items()}
MONTHS = {"jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
          "aug": "august", "sep": "september", "sept": "september", "oct": "october", "nov": "november",
          "dec": "december"}
NATIONALITIES = {"brit": "british", "swede": "swedish", "dane": "danish", "norwegian": "norwegian",
                 "german": "german", "chinese": "chinese", "mexican": "mexican"}
VARIANTS = {"painting": ("paints",), "roses": ("rose bouquet",)}
IRREGULAR = {"man": "men", "woman": "women", "child": "children", "mouse": "mice", "goose": "geese",
             "person": "people", "foot": "feet", "tooth": "teeth", "ox": "oxen", "wolf": "wolves",
             "leaf": "leaves", "knife": "knives", "wife": "wives", "calf": "calves"}


def norm(text: str) -> str:
    """Return a text lower-cased with hyphens, underscores and curly quotes made plain (same length)."""
    return text.lower().replace("-", " ").replace("_", " ").replace("’", "'").replace("‘", "'")


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class Value:
    """One value of one characteristic: its category, the category's description, the value as written."""

    category: str
    description: str
    value: str

    @property
    def var(self) -> str:
        """Return the value's name in the clue language: 'category:value'."""
        return f"{self.category}:{self.value}"


def value_forms(value: str) -> set[str]:
    """Return the ways a sentence may name a value (normalised): as written, variants, singular and plural."""
    v = re.sub(r"\s+", " ", norm(value)).strip()
    forms = {v, *VARIANTS.get(v, ())}
    if v in MONTHS:
        forms.add(MONTHS[v])
    if v in NATIONALITIES:
        forms.add(NATIONALITIES[v])
    last = v.split(" ")[-1]
    head = v[: len(v) - len(last)]
    if v.endswith("s") and len(v) > 3 and not v.endswith("ss"):
        forms.add(v[:-1])
        if v.endswith("ies") and len(v) > 4:
            forms.add(v[:-3] + "y")
    if last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
        forms.add(head + last[:-1] + "ies")
    if last in IRREGULAR:
        forms.add(head + IRREGULAR[last])
    if last.endswith("ing") and len(last) > 5 and last[-4] not in "aeiou":  # knitting: the knitter, who knits
        stem = last[:-3]
        plain = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiousl" else stem
        forms |= {head + stem + "er", head + plain + "s", head + plain + "es"}
    for sing, plural in IRREGULAR.items():
        if last == plural:
            forms.add(head + sing)
    return forms


def _form_pattern(form: str) -> str:
    body = re.escape(form).replace(r"\ ", r"\s+")
    body = re.sub(r"(?<=[a-z])(?=[0-9])", " ?", body)  # f150 also matches f 150 (from f-150)
    return rf"{body}(?:e?s)?"


CUES = {"lover": "animals", "keeper": "animals", "enthusiast": "animals", "owner": "animals", "keeps": "animals",
        "owns": "pet", "has": "pet", "aquarium": "pet", "pet": "pet"}
STOP = {"each", "person", "has", "a", "an", "the", "unique", "of", "in", "is", "are", "their", "people", "everyone",
        "they", "all", "have", "who", "whose", "by", "different", "for", "something", "to", "distinct", "own"}


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower())) - STOP


def _context_score(context: str, description: str) -> int:
    """Return how many words of a characteristic's description occur in a mention's own noun phrase."""
    return len(_words(context) & _words(description))


def _cue_score(context: str, description: str) -> int:
    """Return 1 if the noun phrase holds a cue word pointing at this characteristic."""
    desc = set(re.findall(r"[a-z]+", description.lower()))
    cues = {CUES[w] for w in re.findall(r"[a-z]+", context) if w in CUES}
    cue = "pet" if "pet" in cues else "animals" if cues else None  # "keeps a pet bird" is a pet
    return 1 if cue is not None and cue in desc else 0


class ValueTable:
    """The values of a grid puzzle and the patterns that find them in sentences."""

    def __init__(self, values: list[Value]):
        self.values = values
        owners: dict[str, list[int]] = {}
        for i, v in enumerate(values):
            for f in value_forms(v.value):
                owners.setdefault(f, []).append(i)
        self.owners = owners
        self.exact = {i: re.sub(r"\s+", " ", norm(v.value)).strip() for i, v in enumerate(values)}
        forms = sorted(owners, key=lambda f: (-len(f), f))
        self.pattern = re.compile(r"(?<![a-z0-9])(?:" + "|".join(f"(?P<f{k}>{_form_pattern(f)})" for k, f in enumerate(forms))
                                  + r")(?![a-z0-9])") if forms else None
        self.forms = forms

    def mentions(self, text: str) -> list[tuple[int, int, int]]:
        """Return (start, end, value index) of each value a sentence names, in order; raise PuzzleError
        (without a place) when a name two characteristics share is not told apart by its noun phrase."""
        if self.pattern is None:
            return []
        low = norm(text)
        found: list[tuple[int, int, list[int]]] = []
        for m in self.pattern.finditer(low):
            k = int(m.lastgroup[1:])
            form = self.forms[k]
            owners = self.owners[form]
            said = re.sub(r"\s+", " ", m.group()).strip()
            exact = [i for i in owners if self.exact[i] == said]
            found.append((m.start(), m.end(), exact or owners))
        spans, prev = [], 0
        for k, (start, end, owners) in enumerate(found):
            if len(owners) > 1:
                owners = [self._resolve(low, found, k, prev, owners)]
            spans.append((start, end, owners[0]))
            prev = end
        return spans

    def _resolve(self, low: str, found: list, k: int, prev: int, owners: list[int]) -> int:
        start, end, _ = found[k]
        following = found[k + 1][0] if k + 1 < len(found) else len(low)
        before = low[prev:start]
        cut = list(re.finditer(r"\b(?:of|than|from|to) (?:the|a|an) ", before))
        if cut:  # "the name of the person whose child is Alice": its own noun phrase starts after 'of'
            before = before[cut[-1].start() + 3:]
        after = re.split(r"\b(?:is|are|and)\b", low[end:following])[0]  # the rest of its own noun phrase
        scores = [(_context_score(before, self.values[i].description), _context_score(after, self.values[i].description),
                   _cue_score(before + " " + after, self.values[i].description),
                   "name" in self.values[i].description.lower()) for i in owners]
        best = max(scores)
        if scores.count(best) > 1:
            cats = [self.values[i].category for i, s in zip(owners, scores) if s == best]
            said = low[start:end].strip()
            raise PuzzleError(f"expected '{said}' with its characteristic ('the person whose {cats[0]} is {said}'): "
                              f"it may be the {' or the '.join(cats)} value")
        return owners[scores.index(best)]


# ---------------------------------------------------------------- phrases as tokens

NOUN = (r"(?:house|seat|position|place|spot|chair|room|slot|space|stall|apartment|flat|locker|cabin|desk|bench|"
        r"box|plot|shop|store|office|garage|booth|cottage|home|villa|tent|parking spot|bed|table|door|step|pew|"
        r"stool|cubicle|lane|row|rank|post)")
NOUNS = NOUN[:-1] + r")s?"
ORD = "(?:" + "|".join(ORDINALS) + ")"
NUM = r"(?:\d+|" + "|".join(NUMBERS) + ")"
COUNT = r"(?:\d+|" + "|".join(w for w in NUMBERS if w != "zero") + r"|zero|no|a|an|a single|only one)"
AT = r"(?:(?:in|at|on|into|occupies|occupying|occupy|takes|take|taking|sits in|sit in) )?"
ROW = r"(?: of the (?:row|line|street|queue|bench|table|road|block|houses|seats))?"
D = r"(left|right)"
SIDE = r"(?:[ ]hand(?: side)?| side)?"
FRONT = "|front|back"

LEFTOVER = set(ORDINALS) | set(NUMBERS) - {"one"} | {
    "left", "right", "next", "between", "neighbour", "neighbours", "neighbor", "neighbors", "neighbouring",
    "neighboring", "adjacent", "beside", "alongside", "last", "middle", "centre", "center", "end", "ends", "even",
    "odd", "leftmost", "rightmost", "front", "back", "numbered", "penultimate", "either", "neither", "nor", "or",
    "directly", "immediately", "just", "somewhere", "anywhere", "immediate", "position", "positions"}
REJECT = {
    # other relations of place or order
    "behind", "before", "after", "ahead", "opposite", "across", "near", "nearby", "close", "closer", "closest",
    "far", "farther", "further", "furthest", "farthest", "away", "beyond", "past", "apart", "separated", "separate",
    "separates", "above", "below", "under", "over", "around", "among", "amongst", "follows", "follow", "following",
    "followed", "precedes", "precede", "preceding", "preceded", "faces", "face", "facing", "faced", "toward",
    "towards", "within", "outside", "inside", "upstairs", "downstairs", "up", "down", "earlier", "later", "then",
    "distance", "away", "together", "side", "halfway", "midway", "equidistant", "equally", "evenly",
    # comparison, quantity and exception
    "than", "more", "less", "most", "least", "fewer", "older", "younger", "taller", "shorter", "bigger", "smaller",
    "larger", "higher", "lower", "cheaper", "richer", "poorer", "longer", "except", "besides", "instead", "rather",
    "unlike", "different", "differs", "other", "another", "else", "every", "all", "each", "both", "any", "anyone",
    "anybody", "someone", "somebody", "some", "many", "several", "twice", "half", "exactly", "only",
    # negation and doubt not written as "not"
    "no", "none", "nobody", "nothing", "noone", "without", "lacks", "lack", "lacking", "hates", "hate", "hated",
    "dislikes", "dislike", "disliked", "detests", "detest", "avoids", "avoid", "refuses", "refuse", "allergic",
    "loathes", "despises", "wants", "want", "wished", "wishes", "wish", "envies", "envy", "fears", "fear",
    "lost", "loses", "lose", "sold", "sells", "sell", "gave", "gives", "give", "used", "formerly", "previously",
    "once", "stopped", "quit", "quits", "gave", "if", "unless", "when", "whenever", "while", "whereas", "although",
    "though", "because", "since", "so", "maybe", "perhaps", "possibly", "probably", "might", "may", "could",
    "would", "should", "must", "can", "cannot", "will", "shall", "false", "untrue", "wrong", "lie", "lies", "neighbour's",
    "likely", "unlikely", "except", "unless", "same", "beneath", "underneath", "atop", "upon", "top", "bottom",
    "north", "south", "east", "west", "clockwise", "counterclockwise", "anticlockwise", "opposed", "across",
    "skips", "skipped", "skip", "refrains", "abstains", "shuns", "rejects", "rejected", "declines", "declined",
    "ignores", "ignored", "misses", "missed", "switched", "swapped", "traded", "replaced", "moved", "borrowed",
    "borrows", "needs", "seeks", "seeking", "searching", "looking", "hoping", "planning", "considering", "dreams",
    "dreaming", "imagines", "pretends", "claims", "says", "said", "thinks", "believes", "doubts", "denies",
    "ex", "former", "formerly", "nearest", "respectively", "likewise", "similarly", "also's", "neighbour's", "neighbor's", "else's", "nobody's", "another's"}

# words allowed after all: these occur inside noun phrases of ZebraLogic and classic texts
REJECT -= {"only", "same", "many"}


@dataclass(frozen=True)
class Tok:
    """One token of a sentence for grid.lark: its kind and what it carries (a value index, a position, …)."""

    kind: str
    data: object = None
    text: str = ""


class Phrases:
    """Turns a marked sentence into tokens, for a row of a given number of positions; in a queue
    (`queue` 1: position 1 at the front, -1: at the back) 'behind', 'ahead of', 'in front of' and
    'from the back' have their meaning too, elsewhere they are unreadable."""

    def __init__(self, houses: int, queue: int = 0):
        self.n = houses
        self.queue = queue

    def _ord(self, word: str) -> int:
        return self.n if word == "last" else ORDINALS[word]

    def _count(self, word: str) -> int:
        w = word.strip()
        if w.isdigit():
            return int(w)
        if w in ("no", "zero"):
            return 0
        if w in ("a", "an", "a single", "only one"):
            return 1
        return NUMBERS[w]

    def rules(self) -> list[tuple[re.Pattern[str], object]]:
        """Return the (pattern, token maker) rules, most specific first."""
        n = self.n
        P = lambda spec: (lambda m: [Tok("P", spec(m), m.group())])  # noqa: E731
        R = lambda spec: (lambda m: [Tok("R", spec(m), m.group())])  # noqa: E731
        side = lambda m, g=1: m.group(g)  # noqa: E731
        rules = [
            # "Of Bob and the cat owner, one likes red and the other likes blue."
            (r"^of (?=.* , one\b.*\bthe other\b)", lambda m: [Tok("OF", None, m.group())]),
            (r"(?<= , )one (?=.*\bthe other\b)", lambda m: [Tok("ONE", None, m.group())]),
            (r"(?:, )?\band the other(?: one| person)?\b", lambda m: [Tok("AND", None, "and"), Tok("OTHER", None, m.group())]),
            # sentences and clause heads
            (r"\bit is (?:not (?:true|the case)|false|untrue) that\b", lambda m: [Tok("NOTTRUE", None, m.group())]),
            (rf"\bthere (?:is|are|'s) (?:exactly )?({COUNT}) (?:[a-z]+ ){{0,2}}?between\b",
             lambda m: [Tok("BTW", self._count(m.group(1)), m.group())]),
            (rf"^(?:exactly )?({COUNT}) (?:[a-z]+ ){{0,2}}?(?:is |are |sits |sit |stands |stand |lives |live |lies |lie )?between\b",
             lambda m: [Tok("BTW", self._count(m.group(1)), m.group())]),
            (rf"^(?:exactly )?({COUNT}) (?:[a-z]+ ){{0,2}}?separates?\b",
             lambda m: [Tok("BTW", self._count(m.group(1)), m.group())]),
            (rf"\b(?:at|on|in) (?:the )?opposite ends{ROW}\b", lambda m: [Tok("OPPOSITE", None, m.group())]),
            (rf"\b(?:have|has) (?:exactly )?({COUNT}) (?:[a-z]+ ){{0,2}}?between them\b",
             lambda m: [Tok("BTWP", self._count(m.group(1)), m.group())]),
            (rf"\bare separated by (?:exactly )?({COUNT}) (?:[a-z]+)\b",
             lambda m: [Tok("BTWP", self._count(m.group(1)), m.group())]),
            # "lives between Bob and Carol": somewhere between (Bob and Carol on either side) unless said to be
            # directly between (Bob and Carol its two neighbours)
            (r"\b(?:directly|immediately|right|exactly|just) (?:in )?between\b", lambda m: [Tok("BTWX", "directly", m.group())]),
            (r"\b(?:somewhere |anywhere )?(?:in )?between\b",
             lambda m: [Tok("BTWX", "somewhere" if m.group().startswith(("somewhere", "anywhere")) else "plain",
                            m.group())]),
            (r"\bflanked (?:on (?:either|each|both) sides? )?by\b", lambda m: [Tok("BTWX", "directly", m.group())]),
            (r"(?<!\S)'s (?:two |immediate |next door )?neighbou?rs (?:are|were)\b",
             lambda m: [Tok("BTWX", "directly", m.group())]),
            (r"\b(?:on|at) (?:either|each|both|opposite) sides? of\b", lambda m: [Tok("SIDES", None, m.group())]),
            (r"(?<!\S)'s (?:next door |immediate )?neighbou?r$", lambda m: [Tok("NBR", None, m.group())]),
            (r"(?<!\S)'s (?:next door |immediate )?neighbou?r\b(?! 's)", R(lambda m: ("next",))),
            # "two houses apart", "two houses away from"
            (rf"\b({COUNT}) (?:{NOUN}s?|places?|positions?|doors?|spots?|steps?|seats?) (?:apart|away from (?:each other|"
             rf"one another))\b", lambda m: [Tok("APART", self._count(m.group(1)), m.group())]),
            (rf"\b({COUNT}) (?:{NOUN}s?|places?|positions?|doors?|spots?|steps?|seats?) away from\b",
             R(lambda m: ("dist", self._count(m.group(1))))),
            (r"\bnext door but one (?:to|from)\b", R(lambda m: ("dist", 2))),
            # positions counted from an end
            (rf"\b{AT}(?:the )?({ORD})(?: {NOUN})? on the {D}{ROW}\b",
             P(lambda m: ("at", self._from_end(ORDINALS[m.group(1)], m.group(2))))),
            (rf"\b(?:at|on|in) neither end{ROW}\b", lambda m: [Tok("NOT", None, "not"), Tok("P", ("ends",), m.group())]),
            (rf"\b{AT}(?:the )?(?:next to last|second to last|last but one|penultimate|one before last)(?: {NOUN})?\b",
             P(lambda m: ("at", n - 1))),
            (rf"\b{AT}(?:the )?({ORD}|last)(?: {NOUN}| person| one)? (?:from|to) (?:the )?(last|end|left|right|start|beginning{FRONT if self.queue else ''})(?: end)?{ROW}\b",
             P(lambda m: ("at", self._from_end(self._ord(m.group(1)), m.group(2))))),
            (rf"\b(?:its|his|her|their|the) (?:{NOUN} )?number is (?:an? )?(even|odd)(?: number)?\b",
             lambda m: [Tok("F", None, "is"), Tok("P", (m.group(1),), m.group())]),
            (rf"(?<!\S)'s (?:{NOUN} )?(?:number )?is (?:an? )?(even|odd)(?: number)?\b",
             lambda m: [Tok("F", None, "'s is"), Tok("P", (m.group(1),), m.group())]),
            (rf"(?<!\S)'s (?:{NOUN} )?(?:number )?is (?:number )?({NUM})\b",
             lambda m: [Tok("F", None, "'s is"), Tok("P", ("at", self._count(m.group(1))), m.group())]),
            # ends, far left and right, the middle
            (rf"\b{AT}(?:one of the|either|an|one|each|the two|both) ends?{ROW}\b", P(lambda m: ("ends",))),
            (rf"\b{AT}(?:one of the|either of the|an) end {NOUNS}\b", P(lambda m: ("ends",))),
            (rf"\b{AT}(?:the )?(?:far|extreme|very) {D}(?: end)?(?: {NOUN})?{ROW}\b",
             P(lambda m: ("at", 1 if side(m) == "left" else n))),
            (rf"\b{AT}(?:the )?{D}{SIDE} end{ROW}\b", P(lambda m: ("at", 1 if side(m) == "left" else n))),
            (rf"\b{AT}(?:the )?{D} ?most(?: {NOUN})?{ROW}\b", P(lambda m: ("at", 1 if side(m) == "left" else n))),
            (rf"\b{AT}(?:the )?(?:front|head|start|beginning) of the (?:line|queue)\b",
             P(lambda m: ("at", 1 if self.queue >= 0 else n))),
            (rf"\b{AT}(?:the )?(?:back|end|rear|tail) of the (?:line|queue)\b", P(lambda m: ("at", n if self.queue >= 0 else 1))),
            (rf"\b{AT}(?:the )?(?:very )?(?:middle|centre|center)(?! {NOUN}s\b)(?: {NOUN})?{ROW}\b", P(lambda m: ("middle",))),
            (rf"\b{AT}(?:an |a |one of the )?(even|odd)(?: numbered)? {NOUNS}\b", P(lambda m: (m.group(1),))),
            # numbered positions
            (rf"\b{AT}(?:the )?({ORD}|last)(?: {NOUN})?(?: in (?:the )?(?:line|queue|row))?{ROW}\b",
             P(lambda m: ("at", self._ord(m.group(1))))),
            (rf"\b{AT}(?:the )?{NOUN} (?:number |no |# ?)?({NUM})\b", P(lambda m: ("at", self._count(m.group(1))))),
            # relations to another value
            (r"\b(?:right|directly|immediately|just) next to\b", R(lambda m: ("next",))),
            (rf"\b(?:next to (?:each other|one another)|next door to (?:each other|one another)|side by side|"
             rf"adjacent to (?:each other|one another)|neighbou?rs of (?:each other|one another)|"
             rf"(?:in |on |at )?(?:adjacent|neighbou?ring|next door|side by side) {NOUNS})\b",
             lambda m: [Tok("PAIR", None, m.group())]),
            (r"\b(?:next door neighbou?rs|neighbou?rs|adjacent|next door)(?=\s*(?:$|,|\band\b|\bbut\b|"
             r"\bin (?:the )?(?:queue|line|row)\b))",
             lambda m: [Tok("PAIR", None, m.group())]),
            (r"\b(?:has|have) (?:a |one )?neighbou?r(?: who| that| whose)?\b", R(lambda m: ("next",))),
            (r"\b(?:a |the )?neighbou?rs? (?:of|to|with)\b", R(lambda m: ("next",))),
            (r"\b(?:next door to|next to|beside|alongside|adjacent to|neighbou?ring|neighbou?rs)\b", R(lambda m: ("next",))),
            (rf"\b({COUNT}) (?:{NOUN}s?|places?|positions?|doors?|steps?) (?:to the |on the )?{D}{SIDE} (?:of|from)\b",
             R(lambda m: ("off", self._count(m.group(1)) * (-1 if m.group(2) == "left" else 1)))),
            (rf"\b(?:directly|immediately|just|right|exactly) (?:to the |on the |at the )?{D}{SIDE} (?:of|from)\b",
             R(lambda m: ("off", -1 if side(m) == "left" else 1))),
            (rf"\b(?:to|on|at) the immediate {D}{SIDE} (?:of|from)\b", R(lambda m: ("off", -1 if side(m) == "left" else 1))),
            (rf"\b(?:somewhere|anywhere) (?:to the |on the )?{D}{SIDE} (?:of|from)\b", R(lambda m: (side(m),))),
            (rf"\b(?:somewhere )?(?:further|farther|more) (?:to the )?{D}(?: than| of)\b", R(lambda m: (side(m),))),
            # "on the left of" is the classic puzzles' idiom for the house just beside (Einstein's "the green
            # house is on the left of the white house"); "to the left of" is anywhere to the left
            (rf"\bon the {D}{SIDE} (?:of|from)\b", R(lambda m: ("off", -1 if side(m) == "left" else 1))),
            (rf"\bto the {D}{SIDE} (?:of|from)\b", R(lambda m: (side(m),))),
            (rf"\b{D} of\b", R(lambda m: (side(m),))),
            *self.queue_rules(),
            # connectives
            (r"\b(?:not|never)\b", lambda m: [Tok("NOT", None, m.group())]),
            (r"\b(?:and|but)\b", lambda m: [Tok("AND", None, m.group())]),
            (r"\beither\b", lambda m: [Tok("EITHER", None, m.group())]),
            (r"\bboth\b", lambda m: [Tok("BOTH", None, m.group())]),
            (r"\bneither\b", lambda m: [Tok("NEITHER", None, m.group())]),
            (r"\bnor\b", lambda m: [Tok("NOR", None, m.group())]),
            (r"\bor\b", lambda m: [Tok("OR", None, m.group())]),
        ]
        return [(re.compile(p), f) for p, f in rules]

    def queue_rules(self) -> list:
        """Return the rules of a queue: behind (towards the back), ahead of / in front of (towards the front)."""
        q = self.queue
        if not q:
            return []
        back = lambda k: ("off", k * q)  # noqa: E731  a position k places towards the back
        R = lambda spec: (lambda m: [Tok("R", spec(m), m.group())])  # noqa: E731
        behind, ahead = r"(?:behind|after)", r"(?:in front of|ahead of|before)"
        return [
            (rf"\b({COUNT}) (?:places?|positions?|spots?|people|persons|customers|{NOUN}s?) {behind}\b",
             R(lambda m: back(self._count(m.group(1))))),
            (rf"\b({COUNT}) (?:places?|positions?|spots?|people|persons|customers|{NOUN}s?) {ahead}\b",
             R(lambda m: back(-self._count(m.group(1))))),
            (rf"\b(?:directly|immediately|just|right|exactly) {behind}\b", R(lambda m: back(1))),
            (rf"\b(?:directly|immediately|just|right|exactly) {ahead}\b", R(lambda m: back(-1))),
            (rf"\b(?:somewhere |anywhere )?(?:(?:further|farther) back than|(?:closer|nearer) to the (?:back|end) than|"
             rf"{behind})\b", R(lambda m: ("right",) if q > 0 else ("left",))),
            (rf"\b(?:somewhere |anywhere )?(?:(?:further|farther) forward than|(?:closer|nearer) to the front than|"
             rf"{ahead})\b", R(lambda m: ("left",) if q > 0 else ("right",))),
            (rf"\b{AT}(?:the )?(?:very )?(?:front|head)\b", lambda m: [Tok("P", ("at", 1 if q > 0 else self.n), m.group())]),
            (rf"\b{AT}(?:the )?(?:very )?(?:back|rear|tail)\b", lambda m: [Tok("P", ("at", self.n if q > 0 else 1), m.group())]),
        ]

    def _from_end(self, k: int, end: str) -> int:
        """Return the position k places from an end ('second from the right' is n - 1)."""
        front = end in ("left", "start", "beginning") or (end == "front" and self.queue >= 0) or \
            (end == "back" and self.queue < 0)
        return k if front else self.n + 1 - k


_CONTRACTIONS = [(re.compile(r"\b(is|are|was|were|does|do|did|has|have|had|could|would|should)n't\b"), r"\1 not"),
                 (re.compile(r"\bcan't\b"), "can not"), (re.compile(r"\bwon't\b"), "will not"),
                 (re.compile(r"\bcannot\b"), "can not")]
_ORDINAL_DIGITS = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")


def clean(text: str) -> str:
    """Return a marked sentence as plain words: lower case, contractions spelled out, punctuation as ' , '."""
    s = text.lower().replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    s = s.rstrip().rstrip(".!?").rstrip()
    for pat, rep in _CONTRACTIONS:
        s = pat.sub(rep, s)
    s = _ORDINAL_DIGITS.sub(lambda m: ORDINAL_OF.get(int(m.group(1)), m.group()), s)
    s = re.sub(r"(?<=\w)'s\b", " 's", s)
    s = re.sub(r"[\"`*_]", " ", s)
    s = re.sub(r"[,;:()\[\]]|\s[–—-]\s", " , ", s)
    s = s.replace("-", " ")
    return re.sub(r"\s+", " ", s).strip()


class UnknownWord(Exception):
    """A word no phrase of known meaning took, and that cannot be filler."""

    def __init__(self, word: str):
        self.word = word


def tokens(marked: str, phrases: Phrases, rules: list) -> list[Tok]:
    """Return the tokens of a cleaned, marked sentence; raise UnknownWord for a word that cannot be read."""
    pieces: list[object] = [marked]
    for pattern, make in rules:
        out: list[object] = []
        for piece in pieces:
            if not isinstance(piece, str):
                out.append(piece)
                continue
            last = 0
            for m in pattern.finditer(piece):
                out.append(piece[last:m.start()])
                out.extend(make(m))
                last = m.end()
            out.append(piece[last:])
        pieces = [p for p in out if not (isinstance(p, str) and not p.strip())]
    toks: list[Tok] = []
    bad = [w for p in pieces if isinstance(p, str) for w in p.split()
           if w in LEFTOVER or w in REJECT or re.fullmatch(r"\d+", w)]
    flat = " ".join(p if isinstance(p, str) else p.kind for p in pieces)
    relative = re.search(r", ?(which|who|whom|whose|that|where)\b", flat)
    if relative:  # "…, which is next to …": which value it is about is not said
        raise UnknownWord(relative.group(1))
    echo = re.search(r"\b(as|so) (?:does|do|did|is|are|was|were|has|have|can)\b", flat)
    if echo:  # "…, as does the dog owner": the verb it repeats is not said
        raise UnknownWord(echo.group(1))
    if bad:
        raise UnknownWord(next((w for w in bad if w in REJECT), bad[0]))
    for piece in pieces:
        if isinstance(piece, Tok):
            if piece.kind == "F" and toks and toks[-1].kind == "F":
                toks[-1] = Tok("F", None, toks[-1].text + " " + piece.text)
            else:
                toks.append(piece)
            continue
        for word in piece.split():
            if word.startswith("§"):
                toks.append(Tok("M", int(word[1:]) if word[1:] != "W" else -1, word))
            elif word == ",":
                toks.append(Tok("COMMA", None, word))
            elif word in LEFTOVER or word in REJECT or re.fullmatch(r"\d+", word):
                raise UnknownWord(word)
            elif toks and toks[-1].kind == "F":
                toks[-1] = Tok("F", None, toks[-1].text + " " + word)
            else:
                toks.append(Tok("F", None, word))
    return toks
