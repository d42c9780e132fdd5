import BountyCore

extension Store {
  /// Opens the agency database on the PostgreSQL server `url` names (`DatabaseURL.classify` has
  /// refused a URL that holds a password; the connection sets its session up: UTF-8, UTC, `application_name` bounty) and brings its schema to this binary's (`PostgresSchema`). The store's `path` is `url`
  /// as given.
  static func openServer(url: String, clock: @escaping () -> Timestamp) throws(BountyError)
    -> Store
  {
    let database = try Database(postgresURL: url)
    let store = Store(database: database, path: url, mode: .readWrite)
    store.clock = clock
    try PostgresSchema.prepare(database, now: store.now)
    database.writersTakeTurns = true
    return store
  }
}
