"""Gods puzzles as people write them: the prose reader (the Boolos wording has its own grammar, gods.lark).

A text names the gods, says what they may be, which words they answer with, how the random one answers,
how many questions may be asked and what to find out. Each of those is a *frame*, a pattern over one
sentence, and every frame a sentence fits is read from it:

- Gods: the first list of names ("Alpha, Beta and Gamma", "A, B, C", "Odin, Thor and Loki"); a number said
  of them ("three gods", "four colleagues") must match.
- Kinds, by name (True, False, Random, knight, knave, truth-teller, liar, god of truth, …) or by what they
  do ("always tells the truth", "always answers with the word meaning neither", "answers at random"); a
  kind named but never told (Switch, Echo) is an error, never a guess.
- What they may be: a multiset "in some order" ("are True, False and Random", "one is …, one is …, and the
  third …", "two are knights, one is a knave and the rest are Random"), or a choice per god ("each of A, B,
  C and D is True or False", "A is True or Random"), with exact counts ("exactly two of them are False",
  "there is exactly one Random god"). "At least" and "at most" cannot be stated here: an error.
- Words: the answer words as listed ('ja' and 'da'; foo, bar or baz, one meaning neither), or plain yes/no.
- Random: a coin choosing truly or falsely (coin), or a random word (word, the default).
- Questions: the number allowed, if any; the goal: the types, or also which word means yes.
- Gods whose answers depend on the day, the question's topic or earlier answers are refused by name.

A sentence no frame covers is passed over only when it is framing or names none of the gods, kinds or
words and no questions; otherwise it is an error at its line and column. Readings that disagree (two
lists of words, two budgets, counts that no assignment meets) are errors too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import PuzzleError
from ..interrogate.puzzle import Interrogation
from ..logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space, with_counts
from .sentences import Sentence

NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
NUMBERS |= {"a pair of": 2, "a trio of": 3, "a dozen": 12}
# chat spellings and contractions, read as the words they stand for ("u dont know", "one's a liar", "teh truth")
CHAT = ((r"\bteh\b", "the"), (r"\bu\b(?=\s+(?:get|have|can|may|must|need|dont|don't|do|know|ask|are|will)\b)", "you"),
        (r"\bdont\b", "don't"), (r"\btheres\b", "there's"), (r"\b(?:em|'em)\b", "them"), (r"\bwhilst\b", "while"), (r"\bspake\b", "spoke"),  (r"\bere\b", "before"),
        (r"\b([Oo]ne|[Tt]he\s+other(?:\s+one)?|[Aa]nother|[Tt]he\s+third(?:\s+one)?)'s\s+(?=a\b|an\b|the\b|random\b|truthful\b)",
         r"\1 is "))
NUMBER = r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)"
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "last": 0}

# what a god does, most specific first: (pattern, canonical type)
DOING = (
    (r"\b(?:word|one|token)\s+(?:that\s+)?(?:means?|meant|meaning|for)\s+['\"‘“]?neither\b|\bneither[- ]sayers?\b", "constant:neither"),
    (r"\b(?:word|one)\s+(?:that\s+)?(?:means?|meant|meaning|for)\s+['\"‘“]?yes\b|\bwhichever\b[^.;]*\bmeans\s+yes\b|"
     r"\byes[- ]?(?:man|men|sayers?)\b", "constant:yes"),
    (r"\b(?:word|one)\s+(?:that\s+)?(?:means?|meant|meaning|for)\s+['\"‘“]?no\b|\bwhichever\b[^.;]*\bmeans\s+no\b|"
     r"\bno[- ]?(?:man|men|sayers?)\b", "constant:no"),
    (r"\b(?:answers?|says?|repl(?:y|ies)|responds?|shouts?)\s+['\"‘“]?yes['\"’”!]*,?\s+(?:to\s+(?:absolutely\s+|just\s+)?(?:every|all|any)|always|no\s+matter|"
     r"whatever)|\b(?:answers?|says?|replies|responds?)\s+always\s+(?:with\s+)?['\"‘“]?yes\b|\balways\s+(?:answers?|says?|replies|"
     r"responds?)\s+(?:with\s+)?['\"‘“]?yes\b(?!['\"’”]?,?\s+(?:or|matter)\b)|\b(?:answers?|replies|responds?)\s+(?:to\s+)?(?:every|each|all|any)\s+"
     r"(?:single\s+)?questions?\s+with\s+(?:a\s+|the\s+word\s+)?['\"‘“]?yes\b(?!['\"’”]?,?\s+or\b)", "constant:yes"),
    (r"\b(?:answers?|says?|repl(?:y|ies)|responds?|shouts?)\s+['\"‘“]?no['\"’”!]*,?\s+(?:to\s+(?:absolutely\s+|just\s+)?(?:every|all|any)|always|no\s+matter|"
     r"whatever)|\b(?:answers?|says?|replies|responds?)\s+always\s+(?:with\s+)?['\"‘“]?no\b|\balways\s+(?:answers?|says?|replies|"
     r"responds?)\s+(?:with\s+)?['\"‘“]?no\b(?!['\"’”]?,?\s+(?:or|matter)\b)|\b(?:answers?|replies|responds?)\s+(?:to\s+)?(?:every|each|all|any)\s+"
     r"(?:single\s+)?questions?\s+with\s+(?:a\s+|the\s+word\s+)?['\"‘“]?no\b(?!['\"’”]?,?\s+or\b)", "constant:no"),
    (r"\b(?:never|cannot|can't|can\s+not|could\s+never|does\s+not|doesn't|do\s+not|don't)\s+(?:ever\s+)?(?:tells?\s+(?:a\s+)?lies?|told\s+(?:a\s+)?lie|lie|lies|lied|lying)\b|\bnever\s+(?:speaks?|spoke|says?|said|"
     r"utters?|uttered|gives?|gave)\s+(?:a\s+)?(?:false|untrue)\b", "truthful"),
    (r"\bnever\s+(?:speaks?|spoke|says?|said|utters?|uttered|gives?|gave)\s+(?:a\s+)?true\b", "liar"),
    (r"\bsaying\s+(?:(?:always|only)\s+)?(?:a\s+|the\s+)?lies?\b|\bopposite\s+of\s+the\s+truth\b|\bspeak(?:s|ing)?\s+"
     r"(?:(?:always|only)\s+)?(?:a\s+|the\s+)?lies?\b", "liar"),
    (r"\b(?:does\s*n[o']?t|does\s+not|never)\s+(?:even\s+)?listen|\bnot\s+listening\b|\bignor(?:es|ing)\s+the\s+question|"
     r"\bpays\s+no\s+attention|\bwhichever\s+(?:pops|comes)|\bwhatever\s+(?:pops|comes)", "random"),
    (r"\b(?:never|cannot|can't|can\s+not|could\s+never|does\s+not|doesn't|do\s+not|don't)\s+(?:ever\s+)?(?:tells?|speaks?|says?)\s+the\s+"
     r"truth\b|\b(?:never|cannot|can't|does\s+not|doesn't)\s+(?:speaks?|answers?)\s+(?:truly|truthfully)\b", "liar"),
    (r"\b(?:at\s+random|randomly|by\s+chance|chance|coin|chaos|random|guess(?:es|ing)?|by\s+hazard|haphazard\w*|toss(?:es|ed)?|"
     r"flips?|flipped)\b|\brolls?\s+(?:a|the)\s+(?:[\w-]+\s+){0,3}(?:die|dice)\b|"
     r"\b(?:truth|truly|truthfully)\s+or\s+"
     r"(?:a\s+)?(?:lie|lies|falsely|false)\b", "random"),
    (r"\b(?:tells?|telling|speaks?|speaking|told|spoke|saying|says?)\s+(?:(?:always|only|ever)\s+)?(?:the\s+)?truth\b|\b(?:speaks?|spoke|answers?|answered|repl(?:y|ies|ied)|responds?)\s+"
     r"(?:\w+\s+){0,2}(?:truly|truthfully|honestly)\b|\b(?:gives?|outputs?|returns?|says?)\s+(?:the\s+|a\s+)?(?:true|truthful|correct|right)\s+"
     r"answers?\b|\btruthful\b|\bhonest\b|\bgod\s+of\s+truth\b", "truthful"),
    (r"\blies\b|\blie\b|\blying\b|\b(?:gives?|outputs?|returns?|says?)\s+(?:the\s+|a\s+)?(?:false|wrong|incorrect|untrue)\s+answers?\b|\b(?:says?|saying|speaks?|speaking)\s+(?:(?:always|only)\s+)?(?:the\s+)?(?:false|"
     r"falsehoods?|falsity)\b|\bfib(?:s|bing|bers?)?\b|\b(?:speaks?|spoke|answers?|answered|repl(?:y|ies|ied)|responds?)\s+(?:\w+\s+){0,2}falsely\b|"
     r"\bgod\s+of\s+(?:lies|falsehood)\b|\bdishonest\b", "liar"),
)
CHANCE = next(i for i, (pattern, _) in enumerate(DOING) if "coin" in pattern)  # random: where "if … truth, if … lie" is
LISTENING = next(i for i, (pattern, _) in enumerate(DOING) if "listen" in pattern)  # random, unless one word always
# kinds by name (lower case), singular and plural
NAMED = {
    "true": "truthful", "truthful": "truthful", "truth-teller": "truthful", "truth-tellers": "truthful",
    "truthteller": "truthful", "truthtellers": "truthful", "truth teller": "truthful", "truth tellers": "truthful",
    "knight": "truthful", "knights": "truthful", "truth": "truthful", "honest": "truthful",
    "false": "liar", "falsity": "liar", "falsehood": "liar", "liar": "liar", "liars": "liar", "knave": "liar", "knaves": "liar", "lies": "liar",
    "random": "random", "randoms": "random", "chaos": "random", "normal": "random", "normals": "random", "trues": "truthful", "falses": "liar",
    "yes-man": "constant:yes", "yes man": "constant:yes", "no-man": "constant:no", "no man": "constant:no",
    "neither-sayer": "constant:neither",
}
KIND_NOUN = (r"(?:True|False|Random|Truthful|truthful|true|false|random|truth[- ]?tellers?|truth tellers?|knights?|"
             r"knaves?|liars?|Randoms|god of (?:truth|lies|chaos)|neither[- ]sayers?|[Yy]es[- ][Mm]an|[Nn]o[- ][Mm]an)")
NAME = r"(?:[A-Z][a-z]*\d*(?:['’][A-Z][a-z]+)?(?:-[A-Z][a-z]+)?)"
NAME_LIST = re.compile(rf"(?<![\w'’-])({NAME}(?:\s*(?:,\s*(?:and\s+)?|\band\s+|&\s*){NAME})*\s*,?\s*(?:\band\b|&)\s*{NAME}|"
                       rf"{NAME}(?:\s*,\s*{NAME}){{2,}})"
                       rf"(?![\w'’-])")
NOT_NAMES = {"True", "False", "Random", "Truthful", "The", "One", "Each", "Every", "Three", "Two", "Four", "Five",
             "Six", "Seven", "Gods", "God", "You", "In", "Among", "Yes", "No", "Neither", "Ja", "Da", "English",
             "It", "They", "He", "She", "We", "I", "A", "An", "And", "Or", "But", "If", "So", "Then", "What", "Which",
             "Who", "How", "Can", "Find", "Determine", "Identify", "Here", "There", "Exercise", "Knight", "Knave",
             "Knights", "Knaves", "Liar", "Liars", "Aye", "Nay", "Randoms", "Yes-Man", "No-Man", "Hardest", "Logic",
             "Puzzle", "Ever", "Boolos", "Question", "Questions", "Let", "As", "All", "Some", "Any", "Both", "This",
             "That", "These", "Those", "Your", "My", "Show", "Work", "Ask", "Using", "With", "Whether", "While", "Their",
             "His", "Her", "Its", "Our", "Everyone", "Everybody", "Nobody", "Someone", "None", "Answers", "Replies"}
GENERIC = {"god", "gods", "person", "one", "man", "woman", "other", "others", "rest", "third", "last", "remaining", "islander",
           "inhabitant", "robot", "oracle", "spirit", "statue", "divinity", "deity", "people", "guard", "guards", "word", "answer"}
QUOTED = r"['\"‘“](\w+)['\"’”]"
STOP_WORDS = {"truly", "falsely", "truthfully", "true", "false", "lies", "lie", "random", "randomly", "not", "both",
              "all", "any", "one", "two", "three", "each", "every", "english", "questions", "question", "it", "him",
              "her", "them", "you", "we", "he", "she", "they", "a", "an", "the", "and", "or", "with", "only", "either",
              "neither", "that", "this", "words", "word", "means", "mean", "plain", "silence", "nothing", "is", "are",
              "be", "in", "of", "to", "at", "on", "for", "as", "so", "what", "which", "who", "when", "how", "no",
              "yes", "heads", "tails", "chance", "will", "would", "can", "may", "must", "also", "just", "then", "always",
              "never", "honest", "sure", "more", "less", "once", "twice", "again", "here", "there", "now", "good", "bad",
              "right", "wrong", "false", "lying", "liar", "liars", "knight", "knave", "god", "gods", "person", "people",
              "his", "her", "their", "its", "our", "my", "your", "an", "by", "if", "but", "from", "into", "about", "like",
              "same", "other", "others", "every", "some", "many", "few", "most", "only", "truth", "lies", "tell", "tells",
              "speak", "speaks", "answer", "answers", "reply", "replies", "say", "says", "said", "ask", "asked"}
ANCHOR = (r"(?:\b(?:words?|with|come\s+as|says?|answers?|answering|repl(?:y|ies)|replying|respond(?:s)?|picks?|blurts?(?:\s+out)?|"
          r"utters?|croaks?(?:\s+out)?|mutters?|emits?|"
          r"chooses?|outputs?|shouts?|vocabulary|(?:answers|replies|words)\s+(?:are|is))\b|:)"
          r"(?:\s+(?:always|only|either|just|simply|with))*")
BARE = r"\b([a-z]{1,6})\b"
BARE_LIST = re.compile(rf"(?i:{ANCHOR})\s*:?\s*(?:either\s+)?{BARE}(?:\s*(?:,|/)\s*{BARE})*\s*,?\s*(?:\bor\b|\band\b|/)\s*{BARE}")
TOKEN_LIST = re.compile(r"\b(?i:tokens?|symbols?|syllables?|sounds?)\s*:?\s+(?:are\s+)?(?:either\s+)?([A-Za-z]{1,8})(?:\s*,\s*([A-Za-z]{1,8}))?"
                        r"\s*,?\s*(?:or|and)\s+([A-Za-z]{1,8})\b")
QUOTED_LIST = re.compile(rf"{QUOTED}(?:\s*(?:,|/|,?\s*or|,?\s*and)\s*{QUOTED})+")
UNSUPPORTED = re.compile(r"\b(alternat\w*|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays?|"
                         r"previous\s+(?:answer|question)|repeats?\b|(?<!n't\s)(?<!not\s)(?<!never\s)depend\w*(?!\s+(?:only\s+)?(?:up)?on\s+(?:the\s+|a\s+)?(?:fair\s+|hidden\s+|secret\s+)?(?:flip|toss|coin|"
                         r"chance|random|dice|die)\b)|whenever(?!\s+(?:you|we|I|someone|anyone)\s+(?:ask|asks|asked|put|puts|pose|poses)\b|\s+\w+\s+is\s+asked\b)|only\s+when|"
                         r"first\s+question\s+(?:truly|truthfully|falsely)|his\s+(?:first|second)\s+question|"
                         r"sometimes\s+lies|mood|moods|when\s+(?:he\s+is\s+|she\s+is\s+|it\s+is\s+)?asked\s+about|concern\w*\s+(?:him|her|it)self|"
                         r"about\s+anything\s+else|(?:only\s+)?about\s+the\s+others|concern\w*\s+only\s+(?:him|her|it)self|from\s+then\s+on|thereafter|"
                         r"ever\s+after|from\s+that\s+(?:point|moment)\s+on|(?:some\s+other|another|a\s+different|a\s+foreign)\s+(?:tongue|"
                         r"language)|(?:after|before)\s+(?:sunset|sunrise|dark|dawn|dusk|noon|midnight)|in\s+the\s+(?:morning|evening|"
                         r"afternoon|daylight|daytime|night)|at\s+night|daylight\s+hours|"
                         r"(?:keeps?|kept|stays?|stayed|remains?|falls?)\s+(?:silent|quiet|mute)|says\s+nothing|"
                         r"refuses?\s+to\s+answer|(?:may|might|can)\s+(?:not|decline\s+to)\s+answer|no\s+answer\s+at\s+all|about\s+"
                         r"(?:himself|herself|itself|anyone|anybody|others)|probability(?!\s+(?:1/2|one\s+half|0?\.5)\b)|biased|unfair|usually|mostly|"
                         r"often|rarely|sometimes|occasionally|percent|(?<!\bno\s)(?<!\bnot\s)(?:bent|weighted|loaded|lopsided)|"
                         r"(?:one|two|three|four|five|\d+)\s+times\s+(?:in|out\s+of)\s+(?:two|three|four|five|ten|\d+))\b|(?<![\d/])(?!50/50|1/2)\d+/\d+\b|\b(?!50\s*%)\d+\s*%", re.I)
# the asker's questions may depend on earlier answers (an adaptive strategy), which no god's behaviour does
ADAPTIVE = re.compile(r"\b(?:(?:later|next|second|third|subsequent|following|your)\s+questions?|what\s+the\s+\w+\s+question\s+is|"
                      r"(?:which|what)\s+(?:questions?|god)\s+(?:you\s+)?(?:ask|put)\w*|questions?\s+(?=may|can|might))"
                      r"[^.;]{0,80}?\bdepend\w*\s+on\s+(?:the\s+)?(?:answers?|earlier|previous|what)\b", re.I)
# relations and conditions between gods: "the twins are always of the same kind", "should Mira be truthful, Nox is too"
RELATION = re.compile(r"\b(?:are|is|be|were)\s+(?:always\s+|both\s+)?(?:of\s+)?(?:the\s+)?(?:same|different|opposite)\s+"
                      r"(?:kinds?|types?|natures?|sorts?)\b|\bshare\s+(?:a|the|one|their)\s+(?:kind|type|nature)\b", re.I)
CONDITION = re.compile(r"\b(?:if|should|provided\s+that|in\s+case)\s+(?:\w+\s+){0,3}?(?:is|are|turns?\s+out|were|be)\b[^.;]*"
                       r"\b(?:then|too|also|as\s+well|so\s+(?:is|are|does))\b", re.I)
# remarks about solving, not the puzzle: hints, tags, the parts of an exercise ("State one assumption you have made …")
META = re.compile(r"(?:\(?[a-z]\)\s*)?(?:hint|tip|tags?|spoiler|the\s+trick\s+is|explain|prove|show\s+that|state\s+(?:one|an|any|your)|"
                  r"justify|discuss|describe|argue)\b", re.I)
INEQUALITY = re.compile(rf"\b(at\s+least|at\s+most|no\s+more\s+than|no\s+fewer\s+than|fewer\s+than|more\s+than|"
                        rf"not\s+all|up\s+to)\s+{NUMBER}\b(?!\s+(?:\w+[-/ ])*(?:questions?|quer(?:y|ies))\b)", re.I)
ORDER = re.compile(r"\b(?:in\s+(?:some|no\s+particular|an?\s+unknown|random|any)\s+order|though\s+you\s+do\s+not\s+know\s+"
                   r"which\s+is\s+which|not\s+necessarily\s+in\s+that\s+order)\b", re.I)
NOT_GOAL = re.compile(r"\b(?:need\s+not|needn'?t|do(?:es)?\s*n[o']?t\s+(?:need|have)\s+to|no\s+need|nor\s+need|"
                      r"not\s+(?:required|asked|needed|important)|(?:do(?:es)?\s*n[o']?t|never)\s+care|"
                      r"(?:does|do)(?:\s+not|n'?t)\s+matter|irrelevant|(?:nobody|no\s+one)\s+(?:will\s+)?asks?|"
                      r"(?:do(?:es)?\s*n[o']?t|won'?t|will\s+not|never|not)\s+tell)\b", re.I)
GOAL_VERB = (r"(?:find\s+out|determine|work\s+out|figure\s+out|learn|discover|identify|establish|deduce|also|knowing|"
             r"saying|naming|stating|tell(?:ing)?\s+(?:\w+\s+){0,2}|report(?:ing)?|name|state)")
# the words' meanings as a goal: "find out which word means yes", "tell the ghost what 'krath' means", "find out what
# each of the three words means", "and also which word is meaning yes", "the meaning of 'ja'"
LANGUAGE_GOAL = re.compile(rf"\b{GOAL_VERB}\b"
                           r"(?:(?!\b(?:know|knows|known|told|tell|secret|unknown|sure)\b)[^.;?!])*?"
                           r"\b(?:which|what)\b[^.;?!]*?\b(?:means?|meant|is(?:\s+meaning)?|was|meaning(?:\s+of)?|denot(?:es?|ed)|stands?\s+for|stood\s+for|"
                           r"signif(?:y|ies|ied))\s+"
                           r"['\"‘“]?(?:yes|no)\b|"
                           rf"\b{GOAL_VERB}[^.;?!]*?\bwhat\s+(?:['\"‘“]?\w+['\"’”]?(?:\s+and\s+['\"‘“]?\w+['\"’”]?)?|(?:(?:each|all|both|every|any)\s+(?:one\s+)?"
                           r"(?:of\s+)?)?(?:the\s+|these\s+|those\s+|their\s+|its\s+)?(?:\w+\s+)?(?:words?|tokens?|replies|answers))\s+"
                           r"(?:really\s+)?(?:means?|meant|stands?\s+for|signif(?:y|ies)|denotes?)\b|"
                           rf"\b{GOAL_VERB}[^.;?!]*?\b(?:the\s+)?meanings?\s+of\s+(?:each\s+|every\s+|the\s+|both\s+|all\s+)?"
                           r"['\"‘“]?(?!yes\b|no\b)\w+", re.I)
# "Your goal: by the end, know exactly which ghost is which - and which of their two words means yes."
KNOW_GOAL = re.compile(r"\b(?:goal|task|aim|job|must|need\s+to|have\s+to|want\s+to|wish\s+to|win\s+by|by\s+the\s+end)\b"
                       r"[^.;?!]*?\bknow\b[^.;?!]*?\b(?:which|what)\b[^.;?!]*?\b(?:means?|is)\s+['\"‘“]?(?:yes|no)\b", re.I)
# goals the model cannot state: a door, a road or a treasure to find instead of (or besides) the gods' kinds
OTHER_GOAL = re.compile(rf"(?:\b(?:find|{GOAL_VERB}|know|decide|choose|pick|tell)\b[^.;?!]*?|^(?:so\s+|then\s+|now\s+)?)\b(?:which|what|where)\s+(?:of\s+)?"
                        r"(?:the\s+)?(?:\w+\s+)?(?:doors?|roads?|paths?|exits?|gates?|bridges?|treasure|gold|boxe?s?|chests?|"
                        r"caskets?|cups?|city|village|town|directions?|tunnels?|keys?|ages?)\b", re.I)
# "find out how many of the five are knaves": a number to find, not who is what
COUNT_GOAL = re.compile(rf"\b(?:find|{GOAL_VERB}|know|decide|tell)\b[^.;?!]*?\bhow\s+many\s+(?:of\s+(?:them|these|the\s+\w+)\s+)?"
                        r"(?:are|is|were)\b|\b(?:point\s+(?:to|out|at)|pick\s+out|find|identify|name|single\s+out)\s+(?:one|a|any)\s+"
                        r"(?:single\s+)?\w+\s+(?:who|that|which)\s+is\s+(?:certainly\s+|definitely\s+|surely\s+)?not\b|"
                        rf"\b(?:find|{GOAL_VERB}|know|decide|tell)\b[^.;?!]*?\b(?:which|who)\s+(?:\w+\s+)?(?:has|holds|carries|keeps|"
                        r"guards|owns|hides)\s+(?:the|a|an)\b", re.I)
HOW_MANY = re.compile(r"\bhow\s+many\b|\bas\s+(?:few|many)\b|\bsmallest\s+number\b|\bfewest\b|\bno\s+limit\b|"
                      r"\bno\s+(?:question\s+)?(?:cap|limit|bound)\b|\bunlimited\b|\bnumber\s+of\s+questions\b|"
                      r"\bminimum\s+number\b|\bleast\s+number\b", re.I)
BUDGET = re.compile(rf"\b({NUMBER}|a\s+single|just\s+one|only\s+one|one\s+single|a\s+(?:pair|trio)\s+of|a\s+dozen)\s+(?:(?:yes[-/ ]no|yes[- ]or[- ]no|yes/no|"
                    rf"more|further|such|single)\s+)?(?:questions?|quer(?:y|ies)|prompts?|Qs?)\b",
                    re.I)
ASKING_RULE = re.compile(r"\b(?:each|every|any)\s+question\b|\bquestions?\b[^.]*\b(?:to|of)\s+(?:exactly\s+)?(?:one|a\s+"
                         r"single)\b|\bone\s+(?:\w+\s+)?at\s+a\s+time\b|\bask\s+(?:the\s+same|any)\b", re.I)
TASK = re.compile(r"\b(identify|identities|identity|determine|find\s+out|work\s+out|figure\s+out|who\s+is\s+who|"
                  r"who'?s\s+who|who(?:'s|\s+is)\s+(?:the|a|an)\b|who\s+is\s+what|which\s+(?:god|one)\s+is\s+which|pin\s+down|learn|type\s+of|types\s+of|"
                  r"find\s+(?:the|each|every|random|all)|which\s+gods?\s+(?:is|are)|pins?\s+down|strategy|tell\s+(?:them|the\s+gods)\s+"
                  r"apart|who\s+tells\s+the\s+truth|who\s+is\s+(?:the|a|an)|establish|goal|challenge|task|which\s+\w+\s+(?:is|are)|roles?\s+of|which\s+\w+(?:'s|\s+is|\s+was)\s+which|"
                  r"ID|your\s+answer|call\s+in|submit|output|name\s+(?:every|each)|kind\s+of\s+each|(?:which|what)\s+kind|discover|"
                  r"which\s+of\s+(?:them|the\s+\w+|us)\s+(?:is|are))\b",
                  re.I)
WORD_MEANING = re.compile(r"\b(?:means?|meaning|mean)\s+(?:yes|no|neither)\b|\bwhich\s+is\s+which\b|\bwhich\s+word\b|"
                          r"\bwords?\s+for\s+yes\b|\bin\s+(?:some|an?\s+unknown)\s+order\b|\bcorrespondence\b|"
                          r"\bis\s+(?:yes|no|neither)\b|\bmeanings?\b", re.I)
FREEDOM = re.compile(r"\bany\s+(?:number|combination|mix|split)\b|\bno\s+restriction\b|\bno\s+(?:two\s+)?\w+\s+(?:is|are)\s+of\s+the\s+"
                     r"same\s+(?:kind|type)\b|\beach\s+(?:\w+\s+)?is\s+(?:of\s+)?a\s+different\b|\bno\s+\w+\s+at\s+all\b|\bnone,?\s+some,?\s+or\s+all\b|"
                    r"\bseveral\s+may\s+share\b|\bcould\s+(?:even\s+)?(?:all|be\s+all)\b|\bnothing\s+(?:is\s+)?known\b|"
                    r"\bwe\s+know\s+nothing\b", re.I)
COIN = re.compile(r"\b(?:even|heads)\b[^.;]{0,40}\b(?:truly|truthfully|honestly|truth)\b[^.;]{0,60}\b(?:odd|tails)\b[^.;]{0,40}"
                  r"\b(?:falsely|lies?|lying)\b|"
                  r"\b(?:truly|truthfully|truth)\b[^.;]{0,40}\b(?:or|and)\b[^.;]{0,40}\b(?:falsely|lie|lies|lying|"
                  r"false|falsity)\b|\b(?:truly|truthfully|the\s+truth|honestly)\s+(?:on|if)\s+heads\b", re.I)


@dataclass
class _Reading:
    """What the frames found so far (one per text; nothing module-level)."""

    names: list[str] = field(default_factory=list)
    naming: list[Sentence] = field(default_factory=list)  # the sentences that name the gods
    named_count: int | None = None
    multisets: list[tuple[list[str], list[str], Sentence]] = field(default_factory=list)  # (gods, kinds, where)
    parts: list[tuple[list[tuple[int | str, str]], Sentence]] = field(default_factory=list)  # ([(n or 'rest', kind)])
    allowed: dict[str, list[str]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    words: list[tuple[tuple[str, ...], Sentence]] = field(default_factory=list)
    plain: bool = False
    coin: bool = False
    word_random: bool = False
    budgets: set[int] = field(default_factory=set)
    unbounded: bool = False
    language_goal: bool = False
    custom: dict[str, str] = field(default_factory=dict)  # kind names the text defines ("Aye") -> canonical
    excluded: dict[str, set[str]] = field(default_factory=dict)  # "A is not Random": kinds a god is not
    covered: set[str] = field(default_factory=set)  # gods a frame of the sentence being read has said something of
    asked_how_many: Sentence | None = None  # "How many questions?" as a heading, its answer may follow
    others: list[tuple[list[str], Sentence]] = field(default_factory=list)  # "each of the others is True or False"
    some: tuple[list[str], Sentence] | None = None  # "some of them are werewolves, the rest humans" (a count must follow)
    menu: tuple[int | None, Sentence] | None = None  # "Every oracle has one of three types:" (the kinds defined below)
    defined: list[str] = field(default_factory=list)  # kinds in the order lines define them ("Liar: answers falsely.")
    fallback: list[str] = field(default_factory=list)  # "beyond that, any of them could be …": gods said nothing else of


def _number(text: str) -> int:
    low = text.lower()
    if re.match(r"(?:a|just|only|one)\s+(?:single|one)$", low):
        return 1
    low = re.sub(r"\s+", " ", low)
    return int(low) if low.isdigit() else NUMBERS[low]


def _err(sentence: Sentence, message: str) -> PuzzleError:
    return PuzzleError(f"{sentence.where}: {message}")


def looks_like_gods(text: str) -> bool:
    """Return whether a text asks for questions to be put to gods or people (not statements to weigh):
    it mentions asking questions or answer words, and reports nobody saying anything."""
    asks = re.search(r"\b(?:yes[-/ ]no|yes[- ]or[- ]no|yes/no)\s+questions?\b|\bquestions?\b[^.?!]{0,60}\b(?:each|put|"
                     r"asked|addressed|directed|posed)\b|\b(?:ask|asking|allowed|get|have|using|with)\s+(?:\w+\s+){0,3}"
                     r"questions?\b|\b(?:pose|posing|put|permitted\s+to\s+\w+)\s+(?:\w+\s+){0,2}questions?\b|\b(?:ja|da)\b|\bfoo\b|"
                     r"\bmeans?\s+(?:yes|no|neither)\b|\bmeaning\s+of\s+(?:yes|no)\b|\bwords?\s+for\s+yes\b", text, re.I)
    speech = re.search(r"\b(?:says?|said|claims?|claimed|states?|stated|remarks?|remarked|asserts?|asserted|"
                       r"declares?|declared|replied|answered|insists?|told\s+you|tells\s+you\s+that\s+(?!exactly))\b\s*[:,]?\s*"
                       r"['\"‘“]\w+[\s,]+\w+", text, re.I)
    asks = asks or ASKING_RULE.search(text) or BUDGET.search(text) or re.search(r"\b(?:how\s+(?:many|few)|number\s+of)\s+questions\b", text, re.I)
    asks = asks or re.search(r"^\s*(?:questions?[ _-]*(?:budget|limit|allowed)|answer[ _-]*words?|puzzle(?:[ _-]*type)?\s*:\s*gods)\b",
                             text, re.I | re.M)  # a spec written one key per line
    return bool(asks) and not speech


def read_gods_prose(sentences: tuple[Sentence, ...], title: str = "") -> tuple[Interrogation, tuple[Sentence, ...]]:
    """Return the gods puzzle a prose text states and the sentences passed over; raise PuzzleError at the
    sentence a frame cannot read, or naming what the text leaves open or contradicts."""
    from .framing import is_framing

    r = _Reading()
    sentences = tuple(part for s in sentences for part in _spoken(_plain(s)))
    _find_names(sentences, r)
    for s in sentences:  # kinds the text names and defines, wherever it defines them
        _read_definitions(s, r)
    if not r.names:
        raise PuzzleError("the text never names the gods (a list such as 'A, B and C' or 'Alpha, Beta and Gamma')")
    ignored = []
    for s in sentences:
        used = _read_sentence(s, r)
        if used:
            continue
        if is_framing(s.text) or not _mentions_puzzle(s.text, r) or _meta(s.text, r):
            ignored.append(s)
            continue
        raise _err(s, f"cannot read '{s.text}' as part of a gods puzzle (who the gods are, what they may be, "
                      "the words they answer with, how many questions, or what to find out)")
    return _puzzle(r, sentences, title), tuple(ignored)


def _plain(s: Sentence) -> Sentence:
    """Return the sentence without Markdown emphasis or code marks, list numbering ('(ii)', '3.') and runs of spaces."""
    text = re.sub(r"`(\w+)`", r"'\1'", s.text)  # `beep` as a quoted word
    text = re.sub(r"(?<=[A-Za-z])_(?=[A-Za-z])", " ", text)  # answer_words: the key's words
    text = re.sub(r"[`*_]+", "", text)
    text = re.sub(r"^\s*(?:\(?[ivxIVX]+\)|\(?\d+[.)/]|[-•])\s+", "", text)
    text = re.sub(r"[«»]", '"', text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(rf"\b({NUMBER})\s*\(\d+\)", r"\1", text, flags=re.I)  # "three (3) questions"
    text = re.sub(r"(?<=\w)[–—‐‑](?=\w)", "-", text)  # "yes–no"
    text = re.sub(r"\s+[—–]\s+(in\s+(?:some|no\s+particular|an?\s+unknown|any)\s+order)\s+[—–]\s+", r", \1, ", text, flags=re.I)
    if re.match(r"[A-Za-z][\w/ -]{0,30}:\s", text):
        text = re.sub(r"\s+#\s.*$", "", text)  # "random: 1   # exactly one of the five is random": a spec's comment
    # shouted words read as written ("ALWAYS", "TRUTHFUL: answers …", "LIARs"); short ones may be names or "ID"
    text = re.sub(r"\b([A-Z])([A-Z]{2,})(s?)\b", lambda m: m.group(1) + m.group(2).lower() + m.group(3), text)
    text = re.sub(r"(?:,\s*)?\b(?:u+m+|u+h+|e+r+m+|uhm|hmm+)\b\s*,?\s*", " ", text, flags=re.I).strip()  # spoken fillers
    text = re.sub(r",\s*(?:it\s+(?:turned\s+out|seems|appears)|the\s+\w+\s+(?:explained|said|insisted|added|noted)|of\s+course|"
                  r"in\s+fact|independently(?:\s+of\s+(?:one\s+another|each\s+other|the\s+others))?|you\s+are\s+(?:assured|told|informed)|we\s+are\s+told|"
                  r"I\s+am\s+told|they\s+say|(?:no\s+less\s+than|just\s+like|much\s+like|exactly\s+like|like|as\s+well\s+as)\s+the\s+\w+)"
                  r"\s*,", "", text, flags=re.I)  # asides
    if re.search(r"(?<!['\"‘“])\byea\b(?!['\"’”])", text):  # "answered yea or nay" (not the words 'ay' and 'nay')
        text = re.sub(r"(?<!['\"‘“])\b(yea|nay)\b(?!['\"’”])", lambda m: "yes" if m.group(1) == "yea" else "no", text)
    for chat, word in CHAT:
        text = re.sub(chat, word, text)
    return Sentence(text, s.line, s.column, s.marker)


def _mixed(phrase: str) -> bool:
    """Return whether one god's description both lies and tells the truth with no chance deciding between them ('when
    a question concerns himself he lies, and about anything else he tells the truth'; 'answers the first question
    truthfully and lies after that'): a behaviour the model cannot state. Negated verbs ('never lies') do not count."""
    if FREEDOM.search(phrase):
        return False  # "could be any mix of True and False": kinds, not a behaviour
    p = re.sub(r"\b(?:never|not|cannot|can't|n't|no)\s+(?:\w+\s+){0,2}(?:lie|lies|lied|lying|tells?\s+the\s+truth|truth\w*|"
               r"falsely|false)\b|\bopposite\s+of\s+(?:the\s+truth|what(?:'s|\s+is)\s+true)", " ", phrase, flags=re.I)
    truth = re.search(r"\b(?i:truth|truly|truthfully|honestly)\b|\btrue\b", p)
    lie = re.search(r"\b(?i:lie|lies|lied|lying|falsely|fibs?)\b|\bfalse\b", p)
    chance = re.search(r"\b(?:coin|toss\w*|flip\w*|random\w*|chance|dice|die|whim\w*|hazard|heads|tails|even|odd|luck|fate|"
                       r"fair|likely|or\s+(?:lies|tells)|truth\s+or\s+(?:a\s+)?lie)\b", p, re.I)
    return bool(truth and lie and not chance)


