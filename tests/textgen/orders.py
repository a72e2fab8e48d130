"""Ordering texts: N things in one order told by comparatives and ranks, in varied wordings; answers by
brute force over permutations (independent of smullyan's solver)."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

ORD = "first second third fourth fifth sixth seventh eighth ninth tenth".split()
WORDS = "zero one two three four five six seven eight nine ten".split()


class Theme:
    """A kind of ordering text: its setting, names, and phrases for places and comparisons."""

    def __init__(self, key, intro, pool, noun, article, plural_values, before, after, at_low, at_high, kth_low,
                 kth_high, ends, yes_no, just=(), adjacent=(), suffix=False):
        self.key, self.intro, self.pool, self.noun, self.article = key, intro, pool, noun, article
        self.suffix = suffix  # listed as "a red book": the noun follows the value
        self.plural_values = plural_values
        self.before, self.after = before, after
        self.at_low, self.at_high, self.kth_low, self.kth_high = at_low, at_high, kth_low, kth_high
        self.ends, self.yes_no, self.just, self.adjacent = ends, yes_no, just, adjacent


def _be(theme, neg=False):
    return ("are" if theme.plural_values else "is") + (" not" if neg else "")


THEMES = [
    Theme("shelf", ["On a shelf, there are {n} books: {list}.", "There are {n} books on a shelf: {list}."],
          ["red", "gray", "white", "blue", "green", "black", "orange", "purple"], "book", True, False,
          ["{be} to the left of {y}", "{be} somewhere left of {y}"], ["{be} to the right of {y}"],
          ["{be} the leftmost", "{be} on the far left"], ["{be} the rightmost", "{be} on the far right"],
          ["{be} the {k} from the left", "{be} {k} from the left"], ["{be} the {k} from the right"],
          ("left", "right"), "Is {x} to the left of {y}?",
          just=(["{be} immediately to the left of {y}", "{be} directly left of {y}"],
                ["{be} immediately to the right of {y}"]), adjacent=["{be} next to {y}"], suffix=True),
    Theme("golf", ["In a golf tournament, there were {n} golfers: {list}.", "{N} golfers played a round: {list}."],
          ["Amy", "Eli", "Eve", "Joe", "Ana", "Rob", "Mya", "Dan"], "golfer", False, False,
          ["finished above {y}", "finished ahead of {y}", "beat {y}"], ["finished below {y}", "finished behind {y}"],
          ["finished first", "won"], ["finished last", "came in last"],
          ["finished {k}", "came in {k}", "finished in {k} place"], ["finished {k}-to-last"],
          ("first", "last"), "Did {x} finish above {y}?",
          just=(["finished immediately above {y}"], ["finished right after {y}"])),
    Theme("fruit", ["A fruit stand sells {n} fruits: {list}."],
          ["apples", "kiwis", "loquats", "oranges", "pears", "plums", "mangoes", "peaches"], "fruit", False, True,
          ["{be} cheaper than {y}", "{be} less expensive than {y}", "cost less than {y}"],
          ["{be} more expensive than {y}", "cost more than {y}"],
          ["{be} the cheapest"], ["{be} the most expensive"],
          ["{be} the {k}-cheapest"], ["{be} the {k}-most expensive"],
          ("cheapest", "most expensive"), "Are {x} cheaper than {y}?"),
    Theme("cars", ["In an antique car show, there are {n} vehicles: {list}."],
          ["tractor", "truck", "minivan", "bus", "sedan", "limousine", "convertible", "motorcycle"], "vehicle", True,
          False, ["{be} older than {y}"], ["{be} newer than {y}"],
          ["{be} the oldest"], ["{be} the newest"], ["{be} the {k}-oldest"], ["{be} the {k}-newest"],
          ("oldest", "newest"), "Is {x} older than {y}?"),
    Theme("kids", ["{N} siblings, {list}, met for lunch.", "The siblings are {list}."],
          ["Ann", "Bob", "Cat", "Dan", "Ed", "Flo", "Gus", "Hal"], "sibling", False, False,
          ["{be} older than {y}", "was born before {y}"], ["{be} younger than {y}", "was born after {y}"],
          ["{be} the oldest"], ["{be} the youngest"], ["{be} the {k} oldest"], ["{be} the {k}-youngest"],
          ("oldest", "youngest"), "Is {x} older than {y}?"),
    Theme("dogs", ["At the vet, there are {n} dogs: {list}."],
          ["Rex", "Max", "Bo", "Zed", "Kip", "Lou", "Taz", "Ace"], "dog", False, False,
          ["{be} heavier than {y}", "weighs more than {y}"], ["{be} lighter than {y}", "weighs less than {y}"],
          ["{be} the heaviest"], ["{be} the lightest"], ["{be} the {k}-heaviest"], ["{be} the {k}-lightest"],
          ("heaviest", "lightest"), "Is {x} heavier than {y}?"),
    Theme("stack", ["In a stack, there are {n} boxes: {list}."],
          ["red", "gray", "white", "blue", "green", "black", "orange", "purple"], "box", True, False,
          ["{be} above {y}"], ["{be} below {y}"], ["{be} at the top"], ["{be} at the bottom"],
          ["{be} the {k} from the top"], ["{be} the {k} from the bottom"], ("top", "bottom"), "Is {x} above {y}?",
          just=(["{be} directly above {y}"], ["{be} directly below {y}"]), suffix=True),
    Theme("towers", ["A city has {n} towers: {list}."],
          ["Ash", "Elm", "Oak", "Fir", "Yew", "Bay", "Ivy", "Box"], "tower", False, False,
          ["{be} taller than {y}"], ["{be} shorter than {y}"], ["{be} the tallest"], ["{be} the shortest"],
          ["{be} the {k}-tallest"], ["{be} the {k}-shortest"], ("tallest", "shortest"), "Is {x} taller than {y}?"),
]


def _ref(theme, v, start=False):
    """Return how a text names thing v ('the red book', 'Amy', 'the apples', 'the tractor')."""
    if theme.suffix:
        s = f"the {v} {theme.noun}"
    elif theme.article or theme.plural_values:
        s = f"the {v}"
    else:
        s = v
    return s[0].upper() + s[1:] if start else s


def _listed(theme, v):
    """Return thing v as the setting lists it ('a red book', 'an owl', 'Amy')."""
    if theme.article:
        word = f"{v} {theme.noun}" if theme.suffix else v
        return ("an " if word[0] in "aeiou" else "a ") + word
    return v


def _plural(noun):
    return noun + "es" if noun.endswith(("x", "s", "ch", "sh")) else noun + "s"


def _join(items):
    """Return items as English lists them ('A', 'A and B', 'A, B, and C')."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def _answer_value(theme, v):
    """Return thing v as the reader answers it (the list's words without the article)."""
    return f"{v} {theme.noun}" if theme.suffix else v


