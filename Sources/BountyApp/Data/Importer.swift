import BountyCore
internal import BountyStore
import Glibc

/// Imports a roster in one pass inside the dispatcher's transaction: every row is checked and
/// written as it is read, errors are collected (line or index, and field) for the first 20 bad
/// rows, and if any row was bad the whole import is rolled back. Memory stays bounded: a CSV file
/// is read in chunks, one record at a time, and an ID# the file repeats is found by the database
/// (the primary key refuses the second row), not by remembering every ID# read.
final class Importer {
  /// Where a row was read: a CSV line, an item (from 0) of a JSON array, or a Core Data row
  /// (`Z_PK 3 (ID# 7)`).
  enum Location: CustomStringConvertible {
    case line(Int)
    case item(Int)
    case storeRow(Int64, id: Int64?)

    var description: String {
      switch self {
      case .line(let line): return "line \(line)"
      case .item(let index): return "item \(index)"
      case .storeRow(let key, let id): return "Z_PK \(key)" + (id.map { " (ID# \($0))" } ?? "")
      }
    }
  }

  static let maximumReported = 20

  let store: Store
  let replace: Bool
  let currency: Currency
  /// `--ignore-unknown-columns`: a CSV column bounty does not know is skipped, not refused.
  var ignoreUnknownColumns = false
  /// ID#s that already exist without --replace: counted, and reported as one line by `finish`.
  private var clashes: (count: Int, first: [Int64]) = (0, [])
  /// The last ID# handed to a row without one (rows are not written once one is bad, so the
  /// store's next free ID# stops moving; this keeps each row's ID# its own).
  private var lastAutomaticID: Int64 = 0
  /// The local date a date of birth must come before.
  let today: CalendarDate
  private(set) var imported: Int64 = 0
  private(set) var replaced: Int64 = 0
  private var errorCount = 0
  private var details: [String] = []
  private var firstField = ""
  /// ID#s already read from this file, kept only where the database cannot tell (PostgreSQL: new
  /// rows are gathered and sent in COPYs, `NewFugitiveBatch`); on SQLite every row is written at
  /// once and the primary key refuses a repeated ID#. Int32: every ID# fits.
  private var seen: Set<Int32>?
  /// The ID#s of rows the roster had before the import that the file named (replaced, or refused
  /// without --replace): a second mention is a repeat. As many as the file names, at most the roster.
  private var existingNamed = Set<Int64>()
  private var lastProgress: Int64 = 0
  /// The history step being recorded, paused while new rows go in (see `finish`).
  private let step: Int64?
  /// The last position in the manual order before the import: new rows go after it.
  private let positionBefore: Int64
  /// What the load dropped (see `BulkLoad`), rebuilt once by `finish`.
  private var bulkLoad: BulkLoad?
  /// New rows gathered to be written together (see `NewFugitiveBatch`).
  private let batch: NewFugitiveBatch
  /// True when the table was empty before the import: an ID# can then only clash with an earlier
  /// row of the file, which the primary key (or `seen`) catches without a look-up.
  private let startedEmpty: Bool
  /// Imports bigger than this (in bytes of input) rebuild the list indexes once at the end instead of
  /// updating them row by row: about 15,000 rows, where the rebuild starts to win.
  static let bulkLoadBytes: Int64 = 1 << 20
  /// Into an empty table a rebuild sorts only the new rows, and wins from a few hundred rows (5,000
  /// rows: 645 M instructions through the 8 indexes row by row, 521 M rebuilding them).
  static let bulkLoadBytesIntoEmpty: Int64 = 16 << 10
  /// An import of at least this many rows has PostgreSQL's statistics brought up to date before
  /// it commits (`Store.analyzeAfterBulkLoad`, a few tenths of a second).
  static let analyzeAfterRows: Int64 = 10_000

  /// The last place after which an import still has room: 2^52 places are left before 2^53, the
  /// farthest place the agency schema takes (agency migration 11).
  static let lastPlaceWithRoom: Int64 = 1 << 52

  init(store: Store, replace: Bool) throws {
    self.store = store
    self.replace = replace
    self.currency = try store.currency()
    self.today = store.localToday
    self.positionBefore = try store.lastPosition()
    // Places after the last one must fit (a place far out, another client's, leaves none).
    guard positionBefore <= Self.lastPlaceWithRoom else {
      throw BountyError.refused(
        "the manual order's last place is \(positionBefore), which leaves no room after it for "
          + "new fugitives: move the fugitives at the end up (or db copy the roster, which "
          + "numbers the order 1 to n); nothing was imported")
    }
    self.startedEmpty = try store.fugitiveCount() == 0
    self.step = try store.pauseRecording()
    self.batch = store.newFugitiveBatch()
    // Into an empty roster no row is looked up while the rows go in (`seen` knows every ID# taken).
    batch.streams = startedEmpty
    if !batch.writesAtOnce { seen = [] }
  }

