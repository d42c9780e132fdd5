import BountyCore
import BountyTestSupport
import Foundation
import Glibc
import Testing

/// Nothing acknowledged is lost: processes killed mid-write, several writers at once, a lock held
/// too long, Ctrl-C, a full disk. Each runs the real binary.
@Suite(.onTestThreads, .serialized) struct ReliabilityTests {
  /// A `bounty rpc` process to write requests to and read responses from, line by line.
  final class RPCProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    private var buffer = Data()

    init(database: String) throws {
      process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
      process.arguments = ["--db", database, "rpc"]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    func send(_ line: String) throws {
      try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// The next response line, or nil when the process is gone.
    func receive() -> String? {
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          return line
        }
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { return nil }
        buffer.append(chunk)
      }
    }

    func kill() {
      Glibc.kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  static func count(_ database: String) throws -> Int {
    let outcome = try BinaryRunner(database: database).run([
      "--json", "fugitives", "list", "--all", "--limit", "1",
    ])
    guard let total = try JSONParser.parse(outcome.stdout.trimmingASCIIWhitespace())["total"],
      case .number(let digits) = total
    else { return -1 }
    return Int(digits) ?? -1
  }

  /// True when process `pid` has the file at `path` open.
  static func process(_ pid: Int32, hasOpen path: String) -> Bool {
    let folder = "/proc/\(pid)/fd"
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return descriptors.contains {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
    }
  }

  static func integrityOK(_ database: String) throws -> Bool {
    let outcome = try BinaryRunner(database: database).run(["--json", "db", "check"])
    return outcome.stdout.contains(#""ok":true"#)
  }

  @Test func killedWhileAddingKeepsEveryAcknowledgedWrite() throws {
    let folder = try TemporaryFolder()
    var checked = 0
    for trial in 0..<8 {
      let database = folder.file("kill-\(trial).sqlite")
      let rpc = try RPCProcess(database: database)
      var acknowledged: [Int] = []
      let target = Int.random(in: 5...60)
      for id in 1...200 {
        try rpc.send(
          #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"id":\#(id),"name":"F\#(id)","bounty":"\#(id).50"},"id":\#(id)}"#
        )
        if id > target {
          // Stop reading: requests are in flight when the process dies.
          if id == target + 5 { break }
          continue
        }
        guard let response = rpc.receive(), response.contains(#""result""#) else { break }
        acknowledged.append(id)
      }
      usleep(useconds_t.random(in: 0...20_000))
      rpc.kill()
      #expect(try Self.integrityOK(database))
      let present = try BinaryRunner(database: database).run([
        "--json", "fugitives", "list", "--all", "--sort", "id", "--limit", "1000",
      ]).stdout
      for id in acknowledged {
        #expect(present.contains(#"{"id":\#(id),"#), "acknowledged \(id) lost in trial \(trial)")
      }
      checked += acknowledged.count
    }
    #expect(checked > 40)
  }

  static func writeCSV(rows: Int, to path: String) throws {
    var csv = "id,name,bounty,description\n"
    for id in 1...rows { csv += "\(id),Name \(id),\(id % 90_000 + 250).00,Parole violator\n" }
    try csv.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func aKilledImportLeavesAllOrNothing() throws {
    let folder = try TemporaryFolder()
    let csv = folder.file("roster.csv")
    try Self.writeCSV(rows: 200_000, to: csv)
    var outcomes: Set<Int> = []
    for trial in 0..<5 {
      let database = folder.file("import-\(trial).sqlite")
      try BinaryRunner(database: database).run([
        "fugitives", "add", "--name", "Before", "--bounty", "1", "--id", "99999",
      ])
      let process = Process()
      process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
      process.arguments = ["--db", database, "import", csv]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(50_000 + trial * 150_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let count = try Self.count(database)
      #expect(count == 1 || count == 200_001, "trial \(trial): \(count) fugitives")
      #expect(try Self.integrityOK(database))
      outcomes.insert(count)
    }
    #expect(outcomes.contains(1), "no trial was killed before its import committed")
  }

  @Test func aKilledMigrationLeavesAWholeVersion() throws {
    let folder = try TemporaryFolder()
    for trial in 0..<4 {
      let database = folder.file("old-\(trial).sqlite")
      // A version-5 database made by the sqlite3 shell, with rows in every column.
      var sql = try Self.shippedMigrations(upTo: 5) + "PRAGMA user_version = 5;\nBEGIN;\n"
      for id in 1...20_000 {
        sql +=
          "INSERT INTO fugitive (id, name, bounty_minor, description, captured) VALUES (\(id), 'F\(id)', \(id * 100), 'd', \(id % 3 == 0 ? 1 : 0));\n"
      }
      sql += "COMMIT;\n"
      try sql.write(toFile: folder.file("make.sql"), atomically: true, encoding: .utf8)
      #expect(system("sqlite3 '\(database)' < '\(folder.file("make.sql"))'") == 0)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
      process.arguments = ["--db", database, "db", "migrate"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(trial * 40_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      // Whatever version it stopped at, the file is sound, and migrating again finishes the job.
      #expect(system("sqlite3 '\(database)' 'PRAGMA integrity_check' | grep -qx ok") == 0)
      let migrated = try BinaryRunner(database: database).run(["db", "migrate"])
      #expect(migrated.status == 0, "trial \(trial): \(migrated.stderr)")
      #expect(try Self.count(database) == 20_000)
      #expect(try Self.integrityOK(database))
    }
  }

  static func shippedMigrations(upTo version: Int) throws -> String {
    let folder = GeneratedFile.root.appending(path: "Migrations")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().prefix(
      version)
    return try names.map { try String(contentsOf: folder.appending(path: $0), encoding: .utf8) }
      .joined(separator: "\n")
  }

  @Test func fourWritersAndAReaderAtOnce() throws {
    let folder = try TemporaryFolder()
    let database = folder.file("busy.sqlite")
    #expect(try BinaryRunner(database: database).run(["db", "migrate"]).status == 0)
    let errors = LockedList()
    DispatchQueue.concurrentPerform(iterations: 5) { worker in
      do {
        let rpc = try RPCProcess(database: database)
        for index in 0..<500 {
          let request =
            worker == 4
            ? #"{"jsonrpc":"2.0","method":"fugitives.list","params":{"all":true,"limit":5},"id":\#(index)}"#
            : #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"id":\#(worker * 1000 + index + 1),"name":"W\#(worker)","bounty":"1"},"id":\#(index)}"#
          try rpc.send(request)
          guard let response = rpc.receive(), response.contains(#""result""#) else {
            errors.append("worker \(worker) request \(index) failed")
            return
          }
        }
        try rpc.input.fileHandleForWriting.close()
        rpc.process.waitUntilExit()
      } catch {
        errors.append("worker \(worker): \(error)")
      }
    }
    #expect(errors.items.isEmpty, "\(errors.items.prefix(3))")
    #expect(try Self.count(database) == 2000)
    #expect(try Self.integrityOK(database))
  }

  @Test func aLockHeldPastTheTimeoutIsOneClearErrorAndLosesNothing() throws {
    let folder = try TemporaryFolder()
    let database = folder.file("locked.sqlite")
    let bounty = BinaryRunner(database: database)
    try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "1", "--id", "1"])
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/bin/sh")
    // The holder touches `held` once it has the write lock, however long it takes to start.
    let held = folder.file("held")
    holder.arguments = [
      "-c",
      "printf 'BEGIN IMMEDIATE;\\n.shell touch \(held)\\n.shell sleep 8\\nCOMMIT;\\n' "
        + "| sqlite3 '\(database)'",
    ]
    try holder.run()
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: held) && Date() < deadline { usleep(10_000) }
    let started = Date()
    let outcome = try bounty.run([
      "fugitives", "add", "--name", "Late", "--bounty", "1", "--id", "2",
    ])
    #expect(Date().timeIntervalSince(started) >= 4.5)
    #expect(outcome.status == 1)
    #expect(outcome.stderr.hasPrefix("Error: the database is busy"))
    #expect(outcome.stderr.split(separator: "\n").count == 1)
    holder.waitUntilExit()
    #expect(try Self.count(database) == 1)
    // And once the lock is gone, the same command goes through.
    #expect(
      try bounty.run(["fugitives", "add", "--name", "Late", "--bounty", "1", "--id", "2"]).status
        == 0)
  }

  @Test func aShellLeftOpenSeesAnotherProcesssChanges() throws {
    let folder = try TemporaryFolder()
    let database = folder.file("shared.sqlite")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
    shell.arguments = ["--db", database]
    let input = Pipe()
    let outputPath = folder.file("shell.out")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    shell.standardInput = input
    shell.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    try shell.run()
    try input.fileHandleForWriting.write(contentsOf: Data("list\n".utf8))
    usleep(300_000)
    try BinaryRunner(database: database).run([
      "fugitives", "add", "--name", "Written Elsewhere", "--bounty", "1",
    ])
    try input.fileHandleForWriting.write(contentsOf: Data("list\nquit\n".utf8))
    shell.waitUntilExit()
    let output = try String(contentsOfFile: outputPath, encoding: .utf8)
    #expect(output.contains("Written Elsewhere"))
  }

  @Test func ctrlCDuringAnImportRollsBackWithStatus130() throws {
    let folder = try TemporaryFolder()
    let csv = folder.file("roster.csv")
    try Self.writeCSV(rows: 150_000, to: csv)
    let database = folder.file("interrupted.sqlite")
    #expect(try BinaryRunner(database: database).run(["db", "migrate"]).status == 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
    process.arguments = ["--db", database, "import", csv]
    let errPath = folder.file("err")
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // Ctrl-C once the import reads the file (however slow the machine is to start it).
    let deadline = Date().addingTimeInterval(20)
    while !Self.process(process.processIdentifier, hasOpen: csv) && process.isRunning
      && Date() < deadline
    {
      usleep(10_000)
    }
    usleep(100_000)
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    let stderr = try String(contentsOfFile: errPath, encoding: .utf8)
    #expect(process.terminationStatus == 130, "\(stderr)")
    #expect(stderr == "Error: interrupted; nothing was changed\n")
    #expect(try Self.count(database) == 0)
  }

  @Test func aFullDiskIsAnErrorAndNothingIsCorrupted() throws {
    let folder = try TemporaryFolder()
    let csv = folder.file("roster.csv")
    try Self.writeCSV(rows: 30_000, to: csv)
    let database = folder.file("full.sqlite")
    let bounty = BinaryRunner(database: database)
    try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "1", "--id", "999999"])
    // Files may not grow past 512 KiB: the import's writes fail as on a full disk.
    let status = system(
      "ulimit -f 1024; BOUNTY_DB='\(database)' '\(BinaryRunner.executable)' import '\(csv)' 2>'\(folder.file("err"))'"
    )
    #expect(status != 0)
    let message = try String(contentsOfFile: folder.file("err"), encoding: .utf8)
    #expect(message.hasPrefix("Error: "), "\(message)")
    #expect(message.split(separator: "\n").count == 1)
    #expect(try Self.count(database) == 1)
    #expect(try Self.integrityOK(database))
  }

  /// An immutable file (chattr +i refuses writes even to root, as the tests run): reads work, a
  /// write is one clear error, nothing changes.
  @Test func aReadOnlyDatabaseReadsAndRefusesWrites() throws {
    let folder = try TemporaryFolder()
    let database = folder.file("readonly.sqlite")
    let bounty = BinaryRunner(database: database)
    try bounty.run(["sample"])
    #expect(system("chattr +i '\(database)'") == 0)
    defer { _ = system("chattr -i '\(database)'") }
    let listed = try bounty.run(["fugitives", "list", "--limit", "2"])
    #expect(
      listed.status == 0 && listed.stdout.contains("2 shown of 28 at large"), "\(listed.stderr)")
    let added = try bounty.run(["fugitives", "add", "--name", "Refused", "--bounty", "1"])
    #expect(added.status == 1)
    #expect(
      added.stderr
        == "bounty: you cannot write \(database); opened read-only (changes by others are not seen)\n"
        + "Error: \(database) is read-only; nothing was changed\n")
    #expect(try Self.count(database) == 34)
  }

  @Test func unwritablePathsAreOneClearError() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
    let report = try bounty.run(["report", "--output", folder.file("missing/report.txt")])
    #expect(report.status == 1)
    #expect(report.stderr.hasPrefix("Error: cannot write \(folder.file("missing/report.txt"))"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
    _ = FileManager.default.createFile(atPath: folder.file("plainfile"), contents: Data("x".utf8))
    let badFolder = try BinaryRunner(database: folder.file("plainfile/db.sqlite")).run([
      "fugitives", "add", "--name", "Ann Lee", "--bounty", "5",
    ])
    #expect(badFolder.status == 1)
    #expect(
      badFolder.stderr
        == "Error: cannot create the database: \(folder.file("plainfile")) is not a folder\n")
    let missingPhoto = try bounty.run(["fugitives", "photo", "57750", folder.file("nope.png")])
    #expect(missingPhoto.status == 1 && missingPhoto.stderr.hasPrefix("Error: cannot read"))
  }
}

final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func append(_ item: String) { lock.withLock { list.append(item) } }
  var items: [String] { lock.withLock { list } }
}
