"""`smullyan play`: a game in a terminal, over the API's game object (`smullyan.play`).

The face reads a line, calls one method of the game, prints what comes back, and keeps the new state.
A line it cannot use (an unknown god, a question it cannot parse) gets one line saying what was
expected, and the game goes on. With a terminal it edits lines and keeps their history
(prompt_toolkit); otherwise it reads plain lines, echoing each after its prompt.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..errors import BadInput, LimitReached, SmullyanError

ASK_HELP = """You ask the gods; they answer by the puzzle's rules. Type:
  Ask A: Is B random?          a question in English (or  A: Does ja mean yes?)
  A: ["type", "B", "random"]   a question in the JSON expression form
  guess A is truthful, B is a liar, C is random
                               name the gods (also: guess truthful liar random)
  hint                         an optimal next question from here
  worlds                       the worlds your answers still allow
  undo                         take back the last answer or guess
  new                          a new game;   quit   (or Ctrl-D) to leave"""

ANSWER_HELP = """You are the gods: think of who is who; the tool asks and you answer as the god would. Type:
  {words}                      the god's answer (silent: the god says nothing)
  worlds                       the worlds your answers still allow
  undo                         take back your last answer
  new                          a new game;   quit   (or Ctrl-D) to leave"""

QUIT = ("quit", "exit", "q", "bye")


class Console:
    """Where lines come from and go: prompt_toolkit on a terminal, plain lines otherwise."""

    def __init__(self, stdin: TextIO, stdout: TextIO, words: list[str]):
        self.stdin, self.stdout = stdin, stdout
        self.session: Any = None
        if stdin.isatty() and stdout.isatty():
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import WordCompleter
            from prompt_toolkit.history import InMemoryHistory

            self.session = PromptSession(history=InMemoryHistory(),
                                         completer=WordCompleter(words, ignore_case=True, sentence=True),
                                         complete_while_typing=False)

    def say(self, text: str = "") -> None:
        """Print a line (or several)."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def read(self, prompt: str) -> str | None:
        """Return the next line typed (None at the end of input)."""
        if self.session is not None:
            try:
                return str(self.session.prompt(prompt))
            except EOFError:
                return None
        line = self.stdin.readline()
        if not line:
            return None
        self.stdout.write(f"{prompt}{line if line.endswith(chr(10)) else line + chr(10)}")
        self.stdout.flush()
        return line.rstrip("\r\n")


