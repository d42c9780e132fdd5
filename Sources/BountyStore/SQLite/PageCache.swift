extension Database {
  /// Runs `body` with SQLite's page cache limited to `kibibytes` (then puts the size it had back).
  /// For work whose pages are read or written once (an index sort, a 10 MiB photo): a small cache
  /// spills dirty pages to the WAL early instead of holding them all in memory. On PostgreSQL,
  /// whose cache is the server's, `body` just runs.
  public func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
    guard sqlite != nil else { return try body() }
    let size = try scalarInt("PRAGMA cache_size") ?? -24576
    try execute("PRAGMA cache_size = -\(kibibytes)")
    defer { try? execute("PRAGMA cache_size = \(size)") }
    return try body()
  }
}
