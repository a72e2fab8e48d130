"""Knights-and-knaves wordings from puzzle books, textbooks, web pages and LLM prompts, read through the public API.

Each text is pinned to its answers (`smullyan.read(text).solve().to_dict()["answers"]`), worked out by hand, and
to the worlds a brute force written here from the puzzle's meaning finds (independent of the reader): elliptical
follow-up questions ("What about Bob?"), questions put to people and their yes-or-no answers, Smullyan's and
Rosen's phrasings, lettered options, statements listed after a header. Wordings whose answer the reader cannot
model exactly ("Is it possible that …?", "Can it be determined whether …?") or whose meaning is in doubt are
errors with exact messages.
"""

from __future__ import annotations

import itertools

import pytest
from lark import Lark

import smullyan
from smullyan.deduce.solve import solve_deduction
from smullyan.english.knights import _Lexer, parse_knights

T, F, N = "T", "F", "N"
KK = "Knights always tell the truth and knaves always lie. "
CHAIN = KK + 'A: "B is a knave." B: "C is a knave." C: "A and B are both knaves." '  # A knave, B knight, C knave
PAIR = KK + 'You meet A and B. A says "B is a knight". B says "A and I are of opposite types". '  # both knaves
AB = KK + "You meet Alice and Bob. "


def answers(text: str) -> list[tuple]:
    out = smullyan.read(text).solve().to_dict()
    return [(a["question"], a["answer"]) + ((a["option"],) if "option" in a else ()) for a in out.get("answers", [])]


def reader_worlds(text: str) -> list[tuple[str, ...]]:
    p = parse_knights(text)
    code = {"truthful": T, "liar": F, "random": N}
    return sorted(tuple(code[t] for t in w.types) for w in solve_deduction(p).worlds)


def brute(people: str, says=(), facts=(), kinds: str = "TF", one_each: bool = False) -> list[tuple[str, ...]]:
    """Return the worlds where every fact holds and every speaker's claim is true for a knight (T), false for a
    knave (F), either for a normal (N); `says` is [(speaker, claim)], a claim a function of the world {name: kind}."""
    names = people.split()
    out = []
    for kinds_of in itertools.product(kinds, repeat=len(names)):
        if one_each and sorted(kinds_of) != sorted(kinds):
            continue
        w = dict(zip(names, kinds_of))
        if all(f(w) for f in facts) and all(w[s] == N or (w[s] == T) == bool(c(w)) for s, c in says):
            out.append(kinds_of)
    return sorted(out)


CHAIN_W = brute("A B C", [("A", lambda w: w["B"] == F), ("B", lambda w: w["C"] == F),
                          ("C", lambda w: w["A"] == F and w["B"] == F)])
PAIR_W = brute("A B", [("A", lambda w: w["B"] == T), ("B", lambda w: w["A"] != w["B"])])


ROSEN_SPIES = ("Exercises 24-31 relate to inhabitants of an island on which there are three kinds of people: knights who "
               "always tell the truth, knaves who always lie, and spies (called normals by Smullyan) who can either lie "
               "or tell the truth. You encounter three people, A, B, and C. You know one of these people is a knight, one "
               "is a knave, and one is a spy. Each of the three people knows the type of person each of other two is. For "
               "each of these situations, if possible, determine whether there is a unique solution and determine who "
               "the knave, knight, and spy are. When there is no unique solution, list all possible solutions or state "
               "that there are no solutions.\n")
ROSEN_Q = ("For each of these situations, if possible, determine whether there is a unique solution and determine who the "
           "knave, knight, and spy are.")


def case(text, expected, worlds, id_):
    return pytest.param(text, expected, worlds, id=id_)


