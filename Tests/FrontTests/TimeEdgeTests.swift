import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// Times through the real binary: one supported range checked after the zone is applied, bare
/// dates typed by a person read as local time, nothing captured or seen in the future, and report
/// bounds that are real moments.
@Suite(.onTestThreads) struct TimeEdgeTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  func fugitive(_ bounty: BinaryRunner, _ id: Int) throws -> JSON {
    try JSONParser.parse(
      try bounty.run(["--json", "fugitives", "show", String(id)]).stdout.trimmingASCIIWhitespace())
  }

  @Test(arguments: [
    "9999-12-31T22:00:00-03:00", "1900-01-01T00:00:00+01:00", "10000-01-01", "1899-12-31T23:59:59Z",
  ])
  func momentsOutsideTheRangeAreRefusedAfterTheZoneIsApplied(at: String) throws {
    var bounty = BinaryRunner(database: folder.file("range.sqlite"))
    bounty.environment["BOUNTY_NOW"] = "9999-12-31T23:59:59Z"
    #expect(
      try bounty.run(["fugitives", "add", "--id", "1", "--name", "A", "--bounty", "5"]).status == 0)
    let outcome = try bounty.run(["fugitives", "capture", "1", "--at", at])
    #expect(
      outcome.status == 64 && outcome.stderr.contains("from 1900 to 9999"), "\(outcome.stderr)")
    #expect(try fugitive(bounty, 1)["captured"] == .bool(false))
  }

  @Test func theEdgesOfTheRangeAreKeptAndReported() throws {
    var bounty = BinaryRunner(database: folder.file("edges.sqlite"))
    bounty.environment["BOUNTY_NOW"] = "9999-12-31T23:59:59Z"
    #expect(
      try bounty.run(["fugitives", "add", "--id", "1", "--name", "Late", "--bounty", "5"]).status
        == 0)
    #expect(
      try bounty.run(["fugitives", "add", "--id", "2", "--name", "Early", "--bounty", "7"]).status
        == 0)
    #expect(
      try bounty.run(["fugitives", "capture", "1", "--at", "9999-12-31T20:00:00Z"]).status == 0)
    #expect(
      try bounty.run(["fugitives", "capture", "2", "--at", "1900-01-01T00:00:00Z"]).status == 0)
    #expect(try fugitive(bounty, 1)["capturedAt"] == .string("9999-12-31T20:00:00Z"))
    let report = try JSONParser.parse(
      try bounty.run(["--json", "report", "--format", "json"]).stdout.trimmingASCIIWhitespace())
    let captured = report.serialized
    #expect(captured.contains("9999-12-31T20:00:00Z") && captured.contains("1900-01-01T00:00:00Z"))
    #expect(
      captured.contains(#""count":2"#) || captured.components(separatedBy: "capturedAt").count >= 3)
  }

  @Test func capturesAndSightingsInTheFutureAreRefused() throws {
    let bounty = BinaryRunner(database: folder.file("future.sqlite"))
    #expect(
      try bounty.run(["fugitives", "add", "--id", "1", "--name", "A", "--bounty", "5"]).status == 0)
    let capture = try bounty.run(["fugitives", "capture", "1", "--at", "2026-12-01"])
    #expect(capture.status == 1 && capture.stderr.contains("is in the future"))
    let seen = try bounty.run([
      "fugitives", "seen", "1", "--description", "x", "--at", "2027-01-01T00:00:00Z",
    ])
    #expect(seen.status == 1 && seen.stderr.contains("is in the future"))
    #expect(try fugitive(bounty, 1)["lastSeen"] == .null)
  }

  @Test func aTerminalShowsLocalTimeWithItsOffset() throws {
    var bounty = BinaryRunner(database: folder.file("tty.sqlite"))
    #expect(
      try bounty.run(["fugitives", "add", "--id", "1", "--name", "A", "--bounty", "5"]).status == 0)
    #expect(
      try bounty.run(["fugitives", "capture", "1", "--at", "2026-11-29T03:00:00Z"]).status == 0)
    bounty.environment["TZ"] = "America/New_York"
    bounty.environment["NO_COLOR"] = "1"
    // `script` gives the command a terminal, as a person has.
    let shown = try bounty.run(
      ["-qec", "\(BinaryRunner.executable) fugitives show 1", "/dev/null"],
      executable: "/usr/bin/script")
    #expect(shown.stdout.contains("Yes, 2026-11-28 22:00 -05:00"), "\(shown.stdout)")
    bounty.environment["TZ"] = "UTC"
    let utc = try bounty.run(
      ["-qec", "\(BinaryRunner.executable) fugitives show 1", "/dev/null"],
      executable: "/usr/bin/script")
    #expect(utc.stdout.contains("Yes, 2026-11-29 03:00") && !utc.stdout.contains("+00:00"))
  }

  @Test func aBareDateTypedByAPersonIsLocalTime() throws {
    var bounty = BinaryRunner(database: folder.file("local.sqlite"))
    bounty.environment["TZ"] = "America/New_York"
    #expect(
      try bounty.run(["fugitives", "add", "--id", "1", "--name", "A", "--bounty", "5"]).status == 0)
    #expect(try bounty.run(["fugitives", "capture", "1", "--at", "2026-11-29"]).status == 0)
    // Midnight in New York; JSON keeps UTC.
    #expect(try fugitive(bounty, 1)["capturedAt"] == .string("2026-11-29T05:00:00Z"))
    // Report days are local days: the 29th in New York holds it, the 28th does not.
    let inside = try bounty.run([
      "--json", "report", "--format", "json", "--from", "2026-11-29", "--to", "2026-11-29",
    ])
    #expect(inside.stdout.contains("2026-11-29T05:00:00Z"))
    let before = try bounty.run([
      "--json", "report", "--format", "json", "--from", "2026-11-28", "--to", "2026-11-28",
    ])
    #expect(before.status == 0 && !before.stdout.contains("2026-11-29T05:00:00Z"))
  }
}