def _meta(text: str, r: _Reading) -> bool:
    """Return whether a sentence is a remark about solving ('Hint: start with Vega.', 'Tags: logic', '(a) Explain why …')
    that states nothing of the gods: no kind, no 'same', 'not', 'always' … (those go to the frames, or are errors)."""
    return bool(META.match(text)) and (not _names_in(text, r) or not re.search(
        rf"\b{KIND_NOUN}\b|\b(?:same|different|not|never|always|is|are|was|were|lies?|truth\w*)\b", text[META.match(text).end():], re.I))


def _spoken(s: Sentence) -> list[Sentence]:
    """Return a sentence holding a quoted speech of several sentences ('The ghost whispers: "Each statue holds the
    spirit of a god. One of them speaks only truth. …"') as the sentences spoken, each at its column."""
    m = re.match(r"([^\"“]{0,80}?\b(?:says?|said|whispers?|whispered|explains?|explained|announces?|announced|tells\s+you|"
                 r"told\s+you|reads?|continues?|adds?)\s*:?\s*|[A-Z][\w ]{0,20}:\s*)[\"“]", s.text, re.I)
    if m is None or not re.search(r"[.!?]\s+[A-Z]", s.text[m.end():]):
        return [s]
    out, start = [], m.end()
    for piece in re.finditer(r"[^.!?]+(?:[.!?]+|$)", s.text[start:]):
        text = piece.group(0).strip().rstrip("\"”").strip()
        if text:
            column = s.column + start + piece.start() + len(piece.group(0)) - len(piece.group(0).lstrip())
            out.append(Sentence(text, s.line, column, s.marker))
    return out or [s]