def _place(theme, rng, k, n, plural=None):
    """Return a phrase placing something at position k (1 = the theme's first end) of n."""
    forms = []
    if k == 1:
        forms += theme.at_low
    if k == n:
        forms += theme.at_high
    if k > 1:
        forms += [f.replace("{k}", ORD[k - 1]) for f in theme.kth_low]
    if k < n:
        forms += [f.replace("{k}", ORD[n - k]) for f in theme.kth_high]
    return _fill(rng.choice(forms), theme, plural)


def _negate(phrase, theme, rng):
    """Return a phrase in the negative ('is the oldest' -> 'is not the oldest', 'finished' -> 'did not finish'),
    or None when this generator has no negative for it."""
    for be in ("is ", "are ", "was "):
        if phrase.startswith(be):
            return be.strip() + rng.choice([" not ", "n't "]) + phrase[len(be):]
    verb, rest = phrase.split(" ", 1) if " " in phrase else (phrase, "")
    base = {"finished": "finish", "came": "come", "won": "win", "beat": "beat"}.get(verb)
    if base is None:
        return None
    return f"{rng.choice(['did not', 'didn’t'])} {base} {rest}".strip()


def _fill(phrase, theme, plural=None):
    """Return a phrase with its verb agreeing ('{be}' -> is/are; 'was' -> 'were' for several subjects)."""
    many = theme.plural_values if plural is None else plural
    out = phrase.replace("{be}", "are" if many else "is")
    if many and out.startswith("was "):
        out = "were " + out[4:]
    return out


def _numeral(phrase, rng):
    """Return a phrase with its ordinal sometimes written as a numeral ('third' -> '3rd')."""
    nums = {"second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th", "seventh": "7th"}
    for word, num in nums.items():
        if word in phrase and rng.random() < 0.3:
            return phrase.replace(word, num)
    return phrase


def _lower(sentence):
    return "the" + sentence[3:] if sentence.startswith("The ") else sentence


