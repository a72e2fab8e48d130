"""Grid puzzles in English (zebra, Einstein, people in a row), read into grid puzzles with their questions.

- Positions: houses, seats or places numbered 1..N from left to right (or from the front of a line);
  N from "There are five houses", "Five people sit in a row", "numbered 1 to 5", or the values.
- Association grids: a text that sets out no positions (no houses, seats, row, line or queue) pairs
  people with characteristics alone ("Four friends — Alice, Bob, Carol and Dave — each have a
  different pet (cat, dog, fish, parrot)"); its positions are the people themselves (the 'who'
  characteristic's values, in order, fixed by clues of their own), and any word of position in it
  is an error.
- Characteristics: ZebraLogic's header (" - Each person has a unique name: `Ada`, `Ben`"), prose
  ("Each person has a different favourite drink: tea, coffee or milk.", "The drinks are tea,
  coffee and milk.", "One of them keeps a cat, one a dog and one a fish.", "The people are Alice,
  Bob and Carol.", "Alice, Bob and Carol sit in a row.", "… each have a different pet (cat, dog)
  and a different colour (red, blue).", "Pets: cat, dog"), or, in classic texts that list nothing,
  the frames that name each value ("the red house", "the Englishman", "drinks tea", "owns the dog").
- Clues: each sentence with its values marked and its known phrases as tokens (grid_words), parsed
  by grid.lark with every reading kept; the readings must all mean the same clue. "X lives between
  Y and Z" is somewhere between (Y and Z on either side), "directly between" / "flanked by" / "Y and
  Z live on either side of X" / "X's neighbours are Y and Z" make Y and Z X's two neighbours; "two
  houses away from", "two houses apart", "Exactly one house separates …", "at opposite ends", "Of
  X and Y, one … and the other …", "The four people are X, Y, …" (all different), "X and Y are the
  same person", "X, who owns the dog, …". A value named through another person ("the Dane's wife",
  "the sister of Bob") is an error, never the person themself.
- Questions: "Who owns the zebra?", "What does Bob drink?", "What is the nationality of the person
  in the third house?", "In which house does Carol live?", "Is Bob next to Carol?", "Which of the
  following is true?" with lettered or numbered options.
- Passed over (Reading.ignored): framing sentences and sentences naming none of the puzzle's values
  or positions. Any other sentence that cannot be read is a PuzzleError with its line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from itertools import product
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from ..errors import PuzzleError
from ..formats.deduction_toml import grid_from_dict
from .framing import is_framing
from .grid_words import (NUMBERS, ORDINAL_OF, Phrases, Tok, UnknownWord, Value, ValueTable, clean, norm,
                         tokens)
from .read import Reading
from .sentences import Sentence

WHO = -1
OPTION_WANTS = {"who": "one of the puzzle's values", "what": "one of the puzzle's values",
                "where": "a position (3, the third house)", "claims": "a statement about the puzzle",
                "yes_no": "nothing (a yes-or-no question has no options)"}
NOT_READ = ("expected one of the puzzle's values and a position (is in the third house, is at one of the ends), "
            "or two values and a relation (is, is not, lives next to, is directly left of, is somewhere to the "
            "right of, There is one house between … and …)")


@lru_cache(maxsize=1)
def parser() -> Lark:
    """Return the clue grammar's Earley parser, every reading kept (built once)."""
    return Lark(files("smullyan.english").joinpath("grid.lark").read_text(encoding="utf-8"), start=["sent", "subject"],
                parser="earley", lexer="basic", ambiguity="explicit")


@lru_cache(maxsize=4096)
def parse_kinds(kinds: str, start: str) -> Tree | None:
    """Return the parse forest of a token-kind sequence ('M F R M'), or None when it does not parse."""
    try:
        return parser().parse(kinds, start=start)
    except UnexpectedInput:
        return None


@lru_cache(maxsize=64)
def phrase_rules(houses: int, queue: int = 0) -> tuple[Phrases, list]:
    """Return the phrase table for a row of `houses` positions, or a queue (built once per size)."""
    p = Phrases(houses, queue)
    return p, p.rules()


class GridError(PuzzleError):
    """A clue that reads but says something impossible to state (no fifth house among four)."""


# ---------------------------------------------------------------- characteristics


@dataclass
class Category:
    """A characteristic: its name, the words it was declared with, its values, the verbs that name it."""

    name: str
    description: str
    values: list[str]
    verbs: set[str] = field(default_factory=set)
    line: int = 0  # where the text lists it (characteristics keep the text's order)


DEMONYMS = set("""brit briton englishman englishwoman english scot scotsman welshman welsh irishman irish swede dane
norwegian german spaniard japanese ukrainian italian frenchman french chinese mexican american canadian russian
indian dutchman dutch pole greek turk australian brazilian argentinian egyptian finn icelander portuguese swiss
austrian belgian hungarian czech korean thai vietnamese nigerian kenyan peruvian chilean""".split())
COLOURS = set("""red green blue yellow white black ivory orange purple pink brown grey gray silver gold beige violet
cyan magenta turquoise maroon navy teal cream tan lilac indigo""".split())
SYNONYMS = {"animal": "pet", "genre": "music", "occupation": "job", "profession": "job", "work": "job",
            "beverage": "drink", "vehicle": "car", "color": "color", "hue": "color", "cuisine": "food", "meal": "food",
            "dish": "food", "instrument": "instrument", "game": "sport", "country": "nationality",
            "nation": "nationality", "living": "job"}
CATEGORY_STOP = {"each", "every", "person", "people", "has", "have", "a", "an", "the", "different", "unique",
                 "distinct", "of", "kind", "type", "sort", "in", "is", "are", "their", "they", "all", "own", "one",
                 "them", "favorite", "prefer", "prefers", "name", "everyone", "something", "for", "to", "by", "with",
                 "which", "what", "does", "do", "did", "house", "wear", "wears", "like", "likes", "keep", "owns", "own"}
PEOPLE = {"people", "persons", "person", "friends", "friend", "names", "name", "residents", "neighbours", "neighbors",
          "children", "kids", "students", "guests", "men", "women", "girls", "boys", "colleagues", "siblings",
          "sisters", "brothers", "players", "runners", "owners", "inhabitants", "tenants", "members", "visitors",
          "customers", "travellers", "travelers", "workers", "contestants", "suspects", "them"}
VERB_CATEGORY = {"drink": "drink", "smoke": "smoke", "eat": "food", "drive": "car", "read": "book", "play": "sport",
                 "keep": "pet", "own": "pet", "have": "pet", "wear": "clothing", "speak": "language", "paint": "color"}
SPELLING = {"colour": "color", "colours": "colors", "favourite": "favorite", "favourites": "favorites",
            "flavour": "flavor", "neighbour": "neighbor", "centre": "center", "jewellery": "jewelry"}
FILLER = set("each every person people the has have a an unique everyone they all are is of in different houses keep "
             "own owns prefers prefer lives live something for accompanied by their mother mothers' s in names "
             "type level".split())
ARTICLES = re.compile(r"^(?:a|an|the|some)\s+", re.I)


def short_name(description: str, taken: set[str]) -> str:
    """Return a ZebraLogic characteristic's short name: 'Each person has a unique favorite drink' -> 'favorite drink'."""
    words = [w for w in re.findall(r"[a-z']+", description.lower()) if w not in FILLER]
    if "mothers'" in description.lower() or "mothers" in description.lower():
        words = ["mother"] if "child" not in description.lower() else ["child"]
    name = " ".join(words) or "characteristic"
    if name in taken:
        name = f"{name} {len(taken) + 1}"
    return name


@lru_cache(maxsize=8192)
def singular(word: str) -> str:
    """Return an English noun in the singular (as far as a plural ending tells)."""
    w = word.lower()
    irregular = {"people": "person", "men": "man", "women": "woman", "children": "child", "mice": "mouse",
                 "geese": "goose", "teeth": "tooth", "feet": "foot"}
    if w in irregular:
        return irregular[w]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if re.search(r"(?:ches|shes|sses|xes|zes)$", w):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def key_words(phrase: str) -> tuple[str, ...]:
    """Return a phrase as comparable words: lower case, American spelling, singular."""
    return tuple(singular(SPELLING.get(w, w)) for w in re.findall(r"[a-z]+", phrase.lower()))


def verb_stem(word: str) -> str:
    """Return a verb's plain form: 'drinks' -> 'drink', 'watches' -> 'watch', 'has' -> 'have'."""
    w = word.lower()
    if w in ("has", "had"):
        return "have"
    if w in ("does", "did"):
        return "do"
    if re.search(r"(?:ches|shes|sses|xes|zes|oes)$", w):
        return w[:-2]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


PAST = {"brought": "bring", "bought": "buy", "chose": "choose", "drove": "drive", "wore": "wear", "ate": "eat",
        "drank": "drink", "took": "take", "kept": "keep", "wrote": "write", "rode": "ride", "sang": "sing",
        "flew": "fly", "read": "read", "grew": "grow", "won": "win", "made": "make", "built": "build",
        "caught": "catch", "sold": "sell", "paid": "pay", "drew": "draw", "spoke": "speak", "sent": "send",
        "taught": "teach", "found": "find", "got": "get", "gave": "give", "saw": "see", "met": "meet"}


def ing_stems(word: str) -> set[str]:
    """Return the plain forms an -ing form may have: 'eating' -> {'eat', 'eate'}, 'driving' -> {'driv', 'drive'}."""
    w = word.lower()
    out = {w[:-3], w[:-3] + "e"}
    if len(w) > 5 and w[-4] == w[-5]:  # 'running' -> 'run'
        out.add(w[:-4])
    return out


def past_stems(word: str) -> set[str]:
    """Return the plain forms a past tense may have: 'brought' -> {'bring'}, 'liked' -> {'lik', 'like'}."""
    w = word.lower()
    if w in PAST:
        return {PAST[w]}
    if w.endswith("ied"):
        return {w[:-3] + "y"}
    out = {w[:-2], w[:-1]}
    if len(w) > 4 and w[-3] == w[-4]:  # 'planned' -> 'plan'
        out.add(w[:-3])
    return out


