import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Writers on one SQLite file wait their turn and never fail for a timeout no one's transaction
/// came near (`WriterQueue`): the wait's 5 s count from the last commit another process made.
@Suite(.onTestThreads) struct SharedFileWritersTests {
  static let processes = 16
  static let writesEach = 100

  @Test func sixteenProcessesWritingAtOnceAllLand() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("shared.sqlite"))
    try bounty.succeeding(["db", "migrate"])
    let sessions = try (1...Self.processes).map { session -> (Process, String) in
      let input = folder.file("s\(session).in")
      let output = folder.file("s\(session).out")
      try (1...Self.writesEach).map { index in
        #"{"jsonrpc":"2.0","id":\#(index),"method":"fugitives.add","#
          + #""params":{"name":"P\#(session) add \#(index)","bounty":"1"}}"#
      }.joined(separator: "\n").appending("\n").write(
        toFile: input, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
      process.arguments = ["--db", bounty.database, "rpc"]
      process.environment = bounty.environment
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
      return (try BinaryRunner.started { process }, output)
    }
    var answers: [String] = []
    for (process, output) in sessions {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      answers += try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(
        String.init)
    }
    let refused = answers.filter { !$0.contains(#""result""#) }
    #expect(answers.count == Self.processes * Self.writesEach)
    #expect(refused.isEmpty, "\(refused.count) refused: \(refused.prefix(2))")
    let info = try JSONParser.parse(
      try bounty.succeeding(["--json", "db", "info"]).trimmingASCIIWhitespace())
    #expect(info["fugitives"] == .int(Int64(Self.processes * Self.writesEach)))
  }

  /// Another program commits one short transaction (20 ms) after another for longer than the
  /// timeout, with hardly a moment free between them: bounty's write waits for a free moment (or the end)
  /// instead of failing after 5 s, since the lock was never held that long by one transaction.
  @Test func aWriteWaitsAsLongAsTheWritersBeforeItKeepCommitting() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("busy.sqlite"))
    try bounty.succeeding(["db", "migrate"])
    let started = folder.file("started")
    let hog = Process()
    hog.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    hog.arguments = [
      "-c",
      """
      import sqlite3, sys, time
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("PRAGMA busy_timeout = 10000")
      version = db.execute("PRAGMA user_version").fetchone()[0]
      end = None
      while end is None or time.monotonic() < end:
          db.execute("BEGIN IMMEDIATE")
          db.execute(f"PRAGMA user_version = {version}")
          time.sleep(0.02)  # the transaction's work
          db.execute("COMMIT")
          if end is None:
              open(sys.argv[2], "w").close()
              end = time.monotonic() + 7
      """,
      bounty.database, started,
    ]
    try hog.run()
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: started) && Date() < deadline { usleep(10_000) }
    let added = try bounty.run(["fugitives", "add", "--name", "Patient", "--bounty", "1"])
    hog.waitUntilExit()
    #expect(hog.terminationStatus == 0)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try bounty.run(["fugitives", "list"]).stdout.contains("Patient"))
  }
}
