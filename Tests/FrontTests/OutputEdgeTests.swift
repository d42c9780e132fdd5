import BountyCore
import BountyTestSupport
import Foundation
import Glibc
import Testing

/// Where `--output` and standard output go, through the real binary: nothing a user points an
/// output at is destroyed, and a failed write is never reported as success.
@Suite(.onTestThreads) struct OutputEdgeTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
  }

  func total() throws -> String? {
    let listed = try bounty.run(["--json", "fugitives", "list", "--all", "--limit", "1"])
    return try JSONParser.parse(listed.stdout.trimmingASCIIWhitespace())["total"]?.serialized
  }

  func fileType(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }

  @Test(arguments: [
    ["export", "--output"], ["report", "--output"], ["dossier", "48445", "--output"],
  ])
  func theOpenDatabaseItsCompanionsAndBackupsAreRefused(command: [String]) throws {
    let before = try total()
    #expect(before == "34")
    let backup = folder.file("copy.sqlite")
    #expect(try bounty.run(["db", "backup", backup]).status == 0)
    for target in [bounty.database, bounty.database + "-wal", bounty.database + "-shm", backup] {
      let original = TemporaryFolder.bytes(target)
      let outcome = try bounty.run(command + [target])
      #expect(outcome.status == 1, "\(target)")
      #expect(outcome.stderr.hasPrefix("Error: ") && outcome.stderr.contains("not replaced"))
      #expect(outcome.stderr.split(separator: "\n").count == 1)
      if target == backup { #expect(TemporaryFolder.bytes(target) == original) }
    }
    #expect(try total() == before)
    // A symbolic link to the database is the database.
    let link = folder.file("innocent.json")
    #expect(symlink(bounty.database, link) == 0)
    #expect(try bounty.run(command + [link]).status == 1)
    #expect(fileType(link) == S_IFLNK)
    #expect(try total() == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy {
        !$0.contains(".tmp-")
      })
  }

  @Test func aSymbolicLinkIsWrittenThroughNeverReplaced() throws {
    let target = folder.file("real.json")
    let link = folder.file("link.json")
    _ = FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
    #expect(symlink(target, link) == 0)
    // The file it points at exists: refused, as any existing file is, unless --force.
    let refusedFile = try bounty.run(["export", "--output", link])
    #expect(refusedFile.status == 1 && refusedFile.stderr.contains("already exists; --force"))
    #expect(TemporaryFolder.bytes(target) == Array("old".utf8))
    let outcome = try bounty.run(["export", "--output", link, "--force"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(fileType(link) == S_IFLNK)
    let written = String(decoding: TemporaryFolder.bytes(target) ?? [], as: UTF8.self)
    #expect(written.hasPrefix("[") && written.contains("Kovács"))
    // A link to nothing is refused and left as it is.
    let dangling = folder.file("dangling.csv")
    #expect(symlink(folder.file("missing/nowhere.csv"), dangling) == 0)
    let refused = try bounty.run(["report", "--output", dangling])
    #expect(refused.status == 1 && refused.stderr.contains("symbolic link"))
    #expect(fileType(dangling) == S_IFLNK)
  }

  @Test func devicesAndFIFOsAreWrittenThrough() throws {
    let report = try bounty.run(["report", "--output", "/dev/null"])
    #expect(report.status == 0, "\(report.stderr)")
    #expect(fileType("/dev/null") == S_IFCHR)
    let fifo = folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = Thread.detachNewThreadWithResult {
      // Opening a FIFO for reading waits for the writer, as `cat fifo` would.
      let descriptor = open(fifo, O_RDONLY)
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while descriptor >= 0 {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes += chunk[0..<count]
      }
      close(descriptor)
      return String(decoding: bytes, as: UTF8.self)
    }
    let export = try bounty.run(["export", "--format", "csv", "--output", fifo])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(reader.wait().hasPrefix("id,name,bounty"))
    #expect(fileType(fifo) == S_IFIFO)
    // /dev/stdout is the standard output, whatever it is.
    let viaStdout = try bounty.run(["report", "--format", "csv", "--output", "/dev/stdout"])
    #expect(viaStdout.status == 0 && viaStdout.stdout.contains("Ábel Kovács"))
  }

  @Test func aDashIsStandardOutputEverywhere() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    let image = folder.file("face.png")
    _ = FileManager.default.createFile(atPath: image, contents: Data(png))
    #expect(try bounty.run(["fugitives", "photo", "48445", image]).status == 0)
    let captured = folder.file("stdout")
    _ = FileManager.default.createFile(atPath: captured, contents: nil)
    let photo = try bounty.run(
      ["fugitives", "photo", "48445", "--export", "-"], stdoutPath: captured)
    #expect(photo.status == 0 && photo.stderr.isEmpty)
    #expect(TemporaryFolder.bytes(captured) == png)
    #expect(!FileManager.default.fileExists(atPath: "-"))
    for command in [["export"], ["report"], ["dossier", "48445"]] {
      let outcome = try bounty.run(command + ["--output", "-"])
      #expect(outcome.status == 0 && outcome.stdout.contains("Kovács"), "\(command)")
    }
  }

  @Test(arguments: [
    ["fugitives", "list"], ["fugitives", "show", "48445"], ["report"], ["export"],
    ["--json", "fugitives", "list"], ["history"], ["settings", "list"],
  ])
  func aFullStandardOutputIsAnError(command: [String]) throws {
    let outcome = try bounty.run(command, stdoutPath: "/dev/full")
    #expect(outcome.status == 1, "\(command)")
    #expect(outcome.stderr == "Error: cannot write to standard output: No space left on device\n")
  }

  @Test func theRPCServerFailsWhenItCannotAnswer() throws {
    let outcome = try bounty.run(
      ["rpc"], input: #"{"jsonrpc":"2.0","method":"fugitives.list","id":1}"# + "\n",
      stdoutPath: "/dev/full")
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "Error: cannot write to standard output: No space left on device\n")
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func aStoppedOutputLeavesNoTemporaryFile(signalNumber: Int32) throws {
    let rows = (0..<60_000).map { "Name \($0),\($0 % 900).50,a description of row \($0)" }
    let csv = folder.file("rows.csv")
    try ("name,bounty,description\n" + rows.joined(separator: "\n")).write(
      toFile: csv, atomically: false, encoding: .utf8)
    #expect(try bounty.run(["import", csv]).status == 0)
    for command in [["export", "--output"], ["report", "--format", "csv", "--output"]] {
      let output = folder.file("out-\(signalNumber)")
      let process = try bounty.start(command + [output])
      var sawTemporary = false
      for _ in 0..<400 where !sawTemporary {
        sawTemporary = try FileManager.default.contentsOfDirectory(atPath: folder.path).contains {
          $0.hasPrefix("out-\(signalNumber).tmp-")
        }
        if !sawTemporary { usleep(5_000) }
      }
      kill(process.processIdentifier, signalNumber)
      process.waitUntilExit()
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.contains(".tmp-")
      }
      #expect(left.isEmpty, "\(command) left \(left)")
      #expect(sawTemporary, "\(command) finished before it could be stopped")
      #expect(
        process.terminationReason == .uncaughtSignal || process.terminationStatus == 130,
        "\(command) ended with \(process.terminationStatus)")
    }
  }
}

