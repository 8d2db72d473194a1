// SQLite: filled in by its issue.