  /// Checks and writes one entry: `read` makes it from the row, given the ID# chosen for a row
  /// without one (`hasID` false).
  private func add(
    at location: Location, hasID: Bool, _ read: (Int64?) throws(BountyError) -> RosterEntry
  ) throws {
    do {
      let automaticID = hasID ? nil : try nextAutomaticID()
      let entry = try read(automaticID)
      let id = entry.fields.id
      // An ID# handed out here was free when chosen, in this transaction: not looked up again.
      if automaticID == nil, try !isNew(id) {
        guard replace else {
          errorCount += 1
          clashes.count += 1
          if clashes.first.count < 5 { clashes.first.append(id) }
          return
        }
        // A closed case is locked against an import as against every other change.
        if try store.firstClosedCase(among: [id]) != nil {
          throw BountyError.invalid(field: "id", reason: CaseFile.closedMessage(id))
        }
        if errorCount == 0 {
          // A replaced row is recorded row by row, so undo restores exactly what it was.
          try store.resumeRecording(step)
          try entry.replace(in: store, existing: try store.existingFugitive(id: id))
          _ = try store.pauseRecording()
        }
        replaced += 1
      } else {
        try insert(entry)
        imported += 1
      }
    } catch let error as BountyError {
      switch error {
      // Not the row's fault: an interruption or a failing disk stops the import.
      case .interrupted, .io: throw error
      default: record(error, at: location)
      }
    }
    if (imported + replaced) & 0x3FF == 0 {
      try store.checkCancelled()
    }
  }

  /// The ID# for a row without one. The one after the last handed out is usually free: one index
  /// look-up, not the store's search for a gap (which scans once ID# 2147483647 is taken).
  private func nextAutomaticID() throws -> Int64 {
    var id = lastAutomaticID + 1
    var free = lastAutomaticID > 0 && id <= Limits.fugitiveIDs.upperBound
    if free, let seen {
      free = try !seen.contains(Int32(id)) && (startedEmpty || !store.fugitiveExists(id: id))
    } else if free {
      free = try !store.fugitiveExists(id: id)
    }
    if !free {
      try batch.flush()
      id = try store.nextFreeFugitiveID()
    }
    lastAutomaticID = id
    seen?.insert(Int32(id))
    return id
  }

  /// True when ID# `id`, given by the file, is new to the roster; false when the roster had it
  /// before the import. Throws when an earlier row of the file gave it (on SQLite, into an empty
  /// roster, the primary key tells that when the row is written: `insert`).
  private func isNew(_ id: Int64) throws -> Bool {
    if let inserted = seen?.insert(Int32(id)).inserted, !inserted { throw repeated(id) }
    if startedEmpty { return true }
    if seen != nil {
      guard try store.fugitiveExists(id: id) else { return true }
    } else {
      // Rows this import wrote sit after `positionBefore` in the manual order.
      guard let position = try store.manualPosition(ofFugitive: id) else { return true }
      if position > positionBefore { throw repeated(id) }
    }
    guard existingNamed.insert(id).inserted else { throw repeated(id) }
    return false
  }

  /// Writes a new row. On SQLite rows are written after a bad one too (the transaction is rolled
  /// back all the same), so that the primary key sees every ID# the file gives.
  private func insert(_ entry: RosterEntry) throws {
    guard errorCount == 0 || batch.writesAtOnce else { return }
    do {
      try entry.insert(into: store, batch: batch, position: positionBefore + imported + 1)
    } catch  where Store.isTakenFugitiveID(error) {
      throw repeated(entry.fields.id)
    }
  }

  private func repeated(_ id: Int64) -> BountyError {
    .invalid(field: "id", reason: "ID# \(id) appears earlier in the file")
  }

  func record(_ error: BountyError, at location: Location) {
    errorCount += 1
    guard details.count < Self.maximumReported else { return }
    if case .invalid(let field, let reason) = error {
      if details.isEmpty { firstField = field }
      details.append("\(location), \(field): \(reason)")
    } else {
      details.append("\(location): \(error.message)")
    }
  }

  /// Reports progress in rows when a front is watching; `fraction` of the input read so far
  /// estimates the rows in all.
  func progress(_ bytesDone: Int64, of bytesTotal: Int64?) {
    let rows = imported + replaced + Int64(errorCount)
    guard let handler = store.progress, rows - lastProgress >= 2000 else { return }
    lastProgress = rows
    let estimate = bytesTotal.flatMap { total in bytesDone > 0 ? rows * total / bytesDone : nil }
    handler(rows, estimate)
  }

