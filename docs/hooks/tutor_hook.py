"""MkDocs hook: engine output in the pages, and the engine itself in the site.

* ``on_config`` compiles the gettext catalogs whose ``.po`` changed (never extracts: that would
  rewrite watched files and make ``mkdocs serve`` rebuild forever), reloads ``tutor`` so that
  ``mkdocs serve`` shows engine edits, and builds the ``tutor.zip`` archive in memory.
* ``on_page_markdown`` replaces each fenced ``tutor`` block with the HTML that
  :func:`tutor.web.protocol.build_html` draws in the page's language (the same code that runs live).
  A block that cannot be drawn stops the build with the page, the line and what to fix.
* ``on_page_content`` marks a seed page's rule text as quoted (:mod:`tutor.web.quoted`), then puts
  each tutor block's HTML in its place.
* ``on_post_page`` adds the page script (async, in ``<head>``) to pages that carry a live widget,
  and, on every page (``on_post_template`` for the 404 page), the Content-Security-Policy
  (:func:`content_security_policy`).
* ``on_post_build`` copies the five Pyodide core files from ``node_modules/pyodide`` (the lock file
  cut to its header: the site loads no packages) into ``<site>/assets/engine/``, with the engine:
  the fast-boot files when they were made, else ``tutor.zip``.
  Build products go only into the site folder and the git-ignored ``build/``.

Fast boot (``mkdocs build`` only): ``tools/pyodide_build`` makes a ``.pyc`` standard library cut to
what the engine imports and the tutor archive compiled to ``.pyc`` (cached in ``build/pyodide/`` by
their inputs); the page script passes their names to the worker (``tutor.js?v=…&stdlib=…&tutor=…``),
which falls back to Pyodide's own library if the first fails. The reader's browser makes its own
memory snapshot after the first visit (``boot.mjs``). ``mkdocs serve`` skips them (each engine edit
would cost a build under Node), and so does ``extra: {tutor_fast_boot: false}`` in the config or
``TUTOR_FAST_BOOT=0`` in the environment; the site then ships ``tutor.zip``, the sources.
"""

from __future__ import annotations

import atexit
import base64
import hashlib
import io
import logging
import mimetypes
import os
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
LOCK_FILE = "pyodide-lock.json"
ENGINE_DIR = "assets/engine"  # inside the site folder
PAGE_SCRIPT = "assets/js/tutor.js"
WORKER_SCRIPT = "assets/js/tutor-worker.mjs"
SCRIPT_FILES = ("tutor.js", "tutor-worker.mjs", "tutor-engine.mjs", "boot.mjs", "sw-register.mjs", "play.js",
                "review.js", "board-keys.js", "suits.js", "tasks.js", "lesson.js")
SUITS_SCRIPT = "assets/js/suits.js"
OFFLINE_SCRIPT = "assets/js/sw-register.mjs"
SW_BUILD_SCRIPT = ROOT / "tools" / "build_sw.mjs"

log = logging.getLogger("mkdocs.hooks.tutor")

