"""`smullyan play` driven as a user drives it: in a pseudo-terminal (pexpect), and with piped lines."""

import json
import os
import random
import re
import subprocess
import sys

import pytest

import smullyan
from smullyan.interrogate.strategy import Ask as AskNode
from smullyan.render.english import English

from conftest import EXAMPLES

pexpect = pytest.importorskip("pexpect")

HARDEST = EXAMPLES / "hardest.toml"
ENGLISH = English({})
TIMEOUT = 20


def spawn(*args):
    """Start `smullyan play` in a pseudo-terminal, as a person at a terminal would."""
    env = {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "200", "LINES": "50"}
    child = pexpect.spawn(sys.executable, ["-m", "smullyan", "play", *map(str, args)], env=env, encoding="utf-8",
                          timeout=TIMEOUT, dimensions=(50, 200))
    return child


def finish(child, status=0):
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status, child.before


def ask_by_the_optimal_strategy(child):
    """Ask the questions of the puzzle's optimal strategy, following the answers heard; return the leaf
    and how many questions were asked."""
    node = smullyan.load(HARDEST).solve().strategy.root
    asked = 0
    while isinstance(node, AskNode):
        child.expect(r"question \d of 3>")
        child.sendline(f"Ask {node.addressee}: {ENGLISH.question(node.question, node.addressee)}")
        child.expect(rf"{node.addressee} says: (ja|da)")
        node = node.branch(child.match.group(1))
        asked += 1
    return node, asked


def guess_text(leaf):
    return "guess " + ", ".join(f"{a} is {t}" for a, t in leaf.types)


def test_you_ask_and_name_the_gods_right():
    child = spawn(HARDEST, "--seed", 7)
    child.expect("The Hardest Logic Puzzle Ever")
    child.expect("question 1 of 3>")
    child.sendline("help")
    child.expect("name the gods")
    leaf, asked = ask_by_the_optimal_strategy(child)
    assert asked <= 3
    child.expect("guess>")
    child.sendline(guess_text(leaf))
    child.expect(r"Right: A is \w+.*You asked \d questions; the fewest that always suffice is 3")
    child.expect("An optimal strategy")
    child.expect("game over")
    finish(child)


def test_a_wrong_guess_and_a_malformed_question_and_undo():
    child = spawn(HARDEST, "--seed", 3)
    child.expect("question 1 of 3>")
    child.sendline("Ask D: Is B random?")
    child.expect(re.escape("? column 5: unknown god 'D'; the gods are A, B, C"))
    child.expect("question 1 of 3>")  # the game goes on
    child.sendline("Ask A: Is B blue?")
    child.expect(re.escape("? column 13: unknown type 'blue'; this puzzle's types are truthful, liar, random"))
    child.sendline("Ask A: If I asked you 'Is B random?', would you say ja?")
    child.expect(r"A says: (ja|da)")
    child.expect("question 2 of 3>")
    child.sendline("worlds")
    child.expect("8 worlds still possible:")
    child.sendline("guess A is truthful, B is a liar, C is random")
    child.expect(r"(Wrong\. The gods were: .*|Right: .*)You asked 1 question")
    child.expect("game over")
    child.sendline("undo")
    child.expect("Undone.")
    child.expect("question 2 of 3>")
    finish(child)


def test_the_adversary_keeps_you_in_the_dark_but_the_optimal_strategy_still_wins_in_three():
    child = spawn(HARDEST, "--adversary", "--seed", 5)
    child.expect("The gods answer against you")
    leaf, asked = ask_by_the_optimal_strategy(child)
    assert asked == 3
    child.expect("guess>")
    child.sendline(guess_text(leaf))
    child.expect("Right: ")
    finish(child)


def test_you_answer_as_the_gods_and_are_named():
    world = 7  # think of one world of the puzzle, and answer as its gods would
    twin = smullyan.play(smullyan.load(HARDEST), role="answer")
    rng = random.Random(3)
    child = spawn(HARDEST, "--role", "answer")
    child.expect("Think of who is who")
    while not twin.over:
        q = twin.next_question
        child.expect(re.escape(f"Question {len(twin.moves) + 1}. {q.text}"))
        child.expect(re.escape("ja/da/silent>"))
        said = twin.referee.draw(world, q.addressee, q.question, rng)
        child.sendline(said)
        twin = twin.answer(said)
    types = twin.model.space.worlds[world].types
    child.expect(re.escape("You are thinking of: ") + r"A is (a )?" + types[0])
    finish(child)


