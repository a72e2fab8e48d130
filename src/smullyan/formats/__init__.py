"""Puzzle and strategy files: TOML puzzles, JSON strategies."""
