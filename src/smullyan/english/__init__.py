"""Controlled English: puzzles people write, read into puzzles; expressions written back as English.

- knights: knights-and-knaves puzzle texts (role words defined by the text itself) → Deduction.
- errors: lark's parse errors as one-line messages with line, column and what was expected.
The grammars are `.lark` files shipped beside these modules.
"""
