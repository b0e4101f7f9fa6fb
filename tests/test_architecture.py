"""The package's shape, as ARCHITECTURE.md draws it: no import cycle, the engine below everything,
no module too long to read, no code outside a game's own folder that asks which game it is, and no
list of the games or of the languages spelled out anywhere but in the registry and ``tutor.i18n``.

The imports are read from the source (module-level and inside functions alike; only imports under
``if TYPE_CHECKING:`` are left out, since they never run)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from tutor.engine.registry import game_ids, rules_class
from tutor.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tutor"
MAX_LINES = 500
GAME_IDS = frozenset(game_ids())


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str) -> set[str]:
    """The tutor modules that ``name`` imports (a ``from tutor.x import y`` counts as ``tutor.x.y``
    when ``y`` is a module, else as ``tutor.x``)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tutor"):
                    found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            if base.startswith("tutor"):
                for alias in node.names:
                    candidate = f"{base}.{alias.name}"
                    found.add(candidate if candidate in MODULES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {module for module in found if module in MODULES and module != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def _cycles() -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in GRAPH[node]:
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in GRAPH:
        if node not in index:
            connect(node)
    return groups


def test_the_graph_sees_the_imports_it_should():
    """The reader of imports works: the rules of Forty Thieves import the engine's position."""
    assert "tutor.engine" in GRAPH["tutor.games.forty_thieves.rules"]
    assert "tutor.engine.position" in GRAPH["tutor.engine"]
    assert "tutor.engine.lean" in GRAPH["tutor.games.forty_thieves.fast"]


def test_no_import_cycle():
    assert _cycles() == []


@pytest.mark.parametrize("layer", ["tutor.engine"])
def test_the_engine_imports_no_game_no_page_and_no_analysis(layer):
    below = {name: sorted(target for target in targets
                          if target.startswith(("tutor.games", "tutor.web", "tutor.analysis", "tutor.claims",
                                                "tutor.cli", "tutor.lessons")))
             for name, targets in GRAPH.items() if name == layer or name.startswith(layer + ".")}
    assert {name: targets for name, targets in below.items() if targets} == {}


def test_no_module_is_longer_than_it_can_be_read():
    long = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def _game_dispatch(tree: ast.AST) -> list[str]:
    """Comparisons with a game id (``game == "forty-thieves"``, ``in (…)``), lookups by one
    (``TABLE["forty-thieves"]``, ``.get("forty-thieves")``) and tables keyed by one (``{"forty-thieves": …}``)."""
    found = []

    def is_game_id(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value in GAME_IDS

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for operand in operands:
                elements = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
                if any(is_game_id(element) for element in elements):
                    found.append(f"line {node.lineno}: comparison")
        elif isinstance(node, ast.Subscript) and is_game_id(node.slice):
            found.append(f"line {node.lineno}: lookup")
        elif isinstance(node, ast.Dict) and any(key is not None and is_game_id(key) for key in node.keys):
            found.append(f"line {node.lineno}: table keyed by game")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and is_game_id(node.args[0])):
            found.append(f"line {node.lineno}: lookup")
    return found


def test_the_dispatch_finder_finds_dispatch():
    game, other = sorted(GAME_IDS)[:2]
    code = (f'if rules.game_id == "{game}": pass\nx = T["{other}"]\n'
            f'y = {{"{game}": 1}}\nz = T.get("{game}")\nif g in ("{game}", "x"): pass\n')
    assert len(_game_dispatch(ast.parse(code))) == 5
    assert _game_dispatch(ast.parse(f'Text("{game}", "a sentence in its catalog")')) == []


def test_no_code_outside_a_games_folder_asks_which_game_it_is():
    offenders = {}
    for name, path in MODULES.items():
        if name.startswith("tutor.games."):
            continue
        found = _game_dispatch(ast.parse(path.read_text(encoding="utf-8")))
        if found:
            offenders[name] = found
    assert offenders == {}


def test_games_init_is_the_only_list_of_games():
    """Only ``tutor/games/__init__.py`` names every game's package."""
    packages = [rules_class(game).__module__.split(".")[-2] for game in game_ids()]
    listing = [name for name, path in MODULES.items()
               if all(package in path.read_text(encoding="utf-8") for package in packages)]
    assert listing == ["tutor.games"]


# --- nothing spelled twice: the games come from the registry, the languages from tutor.i18n ---------
SPELLING_SCOPE = ("tutor", "tests", "tools", "bench", "docs/hooks")  # tutor/games/ names its own games
LANGUAGES_SOURCE = ("tutor/i18n.py", "LANGUAGES")  # the one place that lists the languages


def _spelling_files() -> list[Path]:
    files = []
    for folder in SPELLING_SCOPE:
        files += [path for path in sorted((ROOT / folder).rglob("*.py"))
                  if not path.relative_to(ROOT).as_posix().startswith("tutor/games/")]
    return files


def _strings(nodes) -> set[str]:
    return {node.value for node in nodes if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def _checked_against_the_registry(tree: ast.AST) -> set[str]:
    """The names compared, in one comparison, with a call of ``game_ids()`` (``assert set(DEALS) ==
    set(game_ids())``): tables keyed by game whose keys cannot miss a game."""
    checked: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            calls = [sub for part in parts for sub in ast.walk(part) if isinstance(sub, ast.Call)]
            if any(getattr(call.func, "id", getattr(call.func, "attr", None)) == "game_ids" for call in calls):
                checked |= {sub.id for part in parts for sub in ast.walk(part) if isinstance(sub, ast.Name)}
    return checked


def _spelled_lists(tree: ast.AST, module: str) -> list[str]:
    """Lists of the games or the languages written out: a tuple, list or set display whose strings
    include two game ids or more, or every language, and a dict display whose values do so. A dict
    keyed by two game ids or more counts too (expected values per game), unless the module compares
    its name's keys with ``game_ids()``; a dict keyed by language is a table of words in each language
    (looked up by a language, it fails on a missing one), not a list. Strings in prose (help, docstrings)
    are no lists."""
    checked = _checked_against_the_registry(tree)
    exempt: set[int] = set()
    named: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    named[id(node.value)] = target.id
                    if (module, target.id) == LANGUAGES_SOURCE:
                        exempt.add(id(node.value))
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            strings = _strings(node.elts)
        elif isinstance(node, ast.Dict):
            strings = _strings(node.values)
            keys = _strings(node.keys)
            if len(keys & GAME_IDS) >= 2 and named.get(id(node)) not in checked:
                found.append(f"line {node.lineno}: a table keyed by game, not checked against game_ids()")
        else:
            continue
        if len(strings & GAME_IDS) >= 2:
            found.append(f"line {node.lineno}: games spelled out")
        if set(LANGUAGES) <= strings:
            found.append(f"line {node.lineno}: the languages spelled out")
    return found


def test_the_spelling_finder_finds_spelled_lists():
    game, other = sorted(GAME_IDS)[:2]
    langs = ", ".join(repr(lang) for lang in LANGUAGES)
    by_lang = ", ".join(f"{n}: {lang!r}" for n, lang in enumerate(LANGUAGES))
    keyed_by_lang = ", ".join(f"{lang!r}: 1" for lang in LANGUAGES)
    spelled = [f'GAMES = ("{game}", "{other}")',
               f'@pytest.mark.parametrize("game", ["{game}", "{other}"])\ndef t(): pass',
               f'x = {{"{game}", "{other}", "chess"}}', f'T = {{"{game}": 1, "{other}": 2}}', f"L = ({langs})",
               f"for lang in [{langs}]: pass", f"OTHER = {{{by_lang}}}"]
    assert [len(_spelled_lists(ast.parse(code), "m.py")) for code in spelled] == [1] * len(spelled)
    fine = [f'T = {{"{game}": 1, "{other}": 2}}\nassert set(T) == set(game_ids())', f'x = ("{game}", 1)',
            f'CASES = [("{game}", ""), ("{other}", "")]', f"WORDS = {{{keyed_by_lang}}}",
            f'"""{game}, {other}: prose."""', f"LANGUAGES = ({langs})"]
    assert [_spelled_lists(ast.parse(code), "tutor/i18n.py") for code in fine] == [[]] * len(fine)


def test_no_list_of_the_games_or_the_languages_is_spelled_out():
    """A new game or language reaches every test and tool by itself: outside a game's own folder, the
    games come from ``game_ids()`` / ``iter_variants()`` and the languages from ``LANGUAGES``."""
    offenders = {}
    for path in _spelling_files():
        module = path.relative_to(ROOT).as_posix()
        found = _spelled_lists(ast.parse(path.read_text(encoding="utf-8")), module)
        if found:
            offenders[module] = found
    assert offenders == {}


# The imports that stay inside functions, each for what it would cost the page's boot (what the
# reader's browser runs before the first board is live: `tutor.web.protocol` and the widgets). Every
# other import is at module level. Measured with CPython's import of each into a booted Session
# (Pyodide runs the same bytecode a few times slower).
DEFERRED_IMPORTS = {
    "tutor.analysis.review": "a game's review, only when the reader asks for one (8 ms, 5 modules)",
    "tutor.analysis.review_words": "the review's sentences, with the review",
    "tutor.analysis.hints": "a hint, only when the reader asks for one",
    "tutor.claims": "the claims and their figures, only on a page with a claim (10 ms, 6 modules)",
    "tutor.web.widgets.claims": "the claim card, its chart and tables, only on a page with a claim (7 ms)",
    "tutor.tasks.coverage": "the tasks' coverage, only when a task is judged",
    "tutor.games.forty_thieves.search": "Forty Thieves' own search, only when a position is solved (12 ms)",
    "tutor.games.forty_thieves.solved": "the stored offline run, only for 'a deal that can be won'",
    "concurrent.futures": "process pools, only for long runs on the command line (none in the browser)",
}


def _in_function_imports(path: Path, name: str) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found += [(node.lineno, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                # `from tutor.analysis import review_words` imports the module tutor.analysis.review_words
                found += [(node.lineno, f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
                          for alias in node.names]
    return found


def _deferred(target: str) -> bool:
    return any(target == prefix or target.startswith(prefix + ".") for prefix in DEFERRED_IMPORTS)


def test_imports_stay_inside_functions_only_where_the_page_would_pay_for_them():
    offenders = {name: [f"line {line}: {target}" for line, target in _in_function_imports(path, name)
                        if not _deferred(target)]
                 for name, path in MODULES.items()}
    assert {name: found for name, found in offenders.items() if found} == {}


def test_every_deferred_import_is_still_made_somewhere():
    made = {target for name, path in MODULES.items() for _, target in _in_function_imports(path, name)}
    unused = [prefix for prefix in DEFERRED_IMPORTS if not any(_deferred(t) and t.startswith(prefix) for t in made)]
    assert unused == []


# Python that JavaScript hands to Pyodide as text ("from tutor.analysis.simulate import play_range"):
# no linter reads it, so a module that moves leaves it behind until the script runs
PYTHON_IN_JAVASCRIPT = re.compile(r"\bfrom (tutor(?:\.\w+)*) import ([\w, ]+)|\bimport (tutor(?:\.\w+)*)")


def test_the_python_in_the_javascript_names_what_exists():
    scripts = [path for folder in ("bench", "tools", "docs/assets/js")
               for path in sorted((ROOT / folder).rglob("*")) if path.suffix in (".mjs", ".js")]
    found = []
    for path in scripts:
        for module, names, plain in PYTHON_IN_JAVASCRIPT.findall(path.read_text(encoding="utf-8")):
            imported = importlib.import_module(module or plain)
            found += [(path.name, name.strip()) for name in names.split(",") if name.strip()]
            assert all(hasattr(imported, name.strip()) for name in names.split(",") if name.strip()), (path, module)
    assert ("pyodide_sim.mjs", "play_range") in found