# ```tutor … ``` (or ~~~), up to three spaces of indentation, closed by the same fence.
TUTOR_BLOCK = re.compile(
    r"^(?P<indent>[ ]{0,3})(?P<fence>`{3,}|~{3,})[ \t]*tutor[ \t]*\n(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
TUTOR_FENCE_OPEN = re.compile(r"^[ ]{0,3}(?:`{3,}|~{3,})[ \t]*tutor[ \t]*$", re.MULTILINE)
SLOT = '<div class="tutor-slot" data-tutor-slot="{index}"></div>'

_archive: bytes = b""
_version = ""
_slots: dict[str, list[str]] = {}  # page source path → HTML for each slot
_live_pages: set[str] = set()
_command = "build"
_fast_boot: dict[str, str] = {}  # {"stdlib": file name, "tutor": file name} in _fast_boot_dir
_fast_boot_for = ""  # the archive version the fast-boot files were made for
# This run's own folder (removed at exit): builds running side by side (a site build beside the
# tests' builds) once shared build/engine and deleted each other's tutor.zip mid-build.
_fast_boot_dir: Path | None = None


def on_startup(command: str, dirty: bool) -> None:
    global _command
    _command = command
    # `mkdocs serve` answers with mimetypes' guess: module scripts must be JavaScript
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("application/wasm", ".wasm")


def on_config(config):
    global _archive, _version
    sys.dont_write_bytecode = True  # a fresh tutor/__pycache__ would count as a change to `mkdocs serve`
    for name in [n for n in sys.modules if n == "tutor" or n.startswith("tutor.")]:
        del sys.modules[name]  # `mkdocs serve` keeps the process: draw with the current engine
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    _compile_catalogs()
    _archive = build_archive(ROOT / "tutor")
    digest = hashlib.sha256(_archive)
    for name in SCRIPT_FILES:
        digest.update((ROOT / "docs" / "assets" / "js" / name).read_bytes())
    _version = digest.hexdigest()[:12]
    _make_fast_boot(config)
    return config


def _fast_boot_wanted(config) -> bool:
    return (_command != "serve" and config.extra.get("tutor_fast_boot", True) is not False
            and os.environ.get("TUTOR_FAST_BOOT", "1") != "0")


def _make_fast_boot(config) -> None:
    """Make (or take from the cache) the .pyc stdlib and the compiled archive for this archive."""
    global _fast_boot, _fast_boot_for
    if not _fast_boot_wanted(config):
        _fast_boot = {}
        return
    if _fast_boot_for == _version:
        return  # the second language's build of the same run
    _fast_boot, _fast_boot_for = {}, _version
    try:
        from tools.pyodide_build import build_pyc_stdlib, build_tutor_archive
    except ImportError as err:
        log.info("tutor: no fast boot (%s); the page boots Pyodide plainly", err)
        return
    archive = _fresh_fast_boot_dir() / "tutor.zip"
    archive.write_bytes(_archive)
    try:
        names = {"stdlib": build_pyc_stdlib(archive.parent, archive),
                 "tutor": build_tutor_archive(archive.parent, archive)}
    except Exception as err:  # a warning: `--strict` stops, a plain build goes on
        log.warning("tutor: the fast-boot files could not be made (%s); the page would boot Pyodide "
                    "plainly. Build with TUTOR_FAST_BOOT=0 to do without them.", err)
        return
    _fast_boot = names


def _fresh_fast_boot_dir() -> Path:
    global _fast_boot_dir
    if _fast_boot_dir is not None:
        shutil.rmtree(_fast_boot_dir, ignore_errors=True)
    _fast_boot_dir = Path(tempfile.mkdtemp(prefix="tutor-fast-boot-"))
    atexit.register(shutil.rmtree, _fast_boot_dir, ignore_errors=True)
    return _fast_boot_dir


def _compile_catalogs() -> None:
    from tools import catalogs  # the repository root is on sys.path (see on_config)

    catalogs.compile_changed()


def build_archive(package_dir: Path) -> bytes:
    """The package as a zip for ``pyodide.unpackArchive``: every ``.py`` and compiled catalog,
    no ``__pycache__``; fixed timestamps and order, so the same sources give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        paths = sorted(p for p in package_dir.rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts
                       and (p.suffix == ".py" or (p.suffix == ".mo" and "_locales" in p.parts)))
        for path in paths:
            name = path.relative_to(package_dir.parent).as_posix()
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def _page_language(page, config) -> str:
    return getattr(page.file, "locale", None) or config.theme["language"]


# The title of a heading's permanent link (Python-Markdown's toc writes it, in English only): each
# page is rendered right after on_page_markdown, with the configuration as this hook leaves it.
PERMALINK_TITLES = {"en": "Permanent link", "de": "Link zu diesem Abschnitt"}


def on_page_markdown(markdown: str, page, config, files) -> str:
    from tutor.engine import TutorError
    from tutor.web.protocol import DirectiveError, build_html

    source = page.file.src_uri
    lang = _page_language(page, config)
    toc = (config.mdx_configs or {}).get("toc")
    if isinstance(toc, dict) and toc.get("permalink"):
        toc["permalink_title"] = PERMALINK_TITLES.get(lang, PERMALINK_TITLES["en"])
    slots: list[str] = []
    live = False

    def replace(match: re.Match) -> str:
        nonlocal live
        line = markdown.count("\n", 0, match.start()) + 1
        widget_id = f"tutor-{len(slots) + 1}"
        try:
            html = build_html(match.group("body"), lang, widget_id)
        except (DirectiveError, TutorError) as err:
            # every broken block of every page is named, then the strict build stops
            log.error("%s, line %d: tutor block: %s", source, line, err.message("en"))
            html = ""
        live = live or "data-tutor-widget" in html
        slots.append(html)
        # as many lines as the block had, so a later line number (an unclosed block's) stays true
        return "\n" + SLOT.format(index=len(slots) - 1) + "\n" * (match.group(0).count("\n") - 1)

    result = TUTOR_BLOCK.sub(replace, markdown)
    unclosed = TUTOR_FENCE_OPEN.search(result)
    if unclosed:
        line = result.count("\n", 0, unclosed.start()) + 1
        log.error("%s, line %d: tutor block is not closed: end it with the same fence (``` or ~~~) it opened "
                  "with, at the same indentation", source, line)
    _slots[source] = slots
    if live:
        _live_pages.add(source)
    else:
        _live_pages.discard(source)
    return result


def on_page_content(html: str, page, config, files) -> str:
    from tutor.web.quoted import mark_seed_text
    from tutor.web.render import with_card_defs

    if page.meta.get("seed"):  # a page that carries a rules text: its blocks are the seed's, marked
        html = mark_seed_text(html, shown_as_quote=bool(page.meta.get("seed_quoted")))
    for index, fragment in enumerate(_slots.get(page.file.src_uri, [])):
        slot = SLOT.format(index=index)
        if slot not in html:
            raise PluginError(f"{page.file.src_uri}: the tutor block number {index + 1} got lost in Markdown "
                              "(keep a tutor block at the top level of the page, not inside a list or quote)")
        html = html.replace(slot, _out_of_search(fragment))
    return with_card_defs(html, _page_language(page, config))  # the card faces once per page


def _out_of_search(fragment: str) -> str:
    """A board's words (its text alternative, every frame's counter and captions) are not what a
    reader searches for: Material's search skips them. Its parser matches the excluded element
    by tag name alone, so the wrapper's tag must not occur inside (a board has no <section>)."""
    if 'class="tutor-svg' not in fragment or "<section" in fragment:
        return fragment
    return f'<section class="tutor-unsearched" data-search-exclude>{fragment}</section>'


