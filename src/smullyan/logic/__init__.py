"""Logic core: expressions, world spaces, agent types and the semantics of answering.

- expr: immutable expression trees and their JSON form.
- types: truthful, liar, random, constant:M, silent, and their aliases.
- worlds: world spaces (every candidate world) and world sets (int bitsets).
- semantics: contexts, tables and outcomes; the one place the rules live.
"""
