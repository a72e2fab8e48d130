"""Running a BoolosBrewery submission to read its decision tree, in a separate, limited process.

A submission is arbitrary Python (SAT-synthesised tables, loops, `exec` of hex strings). To read
one we run it, never in this process:

- a child `python -I` (no user site, no PYTHON* variables, no script directory on the path), in a
  new session (its whole process group is killed at the time limit), with an environment holding
  only PATH, HOME, TMPDIR and LANG, and an empty temporary working directory that is deleted after;
- in the child, before the submission's code runs: RLIMIT_AS (memory), RLIMIT_CPU, RLIMIT_FSIZE,
  RLIMIT_CORE; its stdout and stderr go to /dev/null, the result to a private duplicate of stdout;
- a stand-in `strats` package (written here, not copied from BoolosBrewery) that builds question
  strings exactly as theirs does (`Expr`, `Person`, `Field`, `Response`, `Question`, `Hard`, …)
  but plays no game: `get_response` answers from a script.

Replay: `solve()` runs once per node of the tree. Under the answers of a prefix it returns them in
order; when the program asks one question more, the question is recorded and a private exception
(a BaseException, re-raised on every later ask if the program swallows it) ends the run. Every
prefix is explored depth first over the variant's words. A run that ends without asking more is a
leaf (the guesses); a run that raises is a path the program says cannot occur.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..errors import BadInput, LimitReached

TYPES_PY = r'''
"""Stand-in for BoolosBrewery's strats.game.types (question strings built the same way)."""
from collections.abc import Mapping as _Mapping


class Expr:
    def __init__(self, value):
        if isinstance(value, bool):
            self._value = "true" if value else "false"
        elif isinstance(value, int):
            assert value in (0, 1)
            self._value = str(value)
        else:
            self._value = str(value)

    def __str__(self):
        return self._value

    def invert(self):
        return Expr("not " + str(self))

    def and_(self, other):
        return Expr("(%s and %s)" % (self, other))

    def or_(self, other):
        return Expr("(%s or %s)" % (self, other))

    def implies(self, other):
        return Expr("(%s implies %s)" % (self, other))

    def iff(self, other):
        return Expr("(%s iff %s)" % (self, other))

    def xor(self, other):
        return Expr("(%s xor %s)" % (self, other))

    __invert__ = invert
    __and__ = and_
    __or__ = or_

    def __bool__(self):
        raise TypeError("Implicit cast of expression %s into a Boolean!" % self)


class Person:
    def __init__(self, name, index):
        self._name = name
        self._index = index

    def __int__(self):
        return self._index

    def __str__(self):
        return self._name

    def __hash__(self):
        return hash(str(self))

    def studies(self, field):
        return Expr("%s studies %s" % (self, field))

    def ask(self, expr):
        return Question(self, expr)

    def __call__(self, expr):
        return self.ask(expr)


class Field:
    def __init__(self, name):
        self._name = name

    def __str__(self):
        return self._name

    def __hash__(self):
        return hash(str(self))


class Response:
    def __init__(self, name):
        self._name = name

    def __str__(self):
        return self._name

    def __hash__(self):
        return hash(str(self))

    def equals(self, other):
        return Expr("(%s is %s)" % (self, other))

    def not_equals(self, other):
        return Expr("(%s not %s)" % (self, other))


class Question(Response):
    def __init__(self, person, expr):
        self.person = person
        self.expr = expr

    def __str__(self):
        return '"%s: %s?"' % (self.person, self.expr)


class Guesses(_Mapping):
    _NAMES = ("Alice", "Bob", "Charlie", "Dan")

    def __init__(self):
        self.Alice = None
        self.Bob = None
        self.Charlie = None
        self.Dan = None

    def __getitem__(self, person):
        return getattr(self, str(person))

    def __setitem__(self, person, value):
        setattr(self, str(person), value)

    def __len__(self):
        return [self.Alice, self.Bob, self.Charlie, self.Dan, None].index(None)

    def __iter__(self):
        for name in self._NAMES:
            if getattr(self, name) is None:
                break
            yield name
