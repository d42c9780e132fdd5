import BountyCore

/// The values of a fugitive that a change writes: everything but notes and photo.
public struct FugitiveFields: Sendable {
  public var id: Int64
  public var name: String
  public var bountyMinor: Int64
  public var description: String
  public var captured: Bool
  public var capturedAt: Timestamp?
  /// Where the capture happened, as stored (either coordinate may be missing: an edit keeps it).
  public var capturePosition: Coordinates?
  public var lastSeen: LastSeen?

  /// The capture position when both coordinates are known; setting it sets both.
  public var captureLocation: GeoPoint? {
    get { capturePosition?.point }
    set { capturePosition = newValue.map(Coordinates.init) }
  }

  public init(
    id: Int64, name: String, bountyMinor: Int64, description: String, captured: Bool = false,
    capturedAt: Timestamp? = nil, captureLocation: GeoPoint? = nil, lastSeen: LastSeen? = nil
  ) {
    self.id = id
    self.name = name
    self.bountyMinor = bountyMinor
    self.description = description
    self.captured = captured
    self.capturedAt = capturedAt
    self.capturePosition = captureLocation.map(Coordinates.init)
    self.lastSeen = lastSeen
  }

  public init(_ fugitive: Fugitive) {
    self.init(
      id: fugitive.id, name: fugitive.name, bountyMinor: fugitive.bounty.minorUnits,
      description: fugitive.description, captured: fugitive.captured,
      capturedAt: fugitive.capturedAt, lastSeen: fugitive.lastSeen)
    capturePosition = fugitive.capturePosition
  }
}

/// A fugitive as its row reads (`Store.fugitiveRowColumns`), notes and case file not yet filled
/// in, with whether it has any.
struct FugitiveRow {
  var fugitive: Fugitive
  let hasNotes: Bool
  let hasCaseFile: Bool
}

/// Fugitives as their rows read, with whether each has notes or a case file: the fugitives in the
/// array a list answers, which `completeListed` (or `withChildren`) fills in place, so a page of
/// thousands is never copied into a second array (each copy is fresh memory, and its page faults
/// cost more than the copying).
struct FugitiveRows {
  var fugitives: [Fugitive] = []
  /// Whether `fugitives[i]` has notes, and whether it has a case file, by index.
  var hasNotes: [Bool] = []
  var hasCaseFile: [Bool] = []

  /// An empty list with room for `count` rows.
  init(reserving count: Int = 0) {
    fugitives.reserveCapacity(count)
    hasNotes.reserveCapacity(count)
    hasCaseFile.reserveCapacity(count)
  }

  var isEmpty: Bool { fugitives.isEmpty }

  mutating func append(_ row: FugitiveRow) {
    fugitives.append(row.fugitive)
    hasNotes.append(row.hasNotes)
    hasCaseFile.append(row.hasCaseFile)
  }

  /// Empties the list, keeping its room (a stream's next batch).
  mutating func removeAll() {
    fugitives.removeAll(keepingCapacity: true)
    hasNotes.removeAll(keepingCapacity: true)
    hasCaseFile.removeAll(keepingCapacity: true)
  }
}

extension Store {
  static let ownColumns = """
    id, name, bounty_minor, description, captured, captured_at, captured_lat, captured_lon, \
    last_seen_lat, last_seen_lon, last_seen_desc, last_seen_at, position, created_at, updated_at
    """

  /// The columns a `FugitiveRowDecoder` reads as a fugitive (by name), with whether it has a
  /// photo: asked of `photo` on SQLite, read from the flag the triggers keep on PostgreSQL (a fresh
  /// server connection plans a query the faster, the fewer tables it names).
  static func fugitiveColumns(_ dialect: SQLDialect) -> String {
    dialect == .sqlite ? fileColumns : serverColumns
  }

  /// `fugitiveColumns`, then whether the fugitive has notes and whether it has a case file (a
  /// case-file row, an alias or an expense): what `FugitiveRowDecoder.fugitiveRow` reads.
  static func fugitiveRowColumns(_ dialect: SQLDialect) -> String {
    dialect == .sqlite ? fileRowColumns : serverRowColumns
  }

