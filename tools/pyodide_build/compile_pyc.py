"""Run by ``build.mjs`` inside Pyodide under Node, at build time: the compiled standard library
cut to what the engine imports, and the compiled ``tutor`` archive.

Pyodide's own CPython compiles, because the host Python is a different version and its bytecode
would not load. ``build.mjs`` runs this file in a namespace of its own and calls its functions with
paths in Pyodide's file system; nothing here runs in the host Python or in the browser.

Output is unchecked hash-based ``.pyc`` (the browser never has sources to check against), members
in name order with fixed timestamps, so the same inputs give the same bytes.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
import zipfile
from collections.abc import Iterable

# Private, but it is how py_compile writes a hash-based .pyc; typeshed does not list it.
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]  # private: not in typeshed

# Packages that cannot run in a browser (no processes, terminals or windows there): the import
# graph is not followed into them unless they are loaded anyway.
NOT_IN_A_BROWSER = {
    "multiprocessing", "subprocess", "_pyrepl", "pdb", "pydoc", "tkinter", "curses", "idlelib",
    "unittest", "doctest", "venv", "ensurepip", "lib2to3", "turtle", "turtledemo", "webbrowser",
    "getpass", "pty", "tty", "selectors", "socketserver", "http", "urllib", "email", "xmlrpc",
    "sqlite3", "dbm", "ctypes", "asyncio", "concurrent.futures.process", "concurrent.futures.thread",
    "ssl", "ftplib", "smtplib", "imaplib", "poplib", "mailbox", "wsgiref", "zoneinfo", "tomllib",
}
# Codecs are looked up by name at run time, so no import names them: the common ones are kept.
KEPT_CODECS = {
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.cp1252", "encodings.utf_16", "encodings.utf_16_le",
    "encodings.utf_16_be", "encodings.utf_32", "encodings.unicode_escape",
    "encodings.raw_unicode_escape", "encodings.charmap",
}

# (source bytes, module name, is a package) for each tutor module a page can import.
TutorSource = tuple[bytes, str, bool]


def _module_name(member: str) -> str:
    name = member[:-3] if member.endswith(".py") else member
    return (name[:-9] if name.endswith("/__init__") else name).replace("/", ".")


def _blocked(name: str) -> bool:
    return any(name == top or name.startswith(top + ".") for top in NOT_IN_A_BROWSER)


def _imports(source: bytes, name: str, is_package: bool) -> set[str]:
    """Every module ``source`` may import, anywhere in it (in functions and try blocks too, so a lazy
    import is not lost); for ``from a import b`` both ``a`` and ``a.b`` (b may be a submodule)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - node.level + 1] if node.level > 1 else base
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # a submodule, if it is one
    return {f for f in found if f}


def tutor_sources(root: str, modules: Iterable[str]) -> list[TutorSource]:
    """The sources of the tutor modules a page can import (boot.mjs ``tutorModules``: every module
    but the command-line ones), unpacked under ``root``, for the import graph."""
    found = []
    for name in modules:
        base = root + "/" + name.replace(".", "/")
        for path, is_package in ((base + "/__init__.py", True), (base + ".py", False)):
            if os.path.exists(path):
                with open(path, "rb") as source:
                    found.append((source.read(), name, is_package))
                break
    return found


def import_graph(source_zip: str, tutor_sources: Iterable[TutorSource], loaded: Iterable[str]) -> set[str]:
    """The stdlib modules to keep: those ``loaded`` (in ``sys.modules`` once the tutor modules are
    imported) plus the static import closure of the tutor sources through the standard library."""
    loaded_names = set(loaded)
    with zipfile.ZipFile(source_zip) as zf:
        members = {_module_name(n): n for n in zf.namelist() if n.endswith(".py")}
        keep = {m for m in loaded_names if m in members} | (KEPT_CODECS & members.keys())
        todo: list[str] = []
        for source, name, is_package in tutor_sources:
            todo.extend(_imports(source, name, is_package))
        while todo:
            name = todo.pop()
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # importing a.b imports a first
                prefix = ".".join(parts[:i])
                if prefix in members and prefix not in keep and (prefix in loaded_names or not _blocked(prefix)):
                    keep.add(prefix)
                    member = members[prefix]
                    todo.extend(_imports(zf.read(member), prefix, member.endswith("__init__.py")))
    return keep


def compile_stdlib(source_zip: str, target_zip: str, keep: set[str] | None = None) -> tuple[int, int]:
    """Write the standard library zip ``source_zip`` to ``target_zip`` compiled; returns (modules
    compiled, other files copied).

    With ``keep`` (module names, see ``import_graph``) only those modules, compiled without
    docstrings and asserts (optimize=2) and stored uncompressed (the host's brotli/gzip compresses
    the whole file better than per-member deflate, and the interpreter reads stored members
    without inflating them); without it, the whole library as it is, deflated."""
    compiled = copied = 0
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target_zip, "w") as target:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            name = info.filename
            if keep is not None:
                if name.endswith("/"):
                    continue
                owner = _module_name(name) if name.endswith(".py") else name.rpartition("/")[0].replace("/", ".")
                if owner not in keep:
                    continue
            data = source.read(info)
            if name.endswith(".py"):
                optimize = 2 if keep is not None else -1
                code = compile(data, f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/{name}", "exec",
                               dont_inherit=True, optimize=optimize)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name = name[:-3] + ".pyc"
                compiled += 1
            else:
                copied += 1
            member = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            member.external_attr = info.external_attr
            stored = keep is not None or name.endswith("/")
            member.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            target.writestr(member, data, compresslevel=None if stored else 9)
    return compiled, copied


def _command_line(name: str) -> bool:
    return any(part.startswith("cli") or part in ("__main__.py", "__main__") for part in name.split("/")[1:])


def compile_tutor(source_zip: str, target_zip: str, folder: str) -> tuple[int, int]:
    """Write the tutor archive of sources ``source_zip`` to ``target_zip`` with every module a page
    can import compiled (optimize=2: no docstrings, which the engine reads none of, and no asserts,
    which the tests run under CPython), without the command-line modules, the other files (the
    compiled catalogs) as they are, members stored; ``folder`` is where the browser unpacks it
    (the file names in tracebacks). Returns (modules compiled, other files copied)."""
    compiled = copied = 0
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(target_zip, "w", zipfile.ZIP_STORED) as target:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            name = info.filename
            if name.endswith("/") or (name.endswith(".py") and _command_line(name)):
                continue
            data = source.read(info)
            if name.endswith(".py"):
                code = compile(data, folder + "/" + name, "exec", dont_inherit=True, optimize=2)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
                compiled += 1
            else:
                copied += 1
            member = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            member.external_attr = 0o644 << 16
            target.writestr(member, data)
    return compiled, copied
