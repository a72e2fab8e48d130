"""The words of ordering puzzles: the orders a text may speak of, and the phrases that place things in them.

- Dimension: one way of ordering things (left to right, top to bottom, finishing place, age, height,
  length, weight, price, speed, size, score), with the end numbered 1 (left, top, first, oldest, tallest,
  longest, heaviest, cheapest, fastest, biggest, highest score) and the other end numbered N. A score
  is not a finishing place (in golf the lowest score wins), so a text never mixes the two.
- Verb class: how a predicate starts ('is' -> be, 'finished' -> finish, 'arrived' -> arrive, 'costs' ->
  cost, 'scored' -> score, 'was born' -> born, …); a phrase means what it means after its class of verb
  ("is above" is top and bottom, "finished above" is finishing place, "costs more" is price).
- Frame: a phrase after the verb (articles taken off, hyphens as spaces, an object as Y, an ordinal as
  ORD), the verb classes it follows, the dimensions it may speak of, and its meaning: a relation
  (before, after, just_before, just_after, adjacent, between) or a place (('end', 'low'|'high', k),
  ('middle',)). Every dimension a frame names gives it the same meaning, so a text whose frames share
  a dimension means one thing; a text whose frames share none mixes two orders and is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())}
ORDINAL_OF = {v: k for k, v in ORDINALS.items()}
ORD = "(?P<k>" + "|".join(ORDINALS) + ")"

DIMENSIONS = ("horizontal", "vertical", "rank", "age", "height", "length", "weight", "price", "speed", "size", "score")
ALL = frozenset(DIMENSIONS)
SPOKEN = {"horizontal": "left and right", "vertical": "top and bottom", "rank": "finishing place",
          "age": "age", "height": "height", "length": "length", "weight": "weight", "price": "price",
          "speed": "speed", "size": "size", "score": "score"}

# the words that name an end of an order ("from left to right", "from the oldest to the newest")
ENDS: dict[str, tuple[frozenset[str], str]] = {}


def _ends(dims: str, side: str, words: str) -> None:
    for w in words.split(","):
        ENDS[w.strip()] = (frozenset(dims.split()), side)


_ends("horizontal", "low", "left,leftmost,left end")
_ends("horizontal", "high", "right,rightmost,right end")
_ends("vertical", "low", "top,topmost")
_ends("vertical", "high", "bottom,bottommost")
_ends("vertical score", "low", "highest,high")
_ends("vertical score", "high", "lowest,low")
_ends("score", "low", "highest score,most points")
_ends("score", "high", "lowest score,fewest points")
_ends("rank", "low", "first,front,earliest,winner,first place,best")
_ends("rank", "high", "last,back,latest,last place,worst")
_ends("age", "low", "oldest,old,eldest,older")
_ends("age", "high", "youngest,young,newest,new,most recent,younger,newer")
_ends("height", "low", "tallest,tall,taller")
_ends("height length", "high", "shortest,short,shorter")
_ends("length", "low", "longest,long,longer")
_ends("weight", "low", "heaviest,heavy,heavier")
_ends("weight", "high", "lightest,light,lighter")
_ends("price", "low", "cheapest,cheap,least expensive,cheaper,less expensive")
_ends("price", "high", "most expensive,expensive,priciest,dearest,costliest,more expensive")
_ends("speed", "low", "fastest,fast,quickest,faster")
_ends("speed", "high", "slowest,slow,slower")
_ends("size", "low", "biggest,big,largest,large,bigger,larger")
_ends("size", "high", "smallest,small,smaller")

# verbs and the class of frames they take; (did|does|do) + base form takes the same class
VERBS = {
    "finish": "finished finishes finish came comes come placed places place ended ends end ranked ranks rank "
              "crossed crosses cross",
    "arrive": "arrived arrives arrive",
    "cost": "costs cost sells sold",
    "weigh": "weighs weighed weigh",
    "move": "runs ran run swims swam swim drives drove drive rides rode ride walks walked walk moves moved move "
            "flies flew fly goes went go travels traveled travelled travel",
    "be": "sits sat sit stands stood stand hangs hung hang lies lay lie rests rested rest perches perched perch "
          "lives lived live",
    "beat": "beat beats outran outruns outscored outscores outperformed outperforms",
    "won": "won wins win",
    "score": "scored scores score got gets get received receives receive earned earns earn",
}
VERB_CLASS = {w: cls for cls, words in VERBS.items() for w in words.split()}
PARTICIPLES = {"located": "be", "placed": "be", "positioned": "be", "situated": "be", "sitting": "be",
               "standing": "be", "seated": "be", "parked": "be", "hanging": "be", "lying": "be", "kept": "be",
               "shelved": "be", "perched": "be", "displayed": "be", "shown": "be", "found": "be", "set": "be",
               "ranked": "finish", "rated": "finish", "born": "born", "priced": "cost", "built": "born",
               "made": "born", "manufactured": "born", "produced": "born"}


@dataclass(frozen=True)
class Frame:
    """A phrase after a verb: the classes of verb it follows, the dimensions it may mean, and its meaning."""

    pattern: re.Pattern[str]
    classes: frozenset[str]
    dims: frozenset[str]
    meaning: tuple


JUST = r"(?:immediately|directly|just|right) "
SOMEWHERE = r"(?:somewhere |anywhere )?"
AGENT = (r"(?: (?:person|one|runner|guest|golfer|player|car|horse|team|participant|contestant|student|friend|"
         r"competitor|swimmer|rider|driver|racer))?")
RANK_TAIL = r"(?: (?:in|of) (?:race|tournament|competition|contest|standings|rankings?|line|queue|order|results))?"

# (classes, dims, pattern, meaning); Y is the object, ORD an ordinal (its k); a meaning ('end', side, None)
# takes k from ORD, or 1 when the pattern has none
TABLE: tuple[tuple[str, str, str, tuple], ...] = (
    # left and right
    ("be", "horizontal", SOMEWHERE + r"(?:(?:to|on) )?left of Y", ("rel", "before")),
    ("be", "horizontal", JUST + r"(?:(?:to|on) )?left of Y", ("rel", "just_before")),
    ("be", "horizontal", SOMEWHERE + r"(?:(?:to|on) )?right of Y", ("rel", "after")),
    ("be", "horizontal", JUST + r"(?:(?:to|on) )?right of Y", ("rel", "just_after")),
    ("be", "horizontal", rf"(?:{ORD} )?(?:leftmost|left most|furthest left|farthest left|most left)", ("end", "low", None)),
    ("be", "horizontal", rf"{ORD} (?:from|on|to) left(?: end| side)?", ("end", "low", None)),
    ("be", "horizontal", r"(?:on|at|to) (?:far|extreme|very) left(?: end)?|(?:on|at) left end", ("end", "low", 1)),
    ("be", "horizontal", rf"(?:{ORD} )?(?:rightmost|right most|furthest right|farthest right|most right)", ("end", "high", None)),
    ("be", "horizontal", rf"{ORD} (?:from|on|to) right(?: end| side)?", ("end", "high", None)),
    ("be", "horizontal", r"(?:on|at|to) (?:far|extreme|very) right(?: end)?|(?:on|at) right end", ("end", "high", 1)),
    # top and bottom
    ("be", "vertical", SOMEWHERE + r"(?:above|over|higher than|higher up than) Y", ("rel", "before")),
    ("be", "vertical", JUST + r"(?:above|over) Y", ("rel", "just_before")),
    ("be", "vertical", SOMEWHERE + r"(?:below|under|beneath|underneath|lower than|lower down than) Y", ("rel", "after")),
    ("be", "vertical", JUST + r"(?:below|under|beneath|underneath) Y", ("rel", "just_after")),
    ("be", "vertical", rf"(?:{ORD} )?(?:topmost|top most|highest|uppermost)", ("end", "low", None)),
    ("be", "vertical", rf"{ORD} from top", ("end", "low", None)),
    ("be", "vertical", r"(?:on|at) (?:very )?top", ("end", "low", 1)),
    ("be", "vertical", rf"(?:{ORD} )?(?:bottommost|bottom most|lowest|lowermost)", ("end", "high", None)),
    ("be", "vertical", rf"{ORD} from bottom", ("end", "high", None)),
    ("be", "vertical", r"(?:on|at) (?:very )?bottom", ("end", "high", 1)),
    # finishing place, arrival, a line
    ("finish", "rank", SOMEWHERE + r"(?:above|ahead of|before|higher than|better than|in front of|earlier than|"
                                   r"sooner than) Y", ("rel", "before")),
    ("finish", "rank", SOMEWHERE + r"(?:below|behind|after|lower than|worse than|later than) Y", ("rel", "after")),
    ("finish", "rank", r"(?:(?:immediately|directly|just|right) |one place )(?:above|ahead of|before|in front of) Y",
     ("rel", "just_before")),
    ("finish", "rank", r"(?:(?:immediately|directly|just|right) |one place )(?:below|behind|after) Y",
     ("rel", "just_after")),
    ("be arrive", "rank", SOMEWHERE + r"(?:ahead of|before|in front of|earlier than|sooner than) Y", ("rel", "before")),
    ("be arrive", "rank", SOMEWHERE + r"(?:behind|after|later than) Y", ("rel", "after")),
    ("be arrive", "rank", JUST + r"(?:ahead of|before|in front of) Y", ("rel", "just_before")),
    ("be arrive", "rank", JUST + r"(?:behind|after) Y", ("rel", "just_after")),
    ("beat", "rank", r"Y", ("rel", "before")),
    ("finish be arrive", "rank", rf"(?:in )?{ORD}(?: place| position| overall)?" + RANK_TAIL, ("end", "low", None)),
    ("finish be arrive", "rank", r"(?:in )?last(?: place| position| overall)?" + RANK_TAIL, ("end", "high", 1)),
    ("finish be arrive", "rank", rf"{ORD} (?:to |from )?last" + RANK_TAIL, ("end", "high", None)),
    ("finish be arrive", "rank", r"(?:next to last|penultimate|last but one)" + RANK_TAIL, ("end", "high", 2)),
    ("be", "rank", rf"{ORD}{AGENT} to (?:finish|arrive|cross finish line|get there|leave)", ("end", "low", None)),
    ("be", "rank", rf"last{AGENT} to (?:finish|arrive|cross finish line|get there|leave)", ("end", "high", 1)),
    ("be", "rank", r"(?:at )?front(?: of (?:line|queue|row))?", ("end", "low", 1)),
    ("be", "rank", r"(?:at )?back(?: of (?:line|queue|row))?", ("end", "high", 1)),
    ("be", "rank", r"winner" + RANK_TAIL, ("end", "low", 1)),
    ("arrive be", "rank", rf"(?:{ORD} )?earliest", ("end", "low", None)),
    ("arrive be", "rank", rf"(?:{ORD} )?latest", ("end", "high", None)),
    ("won", "rank", r"(?:race|tournament|competition|contest|game|match)?", ("end", "low", 1)),
    # age
    ("be", "age", r"older than Y", ("rel", "before")),
    ("be", "age", r"(?:younger|newer|more recent) than Y", ("rel", "after")),
    ("be", "age", rf"(?:{ORD} )?(?:oldest|eldest)", ("end", "low", None)),
    ("be", "age", rf"(?:{ORD} )?(?:youngest|newest|most recent)", ("end", "high", None)),
    ("born", "age", SOMEWHERE + r"(?:before|earlier than|sooner than) Y", ("rel", "before")),
    ("born", "age", SOMEWHERE + r"(?:after|later than) Y", ("rel", "after")),
    ("born", "age", JUST + r"before Y", ("rel", "just_before")),
    ("born", "age", JUST + r"after Y", ("rel", "just_after")),
    ("born", "age", rf"(?:{ORD} )?(?:first|earliest)", ("end", "low", None)),
    ("born", "age", rf"(?:{ORD} )?(?:last|latest)", ("end", "high", None)),
    # height and length
    ("be", "height", r"taller than Y", ("rel", "before")),
    ("be", "height length", r"shorter than Y", ("rel", "after")),
    ("be", "length", r"longer than Y", ("rel", "before")),
    ("be", "height", rf"(?:{ORD} )?tallest", ("end", "low", None)),
    ("be", "height length", rf"(?:{ORD} )?shortest", ("end", "high", None)),
    ("be", "length", rf"(?:{ORD} )?longest", ("end", "low", None)),
    # weight
    ("be", "weight", r"heavier than Y", ("rel", "before")),
    ("be", "weight", r"lighter than Y", ("rel", "after")),
    ("be", "weight", rf"(?:{ORD} )?heaviest", ("end", "low", None)),
    ("be", "weight", rf"(?:{ORD} )?lightest", ("end", "high", None)),
    ("weigh", "weight", r"more than Y", ("rel", "before")),
    ("weigh", "weight", r"less than Y", ("rel", "after")),
    ("weigh", "weight", rf"(?:{ORD} )?most", ("end", "low", None)),
    ("weigh", "weight", rf"(?:{ORD} )?least", ("end", "high", None)),
    # price
    ("be", "price", r"(?:cheaper|less expensive|less costly|lower priced) than Y", ("rel", "before")),
    ("be", "price", r"(?:more expensive|pricier|costlier|more costly|dearer|higher priced) than Y", ("rel", "after")),
    ("be", "price", rf"(?:{ORD} )?(?:cheapest|least expensive|least costly|lowest priced)", ("end", "low", None)),
    ("be", "price", rf"(?:{ORD} )?(?:most expensive|priciest|costliest|most costly|dearest|highest priced)",
     ("end", "high", None)),
    ("cost", "price", r"(?:less|lower) than Y", ("rel", "before")),
    ("cost", "price", r"(?:more|higher) than Y", ("rel", "after")),
    ("cost", "price", rf"(?:{ORD} )?(?:least|lowest)", ("end", "low", None)),
    ("cost", "price", rf"(?:{ORD} )?(?:most|highest)", ("end", "high", None)),
    # speed
    ("be move", "speed", r"(?:faster|quicker) than Y", ("rel", "before")),
    ("be move", "speed", r"slower than Y", ("rel", "after")),
    ("be move", "speed", rf"(?:{ORD} )?(?:fastest|quickest)", ("end", "low", None)),
    ("be move", "speed", rf"(?:{ORD} )?slowest", ("end", "high", None)),
    # size
    ("be", "size", r"(?:bigger|larger) than Y", ("rel", "before")),
    ("be", "size", r"smaller than Y", ("rel", "after")),
    ("be", "size", rf"(?:{ORD} )?(?:biggest|largest)", ("end", "low", None)),
    ("be", "size", rf"(?:{ORD} )?smallest", ("end", "high", None)),
    # score
    ("score", "score", r"(?:a )?(?:higher|more)(?: score| points| marks?| grade)? than Y", ("rel", "before")),
    ("score", "score", r"(?:a )?(?:lower|fewer|less)(?: score| points| marks?| grade)? than Y", ("rel", "after")),
    ("score", "score", rf"(?:{ORD} )?(?:highest|most)(?: score| points| marks?| grade)?", ("end", "low", None)),
    ("score", "score", rf"(?:{ORD} )?(?:lowest|fewest|least)(?: score| points| marks?| grade)?", ("end", "high", None)),
    # any order: neighbours, between, the middle
    ("be finish arrive", "horizontal vertical rank", r"(?:right |immediately |directly )?(?:next to|adjacent to|beside) Y",
     ("rel", "adjacent")),
    ("be finish arrive", " ".join(DIMENSIONS), r"(?:somewhere )?(?:in )?between Y", ("rel", "between")),
    ("be finish arrive", " ".join(DIMENSIONS),
     r"(?:(?:(?:in|at) )?(?:exact |very )?(?:middle|center|centre)(?: position| place| spot)?|middle one)"
     r"(?: of (?:row|line|shelf|branch|group|order|pack|field|queue|them))?", ("middle",)),
)


@lru_cache(maxsize=1)
def frames() -> tuple[Frame, ...]:
    """Return the frames of TABLE, compiled (built once)."""
    return tuple(Frame(re.compile(pattern.replace("Y", "§Y")), frozenset(classes.split()), frozenset(dims.split()),
                       meaning) for classes, dims, pattern, meaning in TABLE)


# words that show a sentence speaks of an order (a sentence naming none of the things but using one is an error)
ORDER_WORDS = re.compile(
    r"\b(?:left|right|leftmost|rightmost|above|below|top|bottom|first|second|third|fourth|fifth|sixth|seventh|last|"
    r"finished|older|younger|oldest|youngest|newer|newest|taller|shorter|tallest|shortest|longer|longest|heavier|"
    r"lighter|heaviest|lightest|cheaper|cheapest|expensive|pricier|faster|slower|fastest|slowest|bigger|smaller|"
    r"larger|biggest|smallest|largest|earlier|later|earliest|latest|ahead|behind|middle|between)\b", re.I)
