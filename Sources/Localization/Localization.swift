// Localization: filled in by its issue.
