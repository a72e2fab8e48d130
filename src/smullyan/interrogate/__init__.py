"""Interrogation puzzles: question grammars, strategy search, strategies and verification.

- grammar: questions by complexity, deduplicated by exact tables.
- signatures: a question's outcomes per world when put to one addressee.
- anylang: the complete question language (every proposition), used for proofs of impossibility.
- search: exhaustive depth-first strategy search with memoisation and capacity pruning.
- realise: search trees into strategies with questions people can ask.
- verify: every strategy checked against every world and hidden state.
- solve: the whole pipeline, from puzzle to verified strategy or proof.
"""
