"""Games: play a puzzle both ways round, as immutable states that every face (terminal, web) drives.

- Role "ask": you ask. The tool secretly picks a world (and, question by question, the random gods'
  hidden states); you put questions to the gods and they answer by the puzzle's semantics; you name
  the gods with `guess`. With `adversary=True` no world is picked in advance: each answer keeps the
  largest proved worst case for you (then the most worlds), and the hidden world is chosen at the end
  among the worlds every answer left.
- Role "answer": you think of the gods. The tool asks the questions of a proved-optimal, verified
  strategy; you answer as each god would; it names them, or says where your answers contradict
  every world.
- State: the puzzle, the role, the seed, the moves so far and how it ended. Every method returns a
  new state (`undo` the previous one); `to_json` / `from_json` keep a game between requests, and
  `view` is what a player may see (never the hidden world before the end).
Knights-and-knaves puzzles are played over the worlds their statements allow: each person is a
gods-style answerer of plain yes and no.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from ..errors import BadInput, InternalError, PuzzleError
from ..interrogate.puzzle import Interrogation
from ..interrogate.referee import members_of
from ..interrogate.strategy import Ask as AskNode
from ..interrogate.strategy import Identified, Node
from ..logic import expr as E
from ..render.game import plain_words
from .contract import LimitSpec, guarded, parse_limit
from .documents import header
from .puzzles import DeductionPuzzle, GodsPuzzle, Puzzle

if TYPE_CHECKING:
    from ..interrogate.referee import Referee
    from .results import StrategyResult

ROLES = ("ask", "answer")
GAME_SCHEMA = "smullyan/game"


@dataclass(frozen=True)
class Move:
    """One question asked and the answer heard."""

    addressee: str
    question: E.Expr
    answer: str  # a word, or "silent"
    text: str  # the question in English: "Ask A: Is B random?"
    worlds: int  # how many worlds the answers so far leave

    def to_dict(self) -> dict[str, Any]:
        """Return the move as JSON data."""
        return {"to": self.addressee, "question": self.text, "expression": E.to_json(self.question),
                "answer": self.answer, "worlds_left": self.worlds}


@dataclass(frozen=True)
class Ending:
    """How a game ended: who was named, whether rightly, and against what optimum."""

    named: dict[str, str]  # role ask: your guess; role answer: what the tool named (types as the puzzle spells them)
    right: bool | None  # role ask: whether your guess is right; role answer: None (you know)
    truth: dict[str, str] | None  # role ask: the hidden world revealed; role answer: None
    proved: bool  # the answers left only what was named
    questions: int  # questions asked
    optimum: int | None  # the proved fewest questions in the worst case (None: no strategy exists)
    message: str

    def to_dict(self) -> dict[str, Any]:
        """Return the ending as JSON data."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Hint:
    """An optimal next question from where the game stands, or why there is none."""

    addressee: str | None
    question: E.Expr | None
    text: str  # the question in English, or the sentence saying why there is none
    questions: int | None  # the fewest questions still needed from here in the worst case (None: none suffice)

    def to_dict(self) -> dict[str, Any]:
        """Return the hint as JSON data."""
        return {"to": self.addressee, "question": self.text,
                "expression": None if self.question is None else E.to_json(self.question),
                "questions": self.questions}


class _Shared:
    """What every state of one game shares: the referee, the limit, and solves done once."""

    def __init__(self, model: Interrogation, limit: LimitSpec):
        from ..interrogate.referee import Referee

        self.limit = limit
        self.referee: Referee = Referee(model, parse_limit(limit))
        self.optimum: StrategyResult | None = None


def _rng(seed: int, *tag: Any) -> random.Random:
    """Return the random source of one step of a game (reproducible from the seed)."""
    return random.Random(":".join(str(t) for t in (seed, *tag)))