  /// The columns of a list of fugitives (a page, a read-ahead, a stream's batch), for
  /// `completeListed`: on SQLite the fugitive's own, whether it has a photo,
  /// notes or a case file left false for `completeListed` to ask of the whole list at once; on
  /// PostgreSQL `fugitiveRowColumns`, the flags the triggers keep on the row.
  static func fugitiveListColumns(_ dialect: SQLDialect) -> String {
    dialect == .sqlite ? fileListColumns : serverRowColumns
  }

  private static let fileListColumns =
    ownColumns + ", 0 AS has_photo, 0 AS has_notes, 0 AS has_case_file"
  private static let fileColumns =
    ownColumns + ", EXISTS (SELECT 1 FROM photo WHERE photo.fugitive_id = fugitive.id) AS has_photo"
  private static let serverColumns = ownColumns + ", fugitive.has_photo AS has_photo"
  private static let fileRowColumns = """
    \(fileColumns), EXISTS (SELECT 1 FROM note WHERE note.fugitive_id = fugitive.id) AS has_notes,
    (EXISTS (SELECT 1 FROM case_file WHERE case_file.fugitive_id = fugitive.id)
      OR EXISTS (SELECT 1 FROM alias WHERE alias.fugitive_id = fugitive.id)
      OR EXISTS (SELECT 1 FROM expense WHERE expense.fugitive_id = fugitive.id)) AS has_case_file
    """
  private static let serverRowColumns =
    serverColumns + ", fugitive.has_notes AS has_notes, fugitive.has_case_file AS has_case_file"
}

/// Where a statement's fugitive columns are, found by name once (from its first row) and read by
/// position for every row: a SELECT may list them in any order, and a column added to the table
/// or to the list shifts nothing.
struct FugitiveColumns {
  let id, name, bounty, description, captured, capturedAt, capturedLat, capturedLon: Int32
  let lastSeenLat, lastSeenLon, lastSeenDescription, lastSeenAt: Int32
  let position, createdAt, updatedAt, hasPhoto: Int32
  /// Only in rows selected with `fugitiveRowColumns`.
  let hasNotes, hasCaseFile: Int32?
  /// Any other column the statement names, by name (a list's `listed_total`).
  let others: ColumnPositions

  init(_ row: Row) throws(BountyError) {
    let columns = ColumnPositions(row)
    id = try columns.position(of: "id")
    name = try columns.position(of: "name")
    bounty = try columns.position(of: "bounty_minor")
    description = try columns.position(of: "description")
    captured = try columns.position(of: "captured")
    capturedAt = try columns.position(of: "captured_at")
    capturedLat = try columns.position(of: "captured_lat")
    capturedLon = try columns.position(of: "captured_lon")
    lastSeenLat = try columns.position(of: "last_seen_lat")
    lastSeenLon = try columns.position(of: "last_seen_lon")
    lastSeenDescription = try columns.position(of: "last_seen_desc")
    lastSeenAt = try columns.position(of: "last_seen_at")
    position = try columns.position(of: "position")
    createdAt = try columns.position(of: "created_at")
    updatedAt = try columns.position(of: "updated_at")
    hasPhoto = try columns.position(of: "has_photo")
    hasNotes = columns.optionalPosition(of: "has_notes")
    hasCaseFile = columns.optionalPosition(of: "has_case_file")
    others = columns
  }
}

/// Reads the fugitive rows of one statement: the first row finds the columns by name
/// (`FugitiveColumns`), every row is then read by position. Make one per statement.
struct FugitiveRowDecoder {
  let currency: Currency
  private(set) var columns: FugitiveColumns?

  init(currency: Currency) { self.currency = currency }

  /// The columns of this statement, found from `row` when it is the first.
  mutating func columns(of row: Row) throws(BountyError) -> FugitiveColumns {
    if let columns { return columns }
    let found = try FugitiveColumns(row)
    columns = found
    return found
  }

  /// Reads a row selected with `fugitiveColumns` (notes are filled in separately).
  mutating func fugitive(_ row: Row) throws(BountyError) -> Fugitive {
    Store.fugitive(from: row, columns: try columns(of: row), currency: currency)
  }

