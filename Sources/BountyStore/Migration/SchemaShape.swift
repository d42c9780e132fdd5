/// The tables and columns a database holds, as `table.column` names: how `Migrator.validate`
/// recognises a bounty database at schema version N before anything is written to it.
///
/// SQLite's own tables (`sqlite_*`) and the migrator's bookkeeping (`bounty_migration`, which older
/// tools did not write) are left out.
struct SchemaShape: Equatable {
  let columns: Set<String>

  /// What `database` holds. Reads only.
  static func of(_ database: Database) throws -> SchemaShape {
    let names = try database.query(
      """
      SELECT m.name, p.name FROM sqlite_schema AS m JOIN pragma_table_info(m.name) AS p
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
        AND m.name != 'bounty_migration'
      """
    ) { "\($0.text(0)).\($0.text(1))" }
    return SchemaShape(columns: Set(names))
  }

  /// What `migrations` up to and including `version` create, built in a private in-memory database.
  static func after(_ version: Int, of migrations: [Migration]) throws -> SchemaShape {
    let scratch = try Database.inMemory()
    for migration in migrations where migration.version <= version {
      try scratch.execute(migration.sql)
    }
    return try of(scratch)
  }

  /// What of `expected` this shape lacks, in name order: a table's name when it lacks the whole
  /// table (`fugitive`), else `table.column`.
  func missing(from expected: SchemaShape) -> [String] {
    let tables = Set(columns.map(Self.table(of:)))
    var names: Set<String> = []
    for column in expected.columns.subtracting(columns) {
      let table = Self.table(of: column)
      names.insert(tables.contains(table) ? column : table)
    }
    return names.sorted()
  }

  private static func table(of column: String) -> String {
    String(column.prefix { $0 != "." })
  }
}