@dataclass(frozen=True, repr=False)
class Game:
    """A game in progress or ended; every method returns a new state."""

    puzzle: GodsPuzzle  # the puzzle played (for knights and knaves: its people as yes/no answerers)
    role: str
    adversary: bool
    seed: int
    moves: tuple[Move, ...] = ()
    ending: Ending | None = None
    contradiction: str | None = None  # role answer: why no world fits your answers (undo to go on)
    source: Puzzle | None = field(default=None, compare=False)  # the puzzle as given (a knights-and-knaves puzzle)
    _secret: int | None = field(default=None, compare=False)
    _trail: tuple[int, ...] = field(default=(), compare=False)  # world set before each move, and after the last
    _shared: _Shared | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        state = "over" if self.over else f"{len(self.moves)} asked, {self.worlds} worlds left"
        return f"Game({self.puzzle.title!r}, role={self.role!r}, adversary={self.adversary}, {state})"

    # ------------------------------------------------------------ what the player sees

    @property
    def model(self) -> Interrogation:
        """Return the engine puzzle played."""
        return self.puzzle.model

    @property
    def referee(self) -> "Referee":
        """Return the referee shared by every state of this game."""
        assert self._shared is not None
        return self._shared.referee

    @property
    def node(self) -> int:
        """Return the world set every answer so far leaves."""
        return self._trail[-1]

    @property
    def worlds(self) -> int:
        """Return how many worlds every answer so far leaves."""
        return self.node.bit_count()

    @property
    def possibilities(self) -> int:
        """Return how many different answers to the puzzle (what must be named) are still possible."""
        return self.referee.classes(self.node)

    @property
    def over(self) -> bool:
        """Return whether the game has ended."""
        return self.ending is not None

    @property
    def questions_left(self) -> int | None:
        """Return how many questions the puzzle still allows (None: no limit)."""
        budget = self.model.max_questions
        return None if budget is None else max(0, budget - len(self.moves))

    @property
    def strategy(self) -> Node | None:
        """Return the strategy the tool asks by (role answer), from the puzzle's optimal solve."""
        if self.role != "answer":
            return None
        result = self.optimum
        return None if result.strategy is None else result.strategy.root

    @property
    def next_question(self) -> Move | None:
        """Return the tool's next question (role answer), with an empty answer; None when it has none."""
        node = self._current()
        if node is None or not isinstance(node, AskNode) or self.contradiction is not None:
            return None
        from ..render.game import question_text

        return Move(node.addressee, node.question, "", question_text(self.model, node.addressee, node.question),
                    self.worlds)

    def possible(self) -> tuple[dict[str, str], ...]:
        """Return the worlds every answer so far leaves: each god's type (as the puzzle spells it) and,
        when the words are not plain yes and no, each word's meaning."""
        space, plain = self.model.space, plain_words(self.model)
        out = []
        for i in members_of(self.node):
            w = space.worlds[i]
            row = {a: self.model.type_name(t) for a, t in zip(space.agents, w.types)}
            if not plain:
                row.update({word: m for word, m in zip(space.words, w.language)})
            out.append(row)
        return tuple(out)

    @property
    def optimum(self) -> "StrategyResult":
        """Return the puzzle's solve: the proved-optimal, verified strategy or the proof that none exists."""
        assert self._shared is not None
        if self._shared.optimum is None:
            self._shared.optimum = self.puzzle.solve(limit=self._shared.limit)
        return self._shared.optimum

    @guarded
    def prepare(self) -> "Game":
        """Return this game after building what its moves need (the question grammar, the answer
        tables, the puzzle's optimal solve), so that each move then answers at once."""
        from ..english.moves import read_question

        space = self.model.space
        read_question(f"Ask {space.agents[0]}: Is {space.agents[-1]} random?", space.agents, self.model.display)
        self.referee.contexts()
        self.optimum  # noqa: B018 - solved once, shared by every state of the game
        return self

    # ------------------------------------------------------------ moves

    @guarded
    def ask(self, question: str | E.Expr | list[Any] | bool, to: str | None = None) -> "Game":
        """Return the game after putting a question to a god (role ask): English ("Ask A: Is B random?"),
        the JSON expression form, or an expression with `to`; raise BadInput for a question the puzzle
        cannot take (the game is unchanged)."""
        self._expect("ask")
        left = self.questions_left
        if left == 0:
            raise BadInput(f"you have asked all {self.model.max_questions} questions this puzzle allows; "
                           "name the gods (guess)")
        addressee, expr = self._read_question(question, to)
        ref = self.referee
        ref.admissible(self.node, addressee, expr)
        if self.adversary:
            heard = ref.adversary(self.node, addressee, expr, _rng(self.seed, "answer", len(self.moves)))
        else:
            assert self._secret is not None
            heard = ref.draw(self._secret, addressee, expr, _rng(self.seed, "answer", len(self.moves)))
        return self._after(addressee, expr, heard)

    @guarded
    def answer(self, word: str) -> "Game":
        """Return the game after you answer the tool's question (role answer) as the god would: one of
        the words, or 'silent'. An answer no world allows ends in `contradiction` (undo to go on)."""
        from ..english.moves import read_answer

        self._expect("answer")
        if self.contradiction is not None:
            raise BadInput("your answers already contradict every world; undo to change one")
        node = self._current()
        if not isinstance(node, AskNode):
            raise InternalError("the strategy has no question here")
        heard = read_answer(word, self.model.space.words)
        return self._after(node.addressee, node.question, heard)

    @guarded
    def guess(self, named: str | Mapping[str, str]) -> "Game":
        """Return the ended game after you name the gods (role ask): 'A is truthful, B is a liar, C is
        random', or a mapping of god to type (and word to meaning when the goal asks for the language)."""
        from ..english.moves import read_guess
        from ..interrogate.referee import pick
        from ..render.game import world_language, world_types

        self._expect("ask")
        space = self.model.space
        types = space.type_names()
        if isinstance(named, str):
            guessed, language = read_guess(named, space.agents, space.words, types, self.model.display)
        elif isinstance(named, Mapping):
            text = ", ".join(f"{k} is {v}" if k in space.agents else f"{k} means {v}" for k, v in named.items())
            guessed, language = read_guess(text, space.agents, space.words, types, self.model.display)
        else:
            raise BadInput(f"a guess is text ('A is truthful, …') or a mapping of god to type, got {named!r}")
        want_language = self.model.goal == "types+language"
        if want_language and set(language) != set(space.words):
            missing = [w for w in space.words if w not in language]
            raise BadInput(f"this puzzle asks for the language too: say what {', '.join(missing)} "
                           f"mean{'s' if len(missing) == 1 else ''} ('{space.words[0]} means yes')")
        target = (tuple(guessed[a] for a in space.agents),) + (
            (tuple(language[w] for w in space.words),) if want_language else ())
        fits = [i for i in members_of(self.node) if space.goal_value(i, self.model.goal) == target]
        if self.adversary:
            others = self.node & ~sum(1 << i for i in fits)
            secret = pick(others or self.node, _rng(self.seed, "end", len(self.moves)))
        else:
            assert self._secret is not None
            secret = self._secret
        right = space.goal_value(secret, self.model.goal) == target
        proved = bool(fits) and len(fits) == self.worlds
        optimum = self.optimum.questions if self.optimum.solvable else None
        truth = {a: self.model.type_name(t) for a, t in world_types(self.model, secret).items()}
        if not plain_words(self.model):
            truth.update(world_language(self.model, secret))
        ending = Ending({a: self.model.type_name(t) for a, t in guessed.items()} | language, right, truth, proved,
                        len(self.moves), optimum,
                        self._ending_message(guessed, language if want_language else None, secret, right, fits))
        return dataclasses.replace(self, ending=ending, _secret=secret)

    @guarded
    def undo(self) -> "Game":
        """Return the game before the last step: the guess or the last answer."""
        if self.ending is not None and self.role == "ask":
            return dataclasses.replace(self, ending=None, _secret=None if self.adversary else self._secret)
        if not self.moves:
            raise BadInput("nothing to undo")
        return dataclasses.replace(self, moves=self.moves[:-1], _trail=self._trail[:-1], ending=None,
                                   contradiction=None)

    @guarded
    def hint(self) -> Hint:
        """Return an optimal next question from where the game stands (role ask): the first question of
        a proved-optimal strategy for the worlds every answer leaves, verified like every strategy."""
        self._expect("ask")
        from ..logic.worlds import WorldSpace
        from ..render.game import count, question_text

        if self.referee.identified(self.node):
            return Hint(None, None, "the answers so far identify the gods: name them (guess)", 0)
        if self.questions_left == 0:
            return Hint(None, None, f"you have no questions left and {count(self.possibilities, 'possibility')} "
                                    "remain: name the gods (guess), and see an optimal strategy", None)
        space = self.model.space
        sub = WorldSpace(space.agents, space.words, tuple(space.worlds[i] for i in members_of(self.node)),
                         space.random_mode, space.paradox)
        model = dataclasses.replace(self.model, space=sub, max_questions=self.questions_left, objective="worst")
        assert self._shared is not None
        result = GodsPuzzle(model).solve(limit=self._shared.limit)
        if not result.solvable or result.strategy is None or not isinstance(result.strategy.root, AskNode):
            left = self.questions_left
            within = f"the {count(left, 'question')} you have left" if left is not None else "any number of questions"
            return Hint(None, None, f"no strategy of {within} can identify the gods from here "
                                    f"({count(self.possibilities, 'possibility')} remain)", None)
        root = result.strategy.root
        return Hint(root.addressee, root.question, question_text(self.model, root.addressee, root.question),
                    result.questions)

    # ------------------------------------------------------------ JSON

    def view(self) -> dict[str, Any]:
        """Return what the player may see: the moves, the worlds left, the tool's next question and the
        ending (the hidden world only once the game is over)."""
        space = self.model.space
        nxt = self.next_question
        return {
            "title": self.puzzle.title, "role": self.role, "adversary": self.adversary,
            "gods": list(space.agents), "words": list(space.words),
            "types": [self.model.type_name(t) for t in space.type_names()],
            "goal": self.model.goal, "max_questions": self.model.max_questions,
            "moves": [m.to_dict() for m in self.moves],
            "worlds_left": self.worlds, "possibilities_left": self.possibilities,
            "questions_left": self.questions_left,
            "next_question": None if nxt is None else {"to": nxt.addressee, "question": nxt.text,
                                                        "expression": E.to_json(nxt.question)},
            "contradiction": self.contradiction,
            "over": self.over,
            "ending": None if self.ending is None else self.ending.to_dict(),
        }

    def to_dict(self) -> dict[str, Any]:
        """Return the whole state, the hidden world included: for a server to keep between requests
        (never send it to the player; `view` is what the player sees)."""
        source = self.source if self.source is not None else self.puzzle
        return {**header("game", self.puzzle.semantics()), **self.view(), "seed": self.seed,
                "secret": self._secret, "puzzle_kind": source.kind, "puzzle": source.to_toml(),
                "limit": self._shared.limit if self._shared is not None else None}

    def to_json(self) -> str:
        """Return the whole state as JSON text (`Game.from_json` reads it back)."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    @classmethod
    @guarded
    def from_json(cls, text: str | bytes | Mapping[str, Any]) -> "Game":
        """Return the game a `to_json` text describes, replaying and checking every move."""
        from .loading import loads

        try:
            data = json.loads(text) if isinstance(text, (str, bytes)) else dict(text)
        except ValueError as e:
            raise BadInput(f"not a game: invalid JSON ({e})") from None
        if not isinstance(data, dict) or data.get("schema") != GAME_SCHEMA:
            raise BadInput(f"not a game: the JSON has no \"schema\": \"{GAME_SCHEMA}\"", key="schema")
        for key, kind in (("puzzle", str), ("role", str), ("adversary", bool), ("seed", int), ("moves", list)):
            if not isinstance(data.get(key), kind) or (kind is int and isinstance(data.get(key), bool)):
                raise BadInput(f"missing or malformed (expected {kind.__name__})", key=key)
        game = play(loads(data["puzzle"]), role=data["role"], adversary=data["adversary"], seed=data["seed"],
                     limit=data.get("limit"), _secret=data.get("secret"))
        for n, move in enumerate(data["moves"], 1):
            try:
                game = game._replay(move)
            except BadInput as e:
                raise BadInput(e.message, key=f"moves[{n}]") from None
        ending = data.get("ending")
        if isinstance(ending, dict) and game.role == "ask":
            named = ending.get("named")
            if not isinstance(named, dict):
                raise BadInput("missing or malformed (expected an object)", key="ending.named")
            game = game.guess({str(k): str(v) for k, v in named.items()})
        return game

    # ------------------------------------------------------------ inside

    def _expect(self, role: str) -> None:
        if self.role != role:
            other = "you ask and name the gods" if self.role == "ask" else "the tool asks and you answer"
            raise BadInput(f"in this game {other}")
        if self.over:
            raise BadInput("the game is over; undo to go back, or start a new one")

    def _read_question(self, question: str | E.Expr | list[Any] | bool, to: str | None) -> tuple[str, E.Expr]:
        from ..english.moves import read_question

        space = self.model.space
        if isinstance(question, E.Expr) or isinstance(question, (list, bool)):
            if to is None:
                raise BadInput("say whom the question is put to (to='A')")
            expr = question if isinstance(question, E.Expr) else E.from_json(question)
            space.agent_index(to)
            return to, expr
        if not isinstance(question, str):
            raise BadInput(f"a question is text, an expression or its JSON form, got {type(question).__name__}")
        text = question if to is None else f"{to}: {question}"
        return read_question(text, space.agents, self.model.display, space.type_names())

    def _current(self) -> Node | None:
        """Return the strategy node the answers lead to (role answer)."""
        node = self.strategy
        for m in self.moves:
            if not isinstance(node, AskNode):
                return None
            node = node.branch(m.answer)
        return node

    def _after(self, addressee: str, expr: E.Expr, heard: str) -> "Game":
        """Return the game after `heard` was the answer to a question."""
        from ..render.game import contradiction_text, question_text

        ref = self.referee
        children = ref.children(self.node, addressee, expr)
        child = children.get(heard, 0)
        move = Move(addressee, expr, heard, question_text(self.model, addressee, expr), child.bit_count())
        game = dataclasses.replace(self, moves=self.moves + (move,), _trail=self._trail + (child,))
        if self.role == "ask":
            if not child:
                raise InternalError(f"the answer {heard} fits no world still possible")
            return game
        if not child:
            return dataclasses.replace(game, contradiction=contradiction_text(
                self.model, len(game.moves), addressee, heard, self._would(addressee, expr)))
        node = game._current()
        if node is None:
            raise InternalError(f"the verified strategy has no branch for {heard} though a world allows it")
        if isinstance(node, Identified):
            return dataclasses.replace(game, ending=self._named(game, node))
        return game

    def _would(self, addressee: str, expr: E.Expr) -> dict[int, frozenset[str]]:
        """Return what the god may answer in each world of the node."""
        outs, _ = self.referee.heard(addressee, expr)
        names = self.referee.outcome_names
        return {i: frozenset(names[o] for o, ws in enumerate(outs) if ws >> i & 1) for i in members_of(self.node)}

    def _named(self, game: "Game", leaf: Identified) -> Ending:
        from ..render.game import count, types_text

        types = dict(leaf.types)
        language = dict(leaf.language) if leaf.language else None
        named = {a: self.model.type_name(t) for a, t in types.items()} | (language or {})
        optimum = self.optimum.questions
        n = len(game.moves)
        if optimum == 0:
            message = f"The puzzle alone settles who is who, without a question: {types_text(self.model, types, language)}."
        elif optimum is None:
            message = f"You are thinking of: {types_text(self.model, types, language)}. Named with {count(n, 'question')}."
        else:
            message = (f"You are thinking of: {types_text(self.model, types, language)}. Named with "
                       f"{count(n, 'question')}; {count(optimum, 'question')} always {'suffices' if optimum == 1 else 'suffice'} "
                       "and fewer cannot (proved).")
        return Ending(named, None, None, True, n, optimum, message)

    def _ending_message(self, guessed: dict[str, str], language: dict[str, str] | None, secret: int,
                        right: bool, fits: list[int]) -> str:
        from ..render.game import count, types_text, world_text

        n = len(self.moves)
        others = self.possibilities - (1 if fits else 0)
        if right:
            head = f"Right: {types_text(self.model, guessed, language)}."
            if others:
                head += (f" A lucky guess, though: your answers still allowed {count(others, 'other possibility')}"
                         f"{'' if others == 1 else ''}.")
        else:
            head = f"Wrong. The gods were: {world_text(self.model, secret)}."
            if fits:
                head += (f" Your guess fitted the answers, but so did {count(others, 'other possibility')}: "
                         "the answers had not yet told them apart.")
            else:
                head += f" Your guess was ruled out by the answer to question {self._ruled_out(guessed, language)}."
        result = self.optimum
        if result.solvable:
            tail = (f" You asked {count(n, 'question')}; the fewest that always suffice is {result.questions} "
                    f"(proved by exhaustive search).")
        else:
            tail = f" You asked {count(n, 'question')}; {result.proof}"
        return head + tail

    def _ruled_out(self, guessed: dict[str, str], language: dict[str, str] | None) -> int:
        """Return the number of the first answer that no world of the guess allows."""
        space = self.model.space
        target = (tuple(guessed[a] for a in space.agents),) + ((tuple(language[w] for w in space.words),)
                                                               if language else ())
        for n, ws in enumerate(self._trail[1:], 1):
            if not any(space.goal_value(i, self.model.goal) == target for i in members_of(ws)):
                return n
        return 0

    def _replay(self, move: Any) -> "Game":
        """Return the game after a recorded move, checked against the puzzle's semantics."""
        if not isinstance(move, dict) or not isinstance(move.get("answer"), str):
            raise BadInput("a move is an object with 'to', 'expression' and 'answer'")
        if self.role == "answer":
            return self.answer(move["answer"])
        to, data = move.get("to"), move.get("expression")
        if not isinstance(to, str):
            raise BadInput("missing or malformed 'to'")
        self._expect("ask")
        expr = E.from_json(data)
        self.model.space.agent_index(to)
        self.referee.admissible(self.node, to, expr)
        heard = move["answer"]
        children = self.referee.children(self.node, to, expr)
        if heard not in children:
            raise BadInput(f"the answer {heard!r} fits none of the worlds the earlier answers leave")
        if self._secret is not None and not (self.referee.heard(to, expr)[0][
                self.referee.outcome_names.index(heard)] >> self._secret & 1):
            raise BadInput(f"the answer {heard!r} is not one the god could give in the hidden world")
        return self._after(to, expr, heard)


