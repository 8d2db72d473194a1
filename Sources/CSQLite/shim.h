#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: the one global setting the bot makes,
// before its first connection opens.
static inline int kopiyka_sqlite3_config_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

// Whether SQLite keeps memory statistics: off, each allocation skips a global mutex and a
// counter update (the bot reads neither sqlite3_memory_used nor a soft heap limit).
static inline int kopiyka_sqlite3_config_memory_statistics(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
