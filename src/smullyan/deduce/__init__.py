"""Deduction puzzles: every world consistent with what was said.

- model: the puzzle (agents, allowed types, integer variables, all-different groups, constraints).
- enumerate: the bitset backend (every world of the space as one bit).
- sat: the SAT backend (python-sat), for spaces too large to enumerate.
- solve: backends behind one registry, solutions, what is determined, and why (minimal cores).
"""
