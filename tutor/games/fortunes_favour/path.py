"""Fortune's Favour's path: the guided examples of each rules section, as its page places them."""

SECTION_EXAMPLES = {
    "terms": ("ff-terms",),
    "setup": ("ff-setup-deal",),
    "playing": ("ff-worked-example", "ff-moves"),
    "winning": ("ff-won", "ff-lost"),
    "variants": ("ff-redeal", "ff-variants"),
}

# the page's tips (each a step of the path) stand after this section
TIPS_AFTER = "winning"
