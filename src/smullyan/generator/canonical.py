"""Canonical forms: one key for every renaming of a puzzle's people, values and categories.

A puzzle is given as items (nested tuples whose leaves are symbols or constants) and a class for
each symbol (symbols are renamed only within their class). Colour refinement gives each symbol a
colour from how it occurs (each item's text with the symbols replaced by their colours, and the
symbol's path within it), repeated until no colour class splits; when a class of interchangeable symbols remains,
each of its members is singled out in turn and the smallest resulting form is kept; a member that
merely trades places with one already tried (swapping the two maps the puzzle onto itself, as for
people named only inside "exactly 3 of us are knaves") is skipped, since its form is the same. So
the n! renamings are never tried. Arguments of commutative operators and the
items themselves are sorted, so "A and B" and "B and A" are one puzzle too.
"""

from __future__ import annotations

import hashlib
from typing import Any, Hashable, Mapping, Sequence

COMMUTATIVE = frozenset({"and", "or", "iff", "xor", "eq_terms", "ne_terms", "set"})


def _render(item: Any, name: Mapping[Hashable, str]) -> str:
    """Return an item as text: symbols by `name`, commutative arguments sorted."""
    if isinstance(item, tuple):
        head, *args = item
        parts = [_render(a, name) for a in args]
        if head in COMMUTATIVE:
            parts.sort()
        return f"({head} {' '.join(parts)})"
    if isinstance(item, Sym):
        return name[item]
    return repr(item)


class Sym(str):
    """A symbol to be renamed (a person, a value, a category); other leaves are constants."""

    __slots__ = ()


def _walk(item: Any, name: Mapping[Hashable, str], path: tuple, found: list[tuple[Sym, tuple]]) -> str:
    """Return an item's text (as `_render`) and list in `found` each symbol with its path: the heads above
    it and, under a commutative head, its sibling's text in place of its position."""
    if isinstance(item, tuple):
        head, *args = item
        if head in COMMUTATIVE:
            texts = []
            for a in args:
                sub: list[tuple[Sym, tuple]] = []
                t = _walk(a, name, (), sub)
                texts.append(t)
                found.extend((s, path + ((head, t),) + p) for s, p in sub)
            texts.sort()
        else:
            texts = [_walk(a, name, path + ((head, k),), found) for k, a in enumerate(args)]
        return f"({head} {' '.join(texts)})"
    if isinstance(item, Sym):
        found.append((item, path))
        return name[item]
    return repr(item)


def _refine(items: Sequence[Any], colour: dict[Sym, int]) -> dict[Sym, int]:
    """Return colours refined until stable: a symbol's new colour comes from its colour and, for each
    place it occurs, the text of the item (others by colour) and its path within the item."""
    while True:
        names = {s: f"c{c}" for s, c in colour.items()}
        seen: dict[Sym, list] = {s: [] for s in colour}
        for item in items:
            found: list[tuple[Sym, tuple]] = []
            text = _walk(item, names, (), found)
            for s, path in found:
                seen[s].append((text, path))
        sigs = {s: (colour[s], tuple(sorted(seen[s]))) for s in colour}
        ranks = {sig: r for r, sig in enumerate(sorted(set(sigs.values())))}
        new = {s: ranks[sigs[s]] for s in colour}
        if len(set(new.values())) == len(set(colour.values())):
            return new
        colour = new


def canonical_form(items: Sequence[Any], classes: Mapping[Sym, str]) -> str:
    """Return the text of the puzzle under its canonical renaming (equal for renamed copies)."""
    start = {cls: r for r, cls in enumerate(sorted(set(classes.values())))}
    colour = _refine(items, {s: start[c] for s, c in classes.items()})
    plain = {s: str(s) for s in classes}
    return _best(items, colour, classes, sorted(_render(item, plain) for item in items))


def _twins(items: Sequence[Any], s: Sym, t: Sym, plain: list[str]) -> bool:
    """Return whether swapping s and t (and nothing else) maps the puzzle onto itself."""
    swapped: dict[Hashable, str] = _Swap(s, t)
    return sorted(_render(item, swapped) for item in items) == plain


class _Swap(dict):  # type: ignore[type-arg]
    """Names every symbol by itself, except two that trade names."""

    def __init__(self, s: Sym, t: Sym):
        super().__init__()
        self.pair = {s: str(t), t: str(s)}

    def __missing__(self, key: Sym) -> str:
        return self.pair.get(key, str(key))


def _best(items: Sequence[Any], colour: dict[Sym, int], classes: Mapping[Sym, str], plain: list[str]) -> str:
    cells: dict[int, list[Sym]] = {}
    for s, c in colour.items():
        cells.setdefault(c, []).append(s)
    tied = [c for c in sorted(cells) if len(cells[c]) > 1]
    if not tied:
        names = {s: f"{classes[s]}{c}" for s, c in colour.items()}
        return "\n".join(sorted(_render(item, names) for item in items))
    forms = []
    tried: list[Sym] = []
    for s in sorted(cells[tied[0]]):
        if any(_twins(items, s, t, plain) for t in tried):
            continue  # an automorphism maps this branch onto one already taken: the same form
        tried.append(s)
        single = {x: 2 * c + (x == s) for x, c in colour.items()}  # s alone, just after its old class
        forms.append(_best(items, _refine(items, single), classes, plain))
    return min(forms)


def key_of(form: str) -> str:
    """Return a short stable key for a canonical form (16 hex digits of its SHA-256)."""
    return hashlib.sha256(form.encode()).hexdigest()[:16]
