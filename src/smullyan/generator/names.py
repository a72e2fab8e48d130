"""First names for generated puzzles: capitalised words that read as names and as nothing else."""

from __future__ import annotations

import random

PEOPLE = tuple("""Ada Alan Alba Alma Amos Anna Arlo Aron Asha Axel Bea Bela Boris Bruno Cara Cleo Cora Dana Dara
Dell Dina Dora Edda Egon Elin Elsa Emil Enzo Erik Esme Ezra Faye Finn Flora Gaia Gemma Gil Greta Gus Hana Hugo
Ida Igor Ines Iris Ivan Ivo Jade Jana Joel Jonas Juno Kai Kira Knut Lara Lena Leon Lia Linus Lola Luca Luz Maja
Mara Milo Mira Nadia Nell Nico Nils Nina Noor Olaf Olga Omar Oona Otto Paz Petra Pia Quin Rafa Rhea Rosa Rufus
Sami Sara Silas Sven Tara Tess Theo Tobias Ugo Uma Ursa Vera Vito Wanda Wren Xena Yara Yuri Zara Zeno Zoe""".split())


LETTERS = tuple(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in "IQ")  # "I" reads as the speaker, "Q:" as a label


def draw_names(rng: random.Random, n: int) -> tuple[str, ...]:
    """Return n different first names drawn from rng."""
    return tuple(rng.sample(PEOPLE, n))


def letters(n: int) -> tuple[str, ...]:
    """Return the first n capital letters that read as names (A, B, …, H, J, …; no I or Q)."""
    return LETTERS[:n]


ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def statement_labels(speakers: list[str]) -> list[str]:
    """Return a label for each statement by who said it: "Ada's statement", or "Ada's second statement"
    when Ada speaks more than once."""
    total = {s: speakers.count(s) for s in speakers}
    seen: dict[str, int] = {}
    out = []
    for s in speakers:
        seen[s] = seen.get(s, 0) + 1
        k = seen[s]
        nth = "" if total[s] == 1 else (ORDINAL[k - 1] if k <= len(ORDINAL) else f"{k}th") + " "
        out.append(f"{s}'s {nth}statement")
    return out
