"""Game moves: how long each kind of move takes. Run: python benchmarks/bench_play.py [--games 30]

For each puzzle, games are played through the API (`smullyan.play`) with random questions from a
fixed pool (English, read by the game) and each move is timed: a question answered in the hidden
world, a question answered by the adversary (the proved worst case of every answer), an answer in
the role where the tool asks, a hint (a proved-optimal strategy for the worlds left) and a guess.
Games are prepared first (`Game.prepare`: the question grammar, the tables, the puzzle's solve), as
the terminal does before its first prompt. The reference is one full `solve` of the puzzle in the
same process; the ratio is the median move over that solve.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT  # noqa: E402

import smullyan  # noqa: E402

PUZZLES = ["hardest", "boolos", "exploding_heads", "four_gods"]
POOL = ["Is {x} random?", "Is {x} a liar?", "Does {w} mean yes?", "If I asked you 'Is {x} random?', would you say {w}?",
        "If I asked you 'Are you a liar?', would you say {w}?", "Is it true that {x} is random or {y} is truthful?"]


def question(game, rng: random.Random) -> str:
    """Return a random question of the pool to a random god."""
    agents, words = game.model.space.agents, game.model.space.words
    to, x, y = rng.choice(agents), rng.choice(agents), rng.choice(agents)
    return f"Ask {to}: " + rng.choice(POOL).format(x=x, y=y, w=rng.choice(words))


def timed(fn, *args):
    t = time.perf_counter()
    out = fn(*args)
    return out, (time.perf_counter() - t) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"{'puzzle':<16} {'move':<10} {'n':>5} {'median ms':>10} {'p90 ms':>8} {'max ms':>8} {'solve ms':>9} {'ratio':>7}")
    for name in PUZZLES:
        puzzle = smullyan.load(ROOT / "examples" / f"{name}.toml")
        _, solve_ms = timed(puzzle.solve)
        _, solve_ms = timed(puzzle.solve)  # warm: the reference is a solve once modules are loaded
        times: dict[str, list[float]] = {"ask": [], "adversary": [], "answer": [], "hint": [], "guess": []}
        for g in range(args.games):
            for adversary in (False, True):
                game = smullyan.play(puzzle, adversary=adversary, seed=g).prepare()
                for _ in range(game.model.max_questions or 3):
                    game, ms = timed(game.ask, question(game, rng))
                    times["adversary" if adversary else "ask"].append(ms)
                    if g % 5 == 0 and game.questions_left:
                        _, ms = timed(game.hint)
                        times["hint"].append(ms)
                _, ms = timed(game.guess, game.possible()[0])
                times["guess"].append(ms)
            game = smullyan.play(puzzle, role="answer").prepare()
            while not game.over:
                q = game.next_question
                game, ms = timed(game.answer, game.referee.draw(rng.randrange(game.model.space.all_worlds.bit_length()),
                                                                q.addressee, q.question, rng))
                times["answer"].append(ms)
        for move, ms in times.items():
            if not ms:
                continue
            ms.sort()
            med = statistics.median(ms)
            print(f"{name:<16} {move:<10} {len(ms):>5} {med:>10.2f} {ms[int(0.9 * (len(ms) - 1))]:>8.2f} "
                  f"{ms[-1]:>8.2f} {solve_ms:>9.1f} {med / solve_ms:>7.3f}")


if __name__ == "__main__":
    main()