extension Thread {
  /// Runs `body` on a new thread; `wait()` returns its result.
  static func detachNewThreadWithResult<T: Sendable>(_ body: @escaping @Sendable () -> T)
    -> ThreadResult<T>
  {
    let result = ThreadResult<T>()
    Thread.detachNewThread { result.set(body()) }
    return result
  }
}

/// The result of a thread started by `detachNewThreadWithResult`.
final class ThreadResult<T: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: T?

  func set(_ value: T) {
    self.value = value
    done.signal()
  }

  func wait() -> T {
    done.wait()
    return value!
  }
}

/// JSON-RPC reads no file it was not given: files are off unless `bounty rpc --files DIR`, and
/// then only inside DIR.
@Suite(.onTestThreads) struct RPCFileAccessTests {
  let folder: TemporaryFolder
  let bounty: BinaryRunner

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
  }

  func request(_ params: String, id: Int = 1) -> String {
    #"{"jsonrpc":"2.0","method":"data.import","params":\#(params),"id":\#(id)}"#
  }

  @Test func filesAreOffByDefaultAndDashNeverReadsTheRequestStream() throws {
    let secret = folder.file("secret.csv")
    try "root:x:0:0:TOPSECRET\n".write(toFile: secret, atomically: true, encoding: .utf8)
    let list = #"{"jsonrpc":"2.0","method":"fugitives.list","id":9}"#
    for arguments in [["rpc"], ["rpc", "--files", folder.path]] {
      let outcome = try bounty.run(
        arguments,
        input: [request(#"{"file":"-","format":"csv"}"#), "name,bounty", list].joined(
          separator: "\n") + "\n")
      let responses = outcome.stdout.split(separator: "\n").map(String.init)
      #expect(responses.count == 3, "\(arguments): \(responses)")
      #expect(responses.first?.contains(#""error""#) == true)
      #expect(responses.last?.hasSuffix(#","id":9}"#) == true)
    }
    let refused = try bounty.rpc([request(#"{"file":"\#(secret)","format":"csv"}"#)])
    #expect(
      refused.first?.contains("-32004") == true && refused.first?.contains("files are off") == true)
    #expect(refused.first?.contains("TOPSECRET") == false)
  }

  @Test func withFilesOnlyPathsInsideTheFolderAfterLinksAreRead() throws {
    let allowed = folder.file("allowed")
    try FileManager.default.createDirectory(atPath: allowed, withIntermediateDirectories: false)
    try "name,bounty\nInside,5\n".write(
      toFile: allowed + "/in.csv", atomically: true, encoding: .utf8)
    let outside = folder.file("outside.csv")
    try "name,bounty\nOutside,5\n".write(toFile: outside, atomically: true, encoding: .utf8)
    #expect(symlink(outside, allowed + "/sneaky.csv") == 0)
    let lines = [
      request(#"{"file":"in.csv"}"#, id: 1),
      request(#"{"file":"\#(outside)"}"#, id: 2),
      request(#"{"file":"sneaky.csv"}"#, id: 3),
      request(#"{"file":"../outside.csv"}"#, id: 4),
      request(#"{"file":"/etc/passwd","format":"csv"}"#, id: 5),
    ]
    let outcome = try bounty.run(
      ["rpc", "--files", allowed], input: lines.joined(separator: "\n") + "\n")
    let responses = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(responses.count == 5)
    #expect(responses[0].contains(#""imported":1"#))
    for response in responses.dropFirst() {
      #expect(response.contains("outside the --files folder"), "\(response)")
      #expect(!response.contains("root:"))
    }
    let usage = try bounty.run(["rpc", "--files", folder.file("missing")])
    #expect(usage.status == 64 && usage.stderr.hasPrefix("Error: --files"))
  }
}
