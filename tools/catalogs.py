"""Keep the gettext catalogs in step with the source.

    python tools/catalogs.py            # extract + update + compile (what `make catalogs` runs)
    python tools/catalogs.py compile    # only compile the .mo files whose .po changed
    python tools/catalogs.py check      # fail if a message lacks a translation or is fuzzy

English is the source language: its catalog's translations are filled with the msgid, so every
catalog is complete and a missing German string is easy to spot. Fuzzy matching is off: a guessed
German sentence is worse than a visibly missing one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "tutor.pot"
COMPILED = ROOT / "tutor" / "_locales"
DOMAIN = "tutor"
KEYWORDS = ["-k", "Text:1c,2", "-k", "Refusal:2c,3", "-k", "Plural:1c,2,3"]


def languages() -> list[str]:
    return sorted(p.name for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir())


def pybabel(*args: str) -> None:
    exe = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(exe), "-q", *args], check=True, cwd=ROOT)


def extract() -> None:
    LOCALES.mkdir(exist_ok=True)  # pybabel extract needs its output folder
    pybabel("extract", "-F", "babel.cfg", *KEYWORDS, "--no-wrap", "--sort-by-file",
            "--project", "patience-tutor", "--copyright-holder", "patience-tutor authors",
            "-o", str(POT.relative_to(ROOT)), ".")


def update() -> None:
    from babel.messages.pofile import read_po, write_po

    for lang in languages():
        po = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not po.exists():
            pybabel("init", "-i", str(POT), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang)
        pybabel("update", "-i", str(POT), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang,
                "--no-fuzzy-matching", "--no-wrap", "--ignore-obsolete")
        if lang == "en":
            with po.open("rb") as f:
                catalog = read_po(f, locale="en")
            changed = False
            for message in catalog:
                if message.id and not any(_forms(message.string)):
                    message.string = message.id  # a plural's (singular, plural) as English's two forms
                    changed = True
            if changed:
                with po.open("wb") as f:
                    write_po(f, catalog, width=0, ignore_obsolete=True)


def _forms(string: object) -> tuple[object, ...]:
    """A message's translations: one, or a plural's forms."""
    return tuple(string) if isinstance(string, (tuple, list)) else (string,)


def compile_changed() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = po.parent.parent.name
        mo = COMPILED / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue  # unchanged: rewriting it would make `mkdocs serve` rebuild forever
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)


def check() -> int:
    from babel.messages.pofile import read_po

    problems = 0
    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            if not all(_forms(message.string)) or message.fuzzy:
                problems += 1
                print(f"{po.relative_to(ROOT)}: {'fuzzy' if message.fuzzy else 'untranslated'}: "
                      f"[{message.context}] {message.id!r}")
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "all"
    if command == "all":
        extract()
        update()
        compile_changed()
    elif command == "compile":
        compile_changed()
    elif command == "check":
        return check()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
