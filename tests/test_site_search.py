"""The build hook's search index per language (issue 16), on a small joint index like the one
mkdocs-static-i18n leaves (tests/browser/test_search.py checks the built site in Chromium)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from tutor.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]


def load_hook():
    spec = importlib.util.spec_from_file_location("tutor_hook_under_test", ROOT / "docs" / "hooks" / "tutor_hook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def doc(location: str, title: str) -> dict:
    return {"location": location, "title": title, "text": f"<p>{title}</p>"}


def test_the_joint_index_is_split_by_language_folder_with_each_languages_stemmer(tmp_path):
    hook = load_hook()
    joint = {"config": {"lang": LANGUAGES, "separator": "[\\s\\-]+"},
             "docs": [doc("", "Home"), doc("forty-thieves/#setup", "Setup"), doc("design/", "Design"),
                      doc("de/", "Start"), doc("de/forty-thieves/#setup", "Vorbereitung"),
                      doc("de/forty-thieves/", "Forty Thieves"), doc("forty-thieves/", "Forty Thieves")]}
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps(joint), encoding="utf-8")
    counts = hook.split_search_index(tmp_path, [("en", ""), ("de", "de")])
    english = json.loads((tmp_path / "search" / "search_index.json").read_text(encoding="utf-8"))
    german = json.loads((tmp_path / "de" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert counts == {"en": 4, "de": 3}
    assert english["config"] == {"lang": ["en"], "separator": "[\\s\\-]+"} and german["config"]["lang"] == ["de"]
    # a folder that only starts like a language ("design/") stays English; German addresses are the folder's own
    assert [d["location"] for d in english["docs"]] == ["", "forty-thieves/#setup", "design/", "forty-thieves/"]
    assert [d["location"] for d in german["docs"]] == ["", "forty-thieves/#setup", "forty-thieves/"]
    # a German page titled like an English one is kept (the plugin's de-duplication is off)
    assert [d["title"] for d in german["docs"]] == ["Start", "Vorbereitung", "Forty Thieves"]


def test_a_german_page_looks_for_its_index_in_its_own_folder():
    hook = load_hook()

    class Page:
        class file:
            dest_uri = "de/forty-thieves/index.html"
            locale = "de"

    class I18n:
        class config:
            languages = [type("L", (), {"locale": "en", "default": True, "build": True}),
                         type("L", (), {"locale": "de", "default": False, "build": True})]

    config = type("C", (), {"plugins": {"i18n": I18n}, "theme": {"language": "de"}})
    html = ('<head></head><body><script id="__config" type="application/json">'
            '{"base": "../..", "search": "../../assets/x.js", "translations": {"a": "<b>"}}</script></body>')
    out = hook._search_own_language(html, Page, config)
    app = json.loads(out.split('application/json">')[1].split("</script>")[0])
    assert app["base"] == "../../de/" and app["search"] == "../../assets/x.js" and app["translations"] == {"a": "<b>"}
    assert "<b>" not in out.split('application/json">')[1].split("</script>")[0]  # no markup inside the script
    Page.file.dest_uri, Page.file.locale = "forty-thieves/index.html", "en"
    assert hook._search_own_language(html, Page, config) == html