'''

CONSTS_PY = r'''
from . import types

Alice = types.Person("Alice", 0)
Bob = types.Person("Bob", 1)
Charlie = types.Person("Charlie", 2)
Dan = types.Person("Dan", 3)

Mathematician = types.Person("Mathematician", 4)
Physicist = types.Person("Physicist", 5)
Engineer = types.Person("Engineer", 6)
Philosopher = types.Person("Philosopher", 7)

Foo = types.Response("foo")
Bar = types.Response("bar")
Baz = types.Response("baz")

Math = types.Field("Mathematics")
Phys = types.Field("Physics")
Engg = types.Field("Engineering")
Phil = types.Field("Philosophy")
'''

BACKEND_PY = r'''
"""Stand-in for BoolosBrewery's strats._backend: no game, answers come from the replay driver."""
from .game import types

DRIVER = None  # set by the runner


class _StrategyBase:
    @classmethod
    def get_difficulty(cls):
        raise NotImplementedError

    @classmethod
    def get_engg_question_limit(cls):
        limit = getattr(cls, "engg_question_limit", None)
        if not isinstance(limit, int) or limit < 0:
            raise NotImplementedError("Strategy must specify a nonnegative value for `%s.engg_question_limit`."
                                      % cls.__name__)
        return limit

    def __init__(self):
        self._guess = types.Guesses()

    def solve(self):
        raise NotImplementedError("Strategy must define the function `%s.solve(self)`." % type(self).__name__)

    def get_response(self, question):
        return DRIVER.ask(question)

    @property
    def guess(self):
        return self._guess


class _DefaultStrategy(_StrategyBase):
    @classmethod
    def get_difficulty(cls):
        return "default"


class _EasyStrategy(_StrategyBase):
    @classmethod
    def get_difficulty(cls):
        return "easy"


class _HardStrategy(_StrategyBase):
    @classmethod
    def get_difficulty(cls):
        return "hard"
'''

STRATEGY_PY = r'''
from ._backend import _DefaultStrategy, _EasyStrategy, _HardStrategy


class Default(_DefaultStrategy):
    pass


class Easy(_EasyStrategy):
    pass


class Hard(_HardStrategy):
    pass
'''

INIT_PY = r'''
from .strategy import Default, Easy, Hard
from .game.types import *
from .game.consts import *
'''

FAKE_STRATS = {
    "strats/__init__.py": INIT_PY,
    "strats/strategy.py": STRATEGY_PY,
    "strats/_backend.py": BACKEND_PY,
    "strats/game/__init__.py": "",
    "strats/game/types.py": TYPES_PY,
    "strats/game/consts.py": CONSTS_PY,
}

RUNNER = r'''
import builtins, json, os, resource, sys, traceback

ARGS = json.loads(sys.argv[1])
OUT = os.fdopen(os.dup(1), "w", encoding="utf-8")
_null = os.open(os.devnull, os.O_RDWR)
SOURCE = sys.stdin.read()
for fd in (0, 1, 2):
    os.dup2(_null, fd)
sys.stdout = sys.stderr = open(os.devnull, "w")


def limit(which, value):
    soft, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value if hard == resource.RLIM_INFINITY else hard))


limit(resource.RLIMIT_AS, ARGS["memory"])
limit(resource.RLIMIT_CPU, ARGS["cpu"])
limit(resource.RLIMIT_FSIZE, 16 << 20)
limit(resource.RLIMIT_CORE, 0)
sys.path.insert(0, ARGS["lib"])
RESERVE = bytearray(1 << 20)  # released to report a MemoryError


def emit(doc):
    OUT.write(json.dumps(doc))
    OUT.flush()
    os._exit(0)


