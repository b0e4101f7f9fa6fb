"""The Content-Security-Policy (docs/hooks/tutor_hook.py, content_security_policy): every built page
carries it as a <meta> first in its <head>, its hashes are those of the page's own inline scripts,
the site works under it in Chromium (the engine boots, search answers) with no violation reported,
and it is in force (an injected inline script is refused)."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from test_site import PAGES, page_url, wait_for_state

from tutor.i18n import LANGUAGES

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample || ""}`);
});
"""
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def policy_of(html: str) -> dict[str, list[str]]:
    match = META.search(html)
    assert match, "no Content-Security-Policy meta"
    return {part.split()[0]: part.split()[1:] for part in match.group(1).split("; ")}


def inline_script_hashes(html: str) -> set[str]:
    hashes = set()
    for match in re.finditer(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", html, re.S):
        if "src=" in match.group("attrs") or "application/json" in match.group("attrs"):
            continue
        digest = base64.b64encode(hashlib.sha256(match.group("body").encode()).digest()).decode()
        hashes.add(f"'sha256-{digest}'")
    return hashes


def test_every_built_page_carries_the_policy_first_in_its_head(built_site: Path):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) >= 10
    for path in pages:
        html = path.read_text(encoding="utf-8")
        head = html[html.index("<head>"):html.index("</head>")]
        assert head.index("Content-Security-Policy") < head.find("<script") or "<script" not in head, path
        policy = policy_of(html)
        assert policy["default-src"] == ["'self'"], path
        assert policy["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"], path
        assert set(policy["script-src"][2:]) == inline_script_hashes(html), path
        assert "'unsafe-inline'" not in policy["script-src"] + policy["style-src"], path
        assert policy["worker-src"] == ["'self'"] and policy["object-src"] == ["'none'"], path
        assert not re.search(r"\son[a-z]+=\"", html), f"{path}: an inline event handler"


def test_the_site_works_under_the_policy_with_no_violation(browser, base_url):
    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and "Content Security Policy" in m.text and errors.append(m.text))
    for lang in LANGUAGES:
        for path in [*PAGES, "404.html"]:
            page.goto(page_url(base_url, lang, path) if path != "404.html" else base_url + path)
            if page.locator("[data-tutor-widget]").count():
                assert wait_for_state(page) == "live", (lang, path)
            assert page.evaluate("window.__cspViolations") == [], (lang, path)
    # search runs in Material's worker under the policy
    page.goto(page_url(base_url, "de", ""))
    page.locator("input.md-search__input").press_sequentially("Zielstapel", delay=20)
    page.wait_for_selector(".md-search-result__item", timeout=20_000)
    assert page.evaluate("window.__cspViolations") == []
    assert errors == []
    context.close()


def test_the_policy_is_in_force(browser, base_url):
    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.goto(page_url(base_url, "en", ""))
    page.evaluate("""() => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
        const image = document.createElement("img");
        image.src = "https://example.invalid/x.png";
        document.body.append(image);
    }""")
    page.wait_for_timeout(200)
    assert page.evaluate("window.__injected") is None
    violations = page.evaluate("window.__cspViolations")
    assert any(v.startswith("script-src") for v in violations), violations
    assert any(v.startswith("img-src") for v in violations), violations
    context.close()