def on_post_page(output: str, page, config) -> str:
    output = _search_own_language(output, page, config)
    output = _skip_into_game(output)
    output = _add_offline_copy(output, page, config)
    output = _add_suits_control(output, page, config)
    if page.file.src_uri not in _live_pages:
        return content_security_policy(output)
    # first in <head> (after the charset; the policy goes before it): a few inline lines start the
    # engine's worker as the parser reaches them, keeping what it says until the page script (async,
    # next) takes it over, so the engine loads while the rest of the page does (issue 28)
    to_root = "../" * page.file.dest_uri.count("/")
    tag = (_worker_start(f"{to_root}{WORKER_SCRIPT}?{_script_query().replace('&amp;', '&')}")
           + f'<script type="module" async src="{to_root}{PAGE_SCRIPT}?{_script_query()}"></script>')
    charset = re.search(r"<meta\s+charset=[^>]*>", output, re.I)
    if charset is None:
        return content_security_policy(output.replace("</head>", tag + "\n</head>", 1))
    return content_security_policy(output[:charset.end()] + tag + output[charset.end():])


_SKIP_LINK = re.compile(r'(<a href=")[^"]*(" class="md-skip">)')
_PLAY_MAIN = re.compile(r'<div class="tutor-play-main" id="([^"]+)">')
_PATH = re.compile(r'<nav class="tutor-path" id="([^"]+)"')


