"""Pasted texts as sentences (markup, markers, wrapped lines, quotes, options) and the framing frames."""

import pytest
from hypothesis import given, strategies as st

from smullyan.english.framing import is_framing
from smullyan.english.sentences import split_sentences


def cut(text):
    return [(s.text, s.line, s.column, s.marker) for s in split_sentences(text)]


def test_markup_lists_labels_and_wrapped_lines():
    text = ("# Puzzle\n**Clues:**\n1. The Brit lives in the\n   red house\n2) Bob isn't Mr. Smith's friend\n"
            "- A: 'I'm a knave.'\nClue 3: The Dane drinks\ntea\nThe Swede keeps dogs\n")
    assert cut(text) == [
        ("Puzzle", 1, 3, ""), ("Clues:", 2, 3, ""), ("The Brit lives in the red house", 3, 4, "1"),
        ("Bob isn't Mr. Smith's friend", 5, 4, "2"), ("A: 'I'm a knave.'", 6, 3, "-"),
        ("The Dane drinks tea", 7, 9, "Clue 3"), ("The Swede keeps dogs", 9, 1, "")]


def test_quotes_keep_their_sentences_together():
    text = 'Zoey remarked, "Oliver is not a knight. I am." Oliver stated, “Zoey lies!” So who is a knight?'
    assert [s for s, *_ in cut(text)] == ['Zoey remarked, "Oliver is not a knight. I am."',
                                          "Oliver stated, “Zoey lies!”", "So who is a knight?"]


def test_options_inline_and_on_their_own_lines():
    text = "Which is true? (A) Alice is a knight (B) Bob is a knight.\nOptions:\n(A) Zoey\nB) Oliver\nThink step by step."
    assert cut(text) == [("Which is true?", 1, 1, ""), ("Alice is a knight", 1, 20, "A"),
                         ("Bob is a knight.", 1, 42, "B"), ("Options:", 2, 1, ""), ("Zoey", 3, 5, "A"),
                         ("Oliver", 4, 4, "B"), ("Think step by step.", 5, 1, "")]


def test_abbreviations_and_one_letter_names():
    text = "Asked whether B is a knave, A would answer no. Then No. 5 is red.\nThe Brit lives next to A\nBob is a knave."
    assert [s for s, *_ in cut(text)] == ["Asked whether B is a knave, A would answer no.", "Then No. 5 is red.",
                                          "The Brit lives next to A", "Bob is a knave."]


@given(st.text(max_size=300))
def test_any_text_splits_without_error_and_keeps_every_word(text):
    words = [w for s in split_sentences(text) for w in s.text.split()]
    assert all(s.line >= 1 and s.column >= 1 for s in split_sentences(text))
    assert len("".join(words)) <= len(text)


@pytest.mark.parametrize("sentence", ["Think step by step.", "Format your answer as: A is a knight.", "Clues:",
                                      "Solve the following logic puzzle.", "Here is a classic puzzle:", "Answer:",
                                      "Choose from the options below.", "Explain your reasoning.",
                                      "Note: only one option is correct.", "Give your final answer as a letter.",
                                      "The statements are logically consistent within each paragraph."])
def test_framing_sentences(sentence):
    assert is_framing(sentence)


@pytest.mark.parametrize("sentence", ["Alice is a knight.", "Mark is a knight.", "Identify which one is a knight.",
                                      "Use the clues to determine who owns the zebra.", "Who is a knight?",
                                      "Box is the 4th-shortest, and Ash is shorter than Box."])
def test_sentences_that_are_not_framing(sentence):
    assert not is_framing(sentence)