class Session:
    """One terminal session: the current game, and how to start a new one."""

    def __init__(self, new_game: Callable[[int | None], Any], console: Console, transcript: str | None):
        self.new_game = new_game
        self.console = console
        self.transcript = transcript
        self.game = new_game(None)

    # ------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play until the player leaves; return the exit status (1 if the answers were left contradictory)."""
        self.intro()
        while True:
            self.save()
            line = self.console.read(self.prompt())
            if line is None or line.strip().lower() in QUIT:
                break
            if line.strip():
                self.step(line.strip())
        return 1 if self.game.contradiction is not None else 0

    def step(self, line: str) -> None:
        """Act on one line; a line the game cannot use is reported and the game goes on."""
        word, _, rest = line.partition(" ")
        command = word.lower().rstrip(":")
        try:
            if command in ("help", "?", "h"):
                self.help()
            elif command in ("worlds", "show") and (not rest or rest.strip().lower() == "worlds"):
                self.show_worlds()
            elif command == "undo" and not rest:
                self.game = self.game.undo()
                self.console.say(f"Undone. {self.standing()}")
                self.show_next()
            elif command == "new" and not rest:
                self.game = self.new_game(None)
                self.intro()
            elif self.game.role == "ask":
                self.step_ask(command, rest, line)
            else:
                self.step_answer(line)
        except LimitReached as e:
            self.console.say(f"limit: {e.message} (the game is unchanged)")
        except BadInput as e:
            self.console.say(f"? {e.render()}")

    def step_ask(self, command: str, rest: str, line: str) -> None:
        """Act on a line in a game where the player asks."""
        if command == "hint" and not rest:
            hint = self.game.hint()
            if hint.question is None:
                self.console.say(f"Hint: {hint.text}.")
            else:
                self.console.say(f"Hint: {hint.text}  ({self._count(hint.questions, 'question')} "
                                 "from here in the worst case, proved)")
        elif command == "strategy" and not rest:
            self.show_strategy()
        elif command == "guess":
            self.game = self.game.guess(rest)
            self.show_ending()
        else:
            self.game = self.game.ask(line)
            move = self.game.moves[-1]
            self.console.say(f"{move.addressee} says: {'nothing (silence)' if move.answer == 'silent' else move.answer}"
                             f"    [{self.standing()}]")

    def step_answer(self, line: str) -> None:
        """Act on a line in a game where the player answers."""
        self.game = self.game.answer(line)
        if self.game.contradiction is not None:
            self.console.say(f"{self.game.contradiction}.")
            self.console.say("Type undo to change your answer.")
        elif self.game.over:
            self.show_ending()
        else:
            self.show_next()

    # ------------------------------------------------------------ what is printed

    def intro(self) -> None:
        """Print the puzzle and how to play."""
        view = self.game.view()
        say = self.console.say
        say(view["title"] or "A puzzle")
        description = self.game.puzzle.description or (self.game.source.description if self.game.source else "")
        if description:
            say(description)
        types = ", ".join(view["types"])
        who = "People" if self.game.source is not None else "Gods"
        say(f"{who}: {', '.join(view['gods'])}; types: {types}; they answer {' or '.join(view['words'])}"
            + ("" if view["words"] == ["yes", "no"] else " (which means yes is for you to find out)") + ".")
        if self.game.source is not None:
            n = view["worlds_left"]
            say(f"The puzzle's statements hold: {self._count(n, 'world')} {'fits' if n == 1 else 'fit'} them.")
        if self.game.role == "ask":
            budget = view["max_questions"]
            say(("You may ask " + self._count(budget, "question") if budget is not None else "Ask as many questions "
                 "as you need") + ", then name the gods (guess …)."
                + (" The gods answer against you: each answer keeps you in the dark as long as the rules allow."
                   if self.game.adversary else ""))
            say("Type help for the commands.")
        else:
            say(f"Think of who is who. I will ask; answer as {'each person' if self.game.source else 'the god'} "
                "would. Type help for the commands.")
            self.show_next()
            if self.game.over:
                self.show_ending()

    def prompt(self) -> str:
        """Return the prompt for the next line."""
        game = self.game
        if game.over:
            return "game over (undo, new or quit)> "
        if game.role == "answer":
            if game.contradiction is not None:
                return "contradiction (undo)> "
            return f"{'/'.join(game.model.space.words)}/silent> "
        budget = game.model.max_questions
        n = len(game.moves) + 1
        if budget is not None and n > budget:
            return "guess> "
        return f"question {n}{'' if budget is None else f' of {budget}'}> "

    def standing(self) -> str:
        """Return how many worlds and possibilities the answers leave."""
        g = self.game
        return (f"{self._count(g.possibilities, 'possibility')} left ({self._count(g.worlds, 'world')})"
                + ("" if g.questions_left is None else f", {self._count(g.questions_left, 'question')} to go"))

    def show_next(self) -> None:
        """Print the tool's next question (role answer)."""
        nxt = self.game.next_question
        if nxt is not None:
            self.console.say(f"Question {len(self.game.moves) + 1}. {nxt.text}")

    def show_worlds(self, most: int = 24) -> None:
        """Print the worlds every answer so far still allows."""
        rows = self.game.possible()
        self.console.say(f"{self._count(len(rows), 'world')} still possible:")
        for row in rows[:most]:
            self.console.say("  " + " ".join(f"{k}={v}" for k, v in row.items()))
        if len(rows) > most:
            self.console.say(f"  … and {len(rows) - most} more")

    def show_ending(self) -> None:
        """Print how the game ended and, when you asked, an optimal strategy."""
        ending = self.game.ending
        self.console.say(ending.message)
        if self.game.role == "ask":
            self.show_strategy()

    def show_strategy(self) -> None:
        """Print the puzzle's proved-optimal strategy (or the proof that none exists)."""
        result = self.game.optimum
        if result.strategy is None:
            self.console.say(f"No strategy: {result.proof}")
            return
        self.console.say(f"An optimal strategy ({result.summary()}):")
        self.console.say(result.strategy.text())

    def help(self) -> None:
        """Print the commands of this game."""
        if self.game.role == "ask":
            self.console.say(ASK_HELP)
        else:
            words = ", ".join(self.game.model.space.words) + ", silent"
            self.console.say(ANSWER_HELP.format(words=f"{words:<28}"))

    def save(self) -> None:
        """Write the transcript (the game as JSON) when asked for one."""
        if self.transcript is None:
            return
        try:
            with open(self.transcript, "w", encoding="utf-8") as f:
                f.write(self.game.to_json() + "\n")
        except OSError as e:
            raise BadInput(f"cannot write the transcript: {e.strerror or e}", source=self.transcript) from None

    @staticmethod
    def _count(n: int | None, noun: str) -> str:
        from ..render.game import count

        return "no limit on" + f" {noun}s" if n is None else count(n, noun)


def play(puzzle: Any, role: str, adversary: bool, seed: int | None, limit: Any, transcript: str | None,
         stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run a terminal game of a puzzle until the player leaves; return the exit status."""
    import smullyan

    first = {"seed": seed}

    def new_game(_: int | None) -> Any:
        chosen, first["seed"] = first["seed"], None  # --seed fixes the first game; `new` draws afresh
        return smullyan.play(puzzle, role=role, adversary=adversary, seed=chosen, limit=limit)

    game_words = ["help", "hint", "guess", "worlds", "undo", "new", "quit", "strategy", "Ask"]
    session = Session(new_game, Console(stdin or sys.stdin, stdout or sys.stdout, game_words), transcript)
    game = session.game.prepare()
    names = list(game.model.space.agents) + list(game.model.space.words)
    if session.console.session is not None:
        from prompt_toolkit.completion import WordCompleter

        session.console.session.completer = WordCompleter(game_words + names, ignore_case=True, sentence=True)
    try:
        return session.run()
    except SmullyanError:
        raise
    except KeyboardInterrupt:
        session.save()
        raise
