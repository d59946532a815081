"""The documentation: every public name has a docstring whose examples run as written (doctest),
and the type stubs (fen960/__init__.pyi, installed with py.typed) name the same functions, methods
and parameters, with the same defaults, as the module itself."""
import ast
import doctest
import io
import inspect
import re
from pathlib import Path

import pytest

import fen960

PACKAGE = Path(fen960.__file__).parent


def documented():
    """(name, object) for the module, every public name, and every public method or property."""
    yield "fen960", fen960
    for name in fen960.__all__:
        obj = getattr(fen960, name)
        yield name, obj
        if isinstance(obj, type) and not issubclass(obj, BaseException):
            for attr, value in vars(obj).items():
                if not attr.startswith("_"):
                    yield f"{name}.{attr}", value


@pytest.mark.parametrize("name, obj", list(documented()), ids=lambda x: x if isinstance(x, str) else "")
def test_docstring_examples_run(name, obj):
    doc = inspect.getdoc(obj) if not isinstance(obj, property) else obj.__doc__
    assert doc and len(doc.strip()) > 20, f"{name} has no docstring"
    test = doctest.DocTestParser().get_doctest(doc, {"fen960": fen960, "io": io}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {name} failed (run with -s to see them)"


def test_the_examples_are_there():
    examples = sum(len(doctest.DocTestParser().get_examples(inspect.getdoc(obj) or "")) for _, obj in documented())
    assert examples >= 25


def test_help_teaches():
    text = inspect.getdoc(fen960.convert)
    for word in ("to ", "en_passant", "read", "repair", "FenError", ">>> fen960.convert("):
        assert word in text


@pytest.mark.parametrize("name, command", [("key", "fen960 key"), ("mirror", "convert --mirror"),
                                           ("shape", "convert --shape"), ("pgn_game", "convert --format pgn"),
                                           ("unique", "convert --unique"), ("Book", "convert --unique --stats"),
                                           ("play", "fen960 play"), ("exits", "pgn --exits"),
                                           ("svg", "show --svg"), ("diagram", "fen960 show")])
def test_help_names_the_command_each_function_does(name, command):
    """help() of what the command does says which command, and shows it at work."""
    text = inspect.getdoc(getattr(fen960, name))
    assert command in text and re.search(r"^ *>>> .*fen960\.", text, re.M)


# --- The stubs ----------------------------------------------------------------------------------------

STUB = ast.parse((PACKAGE / "__init__.pyi").read_text())


def runtime_signature(obj):
    """Parameter names and defaults from pybind11's first docstring line."""
    line = obj.__doc__.split("\n", 1)[0]
    inner = line[line.index("(") + 1: line.rindex(")")]
    params = []
    depth, start = 0, 0
    for i, c in enumerate(inner + ","):
        depth += c in "[(" and 1 or c in "])" and -1 or 0
        if c == "," and depth == 0:
            part = inner[start:i].strip()
            start = i + 1
            if part and part != "*":
                name = part.split(":")[0].strip()
                default = part.split("=", 1)[1].strip() if "=" in part else None
                params.append((name, default))
    return params


def stub_signature(node):
    args = node.args
    positional = args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + [ast.literal_eval(d) for d in args.defaults]
    params = [(a.arg, d) for a, d in zip(positional, defaults)]
    params += [(a.arg, ast.literal_eval(d) if d is not None else None) for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return [p for p in params if p[0] != "self"]


def normalised(default):
    if default is None:
        return None
    try:
        return ast.literal_eval(default)
    except (ValueError, SyntaxError):
        return {"None": None}.get(default, default)


def test_stub_functions_match_the_module():
    functions = {n.name: n for n in STUB.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in STUB.body if isinstance(n, ast.ClassDef)}
    assert set(functions) | set(classes) == set(fen960.__all__)
    for name, node in functions.items():
        runtime = [(n, normalised(d)) for n, d in runtime_signature(getattr(fen960, name))]
        assert runtime == stub_signature(node), name
    for name, cls in classes.items():
        obj = getattr(fen960, name)
        for node in cls.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("__"):
                member = getattr(obj, node.name)
                if isinstance(member, property):
                    assert any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list), node.name
                    continue
                runtime = [(n, normalised(d)) for n, d in runtime_signature(member)][1:]  # less self
                assert runtime == stub_signature(node), f"{name}.{node.name}"
        public = {a for a in vars(obj) if not a.startswith("_")}
        stubbed = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
        stubbed |= {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign)}
        if not issubclass(obj, BaseException):
            assert public <= stubbed, f"{name}: {sorted(public - stubbed)} not in the stubs"
        else:
            assert stubbed == {a for a in vars(obj) if not a.startswith("_") and vars(obj)[a] is None}


def test_py_typed_is_beside_the_stubs():
    assert (PACKAGE / "py.typed").exists()
    assert re.search(r"^__version__: str$", (PACKAGE / "__init__.pyi").read_text(), re.M)
    assert fen960.__version__.count(".") == 2