CASES = [
    # ------------------------------------------------------------------ elliptical follow-up questions
    case(KK + 'A says, "B is a knave." B says, "We are both knights." Is A a knight or a knave? What about B?',
         [("Is A a knight or a knave?", "a knight"), ("What about B?", "a knave")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == T and w["B"] == T)]), "what-about"),
    case(KK + 'A says, "B is a knave." B says, "We are both knights." Is A a knight or a knave? And B?',
         [("Is A a knight or a knave?", "a knight"), ("And B?", "a knave")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == T and w["B"] == T)]), "and-b"),
    case(CHAIN + "Is A a knight? What about B and C?",
         [("Is A a knight?", "no"), ("What about B and C?", "B: yes, and C: no")], CHAIN_W, "yes-no-of-two"),
    case(CHAIN + "Is A a knight? Is B? Is C?", [("Is A a knight?", "no"), ("Is B?", "yes"), ("Is C?", "no")],
         CHAIN_W, "is-b"),
    case(CHAIN + "What type is A? And what about C?", [("What type is A?", "a knave"), ("And what about C?", "a knave")],
         CHAIN_W, "what-type-and-what-about"),
    case(CHAIN + "Does A lie? What about C?", [("Does A lie?", "yes"), ("What about C?", "yes")], CHAIN_W, "does-lie"),
    case(CHAIN + "Does A tell the truth or lie? What about B and C?",
         [("Does A tell the truth or lie?", "lie"), ("What about B and C?", "B tells the truth, and C lies")],
         CHAIN_W, "verb-alternatives-of-two"),
    case(CHAIN + "How many knaves are there? What about knights?",
         [("How many knaves are there?", "2"), ("What about knights?", "1")], CHAIN_W, "what-about-a-kind"),
    case(CHAIN + "Is A a knight? What about a knave?", [("Is A a knight?", "no"), ("What about a knave?", "yes")],
         CHAIN_W, "what-about-another-kind"),
    case(CHAIN + "Who is a knight?\n(A) A\n(B) B\n(C) C\nWhat about the knaves?\n(A) A and C\n(B) B",
         [("Who is a knight?", "B", "B"), ("What about the knaves?", "A and C", "A")], CHAIN_W, "ellipsis-options"),
    case(KK + 'You meet Alice, Bob and Carol. Alice says, "Bob is a knave." Bob says, "Carol is a knave." Carol says, '
              '"Alice and Bob are knaves." Is Alice a knight or a knave? What about Bob and Carol?',
         [("Is Alice a knight or a knave?", "a knave"), ("What about Bob and Carol?", "Bob is a knight, and Carol is a knave")],
         CHAIN_W, "kinds-of-two"),
    case("Knights always tell the truth, knaves always lie. A and B are natives. A says that B is a knave. B says that "
         "A and he are of different kinds. Is A a knight or a knave? How about B?",
         [("Is A a knight or a knave?", "a knave"), ("How about B?", "a knight")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] != w["B"])]), "how-about"),
    case("You are on an island where every inhabitant is either a knight or a knave. Knights always tell the truth and "
         "knaves always lie.\nYou meet three inhabitants: Ann, Bob, and Cat.\n- Ann says: \"Bob is a knave.\"\n"
         "- Bob says: \"Ann and Cat are of the same type.\"\n- Cat says: \"Ann is a knight.\"\n"
         "Question: Is Cat a knight or a knave? What about Ann?",
         [("Is Cat a knight or a knave?", "a knave"), ("What about Ann?", "a knave")],
         brute("Ann Bob Cat", [("Ann", lambda w: w["Bob"] == F), ("Bob", lambda w: w["Ann"] == w["Cat"]),
                               ("Cat", lambda w: w["Ann"] == T)]), "markdown-list"),

    # ------------------------------------------------------------------ questions put to people, and their answers
    case(KK + 'You meet A and B. You ask A, "Are you a knight?" A answers "Yes." B says, "A is a knave." Who is a knight?',
         [("Who is a knight?", "undetermined")],
         brute("A B", [("A", lambda w: w["A"] == T), ("B", lambda w: w["A"] == F)]), "ask-then-answer"),
    case(KK + 'You meet A and B. A is asked whether B is a knave; A replies "no". B says "A is a knave". Who is a knight?',
         [], brute("A B", [("A", lambda w: w["B"] != F), ("B", lambda w: w["A"] == F)]), "asked-whether-replies"),
    case(KK + 'You meet A and B. When asked "Is B a knight?", A said "No." B says "We are both knaves". Who is a knight?',
         [("Who is a knight?", "A")],
         brute("A B", [("A", lambda w: w["B"] != T), ("B", lambda w: w["A"] == F and w["B"] == F)]), "when-asked"),
    case(KK + 'You meet A and B. A answers "yes" to the question "Is B a knave?" B says "A and I are knights." '
              'Who is a knight?', [("Who is a knight?", "A")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == T and w["B"] == T)]), "to-the-question"),
    case(AB + 'To the question "Are you a knave?", Alice answers "no". Bob says Alice is a knave. Who is a knight?',
         [("Who is a knight?", "undetermined")],
         brute("Alice Bob", [("Alice", lambda w: w["Alice"] != F), ("Bob", lambda w: w["Alice"] == F)]),
         "to-the-question-first"),
    case(AB + 'You ask Alice, "Is Bob a knight?" "No," she replies. Bob says, "We are both knights." Who is the knight?',
         [("Who is the knight?", "Alice")],
         brute("Alice Bob", [("Alice", lambda w: w["Bob"] != T), ("Bob", lambda w: w["Alice"] == T and w["Bob"] == T)]),
         "quoted-reply-first"),
    case(AB + 'You ask Alice: Are you a knight? She answers "yes". Bob says "Alice and I are different." Is Alice a knave?',
         [("Is Alice a knave?", "yes")],
         brute("Alice Bob", [("Alice", lambda w: w["Alice"] == T), ("Bob", lambda w: w["Alice"] != w["Bob"])]),
         "unquoted-question"),
    case(AB + 'You ask Alice whether Bob is a knight. She says yes. Bob says, "Alice and I are of different types." '
              'Who is the knight?', [("Who is the knight?", "nobody")],
         brute("Alice Bob", [("Alice", lambda w: w["Bob"] == T), ("Bob", lambda w: w["Alice"] != w["Bob"])]),
         "ask-whether"),
    case(AB + 'You ask Alice, "Are you and Bob both knaves?" and she answers "No". You then ask Bob, "Is Alice a knave?" '
              'and he says "Yes". Who is a knight?', [("Who is a knight?", "Alice")],
         brute("Alice Bob", [("Alice", lambda w: not (w["Alice"] == F and w["Bob"] == F)),
                             ("Bob", lambda w: w["Alice"] == F)]), "ask-and-answer"),
    case(AB + 'Asked "Is Bob a knave?", Alice replies "Yes". Asked "Is Alice a knight?", Bob replies "No". '
              'Who is a knight?', [("Who is a knight?", "undetermined")],
         brute("Alice Bob", [("Alice", lambda w: w["Bob"] == F), ("Bob", lambda w: w["Alice"] != T)]), "asked-quoted"),
    case(AB + 'Bob asks Alice, "Am I a knight?" Alice answers "No." Bob says "Alice is a knave". Who is a knight?',
         [("Who is a knight?", "undetermined")],
         brute("Alice Bob", [("Alice", lambda w: w["Bob"] != T), ("Bob", lambda w: w["Alice"] == F)]), "asker-is-i"),
    case(AB + 'Alice answers "yes" when asked "Is Bob a knight?". Bob says Alice is a knave. Who is a knight?', [],
         brute("Alice Bob", [("Alice", lambda w: w["Bob"] == T), ("Bob", lambda w: w["Alice"] == F)]),
         "answers-when-asked"),
    case(KK + 'You ask A: "Is B a knight?" A answers: "Yes." You ask B: "Is A a knight?" B answers: "No." '
              'What are A and B?', [],
         brute("A B", [("A", lambda w: w["B"] == T), ("B", lambda w: w["A"] != T)]), "two-exchanges"),
    case(AB + 'You ask Alice, "Are you a knight?" Alice says, "Bob is a knave." Is Bob a knight?',
         [("Is Bob a knight?", "undetermined")], brute("Alice Bob", [("Alice", lambda w: w["Bob"] == F)]),
         "answered-in-full"),

    # ------------------------------------------------------------------ Smullyan, Rosen, Wikipedia
    case('Suppose A says, "Either I am a knave or B is a knight." What are A and B?',
         [("What are A and B?", "A is a knight, and B is a knight")],
         brute("A B", [("A", lambda w: w["A"] == F or w["B"] == T)]), "suppose-says"),
    case('Suppose A says, "I am a knave, but B isn\'t." What are A and B?',
         [("What are A and B?", "A is a knave, and B is a knave")],
         brute("A B", [("A", lambda w: w["A"] == F and w["B"] != F)]), "but-b-isnt"),
    case('A and B are residents of the island of knights and knaves. A says, "At least one of us is a knave." '
         'What are A and B?', [("What are A and B?", "A is a knight, and B is a knave")],
         brute("A B", [("A", lambda w: F in (w["A"], w["B"]))]), "residents"),
    case('On the island of knights and knaves, there are two natives, A and B. A says, "We are both knaves." '
         'What are A and B?', [("What are A and B?", "A is a knave, and B is a knight")],
         brute("A B", [("A", lambda w: w["A"] == F and w["B"] == F)]), "two-natives"),
    case('Two people, A and B, make the following statements:\nA: "B is a knave."\nB: "A and I are of different types."'
         '\nWhat type is each?', [("What type is each?", "A is a knave, and B is a knight")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] != w["B"])]), "what-type-is-each"),
    case('In this problem, there are only two people, A and B, each of whom is either a knight or a knave. A makes the '
         'following statement: "At least one of us is a knave." What are A and B?',
         [("What are A and B?", "A is a knight, and B is a knave")],
         brute("A B", [("A", lambda w: F in (w["A"], w["B"]))]), "each-of-whom"),
    case("Again we have three people, A, B, C, each of whom is either a knight or a knave. A and B make the following "
         "statements:\nA: All of us are knaves.\nB: Exactly one of us is a knight.\nWhat are A, B, C?",
         [("What are A, B, C?", "A is a knave, B is a knight, and C is a knave")],
         brute("A B C", [("A", lambda w: set(w.values()) == {F}), ("B", lambda w: list(w.values()).count(T) == 1)]),
         "again-we-have"),
    case("We again have three inhabitants, A, B, and C, each of whom is a knight or a knave. Two people are said to be "
         "of the same type if they are both knights or both knaves. A and B make the following statements:\n"
         "A: B is a knave.\nB: A and C are of the same type.\nWhat is C?", [("What is C?", "a knave")],
         brute("A B C", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == w["C"])]), "same-type-defined"),
    case("We have three inhabitants, A, B, and C. One of them is a knight, one is a knave, and one is normal. Knights "
         "always tell the truth, knaves always lie, and normals sometimes lie and sometimes tell the truth. A says: \"I "
         "am normal.\" B says: \"That is true.\" C says: \"I am not normal.\" What are A, B, and C?",
         [("What are A, B, and C?", "A is a knave, B is a normal, and C is a knight")],
         brute("A B C", [("A", lambda w: w["A"] == N), ("B", lambda w: w["A"] == N), ("C", lambda w: w["C"] != N)],
               kinds="TFN", one_each=True), "that-is-true"),
    case("Exercises 19-23 relate to inhabitants of the island of knights and knaves created by Smullyan, where knights "
         "always tell the truth and knaves always lie. You encounter two people, A and B. Determine, if possible, what A "
         "and B are if they address you in the ways described. If you cannot determine what these two people are, can "
         "you draw any conclusions?\n19. A says \"At least one of us is a knave\" and B says nothing.",
         [("Determine, if possible, what A and B are if they address you in the ways described.",
           "A is a knight, and B is a knave")],
         brute("A B", [("A", lambda w: F in (w["A"], w["B"]))]), "rosen-19"),
    case("Exercises 19-23 relate to inhabitants of the island of knights and knaves created by Smullyan, where knights "
         "always tell the truth and knaves always lie. You encounter two people, A and B. Determine, if possible, what A "
         "and B are if they address you in the ways described. If you cannot determine what these two people are, can "
         "you draw any conclusions?\n20. A says \"The two of us are both knights\" and B says \"A is a knave.\"",
         [("Determine, if possible, what A and B are if they address you in the ways described.",
           "A is a knave, and B is a knight")],
         brute("A B", [("A", lambda w: w["A"] == T and w["B"] == T), ("B", lambda w: w["A"] == F)]), "rosen-20"),
    case("Exercises 24-31 relate to inhabitants of an island on which there are three kinds of people: knights who "
         "always tell the truth, knaves who always lie, and spies (called normals by Smullyan) who can either lie or "
         "tell the truth. You encounter three people, A, B, and C. You know one of these people is a knight, one is a "
         "knave, and one is a spy. Each of the three people knows the type of person each of other two is. For each of "
         "these situations, if possible, determine whether there is a unique solution and determine who the knave, "
         "knight, and spy are. When there is no unique solution, list all possible solutions or state that there are "
         "no solutions.\n24. A says \"C is the knave,\" B says \"A is the knight,\" and C says \"I am the spy.\"",
         [("For each of these situations, if possible, determine whether there is a unique solution and determine who "
           "the knave, knight, and spy are.", "A is a knight, B is a spy, and C is a knave")],
         brute("A B C", [("A", lambda w: w["C"] == F), ("B", lambda w: w["A"] == T), ("C", lambda w: w["C"] == N)],
               kinds="TFN", one_each=True), "rosen-24"),
    case(ROSEN_SPIES + '25. A says "I am the knight," B says "I am the knave," and C says "B is the knight."',
         [(ROSEN_Q, "A is a knight, B is a spy, and C is a knave")],
         brute("A B C", [("A", lambda w: w["A"] == T), ("B", lambda w: w["B"] == F), ("C", lambda w: w["B"] == T)],
               kinds="TFN", one_each=True), "rosen-25"),
    case(ROSEN_SPIES + '27. A says "I am the knight," B says "A is telling the truth," and C says "I am the spy."',
         [(ROSEN_Q, "A is a knight, B is a spy, and C is a knave")],
         brute("A B C", [("A", lambda w: w["A"] == T), ("B", lambda w: w["A"] == T), ("C", lambda w: w["C"] == N)],
               kinds="TFN", one_each=True), "rosen-27-telling-the-truth"),
    case(ROSEN_SPIES + '31. A says "I am the knight," B says "A is not the knave," and C says "B is not the knave."',
         [(ROSEN_Q, "A is a knave, B is a spy, and C is a knight")],
         brute("A B C", [("A", lambda w: w["A"] == T), ("B", lambda w: w["A"] != F), ("C", lambda w: w["B"] != F)],
               kinds="TFN", one_each=True), "rosen-31"),
    case('Suppose A says, "Either I am a knave or else B is a knight." What are A and B?',
         [("What are A and B?", "A is a knight, and B is a knight")],
         brute("A B", [("A", lambda w: w["A"] == F or w["B"] == T)]), "or-else"),
    case("Suppose instead, A and B say the following:\nA: All of us are knaves.\nB: Exactly one of us is a knave.\n"
         "Can it be determined what B is? Can it be determined what C is?",
         [("Can it be determined what B is?", "undetermined"), ("Can it be determined what C is?", "a knight")],
         brute("A B C", [("A", lambda w: set(w.values()) == {F}), ("B", lambda w: list(w.values()).count(F) == 1)]),
         "can-it-be-determined-what"),
    case('Again three people A, B, and C. A says "B and C are of the same type." Someone then asks C, "Are A and B of '
         'the same type?" What does C answer?', [("What does C answer?", "yes")],
         brute("A B C", [("A", lambda w: w["B"] == w["C"])]), "what-does-c-answer"),
    case(KK + "\nZed: Amy is a knave.\nAmy: Bob is a knave.\nBob: Amy is a knight.\nWho is a knight?", [],
         brute("Zed Amy Bob", [("Zed", lambda w: w["Amy"] == F), ("Amy", lambda w: w["Bob"] == F),
                               ("Bob", lambda w: w["Amy"] == T)]), "listed-speakers"),
    case('Suppose John and Bill are residents of the island of knights and knaves. John says: "We are both knaves." '
         'Who is who?', [("Who is who?", "John is a knave, and Bill is a knight")],
         brute("John Bill", [("John", lambda w: w["John"] == F and w["Bill"] == F)]), "wikipedia-suppose"),
    case('John and Bill are residents of the island of knights and knaves.\nJohn: "We are the same kind."\n'
         'Bill: "We are of different kinds."\nWho is who?', [("Who is who?", "John is a knave, and Bill is a knight")],
         brute("John Bill", [("John", lambda w: w["John"] == w["Bill"]), ("Bill", lambda w: w["John"] != w["Bill"])]),
         "wikipedia-kinds"),
    case('A is a knight or a knave. B is a knight or a knave. A says "B is a knave." B says "We are both knights." '
         'Which is which?', [("Which is which?", "A is a knight, and B is a knave")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == T and w["B"] == T)]), "which-is-which"),
    case('Person A says "I am a knave or B is a knight". Is B a knight?', [("Is B a knight?", "yes")],
         brute("A B", [("A", lambda w: w["A"] == F or w["B"] == T)]), "person-a"),
    case('Inhabitant A says, "B is a knave." Inhabitant B says, "A is a knave." ' + KK + "Is A a knight?",
         [("Is A a knight?", "undetermined")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == F)]), "inhabitant-a"),

    # ------------------------------------------------------------------ options and statement lists
    case(KK + 'You meet A and B. A says, "We are both knaves." Who is a knight?\nA. A\nB. B\nC. Both',
         [("Who is a knight?", "B", "B")], brute("A B", [("A", lambda w: w["A"] == F and w["B"] == F)]), "dot-options"),
    case(KK + 'You meet A and B. A says "We are both knaves". Who is a knight?\na. A\nb. B',
         [("Who is a knight?", "B", "b")], brute("A B", [("A", lambda w: w["A"] == F and w["B"] == F)]),
         "lower-case-options"),
    case(KK + 'A says "B is a knave." B says "A and I are both knaves."\nWho is the knave?\nOptions:\nA. A\nB. B\n'
              'C. Both of them', [("Who is the knave?", "B", "B")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == F and w["B"] == F)]), "options-header"),
    case(CHAIN + "Who is a knight?\n(A) A\n(B) C\n(C) None of the above", [("Who is a knight?", "None of the above", "C")],
         CHAIN_W, "none-of-the-above"),
    case(CHAIN + "Who is a knight?\n(A) A\n(B) B\n(C) None of the above", [("Who is a knight?", "B", "B")],
         CHAIN_W, "none-of-the-above-not-chosen"),
    case(KK + 'A says: "B is a knight." B: I am a knave. Who is a knight?', [],
         brute("A B", [("A", lambda w: w["B"] == T), ("B", lambda w: w["B"] == F)]), "unquoted-list-item"),
    case("Knights always tell the truth, knaves always lie. You meet two people, Ann and Bill.\nAnn: Bill is a knave.\n"
         "Bill: Neither of us is a knave.\nWho is telling the truth?", [("Who is telling the truth?", "Ann")],
         brute("Ann Bill", [("Ann", lambda w: w["Bill"] == F), ("Bill", lambda w: F not in w.values())]),
         "unquoted-list"),
    case(KK + '\nStatement 1 (A): "B is a knave."\nStatement 2 (B): "A and C are both knights."\n'
              'Statement 3 (C): "A is a knave."\nWho is a knight?', [("Who is a knight?", "A")],
         brute("A B C", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == T and w["C"] == T),
                         ("C", lambda w: w["A"] == F)]), "statement-n-of-a"),
    case("### Problem\nOn a mysterious island, every inhabitant is either a **knight** (always tells the truth) or a "
         "**knave** (always lies).\n\n**Statements:**\n1. Alice: \"Bob is a knave.\"\n2. Bob: \"Alice and Carol are "
         "both knights.\"\n3. Carol: \"Bob is telling the truth.\"\n\n### Question\nWhich inhabitants are knights?",
         [("Which inhabitants are knights?", "Alice")],
         brute("Alice Bob Carol", [("Alice", lambda w: w["Bob"] == F),
                                   ("Bob", lambda w: w["Alice"] == T and w["Carol"] == T),
                                   ("Carol", lambda w: w["Bob"] == T)]), "markdown-prompt"),

    # ------------------------------------------------------------------ other wordings
    case("A very special island is inhabited only by knights and knaves. Knights always tell the truth, and knaves "
         "always lie. You meet two inhabitants: Tom and Sue. Tom says that Sue is a knave. Sue says, \"Tom and I are "
         "both knights.\" So who is a knight and who is a knave? (Format your answer like: \"Tom is a knight/knave, and "
         "Sue is a knight/knave\")",
         [("So who is a knight and who is a knave?", "Tom is a knight, and Sue is a knave")],
         brute("Tom Sue", [("Tom", lambda w: w["Sue"] == F), ("Sue", lambda w: set(w.values()) == {T})]),
         "parenthesised-format"),
    case("Puzzle: On an island, each inhabitant is either a knight (always truthful) or a knave (always lies). Alice "
         "says: \"Bob is a knave.\" Bob says: \"Alice and I are knights.\" Can you figure out who is who?",
         [("Can you figure out who is who?", "Alice is a knight, and Bob is a knave")],
         brute("Alice Bob", [("Alice", lambda w: w["Bob"] == F), ("Bob", lambda w: set(w.values()) == {T})]),
         "parenthesised-kinds"),
    case('You are on the island of knights and knaves. You meet A and B.\nA: "If B is a knight, then I am a knave."\n'
         'B: "A is a knave."\nQ: What are A and B?', [("What are A and B?", "A is a knight, and B is a knave")],
         brute("A B", [("A", lambda w: w["B"] != T or w["A"] == F), ("B", lambda w: w["A"] == F)]), "you-are-on"),
    case("There is an island where knights always tell the truth and knaves always lie. You come across three people: "
         "X, Y, and Z. X says \"Y is a knight.\" Y says \"Z is a knave.\" Z says \"X and Y are different.\" Determine "
         "the type of each person.",
         [("Determine the type of each person.", "X is a knight, Y is a knight, and Z is a knave")],
         brute("X Y Z", [("X", lambda w: w["Y"] == T), ("Y", lambda w: w["Z"] == F), ("Z", lambda w: w["X"] != w["Y"])]),
         "island-where"),
    case("There are three people: A, B, and C. Each is either a knight (always tells the truth) or a knave (always "
         "lies). A says, \"B is a knave.\" B says, \"C is a knave.\" C says, \"A and B are both knaves.\" Identify each "
         "person's type. Determine everyone's type. Determine C's type.",
         [("Identify each person's type.", "A is a knave, B is a knight, and C is a knave"),
          ("Determine everyone's type.", "A is a knave, B is a knight, and C is a knave"),
          ("Determine C's type.", "a knave")], CHAIN_W, "each-persons-type"),
    case(PAIR + "Are A and B knights or knaves?", [("Are A and B knights or knaves?", "A is a knave, and B is a knave")],
         PAIR_W, "are-a-and-b-knights-or-knaves"),
    case('On an island, there are knights (who always tell the truth) and knaves (who always lie). A says, "Exactly one '
         'of us is a knight." B says nothing. What is B?', [("What is B?", "a knave")],
         brute("A B", [("A", lambda w: list(w.values()).count(T) == 1)]), "says-nothing"),
    case('There is a village where every resident is either a truth-teller or a liar. Truth-tellers always tell the '
         'truth; liars always lie. Ann says, "Exactly one of us is a liar." Ben says, "Ann is a liar." Is exactly one '
         'of them a liar?', [("Is exactly one of them a liar?", "yes")],
         brute("Ann Ben", [("Ann", lambda w: list(w.values()).count(F) == 1), ("Ben", lambda w: w["Ann"] == F)]),
         "village-where"),
    case('Knights always tell the truth, knaves always lie. A: "B is a knave." B: "A is a knave." C: "A and B are of the '
         'same type." What is the type of C? What is C\'s type? Determine the type of C.',
         [("What is the type of C?", "a knave"), ("What is C's type?", "a knave"), ("Determine the type of C.", "a knave")],
         brute("A B C", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == F), ("C", lambda w: w["A"] == w["B"])]),
         "type-of-c"),
    case(CHAIN + "Name the knave(s).", [("Name the knave(s).", "A and C")], CHAIN_W, "knave-s"),
    case('In a land of truth-tellers and liars, Tina says "Uma is a liar." Uma says "Tina and I are both truth-tellers."'
         ' Is the following statement true: "Uma is a liar"?',
         [('Is the following statement true: "Uma is a liar"?', "yes")],
         brute("Tina Uma", [("Tina", lambda w: w["Uma"] == F), ("Uma", lambda w: set(w.values()) == {T})]),
         "following-statement-true"),
    case(KK + 'A says "B is a knave," and B says "That is true." Who is a knight?', [],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["B"] == F)]), "that-is-true-same-sentence"),
    case(KK + 'A says "B is a knave." B says "C is a knave." C agrees with A. Exactly one of them is a knight. '
              'Who is a knight?', [("Who is a knight?", "B")],
         brute("A B C", [("A", lambda w: w["B"] == F), ("B", lambda w: w["C"] == F), ("C", lambda w: w["B"] == F)],
               [lambda w: list(w.values()).count(T) == 1]), "agrees-with"),
    case(KK + 'A says "B is a knave." B disagrees. C says "B is a knight." Is C a knight?',
         [("Is C a knight?", "undetermined")],
         brute("A B C", [("A", lambda w: w["B"] == F), ("B", lambda w: w["B"] != F), ("C", lambda w: w["B"] == T)]),
         "disagrees"),
    case(CHAIN + "Tell me who the knights are.", [("Tell me who the knights are.", "B")], CHAIN_W, "who-the-knights-are"),
    case(CHAIN + "Who, if anyone, is a knight?", [("Who, if anyone, is a knight?", "B")], CHAIN_W, "if-anyone"),
    case(CHAIN + "Which of the three is the knight?", [("Which of the three is the knight?", "B")], CHAIN_W,
         "which-of-the-three"),
    case(CHAIN + "Is B the only knight?", [("Is B the only knight?", "yes")], CHAIN_W, "the-only-knight"),
    case(CHAIN + "State whether each is a knight or a knave.",
         [("State whether each is a knight or a knave.", "A is a knave, B is a knight, and C is a knave")], CHAIN_W,
         "whether-each"),
    case(CHAIN + "For each person, say whether they are a knight or a knave.",
         [("For each person, say whether they are a knight or a knave.",
           "A is a knave, B is a knight, and C is a knave")], CHAIN_W, "for-each-person"),
    case(KK + "A: B is a knave.\nB: A is lying.\nWhich one is telling the truth, A or B?",
         [("Which one is telling the truth, A or B?", "undetermined")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == F)]), "which-one-a-or-b"),
    case(KK + 'A says "B is a knave". B says "A and I are both knaves". Who is lying, A or B?',
         [("Who is lying, A or B?", "B")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: w["A"] == F and w["B"] == F)]), "who-a-or-b"),
    case(KK + "Zed claims Amy is a knave and he is a knight. Amy says nothing. What is Zed: a knight or a knave?",
         [("What is Zed: a knight or a knave?", "undetermined")],
         brute("Zed Amy", [("Zed", lambda w: w["Amy"] == F and w["Zed"] == T)]), "what-is-zed-colon"),
    case("Assume that there exist only two types of people: knights and knaves. Knights always tell the truth, while "
         "knaves always lie. You are given the statements from 3 characters. Based on their statements, infer who is a "
         "knight and who is a knave.\nA: B is a knave.\nB: C is a knave.\nC: A and B are both knaves.",
         [("Based on their statements, infer who is a knight and who is a knave.",
           "A is a knave, B is a knight, and C is a knave")], CHAIN_W, "truthquest-style"),
    case("You come to a fork in the road guarded by two people, Lee and Kim. One of them always tells the truth and the "
         "other always lies. Lee says, \"Kim is the liar.\" Kim says, \"We both tell the truth.\" Who is the liar?",
         [("Who is the liar?", "Kim")],
         brute("Lee Kim", [("Lee", lambda w: w["Kim"] == F), ("Kim", lambda w: set(w.values()) == {T})],
               [lambda w: list(w.values()).count(T) == 1]), "fork-in-the-road"),
    case("On an island live knights, who always tell the truth, and knaves, who always lie. A native named Pat says, "
         "\"I am a knave or Quinn is a knight.\" Quinn says nothing. What are Pat and Quinn?",
         [("What are Pat and Quinn?", "Pat is a knight, and Quinn is a knight")],
         brute("Pat Quinn", [("Pat", lambda w: w["Pat"] == F or w["Quinn"] == T)]), "a-native-named"),
    case(KK + '\nQ: A says "B is a knave". B says "A and I are knights". What are A and B?\nA:',
         [("What are A and B?", "A is a knight, and B is a knave")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: set(w.values()) == {T})]), "q-and-a-prompt"),
    case("In the following puzzle, each person is either a knight or a knave. Knights always tell the truth; knaves "
         "always lie.\nPerson 1: \"Person 2 is a knave.\"\nPerson 2: \"Person 1 and I are both knights.\"\n"
         "Who is the knight?", [("Who is the knight?", "Person 1")],
         brute("P1 P2", [("P1", lambda w: w["P2"] == F), ("P2", lambda w: set(w.values()) == {T})]), "person-1"),
    case(KK + 'A says "B is a knave". B says "I and A are both knights". Determine A\'s and B\'s types.',
         [("Determine A's and B's types.", "A is a knight, and B is a knave")],
         brute("A B", [("A", lambda w: w["B"] == F), ("B", lambda w: set(w.values()) == {T})]), "possessives"),
    case(KK + 'You meet May and Bob. May would say that Bob is a knave. Bob says "May is a knave". Who is a knight?',
         [("Who is a knight?", "undetermined")],
         brute("May Bob", [("May", lambda w: w["Bob"] == F), ("Bob", lambda w: w["May"] == F)]), "may-is-a-name"),
    case(KK + 'A says "B and I are both knights or both knaves". B says "A is a knave". Who is a knight?',
         [("Who is a knight?", "B")],
         brute("A B", [("A", lambda w: w["A"] == w["B"]), ("B", lambda w: w["A"] == F)]), "both-or-both"),
    case(KK + 'You encounter two people, A and B. Both A and B say "I am a knight." What are A and B?',
         [("What are A and B?", "undetermined")], brute("A B", [("A", lambda w: w["A"] == T), ("B", lambda w: w["B"] == T)]),
         "both-say"),
]


