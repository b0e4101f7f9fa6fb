"""What every page carries besides its content, in its language, written by the build hook: the
notice of its offline copy (the service worker the build makes; the words are data attributes,
``docs/assets/js/sw-register.mjs`` shows them, so the script holds no text) and the four-colour
suits control (``docs/assets/js/suits.js``)."""

from __future__ import annotations

from tutor.i18n import Text
from tutor.web.render import escape

# The setting's key in localStorage, shared by every page of the site (both languages): "four" or
# absent. The head script applies it before the page is first drawn, so no board flashes.
SUITS_KEY = "tutor-suits"
SUITS_HEAD_SCRIPT = ('try{if(localStorage.getItem("' + SUITS_KEY + '")==="four")'
                     'document.documentElement.dataset.suits="four"}catch(e){}')


def update_messages(lang: str) -> dict[str, str]:
    """The notice shown once a new version of the site has been saved for offline use."""
    return {
        "ready": Text("ui", "A new version of this site is ready.").render(lang),
        "reload": Text("ui", "Show the new version").render(lang),
    }


def suits_control_html(lang: str) -> str:
    """The header's switch for four-colour suits (♦ blue, ♣ green on every board of the site): a
    toggle button, named in the page's language, that shows ♦ and ♣ as the boards will draw them
    (the header has little room on a phone)."""
    name = Text("ui", "Four-colour suits").render(lang)
    return (f'<button type="button" class="md-header__button tutor-suits-toggle" aria-pressed="false" '
            f'aria-label="{escape(name)}" title="{escape(name)}" data-key="{SUITS_KEY}">'
            '<span class="tutor-suits-sample" aria-hidden="true"><span class="tutor-suit-d">♦</span>'
            '<span class="tutor-suit-c">♣</span></span></button>')
