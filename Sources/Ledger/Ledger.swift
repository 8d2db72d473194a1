// Ledger: filled in by its issue.