def split_list(text: str) -> list[str]:
    """Return the items of a written list: 'tea, coffee, and milk' -> ['tea', 'coffee', 'milk']."""
    body = text.strip().rstrip(".!;").strip()
    body = re.sub(r"\s*,?\s*(?:in\s+(?:some|no\s+particular|any|an\s+unknown)\s+order|one\s+each|respectively)$", "",
                  body, flags=re.I)
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+", body)
    out = []
    for p in parts:
        p = p.strip().strip("`'\"“”‘’*").strip()
        p = ARTICLES.sub("", p).strip()
        if p:
            out.append(p)
    return out


def category_name(description: str) -> str:
    """Return a prose characteristic's name: 'Each person has a different favourite drink' -> 'favourite drink'."""
    d = description.strip().rstrip(":").strip()
    low = d.lower()
    if low in PEOPLE or singular(low) in ("name", "person"):
        return "name"
    m = re.search(r"\b(?:different|unique|distinct|separate)\s+(.+)$", low) or \
        re.search(r"\b(?:their|his|her|its) own\s+(.+)$", low)
    if m:
        name = m.group(1)
    else:
        m = re.match(r"^(?:the|their|our)\s+(.+?)(?:\s+of\s+the\s+\w+|\s+(?:they|that|which|who)\b.*)?$", low)
        if m:
            name = " ".join(singular(w) if i == len(m.group(1).split()) - 1 else w
                            for i, w in enumerate(m.group(1).split()))
        else:
            name = short_name(d, set())
    name = re.sub(r"\s+", " ", " ".join(w for w in name.split() if w not in NUMBERS)).strip()
    if name in PEOPLE or name + "s" in PEOPLE or name in ("name", "person"):
        return "name"
    words = name.split()
    if words and words[-1].endswith("s") and len(words[-1]) > 3 and words[-1] not in ("glasses", "sports", "clothes"):
        words[-1] = singular(words[-1])
    return " ".join(words)


# ---------------------------------------------------------------- setting sentences

NUMWORD = r"(\d+|" + "|".join(w for w in NUMBERS if w not in ("zero", "one")) + ")"
POSITION_NOUNS = (r"(?:houses|seats|chairs|positions|places|spots|rooms|apartments|flats|stalls|lockers|cabins|desks|"
                  r"boxes|plots|shops|stores|offices|garages|booths|cottages|villas|tents|parking spots|beds|tables|"
                  r"doors|slots|spaces|lanes|cars)")
PEOPLE_NOUNS = r"(?:people|persons|friends|children|kids|students|guests|men|women|girls|boys|colleagues|siblings|" \
               r"neighbours|neighbors|players|runners|residents|cats|dogs|animals|books|cars|houses|tenants|" \
               r"customers|workers|contestants|suspects|travellers|travelers|members|visitors|[a-z]+)"
GROUP = r"(?:\s+(?:of|from|in|at)\s+(?:a|an|the|our|their)\s+[a-z]+(?:\s+[a-z]+){0,2}?)?"  # "members of a book club"
SETTING_N = [
    re.compile(rf"^there (?:are|were) {NUMWORD} ({POSITION_NOUNS}|{PEOPLE_NOUNS})\b"),
    re.compile(rf"^(?:the )?{NUMWORD} (?:[a-z]+ ){{0,2}}?(?:sit|stand|live|wait|queue|line up|reside|stay|park|sat|stood|"
               rf"lived|are|were)\b.*\b(?:row|line|queue|street|houses|seats|chairs|bench|order|positions|counter)\b"),
    re.compile(rf"^(?:the )?{NUMWORD} (?:[a-z]+ ){{0,2}}?(?:are |were )?[a-z]+ing\b"),
    re.compile(rf"\ba (?:row|line|queue|street) of {NUMWORD} ({POSITION_NOUNS}|{PEOPLE_NOUNS})\b"),
    re.compile(rf"\bin {NUMWORD} {POSITION_NOUNS}\b"),
    re.compile(r"\bnumbered (?:from )?1\b(?: \([a-z ]+\))? (?:to|through|until|-|–) (\d+)\b"),
    re.compile(r"\bin positions 1 (?:to|through|until|-|–) (\d+)\b"),
    re.compile(rf"^{NUMWORD} {POSITION_NOUNS} (?:stand|are|sit|line|lie)\b"),
]
NOT_SETTING = re.compile(r"\b(?:between|next to|left of|right of|beside|adjacent|neighbou?rs?|behind|ahead|front of)\b")
SETTING_WORDS = set("""
there are is a an the of in on at to from by with and as each every all one different unique distinct own house houses
seat seats chair chairs position positions place places spot spots row line queue street road left right numbered
number numbers seen across occupied occupies lives live living lived person people persons friend friends sit sits
sitting seated stand stands standing stood wait waits waiting queue queued side next other lined up arranged order
consecutive consecutively counting counted counts count starting start starts begin begins beginning end ends
characteristics characteristic attribute attributes following has have had unique this that these those them they
their it its own also both exactly single only first last front back viewed looking look faces facing you we who
whom which visitor visitors residents resident neighbours neighbourhood block street's identical leftmost rightmost
bench counter queuing queueing waiting customers customer shop store one per people's another
""".split()) - {"first", "last", "next", "only", "exactly", "single"}


def setting_houses(low: str) -> int | None:
    """Return the number of positions a setting sentence states ('There are five houses'), or None."""
    if NOT_SETTING.search(re.sub(r"\bone behind (?:the other|another)\b", "", low)):
        return None
    for pat in SETTING_N:
        m = pat.search(low)
        if m:
            word = m.group(1)
            return int(word) if word.isdigit() else NUMBERS.get(word)
    return None


# ---------------------------------------------------------------- the reader

QUEUE = re.compile(r"\b(?:queue|queues|queuing|queueing|queued|one behind the other|behind one another|"
                   r"in single file)\b|\(front\)|\bat the front\b", re.I)
QUEUE_BACKWARDS = re.compile(r"\b1 \(back\)|\bposition 1 is (?:at )?the back\b|\bat the back is in position 1\b|"
                             r"\bnumbered from the back\b", re.I)
# what a value's own noun phrase may name besides its characteristics: "the Brit's house", "the owner of the dog"
OWN_WORDS = set("""house home seat chair place position spot room door cottage flat apartment owner resident occupant
inhabitant keeper person one man woman lady gentleman guy driver player lover fan reader user smoker drinker
colour color name nationality number favourite favorite own type kind style level shirt bouquet boquet vase aquarium
arrangement pet drink car job age hobby sport food degree diploma cup glass mug bottle can pint bowl plate slice piece
bunch box bag pair set game variety brand model make species breed collection""".split())
LAYOUT = re.compile(r"\b(?:houses?|homes?|seats?|seated|chairs?|rows?|line|lined|queu(?:e|es|ing|eing|ed)|positions?|"
                    r"numbered|street|bench|side by side|left to right|right to left|one behind the other|"
                    r"single file|leftmost|rightmost)\b", re.I)
IMPLIED = ("implied",)  # a sentence stating only what the characteristics already say
POSITIONAL = ("P", "R", "PAIR", "BTW", "BTWP", "BTWX", "NBR", "APART", "SIDES", "OPPOSITE")
# "Find the owner of the fish.", "Name the person who drinks tea.": a who-question
FIND_THE = re.compile(r"^(?:please\s+)?(?:find|name|identify)\s+(the\s+(?:" + "|".join(sorted(
    {singular(p) for p in PEOPLE} | {"one", "man", "woman", "owner", "keeper", "resident", "occupant"})) +
    r")\s+(?:who|whose|with|of|that)\b.*)$", re.I)
LABEL = re.compile(r"^(?:q|question|query|problem|task)\s*\d*\s*[:.)]\s*", re.I)


def queue_direction(text: str) -> int:
    """Return 1 when a text's positions form a queue numbered from its front, -1 from its back, else 0."""
    if not QUEUE.search(text):
        return 0
    return -1 if QUEUE_BACKWARDS.search(text) else 1


def labelled(sentences: tuple[Sentence, ...]) -> tuple[Sentence, ...]:
    """Return the sentences with 'A.' option labels (split off as sentences of their own) put back as markers."""
    out: list[Sentence] = []
    k = 0
    while k < len(sentences):
        s = sentences[k]
        m = re.match(r"^(\d{1,3}|[A-H])[.)]\s+(?=\S)", s.text)
        if m and s.marker in ("", "-"):  # "> 1) …": a list marker inside a quote
            s = Sentence(s.text[m.end():], s.line, s.column + m.end(), m.group(1))
        nxt = sentences[k + 1] if k + 1 < len(sentences) else None
        if re.fullmatch(r"[A-H]\.|\d{1,3}\.", s.text) and s.marker in ("", "-") and nxt is not None \
                and nxt.line == s.line and not nxt.marker:
            out.append(Sentence(nxt.text, nxt.line, nxt.column, s.text[:-1]))
            k += 2
            continue
        out.append(s)
        k += 1
    return tuple(out)