  /// Reads a row selected with `fugitiveRowColumns`.
  mutating func fugitiveRow(_ row: Row) throws(BountyError) -> FugitiveRow {
    let columns = try columns(of: row)
    guard let hasNotes = columns.hasNotes, let hasCaseFile = columns.hasCaseFile else {
      throw BountyError.io("internal error: a fugitive row without has_notes or has_case_file")
    }
    return FugitiveRow(
      fugitive: Store.fugitive(from: row, columns: columns, currency: currency),
      hasNotes: row.int(hasNotes) != 0, hasCaseFile: row.int(hasCaseFile) != 0)
  }
}

extension Store {
  /// Reads a fugitive's own columns at the positions `columns` found.
  static func fugitive(from row: Row, columns c: FugitiveColumns, currency: Currency) -> Fugitive {
    let lastSeen = LastSeen(
      lat: row.optionalCoordinate(c.lastSeenLat), lon: row.optionalCoordinate(c.lastSeenLon),
      description: row.optionalText(c.lastSeenDescription),
      at: row.timestamp(c.lastSeenAt))
    var fugitive = Fugitive(
      id: row.int(c.id), name: row.text(c.name),
      bounty: Money(minorUnits: row.int(c.bounty), currency: currency),
      description: row.text(c.description), captured: row.int(c.captured) != 0,
      capturedAt: row.timestamp(c.capturedAt),
      captureLocation: nil, lastSeen: lastSeen.isEmpty ? nil : lastSeen,
      hasPhoto: row.int(c.hasPhoto) != 0, position: row.int(c.position), notes: [],
      createdAt: row.timestamp(c.createdAt) ?? Timestamp(secondsSinceEpoch: 0),
      updatedAt: row.timestamp(c.updatedAt) ?? Timestamp(secondsSinceEpoch: 0))
    fugitive.capturePosition = Coordinates(
      lat: row.optionalCoordinate(c.capturedLat), lon: row.optionalCoordinate(c.capturedLon))
    return fugitive
  }

  /// The fugitive with this ID#, notes and case file included, or nil. One query when it has
  /// neither (the row says whether it has), one more for each it has.
  public func fugitive(id: Int64) throws -> Fugitive? {
    if let readAhead = fugitivesReadAhead, readAhead.serial == database.transactionSerial,
      database.inTransaction, let known = readAhead.byID[id]
    {
      return known
    }
    var decoder = FugitiveRowDecoder(currency: try currency())
    var rows = try fugitiveRows(
      "SELECT \(Self.fugitiveRowColumns(database.dialect)) FROM fugitive WHERE id = ?",
      [.integer(id)], decoder: &decoder)
    try withChildren(&rows)
    return rows.fugitives.first
  }

  /// Reads the fugitives with these ID#s, notes and case files included, in a few queries, for
  /// `fugitive(id:)` to answer from until this transaction ends: a front holding many requests
  /// that each show one fugitive (a script's piped `fugitives.get`) reads them in one go. Call
  /// inside a read transaction.
  public func readAhead(fugitiveIDs ids: [Int64]) throws {
    fugitivesReadAhead = nil
    guard database.inTransaction, ids.count > 1 else { return }
    var decoder = FugitiveRowDecoder(currency: try currency())
    var rows = try fugitiveRows(
      """
      SELECT \(Self.fugitiveListColumns(database.dialect)) FROM fugitive
      WHERE id IN (\(database.dialect.integersOfJSONArray))
      """, [.integers(ids)], decoder: &decoder)
    try completeListed(&rows)
    fugitivesReadAhead = (
      database.transactionSerial,
      Dictionary(rows.fugitives.map { ($0.id, $0) }) { first, _ in first }
    )
  }

  /// The fugitive with this ID#, or `notFound`.
  public func existingFugitive(id: Int64) throws -> Fugitive {
    guard let fugitive = try fugitive(id: id) else {
      throw BountyError.notFound("fugitive \(id) not found")
    }
    return fugitive
  }

