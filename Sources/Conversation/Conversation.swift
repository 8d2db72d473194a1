// Conversation: filled in by its issue.
