"""Writing certificates: a plain refutation search that records each set it proves unsolvable.

The search runs over representatives (AnyLanguage: worlds with one goal value and the same options for
every addressee) and writes each lemma on one world per representative, so the checker sees ordinary
world sets. It refutes a set the way the checker will check it (certificate.check, arguments 1–5): by
counting, or by finding in every split a child that a recorded lemma covers or that it refutes in
turn, recording that child first. It uses no symmetry and no dominance, so a certificate is written
only where the plain search fits the budget; the profile search stays the fast way to an answer.
Where counting goal classes does not settle the root, counting leaves (leaf_prove) is tried first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..interrogate.anylang import AnyLanguage
from ..interrogate.search import Budget


@dataclass(frozen=True)
class Proof:
    """What the refutation search proved: no strategy of `questions` questions, and the lemmas."""

    questions: int
    lemmas: tuple[tuple[int, int], ...]  # (world set, questions), each provable from those before it
    worlds: int  # every world a lemma mentions
    notes: tuple[dict, ...] = ()  # per lemma: {} (unsolvable), {"leaves": L}, {"parts": [indices]}, and "copy"


class Prover:
    """Refutes world sets of an AnyLanguage at a number of questions, recording lemmas in proof order."""

    def __init__(self, anyl: AnyLanguage, budget: Budget):
        self.anyl = anyl
        self.budget = budget
        self.m = max(2, anyl.max_outcomes)
        self.lemmas: list[tuple[int, int]] = []  # (representative set, questions)
        self._solvable: dict[int, int] = {}  # representative set -> questions found enough

    def classes(self, reps: int) -> int:
        """Return how many goal classes a representative set holds."""
        out, r = 0, 0
        while reps:
            if reps & 1:
                out |= 1 << self.anyl.goal_class[r]
            reps >>= 1
            r += 1
        return out.bit_count()

    def too_big(self, reps: int, j: int) -> bool:
        """Return whether counting alone shows a set unsolvable in j questions (check.py, argument 3)."""
        classes = self.classes(reps)
        cap = self.m ** min(j, 64)  # loads never reach 2**64
        return classes >= 2 and (classes > cap or self.anyl.least_load(reps) > cap)

    def covered(self, reps: int, j: int) -> bool:
        """Return whether a recorded lemma of at least j questions lies inside a set."""
        return any(q >= j and s & ~reps == 0 for s, q in self.lemmas)

    def refute(self, reps: int, k: int) -> bool:
        """Return True, having recorded lemmas that prove it, if no strategy of k questions solves `reps`;
        False if one exists."""
        if self.classes(reps) < 2:
            return False
        if self.covered(reps, k):
            return True
        if k == 0 or self.too_big(reps, k):
            self.lemmas.append((reps, k))
            return True
        if self._solvable.get(reps, k + 1) <= k:
            return False
        for agent in range(len(self.anyl.ctx.space.agents)):
            for split in self.anyl._agent_splits(reps, agent, self.m ** min(k - 1, 64)):
                self.budget.tick()
                kids = sorted((c for _, c in split.children), key=int.bit_count, reverse=True)
                if any(self.covered(c, k - 1) or self.too_big(c, k - 1) for c in kids):
                    continue
                if not any(self.refute(c, k - 1) for c in kids):
                    self._solvable[reps] = k
                    return False
        self.lemmas.append((reps, k))
        return True


def prove(anyl: AnyLanguage, budget: Budget, questions: int) -> Proof | None:
    """Return the lemmas proving that no strategy of `questions` questions identifies the goal, or None
    if one exists."""
    from .leaf_prove import prove_by_leaves

    root = (1 << anyl.n_reps) - 1
    prover = Prover(anyl, budget)
    # counting leaves first, unless counting classes settles the root at once (the simplest certificate)
    counted = None if prover.too_big(root, questions) else prove_by_leaves(anyl, budget, questions)
    if counted is not None:
        first = [m[0] for m in anyl.members]
        notes = []
        for _, _, v, p, copy in counted:
            note: dict = {"leaves": v} if v is not None else {"parts": list(p)} if p is not None else {}
            if copy is not None:  # the image of each world of the original, in increasing order of worlds
                of, image = copy
                pairs = sorted((first[r], first[t]) for r, t in image.items() if counted[of][0] >> r & 1)
                note["copy"] = {"of": of, "images": [t for _, t in pairs]}
            notes.append(note)
        return _on_worlds(anyl, questions, [(s, q) for s, q, *_ in counted], tuple(notes))
    budget.stage = f"proving that {questions} question{'s' * (questions != 1)} cannot do"
    if not prover.refute(root, questions):
        return None
    lemmas = prover.lemmas
    if lemmas[-1][1] < questions:  # the root was covered by an earlier lemma: end on that one
        lemmas.append(next((s, q) for s, q in reversed(lemmas) if q >= questions))
    return _on_worlds(anyl, questions, lemmas)


def _on_worlds(anyl: AnyLanguage, questions: int, lemmas: list[tuple[int, int]], notes: tuple[dict, ...] = ()
               ) -> Proof:
    """Return a proof whose lemmas about representative sets are written on one world per representative."""
    first = [m[0] for m in anyl.members]
    worlds_of = [sum(1 << first[r] for r in range(anyl.n_reps) if s >> r & 1) for s, _ in lemmas]
    every = 0
    for w in worlds_of:
        every |= w
    return Proof(questions, tuple((w, q) for w, (_, q) in zip(worlds_of, lemmas)), every, notes)