  /// The result, or the collected errors (which roll the transaction back). New rows were not
  /// recorded one by one: they all sit after `positionBefore`, and undo (which runs when every later
  /// change has been undone) deletes exactly them, notes and photos with them.
  func finish() throws -> JSON {
    if clashes.count > 0 {
      let listed = clashes.first.map { String($0) }.joined(separator: ", ")
      let more =
        clashes.count > clashes.first.count
        ? " and \(clashes.count - clashes.first.count) more" : ""
      if details.isEmpty { firstField = "id" }
      details.insert(
        "id: \(clashes.count == 1 ? "ID#" : "ID#s") \(listed)\(more) already "
          + "\(clashes.count == 1 ? "exists" : "exist") (--replace overwrites)", at: 0)
      if details.count > Self.maximumReported { details.removeLast() }
    }
    if errorCount > 0 {
      batch.abandon()
      throw BountyError.invalidRows(field: firstField, count: errorCount, details: details)
    }
    try batch.flush()
    if let bulkLoad {
      try store.finishBulkLoad(
        bulkLoad, newAfter: positionBefore, replaced: Array(existingNamed),
        searchEntriesWritten: batch.searchEntries == imported)
    }
    try store.resumeRecording(step)
    if let step, imported > 0 {
      try store.recordAppendedBlock(after: positionBefore, step: step)
    }
    if imported + replaced >= Self.analyzeAfterRows { try store.analyzeAfterBulkLoad() }
    return .object(["imported": .int(imported), "replaced": .int(replaced)])
  }

  /// Ends what the batch has open when the import stops on an error, so that the transaction can
  /// be rolled back.
  func abandon() {
    batch.abandon()
  }

  // MARK: Formats

  /// Drops the search triggers, and the indexes and the tally triggers too when the input is large
  /// and the table small next to it (see `bulkLoadBytes`); a rollback restores them, `finish`
  /// rebuilds them.
  func prepareBulkLoad(inputBytes: Int64?) throws {
    var big = false
    if let inputBytes,
      inputBytes > (startedEmpty ? Self.bulkLoadBytesIntoEmpty : Self.bulkLoadBytes)
    {
      big = try store.fugitiveCount() * 64 < inputBytes
    }
    bulkLoad = try store.beginBulkLoad(rebuildingIndexes: big)
    batch.writesSearchText = bulkLoad?.searchTextByClient ?? false
  }

  /// Reads CSV from `source`: the header names the columns, then one fugitive per record.
  func importCSV(_ source: ImportSource) throws {
    try prepareBulkLoad(inputBytes: source.size)
    var reader: CSVReader?
    var header: [RosterEntry.CSVColumn?]?
    var idColumn: Int?
    let (currency, now, today) = (currency, store.now, today)
    func handle(_ row: CSVReader.Record) throws {
      guard let columns = header else {
        let names = try DataFormat.header(row.fields, ignoreUnknown: ignoreUnknownColumns)
        header = RosterEntry.CSVColumn.of(names)
        idColumn = header?.firstIndex(of: .id)
        return
      }
      if row.fields == [""] { return }
      guard row.fields.count == columns.count else {
        record(
          .invalid(
            field: "row", reason: "has \(row.fields.count) fields, the header has \(columns.count)"),
          at: .line(row.line))
        return
      }
      let hasID = idColumn.map { !row.fields[$0].trimmingASCIIWhitespace().isEmpty } ?? false
      try add(at: .line(row.line), hasID: hasID) { id throws(BountyError) in
        try RosterEntry(
          csv: row.fields, columns: columns, automaticID: id, currency: currency, now: now,
          today: today)
      }
    }
    do {
      try source.forEachChunk { chunk, done, total in
        if reader == nil {
          reader = CSVReader(separator: DataFormat.separator(forFirstBytes: chunk))
        }
        for record in try reader!.feed(chunk) { try handle(record) }
        progress(done, of: total)
      }
      if let last = try reader?.finish() { try handle(last) }
    } catch let failure as CSVReader.Failure {
      throw BountyError.invalid(
        field: "file", reason: "line \(failure.line): \(failure.reason); nothing was imported")
    }
    if header == nil {
      throw BountyError.invalid(
        field: "file", reason: "the file is empty (a CSV import needs a header row)")
    }
  }

  /// Reads a JSON array of fugitive objects, one element at a time as the input arrives: memory
  /// holds one element (`JSONArrayStream`), never the file.
  func importJSON(_ source: ImportSource) throws {
    try prepareBulkLoad(inputBytes: source.size)
    var stream = JSONArrayStream()
    var index = 0
    do {
      try source.forEachChunk { chunk, done, total in
        for element in try stream.feed(chunk) {
          try addJSON(element, at: index)
          index += 1
          if index & 0x3FF == 0 { try store.checkCancelled() }
        }
        progress(done, of: total)
      }
      try stream.finish()
    } catch let error as JSONParseError {
      throw BountyError.invalid(
        field: "file", reason: "\(error.message) at byte \(error.offset); nothing was imported")
    }
  }

