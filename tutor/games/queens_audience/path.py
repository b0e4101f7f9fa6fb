"""Queen's Audience's path: the guided examples of each rules section, as its page places them."""

SECTION_EXAMPLES = {
    "layout": ("qa-terms",),
    "setup": ("qa-setup-deal",),
    "playing": ("qa-worked-example", "qa-moves"),
    "winning": ("qa-won", "qa-lost"),
    "variants": ("qa-redeal", "qa-variants"),
}

# the page's tips (each a step of the path) stand after this section
TIPS_AFTER = "winning"
