extension Database {
  /// SQLite's page cache in a transaction that writes: a million-row import keeps its index pages
  /// in memory and stays within its 64 MiB budget (docs/performance.md).
  static let writingPageCacheKiB = 24_576
  /// Everywhere else (reads): SQLite's own 2 MiB. A read touches most pages once (a page of 5,000
  /// rows is 5,000 table pages), and a cache that recycles them is faster than fresh memory for
  /// each.
  static let readingPageCacheKiB = 2_048

  /// Runs `body` with SQLite's page cache limited to `kibibytes` (then puts the size it had back).
  /// For work whose pages are read or written once (an index sort, a 10 MiB photo): a small cache
  /// spills dirty pages to the WAL early instead of holding them all in memory. On PostgreSQL,
  /// whose cache is the server's, `body` just runs.
  public func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
    guard sqlite != nil else { return try body() }
    let size = try scalarInt("PRAGMA cache_size") ?? -Int64(Self.readingPageCacheKiB)
    try execute("PRAGMA cache_size = -\(kibibytes)")
    defer { try? execute("PRAGMA cache_size = \(size)") }
    return try body()
  }
}