  private func addJSON(_ element: [UInt8], at index: Int) throws {
    guard String(validating: element, as: UTF8.self) != nil else {
      record(.invalid(field: "item", reason: "the text is not UTF-8"), at: .item(index))
      return
    }
    let object: JSON
    do {
      object = try JSONParser.parse(element)
    } catch {
      record(.invalid(field: "item", reason: error.message), at: .item(index))
      return
    }
    try add(object, at: .item(index))
  }

  /// Checks and writes one fugitive object (a JSON item, a Core Data row); an object without an
  /// ID# is given the next free one.
  func add(_ object: JSON, at location: Location) throws {
    var hasID = true
    if case .object(let fields) = object, fields["id"] == nil { hasID = false }
    let (currency, now, today) = (currency, store.now, today)
    try add(at: location, hasID: hasID) { id throws(BountyError) in
      var json = object
      if let id, case .object(var fields) = object {
        fields["id"] = .int(id)
        json = .object(fields)
      }
      return try RosterEntry(json, currency: currency, now: now, today: today)
    }
  }
}

/// Where an import reads from: a file, standard input, or text sent over JSON-RPC.
enum ImportSource {
  case file(String)
  /// A file the front opened (`bounty rpc --files DIR`), read from its descriptor.
  case opened(OpenedFile)
  case standardInput
  /// Bytes already read from standard input (to guess the format), then the rest of it.
  case standardInputAfter([UInt8])
  case text(String)

  /// Standard input with its first bytes read, so that `DataFormat.guess(fromFirstBytes:)` can
  /// look at them; nothing is lost.
  static func peekingStandardInput() throws -> (ImportSource, [UInt8]) {
    var first = [UInt8](repeating: 0, count: 4096)
    var count = 0
    while count < first.count {
      let got = first.withUnsafeMutableBytes {
        read(STDIN_FILENO, $0.baseAddress! + count, $0.count - count)
      }
      if got < 0 && errno == EINTR { continue }
      if got < 0 {
        throw BountyError.io("cannot read the import: \(String(cString: strerror(errno)))")
      }
      if got == 0 { break }
      count += got
    }
    let bytes = Array(first[0..<count])
    return (.standardInputAfter(bytes), bytes)
  }

  /// Throws why a file cannot be read (missing, a folder, not allowed) before anything else is
  /// asked of it, such as its format.
  func checkReadable() throws(BountyError) {
    guard case .file(let path) = self else { return }
    var status = stat()
    guard stat(path, &status) == 0, access(path, R_OK) == 0 else {
      throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      throw BountyError.io("cannot read \(path): it is a folder")
    }
  }

  /// The file's path, or nil when the input is not a named file.
  var filePath: String? {
    switch self {
    case .file(let path): return path
    // The file the front opened, by its descriptor: SQLite opens this very file again (a
    // Core Data store), so no name is looked up twice.
    case .opened(let opened): return "/proc/self/fd/\(opened.descriptor)"
    default: return nil
    }
  }

  /// The input's size in bytes, when it is known before reading.
  var size: Int64? {
    switch self {
    case .text(let text): return Int64(text.utf8.count)
    case .standardInput, .standardInputAfter: return nil
    case .file(let path):
      var status = stat()
      return stat(path, &status) == 0 ? Int64(status.st_size) : nil
    case .opened(let file):
      var status = stat()
      return fstat(file.descriptor, &status) == 0 ? Int64(status.st_size) : nil
    }
  }

  /// Calls `body` with each chunk read, the bytes read so far and the total when known.
  func forEachChunk(_ body: ([UInt8], Int64, Int64?) throws -> Void) throws {
    if case .text(let text) = self {
      let bytes = Array(text.utf8)
      try body(bytes, Int64(bytes.count), Int64(bytes.count))
      return
    }
    var descriptor = STDIN_FILENO
    var total: Int64?
    var owned = false
    switch self {
    case .file(let path):
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
      }
      owned = true
    case .opened(let file):
      descriptor = file.descriptor
    default:
      break
    }
    if descriptor != STDIN_FILENO {
      var status = stat()
      if fstat(descriptor, &status) == 0 { total = Int64(status.st_size) }
    }
    defer { if owned { close(descriptor) } }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var done: Int64 = 0
    if case .standardInputAfter(let first) = self, !first.isEmpty {
      done = Int64(first.count)
      try body(first, done, nil)
    }
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw BountyError.io("cannot read the import: \(String(cString: strerror(errno)))")
      }
      if count == 0 { return }
      done += Int64(count)
      try body(Array(buffer[0..<count]), done, total)
    }
  }
}