def _mentions_puzzle(text: str, r: _Reading) -> bool:
    """Return whether a sentence names a god, a kind, an answer word or questions."""
    if _names_in(text, r):
        return True
    if re.search(rf"\b{KIND_NOUN}\b|\bexactly\b", text):
        return True
    if re.search(r"\bgods?\b", text) and re.search(r"\b(?:ask\w*|questions?|answer\w*|repl\w*|says?|said|saying|tell\w*|told|"
                                                 r"truth\w*|li(?:e|es|ed|ar|ars)|random\w*|words?|means?|meaning|speak\w*|"
                                                 r"spoke|kinds?|types?)\b", text, re.I):
        return True  # "The gods hate questions about cheese." is no story to pass over ("The gods are fond of figs." is)
    if any(re.search(rf"\b{re.escape(k)}", text, re.I) for k in r.custom):
        return True
    return any(re.search(rf"\b{re.escape(w)}\b", text) for ws, _ in r.words for w in ws)


def _find_names(sentences: tuple[Sentence, ...], r: _Reading) -> None:
    """Record the first list of two or more names that are not kinds, and a number said of them."""
    m: re.Match[str] | None
    for s in sentences:
        unsure = re.search(rf"\b(?:either\s+)?{NUMBER}\s+or\s+{NUMBER}\s+(?:\w+\s+)?(?:gods|people|persons|islanders|inhabitants|"
                           rf"spirits|oracles|guards)\b|\b(?:and|or)\s+(?:perhaps|maybe|possibly)\s+{NAME}", s.text, re.I)
        if unsure:
            raise _err(s, f"cannot model '{unsure.group(0)}': the number of gods is fixed here")
    for s in sentences:
        for m in NAME_LIST.finditer(s.text):
            names = [n for n in re.split(r"\s*(?:,|\band\b|&)\s*", m.group(1)) if n]
            letters = all(len(n) == 1 for n in names)  # "A, B and C": the article A is a name here
            if any((n in NOT_NAMES and not letters) or n.lower() in NAMED for n in names):
                continue
            if len(set(names)) != len(names):
                raise _err(s, f"a god is named twice in '{m.group(1)}'")
            r.names = names
            r.naming.append(s)
            counts = list(re.finditer(rf"\b({NUMBER})\s+(?:[a-z]+\s+)?(?:gods|people|persons|[a-z]+s|[A-Z][a-z]+s|NPCs)\b|"
                                      rf"\bthere\s+are\s+(?:now\s+)?({NUMBER})\b", s.text[:m.start()], re.I))
            count = counts[-1] if counts else None
            if count and re.match(r"(?:questions|words|times|days)\b", count.group(0).split()[-1] if count.group(1) else "", re.I):
                count = None
            if count:
                n = _number(count.group(1) or count.group(2))
                if n != len(names):
                    raise _err(s, f"the text says {n} gods but names {len(names)} ({', '.join(names)})")
            return
    for s in sentences:  # "Gods A, B.", "call them x and y": two names with a comma only, or in lower case after a naming verb
        m = re.search(rf"\b(?i:gods|people|persons|islanders|inhabitants|oracles|robots|statues|spirits|deities|divinities)\s*:?\s+"
                      rf"({NAME}(?:\s*,\s*{NAME})+)(?![\w'’-])(?!\s*(?:is|are|was|were)\b)", s.text)
        lower = re.search(r"\b(?:call(?:ed)?\s+(?:them\s+)?|named\s+|labell?ed\s+)([a-z]\w{0,9}(?:\s*,\s*[a-z]\w{0,9})*\s*,?\s*"
                          r"(?:and|&)\s*[a-z]\w{0,9})\b", s.text)
        for found, group in ((m, 1), (lower, 1)):
            if found is None:
                continue
            names = [n for n in re.split(r"\s*(?:,|\band\b|&)\s*", found.group(group)) if n]
            letters = all(len(n) == 1 for n in names)
            if any((n in NOT_NAMES and not letters) or n.lower() in NAMED or n.lower() in STOP_WORDS - {"a"} for n in names):
                continue
            if len(set(names)) == len(names):
                r.names = names
                r.naming.append(s)
                return
    for s in sentences:  # "Six gods, A through F"
        m = re.search(r"\b([A-Z])\s+(?:through|thru|to|-|–)\s+([A-Z])\b", s.text)
        if m and m.group(1) < m.group(2) and ord(m.group(2)) - ord(m.group(1)) < 12:
            r.names = [chr(c) for c in range(ord(m.group(1)), ord(m.group(2)) + 1)]
            r.naming.append(s)
            count = re.search(rf"\b({NUMBER})\s+(?:[a-z]+\s+)?[a-z]+s\b", s.text[:m.start()], re.I)
            if count and _number(count.group(1)) != len(r.names):
                raise _err(s, f"the text says {_number(count.group(1))} gods but names {len(r.names)}")
            return
    for s in sentences:  # "Agents: x, y, z.", "gods: [A, B]"
        m = re.match(r"(?:agents|gods|names|players|persons|people|the\s+gods|characters)\s*:\s*\[?([A-Za-z]\w{0,15}(?:\s*,\s*"
                     r"(?:and\s+)?[A-Za-z]\w{0,15})+)\]?\s*\.?$", s.text, re.I)
        if m:
            r.names = [n for n in re.split(r"\s*,\s*(?:and\s+)?", m.group(1)) if n]
            r.naming.append(s)
            return
    for s in sentences:  # one line per god: "- Kim: knight or knave", "| Aster | truthful or liar |"
        m = re.match(rf"\|?\s*({NAME})\s*[:|]\s*([^|]+?)\s*\|?\s*$", s.text)
        if m and m.group(1) not in NOT_NAMES and m.group(1).lower() not in NAMED and _choices(m.group(2), r, s):
            r.names.append(m.group(1))
            r.naming.append(s)
    if r.names:
        return
    for s in sentences:  # "A is True or Random; B is False; C is either True or False."
        for m in re.finditer(rf"(?:^|[;.]\s*)({NAME})\s+is\s+(?:either\s+)?(?:a\s+|an\s+)?{KIND_NOUN}", s.text):
            if m.group(1) not in r.names and m.group(1) not in NOT_NAMES | {"A"} and m.group(1).lower() not in NAMED \
                    or m.group(1) == "A" and re.match(r"A\s+is\s+(?:either\s+)?(?:True|False|Random|truthful|a\s+)", m.group(0).lstrip("; .")):
                if m.group(1) not in r.names:
                    r.names.append(m.group(1))
                    r.naming.append(s)
    if r.names:
        for s in sentences:
            count = re.search(rf"\b({NUMBER})\s+(?:gods|people|islanders|inhabitants)\b", s.text, re.I)
            if count and _number(count.group(1)) != len(r.names):
                raise _err(s, f"the text says {_number(count.group(1))} gods but names {len(r.names)} "
                              f"({', '.join(r.names)})")