def _mc_expected(texts, labels, holding):
    """Return the answer and label of a multiple choice as the reader gives them, from the options holding."""
    if not holding:
        return ("none of the options", None)
    if len(holding) == 1:
        return (texts[holding[0]], labels[holding[0]])
    return (_join([texts[m] for m in holding]), None)


def make_puzzle(rng: random.Random):
    """Return (text, expected answers) of a random ordering puzzle, answers by brute force over permutations."""
    theme = rng.choice(THEMES)
    n = rng.randint(2, 7)
    vals = rng.sample(theme.pool, n)
    truth = list(range(n))
    rng.shuffle(truth)  # truth[i]: position (0-based) of thing i
    worlds = list(permutations(range(n)))
    names = theme.pool[0][0].isupper()

    def ref(i, start=False):
        return _ref(theme, vals[i], start)

    listed = _join([_listed(theme, v) for v in vals])
    if names and rng.random() < 0.3:
        plural = _plural(theme.noun)
        intro = rng.choice([f"{WORDS[n].capitalize()} {plural} — {listed} — are here.",
                            f"{WORDS[n].capitalize()} {plural} ({listed}) are here.",
                            f"The {plural} are {listed}."])
    else:
        intro = rng.choice(theme.intro).format(n=WORDS[n], N=WORDS[n].capitalize(), list=listed)
    sentences = [intro]

    def place_stmt(i, k, start=True, plural=None):
        """Return (phrase, test) saying thing i is at position k (1-based)."""
        return _numeral(_place(theme, rng, k, n), rng)

    def statement(true):
        """Return (text, test) of a random statement, true or false of the truth; None when none fits."""
        i, j = rng.sample(range(n), 2) if n > 1 else (0, 0)
        x, y = ref(i, True), ref(j)
        kind = rng.choice(["rel", "rel", "place", "place", "notplace", "just", "adj", "but", "both", "neither",
                           "either", "everyone", "between", "middle", "two"])
        if kind == "rel":
            before = (truth[i] < truth[j]) == true
            phrase = _fill(rng.choice(theme.before if before else theme.after), theme).format(y=y)
            return f"{x} {phrase}.", (lambda w: w[i] < w[j]) if before else (lambda w: w[i] > w[j])
        if kind == "place":
            k = truth[i] + 1 if true else rng.choice([p for p in range(1, n + 1) if p != truth[i] + 1] or [0])
            if k == 0:
                return None
            return f"{x} {place_stmt(i, k)}.", lambda w: w[i] == k - 1
        if kind == "notplace":
            k = rng.choice([p for p in range(1, n + 1) if p != truth[i] + 1] or [0]) if true else truth[i] + 1
            neg = _negate(place_stmt(i, k), theme, rng) if k else None
            return (f"{x} {neg}.", lambda w: w[i] != k - 1) if neg else None
        if kind == "just" and theme.just and (abs(truth[i] - truth[j]) == 1) == true:
            side = truth[i] < truth[j] if true else rng.random() < 0.5
            phrase = _fill(rng.choice(theme.just[0 if side else 1]), theme).format(y=y)
            return f"{x} {phrase}.", (lambda w: w[i] == w[j] - 1) if side else (lambda w: w[i] == w[j] + 1)
        if kind == "adj" and theme.adjacent:
            near = (abs(truth[i] - truth[j]) == 1) == true
            phrase = _fill(rng.choice(theme.adjacent), theme).format(y=y)
            if not near:
                phrase = _negate(phrase, theme, rng)
            return f"{x} {phrase}.", lambda w: (abs(w[i] - w[j]) == 1) == near
        if n < 3:
            return None
        k3 = rng.choice([m for m in range(n) if m not in (i, j)])
        z = ref(k3)
        if kind == "but":
            a = _fill(rng.choice(theme.before), theme).format(y=y)
            b = rng.choice(theme.after)
            if not (a.startswith(("is ", "are ")) and b.startswith("{be} ")) or not true:
                return None
            if not truth[k3] < truth[i] < truth[j]:
                return None
            return f"{x} {a} but {b[5:].format(y=z)}.", lambda w: w[k3] < w[i] < w[j]
        if kind == "both":
            phrase = rng.choice(theme.before)
            if not phrase.startswith(("{be} ", "finished", "beat", "was")) or not true:
                return None
            if not (truth[i] < truth[k3] and truth[j] < truth[k3]):
                return None
            both = rng.choice(["", "both "]) if phrase.startswith("{be}") else ""
            text = f"{x} and {y} " + _fill(phrase, theme, True).replace("are ", f"are {both}", 1).format(y=z)
            return text + ".", lambda w: w[i] < w[k3] and w[j] < w[k3]
        if kind in ("neither", "either"):
            k = rng.randint(1, n)
            holds = (truth[i] == k - 1 or truth[j] == k - 1)
            if kind == "neither":
                if holds == true:
                    return None
                return (f"Neither {_lower(x)} nor {y} {place_stmt(j, k)}.",
                        lambda w: w[i] != k - 1 and w[j] != k - 1)
            if holds != true:
                return None
            return f"Either {_lower(x)} or {y} {place_stmt(j, k)}.", lambda w: w[i] == k - 1 or w[j] == k - 1
        if kind == "everyone":
            first = truth[i] == 0
            last = truth[i] == n - 1
            if (first or last) != true:
                return None
            low = first if true else rng.random() < 0.5
            phrase = rng.choice(theme.before if low else theme.after)
            if "somewhere" in phrase:
                return None
            other = rng.choice(["everyone else", "all the others", "all the other " + _plural(theme.noun)])
            return f"{x} {_fill(phrase, theme).format(y=other)}.", (lambda w: w[i] == 0) if low else \
                (lambda w: w[i] == n - 1)
        if kind == "between":
            holds = min(truth[j], truth[k3]) < truth[i] < max(truth[j], truth[k3])
            if holds != true:
                return None
            verb = "finished" if theme.key == "golf" else _fill("{be}", theme)
            return f"{x} {verb} between {y} and {z}.", lambda w: min(w[j], w[k3]) < w[i] < max(w[j], w[k3])
        if kind == "middle" and n % 2 and theme.key in ("shelf", "stack", "golf"):
            holds = truth[i] == n // 2
            if holds != true:
                return None
            verb = "finished" if theme.key == "golf" else _fill("{be}", theme)
            return f"{x} {verb} in the middle.", lambda w: w[i] == n // 2
        if kind == "two":
            a, b = statement(true), statement(True)
            if a is None or b is None or a[0].count(".") > 1 or b[0].count(".") > 1 or " and " in a[0] + b[0] \
                    or " or " in a[0] + b[0] or " nor " in a[0] + b[0]:
                return None
            joint = rng.choice([", and ", "; ", ", but "])
            return a[0][:-1] + joint + _lower(b[0]), lambda w: a[1](w) and b[1](w)
        return None

    stop_early = rng.random() < 0.2
    for _ in range(60):
        got = statement(True)
        if got is None:
            continue
        text, test = got
        assert test(truth), text
        before = len(worlds)
        worlds = [w for w in worlds if test(w)]
        if len(worlds) < before:
            sentences.append(text)
        if len(worlds) == 1 or (stop_early and len(worlds) <= 3):
            break

    questions = []  # (text, the question as the reader reports it, answer in a world -> (answer, label))
    labels = "ABCDEFG"
    # multiple choice: one place for several things
    k = rng.randint(1, n)
    opts = rng.sample(range(n), min(n, rng.randint(2, 5)))
    if truth.index(k - 1) not in opts:
        opts[0] = truth.index(k - 1)
    phrase = _numeral(_place(theme, rng, k, n), rng)
    texts = [f"{ref(o, True)} {phrase}" for o in opts]
    header = rng.choice(["Options:", "Which of the following is true?", "Which statement is correct?"])
    questions.append((header + "\n" + "\n".join(f"({labels[m]}) {t}" for m, t in enumerate(texts)),
                      header if header.endswith("?") else "Which of the following is true?",
                      lambda w, opts=opts, k=k, texts=texts: _mc_expected(
                          texts, labels, [m for m, o in enumerate(opts) if w[o] == k - 1])))
    # multiple choice: which is false (statements mostly true)
    if rng.random() < 0.5:
        opts2 = []
        for _ in range(50):
            got = statement(len(opts2) > 0 or rng.random() < 0.2)
            if got and "." not in got[0][:-1] and all(got[0] != t for t, _ in opts2):
                opts2.append(got)
            if len(opts2) == 4:
                break
        rng.shuffle(opts2)
        texts2 = [t[:-1] for t, _ in opts2]
        q = "Which of the following is false?"
        questions.append((q + "\n" + "\n".join(f"({labels[m]}) {t}" for m, t in enumerate(texts2)), q,
                          lambda w, opts2=opts2, texts2=texts2: _mc_expected(
                              texts2, labels, [m for m, (_, f) in enumerate(opts2) if not f(w)])))
    # who is at a place, with or without options
    k2 = rng.randint(1, n)
    who = "Who" if names else f"Which {theme.noun}"
    place_phrase = _place(theme, rng, k2, n, False)
    q = f"{who} {_numeral(place_phrase, rng)}?"
    if rng.random() < 0.3:
        cands = rng.sample(range(n), min(n, 3))
        texts3 = [ref(c, True) for c in cands]
        questions.append((q + "\n" + "\n".join(f"({labels[m]}) {t}" for m, t in enumerate(texts3)), q,
                          lambda w, k2=k2, cands=cands, texts3=texts3: _mc_expected(
                              texts3, labels, [m for m, c in enumerate(cands) if w[c] == k2 - 1])))
    elif names and n >= 3 and 1 < k2 < n and rng.random() < 0.4:
        a, b = sorted(rng.sample(range(n), 2))
        q = f"{who} {place_phrase}, {vals[a]} or {vals[b]}?"
        questions.append((q, q, lambda w, k2=k2, a=a, b=b: (
            _join([vals[c] for c in (a, b) if w[c] == k2 - 1]) or "nobody", None)))
    else:
        questions.append((q, q, lambda w, k2=k2: (_answer_value(theme, vals[w.index(k2 - 1)]), None)))
    # who stands before someone (several answers, or none)
    j = rng.randrange(n)
    if names:
        q = f"Who {_fill(rng.choice(theme.before), theme, False).format(y=ref(j))}?"
    else:
        q = f"Which {_plural(theme.noun)} {_fill(rng.choice(theme.before), theme, True).format(y=ref(j))}?"
    if "cost" in q or "weigh" in q:
        q = q.replace(" cost ", " costs ") if names else q
    questions.append((q, q, lambda w, j=j: (_join([_answer_value(theme, vals[c]) for c in range(n) if w[c] < w[j]])
                                            if any(w[c] < w[j] for c in range(n))
                                            else ("nobody" if names else "none"), None)))
    # which of two comes first ("Who is older, Ann or Bob?")
    comparatives = [f for f in theme.before + theme.after if f.endswith(" than {y}")]
    if names and comparatives and rng.random() < 0.5:
        phrase = rng.choice(comparatives)
        a, b = rng.sample(range(n), 2)
        q = f"Who {_fill(phrase, theme, False)[:-len(' than {y}')]}, {vals[a]} or {vals[b]}?"
        first = phrase in theme.before
        questions.append((q, q, lambda w, a=a, b=b, first=first: (
            vals[a] if (w[a] < w[b]) == first else vals[b], None)))
    # yes or no
    if n > 1:
        i, j = rng.sample(range(n), 2)
        q = theme.yes_no.format(x=ref(i), y=ref(j))
        questions.append((q, q, lambda w, i=i, j=j: ("yes" if w[i] < w[j] else "no", None)))
    # where someone finished
    if theme.key == "golf":
        i = rng.randrange(n)
        q = rng.choice([f"In what place did {vals[i]} finish?", f"Where did {vals[i]} finish?"])
        questions.append((q, q, lambda w, i=i: (ORD[w[i]], None)))
    # the whole order
    low, high = theme.ends
    flip = rng.random() < 0.5
    q = rng.choice([f"What is the order from {high if flip else low} to {low if flip else high}?",
                    f"What is the order of the {_plural(theme.noun)} from {high if flip else low} to "
                    f"{low if flip else high}?"])

    def order(w, flip=flip):
        seq = [_answer_value(theme, vals[w.index(p)]) for p in range(n)]
        return (_join(seq[::-1] if flip else seq), None)
    questions.append((q, q, order))
    rng.shuffle(questions)
    text = " ".join(sentences) + "\n" + "\n".join(q for q, _, _ in questions)
    expected = []
    for _, asked, fn in questions:
        got = {fn(w) for w in worlds}
        if len(got) == 1:
            ans, label = got.pop()
            item = {"question": asked, "answer": ans}
            if label:
                item["option"] = label
        else:
            item = {"question": asked, "answer": "undetermined"}
        expected.append(item)
    return text, expected


def generate(rng: random.Random) -> dict[str, Any]:
    """Return one ordering item in the corpus form: family, text and expected answers."""
    text, expected = make_puzzle(rng)
    return {"family": "orders", "subfamily": "orders", "text": text, "answers": expected}
