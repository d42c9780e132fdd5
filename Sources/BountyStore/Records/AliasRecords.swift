import BountyCore

extension Store {
  /// The other names fugitive `fugitiveID` goes by, in the order they were added.
  public func aliases(fugitiveID: Int64) throws -> [String] {
    try database.query(
      "SELECT name FROM alias WHERE fugitive_id = ? ORDER BY id", [.integer(fugitiveID)]
    ) { $0.text(0) }
  }

  /// Adds an alias; one that folds to an alias already there (any case, any accents) is a conflict.
  public func insertAlias(fugitiveID: Int64, name: String) throws {
    let key = nameSortKey(name)
    if try database.scalarInt(
      "SELECT 1 FROM alias WHERE fugitive_id = ? AND name_key = ?", .integer(fugitiveID),
      .text(key)) != nil
    {
      throw BountyError.conflict("fugitive \(fugitiveID) already has the alias \(name)")
    }
    try database.run(
      "INSERT INTO alias (fugitive_id, name, name_key) VALUES (?, ?, ?)", .integer(fugitiveID),
      .text(name), .text(key))
  }

  /// Deletes the alias that folds to the same key as `name`, or `notFound`.
  public func deleteAlias(fugitiveID: Int64, name: String) throws {
    try database.run(
      "DELETE FROM alias WHERE fugitive_id = ? AND name_key = ?", .integer(fugitiveID),
      .text(nameSortKey(name)))
    if database.changes == 0 {
      throw BountyError.notFound("fugitive \(fugitiveID) has no alias \(name)")
    }
  }
}