def _skip_into_game(output: str) -> str:
    """Material's skip link ("Skip to content") leads into the game: on a play page the next Tab
    after it is the board (issue 41), on a game's rules page the path's Continue, first in the path
    (issue 39): each in at most three Tabs from the top of the page."""
    target = _PLAY_MAIN.search(output) or _PATH.search(output)
    if target is None:
        return output
    return _SKIP_LINK.sub(lambda m: f"{m.group(1)}#{target.group(1)}{m.group(2)}", output, count=1)


def _add_suits_control(output: str, page, config) -> str:
    """Every page: the four-colour suits switch in the header (before the language switcher, else
    the search), its script, and a line first in <head> that applies the stored setting before the
    page is drawn (the policy below allows it by its hash)."""
    from tutor.web.site_messages import SUITS_HEAD_SCRIPT, suits_control_html

    control = suits_control_html(_page_language(page, config))
    for place in ('<div class="md-header__option">', '<label class="md-header__button md-icon" for="__search">'):
        if place in output:
            output = output.replace(place, control + place, 1)
            break
    to_root = "../" * page.file.dest_uri.count("/")
    head = (f"<script>{SUITS_HEAD_SCRIPT}</script>"
            f'<script type="module" src="{to_root}{SUITS_SCRIPT}?{_script_query()}"></script>')
    charset = re.search(r"<meta\s+charset=[^>]*>", output, re.I)
    if charset is None:
        return output.replace("</head>", head + "\n</head>", 1)
    return output[:charset.end()] + head + output[charset.end():]


def _worker_start(url: str) -> str:
    """The inline script that starts the worker (tutor.js adopts it as globalThis.tutorWorker: the
    worker and the events it sent before the page script was there). Its hash goes into the page's
    policy like every inline script's."""
    import json

    return ("<script>try{const w=new Worker(" + json.dumps(url) + ',{type:"module"}),heard=[];'
            "w.onmessage=(e)=>heard.push(e);w.onerror=(e)=>{e.preventDefault();heard.push(e)};"
            "self.tutorWorker={worker:w,heard}}catch{}</script>")


def _script_query() -> str:
    """The one query every page script is loaded with (escaped for an attribute): the build's
    version and the fast-boot files. Each script hands it on to the scripts it loads, so the
    offline copy (tools/build_sw.mjs) keeps each under the very address the page asks for."""
    query = "&".join([f"v={_version}"] + [f"{key}={name}" for key, name in sorted(_fast_boot.items())])
    return query.replace("&", "&amp;")


def on_post_template(output: str, template_name: str, config) -> str:
    """Pages made from a template alone (Material's 404 page) carry the policy too. The 404 page holds
    both languages and picks one by the address (docs/overrides/404.html): whichever language's build
    writes it last, it starts in the default language."""
    if template_name == "404.html":
        default = next((lang for lang, folder in _language_folders(config) if not folder), "en")
        output = re.sub(r'<html lang="[^"]*"', f'<html lang="{default}"', output, count=1)
    return content_security_policy(output) if template_name.endswith(".html") else output


# --- search: each language its own index ---------------------------------------------------------
# mkdocs-static-i18n gives Material's search one index of every language (site/search/), which
# every page loads: an English search finds German pages, and the English page loads them. After
# its last rewrite (on_post_build) the index is split by language: the default language keeps
# site/search/, each other language gets <lang>/search/ with its own stemmer only. Material looks
# for the index beside its "base" (the __config of every page), so a page of another language gets
# that language's folder as its base; its results' addresses are relative to it.
_CONFIG_SCRIPT = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


