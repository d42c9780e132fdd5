import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// `bounty import` of the original app's Core Data store, model versions 1–5, built here with the
/// sqlite3 shell as Core Data lays it out: every fugitive exactly as stored, the store untouched,
/// all or nothing, one undo step.
@Suite(.onTestThreads) struct CoreDataImportTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  /// A few bytes that begin as a PNG does, with every byte value after the signature.
  static let photo: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0...255).map(UInt8.init)

  /// The columns each model version adds to ZFUGITIVE, with Core Data's declared types.
  static let versionColumns: [[(String, String)]] = [
    [
      ("ZFUGITIVEID", "INTEGER"), ("ZBOUNTY", "DECIMAL"), ("ZDESC", "VARCHAR"),
      ("ZNAME", "VARCHAR"),
    ],
    [("ZCAPTURED", "INTEGER"), ("ZCAPTDATE", "TIMESTAMP")],
    [("ZIMAGE", "BLOB")],
    [("ZCAPTUREDLAT", "FLOAT"), ("ZCAPTUREDLON", "FLOAT")],
    [("ZLASTSEENLAT", "FLOAT"), ("ZLASTSEENLON", "FLOAT"), ("ZLASTSEENDESC", "VARCHAR")],
  ]

  /// Three fugitives as the original app would have stored them, by column: ID# 0 with trailing
  /// spaces, captured with a photo; ID# -5 seen at a point; 6023 seen at a latitude only.
  static let rows: [[String: String]] = [
    [
      "Z_PK": "1", "ZFUGITIVEID": "0", "ZNAME": "'Nadia Kendall '", "ZDESC": "'Parole violator '",
      "ZBOUNTY": "19.99", "ZCAPTURED": "1", "ZCAPTDATE": "311712000.75",
      "ZIMAGE": "X'" + photo.map { String(format: "%02X", $0) }.joined() + "'",
      "ZCAPTUREDLAT": "36.17", "ZCAPTUREDLON": "-115.14",
    ],
    [
      "Z_PK": "2", "ZFUGITIVEID": "-5", "ZNAME": "'Roy Bigs'", "ZDESC": "'Grand theft'",
      "ZBOUNTY": "96000.5", "ZCAPTURED": "0", "ZLASTSEENLAT": "40.7128",
      "ZLASTSEENLON": "-74.006", "ZLASTSEENDESC": "'Pier 17 '",
    ],
    [
      "Z_PK": "3", "ZFUGITIVEID": "6023", "ZNAME": "'Jim Sly'", "ZDESC": "''", "ZBOUNTY": "750",
      "ZCAPTURED": "0", "ZLASTSEENLAT": "51.5",
    ],
  ]

  /// Writes a Core Data store of model `version` holding `rows` (values as SQL literals; columns
  /// the version lacks are left out) and returns its path.
  func store(
    version: Int, rows: [[String: String]] = Self.rows, name: String? = nil,
    bountyType: String = "DECIMAL", copiedWithWAL copy: String? = nil, andSHM: Bool = false
  ) throws -> String {
    let path = folder.file(name ?? "iBountyHunter-v\(version).sqlite")
    let columns = Self.versionColumns.prefix(version).joined().map {
      $0.0 == "ZBOUNTY" ? ($0.0, bountyType) : $0
    }
    // `copy`: the store in WAL mode, copied with its -wal while the shell still has it open (as
    // a store copied off a device whose app was running), so the rows are in the -wal only.
    var sql = copy == nil ? "" : "PRAGMA journal_mode = WAL;\nPRAGMA wal_autocheckpoint = 0;\n"
    sql += """
      CREATE TABLE ZFUGITIVE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, \
      \(columns.map { "\($0.0) \($0.1)" }.joined(separator: ", ")));
      CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
      CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
      INSERT INTO Z_PRIMARYKEY VALUES (1, 'Fugitive', 0, \(rows.count));
      INSERT INTO Z_METADATA VALUES (1, 'B2D1C7A4-0000-4000-8000-000000000001', X'62706C697374');

      """
    for row in rows {
      let names = ["Z_PK", "Z_ENT", "Z_OPT"] + columns.map(\.0).filter { row[$0] != nil }
      let values = names.map { row[$0] ?? "1" }
      sql +=
        "INSERT INTO ZFUGITIVE (\(names.joined(separator: ", "))) "
        + "VALUES (\(values.joined(separator: ", ")));\n"
    }
    if let copy {
      sql += ".shell cp '\(path)' '\(copy)' && cp '\(path)-wal' '\(copy)-wal'"
      sql += andSHM ? " && cp '\(path)-shm' '\(copy)-shm'\n" : "\n"
    }
    let outcome = try SQLiteShell.exec(path, sql)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return copy ?? path
  }

  func json(_ arguments: [String]) throws -> JSON {
    let outcome = try bounty.run(["--json"] + arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try JSONParser.parse(outcome.stdout.trimmingASCIIWhitespace())
  }

  func total() throws -> String? {
    try json(["fugitives", "list", "--all", "--limit", "1"])["total"]?.serialized
  }

  @Test(arguments: 1...5)
  func everyModelVersionComesInExactlyAndTheStoreIsUntouched(version: Int) throws {
    let path = try store(version: version)
    let before = try #require(TemporaryFolder.bytes(path))
    let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let outcome = try bounty.run(["import", path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Imported 3 fugitives."), "\(outcome.stdout)")
    #expect(TemporaryFolder.bytes(path) == before)
    // No journal, -wal or -shm was made beside the store (only bounty's own database is new).
    let after = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(after).subtracting(beside).allSatisfy { $0.hasPrefix("db.sqlite") }, "\(after)")

    let zero = try json(["fugitives", "show", "0"])
    #expect(zero["id"] == .int(0))
    #expect(zero["name"] == .string("Nadia Kendall "))
    #expect(zero["description"] == .string("Parole violator "))
    #expect(zero["bounty"] == .string("19.99"))
    #expect(zero["captured"] == .bool(version >= 2))
    #expect(zero["capturedAt"] == (version >= 2 ? .string("2010-11-17T18:40:00Z") : .null))
    #expect(zero["hasPhoto"] == .bool(version >= 3))
    #expect(
      zero["captureLocation"]
        == (version >= 4 ? .object(["lat": .number("36.17"), "lon": .number("-115.14")]) : .null))
    let negative = try json(["fugitives", "show", "--", "-5"])
    #expect(negative["name"] == .string("Roy Bigs"))
    #expect(negative["bounty"] == .string("96000.50"))
    #expect(
      negative["lastSeen"]
        == (version >= 5
          ? .object([
            "lat": .number("40.7128"), "lon": .number("-74.006"),
            "description": .string("Pier 17 "),
            "at": .null,
          ]) : .null))
    let third = try json(["fugitives", "show", "6023"])
    #expect(third["bounty"] == .string("750.00"))
    #expect(third["description"] == .string(""))
    #expect(
      third["lastSeen"]
        == (version >= 5
          ? .object(["lat": .number("51.5"), "lon": .null, "description": .null, "at": .null])
          : .null))
    if version >= 3 {
      let hex = try bounty.sqlite3("SELECT media_type, hex(bytes) FROM photo WHERE fugitive_id = 0")
      #expect(hex == "image/png|" + Self.photo.map { String(format: "%02X", $0) }.joined())
    }
  }

  /// A store copied with its -wal (changes not yet in the file) is read whole, read-only: the
  /// store and its -wal are left as they were (SQLite may add the -shm index beside them).
  @Test func aStoreWithItsWALIsReadWholeAndLeftAsItWas() throws {
    let copy = try store(version: 5, name: "live.sqlite", copiedWithWAL: folder.file("copy.sqlite"))
    let before = try [copy, copy + "-wal"].map { try #require(TemporaryFolder.bytes($0)) }
    #expect(before[1].count > 0)
    let outcome = try bounty.run(["import", copy])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Imported 3 fugitives."), "\(outcome.stdout)")
    #expect([copy, copy + "-wal"].map { TemporaryFolder.bytes($0) } == before)
    #expect(try json(["fugitives", "show", "0"])["bounty"] == .string("19.99"))
  }

  /// Nothing beside a store in WAL mode is written or created: the store, its -wal and its -shm
  /// (when there is one) keep their SHA-256, no -shm appears where there was none, and the private
  /// copy that was read is gone afterwards. Before, SQLite wrote (or created) the -shm.
  @Test(arguments: [false, true])
  func aWALStoresFilesAreNeverWrittenNorMade(withSHM: Bool) throws {
    let copy = try store(
      version: 5, name: "live.sqlite", copiedWithWAL: folder.file("copy.sqlite"), andSHM: withSHM)
    let files = [copy, copy + "-wal"] + (withSHM ? [copy + "-shm"] : [])
    func digests() throws -> String {
      try bounty.run(files, executable: "/usr/bin/sha256sum").stdout
    }
    let before = try digests()
    #expect(before.split(separator: "\n").count == files.count)
    #expect(TemporaryFolder.bytes(copy + "-wal")?.isEmpty == false)
    let scratch = folder.file("tmp")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    var runner = bounty
    runner.environment["TMPDIR"] = scratch
    let outcome = try runner.run(["import", copy])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("Imported 3 fugitives."), "\(outcome.stdout)")
    #expect(try digests() == before)
    #expect(FileManager.default.fileExists(atPath: copy + "-shm") == withSHM)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty)
    #expect(try json(["fugitives", "show", "0"])["bounty"] == .string("19.99"))
  }

  /// A ZIMAGE that is not PNG or JPEG by its bytes (an SVG, a shell script) refuses the import,
  /// naming the row; nothing is imported.
  @Test(arguments: ["<svg onload=\"alert(1)\"/>", "#!/bin/sh\nrm -rf ~\n"])
  func aPhotoThatIsNoImageRefusesTheRow(bytes: String) throws {
    var rows = Self.rows
    rows[1]["ZIMAGE"] = "X'" + bytes.utf8.map { String(format: "%02X", $0) }.joined() + "'"
    let path = try store(version: 5, rows: rows)
    let outcome = try bounty.run(["import", path])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains(
        "ZIMAGE a blob of \(bytes.utf8.count) bytes is not a PNG or JPEG image"),
      "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Z_PK 2"), "\(outcome.stderr)")
    // All or nothing: the roster the import was to create is not left behind.
    #expect(!FileManager.default.fileExists(atPath: folder.file("db.sqlite")))
  }

  @Test func aBountyIsTheDecimalItWasStoredAsOrTheRowIsRefused() throws {
    // REAL (Core Data's own), INTEGER and TEXT storage; 0.1 + 0.2 is the double
    // 0.30000000000000004, which has more digits than dollars have.
    let path = try store(
      version: 1,
      rows: [
        ["Z_PK": "1", "ZFUGITIVEID": "1", "ZNAME": "'A'", "ZBOUNTY": "19.99"],
        ["Z_PK": "2", "ZFUGITIVEID": "2", "ZNAME": "'B'", "ZBOUNTY": "CAST('0.07' AS BLOB)"],
        ["Z_PK": "3", "ZFUGITIVEID": "77", "ZNAME": "'C'", "ZBOUNTY": "19.999"],
        ["Z_PK": "4", "ZFUGITIVEID": "78", "ZNAME": "'D'", "ZBOUNTY": "0.1 + 0.2"],
      ])
    let outcome = try bounty.run(["import", path])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.contains("3 rows are invalid; nothing was imported"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Z_PK 2 (ID# 2), bounty: ZBOUNTY a blob of 4 bytes"))
    #expect(
      outcome.stderr.contains(
        "Z_PK 3 (ID# 77), bounty: '19.999' has more decimals than USD allows"),
      "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Z_PK 4 (ID# 78), bounty: '0.30000000000000004' has more"))
    // A refused first import leaves no roster behind (a refused change creates nothing).
    #expect(!FileManager.default.fileExists(atPath: bounty.database))

    // Stored as text, a bounty is read as it is written; in a currency without cents, 19.99 is
    // refused too rather than rounded.
    let text = try store(
      version: 1, rows: [["Z_PK": "1", "ZFUGITIVEID": "1", "ZNAME": "'A'", "ZBOUNTY": "'19.99'"]],
      name: "text.sqlite", bountyType: "VARCHAR")
    #expect(try SQLiteShell.exec(text, "SELECT typeof(ZBOUNTY) FROM ZFUGITIVE").stdout == "text")
    #expect(try bounty.run(["import", text]).status == 0)
    #expect(try json(["fugitives", "show", "1"])["bounty"] == .string("19.99"))
    #expect(try bounty.run(["undo"]).status == 0)
    #expect(try bounty.run(["settings", "set", "currency", "JPY"]).status == 0)
    let yen = try bounty.run(["import", path])
    #expect(yen.status == 1)
    #expect(
      yen.stderr.contains("Z_PK 1 (ID# 1), bounty: '19.99' has more decimals than JPY allows"))
  }

  @Test func undoRemovesTheImportAndNothingElse() throws {
    #expect(try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "5"]).status == 0)
    let path = try store(version: 5)
    #expect(try bounty.run(["import", "--format", "coredata", path]).status == 0)
    #expect(try total() == "4")
    let undo = try bounty.run(["undo"])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stdout.contains("import"), "\(undo.stdout)")
    #expect(try total() == "1")
    #expect(try bounty.sqlite3("SELECT count(*) FROM photo") == "0")
    #expect(try bounty.run(["redo"]).status == 0)
    #expect(try total() == "4")
  }

  @Test func whatIsNotAStoreIsRefusedWithOneLine() throws {
    let roster = folder.file("roster.sqlite")
    #expect(try SQLiteShell.exec(roster, "CREATE TABLE t (x)").status == 0)
    let notStore = try bounty.run(["import", roster])
    #expect(notStore.status == 1)
    #expect(
      notStore.stderr.contains(
        "is not an iBountyHunter Core Data store (it lacks the tables ZFUGITIVE, Z_PRIMARYKEY, "
          + "Z_METADATA)"), "\(notStore.stderr)")
    let path = try store(version: 2)
    // Over a pipe SQLite cannot read it; over --db it is not bounty's, and says how to import it.
    let piped = try bounty.run(
      ["import", "-"], inputData: Data(try #require(TemporaryFolder.bytes(path))))
    #expect(piped.status == 64)
    #expect(piped.stderr.contains("an iBountyHunter store is read from its file"))
    let asDatabase = BinaryRunner(database: path)
    let before = TemporaryFolder.bytes(path)
    let opened = try asDatabase.run(["fugitives", "list"])
    #expect(opened.status == 1)
    #expect(opened.stderr.contains("bring its roster in with: bounty import"), "\(opened.stderr)")
    #expect(TemporaryFolder.bytes(path) == before)
  }

  @Test func jsonRPCImportsAStoreNamedInsideItsFilesFolder() throws {
    let path = try store(version: 5)
    let outcome = try bounty.run(
      ["rpc", "--files", folder.path],
      input: #"{"jsonrpc":"2.0","id":1,"method":"data.import","params":{"file":"\#(path)"}}"#
        + "\n"
        + #"{"jsonrpc":"2.0","id":2,"method":"fugitives.get","params":{"id":-5}}"# + "\n")
    let lines = outcome.stdout.split(separator: "\n").map { try? JSONParser.parse(String($0)) }
    #expect(lines.count == 2)
    #expect(
      lines.first??["result"] == .object(["imported": 3, "replaced": 0]), "\(outcome.stdout)")
    #expect(lines.last??["result"]?["name"] == .string("Roy Bigs"))
  }
}
