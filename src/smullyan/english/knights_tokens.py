"""The words of a knights-and-knaves sentence as the terminals of knights.lark.

- Token kinds: NAME (a capitalised word that is no keyword: a person, once the reader has checked),
  ROLE (a role word the text defines, singular or plural, any case), WORD (another lower-case word),
  NUM (a number), keywords (IS, NOT, AND, …) and punctuation (COMMA, END, QMARK, LQ and RQ for
  quotation marks inside a claim).
- The lexer decides what one token of look-ahead cannot: "a"/"A" is an article before a role word
  and a name elsewhere; "and", "or" and "," before a role word join complements (CAND, COR, CCOMMA:
  "a knight or a knave"); "if and only if", "only if", "no one", "truth teller" are one token;
  contractions are opened ("isn't" -> IS NOT); adverbs that change nothing ("also", "really") drop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Token

NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}

KEYWORDS = {
    "a": "A", "an": "A", "the": "THE",
    "is": "IS", "are": "ARE", "am": "AM", "was": "IS", "were": "ARE", "be": "BE",
    "not": "NOT", "no": "NO", "and": "AND", "or": "OR", "but": "BUT", "either": "EITHER", "neither": "NEITHER",
    "nor": "NOR", "if": "IF", "then": "THEN", "only": "ONLY", "iff": "IFF",
    "both": "BOTH", "all": "ALL", "none": "NONE", "each": "EACH", "every": "EVERY",
    "everyone": "EVERYONE", "everybody": "EVERYONE", "nobody": "NOBODY",
    "someone": "SOMEONE", "somebody": "SOMEONE", "anyone": "SOMEONE", "anybody": "SOMEONE", "any": "ANY",
    "of": "OF", "among": "AMONG", "amongst": "AMONG", "us": "US", "we": "WE", "them": "THEM", "they": "THEY",
    "i": "I", "me": "ME", "myself": "ME", "you": "YOU", "he": "HE", "she": "HE", "it": "IT", "case": "CASE",
    "that": "THAT", "true": "TRUE", "false": "FALSE", "same": "SAME", "different": "DIFFERENT", "opposite": "DIFFERENT",
    "kind": "KIND", "kinds": "KIND", "type": "KIND", "types": "KIND", "sort": "KIND", "sorts": "KIND",
    "as": "AS", "from": "FROM", "than": "THAN", "at": "AT", "least": "LEAST", "most": "MOST",
    "exactly": "EXACTLY", "precisely": "EXACTLY", "more": "MORE", "fewer": "FEWER", "less": "FEWER",
    "there": "THERE", "here": "HERE", "would": "WOULD",
    "say": "SAY", "says": "SAY", "said": "SAY", "claim": "SAY", "claims": "SAY", "claimed": "SAY",
    "state": "SAY", "states": "SAY", "stated": "SAY", "assert": "SAY", "asserts": "SAY", "asserted": "SAY",
    "insist": "SAY", "insists": "SAY", "insisted": "SAY", "declare": "SAY", "declares": "SAY",
    "declared": "SAY",
    "tell": "TELL", "tells": "TELL", "told": "TELL", "truth": "TRUTH",
    "lie": "LIE", "lies": "LIE", "lied": "LIE", "lying": "LYING", "telling": "TELLING",
    "always": "ALWAYS", "never": "NEVER", "does": "DOES", "do": "DOES", "did": "DOES",
    "honest": "HONEST", "truthful": "HONEST", "dishonest": "DISHONEST", "untruthful": "DISHONEST",
    "other": "OTHER", "others": "OTHERS", "else": "ELSE", "rest": "REST",
    "number": "NUMBER", "even": "PARITY", "odd": "PARITY",
    "who": "WHO", "whom": "WHO", "which": "WHICH", "what": "WHAT", "how": "HOW", "many": "MANY",
    "whether": "WHETHER", "yes": "YES", "deny": "DENY", "denies": "DENY", "denied": "DENY", "these": "THESE", "those": "THESE",
}
FILLERS = {"also", "too", "really", "definitely", "certainly", "indeed", "actually", "surely", "truly",
           "honestly"}
CONTRACTIONS = {"isn't": ("is", "not"), "aren't": ("are", "not"), "wasn't": ("was", "not"),
                "weren't": ("were", "not"), "doesn't": ("does", "not"), "don't": ("do", "not"),
                "didn't": ("did", "not"), "i'm": ("i", "am"), "we're": ("we", "are"), "they're": ("they", "are"),
                "he's": ("he", "is"), "she's": ("she", "is"), "it's": ("it", "is"), "wouldn't": ("would", "not"),
                "who's": ("who", "is"), "what's": ("what", "is"), "there's": ("there", "is"),
                "you're": ("you", "are")}
# a word for a person before a name ("Inhabitant A says …", "Person B"): the name is the letter
PEOPLE_NOUNS = {"inhabitant", "person", "native", "islander", "resident", "speaker", "individual", "character",
                "citizen", "villager", "local", "stranger", "suspect", "guard", "prisoner", "traveller", "traveler",
                "member", "creature", "being", "figure", "man", "woman", "boy", "girl"}
# capitalised words that start sentences and are never a person's name ("Suppose Alice is a knight")
DISCOURSE = {"suppose", "supposing", "assume", "assuming", "imagine", "consider", "again", "instead", "now", "so",
             "thus", "hence", "therefore", "however", "meanwhile", "finally", "next", "first", "furthermore",
             "moreover", "additionally", "besides", "lastly", "well", "okay", "ok", "note", "clearly", "obviously",
             "similarly", "likewise", "still", "yet", "later", "afterwards", "today", "here", "hmm"}
HONORIFICS = {"Mr", "Mrs", "Ms", "Dr", "Sir", "Lady", "Lord", "King", "Queen", "Prince", "Princess", "Saint", "St"}
OPEN_QUOTES = "\"“‘«"
CLOSE_QUOTES = "\"”’»"

WORD = re.compile(r"[^\W\d_](?:[\w'’-]*[^\W_])?|\d+|\.\.\.|[,;:.!?()\"“”‘’«»'—–-]")
COMPLEMENT_START = {"A", "ROLE", "WORD", "HONEST", "DISHONEST", "LYING", "TELLING"}
PERSON = {"NAME", "I", "ME", "HE", "YOU"}

FRIENDLY = {"NAME": "a name", "ROLE": "a role word", "WORD": "a word", "NUM": "a number", "ONE": "a number",
            "COMMA": "','", "CCOMMA": "','", "SEMI": "';'", "COLON": "':'", "END": "a full stop",
            "QMARK": "'?'", "LQ": "a quotation mark", "RQ": "a closing quotation mark", "CAND": "'and'",
            "COR": "'or'", "IFF": "'if and only if'", "ONLYIF": "'only if'", "XORTAIL": "'but not both'",
            "NOBODY": "'nobody'", "HONEST": "'honest'", "DISHONEST": "'dishonest'", "SAY": "'says'",
            "TELL": "'tells'", "LIE": "'lies'", "IS": "'is'", "ARE": "'are'", "A": "'a'", "HE": "'he'",
            "DOES": "'does'", "KIND": "'kind'", "PARITY": "'even'", "EVERYONE": "'everyone'",
            "SOMEONE": "'someone'", "FEWER": "'fewer'", "EXACTLY": "'exactly'", "ME": "'me'",
            "BOTHNP": "'both'", "EITHERNP": "'either'", "QOR": "'or'", "IMPLICIT": "", "POSS": "'s",
            "DASH": "'-'", "$END": "the end of the sentence", "THESE": "'these'"}


@dataclass(frozen=True)
class Lexicon:
    """The role words a text defines: singular word -> (canonical type, the type as TypeIs spells it)."""

    words: dict[str, tuple[str, str]]

    def lookup(self, word: str) -> tuple[str, str] | None:
        """Return (type, spelling) of a role word in any number and case, or None."""
        w = word.lower().replace("’", "'")
        for cand in (w, singular(w)):
            if cand in self.words:
                return self.words[cand]
        return None


def singular(word: str) -> str:
    """Return a role word in the singular: 'knaves' -> 'knave', 'truth-tellers' -> 'truth-teller'."""
    w = word.lower()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes", "oes")):
        return w[:-2]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _raw(text: str, base: int) -> list[tuple[str, int]]:
    """Return the words and marks of a text with their offsets (from `base`)."""
    return [(m.group(), base + m.start()) for m in WORD.finditer(text)]


def _is_quote_open(words: list[tuple[str, int]], i: int, text: str, base: int) -> bool | None:
    """Return True if the quotation mark at i opens a quote, False if it closes one, None if neither."""
    w, off = words[i]
    if w in "“‘«":
        return True
    if w in "”’»":
        return False
    pos = off - base
    before = text[pos - 1] if pos > 0 else " "
    after = text[pos + 1] if pos + 1 < len(text) else " "
    if not before.strip() or before in "([":
        return True
    if not after.strip() or after in ".,;:!?)":
        return False
    return None


def tokenize(text: str, lexicon: Lexicon, base: int = 0) -> list[Token]:
    """Return the tokens of a claim, question or option (offsets counted from `base`)."""
    raw = _raw(text, base)
    out: list[Token] = []

    def add(kind: str, value: str, off: int) -> None:
        tok = Token(kind, value, start_pos=off)
        out.append(tok)

    i = 0
    depth = 0
    while i < len(raw):
        w, off = raw[i]
        if w == "(" and i + 2 < len(raw) and raw[i + 1][0] in ("s", "es") and raw[i + 2][0] == ")" and i and \
                raw[i - 1][1] + len(raw[i - 1][0]) == off:  # "knave(s)": the word, in either number
            i += 3
            continue
        low = w.lower().replace("’", "'")
        nxt = raw[i + 1][0].lower() if i + 1 < len(raw) else ""
        if w in "\"“”‘’«»'":
            opens = _is_quote_open(raw, i, text, base)
            if opens is None:
                opens = depth == 0
            if opens:
                depth += 1
                add("LQ", w, off)
            else:
                depth = max(0, depth - 1)
                add("RQ", w, off)
            i += 1
            continue
        if w in ",":
            add("COMMA", w, off)
        elif w == ";":
            add("SEMI", w, off)
        elif w == ":":
            add("COLON", w, off)
        elif w in (".", "!", "..."):
            add("END", w, off)
        elif w == "?":
            add("QMARK", w, off)
        elif w in "()—–-":
            add("DASH", w, off)
        elif w.isdigit():
            add("NUM", w, off)
        elif low in CONTRACTIONS:
            a, b = CONTRACTIONS[low]
            add(KEYWORDS[a], w, off)
            add(KEYWORDS[b], w, off)
        elif low in ("everyone's", "everybody's", "everyone’s", "everybody’s"):
            add("EVERYONE", w[:-2], off)
            add("POSS", w[-2:], off + len(w) - 2)
        elif low.endswith(("'s", "’s")) and len(w) > 2 and w[0].isupper() and (low[:-2] not in KEYWORDS or
                                                                             len(w) == 3 and w[0] != "I"):
            add("NAME", w[:-2], off)
            add("POSS", w[-2:], off + len(w) - 2)
        elif low == "if" and [x[0].lower() for x in raw[i + 1:i + 4]] == ["and", "only", "if"]:
            add("IFF", " ".join(x[0] for x in raw[i:i + 4]), off)
            i += 4
            continue
        elif low == "only" and nxt == "if":
            add("ONLYIF", w + " " + raw[i + 1][0], off)
            i += 2
            continue
        elif low == "no" and nxt == "one":
            add("NOBODY", w + " " + raw[i + 1][0], off)
            i += 2
            continue
        elif low == "truth" and nxt in ("teller", "tellers") and lexicon.lookup("truth " + nxt):
            add("ROLE", w + " " + raw[i + 1][0], off)
            i += 2
            continue
        elif lexicon.lookup(w) is not None and not (w[0].isupper() and len(w) == 1):
            add("ROLE", w, off)
        elif low in NUMBERS and low != "one":
            add("NUM", w, off)
        elif low == "one":
            add("ONE", w, off)
        elif low in FILLERS or low == "else" and out and out[-1].type == "OR":  # "or else": or
            pass
        elif w in ("Person", "Speaker") and i + 1 < len(raw) and raw[i + 1][0].isdigit() and len(raw[i + 1][0]) <= 2 \
                and raw[i + 1][1] == off + len(w) + 1:  # "Person 1": a name
            add("NAME", f"{w} {raw[i + 1][0]}", off)
            i += 2
            continue
        elif low in PEOPLE_NOUNS and i + 1 < len(raw) and raw[i + 1][0][:1].isupper() and \
                (raw[i + 1][0].lower() not in KEYWORDS or len(raw[i + 1][0]) == 1 and raw[i + 1][0] != "I") and \
                raw[i + 1][1] == off + len(w) + 1:
            pass  # "Inhabitant A", "person B": the name is what follows
        elif w in ("A", "An"):
            add("A?", w, off)  # an article or a name: decided once the next token is known
        elif w == "I":
            add("I", w, off)
        elif low in KEYWORDS:
            add(KEYWORDS[low], w, off)
        elif w[0].isupper() and low in DISCOURSE:
            add("WORD", w, off)
        elif w[0].isupper():
            if len(out) > 1 and out[-1].type == "END" and out[-1].value == "." and out[-2].type == "NAME" and \
                    out[-2].value in HONORIFICS and out[-1].start_pos == out[-2].start_pos + len(out[-2].value):
                out.pop()
                prev = out.pop()
                add("NAME", text[prev.start_pos - base:off - base + len(w)], prev.start_pos)
            elif out and out[-1].type == "NAME" and (out[-1].value in HONORIFICS or _joinable(out[-1], off, text, base)):
                prev = out.pop()
                add("NAME", text[prev.start_pos - base:off - base + len(w)], prev.start_pos)
            else:
                add("NAME", w, off)
        else:
            add("WORD", w, off)
        i += 1
    return _settle(out)


def _joinable(prev: Token, off: int, text: str, base: int) -> bool:
    """Return whether a capitalised word directly continues the name before it ('Mary Ann')."""
    between = text[prev.start_pos - base + len(prev.value):off - base]
    return between == " "


def _settle(toks: list[Token]) -> list[Token]:
    """Return the tokens with what needs look-ahead decided: articles, complement joiners, dropped commas."""
    for i, t in enumerate(toks):
        if t.type == "A?":
            nxt = toks[i + 1].type if i + 1 < len(toks) else ""
            article = t.value == "An" or nxt in ("ROLE", "PARITY")
            toks[i] = Token("A" if article else "NAME", t.value, start_pos=t.start_pos)
    out: list[Token] = []
    i = 0
    there = False  # inside "there is one knight, one knave and one spy"
    while i < len(toks):
        t = toks[i]
        kinds = [x.type for x in toks[i + 1:i + 4]] + ["", "", ""]
        nxt, nxt2 = kinds[0], kinds[1]
        if t.type == "THERE":
            there = True
        elif t.type in ("END", "SEMI", "RQ", "LQ") or t.type == "COMMA" and nxt not in ("NUM", "ONE", "A", "NO", "AND"):
            there = False
        if there and t.type in ("COMMA", "AND") and (nxt in ("NUM", "ONE", "A", "NO") and nxt2 == "ROLE" or
                                                     t.type == "COMMA" and nxt == "AND" and kinds[1] in ("NUM", "ONE", "A", "NO")):
            out.append(Token("TCOMMA" if t.type == "COMMA" else "TAND", t.value, start_pos=t.start_pos))
            i += 1
            continue
        if t.type == "COMMA" and nxt in ("IFF", "ONLYIF", "THEN"):
            i += 1
            continue
        elif t.type == "THAT" and out and out[-1].type in ("AND", "OR", "BUT"):  # "… and that C lies"
            i += 1
            continue
        elif t.type == "COMMA" and kinds[:3] == ["BUT", "NOT", "BOTH"]:
            i += 1
            continue
        elif t.type == "BUT" and nxt == "NOT" and nxt2 == "BOTH" and kinds[2] in ("END", "QMARK", "RQ", "COMMA", ""):
            out.append(Token("XORTAIL", "but not both", start_pos=t.start_pos))
            i += 3
            continue
        elif nxt in ("IS", "ARE") and (t.type in ("NUM", "ONE") and not (out and out[-1].type in ("OTHER", "WHICH", "THE")) or
                                       t.type in ("ALL", "BOTH", "NONE", "NEITHER", "EACH") and
                                       not (out and out[-1].type in ("IS", "ARE", "AM"))):
            out.append(t)  # "exactly one is a knight": one of all the people
            out.append(Token("OF", "", start_pos=t.start_pos + len(t.value)))
            out.append(Token("IMPLICIT", "", start_pos=t.start_pos + len(t.value)))
            i += 1
            continue
        elif t.type == "EITHER" and nxt in PERSON and nxt2 == "OR" and kinds[2] in PERSON:
            t = Token("EITHERNP", t.value, start_pos=t.start_pos)
        elif t.type == "BOTH" and nxt in PERSON and nxt2 in ("AND", "COMMA"):
            t = Token("BOTHNP", t.value, start_pos=t.start_pos)
        elif t.type == "OR" and nxt in ("BOTH", "ALL", "EACH") and nxt2 in COMPLEMENT_START:
            t = Token("QOR", t.value, start_pos=t.start_pos)
        elif t.type == "COMMA" and nxt in ("AND", "OR") and nxt2 in ("ROLE", "A") and out and out[-1].type == "ROLE" and \
                kinds[2] in ("ROLE", "END", "QMARK", "RQ", "IS", "ARE", "") and (nxt2 == "ROLE" or kinds[2] == "ROLE"):
            t = Token("CCOMMA", t.value, start_pos=t.start_pos)  # "a knight, a knave, or a spy"
        elif t.type in ("AND", "OR", "COMMA") and (nxt in COMPLEMENT_START or nxt == "THE" and nxt2 == "ROLE" or
                                                   (nxt in ("BOTH", "ALL") and nxt2 in COMPLEMENT_START)):
            t = Token({"AND": "CAND", "OR": "COR", "COMMA": "CCOMMA"}[t.type], t.value, start_pos=t.start_pos)
        out.append(t)
        i += 1
    return out