def _language_folders(config) -> list[tuple[str, str]]:
    """(locale, folder inside the site: "" for the default language) of every language built."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return []
    return [(lang.locale, "" if lang.default else lang.locale) for lang in i18n.config.languages if lang.build]


def _search_own_language(output: str, page, config) -> str:
    import json

    folder = dict(_language_folders(config)).get(_page_language(page, config), "")
    found = _CONFIG_SCRIPT.search(output)
    if not folder or found is None or not page.file.dest_uri.startswith(f"{folder}/"):
        return output
    app = json.loads(found.group(2))
    app["base"] = f"{app['base']}/{folder}/"  # the slash: a folder, as URL() resolves it
    text = json.dumps(app, ensure_ascii=False).replace("<", "\\u003c")
    return output[:found.start(2)] + text + output[found.end(2):]


def split_search_index(site_dir: Path, folders: list[tuple[str, str]]) -> dict[str, int]:
    """Write each language's own search index (see above) from the joint one; returns the number of
    entries per language."""
    import json

    joint_path = site_dir / "search" / "search_index.json"
    if len(folders) < 2 or not joint_path.is_file():
        return {}
    joint = json.loads(joint_path.read_text(encoding="utf-8"))
    def folder_of(location: str) -> str:
        first = location.split("/", 1)[0]
        return first if first in others else ""

    others = {folder for _, folder in folders if folder}
    counts = {}
    for locale, folder in folders:
        docs = [dict(doc, location=doc["location"].removeprefix(folder).removeprefix("/")) if folder else doc
                for doc in joint["docs"] if folder_of(doc["location"]) == folder]
        index = {"config": dict(joint["config"], lang=[locale]), "docs": docs}
        target = site_dir / folder / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        counts[locale] = len(docs)
    return counts


# --- Content-Security-Policy --------------------------------------------------------------------
_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script\s*>", re.S | re.I)
_INLINE_STYLE = re.compile(r"<style(?:\s[^>]*)?>(?P<body>.*?)</style\s*>", re.S | re.I)
_SCRIPT_TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]+)""", re.I)
_EXECUTED_TYPES = {"", "module", "text/javascript", "application/javascript", "text/ecmascript"}
CSP_META = '<meta http-equiv="Content-Security-Policy" content="{policy}">'


