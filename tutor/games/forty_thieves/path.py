"""Forty Thieves' path: the guided examples of each rules section, as its page places them (its
terms example is the glossary's, the page's last step)."""

SECTION_EXAMPLES = {
    "setup": ("ft-setup-deal",),
    "playing": ("ft-worked-example", "ft-moves"),
    "winning": ("ft-won", "ft-lost"),
    "variants": ("ft-variants",),
    "glossary": ("ft-terms",),
}

# the page's tips (each a step of the path) stand after this section
TIPS_AFTER = "variants"