  /// One page of fugitives and the number that match in all, in one statement: the number is a
  /// column of the page's own query, from the tally when only the status filters, else counted by a
  /// subquery run once (on a server, one round trip instead of two). Counted apart only for an
  /// empty page, which has no row to carry it.
  public func fugitives(_ query: FugitiveQuery) throws -> (items: [Fugitive], total: Int64) {
    if let found = try searchedFugitives(query) { return found }
    var decoder = FugitiveRowDecoder(currency: try currency())
    let (whereClause, values) = query.filter(on: database.dialect)
    let total: (sql: String, values: [SQLValue]) =
      query.countsByStatusOnly
      ? (sql: Self.tally(of: query.status), values: [])
      : (sql: "SELECT count(*) FROM fugitive \(whereClause)", values: values)
    var listed: Int64?
    func readPage() throws -> FugitiveRows {
      try fugitiveRows(
        """
        SELECT \(Self.fugitiveListColumns(database.dialect)),
          (\(total.sql)) AS listed_total
        FROM fugitive
        \(whereClause)
        ORDER BY \(query.sort.orderBy(descending: query.descending)) LIMIT ? OFFSET ?
        """,
        total.values + values + [
          query.limit.map(SQLValue.integer) ?? database.dialect.noLimit, .integer(query.offset),
        ],
        // A page of thousands in one array, never regrown (each copy of thousands of fugitives
        // is fresh memory, and its page faults cost more than the copying).
        expected: Int(min(query.limit ?? 0, Self.largestPageReserved)), decoder: &decoder,
        each: { row, decoder in
          if listed == nil {
            listed = row.int(try decoder.columns?.others.position(of: "listed_total") ?? 0)
          }
        })
    }
    // A command that only reads holds no cache for later: the page's table pages are read once
    // each, and the pages it comes back to (the index it walks, the B-trees' upper levels) fit
    // in a small cache. Each page of a larger one is fresh memory, whose page fault costs about
    // what reading the page again would: SQLite's 2 MiB filled to 450 more page faults in a
    // 5,000-row list, and saved 35 reads of 4,850.
    var page =
      try onlyReads
      ? database.withPageCache(kibibytes: Self.onePageCacheKiB, readPage) : readPage()
    let counted = try listed ?? count(query, whereClause: whereClause, values: values)
    try completeListed(&page)
    return (page.fugitives, counted)
  }

  /// The fugitives `sql` selects (with `fugitiveRowColumns` or `fugitiveListColumns`), read into
  /// one list made room for `expected` rows at the start; `each` is handed every row once it is
  /// read (a page's total is a column of its first).
  func fugitiveRows(
    _ sql: String, _ values: [SQLValue], expected: Int = 0,
    decoder: inout FugitiveRowDecoder,
    each: (Row, FugitiveRowDecoder) throws -> Void = { _, _ in }
  ) throws -> FugitiveRows {
    var rows = FugitiveRows(reserving: expected)
    try database.forEachRow(sql, values, streaming: false) { row in
      rows.append(try decoder.fugitiveRow(row))
      try each(row, decoder)
    }
    return rows
  }

  /// The page cache a command that only reads reads a list page with.
  static let onePageCacheKiB = 256

  /// The most rows a page's array makes room for before it has read them (a page holds at most
  /// 10,000; a larger limit grows the array as rows come).
  static let largestPageReserved: Int64 = 10_000

  /// How many fugitives match: from the tally when only the status filters, else counted.
  func count(_ query: FugitiveQuery, whereClause: String, values: [SQLValue]) throws -> Int64 {
    guard query.countsByStatusOnly else {
      return try database.queryFirst("SELECT count(*) FROM fugitive \(whereClause)", values) {
        $0.int(0)
      } ?? 0
    }
    return try database.scalarInt(Self.tally(of: query.status)) ?? 0
  }

  /// The query that answers how many fugitives have `status`, from the tally the triggers keep.
  static func tally(of status: FugitiveQuery.Status) -> String {
    switch status {
    case .atLarge: "SELECT count FROM fugitive_tally WHERE captured = 0"
    case .captured: "SELECT count FROM fugitive_tally WHERE captured = 1"
    case .all: "SELECT sum(count) FROM fugitive_tally"
    }
  }