class GridReader:
    """Reads one grid text: setting, characteristics, clues, questions."""

    def __init__(self, text: str, sentences: tuple[Sentence, ...], title: str = ""):
        self.text = text
        self.sentences = labelled(sentences)
        self.queue = queue_direction(text)
        self.title = title
        self.houses = 0  # the number of positions (0 while the text has not said)
        self.houses_from: Sentence | None = None
        self.categories: list[Category] = []
        self.used: set[int] = set()  # indices of sentences read as setting or declarations
        self.ignored: list[Sentence] = []
        self.classic = False
        self.association = False  # no positions in the text (decided once the characteristics are known)
        self.people_nouns: set[str] = set()  # the words the text calls its people by ("diners" in "Five diners — …")
        self.pending: PuzzleError | None = None

    # ------------------------------------------------------------ setting and declarations

    def _header_lines(self) -> dict[int, tuple[str, list[str]]]:
        """Return ZebraLogic header lines (line number -> description, values) written with backticks."""
        out = {}
        for n, line in enumerate(self.text.splitlines(), 1):
            m = re.match(r"^\s*(?:[-*•]\s*)?(.*?):\s*(`.*)$", line)
            if m and "`" in m.group(2):
                vals = re.findall(r"`([^`]*)`", m.group(2))
                if len(vals) >= 1 and m.group(1).strip():
                    out[n] = (m.group(1).strip(), [v.strip() for v in vals])
        return out

    def _add_category(self, name: str, description: str, values: list[str], where: Sentence | None,
                      verbs: set[str] | None = None, zebra: bool = False, line: int | None = None) -> None:
        line = line if line is not None else (where.line if where else 10 ** 9)
        taken = {c.name for c in self.categories}
        if name in taken:
            if zebra:
                name = f"{name} {len(taken) + 1}"
            else:
                raise PuzzleError(f"{where.where if where else 'the text'}: the characteristic '{name}' is listed twice")
        low = [v.lower() for v in values]
        twice = next((v for i, v in enumerate(values) if low[i] in low[:i]), None)
        if twice is not None:
            raise PuzzleError(f"{where.where if where else 'the text'}: the value '{twice}' is listed twice for {name}")
        self.categories.append(Category(name, f"{name} {description}", list(values), set(verbs or ()), line))

    def _declared_values(self) -> set[str]:
        return {v.lower() for c in self.categories for v in c.values}

    def _declaration(self, s: Sentence) -> bool:
        """Read a sentence listing a characteristic's values; return whether it was one."""
        t = s.text.strip()
        if s.is_question:
            return False
        body = t.rstrip(".!;").strip()
        known = self._declared_values()

        def fresh(items: list[str], shared: bool = False) -> bool:
            return len(items) >= 2 and all(len(i.split()) <= 4 and (shared or i.lower() not in known)
                                           and not re.search(r"[.?!]", i) for i in items)

        if self._compound(s, body):
            return True
        # "Each person has a different favourite drink: tea, coffee or milk."
        if ":" in body:
            desc, rest = body.split(":", 1)
            items = split_list(rest)
            label = re.fullmatch(r"\s*(?:note|notes|hint|hints|tip|remember|warning|example|answer|answers|question|"
                                 r"options?|choices?|clues?|solution|given|facts?|premises?)\s*", desc, re.I) or \
                re.search(r"\b(?:puzzle|problem|riddle|quiz|challenge|exercise|example|title|teaser)\b", desc, re.I)
            verbal = any(re.search(r"\b(?:is|are|was|were|has|have|not|lives?|sits?|stands?|drinks?|owns?|keeps?)\b",
                                   i, re.I) for i in items)
            people = re.search(rf"\b(?:{'|'.join(sorted(PEOPLE - {'them', 'name', 'names'}))})\b", desc, re.I)
            if people and fresh(items) and not label and not any(c.name == "name" for c in self.categories) and \
                    all(re.fullmatch(r"[A-Z][\w'’.-]*", i) for i in items):
                # "Five colleagues sit in a row of chairs, numbered 1 to 5 from left to right: Ines, Jack, …"
                self._add_category("name", "name", items, s)
                return True
            if fresh(items, shared=True) and desc.strip() and len(desc.split()) <= 12 and not label and not verbal:
                self._add_category(category_name(desc), desc, items, s, self._verbs_of(desc))
                return True
        # "The drinks are tea, coffee and milk." / "The people are called Alice, Bob and Carol."
        counted = NUMWORD.replace("(", "(?:", 1)
        m = re.match(rf"^(?:(?:the|their|our)\s+|(?={counted}\s+{PEOPLE_NOUNS}\s))([A-Za-z' ]+?)\s+(?:are|were|include)"
                     r"(?:\s+called|\s+named)?\s+(.+)$", body, re.I)
        if m and not re.search(r"\b(?:and|or)\b", m.group(1), re.I) and len(m.group(1).split()) <= 4:
            items = split_list(m.group(2))
            if fresh(items, shared=True) and not all(i.lower() in known for i in items):
                noun = m.group(1).lower()
                painted = re.match(r"^(?:painted|coloured|colored)\s+", m.group(2), re.I)
                if painted:
                    items = split_list(m.group(2)[painted.end():])
                name = category_name("the " + noun)
                if (name == "name" or noun.split()[-1] in self.people_nouns) and \
                        not all(re.fullmatch(r"[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*)?", i) for i in items) or \
                        any(re.search(r"\b(?:who|whose|whom|which|that)\b|^(?:person|one|man|woman)\b", i, re.I)
                            for i in items):
                    return False  # "The four people are Alice, the cat owner, …": a clue that they are all different
                if name == "name":
                    self.people_nouns.add(noun.split()[-1])
                if painted or (name in ("house", "home", "door", "car", "shirt", "hat")
                               and all(i.lower() in COLOURS for i in items)):
                    name = "color" if name == "house" or painted else f"{name} color"
                self._add_category(name, m.group(1), items, s)
                return True
        # "Each of them drinks exactly one of water, milk and cocoa, and no two drink the same."
        m = re.match(r"^(?:each|every)\s+(?:one\s+)?(?:of\s+them|person|one|friend|of\s+the\s+\w+)\s+([a-z]+)\s+"
                     r"(?:exactly\s+|just\s+|only\s+)?one\s+(?:of\s+)?(?:the\s+following\s*:?\s*)?(.+?)"
                     r"(?:\s*,?\s*(?:and|with|but)\s+no\s+two\b.*)?$", body, re.I)
        if m:
            items = split_list(m.group(2))
            if fresh(items):
                stem = verb_stem(m.group(1))
                self._add_category(VERB_CATEGORY.get(stem, stem), f"{m.group(1)} {stem}", items, s, {stem})
                return True
        # "Among them are the Spaniard, the Dane and the Brit, one each."
        m = re.match(r"^(?:among\s+them|they)\s+(?:are|were)\s+(.+?)(?:\s*,?\s*one\s+(?:each|of\s+each))?$", body, re.I)
        if m:
            items = split_list(m.group(1))
            if fresh(items):
                demonyms = all(i.lower() in DEMONYMS for i in items)
                self._add_category("nationality" if demonyms else "person", "person nationality" if demonyms
                                   else "person", items, s)
                return True
        # "One of them keeps a cat, one a dog and one a fish."
        m = re.match(r"^one\s+(?:of\s+them|person|friend|of\s+the\s+\w+)?\s*([a-z]+)\s+(.+)$", body, re.I)
        if m:
            verb = m.group(1).lower()
            parts = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group(2))
            items = []
            for k, part in enumerate(parts):
                if k:
                    pm = re.match(rf"^(?:one|another|the\s+other|the\s+last|the\s+third|a\s+third|the\s+fourth|"
                                  rf"the\s+fifth|the\s+sixth|the\s+remaining\s+one|someone\s+else)\s+(?:{verb}\s+)?(.+)$",
                                  part, re.I)
                    if not pm:
                        items = []
                        break
                    part = pm.group(1)
                items.append(ARTICLES.sub("", part.strip()).strip())
            if fresh(items):
                stem = verb_stem(verb)
                if stem in ("i", "be", "was", "wa"):
                    demonyms = all(i.lower() in DEMONYMS for i in items)
                    self._add_category("nationality" if demonyms else "job", "nationality" if demonyms else
                                       "job occupation profession work", items, s, set() if demonyms else {"work"})
                    return True
                self._add_category(VERB_CATEGORY.get(stem, stem), f"{verb} {stem}", items, s, {stem})
                return True
        # "Alice, Bob and Carol sit in a row." / "Five friends, Alice, Bob and Carol, sit in a row."
        cap = r"[A-Z][\w'’]*"
        names = rf"({cap}(?:\s*,\s*{cap})*\s*,?\s+(?:and|&)\s+{cap})"
        m = re.match(rf"^{names}\s*,?\s+(?:each\s+|all\s+)?(?:sit|sits|stand|stands|live|lives|are|were|wait|waits|"
                     rf"queue|line|lined|sat|stood|lived|have|had|rent|own|occupy|park)\b(.*)$", body)
        if m and re.search(r"\b(?:row|line|queue|houses|seats|chairs|street|bench|order|positions|neighbou?rs|"
                           r"friends|apartments|flats|rooms)\b", m.group(2), re.I):
            items = split_list(m.group(1))
            if fresh(items):
                self._add_category("name", "name", items, s)
                return True
        m = re.match(rf"^(?:the\s+)?(?:\w+\s+){{0,2}}?(?P<noun>{PEOPLE_NOUNS}){GROUP}\s*(?:,|:|\(|—|–|-)\s*{names}\s*"
                     rf"(?:,|\)|—|–|-)?\s+(.*)$", body, re.I)
        if m and m.group(2)[0].isupper():
            items = split_list(m.group(2))
            if fresh(items):
                self._add_category("name", "name", items, s)
                self.people_nouns.add(m.group("noun").lower())
                return True
        return False

    def _compound(self, s: Sentence, body: str) -> bool:
        """Read a sentence naming the people and one or more characteristics with their values; return whether
        it was one: "Four friends — Alice, Bob, Carol and Dave — each have a different pet (cat, dog, fish,
        parrot) and a different favourite colour (red, blue, green, yellow).", "Alice, Bob and Carol each own a
        different pet: a cat, a dog and a fish.", "Each of the four friends drives a different car (…)"."""
        cap = r"(?!The\b|Each\b|Every\b)[A-Z][\w'’]*"
        names = rf"{cap}(?:\s*,\s*{cap})*\s*,?\s+(?:and|&)\s+{cap}"
        dash = r"(?:—|–|-|,|:|\()"
        m = re.match(rf"^(?:the\s+)?(?:\w+\s+){{0,2}}?(?P<noun>{PEOPLE_NOUNS}){GROUP}\s*{dash}\s*(?P<names>{names})\s*"
                     r"(?:—|–|-|,|\))\s*"
                     rf"(?P<rest>.*)$", body) or re.match(rf"^(?P<names>{names})\s*,?\s+(?P<rest>.*)$", body) or \
            re.match(rf"^(?:each|every)\s+(?:one\s+)?(?:of\s+(?:the|these|those|them|us)\b(?:\s+{NUMWORD})?(?:\s+[a-z]+)?"
                     rf"|[a-z]+)\s+(?P<rest>.*)$", body, re.I)
        if not m:
            return False
        rest = re.sub(r"^(?:each|all|also|each\s+also|all\s+also)\s+", "", m.group("rest"), flags=re.I)
        segment = re.compile(r"(?:(?P<verb>[a-z]+)(?:\s+(?:each|all|also))?(?:\s+(?:from|in|at|to|for|with|on|of|as))?"
                             r"\s+)?(?:a|an)\s+"
                             r"(?:different|unique|distinct|separate)\s+"
                             r"(?P<cat>[a-z][a-z ]*?)\s*(?:\((?P<plist>[^()]*)\)|(?::|—|–)\s*(?P<clist>[^()]+)$)", re.I)
        found: list[tuple[str, str, list[str]]] = []
        pos, verb = 0, ""
        while pos < len(rest):
            glue = re.match(r"\s*,?\s*(?:and\s+)?(?:(?:each|also|all)\s+)*", rest[pos:]) if found else None
            at = pos + (glue.end() if glue else 0)
            g = segment.match(rest, at)
            if not g:
                return False
            verb = (g.group("verb") or verb).lower()
            items = split_list(g.group("plist") or g.group("clist"))
            found.append((g.group("cat"), verb, items))
            pos = g.end()
        if not found or not re.fullmatch(r"[\s.]*", rest[pos:]):
            return False
        known = self._declared_values()
        for _, _, items in found:
            if len(items) < 2 or any(len(i.split()) > 4 or i.lower() in known or re.search(r"[.?!]", i) for i in items):
                return False
        if "names" in m.groupdict() and m.group("names"):
            people = split_list(m.group("names"))
            existing = next((c for c in self.categories if c.name == "name"), None)
            if existing is None:
                self._add_category("name", "name", people, s)
            elif sorted(p.lower() for p in existing.values) != sorted(p.lower() for p in people):
                raise PuzzleError(f"{s.where}: the people named here ({', '.join(people)}) are not the people listed "
                                  f"before ({', '.join(existing.values)})")
            if m.groupdict().get("noun"):
                self.people_nouns.add(m.group("noun").lower())
        for cat, verb, items in found:
            stem = verb_stem(verb) if verb else ""
            verbs = {stem} if stem and stem not in ("have", "be", "is", "each", "also", "and") else set()
            if re.fullmatch(r"[a-z]{2,}ing", verb):
                verbs = ing_stems(verb)
            elif verb in PAST or re.fullmatch(r"[a-z]{2,}ed", verb):
                verbs = past_stems(verb)
            said = body.split(":")[0] if len(found) == 1 and not m.groupdict().get("names") else f"{verb} {cat}"
            self._add_category(category_name("different " + cat), said, items, s, verbs)
        return True

    def _verbs_of(self, description: str) -> set[str]:
        m = re.match(r"^(?:each|every)\s+(?:one|person|friend|of\s+them|\w+)\s+([a-z]+)\b", description.strip(), re.I)
        if m and m.group(1).lower() not in ("has", "have", "is", "are", "lives", "live"):
            return {verb_stem(m.group(1))}
        return set()

    def _setting(self) -> None:
        """Read the setting: header lines, the number of positions, the characteristics."""
        header = self._header_lines()
        taken: set[str] = set()
        for n, (desc, vals) in header.items():
            name = short_name(desc, taken)
            taken.add(name)
            self._add_category(name, desc, vals, None, zebra=True, line=n)
        for i, s in enumerate(self.sentences):
            if s.line in header:
                self.used.add(i)
                continue
            if is_framing(s.text):
                continue
            low = self._plain(s.text)
            n = setting_houses(low)
            if n is not None:
                if self.houses and self.houses_from is not None and n != self.houses:
                    raise PuzzleError(f"{s.where}: the text says {n} positions here but {self.houses} at "
                                      f"{self.houses_from.where}")
                self.houses, self.houses_from = n, s
                self.used.add(i)
            if self._declaration(s):
                self.used.add(i)
        self.categories.sort(key=lambda c: c.line)

    @staticmethod
    def _plain(text: str) -> str:
        return re.sub(r"\s+", " ", norm(text).replace(",", " , ")).strip().rstrip(".!?:").strip()

    def _classic_frames(self) -> None:
        """Find the values of a text that lists none, by the frames that name them (the classic reader)."""
        from .classic import key, find_mentions

        found: dict[str, dict[str, str]] = {}
        known = self._declared_values()
        for i, s in enumerate(self.sentences):
            if i in self.used or is_framing(s.text):
                continue
            for men in find_mentions(s.text):
                spelled = men.value
                if men.start == 0 and men.category in ("drink", "pet", "color"):
                    spelled = spelled[0].lower() + spelled[1:]  # "Coffee is drunk …": capital only for the sentence
                if spelled.lower() in known:
                    continue
                found.setdefault(men.category, {}).setdefault(key(men.value), spelled)
        if found:
            self.classic = True
        for cat, vals in found.items():
            self._add_category(cat, cat, list(vals.values()), None, {"color": set(), "nationality": set()}.get(cat, {cat}))

    def _fix_houses(self) -> None:
        if not self.categories:
            raise PuzzleError("the text names no characteristics: list each one's values (\"The drinks are tea, "
                              "coffee and milk.\") or name them in clues (\"The Brit lives in the red house.\")")
        sizes = {len(c.values) for c in self.categories}
        if not self.houses:
            if len(sizes) != 1:
                listing = ", ".join(f"{c.name} {len(c.values)}" for c in self.categories)
                raise PuzzleError(f"the characteristics have different numbers of values ({listing}) and the text "
                                  "does not say how many positions there are")
            self.houses = sizes.pop()
        for c in self.categories:
            if len(c.values) != self.houses:
                what = "named" if self.classic else "listed"
                error = PuzzleError(f"the {c.name} values {what} ({', '.join(c.values)}) are {len(c.values)}, "
                                    f"not one per position ({self.houses})")
                if not self.classic:
                    raise error
                self.pending = self.pending or error  # a sentence that cannot be read is the better message

    # ------------------------------------------------------------ sentences as tokens

    def _build_values(self) -> None:
        self.values = [Value(c.name, c.description, v) for c in self.categories for v in c.values]
        self.table = ValueTable(self.values)
        self.category_of = [next(i for i, c in enumerate(self.categories) if c.name == v.category) for v in self.values]
        self.who = self._who_category()
        words = set(OWN_WORDS)
        for c in self.categories:
            words |= set(key_words(c.name + " " + c.description))
        self.own_words = words | {SYNONYMS.get(w, w) for w in words} | set(SYNONYMS)

    def _who_category(self) -> int:
        names = [c.name.lower() for c in self.categories]
        for want in ("name", "names", "first name", "person", "people"):
            if want in names:
                return names.index(want)
        for i, n in enumerate(names):
            if "name" in n.split() and "mother" not in n:
                return i
        if "nationality" in names:
            return names.index("nationality")
        return 0

    def _marked(self, text: str, s: Sentence) -> tuple[str, list[tuple[int, int, int]]]:
        """Return a sentence cleaned with each value mention replaced by a mark '§i', and the mentions."""
        try:
            spans = self.table.mentions(text)
        except PuzzleError as e:
            raise PuzzleError(f"{s.where}: cannot read '{s.text}': {e.message}") from None
        text = text.replace("§", " ")  # the mark's own sign, written by the user, is punctuation here
        out, last = [], 0
        for a, b, i in spans:
            out.append(text[last:a])
            out.append(f" §{i} ")
            last = b
        out.append(text[last:])
        return clean("".join(out)), spans

    def _tokens(self, marked: str, s: Sentence, text: str | None = None) -> list[Tok]:
        phrases, rules = phrase_rules(self.houses, self.queue)
        try:
            toks = tokens(marked, phrases, rules)
        except UnknownWord as u:
            raise PuzzleError(f"{s.where}: cannot read '{text or s.text}': {NOT_READ} (it has the word '{u.word}', "
                              "which this reader does not read here)") from None
        self._check_heads(toks, s, text)
        if self.association:
            placed = next((t for t in toks if t.kind in POSITIONAL), None)
            if placed is not None:
                raise PuzzleError(f"{s.where}: cannot read '{text or s.text}': the text sets out no positions (no "
                                  f"houses, seats, row or line), so '{placed.text}' says nothing here")
        return toks

    def _check_heads(self, toks: list[Tok], s: Sentence, text: str | None) -> None:
        """Raise PuzzleError when a value is named through another person ("the Dane's wife", "the sister of
        Bob"): only the person themself ("the Brit's house", "the owner of the dog") is read."""
        words = self.own_words
        for k, t in enumerate(toks):
            if t.kind != "F":
                continue
            heads = [m.group(1) for m in re.finditer(r"(?<!\S)'s ([a-z]+)", t.text)
                     if m.group(1) not in ("is", "are", "was", "were", "and", "or", "but", "not", "also", "too", "a", "an",
                                           "the", "in", "at", "on", "lives", "live", "sits", "stands", "does", "has")]
            follows = toks[k + 1].kind if k + 1 < len(toks) else ""
            m = re.search(r"\b([a-z]+) of(?: the| a| an)?$", t.text)
            if m and follows == "M":
                heads.append(m.group(1))
            bad = next((h for h in heads if singular(h) not in words and h not in words), None)
            if bad is not None:
                raise PuzzleError(f"{s.where}: cannot read '{text or s.text}': {NOT_READ} (it has the word '{bad}', "
                                  "which this reader does not read here)")

    # ------------------------------------------------------------ meanings

    def _meanings(self, toks: list[Tok], start: str, s: Sentence, text: str | None = None) -> Any:
        """Return the one meaning of a token list; raise PuzzleError if none or several."""
        kinds = " ".join(t.kind for t in toks)
        tree = parse_kinds(kinds, start)
        said = text or s.text
        if tree is None:
            raise PuzzleError(f"{s.where}: cannot read '{said}': {NOT_READ}")
        offsets = {}
        pos = 0
        for k, t in enumerate(toks):
            offsets[pos] = k
            pos += len(t.kind) + 1
        errors: list[str] = []
        found = _Semantics(self, toks, offsets, errors).of(tree)
        if not found:
            raise PuzzleError(f"{s.where}: cannot read '{said}': {errors[0] if errors else NOT_READ}")
        if len(found) > 1:
            shown = " or ".join(sorted(str(self._json(m)) for m in found)[:2])
            raise PuzzleError(f"{s.where}: cannot read '{said}': expected one meaning, but it may mean {shown}; "
                              "reword it")
        return next(iter(found))

    def _json(self, e: Any, who: str | None = None) -> Any:
        """Return a meaning as the clue language's JSON (values as 'category:value')."""
        if isinstance(e, tuple):
            return [self._json(x, who) for x in e]
        if isinstance(e, str) and e.startswith("§"):
            i = int(e[1:])
            if i == WHO:
                if who is None:
                    raise PuzzleError("'who' outside a question")
                return who
            return self.values[i].var
        return e

    # ------------------------------------------------------------ reading

    def read(self) -> Reading:
        self._setting()
        if not any(c.name != "name" for c in self.categories):
            self._classic_frames()
        self._fix_houses()
        self._build_values()
        # an association grid: the text sets out no positions, only people and their characteristics; its
        # positions are the people themselves (the 'who' characteristic's values in order)
        self.association = not (self.queue or LAYOUT.search(self.text))
        clues: list[dict[str, Any]] = []
        questions: list[dict[str, Any]] = []
        ss = self.sentences
        i = 0
        while i < len(ss):
            s = ss[i]
            if i in self.used:
                i += 1
                continue
            if is_framing(s.text):
                self.ignored.append(s)
                i += 1
                continue
            q = self._question_form(s.text)
            if q is not None:
                try:
                    i = self._question(i, q, questions)
                except PuzzleError:
                    marked = self._marked(s.text, s)[0]
                    if "§" in marked or self._positional(marked):
                        raise
                    self.ignored.append(s)  # "Can you solve this one?": it names nothing of the puzzle
                    i += 1
                continue
            clue = self._clue(s)
            if clue is not None:
                clues.append(clue)
            i += 1
        if self.pending is not None:
            raise self.pending
        if self.association:
            c = self.categories[self.who]
            clues += [{"expr": ["at", f"{c.name}:{v}", k], "text": f"(no positions in the text: {v} is {k})"}
                      for k, v in enumerate(c.values, 1)]
        data = {"kind": "grid", "houses": self.houses, "categories": {c.name: c.values for c in self.categories},
                "clue": clues, "question": questions}
        if self.title:
            data["title"] = self.title
        try:
            puzzle = grid_from_dict(data)
        except PuzzleError as e:
            raise PuzzleError(f"the puzzle read does not hold together: {e.render()}") from None
        return Reading(puzzle, tuple(self.ignored))

    def _clue(self, s: Sentence) -> dict[str, Any] | None:
        """Return the clue a sentence states, or None (listing it as ignored) when it names nothing of the puzzle."""
        marked, spans = self._marked(s.text, s)
        if not spans:
            words = set(re.findall(r"[a-z']+", marked))
            if words <= SETTING_WORDS or not self._positional(marked):
                if not words <= SETTING_WORDS:
                    self.ignored.append(s)
                return None
        marked = self._appositive(marked)
        meaning = self._distinct(marked, s)
        if meaning is IMPLIED:
            self.ignored.append(s)
            return None
        if meaning is None:
            toks = self._tokens(marked, s)
            self._learn_verbs(toks)
            meaning = self._meanings(toks, "sent", s)
        if "§-1" in str(meaning):
            raise PuzzleError(f"{s.where}: cannot read '{s.text}': 'who' in a statement")
        return {"expr": self._json(meaning), "text": s.text}

    @staticmethod
    def _appositive(marked: str) -> str:
        """Return a sentence with a relative clause set off by commas after its subject as a clause of its own:
        'Bob, who owns the dog, drinks tea' -> 'Bob owns the dog and Bob drinks tea' (the subject a value alone)."""
        m = re.match(r"^((?:the |a |an )?(?:[a-z]+ )?§\d+(?: [a-z]+)?) , (?:who|which) ([^,]+) , (.+)$", marked)
        if not m:
            return marked
        words = set(re.sub(r"§\d+", "", m.group(1)).split())
        if not words <= {"the", "a", "an", "person", "man", "woman", "one", "owner", "drinker", "lover", "player",
                         "smoker", "driver", "keeper", "fan", "reader", "house", "home"}:
            return marked
        return f"{m.group(1)} {m.group(2)} and {m.group(1)} {m.group(3)}"

    def _distinct(self, marked: str, s: Sentence) -> Any:
        """Return the meaning of a sentence naming different people ("The four people are Alice, the cat owner,
        the person who likes green and Dave.", "Bob, the tea drinker and the cat owner are three different
        people."), or None when it is not one."""
        if " are " not in marked and " were " not in marked:
            return None
        people = "|".join(sorted((PEOPLE | self.people_nouns) - {"them", "name", "names"}))
        num = r"(?P<n>\d+|" + "|".join(w for w in NUMBERS if w not in ("zero", "one")) + ")"
        m = re.match(rf"^(?:the )?(?:{num} )?(?:different |separate |distinct )?(?:{people}) (?:are|were) (?P<list>.+)$",
                     marked) or \
            re.match(rf"^(?P<list>.+?) (?:are|were) (?:all )?(?:{num} )?(?:different|separate|distinct) "
                     rf"(?:{people})$", marked)
        same = re.match(r"^(.+) and (.+) (?:are|were) (?:one and )?the same (?:person|people|one)$", marked)
        if same and "§" in same.group(1) and "§" in same.group(2):
            a, b = (self._meanings(self._tokens(x, s), "subject", s) for x in same.groups())
            try:
                return _Semantics(self, [], {}, []).relate(("same",), False, a, b)
            except GridError as e:
                raise PuzzleError(f"{s.where}: cannot read '{s.text}': {e.message}") from None
        if not m or "§" not in m.group("list"):
            return None
        items = [i.strip() for i in re.split(r" , (?:and )?| and ", m.group("list")) if i.strip()]
        said = m.group("n")
        if len(items) < 2 or any("§" not in i for i in items):
            return None
        if said is not None and (int(said) if said.isdigit() else NUMBERS[said]) != len(items):
            raise PuzzleError(f"{s.where}: cannot read '{s.text}': it says {said} but names {len(items)}")
        terms = [self._meanings(self._tokens(i, s), "subject", s) for i in items]
        sem = _Semantics(self, [], {}, [])
        pairs = []
        for k, a in enumerate(terms):
            for b in terms[k + 1:]:
                if a == b:
                    raise PuzzleError(f"{s.where}: cannot read '{s.text}': it names the same one twice")
                if a[0] == "v" and b[0] == "v" and sem._category(a[1]) == sem._category(b[1]):
                    continue  # two values of one characteristic: different people already
                if a[0] == "p" and b[0] == "p":
                    continue
                try:
                    pairs.append(sem.relate(("same",), True, a, b))
                except GridError as e:
                    raise PuzzleError(f"{s.where}: cannot read '{s.text}': {e.message}") from None
        if not pairs:
            return IMPLIED  # "Alice and Bob are two different people": nothing the characteristics do not say
        return pairs[0] if len(pairs) == 1 else ("and", *pairs)

    def _positional(self, marked: str) -> bool:
        """Return whether a sentence without values still speaks of positions or relations."""
        from .grid_words import LEFTOVER

        words = re.findall(r"[a-z]+", marked)
        return any(w in LEFTOVER and w not in NUMBERS for w in words) or \
            bool(re.search(r"\b(?:house|seat|position|place|chair|spot) (?:number )?\d", marked))

    def _learn_verbs(self, toks: list[Tok]) -> None:
        """Remember which characteristic a verb names ('drinks' before a drink) for 'What does Bob drink?'."""
        for a, b in zip(toks, toks[1:]):
            if a.kind == "F" and b.kind == "M" and b.data != WHO:
                words = [w for w in a.text.split() if w not in ("a", "an", "the", "some", "many")]
                if words and re.fullmatch(r"[a-z]+s", words[-1]) and words[-1] not in ("is", "was", "has", "does"):
                    self.categories[self.category_of[b.data]].verbs.add(verb_stem(words[-1]))
                elif words and (words[-1] in PAST or re.fullmatch(r"[a-z]{2,}ed", words[-1])):
                    self.categories[self.category_of[b.data]].verbs.update(past_stems(words[-1]))
                elif words and re.fullmatch(r"[a-z]{2,}ing", words[-1]):
                    self.categories[self.category_of[b.data]].verbs.update(ing_stems(words[-1]))

    # ------------------------------------------------------------ questions

    QUESTION_LEAD = re.compile(
        r"^(?:(?:so|now|then|and|finally|lastly|also)\s*,?\s+)?(?:please\s+)?(?:(?:can|could)\s+you\s+)?"
        r"(?:(?:tell(?:\s+me|\s+us)?|determine|find\s+out|work\s+out|figure\s+out|find|say|decide|identify|deduce|"
        r"guess|state|answer|establish)\s+)?(?=(?:who|whom|whose|which|what|where|whether|in\s+which|in\s+what|"
        r"at\s+which|at\s+what|on\s+which|how\s+much|how\s+old)\b)", re.I)

    def _question_form(self, text: str) -> str | None:
        """Return the question a sentence asks, from its question word on (labels and leads taken off), or None."""
        t = LABEL.sub("", text.strip()).strip()
        m = FIND_THE.match(t)
        if m:  # "Find the owner of the fish.": who is the owner of the fish?
            return "who is " + m.group(1).rstrip(".!")
        m = self.QUESTION_LEAD.match(t)
        if m and (m.end() > 0 or t.endswith("?")):
            return t[m.end():]
        if t.endswith("?"):
            return t
        return None

    def _question(self, i: int, q: str, out: list[dict[str, Any]]) -> int:
        """Read the question of sentence i (and the options after it); return the index after them."""
        s = self.sentences[i]
        form = self._ask(q, s)
        j = i + 1
        options: list[tuple[Sentence, Any]] = []
        while j < len(self.sentences):
            o = self.sentences[j]
            if j in self.used:
                break
            if not o.marker:
                label = is_framing(o.text) or (o.text.rstrip().endswith(":") and not self.table.mentions(o.text))
                if label and not options and j + 1 < len(self.sentences) and self.sentences[j + 1].marker:
                    self.ignored.append(o)
                    j += 1
                    continue
                break
            lettered = bool(re.fullmatch(r"[A-Za-z]", o.marker))
            try:
                expr = self._option(form, o)
            except PuzzleError:
                if lettered or form[0] == "claims":
                    raise
                break
            if expr is None:
                if lettered:
                    raise PuzzleError(f"{o.where}: cannot read the option '{o.text}' of the question '{s.text}': "
                                      f"expected {OPTION_WANTS[form[0]]}")
                break
            options.append((o, expr))
            j += 1
        if form[0] == "claims" and not options:
            raise PuzzleError(f"{s.where}: the question '{s.text}' asks which of the following holds, but no "
                              "options follow it (write them as 'A) …', 'B) …')")
        out.append(self._ask_table(s, form, options))
        return j

    def _ask(self, q: str, s: Sentence) -> tuple:
        """Return what a question asks: ('who', template, category), ('what', category, subject),
        ('where', subject), ('yes_no', expr) or ('claims',)."""
        marked, _ = self._marked(q, s)
        low = marked
        if re.search(r"(?:\band|\bor|,)\s+(?:who|whom|whose|what|which|where)\b", low):
            raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': it asks two questions at once; ask each "
                              "on its own")
        if re.match(r"^(?:which|what)(?: one)?(?: of (?:the following|these|those|the (?:statements|options|choices|"
                    r"following (?:statements|options|choices))|them))? (?:statements? |options? |choices? |one )?"
                    r"(?:is|are|must be|could be|has to be)(?: necessarily| definitely)? (?:true|correct|right|the case)\b",
                    low) or re.match(r"^which (?:of the following|statement|option|choice)\b", low):
            return ("claims",)
        noun = r"(?:house|seat|position|place|spot|chair|room|slot|space|stall|apartment|flat|locker|cabin|desk|" \
               r"number|house number|seat number|position number)"
        m = re.match(rf"^(?:(?:in|at|on) )?(?:which|what) {noun}(?: number)? (.*)$", low) or \
            re.match(r"^where (.*)$", low) or \
            re.match(rf"^what (?:is|was) the {noun}(?: number)? of (.*)$", low)
        m2 = re.match(rf"^what (?:is|was) (.+?) 's {noun}(?: number)?$", low)
        if (m or m2) and self.association:
            raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': the text sets out no positions (no "
                              "houses, seats, row or line) to ask about")
        if m or m2:
            subject = self._subject((m or m2).group(1), s)
            if subject[0] != "v":
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': ask where one of the puzzle's "
                                  "values is")
            return ("where", subject)
        m = re.match(r"^what (?:does|do|did) (.+) do for (?:a )?(?:living|work|a job)$", low) or \
            re.match(r"^what (?:does|do|did) (.+) work as$", low)
        if m and self._category("job") is not None:
            return ("what", self._category("job"), self._subject(m.group(1), s))
        # "What colour was White's coat?", "What colour coat did White wear?": the characteristic is the noun
        m = re.match(r"^(?:what|which) (?:colou?r|kind|type|sort|brand|make|model) (?:of )?(?:is|was|are|were) (.+?) "
                     r"'s ([a-z]+(?: [a-z]+)?)$", low) or \
            re.match(r"^(?:what|which) (?:colou?r|kind|type|sort|brand|make|model) (?:of )?([a-z]+(?: [a-z]+)?) "
                     r"(?:does|do|did) (.+) [a-z]+$", low)
        if m:
            noun, subj = (m.group(2), m.group(1)) if "'s" in m.group(0).split() else (m.group(1), m.group(2))
            if self._category(noun) is not None and not any(w.startswith("§") for w in noun.split()):
                return ("what", self._category(noun), self._subject(subj, s))
        m = re.match(r"^(?:(?:in|at|on|of|with) )?(?:which|what) ((?:(?!(?:is|are|does|do|did|was|were|has|have)\b)"
                     r"[a-z']+ ?){1,3}) ?(?:is|are|does|do|did|was|were|has|have) (.+)$", low)
        if m and not m.group(1).startswith("§") and self._category(m.group(1)) is not None:
            return ("what", self._category(m.group(1)), self._subject(m.group(2), s))
        m = re.match(r"^what (?:is|was|are) the (.+?) of (.+)$", low)
        if m and self._category(m.group(1)) is not None:
            return ("what", self._category(m.group(1)), self._subject(m.group(2), s))
        m = re.match(r"^what (?:is|was|are) (.+?) 's (.+)$", low)
        if m and self._category(m.group(2)) is not None:
            return ("what", self._category(m.group(2)), self._subject(m.group(1), s))
        m = re.match(r"^how old (?:is|was|are|were) (.+)$", low)
        if m and self._category("age") is not None:  # "How old is Rosa?"
            return ("what", self._category("age"), self._subject(m.group(1), s))
        m = re.match(r"^how much (?:does|do|did) (.+) ([a-z]+)$", low)
        if m:  # "How much did Hana pay?"
            cat = self._category_of_verb(m.group(2))
            if cat is None:
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': no characteristic goes with "
                                  f"'{m.group(2)}'")
            return ("what", cat, self._subject(m.group(1), s))
        m = re.match(r"^what (?:is|are|was|were) (.+) ([a-z]{2,}ing)$", low)
        if m:  # "What is Eli eating?"
            cats = {c for c in (self._category_of_verb(v) for v in ing_stems(m.group(2))) if c is not None}
            if len(cats) != 1:
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': no characteristic goes with "
                                  f"'{m.group(2)}'")
            return ("what", cats.pop(), self._subject(m.group(1), s))
        m = re.match(r"^what (?:does|do|did) (.+) ([a-z]+)$", low)
        if m:
            cat = self._category_of_verb(m.group(2))
            if cat is None:
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': no characteristic goes with "
                                  f"'{m.group(2)}'")
            return ("what", cat, self._subject(m.group(1), s))
        forms = self._who_forms(low)
        if forms:
            found: list[tuple[int, Any, list[Tok]]] = []
            first_error: PuzzleError | None = None
            for cat, rest in forms:  # "Which person drinks milk?": 'person drinks' is no characteristic here
                try:
                    toks = self._tokens(("§W " + rest).strip(), s)
                    meaning = self._meanings(toks, "sent", s)
                except PuzzleError as e:
                    first_error = first_error or e
                    continue
                if (cat, meaning) not in [(c, m) for c, m, _ in found]:
                    found.append((cat, meaning, toks))
            if not found:
                assert first_error is not None
                raise first_error
            if len(found) > 1:
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': expected one meaning, but it may "
                                  f"ask for the {self.categories[found[0][0]].name} or the "
                                  f"{self.categories[found[1][0]].name}; reword it")
            cat, meaning, toks = found[0]
            self._learn_verbs(toks)
            if cat == self.who and meaning[0] == "same" and self._category_of_mark(meaning[2]) == cat:
                # "Who is the Norwegian?" when nationalities answer 'who': answer with another characteristic
                cat = next((k for k in range(len(self.categories)) if k != cat), cat)
            return ("who", meaning, cat)
        m = re.match(r"^(is|are|does|do|did|was|were|has|have|can|could) (?:it (?:true|the case) that )?(.+)$", low) or \
            re.match(r"^(whether|if) (.+)$", low)
        if m:
            toks = self._tokens(m.group(2), s)
            self._learn_verbs(toks)
            if m.group(1) in ("is", "are", "was", "were") and parse_kinds(" ".join(t.kind for t in toks), "sent") is None:
                return ("yes_no", self._inverted(toks, s))
            return ("yes_no", self._meanings(toks, "sent", s))
        raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': expected Who …?, What …?, "
                          "In which house …?, Is/Does …? or Which of the following is true?")

    def _category_of_mark(self, mark: Any) -> int | None:
        if isinstance(mark, str) and mark.startswith("§") and mark != "§-1":
            return self.category_of[int(mark[1:])]
        return None

    def _who_forms(self, low: str) -> list[tuple[int, str]]:
        """Return the readings (category answering, the rest after the question word) of a who-question: one for
        'Who …?', one per way to read the noun after 'Which' ('Which person drinks milk?'); [] for none."""
        m = re.match(r"^(?:who|whom|whose)\b(.*)$", low)
        if m:
            return [(self.who, m.group(1))]
        words = low.split()
        if not words or words[0] != "which":
            return []
        out: list[tuple[int, str]] = []
        people = {singular(p) for p in PEOPLE} | {"one", "person"}
        for k in (3, 2, 1):
            if len(words) <= k + 1:
                continue
            phrase = " ".join(words[1: k + 1])
            rest = words[k + 1:]
            of = re.match(r"^of (?:them|these|those|the [a-z]+)$", " ".join(rest[:2]) if rest[:1] == ["of"] else "")
            if of:
                rest = rest[2:]
            if any(w.startswith("§") for w in phrase.split()):
                continue
            cat = self._category(phrase)
            if cat is not None:
                out.append((cat, " ".join(rest)))
            elif k == 1 and key_words(phrase)[-1:] and key_words(phrase)[-1] in people:
                out.append((self.who, " ".join(rest)))
        m = re.match(r"^which (?:one )?of (?:them|these|those|the [a-z]+)\b(.*)$", low)
        if m and not out:
            out.append((self.who, m.group(1)))
        return out

    def _inverted(self, toks: list[Tok], s: Sentence) -> Any:
        """Return the meaning of an 'Is X Y?' question: the statement 'X is Y' with the verb put back."""
        found: set = set()
        errors: list[str] = []
        for k in range(1, len(toks)):
            if toks[k].kind not in ("M", "P", "R", "NOT") or toks[k - 1].kind == "F":
                continue
            cand = toks[:k] + [Tok("F", None, "is")] + toks[k:]
            tree = parse_kinds(" ".join(t.kind for t in cand), "sent")
            if tree is None:
                continue
            offsets, pos = {}, 0
            for j, t in enumerate(cand):
                offsets[pos] = j
                pos += len(t.kind) + 1
            found |= _Semantics(self, cand, offsets, errors).of(tree)
        if len(found) != 1:
            return self._meanings(toks, "sent", s)
        return next(iter(found))

    def _subject(self, words: str, s: Sentence) -> tuple:
        """Return the one value or position a question's remaining words name."""
        toks = self._tokens(words, s)
        return self._meanings(toks, "subject", s)

    def _category(self, phrase: str) -> int | None:
        """Return the characteristic a phrase names ('favourite drink', 'colour', 'animal'), or None."""
        want = key_words(phrase)
        if not want or any(w.startswith("§") for w in phrase.split()):
            return None
        exact = [i for i, c in enumerate(self.categories) if key_words(c.name) == want]
        if len(exact) == 1:
            return exact[0]
        wanted = {w for w in want if w not in CATEGORY_STOP}
        wanted |= {SYNONYMS[w] for w in wanted if w in SYNONYMS}
        if not wanted:
            return None
        scores = []
        for c in self.categories:
            words = set(key_words(c.name + " " + c.description)) - CATEGORY_STOP
            words |= {SYNONYMS[w] for w in words if w in SYNONYMS}
            scores.append(len(wanted & words))
        best = max(scores)
        if best and scores.count(best) == 1:
            return scores.index(best)
        return None

    def _category_of_verb(self, verb: str) -> int | None:
        stem = verb_stem(verb)
        found = [i for i, c in enumerate(self.categories) if stem in c.verbs]
        if len(found) == 1:
            return found[0]
        if not found:
            named = VERB_CATEGORY.get(stem, stem)
            return self._category(named) if self._category(named) is not None else self._category(stem)
        return None

    def _option(self, form: tuple, o: Sentence) -> Any:
        """Return the expression an option states for a question (a value, a position or a claim), or None."""
        if o.is_question:
            return None
        marked, spans = self._marked(o.text, o)
        kind = form[0]
        if kind == "claims":
            toks = self._tokens(marked, o)
            return self._json(self._meanings(toks, "sent", o))
        if kind == "where":
            body = marked.strip()
            if re.fullmatch(r"\d+", body):
                h = int(body)
            else:
                toks = self._tokens(body, o)
                if [t.kind for t in toks] not in (["P"], ["F", "P"]):
                    return None
                spec = toks[-1].data
                h = self._house(spec)
                if h is None:
                    return None
            self._check_house(h, o)
            return ["at", self.values[form[1][1]].var, h]
        if kind in ("who", "what") and len(spans) == 1:
            toks = self._tokens(marked, o)
            bare = [t for t in toks if not (t.kind == "F" and set(t.text.split()) <= {"a", "an", "the", "some"})]
            if [t.kind for t in bare] != ["M"]:  # an option names a value and nothing more
                return None
            term = ("v", bare[0].data)
            if kind == "who":
                return self._json(form[1], self.values[term[1]].var)
            return self._same_json(term, form[2])
        return None

    def _house(self, spec: tuple) -> int | None:
        if spec[0] == "at":
            return spec[1]
        if spec[0] == "middle" and self.houses % 2 == 1:
            return (self.houses + 1) // 2
        return None

    def _check_house(self, h: int, s: Sentence) -> None:
        if not 1 <= h <= self.houses:
            raise PuzzleError(f"{s.where}: cannot read the option '{s.text}': expected a position from 1 to "
                              f"{self.houses}")

    def _same_json(self, value_term: tuple, subject: tuple) -> Any:
        """Return 'value is the subject' as JSON: ['same', value, subject] or ['at', value, h]."""
        var = self.values[value_term[1]].var
        if subject[0] == "v":
            return ["same", var, self.values[subject[1]].var]
        return self._json(_Semantics.position_expr(self, f"§{value_term[1]}", subject[1]))

    def _ask_table(self, s: Sentence, form: tuple, options: list[tuple[Sentence, Any]]) -> dict[str, Any]:
        """Return the [[question]] table of a question."""
        table: dict[str, Any] = {"text": re.sub(r"\s+", " ", LABEL.sub("", s.text.strip())).strip()}
        if options:
            table["kind"] = "one"
            table["choice"] = [{"answer": o.text, "expr": e, "label": o.marker} for o, e in options]
            return table
        kind = form[0]
        if kind == "yes_no":
            table["kind"] = "yes_no"
            table["expr"] = self._json(form[1])
            return table
        if kind == "who":
            template, cat = form[1], form[2]
            c = self.categories[cat]
            choices = [{"answer": v, "expr": self._json(template, f"{c.name}:{v}")} for v in c.values]
            head = template[0] if isinstance(template, tuple) else None
            table["kind"] = "one" if head in ("same", "at") else "all"
            table["choice"] = choices
            return table
        if kind == "what":
            c = self.categories[form[1]]
            start = next(k for k, v in enumerate(self.values) if v.category == c.name)
            table["kind"] = "one"
            table["choice"] = [{"answer": v, "expr": self._same_json(("v", start + k), form[2])}
                               for k, v in enumerate(c.values)]
            return table
        if kind == "where":
            var = self.values[form[1][1]].var
            table["kind"] = "one"
            table["choice"] = [{"answer": str(h), "expr": ["at", var, h]} for h in range(1, self.houses + 1)]
            return table
        raise PuzzleError(f"{s.where}: the question '{s.text}' needs options")