def describe(e):
    line = None
    tb = e.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "strategy.py":
            line = tb.tb_lineno
        tb = tb.tb_next
    text = "%s: %s" % (type(e).__name__, e)
    if len(text) > 300:
        text = text[:300] + "..."
    return text + (" (line %d)" % line if line else "")


class Stop(BaseException):
    pass


class Fatal(Exception):
    pass


class Driver:
    def __init__(self, words):
        self.words = words

    def reset(self, prefix, path):
        self.prefix, self.path = prefix, path
        self.asked = []
        self.stopped = False
        self.fatal = None

    def ask(self, question):
        from strats.game import types
        if self.stopped:
            raise Stop()
        if not isinstance(question, types.Question):
            raise ValueError("You can only ask questions!")
        text = str(question)
        k = len(self.asked)
        self.asked.append(text)
        if k < len(self.prefix):
            if text != self.path[k]:
                self.fatal = ("the submission asked a different question on replay (question %d: %r, then %r); "
                              "is it random?" % (k + 1, self.path[k][:80], text[:80]))
                self.stopped = True
                raise Stop()
            return self.prefix[k]
        self.stopped = True
        raise Stop()


def python_312_names():
    """Give itertools the names their judge's Python (3.12, their workflow) has and 3.11 lacks, for
    submissions that use them (the record, habub, calls itertools.batched)."""
    import itertools
    if not hasattr(itertools, "batched"):
        def batched(iterable, n):
            if n < 1:
                raise ValueError("n must be at least one")
            it = iter(iterable)
            while batch := tuple(itertools.islice(it, n)):
                yield batch
        itertools.batched = batched


def main():
    python_312_names()
    try:
        code = compile(SOURCE, "strategy.py", "exec")
    except SyntaxError as e:
        emit({"error": "syntax", "message": e.msg, "line": e.lineno, "column": e.offset})
    except (ValueError, OverflowError) as e:
        emit({"error": "syntax", "message": str(e), "line": None, "column": None})
    ns = {"__name__": "__submission__", "__file__": "strategy.py", "__builtins__": builtins}
    try:
        exec(code, ns)
    except MemoryError:
        global RESERVE
        RESERVE = None
        emit({"error": "memory", "message": "the submission ran out of memory while loading"})
    except BaseException as e:
        emit({"error": "load", "message": describe(e)})
    import strats._backend as backend
    import strats.game.consts as consts
    import strats.game.types as types
    cls = ns.get("Strategy")
    if not (isinstance(cls, type) and issubclass(cls, backend._StrategyBase)):
        emit({"error": "load", "message": "the submission has no class Strategy deriving from Easy, Default or Hard"})
    try:
        variant = cls.get_difficulty()
    except BaseException as e:
        emit({"error": "load", "message": describe(e)})
    words = [consts.Foo, consts.Bar] + ([consts.Baz] if variant == "hard" else [])
    declared = getattr(cls, "engg_question_limit", None)
    driver = Driver(words)
    backend.DRIVER = driver
    questions, index = [], {}
    state = {"nodes": 0}

    def run(prefix, path):
        driver.reset(prefix, path)
        try:
            inst = cls()
            if not isinstance(getattr(inst, "_guess", None), types.Guesses):
                inst._guess = types.Guesses()
            inst.solve()
        except Stop:
            pass
        except MemoryError:
            global RESERVE
            RESERVE = None
            emit({"error": "memory", "message": "the submission ran out of memory"})
        except BaseException as e:
            if not driver.stopped:
                return {"crash": describe(e)}
        if driver.fatal:
            emit({"error": "replay", "message": driver.fatal})
        if driver.stopped:
            return {"ask": driver.asked[len(prefix)]}
        guess = {}
        made = inst._guess  # their judge passes it on as keywords: a plain dict of names works there too
        for name in ("Alice", "Bob", "Charlie", "Dan"):
            value = made.get(name) if isinstance(made, dict) else getattr(made, name, None)
            if value is None:
                break
            guess[name] = str(value) if isinstance(value, types.Field) else "not a field: %r" % (value,)
        return {"guess": guess}

    def explore(prefix, path):
        state["nodes"] += 1
        if state["nodes"] > ARGS["max_nodes"]:
            emit({"error": "limit", "message": "the submission's tree has more than %d nodes" % ARGS["max_nodes"]})
        got = run(prefix, path)
        if "ask" not in got:
            return got
        if len(prefix) >= ARGS["max_depth"]:
            emit({"error": "limit", "message": "the submission asks more than %d questions on one path (after %s)"
                  % (ARGS["max_depth"], ", ".join(str(w) for w in prefix))})
        q = got["ask"]
        if q not in index:
            index[q] = len(questions)
            questions.append(q)
        branches = [[str(w), explore(prefix + [w], path + [q])] for w in words]
        return {"ask": index[q], "branches": branches}

    tree = explore([], [])
    emit({"variant": variant, "engg_question_limit": declared if isinstance(declared, int) else None,
          "questions": questions, "tree": tree, "nodes": state["nodes"]})


