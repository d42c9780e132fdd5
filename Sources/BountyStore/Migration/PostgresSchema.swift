import BountyCore

/// Brings an agency (PostgreSQL) database to the schema this binary expects.
enum PostgresSchema {
  /// Validates and migrates `database` (a PostgreSQL connection). A stub until the PostgreSQL
  /// migration ladder lands: it checks and changes nothing yet.
  static func prepare(_ database: Database, now: Timestamp) throws(BountyError) {
  }
}