def _kind(phrase: str, r: _Reading, s: Sentence, strict: bool = True) -> str | None:
    """Return the canonical kind a phrase names or describes; None if none (an error if `strict` and the
    phrase names an unknown kind with a capital)."""
    p = phrase.strip().strip(".,;:()").strip()
    p = re.sub(r"^(?:is|are|be|either|a|an|the|both|all|each|one|two|three|four|five|of\s+them|also|just)\s+", "", p,
               flags=re.I)
    p = re.sub(r"^(?:definitely|certainly|surely|actually|really|in\s+fact|known\s+to\s+be|(?:one\s+)?of\s+the)\s+", "", p, flags=re.I)
    p = re.sub(r"^(?:is|are|be|either|a|an|the|both|all)\s+", "", p, flags=re.I)
    if re.match(r"(?:not|n[o']t)\b", p, re.I):
        return None  # "not Random" names what a god is not (the negation frame reads it), never a kind
    noun = re.match(r"([a-z]+(?:-[a-z]+)?)\s+(?:is|are|was|were)\s+(?:a\s+|an\s+|the\s+)?(?!not\b)", p)
    if noun and noun.group(1).lower() not in NAMED and noun.group(1) not in r.custom:
        p = p[noun.end():]  # "god is True", "elf is honest": the kind follows
    head = re.match(r"([A-Za-z]+(?:[- ][A-Za-z]+)?)", p)
    if head:
        for size in (2, 1):
            words = " ".join(re.split(r"[ ]", head.group(1))[:size])
            for form in (words, words[:-1] if words.endswith("s") else None, words[:-2] if words.endswith("es") else None):
                if not form:
                    continue
                if form in ("lies", "lie") and p.strip() != form:
                    continue  # "lies or tells the truth as a coin decides": the verb, not the god of lies
                if form.lower() in NAMED:
                    return NAMED[form.lower()]
                if form in r.custom or form.lower() in r.custom:
                    return r.custom.get(form, r.custom.get(form.lower()))
    for i, (pattern, kind) in enumerate(DOING):
        if re.search(pattern, p, re.I) or (i == CHANCE and _truth_if_lie_if(p)):
            return kind
    if strict and head and head.group(1)[0].isupper() and head.group(1).split()[0] not in NOT_NAMES:
        raise _err(s, f"unknown kind of god '{head.group(1).split()[0]}': smullyan knows gods who always tell the "
                      "truth, always lie, answer at random, or always say the word with one meaning")
    return None


def _truth_if_lie_if(phrase: str) -> bool:
    """Return whether a phrase says the truth on one condition and a lie on another ('if it lands cap-up he tells the
    truth, and if cap-down he lies'): a chance between the two. Linear: the pieces after each 'if' are looked at once."""
    pieces = [re.split(r"[.;]", piece)[0] for piece in re.split(r"\bif\b", phrase, flags=re.I)[1:]]
    truth = next((i for i, piece in enumerate(pieces) if re.search(r"\b(?:truth|truly|truthfully)\b", piece, re.I)), None)
    return truth is not None and any(re.search(r"\b(?:lie|lies|lied|falsely|false)\b", piece, re.I) for piece in pieces[truth + 1:])


def _read_sentence(s: Sentence, r: _Reading) -> bool:
    """Read every frame a sentence fits into `r`; return whether any did."""
    text = s.text
    used = False
    r.covered = set()
    unsupported = UNSUPPORTED.search(ADAPTIVE.sub(" ", text))
    if unsupported and unsupported.group(0).lower().startswith("sometimes") and re.search(r"\b(?:coin|toss\w*|flip\w*|dice|die)\b", text, re.I):
        unsupported = None  # "sometimes lie and sometimes tell the truth: before each answer, a normal tosses a fair coin"
    if unsupported and (_mentions_puzzle(text, r) or re.search(r"\b(?:gods?|he|she|him|his|her|himself|herself|itself|coin|die|dice|"
                                                               r"the\s+(?:third|other|last))\b", text, re.I)):
        raise _unsupported(s, unsupported)
    die = re.search(r"\b(?:die|dice|spinner|roulette|wheel|cards?)\b", text, re.I)
    if die and re.search(r"\b(?:rolls?|rolled|spins?|spun|draws?|drew|shows?|lands?)\b", text, re.I) and not re.search(
            r"\beven\b[^.;]*\bodd\b|\bodd\b[^.;]*\beven\b", text, re.I):
        raise _err(s, f"cannot model the chances of '{die.group(0)}': a random god here chooses like a fair coin (even or odd "
                      "on a die is one)")
    subjects = re.findall(rf"\b(?:{KIND_NOUN}|honest|dishonest)\b", text, re.I) + _names_in(text, r) + \
        [c for c in r.custom if re.search(rf"\b{re.escape(c)}\b", text, re.I)]
    single = re.match(rf"(?:the\s+{KIND_NOUN}|he|she|it)\b", text, re.I) and not re.search(
        r"\b(?:others?|another|rest|remaining|one\s+of\s+them|second|third|both|each|all)\b", text, re.I) and re.search(
        r"\b(?:when|whenever|if|unless|only|except|otherwise|provided)\b", text, re.I)
    if single and len(subjects) <= 1 and _mixed(text):  # "The liar is honest about himself and lies about no one else."
        raise _err(s, f"cannot model '{text.rstrip('.')}': a god here answers the same way whatever the question (truthful, "
                      "liar, random or one fixed word)")
    relation = RELATION.search(text)
    if relation and (FREEDOM.search(text) or re.search(r"\b(?:no|none|may|might|could|can|whether)\b",
                                                       text[max(0, relation.start() - 60):relation.start()], re.I)):
        relation = None  # "no two of them share a nature", "they may be of the same kind or of different kinds"
    if relation:
        raise _err(s, f"cannot read '{text}': '{relation.group(0)}' relates the gods' kinds, which cannot be stated here (what "
                      "each god may be, and exact counts)")
    condition = CONDITION.search(text)
    if condition and len(_names_in(text, r)) + len(re.findall(rf"\b{KIND_NOUN}\b", text)) >= 2:
        raise _err(s, f"cannot read '{text}': a condition between the gods' kinds cannot be stated here (what each god may "
                      "be, and exact counts)")
    other_goal = OTHER_GOAL.search(text) or COUNT_GOAL.search(text)
    clause_start = max(text.rfind(":", 0, other_goal.start()), text.rfind(";", 0, other_goal.start())) + 1 if other_goal else 0
    if other_goal and not NOT_GOAL.search(text[clause_start:other_goal.end()]):
        raise _err(s, f"cannot model the goal '{other_goal.group(0)}': smullyan finds what each god is (and, if the "
                      "text asks, what the words mean)")
    inequality = INEQUALITY.search(text)
    if inequality and re.search(rf"\b{KIND_NOUN}\b", text):
        raise _err(s, f"'{inequality.group(0)}' cannot be stated: counts of kinds are exact here ('exactly two of them "
                      "are False')")
    if re.search(rf"\b{NUMBER}\s+(?:\w+\s+)?(?:gods|people|persons|islanders|inhabitants|deities)\b", text, re.I) or re.search(
            r"\b(?:each|every)\s+\w+\s+(?:is|holds|houses|contains|hides)\s+(?:the\s+spirit\s+of\s+)?(?:a|one)\s+(?:god|deity)\b",
            text, re.I):
        used = True  # "Three gods stand before you": the number is checked against the names
    used |= _read_keys(s, r)
    used |= _read_definitions(s, r)
    used |= _read_behaviour(s, r)
    used |= _read_words(s, r)
    used |= _read_kinds(s, r)
    used |= _read_random(s, r)
    used |= _read_budget(s, r)
    goal = LANGUAGE_GOAL.search(text) or KNOW_GOAL.search(text)
    if goal and NOT_GOAL.search(text[:goal.end()]):
        used = True  # "you need not find out what ja means"
    elif not goal and NOT_GOAL.search(text) and re.search(r"\bmeans?\b|\bmeanings?\b|\bmeant\b", text, re.I):
        used = True  # "Nobody asks you what 'ja' means"
    elif goal:
        r.language_goal = used = True
    if TASK.search(text) or WORD_MEANING.search(text) or ASKING_RULE.search(text) or FREEDOM.search(text):
        used = True
    if s in r.naming:
        used = True  # the sentence that names the gods ("Three gods sit on their thrones: Odin, Thor and Loki")
        r.covered |= set(r.names)
    if s.is_question or TASK.search(text):
        r.covered |= set(_names_in(text, r))  # "which of Ulla and Vidar is the knight?"
    example = re.search(r"\b(?:for\s+instance|for\s+example|e\.g\.|such\s+as)\b", text, re.I)
    if FREEDOM.search(text) and re.search(r"\b(?:might|could|may)\s+both\s+be\b[^.;]*\bor\s+one\s+of\s+each\b", text, re.I):
        r.covered |= set(_names_in(text, r))  # "Nothing is known: Alf and Bea might both be knights, both knaves, or one of each"
    if FREEDOM.search(text) and example:  # "any combination, for instance Orion and Lyra could both be Random"
        r.covered |= set(_names_in(text[example.start():], r))
    if used and re.search(r"\band\s+so\s+(?:will|do|does|is|are|can)\s+(?:all\s+)?the\s+others\b|\b(?:all|each)\s+of\s+them\b", text, re.I):
        r.covered |= set(_names_in(text, r))  # "Will will answer any question, and so will the others, in English"
    unread = [n for n in dict.fromkeys(_names_in(text, r)) if n not in r.covered]
    if unread and used:
        raise _err(s, f"cannot read what '{text}' says of {', '.join(unread)} (a god's kind is said as 'A is True or "
                      "Random', 'each of A, B and C is True or False', or 'A, B and C are True, False and Random')")
    return used