main()
'''


def run_submission(source_text: str, *, timeout: float = 60.0, memory: int = 2 << 30,
                   max_depth: int = 12, max_nodes: int = 100_000) -> dict[str, Any]:
    """Run a submission in a limited child process; return its tree document (see the module doc).

    Raise BadInput when it cannot be loaded (a syntax error with its line and column, an exception
    at load time, no Strategy class, a question that changes on replay) and LimitReached past the
    time, memory, depth or node limits."""
    args = {"memory": int(memory), "cpu": int(math.ceil(timeout)) + 1, "max_depth": int(max_depth),
            "max_nodes": int(max_nodes)}
    with tempfile.TemporaryDirectory(prefix="smullyan-brewery-") as tmp:
        lib = Path(tmp) / "lib"
        work = Path(tmp) / "work"
        for rel, text in FAKE_STRATS.items():
            path = lib / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        work.mkdir()
        args["lib"] = str(lib)
        env = {"PATH": os.defpath, "HOME": str(work),
               "TMPDIR": str(work), "LANG": "C.UTF-8"}
        cmd = [sys.executable, "-I", "-c", RUNNER, json.dumps(args)]
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                cwd=work, env=env, start_new_session=True, close_fds=True)
        try:
            out, _ = proc.communicate(source_text.encode("utf-8", "surrogatepass"), timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            try:
                proc.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                pass
            raise LimitReached(f"reading the submission ran past its {timeout:g} s time limit (it runs the "
                               "submission's solve() once per node of its tree)") from None
        finally:
            _kill_group(proc)
    if not out:
        how = proc.returncode
        if how is not None and how < 0:
            sig = signal.Signals(-how).name if -how in signal.Signals._value2member_map_ else str(-how)
            if -how in (signal.SIGXCPU, signal.SIGKILL):
                raise LimitReached(f"reading the submission ran past its time limit (the process got {sig})")
            raise BadInput(f"the submission's process died with signal {sig}")
        raise BadInput(f"the submission's process ended (status {how}) without a result "
                       "(did it call os._exit or exit during loading?)")
    try:
        doc = json.loads(out.decode("utf-8", "replace"))
    except json.JSONDecodeError:
        raise BadInput("the submission's process wrote no readable result") from None
    if "error" in doc:
        kind, message = doc["error"], doc.get("message", "")
        if kind == "syntax":
            line, column = doc.get("line"), doc.get("column")
            where = f"line {line}, column {column}: " if line else ""
            raise BadInput(f"{where}the submission is not valid Python: {message}", line=line, column=column)
        if kind in ("limit", "memory"):
            raise LimitReached(message + ("" if kind == "limit" else f" (limit {memory / 2**30:g} GiB)"))
        if kind == "replay":
            raise BadInput(message)
        raise BadInput(f"the submission raised while loading: {message}")
    return doc


def _kill_group(proc: subprocess.Popen) -> None:
    """Kill the process group of our child (its own session), if anything of it is left."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
