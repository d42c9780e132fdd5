import BountyCore
import CSQLite
import Glibc

/// The original iBountyHunter app's own roster: a Core Data SQLite store, read for `bounty import`
/// and never written. Core Data keeps the entity `Fugitive` in the table `ZFUGITIVE` (`Z_PK`,
/// `Z_ENT`, `Z_OPT`, then one column per attribute, named `Z` + its name in capitals) beside its
/// own `Z_PRIMARYKEY` and `Z_METADATA`. The model version (1–5, docs/contract.md) is told by the
/// columns the table has: each version's columns that are there are read.
///
/// Nothing is ever written in the store's folder. The file is opened read-only, as `immutable=1`
/// (SQLite then takes no lock and creates no file: the store stays byte for byte what it was);
/// when a `-wal` or `-journal` beside it holds changes SQLite must read, which even a read-only
/// connection would do by writing (or creating) the `-shm` or rolling the journal back, the
/// store and its companions are copied into a private folder (`PrivateStoreCopy`) and the copy is
/// read, then removed.
public final class CoreDataStore {
  /// The attribute columns of each model version, in the order the versions added them.
  static let versionColumns: [[String]] = [
    ["ZFUGITIVEID", "ZNAME", "ZDESC", "ZBOUNTY"],
    ["ZCAPTURED", "ZCAPTDATE"],
    ["ZIMAGE"],
    ["ZCAPTUREDLAT", "ZCAPTUREDLON"],
    ["ZLASTSEENLAT", "ZLASTSEENLON", "ZLASTSEENDESC"],
  ]

  /// Core Data's reference date, 2001-01-01T00:00:00Z, in seconds since 1970: a stored date is
  /// seconds after it.
  public static let referenceDate: Int64 = 978_307_200

  /// The file's first 16 bytes, as every SQLite database begins (sqlite.org/fileformat2.html).
  static let sqliteHeader = Array("SQLite format 3\0".utf8)

  let path: String
  /// The known attribute columns the table has: those of its model version and the earlier ones.
  let columns: [String]
  private let database: Database
  /// The copy read instead of a store with changes beside it, removed with this reader.
  private let copy: PrivateStoreCopy?

