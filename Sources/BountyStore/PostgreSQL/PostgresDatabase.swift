import BountyCore

extension Database {
  /// Connects to the PostgreSQL server `url` names: a `postgresql://` or `postgres://` URL, any
  /// other libpq connection string (`host=/run/postgresql dbname=agency`), or exactly
  /// `postgresql:`, which leaves everything to libpq's `PG*` environment (`PGHOST`, `PGDATABASE`,
  /// `PGSERVICE`, …). libpq is loaded now, the first time one is opened. Messages name `url` as
  /// given; refuse one that holds a password before calling this (`DatabaseLocation`).
  public convenience init(postgresURL url: String) throws(BountyError) {
    let fromEnvironment = url == DatabaseURL.serverFromEnvironment
    let connection = try PostgresConnection(
      conninfo: fromEnvironment ? "" : url,
      name: fromEnvironment ? "the server the PG* environment names" : url)
    self.init(engine: connection, path: url)
  }
}