class _Semantics:
    """The meanings of a parse forest: every reading's clue, as hashable tuples ('§i' for value i)."""

    def __init__(self, reader: GridReader, toks: list[Tok], offsets: dict[int, int], errors: list[str]):
        self.r = reader
        self.toks = toks
        self.offsets = offsets
        self.errors = errors

    def of(self, node: Any) -> set:
        """Return the set of meanings of a forest node (readings that raise are dropped, their message kept)."""
        if isinstance(node, Token):
            return {self.toks[self.offsets[node.start_pos]]}
        if node.data == "_ambig":
            out: set = set()
            for child in node.children:
                out |= self.of(child)
            return out
        parts = [self.of(c) for c in node.children]
        out = set()
        for combo in product(*parts):
            try:
                out.add(self.rule(node.data, list(combo)))
            except GridError as e:
                self.errors.append(e.message)
        return out

    # ---- terms and predicates

    def rule(self, name: str, kids: list) -> Any:
        toks = [k for k in kids if isinstance(k, Tok)]
        inner = [k for k in kids if not isinstance(k, Tok)]
        neg = any(t.kind == "NOT" for t in toks)
        if name == "core":
            return ("v", next(t.data for t in toks if t.kind == "M"))
        if name == "pos":
            return ("p", next(t.data for t in toks if t.kind == "P"))
        if name in ("np", "posnp", "subj", "obj", "subject"):
            return inner[0]
        if name in ("same", "not_same"):
            # "…next to Bob and the tea drinker" / "…and not the tea drinker": no verb of its own
            before = kids[: next((k for k, t in enumerate(kids) if isinstance(t, Tok) and t.kind == "NOT"), len(kids))]
            said = " ".join(t.text for t in before if isinstance(t, Tok) and t.kind == "F").split()
            verbless = all(w in ("a", "an", "the", "some", "also", "too") for w in said)
            return ("pred", ("same",), neg, inner[0], verbless)
        if name in ("at", "not_at"):
            return ("pred", ("same",), neg, inner[0])
        if name in ("rel", "not_rel"):
            r = next(t.data for t in toks if t.kind == "R")
            return ("pred", r, neg, inner[0])
        if name == "btw3":
            self.bare_after(next(t for t in toks if t.kind == "AND"))
            kind = next(str(t.data) for t in toks if t.kind == "BTWX")
            return ("pred", ("btw3", kind), neg, inner[0], inner[1])
        if name == "rel_or_obj":
            self.bare_after(next(t for t in toks if t.kind == "OR"))
            r = next(t.data for t in toks if t.kind == "R")
            return ("or", tuple(("pred", r, False, o) for o in inner))
        if name == "rel_both":
            self.bare_after(next(t for t in toks if t.kind == "AND"))
            r = next(t.data for t in toks if t.kind == "R")
            return ("all", tuple(("pred", r, False, o) for o in inner))
        if name == "nbr":
            return ("pred", ("next",), neg, inner[0])
        if name == "neither_same":
            return ("all", tuple(("pred", ("same",), True, t) for t in inner))
        if name == "neither_at":
            return ("all", tuple(("pred", ("same",), True, t) for t in inner))
        if name == "rel_or":
            return ("or", tuple(("pred", t.data, False, inner[0]) for t in toks if t.kind == "R"))
        if name in ("same_or", "at_or"):
            return ("or", tuple(("pred", ("same",), False, t) for t in inner))
        if name == "preds":
            for prev, pred in zip(inner, inner[1:]):
                if pred[0] == "pred" and pred[-1] is True and not (prev[0] == "pred" and prev[1] == ("same",)
                                                                    and prev[3][0] == "v"):
                    raise GridError("expected a verb after 'and' (its own, as in 'lives next to Bob and lives "
                                    "next to Carol'): without one what it says is not said")
            return tuple(inner)
        if name == "sep":
            return Tok("SEP")
        if name == "predicate":
            return self.apply(inner[0], inner[1])
        if name == "clauses":
            exprs = [k for k in inner if not (isinstance(k, Tok))]
            return exprs[0] if len(exprs) == 1 else ("and", *exprs)
        if name == "either":
            return ("or", *inner)
        if name == "nottrue":
            return ("not", inner[0])
        if name == "pair":
            return self.relate(("next",), neg, inner[0], inner[1])
        if name == "pair_between":
            k = next(t.data for t in toks if t.kind == "BTWP")
            return self.relate(("btw", k), neg, inner[0], inner[1])
        if name == "between":
            k = next(t.data for t in toks if t.kind == "BTW")
            return self.relate(("btw", k), False, inner[0], inner[1])
        if name == "pair_apart":
            k = next(int(str(t.data)) for t in toks if t.kind == "APART")
            if k < 1:
                raise GridError("expected a distance of at least one position")
            return self.relate(("dist", k), neg, inner[0], inner[1])
        if name == "fronted_between":
            kind = next(str(t.data) for t in toks if t.kind == "BTWX")
            return self.between3(inner[2], inner[0], inner[1], kind, False)
        if name == "opposite_ends":
            a, b = inner
            if a[0] != "v" or b[0] != "v":
                raise GridError("expected two of the puzzle's values at opposite ends")
            x, y, n = f"§{a[1]}", f"§{b[1]}", self.r.houses
            return ("or", ("and", ("at", x, 1), ("at", y, n)), ("and", ("at", x, n), ("at", y, 1)))
        if name == "sides":
            return self.between3(inner[2], inner[0], inner[1], "directly", False)
        if name == "one_other":
            x, y, p, q = inner
            e = ("or", ("and", self.apply(x, p), self.apply(y, q)), ("and", self.apply(x, q), self.apply(y, p)))
            if x[0] == "v" and y[0] == "v" and self._category(x[1]) != self._category(y[1]):
                e = ("and", self.relate(("same",), True, x, y), e)  # "one … and the other …": two people
            return e
        if name == "either_xor":
            a, b = inner
            return ("and", ("or", a, b), ("not", ("and", a, b)))
        if name == "either_subject_xor":
            a, b = self.apply(inner[0], inner[2]), self.apply(inner[1], inner[2])
            return ("and", ("or", a, b), ("not", ("and", a, b)))
        if name == "either_subject":
            return ("or", self.apply(inner[0], inner[2]), self.apply(inner[1], inner[2]))
        if name == "neither_subject":
            return ("and", self.negate(self.apply(inner[0], inner[2])), self.negate(self.apply(inner[1], inner[2])))
        if name == "fronted":
            r = next(t.data for t in toks if t.kind == "R")
            return self.relate(r, False, inner[1], inner[0])
        if name == "fronted_position":
            return self.relate(("same",), False, inner[1], inner[0])
        raise GridError(f"unknown rule {name}")

    def bare_after(self, joint: Tok) -> None:
        """Raise GridError unless the words after 'or' / 'and' start a noun phrase ('next to Bob or the Dane', not
        'next to Bob or drinks tea', which has a verb of its own)."""
        k = next(i for i, t in enumerate(self.toks) if t is joint)
        after = self.toks[k + 1] if k + 1 < len(self.toks) else None
        if after is not None and after.kind == "F" and after.text.split()[0] not in ("the", "a", "an", "whoever"):
            raise GridError(f"expected one of the puzzle's values after '{joint.text}' (not '{after.text}')")

    def apply(self, subject: tuple, preds: tuple) -> Any:
        exprs = [self.apply_one(subject, p) for p in preds]
        return exprs[0] if len(exprs) == 1 else ("and", *exprs)

    def apply_one(self, subject: tuple, pred: tuple) -> Any:
        if pred[0] in ("or", "all"):
            return ("or" if pred[0] == "or" else "and", *(self.apply_one(subject, p) for p in pred[1]))
        r, neg, obj = pred[1:4]
        if r[0] == "btw3":
            return self.between3(subject, obj, pred[4], r[1], neg)
        return self.relate(r, neg, subject, obj)

    def _category(self, i: int) -> int:
        return self.r.who if i == WHO else self.r.category_of[i]

    def between3(self, a: tuple, b: tuple, c: tuple, kind: str, neg: bool) -> Any:
        """Return 'a is between b and c': somewhere between (b and c on either side), or directly between
        (b and c its two neighbours)."""
        if a[0] != "v" or b[0] != "v" or c[0] != "v":
            raise GridError("expected three of the puzzle's values for 'between' (not positions)")
        if len({a[1], b[1], c[1]}) < 3:
            raise GridError("expected three different values for 'between'")
        if neg and kind == "plain":  # 'not between' denies 'somewhere between' or only 'directly between'
            raise GridError("'not between' can deny 'somewhere between' or only 'directly between'; say "
                            "'not anywhere between' or 'not directly between'")
        x, y, z = (f"§{t[1]}" for t in (a, b, c))
        if kind == "directly":
            e: Any = ("and", ("next_to", x, y), ("next_to", x, z))
            if self._category(b[1]) != self._category(c[1]):
                e = (*e, ("not", ("same", y, z)))
        else:
            e = ("or", ("and", ("left_of", y, x), ("left_of", x, z)), ("and", ("left_of", z, x), ("left_of", x, y)))
        return self.negate(e) if neg else e

    @staticmethod
    def negate(e: Any) -> Any:
        if isinstance(e, tuple) and e[0] == "at":
            return ("not_at", e[1], e[2])
        return ("not", e)

    def relate(self, r: tuple, neg: bool, a: tuple, b: tuple) -> Any:
        """Return the clue 'a r b' (negated): values or positions on either side."""
        if a[0] == "p" and b[0] == "p":
            raise GridError("expected one of the puzzle's values, not two positions")
        if a[0] == "p":
            a, b, r = b, a, self.inverse(r)
        x = f"§{a[1]}"
        if b[0] == "v":
            y = f"§{b[1]}"
            if a[1] == b[1]:
                raise GridError("expected two different values")
            e = self.atom(r, x, y, a[1], b[1])
        elif r == ("same",):
            e = self.position_expr(self.r, x, b[1])
        else:
            e = self.set_expr(x, self.related_houses(r, self.spec_houses(b[1])))
        return self.negate(e) if neg else e

    @staticmethod
    def inverse(r: tuple) -> tuple:
        if r[0] == "off":
            return ("off", -r[1])
        return {("left",): ("right",), ("right",): ("left",)}.get(r, r)

    def atom(self, r: tuple, x: str, y: str, i: int, j: int) -> Any:
        kind = r[0]
        if kind == "same":
            ci, cj = (self.r.who if k == WHO else self.r.category_of[k] for k in (i, j))
            if ci == cj and WHO not in (i, j):
                raise GridError(f"expected values of two characteristics for 'is' (both are {self.r.categories[ci].name} "
                                "values)")
            return ("same", x, y)
        if kind == "off":
            d = r[1]
            if d == -1:
                return ("directly_left", x, y)
            if d == 1:
                return ("directly_right", x, y)
            if d == 0:
                return ("same", x, y)
            return ("and", ("between", x, y, abs(d) - 1), ("left_of" if d < 0 else "right_of", x, y))
        if kind == "left":
            return ("left_of", x, y)
        if kind == "right":
            return ("right_of", x, y)
        if kind == "next":
            return ("next_to", x, y)
        if kind == "dist":
            if r[1] < 1:
                raise GridError("expected a distance of at least one position")
            return ("next_to", x, y) if r[1] == 1 else ("between", x, y, r[1] - 1)
        if kind == "btw":
            return ("between", x, y, r[1])
        raise GridError(f"unknown relation {r}")

    def spec_houses(self, spec: tuple) -> list[int]:
        n = self.r.houses
        if spec[0] == "at":
            self.check(spec[1])
            return [spec[1]]
        if spec[0] == "middle":
            if n % 2 == 0:
                raise GridError(f"expected an odd number of positions for 'the middle' (there are {n})")
            return [(n + 1) // 2]
        if spec[0] == "ends":
            return sorted({1, n})
        if spec[0] in ("even", "odd"):
            hs = [h for h in range(1, n + 1) if h % 2 == (0 if spec[0] == "even" else 1)]
            if not hs:
                raise GridError(f"expected {spec[0]}-numbered positions (there are {n})")
            return hs
        raise GridError(f"unknown position {spec}")

    def check(self, h: int) -> None:
        n = self.r.houses
        if not 1 <= h <= n:
            word = ORDINAL_OF.get(h, str(h))
            raise GridError(f"expected a position from 1 to {n} (there is no {word})")

    def related_houses(self, r: tuple, houses: list[int]) -> list[int]:
        n = self.r.houses
        kind = r[0]

        def ok(h: int, p: int) -> bool:
            if kind == "off":
                return h == p + r[1]
            if kind == "left":
                return h < p
            if kind == "right":
                return h > p
            if kind == "next":
                return abs(h - p) == 1
            if kind == "dist":
                return abs(h - p) == r[1]
            if kind == "btw":
                return abs(h - p) == r[1] + 1
            return h == p
        return [h for h in range(1, n + 1) if any(ok(h, p) for p in houses)]

    @staticmethod
    def position_expr(reader: GridReader, x: str, spec: tuple) -> Any:
        """Return 'x is at this position' in its canonical form (at, or of ats for the ends and even/odd)."""
        sem = _Semantics(reader, [], {}, [])
        hs = sem.spec_houses(spec)
        if spec[0] == "ends" and reader.houses >= 2:
            return ("or", ("at", x, 1), ("at", x, reader.houses))
        return sem.set_expr(x, hs)

    def set_expr(self, x: str, houses: list[int]) -> Any:
        if not houses:
            return ("and", ("at", x, 1), ("not_at", x, 1))
        if len(houses) == 1:
            return ("at", x, houses[0])
        return ("or", *(("at", x, h) for h in houses))


def read_grid(text: str, sentences: tuple, title: str = "") -> Reading:
    """Return the reading of a grid text; raise PuzzleError with line and column for a sentence it cannot read."""
    return GridReader(text, tuple(sentences), title).read()
