"""Puzzle generation: draw a hidden world, add statements or clues until it is the only one, drop
every one that is not needed, and grade what is left (the engine; wording and the run live in api)."""
