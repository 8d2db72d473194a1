import Testing

/// Real-looking messages per language, as a family would type or dictate them.
enum MessageTables {}

@Suite struct MessageTableTests {
    @Test(arguments: MessageRow.rows(MessageTables.uk)) func ukrainian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(MessageTables.ru)) func russian(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(MessageTables.en)) func english(_ row: MessageRow) { row.check() }
    @Test(arguments: MessageRow.rows(MessageTables.several)) func severalEntries(_ row: MessageRow) { row.check() }
}