def _digest(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"


def content_security_policy(html: str) -> str:
    """``html`` with a Content-Security-Policy ``<meta>`` first in its ``<head>``: everything from
    the site's own origin only (``default-src 'self'``); scripts from files of the site, plus
    WebAssembly compilation (Pyodide, ``'wasm-unsafe-eval'``) and the page's own inline scripts
    (Material's start-up lines) by their SHA-256 hashes, computed here from the very text the page
    carries; styles from the site's files and its inline ``<style>`` (the no-script view) by
    hash; workers (the engine's module worker, Material's search worker, the service worker) from
    the site; images from the site and ``data:`` (Material's icons in its stylesheet); no plugins,
    no other base address, forms only to the site. Inline event handlers are never allowed."""
    scripts, styles = set(), set()
    for match in _INLINE_SCRIPT.finditer(html):
        attrs = match.group("attrs")
        kind = _SCRIPT_TYPE.search(attrs)
        if re.search(r"\ssrc\s*=", attrs, re.I) or (kind.group(1).lower() if kind else "") not in _EXECUTED_TYPES:
            continue
        scripts.add(_digest(match.group("body")))
    for match in _INLINE_STYLE.finditer(html):
        styles.add(_digest(match.group("body")))
    policy = "; ".join([
        "default-src 'self'",
        " ".join(["script-src 'self' 'wasm-unsafe-eval'", *sorted(scripts)]),
        " ".join(["style-src 'self'", *sorted(styles)]),
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])
    meta = CSP_META.format(policy=policy)
    head = re.search(r"<head(?:\s[^>]*)?>", html, re.I)
    if head is None:
        return html
    # after <meta charset> when it comes first (the encoding must be declared early), else first
    charset = re.compile(r"\s*<meta\s+charset=[^>]*>", re.I).match(html, head.end())
    at = charset.end() if charset else head.end()
    return html[:at] + meta + html[at:]


def lock_file_header(lock_file: Path) -> bytes:
    """Pyodide's lock file without its packages: Pyodide reads it at every boot (the ABI in its
    header must match), but the site loads no package, so the 120 kB list of them is not sent."""
    import json

    lock = json.loads(lock_file.read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode()


def _write_if_changed(target: Path, data: bytes) -> None:
    if not target.is_file() or target.read_bytes() != data:
        target.write_bytes(data)


# After every plugin's on_post_build (mkdocs-static-i18n's, at -100, builds the other languages and
# then rewrites the search index): the service worker's revisions and the siblings see final files.
@event_priority(-110)
def on_post_build(config) -> None:
    engine = Path(config.site_dir) / ENGINE_DIR
    engine.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_DIR / name
        if not source.is_file():
            raise PluginError(f"{source} is missing: run `npm ci` (make serve and make test do it)")
        target = engine / name
        if name == LOCK_FILE:
            _write_if_changed(target, lock_file_header(source))
        elif not target.is_file() or target.stat().st_size != source.stat().st_size \
                or target.stat().st_mtime < source.stat().st_mtime:
            shutil.copy2(source, target)
    archive = engine / "tutor.zip"
    if _fast_boot:  # the page loads the compiled archive: the sources would be a file nobody uses
        archive.unlink(missing_ok=True)
    else:
        _write_if_changed(archive, _archive)
    for name in _fast_boot.values():
        if not (engine / name).is_file():  # content-hashed names: an existing file is the same file
            assert _fast_boot_dir is not None  # _make_fast_boot wrote _fast_boot's files there
            shutil.copy2(_fast_boot_dir / name, engine / name)
    if not getattr(config.plugins.get("i18n"), "building", False):  # the outer build: the index is final
        split_search_index(Path(config.site_dir), _language_folders(config))
    _finish_offline_site(config)


# --- the offline copy and compression (issue 16) ----------------------------------------------
# Every page (both languages) loads sw-register.mjs, which registers the Workbox service worker
# made here after the build (tools/build_sw.mjs) and shows the page's "new version" notice, whose
# words the page carries as data attributes. Then every large file gets .br/.gz siblings
# (tools/precompress.py) for hosts that serve precompressed files. `mkdocs serve` does neither:
# a service worker would answer a developer with yesterday's pages.

def _offline_wanted() -> bool:
    return _command != "serve" and os.environ.get("TUTOR_OFFLINE", "1") != "0"


def _add_offline_copy(output: str, page, config) -> str:
    if not _offline_wanted():
        return output
    from tutor.web.render import escape
    from tutor.web.site_messages import update_messages

    to_root = "../" * page.file.dest_uri.count("/")
    messages = update_messages(_page_language(page, config))
    notice = ('<div class="tutor-update" role="status" hidden'
              + "".join(f' data-msg-{key}="{escape(text)}"' for key, text in messages.items()) + "></div>")
    script = f'<script type="module" src="{to_root}{OFFLINE_SCRIPT}?{_script_query()}"></script>'
    output = output.replace("</head>", script + "\n</head>", 1)
    return output.replace("</body>", notice + "\n</body>", 1)


def _finish_offline_site(config) -> None:
    """Service worker first (it lists the files as they are), then the precompressed siblings."""
    if not _offline_wanted() or getattr(config.plugins.get("i18n"), "building", False):
        return  # inside the i18n plugin's build of another language: the outer build finishes the site
    import json
    import subprocess

    from tools.precompress import write_precompressed

    site_dir = Path(config.site_dir)
    node = shutil.which("node")
    if node is None:
        raise PluginError("node is not installed: it generates the service worker (tools/build_sw.mjs)")
    result = subprocess.run([node, str(SW_BUILD_SCRIPT), "--site", str(site_dir)], capture_output=True, text=True)
    if result.returncode != 0:
        raise PluginError(f"the service worker could not be generated:\n{result.stderr[-3000:]}")
    made = json.loads(result.stdout.strip().splitlines()[-1])
    for warning in made["warnings"]:
        log.warning("tutor: service worker: %s", warning)
    sizes = write_precompressed(site_dir)
    log.info("tutor: service worker precaches %d files (%.1f MB); %d files precompressed: %.1f MB raw, "
             "%.1f MB gzip, %.1f MB brotli", made["count"], made["bytes"] / 1e6, sizes["files"],
             sizes["raw"] / 1e6, sizes["gz"] / 1e6, sizes["br"] / 1e6)