  /// One value as stored; nil is NULL.
  public enum Value: Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
  }

  /// True when the file at `path` begins as a SQLite database does (so `bounty import` takes it
  /// for a Core Data store when no format is named).
  public static func looksLikeSQLite(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: sqliteHeader.count)
    return pread(descriptor, &header, header.count, 0) == header.count && header == sqliteHeader
  }

  /// True when `bytes` (the start of an input) begin as a SQLite database does.
  public static func looksLikeSQLite(firstBytes bytes: [UInt8]) -> Bool {
    bytes.starts(with: sqliteHeader)
  }

  /// Opens the store at `path` read-only and finds which model version's columns it has; refuses
  /// a file that is not SQLite, or has not the tables and version 1 columns of an iBountyHunter
  /// store (naming what it lacks).
  public init(path: String) throws(BountyError) {
    self.path = path
    let pending = access(path + "-wal", F_OK) == 0 || access(path + "-journal", F_OK) == 0
    let copy = pending ? try PrivateStoreCopy(of: path) : nil
    self.copy = copy
    do {
      database = try Database(
        path: copy?.path ?? path, mode: copy == nil ? .immutable(folderWritable: false) : .readWrite
      )
    } catch {
      copy?.remove()
      throw BountyError.io("cannot open \(path): \(error.message)")
    }
    let notStore = "\(path) is not an iBountyHunter Core Data store"
    do {
      let tables = Set(
        try database.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.text(0) })
      let lacking = ["ZFUGITIVE", "Z_PRIMARYKEY", "Z_METADATA"].filter { !tables.contains($0) }
      guard lacking.isEmpty else {
        throw BountyError.refused(
          "\(notStore) (it lacks the \(lacking.count == 1 ? "table" : "tables") "
            + "\(lacking.joined(separator: ", "))); nothing was imported")
      }
      let present = Set(
        try database.query("SELECT name FROM pragma_table_info('ZFUGITIVE')") { $0.text(0) })
      let required = ["Z_PK"] + Self.versionColumns[0]
      let missing = required.filter { !present.contains($0) }
      guard missing.isEmpty else {
        throw BountyError.refused(
          "\(notStore) (ZFUGITIVE lacks the \(missing.count == 1 ? "column" : "columns") "
            + "\(missing.joined(separator: ", "))); "
            + "nothing was imported")
      }
      columns = Self.versionColumns.joined().filter(present.contains)
    } catch let error as BountyError {
      copy?.remove()
      throw error
    } catch let error as SQLiteError where error.isNotADatabase {
      copy?.remove()
      throw BountyError.refused("\(path) is not a SQLite database (\(error.message))")
    } catch {
      copy?.remove()
      throw BountyError.io("cannot read \(path): \(error)")
    }
  }

  deinit { copy?.remove() }

  /// How many fugitives the store holds.
  public func count() throws(BountyError) -> Int64 {
    do {
      return try database.scalarInt("SELECT count(*) FROM ZFUGITIVE") ?? 0
    } catch {
      throw BountyError.io("cannot read \(path): \(error)")
    }
  }

  /// Hands `body` each fugitive in the order Core Data created them (`Z_PK`): its `Z_PK` and the
  /// known columns the store has, by name, NULL ones left out. One row is held at a time.
  public func forEachFugitive(_ body: (Int64, [String: Value]) throws -> Void) throws {
    let sql =
      "SELECT Z_PK, " + columns.joined(separator: ", ") + " FROM ZFUGITIVE ORDER BY Z_PK"
    let names = columns
    do {
      try database.forEachRow(sql) { row in
        var values: [String: Value] = [:]
        for (index, name) in names.enumerated() {
          if let value = Self.value(row, Int32(index + 1)) { values[name] = value }
        }
        try body(row.int(0), values)
      }
    } catch let error as SQLiteError {
      throw BountyError.io("cannot read \(path): \(error.message)")
    }
  }

  /// The value at `column` with its storage class (SQLite keeps one per value, whatever the
  /// column's declared type).
  private static func value(_ row: Row, _ column: Int32) -> Value? {
    guard case .sqlite(let statement) = row.source else { return .text(row.text(column)) }
    switch sqlite3_column_type(statement, column) {
    case SQLITE_NULL: return nil
    case SQLITE_INTEGER: return .integer(row.int(column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
    case SQLITE_BLOB: return .blob(row.blob(column))
    default: return .text(row.text(column))
    }
  }

  /// A stored decimal (`ZBOUNTY`) as the decimal text it was written as: an INTEGER's digits, a
  /// TEXT as it is, and a REAL (Core Data keeps a Decimal attribute as a double) as the shortest
  /// decimal that reads back as the same double, written out without an exponent: `19.99`, not
  /// `19.989999999999998`. Nothing is rounded: a REAL that was not a short decimal keeps all its
  /// digits, and the currency then refuses them. Nil for a blob or a REAL that is not finite.
  public static func decimalText(_ value: Value) -> String? {
    switch value {
    case .integer(let number): return String(number)
    case .text(let text): return text
    case .blob: return nil
    case .real(let number):
      guard number.isFinite else { return nil }
      return plainDecimal(shortest: "\(number)")
    }
  }

  /// `1e+16` → `10000000000000000`, `1.5e-07` → `0.00000015`, `750.0` → `750`: Swift's shortest
  /// round-tripping text of a double (its `description`), with the exponent applied and no
  /// trailing zero decimals.
  static func plainDecimal(shortest text: String) -> String {
    var mantissa = Substring(text)
    var exponent = 0
    if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<mark]
      exponent = Int(text[text.index(after: mark)...]) ?? 0
    }
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let whole = String(parts[0])
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    var digits = whole + fraction
    var point = whole.count + exponent
    if point < 0 {
      digits = String(repeating: "0", count: -point) + digits
      point = 0
    }
    if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
    var integerPart = String(digits.prefix(point).drop { $0 == "0" })
    if integerPart.isEmpty { integerPart = "0" }
    var fractionPart = String(digits.dropFirst(point))
    while fractionPart.hasSuffix("0") { fractionPart.removeLast() }
    let sign = negative && (integerPart != "0" || !fractionPart.isEmpty) ? "-" : ""
    return sign + integerPart + (fractionPart.isEmpty ? "" : "." + fractionPart)
  }
}
