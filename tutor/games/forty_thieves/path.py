"""Forty Thieves' path: the guided examples of each rules section, as its page places them (its
terms example is the glossary's, which is no step of the path)."""

SECTION_EXAMPLES = {
    "setup": ("ft-setup-deal",),
    "playing": ("ft-worked-example", "ft-moves"),
    "winning": ("ft-won", "ft-lost"),
    "variants": ("ft-variants",),
}