  /// A free positive ID#: one more than the highest (1 when none is above 0), or, once ID#
  /// 2147483647 is taken, the lowest free one above 0. Either is one index look-up: the lowest
  /// free ID# is 1 or one past the run of consecutive ID#s that holds 1 (a run may start at 0 or
  /// below, kept from the original app), which `fugitive_id_run` keeps (SQLite's migration 0016;
  /// PostgreSQL's migration 1, see `refreshFugitiveIDRuns`).
  ///
  /// On PostgreSQL "the highest" is the highest ever written (`fugitive_id_high`, agency
  /// migration 11): each hunter undoes and redoes their own steps, so an ID# one hunter's undone
  /// add or delete freed stays free for their redo or undo to put the fugitive back, and another
  /// hunter's add must not take it (SQLite has one stack, undone in order).
  public func nextFreeFugitiveID() throws -> Int64 {
    let highest = try database.scalarInt(Self.highestFugitiveID(database.dialect)) ?? 0
    if highest < Limits.fugitiveIDs.upperBound { return max(highest, 0) + 1 }
    try refreshFugitiveIDRuns()
    guard
      let firstRunEnd = try database.scalarInt(
        """
        SELECT last FROM fugitive_id_run
        WHERE first = (SELECT max(first) FROM fugitive_id_run WHERE first <= 1) AND last >= 1
        """)
    else { return 1 }
    guard firstRunEnd < Limits.fugitiveIDs.upperBound else {
      throw BountyError.conflict("every Fugitive ID# is taken")
    }
    return firstRunEnd + 1
  }

  /// Refuses (PostgreSQL) an ID# no fugitive has but a step of another hunter's history may put
  /// a fugitive back under (the undo of a delete or of a change of ID#, the redo of an add):
  /// given to another fugitive, it would make that undo or redo fail. The caller's own steps are
  /// no obstacle: their undo takes the newer step first, and a new step drops their redo steps,
  /// as SQLite's one stack does.
  public func refuseIfHeldByHistory(fugitiveID id: Int64) throws {
    guard database.dialect == .postgresql,
      let held = try database.queryFirst(
        """
        SELECT coalesce(h.display_name, s.hunter), s.label, s.stack FROM history_touch AS t
        JOIN history_step AS s ON s.id = t.step_id LEFT JOIN hunter AS h ON h.role = s.hunter
        WHERE t.fugitive_id = ? AND s.hunter <> current_user ORDER BY s.id DESC LIMIT 1
        """, [.integer(id)], row: { (by: $0.text(0), label: $0.text(1), stack: $0.text(2)) })
    else { return }
    throw BountyError.conflict(
      "ID# \(id) is kept for \(NameIdentity.shown(held.by))'s "
        + "\(held.stack == "undo" ? "step" : "undone step") \(SafeText.quoted(held.label)), whose "
        + "\(held.stack) may put a fugitive back under it; leave the ID# out for the next free one, "
        + "or pick another")
  }

  /// The query for the highest ID# taken (`nextFreeFugitiveID`).
  static func highestFugitiveID(_ dialect: SQLDialect) -> String {
    switch dialect {
    case .sqlite: "SELECT max(id) FROM fugitive"
    case .postgresql:
      "SELECT greatest(max(id), (SELECT last_value FROM fugitive_id_high)) FROM fugitive"
    }
  }

  /// Brings `fugitive_id_run` up to date on PostgreSQL, whose triggers only note the ID#s each
  /// statement touched (a row-by-row load would otherwise rewrite one run row per row); on SQLite
  /// the triggers keep the runs themselves. Called at the end of every undo step, undo and redo,
  /// and before the runs are read.
  func refreshFugitiveIDRuns() throws {
    guard database.dialect == .postgresql else { return }
    try database.run("SELECT fugitive_id_run_refresh()")
  }

  /// Hands `body` every ID#, in order, as they are read (a million are never held in a list).
  public func forEachFugitiveID(_ body: (Int64) throws -> Void) throws {
    try database.forEachRow("SELECT id FROM fugitive ORDER BY id") { try body($0.int(0)) }
  }

