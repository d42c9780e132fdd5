import BountyTestSupport
import Foundation
import Testing

/// The progress bar of a long import, on a terminal (script(1) gives the binary one): Ctrl-C typed
/// there stops the import, and the answer starts on the cleared line, not after the bar.
@Suite(.onTestThreads) struct ProgressBarTests {
  @Test func ctrlCTypedOnTheTerminalClearsTheBarAndChangesNothing() throws {
    let folder = try TemporaryFolder()
    let csv = folder.file("roster.csv")
    try ReliabilityTests.writeCSV(rows: 300_000, to: csv)
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["fugitives", "add", "--name", "Kept", "--bounty", "1", "--id", "999999"])
    let transcript = folder.file("transcript")
    _ = FileManager.default.createFile(atPath: transcript, contents: nil)
    let script = Process()
    script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    script.arguments = ["-qefc", "'\(BinaryRunner.executable)' import '\(csv)'", "/dev/null"]
    script.environment = bounty.environment
    let keyboard = Pipe()
    script.standardInput = keyboard
    script.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
    try script.run()
    func screen() -> String { (try? String(contentsOfFile: transcript, encoding: .utf8)) ?? "" }
    // The bar shows once the import has taken a second.
    let deadline = Date().addingTimeInterval(30)
    while !screen().contains("Import [") && script.isRunning && Date() < deadline {
      usleep(20_000)
    }
    #expect(screen().contains("Import ["), "no bar: \(screen())")
    try keyboard.fileHandleForWriting.write(contentsOf: Data([0x03]))  // Ctrl-C
    script.waitUntilExit()
    #expect(script.terminationStatus == 130, "\(screen())")
    #expect(
      screen().hasSuffix("\r\u{1B}[KError: interrupted; nothing was changed\r\n"), "\(screen())")
    #expect(try ReliabilityTests.count(bounty.database) == 1)
  }
}
