"""What every page says about its offline copy (the service worker the build makes): the words
are written into the page by the build hook as data attributes, and
``docs/assets/js/sw-register.mjs`` shows them, so the script holds no text."""

from __future__ import annotations

from tutor.i18n import Text


def update_messages(lang: str) -> dict[str, str]:
    """The notice shown once a new version of the site has been saved for offline use."""
    return {
        "ready": Text("ui", "A new version of this site is ready.").render(lang),
        "reload": Text("ui", "Show the new version").render(lang),
    }
