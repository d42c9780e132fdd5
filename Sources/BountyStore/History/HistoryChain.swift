import BountyCore
import CSQLite
import Glibc

/// The history's hash chain on SQLite (docs/history.md, "The chain"): every step recorded,
/// replayed or dropped appends a link to `history_chain` hashing the step's canonical data and the
/// link before, so `db check` finds a step another program planted, edited or removed, and undo
/// refuses one the chain does not vouch for.
enum HistoryChain {
  /// A link of the chain as stored.
  struct Link {
    let seq: Int64
    let kind: String
    let stepID: Int64
    let sourceID: Int64?
    let digest: String
    let hunter: String
    let client: String
    let at: String
    let hash: String
  }

  /// The client every step bounty records names.
  static let client = "bounty"

  static let linkColumns = "seq, kind, step_id, source_id, digest, hunter, client, at, hash"

  static func link(_ row: Row) -> Link {
    Link(
      seq: row.int(0), kind: row.text(1), stepID: row.int(2), sourceID: row.optionalInt(3),
      digest: row.text(4), hunter: row.text(5), client: row.text(6), at: row.text(7),
      hash: row.text(8))
  }

  /// `hash(link)` of docs/history.md, given the hash of the link before ("" before the first).
  static func hash(
    seq: Int64, kind: String, stepID: Int64, sourceID: Int64?, digest: String, hunter: String,
    client: String, at: String, previous: String
  ) -> String {
    var hasher = CanonicalHasher()
    hasher.text("bounty.link.1")
    hasher.integer(seq)
    hasher.text(kind)
    hasher.integer(stepID)
    if let sourceID { hasher.integer(sourceID) } else { hasher.null() }
    hasher.text(digest)
    hasher.text(hunter)
    hasher.text(client)
    hasher.text(at)
    hasher.text(previous)
    return hasher.finishHex()
  }

  /// The digest a `restart` link holds: SHA-256 of `t"bounty.links.1"`, then each link before it
  /// as stored, in `seq` order, as `i(seq)`, `t(kind)`, `i(step_id)`, `i(source_id)` or `n`,
  /// `t(digest)`, `t(hunter)`, `t(client)`, `t(at)`, `t(hash)` (docs/history.md, "Restarting the
  /// chain").
  struct LinksDigest {
    private var hasher: CanonicalHasher

    init() {
      hasher = CanonicalHasher()
      hasher.text("bounty.links.1")
    }

    mutating func add(_ link: Link) {
      hasher.integer(link.seq)
      hasher.text(link.kind)
      hasher.integer(link.stepID)
      if let source = link.sourceID { hasher.integer(source) } else { hasher.null() }
      for text in [link.digest, link.hunter, link.client, link.at, link.hash] { hasher.text(text) }
    }

    /// The digest of the links added so far.
    var hex: String {
      var copy = hasher
      return copy.finishHex()
    }
  }

  static func expectedHash(of link: Link, previous: String) -> String {
    hash(
      seq: link.seq, kind: link.kind, stepID: link.stepID, sourceID: link.sourceID,
      digest: link.digest, hunter: link.hunter, client: link.client, at: link.at,
      previous: previous)
  }

  /// How many old values (`v1…`) and new values (`n1…`) an entry of `op` holds on SQLite.
  static func layout(of op: String) -> (old: Int, new: Int) {
    guard let dot = op.firstIndex(of: "."),
      let columns = HistoryStatements.sqliteColumns[String(op[..<dot])]
    else { return (17, 16) }
    switch op[op.index(after: dot)...] {
    case "delete": return (1, columns.count)
    case "update": return (columns.count + 1, columns.count)
    case "insert": return (columns.count, 0)
    case "deleteAfterPosition": return (1, 0)
    default: return (17, 16)
    }
  }

  /// The entry's values as the digest reads them: `v3`, the only one a photo's bytes are in, as
  /// NULL when it is a blob, whose length follows last (`typeof` and `length` read no blob), so
  /// the bytes are hashed by incremental blob I/O a piece at a time.
  private static let entryValues =
    (1...17).map { $0 == 3 ? "CASE WHEN typeof(v3) = 'blob' THEN NULL ELSE v3 END" : "v\($0)" }
    .joined(separator: ", ") + ", " + (1...16).map { "n\($0)" }.joined(separator: ", ")
    + ", CASE WHEN typeof(v3) = 'blob' THEN length(v3) END"