def _read_keys(s: Sentence, r: _Reading) -> bool:
    """Read a line of a key-value spec ('puzzle: gods', 'kinds possible per god: truthful | liar | random', 'random: 1',
    'answer words: ["bip", "bop"]', 'questions budget: 5'); the gods ('gods: [A, B]') and the kinds' definitions
    ('liar: always answers falsely') are read by the frames for names and behaviours."""
    m = re.fullmatch(r"([A-Za-z][\w/ -]{0,30}?)\s*:\s*(.*?)\s*", s.text)
    if m is None:
        return False
    key, value = m.group(1).lower().replace("-", " "), m.group(2)
    if re.fullmatch(r"(?:puzzle(?: type)?|type|kind|family|category)", key) and re.fullmatch(
            r"(?:gods?|interrogation)(?:\s+puzzle)?", value, re.I):
        return True
    if re.fullmatch(r"(?:kinds?|types?|roles?)(?: (?:possible|allowed))?(?: (?:per|for each|of each) \w+)?", key) and value:
        if re.match(rf"{NUMBER}\b", value, re.I):
            return False  # "roles: one truthful, one liar, one random": parts
        kinds = _choices(re.sub(r"\s*\|\s*", " or ", value), r, s)
        if len(kinds) >= 2:
            r.fallback = kinds
            r.covered |= set(r.names)
            return True
    if re.fullmatch(r"(?:answer )?(?:words?|tokens?|vocabulary|replies)", key):
        ws = tuple(w for w in re.findall(r"[A-Za-z]\w{0,11}", value) if w.lower() not in ("and", "or"))
        if len(ws) >= 2 and not any(w.lower() in STOP_WORDS - {"yes", "no"} for w in ws):
            if {w.lower() for w in ws} <= {"yes", "no"}:
                r.plain = True
            else:
                r.words.append((tuple(dict.fromkeys(w.lower() for w in ws)), s))
            return True
    budget = re.fullmatch(rf"({NUMBER})", value, re.I)
    if budget and re.fullmatch(r"(?:questions?|quer(?:y|ies))(?: (?:budget|limit|allowed|count|max(?:imum)?))?|"
                               r"max(?:imum)? (?:questions?|quer(?:y|ies))|budget|limit", key):
        r.budgets.add(_number(budget.group(1)))
        return True
    kind = NAMED.get(key) or NAMED.get(key.rstrip("s")) or r.custom.get(key)
    if budget and kind:  # "random: 1" under "counts:"
        n = _number(budget.group(1))
        if r.counts.get(kind, n) != n:
            raise _err(s, f"the text says twice how many are {kind}")
        r.counts[kind] = n
        return True
    return False


def _unsupported(s: Sentence, found: re.Match[str]) -> PuzzleError:
    return _err(s, f"cannot model '{found.group(0)}': a god here answers the same way whatever the day, the topic or "
                   "the earlier answers (truthful, liar, random or one fixed word)")


def _read_definitions(s: Sentence, r: _Reading) -> bool:
    """Record kinds the text names and defines: 'Aye, who answers every question with the word for yes',
    'Yes-Man … answers with whichever of ja and da means yes', 'a truth-bot (always truthful)', 'and the
    Shrugger the word meaning neither' (the verb said once for several)."""
    found = False
    for m in re.finditer(rf"(?:^|[;:,]\s*|\band\s+)(?:the\s+)?({NAME})\s+(?:the|a)\s+word\s+(?:that\s+means|meaning|for)\s+"
                         rf"['\"‘“]?(yes|no|neither)\b", s.text):
        if m.group(1) not in r.names and m.group(1) not in NOT_NAMES:
            r.custom[m.group(1)] = "constant:" + m.group(2).lower()
            found = True
    for m in re.finditer(r"\b(?:are|be|were)\s+([a-z]{3,}s),\s+who\s+([^;.]*?)(?=,\s*(?:or|and)\s|[;.]|$)", s.text):
        word = m.group(1).lower()  # "Some of them are werewolves, who always lie; the rest are humans, who …"
        kind = _kind(m.group(2), r, s, strict=False)
        if kind is not None and word not in NAMED and word.rstrip("s") not in NAMED and word not in GENERIC:
            for form in (word, word[:-1], word[:-2] if word.endswith("es") else None):
                if form and r.custom.get(form, kind) == kind:
                    r.custom[form] = kind
            found = True
    for m in re.finditer(r"\b(?:a|an)\s+([a-z]+)\s+([a-z]+),?\s+(?:who|that)\s+([^;.]*?)(?=,\s*(?:or|and)\s|[;.]|$)", s.text):
        adjective, noun = m.group(1).lower(), m.group(2).lower()  # "a silly dragon, who … flipped a coin"
        kind = _kind(m.group(3), r, s, strict=False)
        if kind is not None and noun in GENERIC | {"dragon", "dragons", "being", "creature", "elf", "fairy", "ghost", "knight",
                                                   "alien", "core", "machine", "bot", "guardian", "sphinx", "oracle"} \
                and adjective not in NAMED and adjective not in ("little", "old", "young", "big", "small", "friendly", "third",
                                                                   "second", "first", "other", "fourth", "last"):
            if NAMED.get(adjective, kind) == kind and r.custom.get(adjective, kind) == kind:
                r.custom[adjective] = kind
                found = True
    for m in re.finditer(r"\b(?:a|an)\s+([a-z]+(?:-[a-z]+)?)\s*\(([^)]*)\)", s.text):
        kind = _kind(m.group(2), r, s, strict=False)
        if kind is not None and m.group(1).lower() not in NAMED:
            r.custom[m.group(1).lower()] = kind
            found = True
    for m in re.finditer(r"(?:^|[;:,]\s*|\b(?i:in\s+this\s+puzzle|here|but|and)\s*,?\s+)(?i:the)\s+([a-z]+(?:-[a-z]+)?)(?:,[^,;]{1,40},)?\s+"
                         r"((?:doesn'?t|does\s+not|always|never|only|just|simply|answers|replies|says|picks|chooses|ignores|flips|tosses|"
                         r"decides|rolls|throws|is\s+a\s+god\s+who)\b[^;]*)", s.text):
        word = m.group(1).lower()
        if word in NAMED or word in GENERIC or word in r.custom or re.fullmatch(r"(?:first|second|third|fourth|fifth|last|other)", word):
            continue
        kind = _kind(m.group(2), r, s, strict=False)
        if kind is not None:
            r.custom[word] = kind
            found = True
    # "a silly-billy who doesn't listen at all", "a joker answers … at random" (searched on its own: a kind named
    # at the start of the sentence must not swallow it)
    for m in re.finditer(r"\b(?i:a|an)\s+([a-z]+(?:-[a-z]+)?)\s+((?:who|that)\s+[^;.]*?|(?:always\s+|never\s+|only\s+)?(?:answers?|"
                         r"says?|repl(?:y|ies)|tells?|lies|speaks?|shouts?|gives?|pays|ignores|picks|chooses|flips|tosses)\b[^;.]*?)"
                         r"(?=,\s*(?:and\s+)?(?:a|an)\s|[;.]|$)", s.text):
        word = m.group(1).lower()
        kind = _kind(m.group(2), r, s, strict=False)
        if kind is not None and word not in NAMED and word not in GENERIC:
            r.custom[word] = kind
            found = True
    for m in re.finditer(rf"(?:^|[;:,]\s*(?:and\s+|or\s+)?)(?:the\s+)?({NAME})\s*(?:,\s*(?:who|which)\b|\s+(?:doesn'?t|does\s+not|always|"
                         rf"never|answers|replies|says|gives|decides|flips|tosses|throws|rolls|picks|chooses|is\s+a\s+god\s+who))([^;]*)",
                         s.text):
        name, rest = m.group(1), m.group(2)
        if name in NOT_NAMES and name not in ("Aye", "Nay", "Yes-Man", "No-Man") or name in r.names:
            continue
        kind = _kind(rest, r, s, strict=False)
        if kind is None:
            continue
        known = NAMED.get(name.lower())
        if known is not None and known != kind:
            raise _err(s, f"{name} is said to be {kind.replace('constant:', 'always saying ')}, which {name} is not")
        r.custom[name] = kind
        found = True
    return found


def _word_lists(text: str) -> list[tuple[str, ...]]:
    """Return the lists of answer words in a piece of text: quoted ('ja' or 'da'), or bare after 'with',
    'words', 'says' … and free of ordinary English words (yes or no counts: plain answers)."""
    lists = []
    for m in QUOTED_LIST.finditer(text):
        lists.append(tuple(re.findall(QUOTED, m.group(0))))
    for m in TOKEN_LIST.finditer(text):  # "Replies are the tokens ZIP and ZAP."
        ws = tuple(w for w in m.groups() if w)
        if not any(w.lower() in STOP_WORDS for w in ws):
            lists.append(ws)
    for m in BARE_LIST.finditer(text):
        ws = tuple(w for w in m.groups() if w)
        if all(w.lower() in ("yes", "no") for w in ws) or not any(w.lower() in STOP_WORDS for w in ws):
            lists.append(ws)
    return lists


def _read_behaviour(s: Sentence, r: _Reading) -> bool:
    """Check what a sentence says a kind does ('True never lies', 'the knave always lies', 'Random answers ja or da
    at random'); a kind said to do what another kind does is an error. Return whether any clause was such."""
    line = re.match(rf"(?P<who>{KIND_NOUN}|[A-Z][A-Za-z]*(?:-[A-Z][a-z]+)?)\s*:\s+(?P<rest>.+)$", s.text)
    if line:  # "Truthful: answers every query truthfully." (a line of a list of kinds)
        who = line.group("who")
        named = r.custom.get(who) or NAMED.get(who.lower()) or NAMED.get(who.lower().rstrip("s"))
        does = _kind(line.group("rest"), r, s, strict=False) if named else None
        if named and does:
            if does != named and not (named.startswith("constant:") and re.search(DOING[LISTENING][0], line.group("rest"), re.I)):
                raise _err(s, f"'{s.text.rstrip('.!')}': {who} is a {named.replace('constant:', 'god always saying ')} "
                              "god, which does not do that")
            if named not in r.defined:
                r.defined.append(named)
            return True
    found = False
    for clause in re.split(r"\s*[;,:]\s*(?:and\s+|but\s+|while\s+|whereas\s+)?|\s+(?:and|but|while|whereas)\s+(?=(?:each\s+|"
                           r"every\s+|the\s+|a\s+|an\s+)?[A-Za-z-]+\s+(?:gods?\s+)?(?:always|never|only|answers?|says?|"
                           r"speaks?|tells?|lies|repl(?:y|ies)|decides?|picks?|chooses?|ignores?))", s.text):
        m = re.match(rf"(?:as\s+before\s*,?\s*)?(?i:each\s+|every\s+|the\s+(?:two\s+)?|a\s+|an\s+)?(?P<who>{KIND_NOUN}|"
                     rf"[A-Z][A-Za-z]*(?:-[A-Z][a-z]+)?)(?:\s+(?i:gods?|oracles?|spirits?|statues?|robots?|guardians?|beings?|ones?))?(?:,[^,]{{1,40}},)?(?P<colon>\s*:)?\s+(?P<rest>(?:always|never|only|answers?|says?|speaks?|"
                     rf"tells?|lies|repl(?:y|ies)|decides?|picks?|chooses?|ignores?|pays|doesn'?t|does)\b.*)$", clause.strip())
        if m is None:
            continue
        who = m.group("who")
        named = r.custom.get(who) or NAMED.get(who.lower()) or NAMED.get(who.lower().rstrip("s"))
        if named is None:
            continue
        does = _kind(m.group("rest"), r, s, strict=False)
        if does is None:
            continue
        listening = re.search(DOING[LISTENING][0], m.group("rest"), re.I)
        if does != named and not (listening and named.startswith("constant:")):
            raise _err(s, f"'{clause.strip().rstrip('.!')}': {who} is a {named.replace('constant:', 'god always saying ')} "
                          "god, which does not do that")
        found = True
        if m.group("colon") and named not in r.defined:
            r.defined.append(named)  # "Truthful: answers every query truthfully." (a line of a list of kinds)
    return found


