#ifndef BOUNTY_CSQLITE_SHIM_H
#define BOUNTY_CSQLITE_SHIM_H
#include <sqlite3.h>

// Variadic C functions are not callable from Swift: these wrappers fix the arguments.

/// Turns on defensive mode (no writes to the schema through PRAGMA writable_schema and friends).
static inline int bounty_sqlite3_db_config_defensive(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

/// Turns off double-quoted string literals in DML and DDL (they hide typos in column names).
static inline int bounty_sqlite3_db_config_no_dqs(sqlite3 *db) {
  int a = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
  int b = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (int *)0);
  return a != SQLITE_OK ? a : b;
}

#endif