  /// `digest(step)` of docs/history.md, or nil when there is no such step. Reads the step's
  /// entries as one streamed query.
  static func digest(ofStep id: Int64, in database: Database) throws -> String? {
    var hasher = CanonicalHasher()
    hasher.text("bounty.step.1")
    hasher.integer(id)
    var found = false
    try database.forEachRow(
      "SELECT stack, label, created_at, hunter, client FROM history_step WHERE id = ?",
      [.integer(id)]
    ) { row in
      found = true
      for column in Int32(0)..<5 { addText(row, column, to: &hasher) }
    }
    guard found else { return nil }
    hasher.integer(
      try database.scalarInt(
        "SELECT count(*) FROM history_entry WHERE step_id = ?", .integer(id)) ?? 0)
    try database.forEachRow(
      "SELECT id, op, imaged, \(entryValues) FROM history_entry WHERE step_id = ? ORDER BY id",
      [.integer(id)]
    ) { row in
      let op = row.text(1)
      let (old, new) = layout(of: op)
      hasher.integer(row.int(0))
      addText(row, 1, to: &hasher)
      hasher.list(count: old)
      for column in 0..<old {
        if column == 2, let length = row.optionalInt(36) {
          hasher.blobHeader(count: Int(length))
          // A photo's overflow pages pass through the smaller cache a photo's replay uses.
          try database.withPageCache(kibibytes: Store.photoPageCacheKiB) {
            try database.sqlite?.readBlobPieces(
              table: "history_entry", column: "v3", rowid: row.int(0)
            ) { hasher.blobPiece($0) }
          }
        } else {
          add(row, Int32(3 + column), to: &hasher)
        }
      }
      if row.int(2) == 1 {
        hasher.list(count: new)
        for column in 0..<new { add(row, Int32(20 + column), to: &hasher) }
      } else {
        hasher.null()
      }
    }
    return hasher.finishHex()
  }

  /// Adds a SQLite column to `hasher` as the value it holds, by its storage class; text as its
  /// stored bytes (`CanonicalHasher.text(bytes:)`).
  private static func add(_ row: Row, _ column: Int32, to hasher: inout CanonicalHasher) {
    guard case .sqlite(let statement) = row.source else {
      if row.isNull(column) { hasher.null() } else { hasher.text(row.text(column)) }
      return
    }
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: hasher.integer(row.int(column))
    case SQLITE_FLOAT: hasher.real(row.coordinate(column))
    case SQLITE_TEXT: addText(row, column, to: &hasher)
    case SQLITE_BLOB: hasher.blob(row.blob(column))
    default: hasher.null()
    }
  }

  /// Adds a column as text, as the bytes SQLite holds (`CanonicalHasher.text(bytes:)`).
  private static func addText(_ row: Row, _ column: Int32, to hasher: inout CanonicalHasher) {
    guard case .sqlite(let statement) = row.source else { return hasher.text(row.text(column)) }
    hasher.text(
      bytes: UnsafeBufferPointer(
        start: sqlite3_column_text(statement, column),
        count: Int(sqlite3_column_bytes(statement, column))))
  }

  /// Appends a link of `kind` for `stepID` (the step made or dropped) and returns it.
  @discardableResult
  /// `digest` is what a `restart` link holds (`LinksDigest`); every other link holds its step's
  /// (empty for a `drop`).
  static func append(
    _ kind: String, step stepID: Int64, source: Int64? = nil, digest given: String? = nil,
    in database: Database, hunter: String, at: Timestamp
  ) throws -> Link {
    let digest =
      try given ?? (kind == "drop" ? "" : try digest(ofStep: stepID, in: database) ?? "")
    let last = try database.queryFirst(
      "SELECT seq, hash FROM history_chain ORDER BY seq DESC LIMIT 1", [],
      row: { ($0.int(0), $0.text(1)) })
    let seq = (last?.0 ?? 0) + 1
    let link = Link(
      seq: seq, kind: kind, stepID: stepID, sourceID: source, digest: digest, hunter: hunter,
      client: client, at: at.iso8601, hash: "")
    let hash = expectedHash(of: link, previous: last?.1 ?? "")
    try database.run(
      "INSERT INTO history_chain (\(linkColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      .integer(seq), .text(kind), .integer(stepID), .optional(source), .text(digest),
      .text(hunter), .text(client), .text(link.at), .text(hash))
    return link
  }

  /// Seals the steps a file holds from before the chain (the `history_chain` migration), one
  /// `seal` link each, in step id order.
  static func seal(_ database: Database, at: Timestamp) throws {
    let hunter = try currentHunter(database)
    let steps = try database.query("SELECT id FROM history_step ORDER BY id") { $0.int(0) }
    for step in steps { try append("seal", step: step, in: database, hunter: hunter, at: at) }
  }

  /// Who makes the steps this process records: the `hunter.name` setting, else the OS user's
  /// login name.
  static func currentHunter(_ database: Database) throws -> String {
    if let name = try database.scalarText(
      "SELECT value FROM setting WHERE key = ?", .text(SettingKey.hunterName.rawValue)),
      !name.isEmpty
    {
      return name
    }
    if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
      return String(cString: name)
    }
    return getenv("USER").map { String(cString: $0) } ?? ""
  }
}
