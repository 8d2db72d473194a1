#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: the one global setting the bot makes,
// before its first connection opens.
static inline int kopiyka_sqlite3_config_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