  public func fugitiveExists(id: Int64) throws -> Bool {
    try database.scalarInt("SELECT EXISTS (SELECT 1 FROM fugitive WHERE id = ?)", .integer(id)) == 1
  }

  /// Fugitive `id`'s place in the manual order, or nil when there is no such fugitive: an import
  /// tells by it a row it wrote itself (after the positions it started from) from one it found.
  public func manualPosition(ofFugitive id: Int64) throws -> Int64? {
    try database.scalarInt("SELECT position FROM fugitive WHERE id = ?", .integer(id))
  }

  /// True when `error` is the primary key refusing a fugitive whose ID# is taken: how an import
  /// finds an ID# its file repeats, without remembering the ID#s it has read.
  public static func isTakenFugitiveID(_ error: any Error) -> Bool {
    switch error {
    case let failure as SQLiteError:
      return failure.isPrimaryKeyViolation && failure.message.hasSuffix("fugitive.id")
    default: return false
    }
  }

  public func fugitiveCount() throws -> Int64 {
    try database.scalarInt("SELECT sum(count) FROM fugitive_tally") ?? 0
  }

  /// Inserts a fugitive at the end of the manual order (or at `position`, which a bulk load hands out
  /// itself: it must then be one past the last). The ID# must be free.
  public func insertFugitive(
    _ fields: FugitiveFields, createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
    position: Int64? = nil
  ) throws {
    let current = now.iso8601
    let stamps: [SQLValue] = [
      .text(createdAt?.iso8601 ?? current), .text(updatedAt?.iso8601 ?? current),
    ]
    if let position {
      try database.run(Self.insertAtPosition, Self.values(fields) + [.integer(position)] + stamps)
    } else {
      try database.run(Self.insertAtEnd(database.dialect), Self.values(fields) + stamps)
    }
  }

  // Built once: a bulk load inserts a million rows through these.
  static let insertAtPosition = """
    INSERT INTO fugitive (\(writableColumns), position, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """
  private static func insertAtEnd(_ dialect: SQLDialect) -> String {
    """
    INSERT INTO fugitive (\(writableColumns), position, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (\(lastPosition(dialect))) + 1, ?, ?)
    """
  }

  /// Rewrites a fugitive's fields; `previousID` is its ID# before the change (notes and photo follow
  /// a new ID# through ON UPDATE CASCADE).
  /// The ID# is written only when it changes, so that the triggers on `UPDATE OF id` (the ID#
  /// runs, agency migration 11's high-water marks) stay quiet for an edit of anything else.
  public func updateFugitive(previousID: Int64, _ fields: FugitiveFields) throws {
    let renumbers = fields.id != previousID
    let values = Array(Self.values(fields).dropFirst(renumbers ? 0 : 1))
    let columns = renumbers ? Self.writableColumns : Self.writableColumnsButID
    let placeholders = Array(repeating: "?", count: values.count + 1).joined(separator: ", ")
    try database.run(
      "UPDATE fugitive SET (\(columns), updated_at) = (\(placeholders)) WHERE id = ?",
      values + [.text(now.iso8601), .integer(previousID)])
  }

  /// Deletes fugitives (their notes and photos go with them). Their places in the manual order
  /// stay empty: the order is the positions as they are, so no other fugitive is rewritten (or
  /// recorded for undo, or touched in another hunter's step), and an undo puts each back into
  /// its own place.
  public func deleteFugitives(ids: [Int64]) throws {
    for id in ids {
      try database.run("DELETE FROM fugitive WHERE id = ?", .integer(id))
      guard database.changes > 0 else { throw BountyError.notFound("fugitive \(id) not found") }
    }
  }