def _read_words(s: Sentence, r: _Reading) -> bool:
    """Record the answer words listed in a sentence (quoted, or bare after 'with', 'words', 'says' …)."""
    text = s.text
    found = False
    for ws in _word_lists(text):
        ws = tuple(dict.fromkeys(w.lower() for w in ws))
        if len(ws) < 2:
            continue
        found = True
        if set(ws) <= {"yes", "no"}:
            r.plain = True
            continue
        if set(ws) & {"yes", "no", "neither"}:
            continue
        r.words.append((ws, s))
    if re.search(r"\b(?:plain|simple|ordinary|normal)\s+(?:english|['\"‘“]?yes)|\bin\s+(?:plain\s+)?english\b[^.]*\b(?:answer|reply|speak|yes)|"
                 r"\b(?:speaks?|repl(?:y|ies)|answers?|talk|talks)\s+(?:in\s+)?(?:plain\s+|normal\s+)?english\b|\byes\s+or\s+no\s+\(english\)|"
                 r"\b(?:talk|talks|speak|speaks)\s+normal(?:ly)?\b", text, re.I) and not re.search(
                     r"\bunderstand\s+English\b", text, re.I):
        r.plain = found = True
    if WORD_MEANING.search(text) and (found or re.search(r"\bwords?\b|\bmeans?\b", text, re.I)):
        found = True
    return found


def _names_in(text: str, r: _Reading) -> list[str]:
    """Return the gods named in a piece of text, in order (a god called A is not the article: 'A Random god …')."""
    found = []
    pattern = NAME if all(n[:1].isupper() for n in r.names) else "|".join(map(re.escape, r.names))
    for m in re.finditer(rf"(?<![\w'’-])(?:{pattern})(?![\w'’-])", text):
        n = m.group(0)
        if n not in r.names:
            continue
        if n == "A" and not re.match(r"\s*(?:[,.;:!?)|]|$|\s+(?:is|was|and|or|may|might|could|can|must|will|would|answers?|"
                                     r"says?|repl(?:y|ies)|always|never|tells?|lies|speaks?|to|through|thru)\b)",
                                     text[m.end():]) and not re.search(r"[a-z,]\s*$", text[:m.start()]):
            continue
        found.append(n)
    return found