def test_answers_that_fit_no_world_are_shown_and_can_be_undone():
    child = spawn(HARDEST, "--role", "answer")
    for answer in ("ja", "ja"):
        child.expect(re.escape("ja/da/silent>"))
        child.sendline(answer)
    child.expect(re.escape("ja/da/silent>"))
    child.sendline("silent")
    child.expect(re.escape("no world fits your answers: at question 3 you answered nothing for C, but in the 4 worlds "
                           "your earlier answers leave, C would have said ja if A is a liar"))
    child.expect(re.escape("contradiction (undo)>"))
    child.sendline("ja")
    child.expect("your answers already contradict every world; undo to change one")
    child.sendline("undo")
    child.expect(re.escape("ja/da/silent>"))
    child.sendline("ja")
    child.expect(re.escape("You are thinking of: A is a liar, B is random, C is truthful."))
    finish(child)


def test_leaving_with_a_contradiction_exits_1():
    child = spawn(HARDEST, "--role", "answer")
    for answer in ("ja", "ja", "silent"):
        child.expect(re.escape(">"))
        child.sendline(answer)
    child.expect("no world fits your answers")
    finish(child, status=1)


def test_ctrl_c_interrupts_with_status_130_and_keeps_the_transcript(tmp_path):
    transcript = tmp_path / "game.json"
    child = spawn(HARDEST, "--seed", 1, "--transcript", transcript)
    child.expect("question 1 of 3>")
    child.sendline("Ask A: Is B random?")
    child.expect("A says")
    child.expect("question 2 of 3>")
    child.sendintr()
    child.expect("interrupted")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    game = smullyan.Game.from_json(transcript.read_text())
    assert [m.text for m in game.moves] == ["Ask A: Is B random?"]


def run_piped(lines, *args):
    """Run `smullyan play` with lines on stdin (no terminal)."""
    return subprocess.run([sys.executable, "-m", "smullyan", "play", *map(str, args)], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)


def test_piped_lines_play_a_whole_game_reproducibly(tmp_path):
    lines = ["Ask A: If I asked you 'Is B random?', would you say ja?", "hint", "Ask C: Does ja mean yes?",
             "guess truthful liar random"]
    first = run_piped(lines, HARDEST, "--seed", 11, "--transcript", tmp_path / "t.json")
    second = run_piped(lines, HARDEST, "--seed", 11)
    assert first.returncode == 0 and first.stdout == second.stdout
    assert "question 1 of 3> Ask A: If I asked you 'Is B random?', would you say ja?\n" in first.stdout
    assert "Hint: Ask " in first.stdout and "(2 questions from here in the worst case, proved)" in first.stdout
    assert re.search(r"(Right|Wrong)", first.stdout)
    data = json.loads((tmp_path / "t.json").read_text())
    assert data["schema"] == "smullyan/game" and data["over"] is True and len(data["moves"]) == 2


def test_bad_puzzles_and_options_exit_2():
    out = run_piped([], EXAMPLES / "zebra.toml")
    assert out.returncode == 2 and "only puzzles with people who answer" in out.stderr
    out = run_piped([], EXAMPLES / "truthful_or_random.toml", "--role", "answer")
    assert out.returncode == 2 and "the tool cannot ask this puzzle's questions" in out.stderr
    out = run_piped([], "no-such-file.toml")
    assert out.returncode == 2 and "no-such-file.toml" in out.stderr
    out = run_piped([], HARDEST, "--role", "answer", "--adversary")
    assert out.returncode == 2 and "the adversary answers your questions" in out.stderr
    assert "Traceback" not in out.stderr


def test_an_inconsistent_puzzle_has_nothing_to_play_and_exits_1(tmp_path):
    text = tmp_path / "liar.txt"
    text.write_text('A says: "I am a knave."\n')
    out = run_piped([], text)
    assert out.returncode == 1
    assert out.stderr == "nothing to play: Inconsistent: these contradict each other: statement 1.\n"
