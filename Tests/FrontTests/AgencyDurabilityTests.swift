import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// What bounty acknowledged is on the server for good: a server that runs with
/// `synchronous_commit = off` (the test cluster does, as many tuned servers do) and crashes while
/// three hunters add at once keeps every add whose answer came back.
@Suite(.onTestThreads) struct AgencyDurabilityTests {
  static let sessions = 3
  static let addsPerSession = 400

  @Test func aServerCrashDuringConcurrentAddsLosesNoAcknowledgedAdd() throws {
    try PostgresTestServer.withOwnCluster { cluster, conninfo in
      let server = try PostgresTestServer(conninfo: conninfo)
      #expect(
        try server.psql(server.url(database: "postgres"), "SHOW synchronous_commit")
          .trimmingCharacters(in: .whitespacesAndNewlines) == "off")
      let url = try server.freshDatabase()
      #expect(try BinaryRunner(database: url).run(["db", "migrate"]).status == 0)
      let folder = try TemporaryFolder()
      let runner = BinaryRunner(database: url)
      let started = try (1...Self.sessions).map { session -> (Process, String) in
        let input = folder.file("s\(session).in")
        let output = folder.file("s\(session).out")
        try (1...Self.addsPerSession).map { index in
          #"{"jsonrpc":"2.0","id":\#(index),"method":"fugitives.add","#
            + #""params":{"name":"S\#(session) add \#(index)","bounty":"1"}}"#
        }.joined(separator: "\n").appending("\n").write(
          toFile: input, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = try BinaryRunner.started {
          let process = Process()
          process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
          process.arguments = ["rpc"]
          process.environment = runner.environment
          process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
          process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
          process.standardError = FileHandle.nullDevice
          return process
        }
        return (process, output)
      }
      func answered() -> Int {
        started.reduce(0) { total, session in
          total
            + ((try? Data(contentsOf: URL(fileURLWithPath: session.1)))?.count { $0 == 0x0A } ?? 0)
        }
      }
      // The crash comes once a third of the adds were answered, while the rest are under way.
      let third = Self.sessions * Self.addsPerSession / 3
      let deadline = Date().addingTimeInterval(120)
      while answered() < third, Date() < deadline, started.contains(where: { $0.0.isRunning }) {
        usleep(5_000)
      }
      let crashed = try PostgresTestServer.execute(
        PostgresTestServer.clusterScript, ["crash", cluster])
      #expect(crashed.status == 0, "\(crashed.stderr)")
      for (process, _) in started { process.waitUntilExit() }

      var acknowledged: [String] = []
      for (_, output) in started {
        for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
          let reply = try JSONParser.parse(String(line))
          if let name = reply["result"]?["name"]?.stringValue {
            acknowledged.append(name)
          }
        }
      }
      // Those answered before the crash; the rest failed, the server being gone.
      #expect(acknowledged.count >= third / 2, "the crash came after \(acknowledged.count) adds")
      #expect(acknowledged.count < Self.sessions * Self.addsPerSession, "no add was under way")
      let listed = try runner.run(["fugitives", "list", "--all", "--format", "tsv"])
      #expect(listed.status == 0, "\(listed.stderr)")
      let kept = Set(
        listed.stdout.split(separator: "\n").compactMap { line in
          line.split(separator: "\t").first { $0.hasPrefix("S") && $0.contains(" add ") }.map(
            String.init)
        })
      let lost = acknowledged.filter { !kept.contains($0) }
      #expect(lost.isEmpty, "\(lost.count) acknowledged adds lost: \(lost.prefix(5))")
      #expect(try runner.run(["db", "check"]).status == 0)
    }
  }
}
