import BountyCore

extension Store {
  /// The case file of fugitive `id`: bond (with days left counted from today), descriptors,
  /// aliases, expenses and the closing time. Empty when none was ever set.
  public func caseFile(fugitiveID id: Int64) throws -> CaseFile {
    try caseFile(fugitiveID: id, currency: currency(), today: localToday)
  }

  /// `caseFile(fugitiveID:)` with the currency and today's date read once by the caller.
  func caseFile(fugitiveID id: Int64, currency: Currency, today: CalendarDate) throws -> CaseFile {
    var file =
      try database.queryFirst(
        """
        SELECT bond_minor, court, case_number, fta_date, forfeiture_date, dob, height, weight,
          eyes, hair, marks, closed_at
        FROM case_file WHERE fugitive_id = ?
        """, [.integer(id)]
      ) { row in
        let bond = Bond(
          amount: row.optionalInt(0).map { Money(minorUnits: $0, currency: currency) },
          court: row.optionalText(1), caseNumber: row.optionalText(2),
          ftaDate: row.optionalText(3).flatMap(CalendarDate.init(parsing:)),
          forfeitureDate: row.optionalText(4).flatMap(CalendarDate.init(parsing:)))
        let descriptors = Descriptors(
          dob: row.optionalText(5).flatMap(CalendarDate.init(parsing:)),
          height: row.optionalText(6), weight: row.optionalText(7), eyes: row.optionalText(8),
          hair: row.optionalText(9), marks: row.optionalText(10))
        return CaseFile(
          bond: bond.isEmpty ? nil : bond, descriptors: descriptors.isEmpty ? nil : descriptors,
          closedAt: row.optionalText(11).flatMap(Timestamp.init(parsing:)))
      } ?? CaseFile()
    if let deadline = file.bond?.forfeitureDate {
      file.bond?.daysLeft = deadline.daysSinceEpoch - today.daysSinceEpoch
    }
    file.aliases = try aliases(fugitiveID: id)
    file.expenses = try expenses(fugitiveID: id, currency: currency)
    return file
  }

  /// The fugitives that have any case-file row (bond, descriptors, closing, alias or expense): a
  /// bulk reader (export) reads the case file of these only, instead of three queries per row.
  public func fugitiveIDsWithCaseFiles() throws -> Set<Int64> {
    Set(
      try database.query(
        """
        SELECT fugitive_id FROM case_file UNION SELECT fugitive_id FROM alias
        UNION SELECT fugitive_id FROM expense
        """
      ) { $0.int(0) })
  }

  /// Removes fugitive `id`'s whole case file (bond, descriptors, closing, aliases, expenses), before
  /// a replacing import writes its own.
  public func deleteCaseFile(fugitiveID id: Int64) throws {
    for table in ["case_file", "alias", "expense"] {
      try database.run("DELETE FROM \(table) WHERE fugitive_id = ?", .integer(id))
    }
  }

  /// Fills in the notes and case files of `rows`' fugitives, read only for the rows that say they
  /// have them: a page of twenty without any costs no query more; with notes, one for all of
  /// them; a case file, three for each (few fugitives have one).
  func withChildren(_ rows: inout FugitiveRows) throws {
    let withNotes = rows.hasNotes.indices.filter { rows.hasNotes[$0] }
    let notes = try notesByFugitive(withNotes.map { rows.fugitives[$0].id })
    for index in withNotes { rows.fugitives[index].notes = notes[rows.fugitives[index].id] ?? [] }
    guard rows.hasCaseFile.contains(true) else { return }
    let currency = try currency()
    let today = localToday
    for index in rows.hasCaseFile.indices where rows.hasCaseFile[index] {
      rows.fugitives[index].caseFile = try caseFile(
        fugitiveID: rows.fugitives[index].id, currency: currency, today: today)
    }
  }

