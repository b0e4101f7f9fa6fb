"""The widgets a page holds: rules-page boards and guided examples, the play page, practice."""
