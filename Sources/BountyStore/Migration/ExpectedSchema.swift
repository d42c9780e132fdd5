/// Every table, index, view and trigger a SQLite database at the newest schema version holds, and
/// how a database differs from them: what `db check` names and `db check --repair` recreates.
///
/// Derived from the migrations, never listed by hand: at build time EmbedGenerator applies the
/// whole ladder to a database in memory and embeds its `sqlite_schema` rows
/// (`EmbeddedMigrations.objects`; the virtual table's shadow tables, SQLite's own objects and the
/// migrator's bookkeeping left out). A migration that adds a trigger adds it here too.
///
/// Objects are compared by name, type, table and SQL text normalised (`normalisedSQL`: comments
/// gone, whitespace runs one space, none around punctuation, quotes around plain names dropped),
/// so another layout of the same statement is the same object. Of the objects another program
/// added, a trigger on one of bounty's tables (or on a view) and a view are named too (a trigger
/// can delete what history records, or ignore a change): `--repair` drops them. Other programs'
/// own tables, and their indexes and triggers, are not bounty's to name.
enum ExpectedSchema {
  struct Object: Equatable {
    let type: String
    let name: String
    let table: String
    let sql: String
  }

  /// How an object of the database differs from the one expected.
  enum Fault: Equatable {
    case missing
    /// Present with another definition; `sameColumns` is true for a table with the expected
    /// columns (a rebuild keeps every row).
    case different(sameColumns: Bool)
    /// A trigger on one of bounty's tables or on a view, or a view, that the schema does not have.
    case foreign
  }

  struct Difference: Equatable {
    /// The object expected; for a `foreign` one, the object found.
    let object: Object
    let fault: Fault

    /// `trigger fugitive_history_insert is missing`, `table note differs from schema version 21`,
    /// `trigger x on table history_entry is not bounty's (schema version 22 has no such trigger)`.
    var sentence: String {
      switch fault {
      case .missing: return "\(object.type) \(object.name) is missing"
      case .different(let sameColumns):
        return
          "\(object.type) \(object.name) differs from schema version \(ExpectedSchema.version)"
          + (sameColumns ? "" : " (its columns are not the schema's)")
      case .foreign:
        return "\(object.type) \(object.name)"
          + (object.type == "trigger" ? " on \(object.table)" : "")
          + " is not bounty's (schema version \(ExpectedSchema.version) has no such \(object.type))"
      }
    }
  }

  /// The schema version `objects` describe: the newest.
  static var version: Int { Migration.bundled.last?.version ?? 0 }

  /// The newest schema's objects, in the order the migrations made them.
  static let objects: [Object] = EmbeddedMigrations.objects.map {
    Object(type: $0.type, name: $0.name, table: $0.table, sql: $0.sql)
  }

  /// How `database` differs from `objects`, in their order, then the foreign triggers and views
  /// in the database's order; only objects of `types` when given.
  /// Empty for a database at another version than the newest (its migrations are pending, or it
  /// is newer, and refused). Reads only.
  static func differences(in database: Database, types: Set<String>? = nil) throws -> [Difference] {
    guard try Migrator.version(of: database) == version else { return [] }
    var actual: [String: Object] = [:]
    var present: [Object] = []
    for object in try database.query(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL",
      row: { Object(type: $0.text(0), name: $0.text(1), table: $0.text(2), sql: $0.text(3)) })
    {
      actual[object.name.lowercased()] = object
      present.append(object)
    }
    var differences: [Difference] = []
    for expected in objects where types?.contains(expected.type) ?? true {
      guard let found = actual[expected.name.lowercased()] else {
        differences.append(Difference(object: expected, fault: .missing))
        continue
      }
      guard
        found.type != expected.type || found.table != expected.table
          || normalisedSQL(found.sql) != normalisedSQL(expected.sql)
      else { continue }
      var sameColumns = false
      if expected.type == "table", found.type == "table" {
        sameColumns = try columns(of: expected.name, in: database) == expectedColumns(of: expected)
      }
      differences.append(
        Difference(object: expected, fault: .different(sameColumns: sameColumns)))
    }
    let expectedNames = Set(objects.map { $0.name.lowercased() })
    let tables = Set(objects.filter { $0.type == "table" }.map { $0.name.lowercased() })
    let views = Set(present.filter { $0.type == "view" }.map { $0.name.lowercased() })
    for object in present
    where !expectedNames.contains(object.name.lowercased()) && types?.contains(object.type) ?? true
    {
      let table = object.table.lowercased()
      let foreign =
        object.type == "view"
        || (object.type == "trigger" && (tables.contains(table) || views.contains(table)))
      if foreign { differences.append(Difference(object: object, fault: .foreign)) }
    }
    return differences
  }

  /// The column names of `table` in `database`, as a set.
  static func columns(of table: String, in database: Database) throws -> Set<String> {
    Set(
      try database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) })
  }

  /// The column names the expected table has: its statement run in a database in memory.
  private static func expectedColumns(of table: Object) throws -> Set<String> {
    let scratch = try Database.inMemory()
    try scratch.execute(table.sql)
    return try columns(of: table.name, in: scratch)
  }

  /// `sql` with comments removed, each run of whitespace one space (none next to `(`, `)`, `,`,
  /// `;` or `=`), and double quotes, brackets or backticks around a plain name dropped; text in
  /// single quotes is kept as it is.
  static func normalisedSQL(_ sql: String) -> String {
    let scalars = Array(sql.unicodeScalars)
    var out: [Unicode.Scalar] = []
    var index = 0
    var pendingSpace = false
    func emit(_ scalar: Unicode.Scalar) {
      let tight: Set<Unicode.Scalar> = ["(", ")", ",", ";", "="]
      if pendingSpace, let last = out.last, !tight.contains(last), !tight.contains(scalar) {
        out.append(" ")
      }
      pendingSpace = false
      out.append(scalar)
    }
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if scalar == "-", next == "-" {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
        pendingSpace = !out.isEmpty
      } else if scalar == "/", next == "*" {
        index += 2
        while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
          index += 1
        }
        index += 2
        pendingSpace = !out.isEmpty
      } else if scalar == "'" {
        emit(scalar)
        index += 1
        while index < scalars.count {
          out.append(scalars[index])
          index += 1
          if scalars[index - 1] == "'" {
            if index < scalars.count, scalars[index] == "'" {
              out.append("'")
              index += 1
            } else {
              break
            }
          }
        }
      } else if let close = quoteClose(scalar), let end = plainName(scalars, from: index + 1, close)
      {
        for inner in scalars[(index + 1)..<end] { emit(inner) }
        index = end + 1
      } else if scalar.properties.isWhitespace {
        pendingSpace = !out.isEmpty
        index += 1
      } else {
        emit(scalar)
        index += 1
      }
    }
    return String(String.UnicodeScalarView(out))
  }

  private static func quoteClose(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar {
    case "\"": return "\""
    case "[": return "]"
    case "`": return "`"
    default: return nil
    }
  }

  /// The index of `close` when the scalars from `start` up to it form a plain name (letters,
  /// digits and underscores, not starting with a digit).
  private static func plainName(
    _ scalars: [Unicode.Scalar], from start: Int, _ close: Unicode.Scalar
  )
    -> Int?
  {
    var index = start
    while index < scalars.count, scalars[index] != close {
      let scalar = scalars[index]
      let letter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
      guard letter || (index > start && ("0"..."9").contains(scalar)) else { return nil }
      index += 1
    }
    return index < scalars.count && index > start ? index : nil
  }
}