  /// Moves fugitive `id` to row `position` (1-based, clamped) of its own list in the manual order
  /// (the Fugitives tab's rows are the fugitives at large, the Captured tab's the captured ones);
  /// answers the row it is now at. The fugitives between its old and its new place shift by one.
  /// Where some of them share a position (another program's rows, or two hunters' undos on an
  /// agency roster), a shift by one could not tell them apart, so the order is numbered 1 to n
  /// first, as it stands.
  @discardableResult
  public func moveFugitive(id: Int64, to position: Int64) throws -> Int64 {
    guard
      let captured = try database.scalarInt(
        "SELECT captured FROM fugitive WHERE id = ?", .integer(id))
    else { throw BountyError.notFound("fugitive \(id) not found") }
    let count =
      try database.scalarInt(
        "SELECT count(*) FROM fugitive WHERE captured = ?", .integer(captured)) ?? 1
    let row = min(max(position, 1), count)
    // Row N of the list lands where that list's Nth fugitive stands in the one manual order.
    let places = {
      (
        current: try self.database.scalarInt(
          "SELECT position FROM fugitive WHERE id = ?", .integer(id)) ?? 0,
        target: try self.database.scalarInt(
          "SELECT position FROM fugitive WHERE captured = ? ORDER BY position, id LIMIT 1 OFFSET ?",
          .integer(captured), .integer(row - 1))
      )
    }
    var (current, target) = try places()
    guard let wanted = target else { return row }
    if try database.scalarInt(
      """
      SELECT EXISTS (SELECT 1 FROM fugitive WHERE position BETWEEN ? AND ?
        GROUP BY position HAVING count(*) > 1)
      """, .integer(min(current, wanted)), .integer(max(current, wanted))) == 1
    {
      try renumberManualOrder()
      (current, target) = try places()
    }
    guard let target, target != current else { return row }
    if target < current {
      try database.run(
        "UPDATE fugitive SET position = position + 1 WHERE position >= ? AND position < ?",
        .integer(target), .integer(current))
    } else {
      try database.run(
        "UPDATE fugitive SET position = position - 1 WHERE position > ? AND position <= ?",
        .integer(current), .integer(target))
    }
    try database.run(
      "UPDATE fugitive SET position = ?, updated_at = ? WHERE id = ?", .integer(target),
      .text(now.iso8601), .integer(id))
    return row
  }

  static let writableColumns = """
    id, name, name_key, bounty_minor, description, captured, captured_at, captured_lat, \
    captured_lon, last_seen_lat, last_seen_lon, last_seen_desc, last_seen_at
    """

  /// `writableColumns` but the first, the ID#.
  static let writableColumnsButID = String(writableColumns.dropFirst("id, ".count))

  /// The values of `writableColumns`, in their order.
  static func values(_ fields: FugitiveFields) -> [SQLValue] {
    [
      .integer(fields.id), .text(fields.name), .text(nameSortKey(fields.name)),
      .integer(fields.bountyMinor), .text(fields.description), .integer(fields.captured ? 1 : 0),
      .optional(fields.capturedAt?.iso8601), .optionalCoordinate(fields.capturePosition?.lat),
      .optionalCoordinate(fields.capturePosition?.lon), .optionalCoordinate(fields.lastSeen?.lat),
      .optionalCoordinate(fields.lastSeen?.lon), .optional(fields.lastSeen?.description),
      .optional(fields.lastSeen?.at?.iso8601),
    ]
  }
}

extension Store {
  /// Drops the fugitive list indexes for a bulk load and returns the SQL that recreates them (read
  /// from `sqlite_schema`, so it is always what the migrations made). Building an index once, from
  /// sorted keys, is far cheaper than a million random inserts into it. Call inside the bulk load's
  /// transaction: a rollback brings the indexes back.
  public func dropListIndexes() throws -> [String] {
    let indexes = try database.query(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'fugitive' AND sql IS NOT NULL"
    ) { ($0.text(0), $0.text(1)) }
    for (name, _) in indexes {
      try database.execute("DROP INDEX \"\(name.replacing("\"", with: "\"\""))\"")
    }
    return indexes.map(\.1)
  }

  /// Recreates indexes dropped by `dropListIndexes`. The sorts run with a small page cache (the
  /// sorter's memory follows it), so a million-row rebuild stays within the import's 64 MiB.
  public func createIndexes(_ statements: [String]) throws {
    guard !statements.isEmpty else { return }
    try database.withPageCache(kibibytes: 4096) {
      for statement in statements { try database.execute(statement) }
    }
  }
}