def _read_kinds(s: Sentence, r: _Reading) -> bool:
    """Record what the gods may be: a multiset in some order, parts ('one is …, two are …'), a choice per god
    or for all ('each … is True or False'), and exact counts."""
    text = s.text
    found = False
    # a choice for every god, or for the gods listed: "each of A, B and C is either True or False"
    every = re.search(r"\b(?:each|every(?:\s+one)?|any|all)\b(?!\s+(?:answers?|questions?|words?|times?|days?|reply|"
                      r"replies|query|queries)\b)(?:\s+(?:of\s+)?(?:the\s+)?(?:[a-z]+|of\s+(?:the\s+)?"
                      r"(?:gods\s+)?[^.;]*?))?\s*(?:here\s+)?(?:(?:is|are|must\s+be|may\s+be|could\s+be|might\s+be|either)\s+|"
                      r"(?=(?:always|never)\s))(?:either\s+)?(?P<choices>[^.;]*?\bor\b[^.;]*?)"
                      r"(?=[.;]|,\s*(?:and|but|any|apart|including)\b|\s+and\s+(?:there|exactly|two|one|three)\b|$)",
                      text, re.I)
    each_after = re.search(rf"(?P<who>{NAME_LIST.pattern})\s*[,—–-]*\s+(?:are\s+)?each\s+(?:either\s+)?(?:is\s+|are\s+)?"
                           rf"(?P<choices>[^.;]*?\bor\b[^.;]*?)(?=[.;]|,\s*(?:and|but|any)\b|\s*\(|\s+and\s+\w+\s+of\b|$)",
                           text)
    choice = each_after or every
    if choice is not None:
        kinds = _choices(choice.group("choices"), r, s)
        if len(kinds) >= 2:
            who = _names_in(choice.group(0), r) or list(r.names)
            if each_after is None and every is not None:
                listed = _names_in(text[:every.end()], r)
                who = listed if listed and len(listed) > 1 else list(r.names)
                if re.search(r"\b(?:the\s+)?(?:others|rest|remaining(?:\s+\w+)?)\b", every.group(0), re.I) and not listed:
                    r.others.append((kinds, s))  # the gods a count leaves: settled with the counts
                    who = []
                elif re.search(r"\b(?:beyond|apart\s+from|other\s+than|except\s+for|besides)\s+(?:that|this|these|those)\b|"
                               r"\botherwise\b", text[:every.start()], re.I) and not _names_in(every.group(0), r):
                    r.fallback = kinds  # "beyond that, any of them could be …": for the gods nothing else is said of
                    who = []
            for god in who:
                _allow(r, god, kinds, s)
            r.covered |= set(_names_in(choice.group(0), r))
            found = True
    # one line per god: "- Kim: knight or knave", "| Aster | truthful or liar |"
    line = re.match(rf"\|?\s*({NAME})\s*[:|]\s*([^|]+?)\s*\|?\s*$", text)
    if line and line.group(1) in r.names:
        kinds = _choices(line.group(2), r, s)
        if kinds:
            _allow(r, line.group(1), kinds, s)
            r.covered.add(line.group(1))
            return True
    if re.fullmatch(r"\|[^|]*(?:\|[^|]*)*\|", text.strip()) and not _names_in(text, r):
        return True  # a table's header or rule: "| god | may be |", "|---|---|"
    # what no god of a group is: "Abe and Bea …, and neither of them is Random", "None of them is False"
    for m in re.finditer(r"\b(?:neither|none)\s+of\s+(?:them|the\s+\w+|these)\s+(?:(?:is|are)\s+(?:a\s+|an\s+|the\s+)?([^,;.]+)|"
                         r"((?:answers?|speaks?|says?|replies|lies|tells?)\b[^,;.]+))",
                         text, re.I):
        kind = _kind(m.group(1) or m.group(2), r, s, strict=False)
        if kind is None:
            continue
        group = _names_in(text[:m.start()], r) or list(r.names)
        for god in group:
            r.excluded.setdefault(god, set()).add(kind)
        r.covered |= set(group)
        found = True
    # "neither Beta nor Gamma lies": what neither of two gods is
    for m in re.finditer(rf"\bneither\s+({NAME})\s+nor\s+({NAME})\s+(?:is\s+|are\s+)?(?:a\s+|an\s+|the\s+)?([^,;.]+)", text):
        kind = _kind(m.group(3), r, s, strict=False)
        if kind is None or m.group(1) not in r.names or m.group(2) not in r.names:
            continue
        for god in (m.group(1), m.group(2)):
            r.excluded.setdefault(god, set()).add(kind)
            r.covered.add(god)
        found = True
    # "Exactly one of them is the neither-sayer, and it is not Quill": the kind counted before
    for m in re.finditer(rf"\b(?:it|he|she|that\s+one|this\s+one)\s+is\s+(?:not|n[o']t)\s+({NAME})\b", text):
        counted = [_kind(c.group(1), r, s, strict=False) for c in re.finditer(
            rf"\b(?:exactly\s+|just\s+|only\s+)?{NUMBER}\s+of\s+(?:them|the\s+\w+)\s+(?:is|are)\s+([^,;.]+)", text[:m.start()], re.I)]
        counted = [k for k in counted if k is not None]
        if m.group(1) in r.names and len(set(counted)) == 1:
            r.excluded.setdefault(m.group(1), set()).add(counted[0])
            r.covered.add(m.group(1))
            found = True
    # what a god is not: "A is not Random", "Sol is not one of them" (the kind counted in the same sentence)
    for m in re.finditer(rf"(?<![\w'’-])({NAME})\s+is\s+(?:not|n[o']t|never)\s+(?:a\s+|an\s+|the\s+)?(one\s+of\s+them\b|[^,;.]+)",
                         text):
        god = m.group(1)
        if god not in r.names:
            continue
        if m.group(2).startswith("one of them"):
            counted = [_kind(c.group(1), r, s, strict=False) for c in re.finditer(
                rf"\b(?:exactly\s+)?{NUMBER}\s+of\s+(?:them|the\s+\w+)\s+(?:is|are)\s+([^,;.]+)", text[:m.start()], re.I)]
            counted = [k for k in counted if k is not None]
            if len(set(counted)) != 1:
                continue
            kind: str | None = counted[0]
        else:
            kind = _kind(m.group(2), r, s, strict=False)
        if kind is None:
            continue
        r.excluded.setdefault(god, set()).add(kind)
        r.covered.add(god)
        found = True
    # one god at a time: "A is True or Random; B is False"
    taken = choice.span() if choice is not None and found else (0, 0)
    for m in re.finditer(rf"(?:^|[;,.:]\s*|\band\s+|\bthat\s+)({NAME})\s+(?:is|was|may\s+be|might\s+be|could\s+be|can\s+be)\s+(?:either\s+)?"
                         rf"([^;.]*?)(?=[;.]|,\s*\w+\s+is\b|,\s*(?:and\s+)?that\b|$)", text):
        god = m.group(1)
        if god not in r.names or taken[0] <= m.start(1) < taken[1] or s.is_question or re.search(
                r"\b(?:who|which|whether|establish|determine|find|identify|work\s+out|figure\s+out|decide)\b",
                text[:m.start(1)], re.I):
            continue
        kinds = _choices(m.group(2), r, s)
        if kinds:
            _allow(r, god, kinds, s)
            r.covered.add(god)
            found = True
    # "Ivor could be any of the three (kinds)": every kind the text has named for a god
    for m in re.finditer(rf"({NAME})\s+(?:could|may|might|can)\s+be\s+any\s+(?:of\s+)?(?:the\s+)?({NUMBER})?\b", text):
        seen = list(dict.fromkeys(k for ks in r.allowed.values() for k in ks))
        if m.group(1) in r.names and seen and (m.group(2) is None or _number(m.group(2)) == len(seen)):
            r.allowed[m.group(1)] = seen
            r.covered.add(m.group(1))
            found = True
    gods = set(_names_in(text, r))
    if len(gods) == 1 and not re.search(r"\bor\b", text) and not re.search(rf"\b{NUMBER}\b\s+(?:of|is|are)\b", text, re.I):
        god = next(iter(gods))
        said = re.search(rf"(?<![\w'’-]){re.escape(god)}(?![\w'’-])[^.;]*?\b(?:he|she|it|they|{re.escape(god)})?\s*"
                      rf"(?P<does>(?:always|never)\s+[^.;]*)", text)
        negated = said is not None and re.search(r"\b(?:not|never|isn't|is\s+not)\b|n't\b", text[said.start():said.start("does")], re.I)
        kind = _kind(said.group("does"), r, s, strict=False) if said and not negated else None
        if kind is not None:
            _allow(r, god, [kind], s)
            r.covered.add(god)
            found = True
    # "there is exactly one knight, one knave and one normal": a count per item
    listed = re.search(rf"\b(?:there\s+(?:is|are|will\s+be)|we\s+have|among\s+(?:them|the\s+\w+)\s+(?:is|are))\s+(?:exactly\s+)?"
                       rf"(?P<list>(?:{NUMBER}|a|an)\s+[^.;]+)", text, re.I)
    items = [i for i in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", listed.group("list")) if i] if listed else []
    if len(items) >= 2:
        pairs = [re.fullmatch(rf"(?:exactly\s+)?({NUMBER}|a|an)\s+(.+)", i, re.I) for i in items]
        kinds_n = [(1 if p.group(1).lower() in ("a", "an") else _number(p.group(1)), _kind(p.group(2), r, s, strict=False))
                   for p in pairs if p]
        if len(kinds_n) == len(items) and all(k is not None for _, k in kinds_n):
            for n, kind in kinds_n:
                if kind is not None:
                    if r.counts.get(kind, n) != n:
                        raise _err(s, f"the text says twice how many are {kind}")
                    r.counts[kind] = n
            found = True
    # exact counts: "exactly two of them are False", "there is exactly one Random god"
    for m in re.finditer(rf"\b(?:(?:exactly\s+({NUMBER})\s+(?:of\s+(?:them|these|those|the\s+(?:{NUMBER}\s+)?[a-z]+|the\s+{NUMBER})\s+|"
                         rf"(?!is\b|are\b)[a-z]+\s+)?|"
                         rf"(?<!exactly\s)(?<!but\s)({NUMBER})\s+of\s+(?:them|the\s+(?:{NUMBER}\s+)?\w+|these)\s+(?=is\b|are\b|was\b|were\b)|"
                         rf"(?:only|just)\s+({NUMBER})\s+(?:(?:god|one|of\s+(?:them|these|the\s+\w+))\s+)?(?=is\b|are\b|was\b|were\b))"
                         rf"(?:(?:is|are|was|were)\s+)?(?:a\s+|an\s+|the\s+)?([^.;,]+)|(?:there\s+)?(?:is|are)\s+exactly\s+({NUMBER})\s+"
                         rf"([^.;,]+?)(?:\s+among\s+them)?(?=[.;,]|$))", text, re.I):
        n = _number(m.group(1) or m.group(2) or m.group(3) or m.group(5))
        kind = _kind(re.split(r"\s+(?:and|but|while|whereas)\s+", m.group(4) or m.group(6))[0], r, s)
        if kind is None:
            continue
        if kind in r.counts and r.counts[kind] != n:
            raise _err(s, f"the text says twice how many are {kind}")
        r.counts[kind] = n
        found = True
    # "Some of them are werewolves, who always lie; the rest are humans": each is one or the other
    some = re.search(r"\bsome\s+(?:of\s+(?:them|these|the\s+\w+)\s+)?(?:are|is)\s+(?P<a>[^;,.]+?)(?:,\s*who\b[^;]*)?\s*[;,]\s*"
                     r"(?:and\s+|while\s+|but\s+)?the\s+(?:rest|others|remaining(?:\s+\w+)?)\s+(?:are|is)\s+(?P<b>[^;,.]+)", text, re.I)
    if some:
        pair = [_kind(some.group("a"), r, s, strict=False), _kind(some.group("b"), r, s, strict=False)]
        if None not in pair and pair[0] != pair[1]:
            r.some = ([k for k in pair if k is not None], s)
            r.covered |= set(r.names)
            return True
    # "Every oracle has one of three types:" and the kinds defined in the lines that follow
    menu = re.search(rf"\b(?:each|every)\s+\w+\s+(?:has|is\s+of|is)\s+(?:exactly\s+)?one\s+of\s+(?:the\s+)?(?:following\s+)?"
                     rf"(?:({NUMBER})\s+)?(?:types|kinds|roles|sorts)\b\s*:?\s*(?P<list>[^.;]*)", text, re.I)
    if menu:
        listed = _choices(menu.group("list"), r, s) if menu.group("list").strip() else []
        if listed:
            r.fallback = listed
        else:
            r.menu = (_number(menu.group(1)) if menu.group(1) else None, s)
        r.covered |= set(r.names)
        return True
    # "Exactly 1 of them is Random; the other one is either a Truth-teller or a Liar": the others' choice
    rest = re.search(rf"\bthe\s+(?:others|other|remaining|rest)(?:\s+(?:one|ones|gods?|{NUMBER}))?\s+(?:is|are)\s+(?:each\s+)?(?:either\s+)?"
                     r"(?P<choices>[^.;()]*\bor\b[^.;()]*)", text, re.I)
    if rest and r.counts:
        kinds = _choices(rest.group("choices"), r, s)
        if len(kinds) >= 2:
            r.others.append((kinds, s))
            r.covered |= set(_names_in(text, r))
            return True
    if choice is None or not found:
        parts = _parts(text, r, s)
        whole = bool(parts) and (any(n == "rest" for n, _ in parts) or sum(int(n) for n, _ in parts) == len(r.names))
        if (re.search(r"\bAmong\s+(?:them|the\s+\w+)\s+are\b|\bare\s+(?:called|named)\b|\b(?:they|gods)\s+are\s*:", text)
                or ORDER.search(text)) and not whole:  # "In some order, one is truthful, one a liar …" are parts
            if _read_multiset(s, r):
                return True
        if parts:
            r.parts.append((parts, s))
            return True
        found |= _read_multiset(s, r)
    return found


def _allow(r: _Reading, god: str, kinds: list[str], s: Sentence) -> None:
    """Record what a god may be; said twice, the narrower statement stands ('Each is a truth-teller, a liar or a random'
    and then 'Warden: truth-teller or liar'), and two statements neither of which contains the other are an error."""
    old = r.allowed.get(god)
    if old is None or set(kinds) <= set(old):
        r.allowed[god] = kinds
    elif not set(old) <= set(kinds):
        raise _err(s, f"the text says twice what {god} may be, differently ({' or '.join(old)}; {' or '.join(kinds)})")


def _choices(phrase: str, r: _Reading, s: Sentence) -> list[str]:
    """Return the kinds of 'True or Random', 'a knight, who …, or a knave, who …', 'truthful, a liar, or random'."""
    phrase = re.sub(r"\([^)]*\)", "", phrase)
    pieces = [i for i in re.split(r"\s*,?\s*\bor\s+(?!['\"‘“])|\s*,(?!\s*(?:who|which|whose)\b)\s*", phrase) if i.strip()]
    items: list[str] = []
    for piece in pieces:  # a piece naming no kind belongs to the one before ('a random person, who says yes or no')
        if items and _kind(re.sub(r",?\s*(?:who|which)\b.*$", "", piece), r, s, strict=False) is None and \
                _kind(piece, r, s, strict=False) is None and not re.match(r"(?:a|an|the)\s", piece.strip(), re.I):
            items[-1] += " or " + piece
        else:
            items.append(piece)
    kinds = []
    for whole in items:
        item = re.sub(r",?\s*(?:who|which)\b.*$", "", whole).strip()
        if not item or re.match(r"(?:any|several|they|apart|including|but)\b", item, re.I):
            continue
        kind = _kind(item, r, s, strict=False) or _kind(whole, r, s)  # "a joker, who … flipping a coin"
        if kind is None:
            return []
        kinds.append(kind)
    return list(dict.fromkeys(kinds)) if len(kinds) >= 2 or (len(kinds) == 1 and len(items) == 1) else []


def _read_multiset(s: Sentence, r: _Reading) -> bool:
    """Record a multiset in some order ('A, B and C are True, False and Random'; 'one is …, another …, the third
    …'; 'two of them are knights, one is a knave and the rest are Random')."""
    text = s.text
    # a listed multiset: "[gods] are (called|named)? (, in some order,)? T1, T2(,)? and T3"
    # "t is a bijection from the gods onto the three types Truth, Falsity and Random": each kind once
    m = re.search(r"\b(?:bijection|one[- ]to[- ]one\s+(?:map|mapping|correspondence|assignment)|permutation)\b[^.;]*?\b(?:types?|"
                  r"kinds?|roles?)\s*:?\s+(?P<list>[^.;]+)", text, re.I)
    if m is not None:
        kinds = _listed_kinds(m.group("list"), r, s)
        if kinds:
            r.covered |= set(r.names)
            r.multisets.append((list(r.names), kinds, s))
            return True
    m = re.search(rf"(?:\b(?:are|is)|=)\s*(?:called|named)?\s*,?\s*(?:in\s+(?:some|no\s+particular|an?\s+unknown)\s+order\s*,?"
                  rf"\s*)?(?:the\s+gods\s+are\s*)?:?\s*(?P<list>(?:(?:a|an|the|{NUMBER})\s+)?{KIND_NOUN}[^.]*?"
                  rf"(?:,|;|\band\b)[^.]*)", text)
    if m is None:
        m = re.search(r"\b(?:they|gods)\s+are\s*:?\s*(?P<list>[^.]*)", text, re.I) if ORDER.search(text) else None
    if m is None:
        m = re.search(r"\bAmong\s+them\s+are\s+(?P<list>[^.]*)", text)
    if m is not None and (ORDER.search(text) or re.search(r"\bare\s+called\b|\bAmong\s+them\b|\bare\s+named\b|=", text)
                          or _parts_sum(m.group("list"), r, s) == len(r.names)):
        kinds = _listed_kinds(m.group("list"), r, s)
        if kinds:
            who = _names_in(text[:m.start()], r) or list(r.names)
            r.covered |= set(who)
            r.multisets.append((who, kinds, s))
            return True
    return False


def _parts_sum(phrase: str, r: _Reading, s: Sentence) -> int | None:
    try:
        kinds = _listed_kinds(phrase, r, s)
    except PuzzleError:
        return None
    return len(kinds) if kinds else None


def _listed_kinds(phrase: str, r: _Reading, s: Sentence) -> list[str]:
    """Return the kinds of a list 'True, False, False and Random' or 'two truth-tellers and two liars' or
    'True, who …; Aye, who …; and Random, who …' (with repetitions)."""
    phrase = ORDER.sub("", phrase)
    phrase = re.sub(r"\([^)]*\)", "", phrase)
    phrase = phrase.split(":")[0] if ":" in phrase.strip().rstrip(":") else phrase
    phrase = re.sub(r",?\s*(?:one\s+of\s+each|shuffled|in\s+any\s+order)\b", "", phrase, flags=re.I)
    if ";" in phrase and not re.search(r";\s*(?:and\s+)?[A-Za-z-]+,\s*(?:who|which)\b", phrase):
        phrase = phrase.split(";")[0]
    if ";" in phrase:
        items = [i for i in re.split(r"\s*;\s*(?:and\s+)?", phrase) if i.strip()]
        items = [re.sub(r",?\s*(?:who|which)\b.*$", "", i) for i in items]
    else:
        items = [i for i in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+(?!(?:\w+\s+)?(?:means?|falsely|truly)\b)", phrase)
                 if i.strip()]
        merged: list[str] = []
        for item in items:  # "a knight, who always answers truthfully" keeps its clause with its kind
            if re.match(r"(?:who|which)\b", item.strip()) and merged:
                continue
            merged.append(item)
        items = merged
    kinds: list[str] = []
    for item in items:
        item = item.strip().strip(",:").strip()
        if not item:
            continue
        n = 1
        count = re.match(rf"({NUMBER})\s+(.*)$", item, re.I)
        if count and not re.match(r"one\s+(?:who|that)\b", item, re.I):
            n, item = _number(count.group(1)), count.group(2)
        kind = _kind(item, r, s)
        if kind is None:
            if kinds and item[:1].islower() and n == 1 and not count:
                continue  # "…, whatever is asked": the clause of the item before
            return []
        kinds.extend([kind] * n)
    return kinds


def _parts(text: str, r: _Reading, s: Sentence) -> list[tuple[int | str, str]]:
    """Return the parts of 'one is True, one is False, and the other two are both Random' or 'One of the four is a
    liar and the rest are truthful': (how many, or 'rest'; kind)."""
    text = re.sub(r"^[\w\s,]{0,40}?\b(?:told|informed|know|known|given|suppose|assume|said|says|explained|explains|warned|"
                  r"mentioned|insisted|claims|claimed)\s+(?:\w+\s+)?that\s+", "", text, flags=re.I)
    bare = re.sub(r"\([^)]*\)", "", re.sub(r"^[A-Za-z][\w -]{0,20}:\s*", "", text)).strip().rstrip(".!").strip()
    items = [i for i in re.split(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+", bare) if i]
    terse = [re.fullmatch(rf"(?:exactly\s+)?({NUMBER})\s+([A-Za-z-]+(?:\s+[A-Za-z-]+)?)", i, re.I) for i in items]
    if len(items) >= 2 and all(terse):  # "One truthful, one random (coin flip each question)."
        listed = [(_number(t.group(1)), _kind(t.group(2), r, s, strict=False)) for t in terse if t]
        if all(k is not None for _, k in listed):
            return [(n, k) for n, k in listed if k is not None]
    starts = rf"(?=(?:exactly\s+|just\s+|only\s+)?(?:{NUMBER}|another|the|all\s+but|a\s+(?:third|fourth|fifth|sixth))\b)"
    clauses = [c for c in re.split(rf"\s*[;,:]\s*(?:and\s+|while\s+|whereas\s+|but\s+)?{starts}|\s+(?:and|while|whereas)\s+{starts}",
                                   text, flags=re.I)
               if c.strip()]
    parts: list[tuple[int | str, str]] = []
    first, opened = True, False  # opened: the sentence's first clause is itself a part ("One elf is honest …")
    for c in clauses:
        m = re.match(rf"(?:and\s+|but\s+)?(?:exactly\s+|just\s+|only\s+)?(?:(?P<n>{NUMBER})(?:\s+of\s+(?:them|the\s+(?:{NUMBER}|gods|four|three)))?|"
                     rf"all\s+but\s+(?P<allbut>{NUMBER})(?:\s+of\s+(?:them|the\s+\w+))?|"
                     rf"(?P<another>another)|the\s+(?:other|remaining)\s+(?P<m>{NUMBER})|"
                     rf"(?:the|a)\s+(?P<ord>third|fourth|fifth|sixth|last|remaining\s+one|odd\s+one(?:\s+out)?|other(?:\s+one)?)(?:\s+(?:god|goddess|core|spirit|being|"
                     rf"person|oracle|robot|statue|ghost|guardian|dragon|alien|machine|figure|deity|divinity|islander)\b)?"
                     rf"(?!\s+(?!one\b)[a-z]+\s+(?:is|are)\b)|"
                     rf"(?P<rest1>the\s+(?:remaining|other|last)\s+(?!{NUMBER}\b)[a-z]+(?=\s+(?:is|are)\b))|(?P<rest>the\s+rest|the\s+others|the\s+remaining\s+"
                     rf"(?:ones|gods)|all\s+the\s+others))\b[\s,]*(?P<what>.*)$", c.strip(), re.I)
        if m is None:
            first = False
            continue
        what = re.split(r"\s*;\s*", m.group("what"))[0]  # "… who always lie; you have not the foggiest which is the honest one"
        if m.group("ord"):
            what = re.sub(r"^one\b(?=\s*,)", "", what)  # "the third one, whenever you asked him, tossed …"
        what = re.sub(rf"^,?\s*({NAME})\s*,\s*", r"\1 ", what)  # "one, Random, decides …"
        what = re.sub(r"^\s*,\s*(?:[^,]{1,40},\s*)?", "", what) if what.lstrip().startswith(",") else what
        elliptic = parts and len(what.split()) <= 3 and _kind(what, r, s, strict=False) is not None  # "one dishonest"
        singular = (m.group("ord") or m.group("another") or (m.group("n") or "").lower() == "one") and \
            re.match(r"[a-z]+s\b", what) and not re.match(r"(?:gods|people|persons|islanders|inhabitants)\b", what)
        elliptic = elliptic or bool(singular)  # "the third blurts out 'ozo' or 'ulu' at random"
        if not elliptic and not re.match(r"(?:[A-Za-z-]+,?\s+){0,6}?(?:is|are|was|were|always|never|answers?|answered|says?|said|"
                        r"tells?|told|speaks?|spoke|lies|lied|lie|repl(?:y|ies|ied)|decides?|picks?|chooses?|flips?|flipped|tosse?s?|tossed|"
                        r"throws?|threw|rolls?|rolled|utters?|uttered|merely|simply|croaks?|blurts?|mutters?|outputs?|emits?|"
                        r"gives?|moans?|ignores?|"
                        r"does\b|doesn'?t|just|only|will|would|can|has|have)\b", what, re.I) or \
                re.match(r"(?:gods|people|persons|islanders|inhabitants|of\s+you)\b", what, re.I):
            first = False
            continue  # "Three gods, A, B and C, are …": a number of gods, not a part
        head = re.match(r"(?:is|are)\s+(?:each\s+)?(?:either\s+)?(?:a\s+|an\s+|the\s+)?([A-Za-z-]+)", what)
        if head and re.search(r"\bor\b", re.split(r"[,:(]|\b(?:who|whose|which|that)\b", what)[0]) and (head.group(1).lower() in NAMED or head.group(1).lower().rstrip("s") in NAMED
                                                    or head.group(1).lower() in r.custom):
            first = False
            continue  # "the others are knights or knaves in any mix": a choice, not one kind (the choice frames read it)
        if _mixed(what):
            raise _err(s, f"cannot model '{what.strip().rstrip('.')}': a god here answers the same way whatever the question "
                          "(truthful, liar, random or one fixed word)")
        kind = _kind(what, r, s, strict=bool(re.match(r"(?:is|are)\b", what, re.I)))
        if kind is None:
            first = False
            continue
        opened |= first
        first = False
        if m.group("rest") or m.group("rest1"):
            parts.append(("rest", kind))
        elif m.group("n"):
            parts.append((_number(m.group("n")), kind))
        elif m.group("allbut"):  # "All but one of them are truthful"
            parts.append((max(0, len(r.names) - _number(m.group("allbut"))), kind))
        elif m.group("m"):
            parts.append((_number(m.group("m")), kind))
        else:
            parts.append((1, kind))
    single = opened and re.match(rf"(?:and\s+)?(?:exactly\s+|just\s+|only\s+)?(?:{NUMBER}\b|another\b|all\s+but\b|the\s+(?:other|remaining|rest|third|fourth|last)\b)",
                      text.strip(), re.I)
    return parts if len(parts) >= 2 or (parts and single) else []


def _read_random(s: Sentence, r: _Reading) -> bool:
    """Record how the random god answers: a coin choosing truly or falsely, or a random word."""
    found = False
    for clause in re.split(r"\s*;\s*|,\s*(?:but|while|whereas)\s+|\s+(?:but|while|whereas)\s+|(?<=[a-z])\s+and\s+(?="
                           r"(?:each\s+|the\s+|a\s+)?(?:[A-Z]\w*|random\w*)\s)", s.text):
        if not re.search(r"\brandom\w*|\bchance\b|\bcoin\b|\bchaos\b|\b50/50\b|\btoss(?:es|ed)?\b|\bflip(?:s|ped)?\b|\bdie\b|\bdice\b|"
                         r"\b(?:equally|as)\s+likely\b|\bby\s+hazard\b", clause, re.I):
            continue
        says_words = _word_lists(clause) or re.search(r"\byes\s+or\s+no\b|\b(?:saying|says?)\s+['\"‘“]?(?:yes|no|\w+)"
                                                      r"['\"’”]?\s+on\s+heads\b", clause, re.I)
        if COIN.search(clause) or (re.search(r"\bcoin\b", clause, re.I) and not says_words):
            r.coin = found = True
        elif says_words and re.search(r"\brandom\w*|\bchance\b|\bcoin\b|\bguess\w*", clause, re.I):
            r.word_random = found = True
    return found


def _read_budget(s: Sentence, r: _Reading) -> bool:
    """Record the number of questions allowed, or that none is set ('how many', 'as few as possible')."""
    text = s.text
    if r.asked_how_many is not None:  # "How many questions? Three, each to one person."
        answer = re.match(rf"(?:[A-Z][\w ]{{0,20}}:\s*)?(?:only\s+|just\s+|at\s+most\s+)?({NUMBER})\b", text, re.I)
        r.asked_how_many = None
        if answer:
            r.budgets.add(_number(answer.group(1)))
            return True
        r.unbounded = True
    if re.search(r"\bas\s+many\s+(?:\S+\s+){0,2}?(?:questions?|quer(?:y|ies))\s+as\s+there\s+are\s+(?:gods|\w+)", text, re.I) and r.names:
        r.budgets.add(len(r.names))  # "as many yes/no questions as there are islanders"
        return True
    if HOW_MANY.search(text) and re.search(r"\bquestions?\b|\bnumber\b|\bquer(?:y|ies)\b", text, re.I):
        if s.is_question and (re.fullmatch(r"\s*how\s+many\s+questions\s*\?\s*", text, re.I) or re.search(
                r"\bhow\s+many\s+questions\s+(?:may|can|do|shall|should|must)\s+(?:I|we|you)\b", text, re.I)):
            r.asked_how_many = s  # a heading: the answer may follow
            return True
        r.unbounded = True
        return True
    found = False
    until = re.search(r"\buntil\s+(?:your|the)\s+(first|second|third|fourth|fifth|sixth)\s+(?:question|query)\b", text, re.I)
    if until:  # "You have until your third query"
        r.budgets.add(ORDINALS[until.group(1).lower()])
        found = True
    if re.search(r"\b(?:one|a|a\s+single)\s+question\s+(?:per|for\s+each|to\s+each|for\s+every|of\s+each)\s+\w+", text, re.I) \
            and r.names:  # "You have one question per statue to spend."
        r.budgets.add(len(r.names))
        found = True
    found = False
    for m in BUDGET.finditer(text):
        before = text[max(0, m.start() - 12):m.start()].lower()
        if re.search(r"\b(?:each|every|a|the)\s*$", before) or re.search(
                r"(?<!\bno\s)(?<!\bnot\s)\b(?:more|fewer|less)\s+than\s*$", text[max(0, m.start() - 20):m.start()].lower()) or (
                m.group(1).lower() == "one" and (re.search(r"\b(?:in|per)\s*$", before) or
                                              re.match(r"\s+(?:you|we|at\s+a\s+time|a\s+day|per)\b", text[m.end():]))) or \
                re.match(r"\s+(?:left|remaining|to\s+spare|later|earlier|ago)\b|\s+(?:cannot|can\s*not|can't|is\s+not|isn't|are\s+not|"
                         r"aren't|does\s+not|doesn't|do\s+not|don't|will\s+not|won't|would\s+not|wouldn't)\s+(?:\w+\s+)?(?:suffice|"
                         r"be\s+enough|enough|work|do)\b", text[m.end():], re.I):
            continue  # "with one question left", "a single question cannot suffice": no budget
        n = _number(m.group(1))
        r.budgets.add(n)
        found = True
    return found


def _puzzle(r: _Reading, sentences: tuple[Sentence, ...], title: str) -> Interrogation:
    """Return the interrogation puzzle the frames found, or raise PuzzleError naming what is open or at odds."""
    agents = list(r.names)
    assignments = None
    if r.menu is not None:  # "Every oracle has one of three types:" and a line defining each
        n, where = r.menu
        if not r.defined or (n is not None and n != len(r.defined)):
            raise _err(where, f"the text gives {n or 'some'} kinds of god but defines {len(r.defined)} "
                              f"({', '.join(r.defined) or 'none'})")
        r.fallback = list(r.defined)
    if r.others and r.parts and not r.multisets:  # "One of them is Random. Each of the others is True or False."
        for ps, where in r.parts:
            for n, kind in ps:
                if n == "rest" or r.counts.get(kind, int(n)) != int(n):
                    raise _err(where, f"the text says twice how many are {kind}")
                r.counts[kind] = int(n)
        r.parts = []
    if r.others and not r.counts:
        raise _err(r.others[0][1], "the text says what the others may be but not which gods the others are")
    if r.some is not None:  # "some … the rest …": exact only with a count ("Exactly two of the six are werewolves")
        kinds_some, where = r.some
        if not r.counts:
            raise _err(where, "'some of them' cannot be stated: counts of kinds are exact here ('exactly two of them are "
                              "…')")
        r.fallback = kinds_some
        if r.parts and all(n != "rest" for ps, _ in r.parts for n, _ in ps):
            r.parts = []  # the count said as a part ("Exactly two of the six are werewolves") is in the counts
    if r.fallback and not r.allowed and not r.multisets and not r.parts:
        r.allowed = {a: list(r.fallback) for a in agents}
    if r.multisets or r.parts:
        kinds: list[str] | None = None
        if r.multisets:
            who, kinds, where = r.multisets[0]
            if len(who) != len(agents) and len(kinds) != len(agents):
                missing = [a for a in agents if a not in who]
                raise _err(where, f"the text never says what {', '.join(missing)} may be")
            if len(kinds) != len(agents):
                raise _err(where, f"{len(agents)} gods but {len(kinds)} kinds ({', '.join(kinds)})")
        else:
            parts = [p for ps, _ in r.parts for p in ps]
            where = r.parts[-1][1]
            whole = [ps for ps, _ in r.parts if sum(1 for n, _ in ps if n == "rest") or
                     sum(int(n) for n, _ in ps) == len(agents)]
            if whole and len(r.parts) > 1:
                full = [k for n, k in whole[0] if n != "rest" for _ in range(int(n))]
                if all(all(sum(int(n) for n, k2 in ps if k2 == k and n != "rest") <= max(full.count(k), 1)
                           for _, k in ps) for ps, _ in r.parts):
                    parts = list(whole[0])  # the others restate part of it ("one always lies, one guesses")
            said = {k for n, k in parts}
            parts += [(n, k) for k, n in r.counts.items() if k not in said]  # counts said apart from the parts
            fixed = sum(int(n) for n, _ in parts if n != "rest")
            kinds = [k for n, k in parts if n != "rest" for _ in range(int(n))]
            rest = [k for n, k in parts if n == "rest"]
            if rest:
                kinds += [rest[0]] * (len(agents) - fixed)
            if r.allowed:  # "each is True or False; one of them always lies": the parts are counts
                for kind in set(kinds):
                    if r.counts.get(kind, kinds.count(kind)) != kinds.count(kind):
                        raise _err(where, f"the text says twice how many are {kind}")
                    r.counts[kind] = kinds.count(kind)
                r.multisets, r.parts = [], []
                return _puzzle(r, sentences, title)
            if len(kinds) != len(agents):
                raise _err(where, f"{len(agents)} gods but the kinds add up to {len(kinds)}")
        if r.allowed:
            raise PuzzleError("the text says both which kinds the gods are in some order and what each may be; "
                              "say one of them")
        assignments = assignments_from_permutation(kinds)
        for kind, n in r.counts.items():
            if kinds.count(kind) != n:
                raise PuzzleError(f"the text says exactly {n} of them {'is' if n == 1 else 'are'} {kind}, but the gods are "
                                  f"{', '.join(kinds)}")
    elif r.others and r.counts:  # "exactly one is Random; each of the others is True or False"
        kinds, _ = r.others[0]
        every_kind = list(dict.fromkeys(kinds + list(r.counts)))
        assignments = with_counts(assignments_from_allowed(agents, {a: every_kind for a in agents}), r.counts)
        assignments = [a for a in assignments if all(t in kinds or t in r.counts for t in a)]
    elif r.allowed:
        if r.fallback:
            r.allowed |= {a: list(r.fallback) for a in agents if a not in r.allowed}
        missing = [a for a in agents if a not in r.allowed]
        if missing and r.counts and sum(r.counts.values()) == len(agents):  # "Exactly three tell the truth and two lie.
            r.allowed |= {a: list(r.counts) for a in missing}                  #  Eos is one of the truth-tellers."
            missing = []
        if missing:
            raise PuzzleError(f"the text never says what {', '.join(missing)} may be")
        assignments = assignments_from_allowed(agents, r.allowed)
        if r.counts:
            unknown = [k for k in r.counts if not any(k in ks for ks in r.allowed.values())]
            if unknown:
                raise PuzzleError(f"the text counts {unknown[0]} gods but no god may be {unknown[0]}")
            assignments = with_counts(assignments, r.counts)
            if not assignments:
                raise PuzzleError("no assignment of the gods' kinds has these counts (" +
                                  ", ".join(f"exactly {n} {k}" for k, n in r.counts.items()) + ")")
    elif r.counts and sum(r.counts.values()) == len(agents):
        assignments = assignments_from_permutation([k for k, n in r.counts.items() for _ in range(n)])
    else:
        raise PuzzleError("the text never says what the gods may be (e.g. 'A, B and C are True, False and Random, in "
                          "some order' or 'each of them is True or False')")
    if r.excluded:  # "A is not Random": the assignments that give no god a kind it is said not to be
        assignments = [a for a in assignments if all(a[agents.index(g)] not in ks for g, ks in r.excluded.items())]
        if not assignments:
            raise PuzzleError("no assignment of the gods' kinds fits what the text says they are not")
    lists = {ws for ws, _ in r.words}
    if len({frozenset(ws) for ws in lists}) > 1:
        _, where = r.words[-1]
        raise _err(where, "the text names different answer words: " + "; ".join(", ".join(ws) for ws in lists))
    words = list(r.words[0][0]) if r.words else None
    if words is None and not r.plain and any(re.search(r"\b(?:own|their)\s+language\b", s.text, re.I) for s in sentences):
        raise PuzzleError("the gods answer in their own language, but the text never says with which words")
    if words is not None and len(words) >= 3 and not any(re.search(r"\bneither\b", s.text, re.I) for s in sentences):
        raise PuzzleError(f"{len(words)} answer words ({', '.join(words)}) but the text never says that one means "
                          "neither yes nor no")
    random_mode = "coin" if r.coin and not r.word_random else "word"
    if len(r.budgets) > 1:
        raise PuzzleError(f"the text allows different numbers of questions: {', '.join(map(str, sorted(r.budgets)))}")
    if r.asked_how_many is not None:
        r.unbounded = True
    questions = None if r.unbounded or not r.budgets else next(iter(r.budgets))
    space = build_space(agents, assignments, words, random_mode=random_mode, paradox="forbidden")
    display: dict[str, str] = {}
    return Interrogation(space, goal="types+language" if r.language_goal else "types", max_questions=questions,
                         language="any", max_complexity=2, title=title, display=display)