@pytest.mark.parametrize("text, expected, worlds", CASES)
def test_wordings_are_answered(text, expected, worlds):
    assert reader_worlds(text) == worlds
    assert answers(text) == expected


def test_each_follow_up_is_its_own_question_as_written():
    p = parse_knights(CHAIN + "Is A a knight? What about B? And C? What about B and C?")
    assert [(q.text, q.kind) for q in p.questions] == [("Is A a knight?", "yes_no"), ("What about B?", "yes_no"),
                                                      ("And C?", "yes_no"), ("What about B and C?", "each")]
    assert [c.source for c in p.questions[1].choices] == [["type", "B", "knight"]]
    assert [(c.answer, c.source) for c in p.questions[3].choices] == [
        ("B: yes", ["type", "B", "knight"]), ("B: no", ["not", ["type", "B", "knight"]]),
        ("C: yes", ["type", "C", "knight"]), ("C: no", ["not", ["type", "C", "knight"]])]


def test_an_answer_is_the_statement_of_the_one_asked():
    p = parse_knights(KK + 'You meet A and B. You ask A, "Are you a knight?" A answers "Yes." '
                           'B is asked whether A is a knave; he replies "no".')
    assert [(c.label, c.source, c.text) for c in p.constraints] == [
        ("statement 1", ["says", "A", ["type", "A", "knight"]], 'You ask A, "Are you a knight?" A answers "Yes."'),
        ("statement 2", ["says", "B", ["not", ["type", "A", "knave"]]],
         'B is asked whether A is a knave; he replies "no".')]


