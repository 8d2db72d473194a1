// TelegramClient: filled in by its issue.
