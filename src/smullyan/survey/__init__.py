"""Surveys: many gods puzzles solved and tabulated (multisets of types, and the puzzle grammar)."""
