"""Certificates of impossibility: lemmas a search writes (prove) and a small checker verifies (check).

The checker imports nothing of the search: it re-derives options, goal classes and loads from the
semantics and checks each lemma by enumerating splits itself (check.py states the argument).
"""
