import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Every byte bounty writes to a terminal passes through one escaping, whatever the command and the
/// format: each command × format below runs under script(1), so its standard output is a
/// terminal, on a roster whose names, descriptions and sightings carry ESC, BEL, an OSC title
/// sequence, DEL, a C1 control and bidi isolates; no raw control byte may reach the terminal. A
/// pipe still gets every byte.
@Suite(.onTestThreads) struct TerminalEscapingTests {
  static let hostile = "Bell\u{07}\u{1B}]2;TITLE-HIJACK\u{07}\u{2066}evil\u{2069}\u{7F}\u{9B}31m"

  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    let bounty = bounty
    let add = { (id: String) in
      try bounty.run([
        "fugitives", "add", "--id", id, "--name", Self.hostile, "--bounty", "10",
        "--description", Self.hostile,
      ])
    }
    #expect(try add("1").status == 0)
    #expect(try add("2").status == 0)
    #expect(try bounty.run(["fugitives", "bond", "1", "--forfeiture", "2026-12-24"]).status == 0)
    #expect(
      try bounty.run([
        "fugitives", "seen", "1", "--lat", "1", "--lon", "2", "--description", Self.hostile,
      ])
      .status == 0)
    #expect(try bounty.run(["fugitives", "capture", "2"]).status == 0)
  }

  static let listFormats = ["table", "csv", "tsv", "json", "ndjson"]
  static let commands: [[String]] =
    [["fugitives", "list", "--all"], ["captured", "list"], ["deadlines"]].flatMap { command in
      listFormats.map { command + ["--format", $0] }
    } + ["csv", "json"].map { ["export", "--format", $0] }
    + ["text", "markdown", "csv", "json", "html"].map { ["report", "--format", $0] }
    + ["text", "markdown", "html"].map { ["dossier", "1", "--format", $0] } + [
      ["fugitives", "show", "1"], ["--json", "fugitives", "show", "1"],
      ["--json", "fugitives", "list", "--all"], ["--json", "export"],
    ]

  /// The bytes `command` writes to a terminal (through script(1), which adds CR before LF).
  func onATerminal(_ command: [String]) throws -> [UInt8] {
    let transcript = folder.file("transcript")
    _ = FileManager.default.createFile(atPath: transcript, contents: nil)
    let script = Process()
    script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let line = ([BinaryRunner.executable] + command).map { "'\($0)'" }.joined(separator: " ")
    script.arguments = ["-qefc", line, "/dev/null"]
    var environment = bounty.environment
    environment["NO_COLOR"] = "1"
    environment["TERM"] = "xterm"
    script.environment = environment
    script.standardInput = FileHandle.nullDevice
    script.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
    try script.run()
    script.waitUntilExit()
    #expect(script.terminationStatus == 0, "\(command)")
    return TemporaryFolder.bytes(transcript) ?? []
  }

  @Test(arguments: Self.commands)
  func noRawControlByteReachesATerminal(command: [String]) throws {
    let bytes = try onATerminal(command)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("Bell"), "\(command): \(text.prefix(300))")
    let unsafe = text.unicodeScalars.filter {
      SafeText.isUnsafe($0) && !"\r\n\t".unicodeScalars.contains($0)
    }
    #expect(unsafe.isEmpty, "\(command): \(unsafe.map { String($0.value, radix: 16) })")
    // A carriage return only ever ends a line (script(1) writes CR LF for LF, so CSV's CR LF
    // arrives as CR CR LF).
    let lines = text.replacingOccurrences(of: "\r\r\n", with: "\n")
    #expect(!lines.replacingOccurrences(of: "\r\n", with: "\n").contains("\r"), "\(command)")
  }

  /// A pipe is not a terminal: the export and the CSV list keep every byte, so an export
  /// round-trips.
  @Test func aPipeGetsEveryByte() throws {
    for command in [["export", "--format", "csv"], ["fugitives", "list", "--format", "csv"]] {
      let outcome = try bounty.run(command)
      #expect(outcome.stdout.contains(Self.hostile), "\(command)")
    }
  }
}

/// A closed pipe ends bounty as it ends git and gh: killed by SIGPIPE (141 to the shell), with
/// nothing on standard error, even when the parent ignores SIGPIPE (which its children inherit).
@Suite(.onTestThreads) struct ClosedPipeTests {
  @Test(arguments: ["", "trap '' PIPE; "])
  func aVanishedReaderEndsWithStatus141(ignoring: String) throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    let rows = (1...6_000).map { "Name number \($0) with a long enough line,\($0).50" }
    let csv = folder.file("rows.csv")
    try ("name,bounty\n" + rows.joined(separator: "\n")).write(
      toFile: csv, atomically: false, encoding: .utf8)
    #expect(try bounty.run(["import", csv]).status == 0)
    for command in ["fugitives list --all", "fugitives list --all --format csv", "export"] {
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/bash")
      shell.arguments = [
        "-c",
        ignoring + "'\(BinaryRunner.executable)' \(command) 2>\(folder.file("err")) | head -1 "
          + ">/dev/null; echo ${PIPESTATUS[0]}",
      ]
      shell.environment = bounty.environment
      let out = Pipe()
      shell.standardOutput = out
      try shell.run()
      let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      shell.waitUntilExit()
      #expect(status == "141\n", "\(ignoring)\(command)")
      #expect(TemporaryFolder.bytes(folder.file("err")) == [], "\(command)")
    }
  }
}
