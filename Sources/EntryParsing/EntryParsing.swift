// EntryParsing: filled in by its issue.
