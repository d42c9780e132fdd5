import BountyCore

/// Rows another program wrote on a SQLite file, brought up to date by bounty (migration 0017).
///
/// The schema calls no function only bounty registers, so the `sqlite3` shell, Datasette or
/// sqlite-utils can write the file. What needs bounty's fold (`bounty_fold`: a fugitive's and an
/// alias's `name_key`, the fugitive's FTS5 search entry) is not computed by those triggers: they
/// list the fugitive in `fugitive_stale`, and bounty mends the listed rows with its fold here,
/// before anything reads them: when it opens the file, at the start of each transaction (a read
/// that finds marks first mends them in a short write transaction) and before each of its own
/// commits, so neither bounty's results nor the file it leaves hold a stale row. A file opened
/// read-only keeps its marks; `db check` names them.
extension Store {
  /// The folded text of a fugitive's search entry (`f` is the fugitive row): its sort key, folded
  /// description, last-seen description and notes, and its aliases' keys, one per line. Run only
  /// by bounty (it calls `bounty_fold`); the schema itself never does.
  static let searchTextSQL = """
    f.name_key || char(10) || bounty_fold(f.description) || char(10)
      || coalesce(bounty_fold(f.last_seen_desc), '') || char(10)
      || coalesce((SELECT group_concat(bounty_fold(note.text), char(10)) FROM note
        WHERE note.fugitive_id = f.id), '') || char(10)
      || coalesce((SELECT group_concat(alias.name_key, char(10)) FROM alias
        WHERE alias.fugitive_id = f.id), '')
    """

  /// True when some fugitive's sort key or search entry waits for `mendStaleRows`.
  func hasStaleRows() throws -> Bool {
    try database.scalarInt("SELECT EXISTS (SELECT 1 FROM fugitive_stale)") == 1
  }

  /// Brings every fugitive listed in `fugitive_stale` up to date (its `name_key`, its aliases'
  /// `name_key`, its search entry) and empties the list; returns how many were listed. Call inside
  /// a write transaction. An alias whose new key another alias of the same fugitive already has
  /// keeps its key (`db check` names it).
  @discardableResult
  func mendStaleRows() throws -> Int {
    guard database.dialect == .sqlite,
      case let count = Int(try database.scalarInt("SELECT count(*) FROM fugitive_stale") ?? 0),
      count > 0
    else { return 0 }
    try refoldNameKeys(of: "SELECT fugitive_id FROM fugitive_stale")
    try database.execute(
      """
      DELETE FROM fugitive_search WHERE rowid IN (SELECT fugitive_id FROM fugitive_stale);
      INSERT INTO fugitive_search (rowid, text)
      SELECT f.id, \(Self.searchTextSQL) FROM fugitive AS f
      WHERE f.id IN (SELECT fugitive_id FROM fugitive_stale);
      DELETE FROM fugitive_stale;
      """)
    return count
  }

  /// Sets the `name_key` of the fugitives `fugitives` selects (a query of ID#s) and of their
  /// aliases to bounty's fold of the name, where it is not that already. SQLite only (it calls
  /// `bounty_fold`). An alias whose new key another alias of the same fugitive already has keeps
  /// its key.
  func refoldNameKeys(of fugitives: String) throws {
    try database.execute(
      """
      UPDATE fugitive SET name_key = bounty_fold(name)
      WHERE id IN (\(fugitives)) AND name_key IS NOT bounty_fold(name);
      UPDATE OR IGNORE alias SET name_key = bounty_fold(name)
      WHERE fugitive_id IN (\(fugitives)) AND name_key IS NOT bounty_fold(name);
      """)
  }

  /// Has the connection mend stale rows at the start of every transaction and before every commit
  /// (see the type's comment). SQLite only; a file this process cannot write is left as it is.
  func mendStaleRowsAlways() throws {
    guard database.dialect == .sqlite, !isReadOnly,
      try database.scalarInt(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'fugitive_stale'") == 1
    else { return }
    database.staleRows = Database.StaleRows(
      exist: { [weak self] in try self?.hasStaleRows() ?? false },
      mend: { [weak self] in try self?.mendStaleRows() ?? 0 })
    // Mend now what another program left: a read mends first, without waiting for a writer.
    try database.transaction(write: false) {}
  }

  /// Runs `body`, an undo or redo, in a write transaction: with foreign keys off when the step it
  /// replays is a `db check --repair`, whose undo puts back rows of fugitives that are gone (what
  /// undoing it means; a deferred foreign key would refuse the commit).
  public func historyReplay<T>(_ body: () throws -> T) throws -> T {
    try database.transaction(
      write: true, foreignKeysOff: database.dialect == .sqlite && nextReplayIsARepair(), body)
  }

  /// True when the step undo or redo would replay next is a `db check --repair`.
  func nextReplayIsARepair() throws -> Bool {
    try database.scalarInt(
      """
      SELECT EXISTS (SELECT 1 FROM history_step WHERE label = 'db check' AND id IN
        (SELECT max(id) FROM history_step WHERE stack = 'undo'
          UNION ALL SELECT max(id) FROM history_step WHERE stack = 'redo'))
      """) == 1
  }
}
