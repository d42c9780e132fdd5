import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Many hunters on one agency database at once, each through the real binary as its own role:
/// nothing any of them did is lost, the manual order stays 1 to n (they add and move, and delete
/// nothing), and undo keeps to its owner.
@Suite(.onTestThreads, .serialized) struct AgencyConcurrencyTests {
  static let hunters = 8
  static let changesPerHunter = 200
  static let sharedFugitives = 20

  /// A fresh agency database with roles set up and `count` hunters (h1…hN), and a runner for it.
  static func agency(hunters count: Int) throws -> (url: String, admin: BinaryRunner) {
    let server = try PostgresTestServer.shared
    let url = try server.freshDatabase()
    let admin = BinaryRunner(database: url)
    try expectSuccess(admin.run(["db", "init-agency"]))
    for index in 1...count {
      try expectSuccess(admin.run(["db", "add-hunter", "h\(index)_\(suffix(url))"]))
    }
    return (url, admin)
  }

  /// The database's own name: roles are shared by the cluster, so each test's hunters are its own.
  static func suffix(_ url: String) -> String { String(database(of: url).suffix(8)) }

  /// The name of the database a test's `postgresql:///NAME?…` URL names.
  static func database(of url: String) -> String {
    String(url.dropFirst("postgresql:///".count).prefix { $0 != "?" })
  }

  static func hunter(_ index: Int, on url: String) throws -> BinaryRunner {
    BinaryRunner(database: try PostgresTestServer.url(url, as: "h\(index)_\(suffix(url))"))
  }

  @discardableResult
  static func expectSuccess(
    _ outcome: BinaryRunner.Outcome, sourceLocation: SourceLocation = #_sourceLocation
  ) -> BinaryRunner.Outcome {
    #expect(outcome.status == 0, "\(outcome.stderr)", sourceLocation: sourceLocation)
    return outcome
  }

  @Test func eightHuntersChangingOneRosterAtOnceLoseNothing() throws {
    let (url, admin) = try Self.agency(hunters: Self.hunters)
    try Self.changeAtOnce(
      hunters: Self.hunters, changes: Self.changesPerHunter, admin: admin,
      session: { try Self.hunter($0, on: url) })
  }

