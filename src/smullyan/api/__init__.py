"""The public Python API: what `import smullyan` gives, and what every face (cli, play, web) calls.

Glossary:
- Puzzle: a `GodsPuzzle` (ask questions until the gods are identified) or a `DeductionPuzzle`
  (knights and knaves, liars with ages, zebra grids: every world consistent with what was said).
- Result: a frozen value a solve returns: `StrategyResult` (a verified strategy or a proof that none
  exists) or `WorldsResult` (every consistent world, uniqueness, what is determined, and why).
- Strategy: a tree of questions with verdicts at its leaves; it draws itself (text, SVG, Mermaid).
- Verdict: a strategy checked against every world and hidden state (`smullyan.verify`).
- Document: every `to_dict()` / `to_json()` carries `schema`, `schema_version`, `smullyan_version`
  and the semantics options it was solved under.

Modules: `puzzles` (puzzle values and their solve), `build` (puzzles and expressions in code),
`loading` (files, TOML, English, strategies, JSONL batches), `results` (result values),
`documents` (the JSON header), `contract` (limits and the error contract), `survey` (many-god tables).
Imports point down only: faces → api → I/O (formats, english, render) → engines (logic, deduce,
interrogate, survey).
"""