  /// Makes sure fugitive `id` has a case_file row to update.
  private func ensureCaseFileRow(_ id: Int64) throws {
    try database.run(
      "INSERT INTO case_file (fugitive_id) VALUES (?) ON CONFLICT (fugitive_id) DO NOTHING",
      .integer(id))
  }

  /// Sets (or with nil clears) the bond and court of fugitive `id`.
  public func writeBond(fugitiveID id: Int64, _ bond: Bond?) throws {
    try ensureCaseFileRow(id)
    try database.run(
      """
      UPDATE case_file SET bond_minor = ?, court = ?, case_number = ?, fta_date = ?,
        forfeiture_date = ? WHERE fugitive_id = ?
      """,
      [
        .optional(bond?.amount?.minorUnits), .optional(bond?.court), .optional(bond?.caseNumber),
        .optional(bond?.ftaDate?.description), .optional(bond?.forfeitureDate?.description),
        .integer(id),
      ])
  }

  /// Sets (or with nil clears) the descriptors of fugitive `id`.
  public func writeDescriptors(fugitiveID id: Int64, _ descriptors: Descriptors?) throws {
    try ensureCaseFileRow(id)
    try database.run(
      """
      UPDATE case_file SET dob = ?, height = ?, weight = ?, eyes = ?, hair = ?, marks = ?
      WHERE fugitive_id = ?
      """,
      [
        .optional(descriptors?.dob?.description), .optional(descriptors?.height),
        .optional(descriptors?.weight), .optional(descriptors?.eyes),
        .optional(descriptors?.hair), .optional(descriptors?.marks), .integer(id),
      ])
  }

  /// Stamps fugitive `id`'s case closed at `closedAt`, or reopens it with nil.
  public func writeClosed(fugitiveID id: Int64, at closedAt: Timestamp?) throws {
    try ensureCaseFileRow(id)
    try database.run(
      "UPDATE case_file SET closed_at = ? WHERE fugitive_id = ?", .optional(closedAt?.iso8601),
      .integer(id))
  }

  /// The first of `ids` whose case is closed, or nil when every one is open.
  public func firstClosedCase(among ids: [Int64]) throws -> Int64? {
    for id in ids {
      if try database.scalarInt(
        "SELECT 1 FROM case_file WHERE fugitive_id = ? AND closed_at IS NOT NULL", .integer(id))
        != nil
      {
        return id
      }
    }
    return nil
  }

  /// A fugitive at large with a forfeiture date, as the deadline list and report read it.
  public struct DeadlineRow: Sendable {
    public let id: Int64
    public let name: String
    public let forfeitureDate: CalendarDate
    public let bondMinor: Int64?
  }

  /// Fugitives at large with a forfeiture date, most urgent first: by date, then the larger bond
  /// (more at stake), then ID#. `through` limits them to deadlines on or before that date.
  public func deadlineRows(through last: CalendarDate?) throws -> [DeadlineRow] {
    try database.query(
      """
      SELECT fugitive.id, fugitive.name, case_file.forfeiture_date, case_file.bond_minor
      FROM case_file JOIN fugitive ON fugitive.id = case_file.fugitive_id
      WHERE fugitive.captured = 0 AND case_file.forfeiture_date IS NOT NULL
        AND case_file.forfeiture_date <= ?
      ORDER BY case_file.forfeiture_date, coalesce(case_file.bond_minor, 0) DESC, fugitive.id
      """, [.text(last?.description ?? "9999-12-31")]
    ) {
      DeadlineRow(
        id: $0.int(0), name: $0.text(1),
        forfeitureDate: CalendarDate(parsing: $0.text(2)) ?? CalendarDate(daysSinceEpoch: 0),
        bondMinor: $0.optionalInt(3))
    }
  }

  /// The fugitives of `deadlineRows(through:)`, whole.
  public func deadlines(through last: CalendarDate?) throws -> [Fugitive] {
    try deadlineRows(through: last).compactMap { try fugitive(id: $0.id) }
  }
}