  /// `hunters` hunters (their runners from `session`) at once, each its own `bounty rpc` process
  /// and connection making `changes` changes to the fugitives with ID# 1 to `sharedFugitives`
  /// (the admin adds that many first):
  /// notes, moves among them, edits and adds of its own, interleaved. Expects every change to
  /// succeed and to be there afterwards, and the manual order to stay 1 to n (adds go after the
  /// last place and moves shift by one; nothing here deletes).
  static func changeAtOnce(
    hunters: Int, changes: Int, admin: BinaryRunner, session: (Int) throws -> BinaryRunner,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let listed = try JSONParser.parse(admin.run(["--json", "fugitives", "list", "--all"]).stdout)
    guard case .number(let total)? = listed["total"], let before = Int(total) else {
      Issue.record("no total in the list", sourceLocation: sourceLocation)
      return
    }
    for index in 1...sharedFugitives {
      try expectSuccess(
        admin.run(["fugitives", "add", "--name", "Shared \(index)", "--bounty", "100"]),
        sourceLocation: sourceLocation)
    }
    let scripts = (1...hunters).map { hunter in
      (0..<changes).map { step -> String in
        let target = 1 + (hunter * 7 + step) % sharedFugitives
        let request: String
        switch step % 4 {
        case 0:
          request =
            #""method":"notes.add","params":{"id":\#(target),"text":"h\#(hunter) step \#(step)"}"#
        case 1:
          request =
            #""method":"fugitives.move","params":{"id":\#(target),"to":\#(1 + step % 20)}"#
        case 2:
          request =
            #""method":"fugitives.update","params":{"id":\#(target),"description":"h\#(hunter) \#(step)"}"#
        default:
          request =
            #""method":"fugitives.add","params":{"name":"H\#(hunter) own \#(step)","bounty":"\#(step).50"}"#
        }
        return #"{"jsonrpc":"2.0","id":\#(step),\#(request)}"#
      }.joined(separator: "\n") + "\n"
    }
    // All at once: each its own process and connection, started before any is waited for.
    let folder = try TemporaryFolder()
    let sessions = try (1...hunters).map { hunter -> (Process, String) in
      let input = folder.file("h\(hunter).in")
      let output = folder.file("h\(hunter).out")
      try scripts[hunter - 1].write(toFile: input, atomically: true, encoding: .utf8)
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
      process.arguments = ["rpc"]
      process.environment = try session(hunter).environment
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
      process.standardError = FileHandle.nullDevice
      return (process, output)
    }
    for (process, _) in sessions { try process.run() }
    for (process, _) in sessions { process.waitUntilExit() }
    var errors: [String] = []
    for (process, output) in sessions {
      #expect(process.terminationStatus == 0, sourceLocation: sourceLocation)
      let lines = (try String(contentsOfFile: output, encoding: .utf8)).split(separator: "\n")
      #expect(lines.count == changes, sourceLocation: sourceLocation)
      errors += lines.filter { $0.contains(#""error""#) }.map(String.init)
    }
    #expect(errors.isEmpty, "\(errors.prefix(3))", sourceLocation: sourceLocation)

    let all = try JSONParser.parse(
      admin.run(["--json", "fugitives", "list", "--all", "--sort", "manual", "--limit", "10000"])
        .stdout)
    let items = all["items"]?.arrayValue ?? []
    let adds = hunters * (changes / 4)
    #expect(items.count == before + sharedFugitives + adds, sourceLocation: sourceLocation)
    #expect(
      items.map { $0["position"] } == (1...items.count).map { JSON.number("\($0)") },
      sourceLocation: sourceLocation)
    let notes = items.reduce(0) { $0 + ($1["notes"]?.arrayValue?.count ?? 0) }
    #expect(notes == hunters * (changes / 4), sourceLocation: sourceLocation)
  }

  /// A fresh agency with two hunters (h1, h2) and one fugitive, Hank Morrow (ID# 1, $5), that the
  /// admin added: the runners of the admin and of each hunter.
  static func hankMorrowAndTwoHunters() throws -> (
    admin: BinaryRunner, first: BinaryRunner, second: BinaryRunner
  ) {
    let (url, admin) = try agency(hunters: 2)
    try expectSuccess(admin.run(["fugitives", "add", "--name", "Hank Morrow", "--bounty", "5"]))
    return (admin, try hunter(1, on: url), try hunter(2, on: url))
  }

  @Test func undoKeepsToItsOwnerAndRefusesAStepAnotherHunterChanged() throws {
    let (admin, first, second) = try Self.hankMorrowAndTwoHunters()
    try Self.expectSuccess(first.run(["fugitives", "edit", "1", "--bounty", "10"]))
    try Self.expectSuccess(second.run(["fugitives", "edit", "1", "--description", "Seen in Elko"]))
    let refused = try first.run(["undo"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("Hank Morrow") && refused.stderr.contains("h2_"))
    let shown = try admin.run(["--json", "fugitives", "show", "1"]).stdout
    #expect(shown.contains(#""bounty":"10.00""#) && shown.contains("Seen in Elko"))
    // The second hunter's own step is theirs to undo; then the first one's applies again.
    try Self.expectSuccess(second.run(["undo"]))
    try Self.expectSuccess(first.run(["undo"]))
    #expect(
      try admin.run(["--json", "fugitives", "show", "1"]).stdout.contains(#""bounty":"5.00""#))
  }

  /// An ID# one hunter's undone add freed stays theirs while they can redo it: another hunter's
  /// add takes the next one, and the redo puts the fugitive back under its own ID#.
  @Test func anUndoneAddsIDStaysItsHuntersToRedo() throws {
    let (admin, first, second) = try Self.hankMorrowAndTwoHunters()
    try Self.expectSuccess(first.run(["fugitives", "add", "--name", "Ida Quill", "--bounty", "3"]))
    try Self.expectSuccess(first.run(["undo"]))
    let added = try second.run([
      "--json", "fugitives", "add", "--name", "Otto Lark", "--bounty", "4",
    ])
    try Self.expectSuccess(added)
    #expect(try JSONParser.parse(added.stdout.trimmingASCIIWhitespace())["id"] == .int(3))
    try Self.expectSuccess(first.run(["redo"]))
    #expect(try admin.run(["fugitives", "show", "2"]).stdout.contains("Ida Quill"))
    #expect(try admin.run(["fugitives", "show", "3"]).stdout.contains("Otto Lark"))
    // Once the redo is used, the next ID# is one past the highest ever written.
    let next = try second.run(["--json", "fugitives", "add", "--name", "Pia Moss", "--bounty", "1"])
    #expect(try JSONParser.parse(next.stdout.trimmingASCIIWhitespace())["id"] == .int(4))
  }

  /// Nor may another hunter take it by naming it, as a new fugitive's ID# or a changed one's.
  @Test func anIDAnUndoOrRedoMayPutBackIsNotGivenByName() throws {
    let (_, first, second) = try Self.hankMorrowAndTwoHunters()
    try Self.expectSuccess(
      first.run(["fugitives", "add", "--id", "555", "--name", "Ida Quill", "--bounty", "3"]))
    try Self.expectSuccess(first.run(["undo"]))
    for refused in [
      try second.run(["fugitives", "add", "--id", "555", "--name", "Otto Lark", "--bounty", "4"]),
      try second.run(["fugitives", "edit", "1", "--new-id", "555"]),
    ] {
      #expect(refused.status == 1)
      #expect(
        refused.stderr.contains("ID# 555 is kept for")
          && refused.stderr.contains("'fugitives add 555'"), "\(refused.stderr)")
    }
    try Self.expectSuccess(first.run(["redo"]))
  }

  @Test func aStaleEditNamesTheValueNowAndWhoChangedIt() throws {
    let (admin, first, second) = try Self.hankMorrowAndTwoHunters()
    try Self.expectSuccess(second.run(["fugitives", "edit", "1", "--bounty", "10"]))
    let refused = try first.run(["fugitives", "edit", "1", "--bounty", "7", "--was-bounty", "5"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("now $10.00, was $5.00") && refused.stderr.contains("by h2_"),
      "\(refused.stderr)")
    #expect(
      try admin.run(["--json", "fugitives", "show", "1"]).stdout.contains(#""bounty":"10.00""#))
  }

  @Test func undoingAnImportSparesWhatOthersAddedOrChangedSince() throws {
    let (url, admin) = try Self.agency(hunters: 1)
    let folder = try TemporaryFolder()
    let roster = folder.file("roster.csv")
    try Data("name,bounty\nAda Quill,1\nBo Lark,2\n".utf8).write(to: URL(fileURLWithPath: roster))
    try Self.expectSuccess(admin.run(["import", roster]))
    let hunter = try Self.hunter(1, on: url)
    try Self.expectSuccess(hunter.run(["fugitives", "add", "--name", "Cy Vance", "--bounty", "3"]))
    // Undoing the import would delete everything after it in the manual order: refused.
    let refused = try admin.run(["undo"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("Cy Vance") && refused.stderr.contains("h1_"), "\(refused.stderr)")
    #expect(try admin.run(["--json", "fugitives", "list"]).stdout.contains(#""total":3"#))
    try Self.expectSuccess(hunter.run(["undo"]))
    try Self.expectSuccess(admin.run(["undo"]))
    #expect(try admin.run(["--json", "fugitives", "list"]).stdout.contains(#""total":0"#))

    // A change to one of the imported rows is refused the same way, naming it.
    try Self.expectSuccess(admin.run(["import", roster]))
    let imported = try admin.run(["--json", "fugitives", "list", "--sort", "name"]).stdout
    let id = try #require(
      imported.split(separator: "\"id\":").dropFirst().first?.prefix { $0.isNumber })
    try Self.expectSuccess(hunter.run(["fugitives", "edit", String(id), "--bounty", "9"]))
    let again = try admin.run(["undo"])
    #expect(again.status == 1 && again.stderr.contains("Ada Quill"), "\(again.stderr)")
    #expect(try admin.run(["--json", "fugitives", "list"]).stdout.contains(#""total":2"#))
  }

  @Test func aHunterIsRefusedSettingsThroughBountyAndThroughPsql() throws {
    let (url, _) = try Self.agency(hunters: 1)
    let hunter = try Self.hunter(1, on: url)
    let refused = try hunter.run(["settings", "set", "commission.rate", "15"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("only an agency admin may change commission.rate"))
    let server = try PostgresTestServer.shared
    #expect(throws: (any Error).self) {
      try server.psql(
        url, "UPDATE setting SET value = '15' WHERE key = 'commission'",
        role: "h1_\(Self.suffix(url))")
    }
  }

  /// `hunter.name` is each hunter's own display name, which history shows.
  @Test func eachHunterNamesThemselves() throws {
    let (url, admin) = try Self.agency(hunters: 1)
    let hunter = try Self.hunter(1, on: url)
    try Self.expectSuccess(hunter.run(["settings", "set", "hunter.name", "Carol Reyes"]))
    try Self.expectSuccess(
      hunter.run(["fugitives", "add", "--name", "Hank Morrow", "--bounty", "5"]))
    #expect(try hunter.run(["history"]).stdout.contains("by Carol Reyes"))
    #expect(
      try admin.run(["settings", "get", "hunter.name"]).stdout.contains("Carol Reyes") == false)
  }

  @Test func aKilledClientMidImportLeavesNoneOfItsRows() throws {
    let (url, admin) = try Self.agency(hunters: 0 + 1)
    let folder = try TemporaryFolder()
    let csv = folder.file("big.csv")
    var text = "id,name,bounty\n"
    for index in 1...200_000 { text += "\(index),Imported \(index),\(index).25\n" }
    try text.write(toFile: csv, atomically: true, encoding: .utf8)
    let process = try admin.start(["import", csv])
    // Killed once its transaction has written (the server gave it a transaction ID), mid-import.
    let server = try PostgresTestServer.shared
    let writing = """
      SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'bounty' AND backend_xid IS NOT NULL
      """
    let deadline = Date().addingTimeInterval(20)
    while try server.psql(url, writing).trimmingCharacters(in: .whitespacesAndNewlines) == "0",
      Date() < deadline, process.isRunning
    {
      usleep(20_000)
    }
    #expect(process.isRunning, "the import ended before it could be killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let total = try JSONParser.parse(admin.run(["--json", "fugitives", "list", "--all"]).stdout)[
      "total"]
    // All or nothing: the server rolls back the killed client's transaction.
    #expect(total == .number("0") || total == .number("200000"))
  }
}