def knights_as_gods(puzzle: DeductionPuzzle, limit: LimitSpec = None) -> GodsPuzzle:
    """Return a knights-and-knaves puzzle as gods to question: its people answer plain yes and no, in
    the worlds its statements allow (each different type assignment once)."""
    from ..logic.worlds import build_space

    if puzzle.kind == "grid" or not puzzle.agents:
        raise BadInput("only puzzles with people who answer (knights and knaves, gods) can be played; "
                       "this one is a grid of clues")
    result = puzzle.solve(limit=limit)
    if not result.solutions:
        raise PuzzleError("the puzzle's statements contradict each other: no world is left to play in")
    assignments = sorted({w.types for w in result.engine.worlds})
    space = build_space(puzzle.agents, assignments)
    title = puzzle.title or "Knights and knaves"
    model = Interrogation(space, goal="types", max_questions=None, title=title, display=dict(puzzle.model.display),
                          description=puzzle.description)
    return GodsPuzzle(model)


@guarded
def play(puzzle: Puzzle, role: str = "ask", adversary: bool = False, seed: int | None = None,
          limit: LimitSpec = "10s", _secret: int | None = None) -> Game:
    """Return a new game of a puzzle: `role` "ask" (you ask, the tool's gods answer) or "answer" (the
    tool asks by a proved-optimal strategy, you answer); `adversary` makes the gods answer so as to
    keep you in the dark as long as the rules allow; `seed` makes the game reproducible; `limit`
    bounds every search of the game (raise LimitReached past it)."""
    if role not in ROLES:
        raise BadInput(f"role takes one of: {', '.join(ROLES)}; got {role!r}")
    if adversary and role != "ask":
        raise BadInput("the adversary answers your questions: it needs role 'ask'")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise BadInput(f"a seed is a whole number, got {seed!r}")
    source: Puzzle | None = None
    if isinstance(puzzle, DeductionPuzzle):
        source, puzzle = puzzle, knights_as_gods(puzzle, limit)
    elif not isinstance(puzzle, GodsPuzzle):
        raise BadInput(f"play takes a puzzle (smullyan.load or smullyan.read), got {type(puzzle).__name__}")
    model = puzzle.model
    n = len(model.space.worlds)
    if role == "ask" and not adversary:
        secret = _rng(seed, "secret").randrange(n) if _secret is None else _secret
        if isinstance(secret, bool) or not isinstance(secret, int) or not 0 <= secret < n:
            raise BadInput(f"the hidden world must be a world number from 0 to {n - 1}", key="secret")
    else:
        secret = None
    game = Game(puzzle, role, adversary, seed, source=source, _secret=secret, _trail=(model.space.all_worlds,),
                _shared=_Shared(model, limit))
    if role == "answer":
        result = game.optimum
        if not result.solvable:
            raise BadInput(f"the tool cannot ask this puzzle's questions: {result.proof}")
    elif adversary:
        game.referee.fewest(game.node)  # the adversary's measure must be computable within the limit
    if role == "answer" and isinstance(game.strategy, Identified):
        return dataclasses.replace(game, ending=game._named(game, game.strategy))
    return game