def test_introductions_with_the_kinds_listed():
    p = parse_knights("Knights always tell the truth, knaves always lie, and normals may do either. There are two "
                      "people, A and B, each of whom is a knight or a knave. A says \"B is a knave.\"")
    assert [c.source for c in p.constraints] == [
        ["and", ["or", ["type", "A", "knight"], ["type", "A", "knave"]], ["or", ["type", "B", "knight"],
                                                                         ["type", "B", "knave"]]],
        ["says", "A", ["type", "B", "knave"]]]
    p = parse_knights('There are two people, A and B, each of whom is a knight or a knave. A says "B is a knave."')
    assert [c.source for c in p.constraints] == [["says", "A", ["type", "B", "knave"]]]  # all the kinds there are
    assert p.display == {"truthful": "knight", "liar": "knave"}


REFUSED = [
    (PAIR + "Can it be determined whether B is a knight?",
     "line 1, column 136: cannot answer 'Can it be determined whether B is a knight?': it asks whether the text settles "
     "a question, which no single consistent world tells; ask the question itself ('Is B a knight?'): smullyan answers "
     "it, or says 'undetermined' when the consistent worlds disagree"),
    (PAIR + "Can you tell whether B is a knight?",
     "line 1, column 136: cannot answer 'Can you tell whether B is a knight?': it asks whether the text settles a "
     "question, which no single consistent world tells; ask the question itself ('Is B a knight?'): smullyan answers "
     "it, or says 'undetermined' when the consistent worlds disagree"),
    (PAIR + "Is it possible to determine whether B is a knight?",
     "line 1, column 136: cannot answer 'Is it possible to determine whether B is a knight?': it asks whether the text "
     "settles a question, which no single consistent world tells; ask the question itself ('Is B a knight?'): smullyan "
     "answers it, or says 'undetermined' when the consistent worlds disagree"),
    (PAIR + "Do you know whether B is a knight?",
     "line 1, column 136: cannot answer 'Do you know whether B is a knight?': it asks whether the text settles a "
     "question, which no single consistent world tells; ask the question itself ('Is B a knight?'): smullyan answers "
     "it, or says 'undetermined' when the consistent worlds disagree"),
    (PAIR + "Is it possible that A is a knight?",
     "line 1, column 136: cannot answer 'Is it possible that A is a knight?': it asks whether something may be so, and "
     "smullyan answers what holds in every consistent world; ask whether it is so ('Is B a knave?'), answered yes, no "
     "or undetermined"),
    (PAIR + "Could B be a knave?",
     "line 1, column 136: cannot answer 'Could B be a knave?': it asks whether something may be so, and smullyan "
     "answers what holds in every consistent world; ask whether it is so ('Is B a knave?'), answered yes, no or "
     "undetermined"),
    (PAIR + "Must B be a knave?",
     "line 1, column 136: cannot answer 'Must B be a knave?': it asks whether something must be so, whose answer is "
     "'no' where the consistent worlds disagree; ask whether it is so ('Is B a knave?'), answered yes, no or "
     "undetermined"),
    (PAIR + "Does it follow that B is a knave?",
     "line 1, column 136: cannot answer 'Does it follow that B is a knave?': it asks whether something must be so, "
     "whose answer is 'no' where the consistent worlds disagree; ask whether it is so ('Is B a knave?'), answered "
     "yes, no or undetermined"),
    (PAIR + "If A is a knight, is B a knave?",
     "line 1, column 136: cannot answer 'If A is a knight, is B a knave?': it asks what would follow from a "
     "supposition, which smullyan does not add to what the text says; state the supposition as a fact ('A is a "
     "knight.') in a text of its own and ask the question there"),
    (PAIR + "Who is the knave?\nOptions:\nA. A\nB. B\nC. Cannot be determined",
     "line 5, column 4: the option 'Cannot be determined' says whether the text settles the question, which no "
     "consistent world decides; leave it out: smullyan answers 'undetermined' when the consistent worlds disagree"),
    (CHAIN + "What about B?",
     "line 1, column 122: 'What about B?' follows no question it could ask again; ask the question in full"),
    (CHAIN + "Is A the same type as B? What about C?",
     "line 1, column 158: cannot tell whom C takes the place of in 'Is A the same type as B?', which names more than "
     "one person; ask the question in full"),
    (CHAIN + "Who is a knave? What about A?",
     "line 1, column 149: cannot tell whom A takes the place of in 'Who is a knave?', which names nobody; ask the "
     "question in full"),
    (CHAIN + "Is A a knight? Does B?",
     "line 1, column 137: 'Does B?' does not repeat 'Is A a knight?'; ask the question in full"),
    (CHAIN + "Is A a knight? What about wizards?",
     "line 1, column 148: cannot tell what 'What about wizards?' asks: 'wizards' is neither one of the inhabitants nor "
     "a role word (knight, knave)"),
    (KK + 'You meet A, B and C. A says "B is a knave." Is A a knight? What about B and C?\n(A) Yes\n(B) No',
     "line 1, column 113: 'What about B and C?' asks of several people at once, so its options answer no one question; "
     "ask of each in turn"),
    (AB + 'Alice answers "Yes." Who is a knight?',
     "line 1, column 78: 'Alice answers \"Yes.\"' answers no question put to anyone; say what was asked ('You ask A, "
     "\"Are you a knight?\"')"),
    (AB + 'You ask Alice, "Are you a knight?" Bob says "Alice is a knave". Is Bob a knight?',
     "line 1, column 86: the text never says what Alice answers to the question; say it ('Alice answers \"yes\"')"),
    (AB + 'You ask Alice, "Is Bob a knight?" Bob answers "no". Who is a knight?',
     "line 1, column 112: Bob answers, but the question was put to Alice"),
    (AB + 'You ask Alice, "Are you a knight or a knave?" She answers "yes". Who is a knight?',
     "line 1, column 94: 'Are you a knight or a knave?' is not a yes-or-no question, so 'yes' does not say what Alice "
     "claims"),
    (AB + 'You ask Alice, "Am I a knight?" She answers "yes". Who is a knight?',
     "line 1, column 97: 'I' in the question is the one who asks it, who is none of the inhabitants; use a name"),
    (AB + 'Bob asks Alice whether he is a knight. She answers "yes". Who is a knight?',
     "line 1, column 101: 'he' may point at Alice or at Bob; use the name"),
    (AB + 'You ask Alice, "Are we both knaves?" She answers "no". Who is a knight?',
     "line 1, column 98: 'we' in a question put to Alice may or may not include the one who asks; use the names"),
    (KK + 'You meet A and B. You ask A "Are you both knaves?" and A says "Yes". What are A and B?',
     "line 1, column 91: 'both' speaks of several people, but 'you' here is A alone; use the names"),
    (KK + 'You meet A, B and C. You ask A, "Are they both knaves?" A says "no". Who is a knight?',
     "line 1, column 91: 'they' in a question put to A may or may not include A; use the names"),
    (KK + 'You meet A and B. B says "That is true." Who is a knight?',
     "line 1, column 80: 'That' points at no one claim just made; say the claim"),
    (KK + 'You meet A, B and C. A says "B is a knave. C is a knight." B says "That is true." Who is a knight?',
     "line 1, column 121: 'That' points at no one claim just made; say the claim"),
    (KK + 'You meet A, B and C. A says "B is a knave." C agrees with B. Who is a knight?',
     "line 1, column 112: B has made no one claim before this to agree with"),
    (KK + "You meet A and B.\nA. B says A is a knave.",
     "line 2, column 4: 'A.' before 'B says A is a knave.' may be the letter of an option or the person A; put options "
     "after their question, or write 'A:' for what A says"),
    (KK + 'You meet A and B. A says "B and I are both knights or knaves". Who is a knight?',
     "line 1, column 92: 'both … or …' may mean each one is one or the other, or all are the one or all the other; "
     "say 'both knights or both knaves' or name each"),
    (KK + 'You meet A, B and C. A says "All of us are knights or knaves". Who is a knight?',
     "line 1, column 83: 'All … or …' may mean each one is one or the other, or all are the one or all the other; say "
     "'all knights or all knaves' (or 'each is a knight or a knave')"),
    (KK + 'Brilliant-style: Alice and Bob are natives. Alice says, "Bob is a knight." Who is a knight?',
     "line 1, column 54: cannot tell whether 'Brilliant-style:' is a heading or Brilliant-style speaking, as the text "
     "names Brilliant-style nowhere else; quote Brilliant-style's words ('Brilliant-style: \"…\"') or drop the "
     "heading"),
    (KK + 'You meet A, B and C. One of them is a knight and the other is a knave. Who is a knight?',
     "line 1, column 103: 'the other' but 2 of them are left"),
    (KK + 'You meet A, B and C. A says "B is a knave." What does B answer?',
     "line 1, column 98: 'What does B answer?' follows no question put to anyone; say what was asked ('You ask A, "
     "\"Are you a knight?\"')"),
    (KK + 'Normals may say anything. You meet A and B. You ask A, "Is B a knave?" What does A answer?',
     "line 1, column 125: 'What does A answer?' has no one answer in a world where A may lie or tell the truth"),
    (KK + 'You meet A and B. A says "B isn\'t."',
     "line 1, column 82: 'isn't' without what comes after it repeats a claim before it in the same sentence; say it "
     "in full"),
]


@pytest.mark.parametrize("text, message", REFUSED, ids=[f"refused-{i}" for i in range(len(REFUSED))])
def test_wordings_that_cannot_be_answered_exactly_are_errors(text, message):
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read(text).solve()
    assert str(err.value) == message


def test_the_grammar_has_no_conflicts():
    from importlib.resources import files

    grammar = files("smullyan.english").joinpath("knights.lark").read_text(encoding="utf-8")
    Lark(grammar, parser="lalr", lexer=_Lexer, start=["statement", "utterance", "question", "option"],
         maybe_placeholders=False, strict=True)  # strict: a shift/reduce conflict is an error, never resolved silently
